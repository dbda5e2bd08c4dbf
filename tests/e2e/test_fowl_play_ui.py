"""Fowl Play in Chromium: one person and two novice bots, by clicking: the secret target, the
fox placed on a marked den cell, each round's card, the bird steps (a marked bird, then a
dotted cell), the fox's move, "Done"; the log names the bots' actions and the last move is
marked on the board; to the score sheet: a whole game on a tablet, the last rounds of one on a
phone.

Uses the fixtures of tests/e2e/conftest.py (a static server, Chromium, and a watch that fails
the test on any console error or request to another origin).
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import QUICK, near_the_end, open_save, shared_device, start_against_novices
from playing import ply_of

OUR_TURN = """() => { const m = document.querySelector('main.play');
    return m && (m.dataset.over === '1' ||
                 (!m.dataset.thinking && (document.querySelector('#hand button.fcard.legal') ||
                                          document.querySelector('#board .hex[data-act]')))); }"""


def _after(page, ply):
    page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)


def _one_decision(page, stepped: dict) -> None:
    """One action of ours, by clicks on what the table marks."""
    phase = page.get_attribute("main.play", "data-phase")
    ply = ply_of(page)
    if phase in ("target", "choose"):
        page.click("#hand button.fcard.legal >> nth=0")
    elif phase == "place":
        page.click("#board .hex.place >> nth=0")
    elif phase == "birds":
        movable = page.query_selector_all("#board .hex.movable")
        if movable and stepped.get("round") != page.get_attribute("main.play", "data-round"):
            if not stepped.get("keys"):
                # by the keyboard once: Tab reaches the marked birds, Enter picks, Enter moves
                stepped["keys"] = True
                page.focus("#board .hex.movable >> nth=0")
                page.keyboard.press("Enter")
                page.wait_for_selector("#board .hex.reach")
                assert page.evaluate("document.activeElement.classList.contains('selected')")
                page.focus("#board .hex.reach >> nth=0")
                page.keyboard.press("Enter")
            else:
                movable[0].click()
                page.wait_for_selector("#board .hex.reach")
                assert page.query_selector("#board .hex.selected")
                page.click("#board .hex.reach >> nth=0")
            stepped["round"] = page.get_attribute("main.play", "data-round")
        else:
            page.click("#done")
    else:
        reach = page.query_selector_all("#board .hex.reach")
        if reach and not page.query_selector("#done"):
            reach[0].click()
        elif reach and stepped.get("fox") != ply:
            stepped["fox"] = ply + 1
            reach[-1].click()
        else:
            page.click("#done")
    _after(page, ply)


# The tablet plays a whole game from the new-game form; the phone its last rounds, from a
# save near its end (near_the_end) opened by its link.
SIZES = {"tablet": (820, 1180), "phone": (390, 844)}
LEFT = {"tablet": None, "phone": 60}


# The module's started page on a touch screen (the tablet, then the phone: a size each).
touch_screen = shared_device([QUICK], has_touch=True, is_mobile=True, service_workers="block")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_three_player_game_to_its_score_sheet_by_clicking(touch_screen, shared_at, size):
    w, h = SIZES[size]
    page = shared_at(touch_screen, {"width": w, "height": h})
    if LEFT[size] is None:
        page.click("#new-fowl_play")
        start_against_novices(page, 3)
    else:
        open_save(page, near_the_end("fowl_play", 3, {}, 5, LEFT[size]))
    page.wait_for_selector("main.play-fowl")
    assert page.is_visible("#board") and page.is_visible("#birds-left")
    if LEFT[size] is None:
        assert len(page.query_selector_all("#board .bird")) == 36
    assert len(page.query_selector_all(".fowl-player")) == 3
    if size == "phone":
        # "Bigger cells": a cell is a thumb wide, in a strip that scrolls; the page never does
        page.click("#zoom")
        page.wait_for_selector("main.play-fowl.zoomed")
        # read in the page, once drawn: the board may be drawn again just then (a CI run
        # once read no box at all, the cell between two drawings)
        width = page.wait_for_function("""() => {
            const c = document.querySelector('#board .hex[data-cell="f6"] .hex-bg');
            return c && c.getBoundingClientRect().width; }""").json_value()
        assert width >= 43.5, width
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    stepped: dict = {}
    checked_log = False
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        page.wait_for_function(OUR_TURN, timeout=90_000)
        if page.get_attribute("main.play", "data-over"):
            break
        rnd = int(page.get_attribute("main.play", "data-round"))
        if rnd >= 3 and not checked_log and page.get_attribute("main.play", "data-phase") == "birds":
            # the log names the bots' moves and the cards revealed; the last move is marked
            log = page.inner_text("#log")
            assert re.search(r"Cards revealed|cards revealed", log, re.I) or "revealed" in log
            assert "moved the" in log and "fox went" in log
            assert page.query_selector("#board .hex.last-to")
            assert len(page.query_selector_all("#order li")) == 3     # the cards played, in order
            assert page.query_selector("#board .hex.movable") or page.query_selector("#done")
            page.screenshot(path=f"test-results/fowl-play-{size}.png")
            checked_log = True
        _one_decision(page, stepped)
    assert checked_log
    # to the end: the score sheet, a column per player, its totals
    assert page.get_attribute("main.play", "data-over") == "1"
    page.wait_for_selector("#end-dialog #sheet")
    heads = page.query_selector_all("#sheet thead th[data-seat]")
    assert len(heads) == 3
    totals = page.query_selector_all('#sheet tr[data-row="total.total"] td')
    assert len(totals) == 3 and all(t.inner_text().strip().isdigit() for t in totals)
    page.wait_for_timeout(300)
    page.screenshot(path=f"test-results/fowl-play-end-{size}.png")


def test_a_replay_shows_the_whole_board_on_a_laptop(app, server, wait_ready):
    """As Fendo's (issue 54): at 1280x800 a replay's board, under the replay bar, is in view,
    its lowest hexes included."""
    import random

    import game
    from conftest import box_of
    from ui.store import links

    st, rng = game.new_game("fowl_play", players=3, seed=5), random.Random(5)
    while not st.over:           # a replay link is of a finished game
        seat = st.to_move[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    seats = [{"kind": "human", "name": n, "level": None} for n in ("Anna", "Ben", "Cleo")]
    page = app
    assert page.viewport_size == {"width": 1280, "height": 800}
    page.goto(server.url + links.fragment("replay", links.encode("replay", st.record(), seats)))
    page.wait_for_selector("#replay-bar #board, main #board")
    page.screenshot(path="test-results/fowl-replay-1280.png")
    box = box_of(page, "#board")
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800 + 0.5, box
    low = page.evaluate("Math.max(...[...document.querySelectorAll('#board .hex')]"
                        ".map(h => h.getBoundingClientRect().bottom))")
    assert low <= 800, low


FOCUSED = """() => { const a = document.activeElement;
    return a && a.closest && a.closest('#board') ?
        [a.getAttribute('data-cell'), a.getAttribute('role'), a.getAttribute('aria-label')] : null; }"""


def _keys_to(start: str, goal: str) -> list:
    """The board's keys that walk its cursor from ``start`` to ``goal`` (breadth first)."""
    from ui.games.fowl_play import board
    paths, todo = {start: []}, [start]
    while todo and goal not in paths:
        cell = todo.pop(0)
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Shift+ArrowUp", "Shift+ArrowDown"):
            to = board.walk(cell, key)
            if to not in paths:
                paths[to] = paths[cell] + [key]
                todo.append(to)
    return paths[goal]


def test_tab_enters_the_board_and_the_keys_walk_it_cell_by_cell_and_enter_places_the_fox(app, server, wait_ready):
    """At the start, while the target is chosen, Tab reaches the board (before: no hex was
    in the Tab order); each cell is said with what stands there; the arrows move the focus
    to the neighbour in the board's geometry, Shift for the other diagonal; Enter taps."""
    from ui.games.fowl_play import board
    page = app
    page.goto(server.url + "#new/fowl_play")
    wait_ready(page)
    start_against_novices(page, 2)
    page.wait_for_selector("main.play-fowl #hand button.fcard.legal")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            break
    cell, role, name = page.evaluate(FOCUSED)
    assert role == "gridcell" and name.startswith(cell + ", ")
    for key in ("ArrowRight", "ArrowUp", "Shift+ArrowUp", "ArrowDown", "Shift+ArrowDown", "ArrowLeft"):
        to = board.walk(cell, key)
        page.keyboard.press(key)
        page.wait_for_function("(c) => document.activeElement.getAttribute('data-cell') === c", arg=to)
        now = page.evaluate(FOCUSED)
        assert now[1] == "gridcell" and now[2].startswith(to + ", "), (key, now)
        cell = to
    birds = page.evaluate("() => [...document.querySelectorAll('#board .pieces .bird')].length")
    assert birds == 36
    page.click("#hand button.fcard.legal >> nth=0")          # the target; then the foxes are placed
    page.wait_for_function(OUR_TURN, timeout=60_000)
    page.wait_for_selector("main.play-fowl[data-phase='place'] #board .hex.place")
    goal = page.get_attribute("#board .hex.place >> nth=0", "data-cell")
    page.focus(f'#board [data-cell="{cell}"]')
    at = page.evaluate(FOCUSED)[0]         # the tab stop: the cursor, kept through the redraws
    for key in _keys_to(at, goal):
        page.keyboard.press(key)
    page.wait_for_function("(c) => document.activeElement.getAttribute('data-cell') === c", arg=goal)
    assert page.evaluate(FOCUSED)[2] == f"{goal}, empty, den, your fox may start here"
    ply = ply_of(page)
    page.keyboard.press("Enter")
    _after(page, ply)
    page.wait_for_function("(c) => document.querySelector(`#board [data-cell='${c}']`).getAttribute('aria-label')"
                           ".includes('fox')", arg=goal)
    assert "placed their fox on " + goal in page.inner_text("#log")
