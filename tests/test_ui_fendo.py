"""Fendo's screen without a browser: taps to actions, and the SVG the board renders."""

from __future__ import annotations

import re
from html import unescape

import game
from ui.games.fendo import board as fendo_ui
from ui.games.fendo.board import EMPTY_SEL, options, render_board
from ui.kit.screen import Turn


def _try(state, seat):
    def t(action):
        try:
            state.clone().apply(seat, action)
        except game.IllegalAction as e:
            return e
        return None
    return t


def _turn(view, seat, opts, t):
    return Turn(seat, view, [], t)


def tap_cell(view, seat, opts, sel, cell, t):
    """The board's tap on a cell, as (selection, action, message)."""
    r = fendo_ui.tap_cell(_turn(view, seat, opts, t), opts, sel, cell)
    return r.sel, r.action, r.message


def tap_reserve(view, seat, opts, sel):
    r = fendo_ui.tap_reserve(_turn(view, seat, opts, None), opts, sel)
    return r.sel, r.message


def tap_wall(opts, sel, side):
    return fendo_ui.tap_wall(opts, sel, side).action


def _code(msg):
    """The engine's reason for a refusal the board passed on."""
    return msg.error.code if msg is not None and msg.error is not None else None


def _classes(svg: str, cell: str) -> set:
    m = re.search(r'<g class="([^"]*)" data-act="cell" data-cell="%s"[ >]' % cell, svg)
    assert m, f"no cell {cell} in the SVG"
    return set(m.group(1).split())


def _cells_with(svg: str, cls: str) -> set:
    return {c for classes, c in re.findall(r'<g class="([^"]*)" data-act="cell" data-cell="([a-k]\d+)"[ >]', svg)
            if cls in classes.split()}


def test_the_board_reads_the_engines_notation():
    assert fendo_ui.action_for("d1", "d4", "N") == "d1-d4N"
    assert fendo_ui.action_for("d1", "d1", "E") == "d1E"
    assert options(["k11", "pass"])["entries"] == {"k11"}


def test_options_index_every_legal_action():
    s = game.new_game("fendo")
    legal = s.legal_actions(0)
    opts = options(legal)
    rebuilt = sorted(
        [fendo_ui.action_for(f, t, side) for f, dests in opts["moves"].items()
         for t, sides in dests.items() for side in sides] + sorted(opts["entries"]))
    assert rebuilt == sorted(legal)
    assert not opts["pass_only"]
    assert options(["pass"])["pass_only"]


def test_selected_pawn_marks_exactly_its_reachable_cells():
    s = game.new_game("fendo")
    s.apply(0, "d1-d4N")
    s.apply(1, "d7-d5E")          # Orange comes down onto d5, just above White's wall
    view = s.view(0)
    opts = options(s.legal_actions(0))
    sel, action, msg = tap_cell(view, 0, opts, EMPTY_SEL, "d4", _try(s, 0))
    assert action is None and msg is None and sel.mode == "pawn" and sel.pawn == "d4"
    svg = render_board(view, sel, opts, seat=0)
    want = {to for to in opts["moves"]["d4"] if to != "d4"}
    assert _cells_with(svg, "reach") - {"d4"} == want
    assert "d5" not in want and "d6" not in want   # the wall and Orange's pawn are in the way
    assert "selected" in _classes(svg, "d4")


def test_three_taps_make_a_move():
    s = game.new_game("fendo")
    view, opts, t = s.view(0), options(s.legal_actions(0)), _try(s, 0)
    sel, _, _ = tap_cell(view, 0, opts, EMPTY_SEL, "d1", t)
    sel, action, msg = tap_cell(view, 0, opts, sel, "d4", t)
    assert action is None and msg is None and sel.mode == "dest" and sel.dest == "d4"
    svg = render_board(view, sel, opts, seat=0)
    sides = set(re.findall(r'class="wall-hit"[^>]*data-side="([NESW])"', svg))
    assert sides == set(opts["moves"]["d1"]["d4"]) == set("NESW")
    assert tap_wall(opts, sel, "N") == "d1-d4N"
    # tapping the pawn itself means staying; d1's S side is the board edge
    sel2, _, _ = tap_cell(view, 0, opts, sel, "d1", t)
    assert sel2.mode == "dest" and sel2.dest == "d1"
    assert tap_wall(opts, sel2, "S") is None
    assert tap_wall(opts, sel2, "E") == "d1E"


def test_reserve_then_cell_enters_a_pawn():
    s = game.new_game("fendo")
    view, opts, t = s.view(0), options(s.legal_actions(0)), _try(s, 0)
    sel, msg = tap_reserve(view, 0, opts, EMPTY_SEL)
    assert msg is None and sel.mode == "enter"
    svg = render_board(view, sel, opts, seat=0)
    assert _cells_with(svg, "entry") == opts["entries"]
    sel, action, msg = tap_cell(view, 0, opts, sel, "c4", t)
    assert action == "c4" and msg is None


def test_illegal_taps_say_why():
    s = game.new_game("fendo")
    view, opts, t = s.view(0), options(s.legal_actions(0)), _try(s, 0)
    # Orange's pawn
    _, action, msg = tap_cell(view, 0, opts, EMPTY_SEL, "d7", t)
    assert action is None and _code(msg) == "fendo.not_your_pawn"
    # an empty cell with nothing selected
    _, _, msg = tap_cell(view, 0, opts, EMPTY_SEL, "a1", t)
    assert msg.key == "msg.fendo.pick_first"
    # a destination behind a pawn
    s.apply(0, "d1-d4N")
    s.apply(1, "d7-d6W")
    s.apply(0, "c4")
    s.apply(1, "d6-d5W")
    view, opts, t = s.view(0), options(s.legal_actions(0)), _try(s, 0)
    sel, _, _ = tap_cell(view, 0, opts, EMPTY_SEL, "c4", t)
    sel, action, msg = tap_cell(view, 0, opts, sel, "e4", t)   # d4 is in the way
    assert action is None and _code(msg) == "fendo.blocked_path"
    assert sel.mode is None  # a refused tap cancels the selection


def test_entering_on_a_bad_cell_says_why():
    s = game.new_game("fendo")
    s.apply(0, "d1-d4N")
    view, opts = s.view(1), options(s.legal_actions(1))
    sel, _ = tap_reserve(view, 1, opts, EMPTY_SEL)
    _, action, msg = tap_cell(view, 1, opts, sel, "d4", _try(s, 1))
    assert action is None and _code(msg) == "fendo.occupied"
    # tapping one of your own pawns instead switches to moving it
    sel2, action, msg = tap_cell(view, 1, opts, sel, "d7", _try(s, 1))
    assert action is None and msg is None and sel2.mode == "pawn"


def test_last_move_and_walls_are_drawn():
    s = game.new_game("fendo")
    s.apply(0, "d1-d4N")
    svg = render_board(s.view(1), seat=1)
    assert "last-from" in _classes(svg, "d1") and "last-to" in _classes(svg, "d4")
    assert svg.count('class="wall wall-last"') == 1
    s.apply(1, "c6")
    svg = render_board(s.view(0), seat=0)
    assert "last-to" in _classes(svg, "c6") and not _cells_with(svg, "last-from")
    assert svg.count('class="wall"') == 1 and "wall-last" not in svg


def test_closed_areas_are_tinted_and_labelled():
    # White walls its pawn into the a1 corner region step by step is long; build it directly.
    s = game.fendo.position({"a1": 0, "d4": 0, "d7": 1}, walls=["a1N", "a1E"])
    view = s.view(0)
    svg = render_board(view, seat=0)
    assert "area-white" in _classes(svg, "a1")
    assert "area-white" not in _classes(svg, "b1")
    assert re.search(r'class="badge badge-white".*?>1</text>', svg)
    assert fendo_ui.area_counts(view) == [[1], []]


def test_flipped_board_puts_a1_top_right():
    s = game.new_game("fendo")
    view = s.view(1)
    g = fendo_ui._Geo(7, flip=True)
    ax, ay = g.box("a1")
    gx, gy = g.box("g7")
    assert ax > gx and ay < gy
    svg = render_board(view, seat=1, flip=True)
    assert 'data-flip="1"' in svg


def test_keyboard_cursor_moves_in_screen_directions():
    view = game.new_game("fendo").view(0)
    assert fendo_ui.cursor_cell(view, EMPTY_SEL) == "d1"      # starts on one of your pawns
    sel = fendo_ui.move_cursor(view, EMPTY_SEL, "ArrowUp", False)
    assert sel.cursor == "d2"           # the first key moves it: the focus was on d1 already
    sel = fendo_ui.move_cursor(view, sel, "ArrowUp", True)
    assert sel.cursor == "d1"           # flipped: up the screen is down the board
    sel = fendo_ui.move_cursor(view, sel, "ArrowDown", False)
    assert sel.cursor == "d1"           # stops at the edge
    svg = render_board(view, sel, seat=0, show_cursor=True)
    assert 'class="cursor"' in svg


def test_render_every_size_is_well_formed():
    import xml.etree.ElementTree as ET
    for size in (7, 9, 11):
        s = game.new_game("fendo", size=size)
        s.apply(0, s.legal_actions(0)[0])
        svg = render_board(s.view(1), seat=1)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        assert len(_cells_with(svg, "cell")) == size * size


def test_the_end_dialogs_cells_of_total_stays_on_one_line():
    """Issue 28: "32 cells of 49" wrapped over three lines at phone width (in the shared
    3 em column of a bare number): its cell is marked, and Fendo's CSS keeps it on one line."""
    import random
    from pathlib import Path

    from ui.kit import i18n
    from ui.games.fendo import screen as fendo_screen
    st = game.new_game("fendo", players=2, seed=1)
    rng = random.Random(1)
    while not st.over:
        seat = st.to_move[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    h = fendo_screen._end_body(lambda k, **p: i18n.tr("en", k, **p), st.view(None), ["Ann", "Bob"])
    assert '<table class="count cells-count">' in h
    assert len(re.findall(r'<td class="total" data-score="\d+">\d+ cells? of 49</td>', h)) == 2
    css = (Path(fendo_screen.__file__).parent / "style.css").read_text()
    rule = re.search(r"\.cells-count \.total\s*\{([^}]*)\}", css).group(1)
    assert "white-space: nowrap" in rule and "width: auto" in rule


def test_the_end_dialog_says_look_at_the_board():
    """Issue 28: the end dialog's button names what the game is played on."""
    from helpers.drawn import end_look
    assert (end_look("fendo", "en"), end_look("fendo", "fr")) == ("Look at the board", "Voir le plateau")


def test_a_hint_is_worded_as_what_to_do():
    """The hint says what to do, as an instruction, in both languages (the log says what was done)."""
    from helpers.drawn import hint_says
    hint_says('fendo', (
        ('d1-d4N', 'Move the pawn from d1 to d4 and place a wall north of d4', 'Déplacez le pion de d1 à d4 et posez un mur au nord de d4'),
        ('c3', 'Bring a new pawn in on c3', 'Faites entrer un nouveau pion en c3'),
    ))


def test_a_hint_draws_the_pawns_destination_and_its_wall():
    """A hint was a sentence only: the board now draws the pawn where the hint takes it and the
    wall it would build (neither is on the board yet), and the shell lights the cells."""
    s = game.new_game("fendo", 2, seed=0)
    s.apply(0, "d3")
    s.apply(1, "d5")
    view = s.view(0)
    svg = render_board(view, seat=0, hint="d3-e3N")
    assert re.search(r'<g pointer-events="none" class="ghost hint-ghost">', svg)
    assert re.search(r'<rect class="wall-hint" [^>]*id="fd-hint-wall"', svg)
    from ui.kit import registry
    assert registry.screen("fendo").hint_places(view, 0, "d3-e3N") == ("fd-e3", "fd-d3", "fd-hint-wall")
    assert 'id="fd-e3"' in svg and 'id="fd-d3"' in svg


def test_the_move_list_says_pass_in_french_and_explains_its_notation():
    """Issue 54: the Moves table keeps the game's notation, but its "pass" is the player's
    word, and one line under its heading says how to read it, with a link to the rules'
    section (which the link opens, at that heading)."""
    from ui.kit import i18n
    from ui.games.fendo import screen as fendo_screen
    from helpers.app import make_app
    view = {"history": [[0, "d1-d4N"], [1, "pass"], [0, "d4E"]]}
    for lang, passed, words in (("en", "pass", "d1-d4N"), ("fr", "passe", "d1-d4N")):
        tr = lambda k, _l=lang, **p: i18n.tr(_l, k, **p)
        moves = fendo_screen._moves_list(tr, view, ["Ann", "Bob"])
        cells = re.findall(r'<td class="mv [^"]*">([^<]*)</td>', moves)
        assert cells == ["d1-d4N", passed, "d4E", ""], cells
        note = re.search(r'</summary><p class="moves-note">(.*?)</p>', moves, flags=re.S).group(1)
        assert words in note and 'href="#rules/fendo/notation"' in note, note
    app, page = make_app(lang="fr")
    page.go("#rules/fendo/notation")
    assert app.screen == "rules" and '<h2 id="notation">Notation</h2>' in page.html
    assert page.at == "notation"


# -- a board a screen reader walks (ui.kit.roving) ------------------------------------------

def _walk(html: str) -> list:
    """The table's grid: its rows, each a list of (cell, tabindex, name) in document order."""
    svg = re.search(r'<svg class="board fendo-board".*?</svg>', html, re.S).group(0)
    grid = re.search(r'<g role="grid" aria-label="([^"]+)">(.*?)</g></g></g>(?!<g role="row">)', svg, re.S)
    assert grid and "Fendo board" in grid.group(1)
    return [re.findall(r'data-cell="([a-k]\d+)" role="gridcell" tabindex="(-?\d)" aria-label="([^"]*)"', row)
            for row in grid.group(2).split('<g role="row">')[1:]]


def _stop(html: str) -> tuple:
    stops = [(c, unescape(name)) for row in _walk(html) for c, t, name in row if t == "0"]
    assert len(stops) == 1, stops          # one tab stop: Tab enters the board once
    return stops[0]


def test_the_board_is_a_grid_of_named_cells_with_one_tab_stop_the_arrows_move():
    from helpers.app import make_app, start_vs_bot
    app, page = make_app()
    ses = start_vs_bot(app, page)
    you = app.play.names()[0]
    assert 'role="application"' not in page.html and 'id="board" tabindex' not in page.html
    rows = _walk(page.html)
    assert [len(r) for r in rows] == [7] * 7
    assert [c for c, _, _ in rows[0]] == ["a7", "b7", "c7", "d7", "e7", "f7", "g7"]    # as seen: the top row first
    assert _stop(page.html) == ("d1", f"d1: {you}'s pawn")
    assert app.on_key("ArrowUp", "board")
    assert _stop(page.html) == ("d2", "d2: empty")
    assert app.on_key("ArrowRight", "board")
    assert _stop(page.html) == ("e2", "e2: empty")
    for key in ("ArrowLeft", "ArrowDown", "Enter"):      # back to d1, and Enter picks its pawn
        app.on_key(key, "board")
    assert _stop(page.html) == ("d1", f"d1: {you}'s pawn, picked")
    names = dict((c, unescape(name)) for row in _walk(page.html) for c, _, name in row)
    assert names["d4"] == "d4: empty, the pawn may go here"
    for key in ("ArrowUp",) * 3 + ("Enter", "n"):
        app.on_key(key, "board")
    assert ses.state.actions == [[0, "d1-d4N"]]


def test_a_cell_s_name_says_its_pawn_its_closed_area_and_its_walls():
    from ui.kit import i18n
    from ui.games.fendo.screen import FendoScreen
    assert FendoScreen.texts["fendo.cell.pawn"]         # its texts, merged when it registers

    def tr(key, **p):
        return i18n.tr("en", key, **p)
    view = {"size": 7, "pawns": {"e4": 1, "a1": 0},
            "areas": [{"cells": ["a1", "b1"], "owner": 0, "open": False}, {"cells": ["c1"], "owner": None, "open": False}],
            "walls": ["e4N", "d4E", "b1E"]}
    names = ["White", "Orange"]
    assert fendo_ui.cell_name(tr, view, "e4", names) == "e4: Orange's pawn, wall north, west"
    assert fendo_ui.cell_name(tr, view, "b1", names) == "b1: empty, in White's area, wall east"
    assert fendo_ui.cell_name(tr, view, "c1", names) == "c1: empty, in a closed area of nobody's, wall west"
    assert fendo_ui.cell_name(lambda key, **p: i18n.tr("fr", key, **p), view, "e4", ["Blanc", "Orange"]) == "e4\u00a0: pion de Orange, mur au nord, à l'ouest"
