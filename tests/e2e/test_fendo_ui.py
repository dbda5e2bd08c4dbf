"""Fendo in Chromium, played by clicking: a whole game against the bot, reload, refusals, languages.

Uses the fixtures of tests/e2e/conftest.py (a static server over the repository, Chromium,
and a watch that fails the test on any console error or request to another origin).
Our side's moves are chosen on CPython by the novice bot, replaying the game from the save
the page keeps in localStorage; the test then plays them with clicks only:
pawn -> destination -> wall, or reserve -> cell.
"""

from __future__ import annotations

import json
import random
import time

import bots
import game
from conftest import box_of
from playing import (FOCUSED, click_cell, moves_of, new_fendo_game, play_by_clicks, ply_of, record_of, said_after,
                     wait_fendo_turn)

def test_whole_game_against_the_bot_by_clicks(app, server, wait_ready):
    page = app
    save_id = new_fendo_game(page, server, wait_ready)
    rng = random.Random(7)
    deadline = time.time() + 240
    while page.get_attribute("main.play", "data-over") != "1":
        assert time.time() < deadline, "the game took too long"
        record = record_of(page, save_id)
        state = game.replay(record)
        assert state.to_move == (0,), state.to_move
        ply = len(record["actions"])
        assert ply_of(page) == ply
        action = bots.choose(state, 0, "novice", rng.randrange(2**31))
        play_by_clicks(page, action)
        wait_fendo_turn(page, ply)
    # the end screen's count is the engine's
    page.wait_for_selector("#end-dialog")
    state = game.replay(record_of(page, save_id))
    assert state.over
    shown = [int(x) for x in page.eval_on_selector_all(
        "#end-dialog td.total", "tds => tds.map(td => td.dataset.score)")]
    assert shown == state.scores
    view = state.view(0)
    assert page.get_attribute(".end-reason", "data-reason") == view["end_reason"]
    title = page.inner_text("#end-title")
    assert ("wins" in title) if len(state.winners) == 1 else ("draw" in title.lower())
    assert moves_of(page) == [a for _, a in state.actions]
    # play again: same settings, a fresh game
    page.click("#again")
    page.wait_for_function("document.querySelector('main.play') && "
                           "document.querySelector('main.play').dataset.ply === '0'")
    assert page.url.split("#play/")[1] != save_id


def test_reload_mid_game_resumes_exactly(app, server, wait_ready):
    page = app
    save_id = new_fendo_game(page, server, wait_ready)
    for action in ("d1-d4N", "d4W"):
        ply = ply_of(page)
        play_by_clicks(page, action)
        wait_fendo_turn(page, ply)
    before = moves_of(page)
    assert len(before) == 4 and before[0] == "d1-d4N" and before[2] == "d4W"
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#board")
    assert page.url.endswith("#play/" + save_id)
    assert moves_of(page) == before
    assert record_of(page, save_id)["actions"] == [[i % 2, a] for i, a in enumerate(before)]
    # home lists it under "Continue"
    page.click("#home-link")
    page.wait_for_selector(f'.continue [data-save="{save_id}"]')


def test_an_illegal_tap_shows_a_reason(app, server, wait_ready):
    page = app
    new_fendo_game(page, server, wait_ready)
    click_cell(page, "d7")                      # Orange's pawn
    assert "not yours" in page.inner_text("#status .st-error")
    click_cell(page, "d1")
    click_cell(page, "d4")
    assert page.is_visible("#wall-N")
    page.keyboard.press("Escape")                # cancels
    assert page.query_selector("#board .selected") is None
    page.click("#reserve")
    click_cell(page, "d1")                       # own pawn: switches to moving it
    click_cell(page, "a7")                       # reachable: fine
    click_cell(page, "d7")                       # occupied: refused with the engine's reason
    assert "taken" in page.inner_text("#status .st-error")


def test_language_switch(app, server, wait_ready):
    page = app
    page.click('button[data-lang="fr"]')
    page.wait_for_selector('html[lang="fr"]')
    assert "Nouvelle partie" in page.inner_text("#new-fendo")
    assert "Assemblez des motifs carrés" in page.inner_text(".game-grid")     # a tagline in French
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "fr"
    assert "Nouvelle partie" in page.inner_text("#new-fendo")
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")
    assert "Commencer la partie" in page.inner_text("#start")
    page.click('button[data-lang="en"]')
    assert "Start the game" in page.inner_text("#start")


def test_keyboard_only_move(app, server, wait_ready):
    """Tab enters the board on one cell, named for a screen reader; the arrows move the focus
    to the neighbouring cell, whose name is then said; Enter taps the cell with the focus."""
    page = app
    new_fendo_game(page, server, wait_ready)
    name = page.inner_text(".player-white .pname strong")
    for _ in range(60):                          # Tab from the top of the table into the board: once
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED) == ["gridcell", f"d1: {name}'s pawn"]
    said = said_after(page, "ArrowUp", ["gridcell", f"d1: {name}'s pawn"])
    assert said == ["gridcell", "d2: empty"]
    assert said_after(page, "ArrowRight", said) == ["gridcell", "e2: empty"]
    page.keyboard.press("ArrowLeft")
    said_after(page, "ArrowDown", ["gridcell", "d2: empty"])
    page.keyboard.press("Enter")                 # picks d1
    page.wait_for_selector('#board [data-cell="d1"].selected')
    assert page.evaluate(FOCUSED) == ["gridcell", f"d1: {name}'s pawn, picked"]
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.wait_for_function("() => document.activeElement.getAttribute('data-cell') === 'd4'")
    assert page.evaluate(FOCUSED) == ["gridcell", "d4: empty, the pawn may go here"]
    page.keyboard.press("Enter")                 # d4
    page.wait_for_selector('#board .wall-hit[data-side="N"]')
    page.keyboard.press("n")                     # wall north
    page.wait_for_function("document.querySelector('main.play').dataset.ply !== '0'")
    assert moves_of(page)[0] == "d1-d4N"
    page.keyboard.press("Tab")                   # one tab stop: Tab leaves the board
    assert page.evaluate(FOCUSED) is None


def test_phone_layout_fits(browser, server, wait_ready, watch, open_watched):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                              service_workers="allow")
    try:
        watch.attach_context(ctx)
        page = open_watched(ctx, watch)
        page.goto(server.url + "#new/fendo")
        wait_ready(page)
        page.tap("#start")
        page.wait_for_selector("#board")
        box = box_of(page, "#board")
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] > 340
        cell = box_of(page, '#board [data-cell="d1"] .cell-bg')
        assert cell["width"] >= 40
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.tap('#board [data-cell="d1"]')
        page.wait_for_selector('#board [data-cell="d1"].selected')
    finally:
        ctx.close()


def test_export_then_import_a_save(app, server, wait_ready):
    page = app
    save_id = new_fendo_game(page, server, wait_ready)
    ply = ply_of(page)
    play_by_clicks(page, "d1-d4N")
    wait_fendo_turn(page, ply)
    with page.expect_download() as dl:
        page.click("#export")
    text = open(dl.value.path(), encoding="utf-8").read()
    assert json.loads(text)["id"] == save_id and dl.value.suggested_filename.endswith(".json")
    moves = moves_of(page)
    page.click("#home-link")
    page.wait_for_selector("#import-file", state="attached")
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                  "buffer": text.encode()}])
    page.wait_for_function(f"location.hash.startsWith('#play/') && location.hash !== '#play/{save_id}'")
    page.wait_for_selector("#board")
    assert moves_of(page) == moves
    # a file that is not a save is refused with a notice, and nothing breaks
    page.click("#home-link")
    page.wait_for_selector("#import-file", state="attached")
    page.set_input_files("#import-file", files=[{"name": "junk.json", "mimeType": "application/json",
                                                  "buffer": b"{nope"}])
    page.wait_for_selector(".notice-error")
    assert "junk.json" in page.inner_text(".notice-error")


def _ended_by_the_bot() -> game.core.State:
    """A random game (seed 18) whose last action is the bot's (Orange's): b6-c6N, a wall on
    the north side of its pawn's cell, closing that pawn's area of 4 cells; White wins 42-7."""
    rng = random.Random(18)
    s = game.new_game("fendo", seed=18)
    while not s.over:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert list(s.actions[-1]) == [1, "b6-c6N"], s.actions[-1]
    return s


# Each closed area's size badge, and each mark on the board (the numbered discs, the walls
# outlined as marked or last built, with their strokes), as screen rectangles
_BADGES_AND_MARKS = """() => { const svg = document.querySelector('#board');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const r = (e) => { const b = e.getBoundingClientRect();
    const s = e.closest('.mark-badge, .badge') ? 0 : parseFloat(getComputedStyle(e).strokeWidth) / 2 * scale;
    return [b.left - s, b.top - s, b.right + s, b.bottom + s, e.id || e.parentNode.textContent]; };
  return [[...svg.querySelectorAll('.badge rect')].map(r),
          [...svg.querySelectorAll('.mark-badge circle, rect.wall[data-mark], rect.wall[data-marked], rect.wall-last')].map(r)]; }"""


def _open_ended_by_the_bot(page, server, wait_ready, sid):
    """Opens, as save ``sid``, a game against the novice bot that its last move ended."""
    from conftest import open_save
    from ui.store.session import Session

    seats = [{"kind": "human", "name": "Anna", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
    ses = Session.start(sid, "fendo", seats, {}, 18, 1_764_000_000)
    for seat, action in _ended_by_the_bot().actions:
        ses.apply(seat, action, 1_764_000_000)
    page.goto(server.url + "#")
    wait_ready(page)
    open_save(page, ses.save)


def test_on_the_end_board_no_mark_covers_an_areas_size(app, server, wait_ready):
    """Issue 54: the bot's last move ends the game, its pawn and wall marked "1"; the size
    badge of the area it closed ("4" here, "21" in the issue) sat under the wall's mark."""
    page = app
    _open_ended_by_the_bot(page, server, wait_ready, "endmarks1")
    page.wait_for_selector('main.play[data-over="1"] #board .mark-badge')
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        if page.query_selector("#hide-end"):
            page.click("#hide-end")
        badges, marks = page.evaluate(_BADGES_AND_MARKS)
        assert len(badges) >= 2 and marks, (badges, marks)
        for b in badges:
            for m in marks:
                apart = b[2] <= m[0] or m[2] <= b[0] or b[3] <= m[1] or m[3] <= b[1]
                assert apart, (f"size {b[4]} under mark {m[4]}", b, m)
        x, y = marks[0][0], marks[0][1]
        page.screenshot(path=f"test-results/fendo-end-marks-{width}.png",
                        clip={"x": max(x - 60, 0), "y": max(y - 60, 0), "width": 200, "height": 150})


def test_a_replay_shows_the_whole_board_on_a_laptop(app, server, wait_ready):
    """Issue 54: a 1280x800 replay put row 1 below the fold; the whole board is in view."""
    from ui.store import links

    s = _ended_by_the_bot()
    seats = [{"kind": "human", "name": "Anna", "level": None}, {"kind": "human", "name": "Ben", "level": None}]
    page = app
    assert page.viewport_size == {"width": 1280, "height": 800}
    page.goto(server.url + links.fragment("replay", links.encode("replay", s.record(), seats)))
    page.wait_for_selector("#replay-bar #board, main #board")
    page.screenshot(path="test-results/fendo-replay-1280.png")
    box = box_of(page, "#board")
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800 + 0.5, box
    row1 = box_of(page, '#board [data-cell="a1"]')
    assert row1["y"] + row1["height"] <= 800, row1


def test_the_move_lists_notation_link_opens_the_rules_at_that_section(app, server, wait_ready):
    """Issue 54: the line under Moves explains the notation and links to the rules' section,
    which opens at its heading (in view, focused), in the player's language."""
    page = app
    new_fendo_game(page, server, wait_ready)
    page.click('[data-act="lang"][data-lang="fr"]')
    page.wait_for_selector("p.moves-note >> text=En notation de Fendo")
    page.click('p.moves-note a[href="#rules/fendo/notation"]')
    page.wait_for_selector("main.rules-page h2#notation")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'notation'")
    top = page.evaluate("document.getElementById('notation').getBoundingClientRect().top")
    assert 0 <= top < 800 and page.evaluate("window.scrollY") > 0, top
    assert "passe" in page.inner_text("main.rules-page")


_TOTALS_ROOM = """() => {
  const dlg = document.querySelector('#end-dialog'), box = dlg.getBoundingClientRect();
  const inner = box.right - parseFloat(getComputedStyle(dlg).paddingRight) - (dlg.offsetWidth - dlg.clientWidth);
  return [...dlg.querySelectorAll('td')].filter(td => td.textContent.trim()).map(td => {
    const range = document.createRange(); range.selectNodeContents(td);
    const r = range.getBoundingClientRect();
    return [td.textContent.trim(), Math.round((inner - r.right) * 10) / 10];
  });
}"""


def test_the_end_dialog_s_totals_keep_the_dialog_s_padding_on_a_laptop(app, server, wait_ready):
    """Issue 54: at 1280x800 the end dialog's totals ("42", "7") touched its right edge; every
    figure stays inside the dialog's padding."""
    page = app
    _open_ended_by_the_bot(page, server, wait_ready, "endroom1")
    page.wait_for_selector("#end-dialog td.total")
    cells = page.evaluate(_TOTALS_ROOM)
    assert cells and all(room >= 0 for _, room in cells), cells
    page.locator("#end-dialog").screenshot(path="test-results/fendo-end-dialog-1280.png")
