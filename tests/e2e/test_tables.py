"""The tables tell the story (issue 16), in Chromium: what only a real page can show."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SHOWN_AND_DRAWN, as_drawn, box_of, shared_device, wait_ready
from playing import play_by_clicks, record_of, wait_person


def test_a_new_screen_opens_at_its_top_with_the_focus_on_its_heading(phone_page, server):
    """Bug 1: scrolled to Fennecs, New game opened the form at scrollY 324, its title off
    screen.  Every screen change starts at the top and moves the focus to its heading."""
    page = phone_page
    page.goto(server.url)
    wait_ready(page)
    page.locator("#new-fennecs").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 100
    page.tap("#new-fennecs")
    page.wait_for_selector("#newgame-form")
    page.wait_for_function("window.scrollY === 0")
    assert page.evaluate("document.activeElement.tagName") == "H1"
    assert "Fennecs" in page.evaluate("document.activeElement.textContent")
    # the rules page, opened from the form's foot, starts at its top too
    page.locator('a[href="#rules/fennecs"]').last.scroll_into_view_if_needed()
    page.locator('a[href="#rules/fennecs"]').last.tap()
    page.wait_for_selector("article.rules")
    page.wait_for_function("window.scrollY === 0")
    assert page.evaluate("document.activeElement.tagName") == "H1"


LANDSCAPE = {"width": 844, "height": 390}


# The module's started page on a touch phone on its side (844x390).
phone_on_its_side = shared_device(viewport=LANDSCAPE, is_mobile=True, has_touch=True, service_workers="block")


def test_a_phone_on_its_side_shows_the_whole_fendo_board(phone_on_its_side, shared_at, server):
    """Phone landscape (844x390): the 7x7 board lies wholly inside the viewport, cells of 44 px."""
    page = shared_at(phone_on_its_side, LANDSCAPE)
    page.goto(server.url + "#new/fendo")
    page.wait_for_selector("#start")
    page.tap("#start")
    page.wait_for_selector("#board")
    box = box_of(page, "#board")
    assert box["y"] >= 0 and box["y"] + box["height"] <= 390 + 0.5, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= 844 + 0.5, box
    cell = box_of(page, '#board [data-cell="d4"] .cell-hit')
    assert min(cell["width"], cell["height"]) >= 43.5, cell


def test_a_phone_on_its_side_shows_the_table_and_the_hand_together(phone_on_its_side, shared_at, server):
    """Phone landscape (844x390): Renard's and Fennecs' table and the person's hand are both
    wholly on the screen, with no scrolling."""
    page = shared_at(phone_on_its_side, LANDSCAPE)
    for gid, table in (("renard_des_bois", ".rtable"), ("fennecs", "#table")):
        page.goto(server.url + "#new/" + gid)
        page.wait_for_selector("#start")
        page.tap("#start")
        page.wait_for_selector("#hand .hcard")
        assert page.evaluate("window.scrollY") == 0
        for sel in (table, "#hand"):
            box = box_of(page, sel)
            assert box["y"] >= 0 and box["y"] + box["height"] <= 390 + 0.5, (gid, sel, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 844 + 0.5, (gid, sel, box)


# -- a person against bots: the log names each bot action, the table marks the last -------

import random

import bots
import game
from game import fennecs, fowl_play
import ui.games
from ui.kit import i18n, registry


def _click_action(page, gid, action):
    """The person's ``action``, played by taps as a person would."""
    if gid == "fendo":
        play_by_clicks(page, action)
    elif gid == "renard_des_bois":
        if action == "keep":
            page.click("#keep")
        else:
            page.click(f"#card-{action.split()[-1]}", position={"x": 6, "y": 30}, force=True)
    elif gid == "fowl_play":
        a = fowl_play.parse(action)
        if a.kind in ("target", "play"):
            page.click(f"#fcard-{a.card}")
        elif a.kind == "done":
            page.click("#done")
        elif a.kind == "step":
            page.click(f'#board [data-act="hex"][data-cell="{a.frm}"]')
            page.wait_for_selector(f'#board [data-cell="{a.frm}"].selected')
            page.click(f'#board [data-act="hex"][data-cell="{a.to}"]')
        else:                 # a fox placed or moved: the cell it goes to
            page.click(f'#board [data-act="hex"][data-cell="{a.to}"]')
    else:
        a = fennecs.parse(action)
        if a.kind == "take":
            page.click(f"#take-{a.column}")
        elif a.kind == "as":
            page.click(f'#choice [data-choice="{action}"]')
            page.click("#confirm")
        else:
            page.click(f'#hand .hcard.legal[data-card="{a.card}"] >> nth=0', position={"x": 5, "y": 30}, force=True)
            page.click(f"#col-{a.column}", position={"x": 10, "y": 10})
            page.click("#face-down" if a.down else "#face-up")


def _mark(gid, view, seat, action):
    """The selector of the mark the table must show for ``seat``'s last ``action``, or None
    when the table rightly shows none (a Renard trick gathered to its winner's side)."""
    if gid == "fowl_play":
        a = fowl_play.parse(action)
        if a.kind in ("step", "fox", "place"):
            return f'#board [data-cell="{a.to}"].last-to'
        return None          # a card chosen, a target kept, done: told in the log only
    if gid == "fendo":
        if action == "pass":
            return None
        return f'#board [data-cell="{game.fendo.parse(action, view["size"]).dst}"].last-to'
    if gid == "renard_des_bois":
        cards = view["trick"]["cards"]
        if cards and cards[-1][0] == seat:
            return f'#trick .tcard.last[data-card="{cards[-1][1]}"]'
        return None
    a = fennecs.parse(action)
    if a.kind == "play":
        return f'.fcol[data-col="{a.column}"] .fc.last'
    return f'#last-collection[data-column="{view["last_collection"]["column"]}"]'


@pytest.mark.parametrize("gid,players", [("fendo", 2), ("renard_des_bois", 2), ("fennecs", 4), ("fowl_play", 3)])
def test_after_the_bots_turns_the_log_names_each_and_the_table_marks_the_last(app, server, wait_ready, gid, players):
    """Issue 16: a person plays against bots; after the bots' turns the log names each bot
    action (newest first, marked), by the bot's name, and the last is marked on the table."""
    page = app
    page.goto(server.url + "#new/" + gid)
    wait_ready(page)
    page.wait_for_selector("#newgame-form")
    if players > 2:
        page.check(f'input[name="players"][value="{players}"]')
        page.wait_for_selector(f"#level{players - 1}")
    page.click("#start")
    page.wait_for_selector("main.play")
    scr, tr = registry.screen(gid), (lambda k, **p: i18n.tr("en", k, **p))
    rng, marks, checked = random.Random(16), 0, 0
    for _ in range(60):
        st = wait_person(page)
        if checked >= 3 and marks >= 2:
            break
        if st.over:          # a short game (its seed is the page's): the same table again
            old = page.evaluate("location.hash")
            page.click("#again")
            page.wait_for_function("(old) => location.hash !== old && document.querySelector('main.play')", arg=old)
            continue
        rec = record_of(page)
        acts = rec["actions"]
        mine = [i for i, (s, _) in enumerate(acts) if s == 0]
        theirs = acts[mine[-1] + 1 if mine else 0:]
        # what the log must say: each bot action that says something, as seat 0 may know it
        replay = game.replay(dict(rec, actions=acts[:len(acts) - len(theirs)]))
        expected = []
        for seat, action in theirs:
            before = replay.view(0)
            replay.apply(seat, action)
            if scr.announce(tr, before, replay.view(0), [f"P{i}" for i in range(players)], seat, action):
                expected.append(seat)
        items = page.eval_on_selector_all(
            "#log li[data-seat]", "lis => lis.map(li => [+li.dataset.seat, li.textContent, li.className])")
        assert len(items) >= len(expected)
        newest = items[:len(expected)]
        assert [s for s, _, _ in reversed(newest)] == expected, (theirs, items[:6])
        for seat, text, _ in newest:
            name = page.text_content(f'main [data-seat="{seat}"] .pname strong')
            assert name and name in text, (seat, name, text)
        if expected:
            assert newest[0][2] == "last"
            checked += 1
        if gid == "fowl_play":       # the board marks its last move, whatever came after it
            theirs = [(s_, a_) for s_, a_ in theirs if fowl_play.parse(a_).kind in ("step", "fox", "place")]
        if theirs:
            seat, action = theirs[-1]
            sel = _mark(gid, st.view(0), seat, action)
            if sel is not None:
                assert page.query_selector(sel), (sel, action, page.inner_html("main")[:500])
                marks += 1
        action = bots.choose(st, 0, "novice", rng.randrange(2**31))
        ply = len(acts)
        _click_action(page, gid, action)
        page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply > p", arg=ply)
    assert checked >= 3 and marks >= 2, (checked, marks)


def test_nothing_moves_when_the_system_asks_for_reduced_motion(app, server, wait_ready):
    """Issue 16: cards and pawns slide, a wall being chosen glows, a thinking bot's tag
    pulses; with the system's reduced motion, nothing animates (document.getAnimations())."""
    page, count = app, "document.getAnimations().length"
    page.goto(server.url + "#new/fendo")
    wait_ready(page)
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    page.click("#start")
    page.wait_for_selector("#board")
    page.click('#board [data-act="cell"][data-cell="d1"]')
    page.click('#board [data-act="cell"][data-cell="d4"]')
    page.wait_for_selector('#board .wall-hit[data-side="N"]')
    assert page.evaluate(count) > 0              # the walls to choose from glow: it can fail
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(count) == 0
    page.click('#board .wall-hit[data-side="N"]')   # the pawn slides, the wall grows, the bot thinks
    assert page.evaluate(count) == 0
    assert page.evaluate("getComputedStyle(document.querySelector('#board .pawn.arrived')).animationName") == "none"
    page.wait_for_function("+document.querySelector('main.play').dataset.ply >= 2")   # the bot's move
    assert page.evaluate(count) == 0
    # a card game too: Renard's card played slides in, unless reduced motion is asked for
    page.goto(server.url + "#new/renard_des_bois")
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector("#hand.active .hcard.legal")
    ply = int(page.get_attribute("main.play", "data-ply"))
    page.click("#hand.active .hcard.legal >> nth=0", position={"x": 6, "y": 30}, force=True)
    page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply > p", arg=ply)
    assert page.evaluate(count) == 0     # (a Fox or a Woodcutter waits for its follow-up: no bot move)


def test_a_finished_trick_stays_until_tapped_then_goes_to_its_winner(browser, server, new_watch, open_watched, wait_ready):
    """Issue 16, pacing at a person's pace (no QUICK): a finished Renard trick is held on the
    table, no bot plays while it is, and a tap on it lets play go on (it slides to the
    winner's side)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              service_workers="block")
    watch = new_watch(server.url)
    watch.attach_context(ctx)
    try:
        page = open_watched(ctx, watch)
        page.goto(server.url + "#new/renard_des_bois")
        wait_ready(page)
        page.wait_for_selector("#newgame-form")
        page.select_option("#level1", "novice")
        page.tap("#start")
        page.wait_for_selector("main.play-renard")
        state = None
        for _ in range(30):
            page.wait_for_function("""() => document.querySelector('#trick.held') ||
                (!document.querySelector('main.play').dataset.thinking && document.querySelector('#hand.active .legal'))""")
            state = page.evaluate("""() => { const m = document.querySelector('main.play');
                return {held: !!document.querySelector('#trick.held'), thinking: !!m.dataset.thinking, ply: +m.dataset.ply}; }""")
            if state["held"]:
                break
            page.tap("#hand.active .hcard.legal >> nth=0", position={"x": 6, "y": 30})
            page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply > p", arg=state["ply"])
        assert state and state["held"] and not state["thinking"], state     # held: no bot thinks
        assert page.get_attribute("#trick", "data-act") == "release"
        shots = Path(__file__).resolve().parents[2] / "test-results" / "sizes"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / "renard_des_bois-trick-held-phone.png"))
        page.tap("#trick")
        page.wait_for_function("() => !document.querySelector('#trick.held')")
        after = page.evaluate("() => document.querySelector('#trick').className")
        assert "gather" in after or "empty" not in after, after      # gone to the winner, or the next lead is down
    finally:
        ctx.close()
    watch.check()


def test_sound_and_vibration_are_off_until_turned_on_and_remembered(page, server, wait_ready):
    """The setting under the table: off at first; on, it is kept on the device through a
    reload, and a turn coming back plays its blip and buzz without an error in the page."""
    page.add_init_script("""window.__buzz = []; if (navigator.vibrate) {
        const v = navigator.vibrate.bind(navigator); navigator.vibrate = (p) => { window.__buzz.push(p); return v(p); }; }""")
    page.goto(server.url + "#new/fendo")
    wait_ready(page)
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    page.click("#start")
    page.wait_for_selector("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#sound")
    page.wait_for_selector('#sound[aria-pressed="true"]')
    assert page.evaluate("localStorage.getItem('renardiere.sound')") == "1"
    page.click('#board [data-act="cell"][data-cell="d1"]')
    page.click('#board [data-act="cell"][data-cell="d4"]')
    page.click('#board .wall-hit[data-side="N"]')
    page.wait_for_function("+document.querySelector('main.play').dataset.ply >= 2")   # the bot's reply
    assert page.evaluate("'vibrate' in navigator")              # Chromium has it
    page.wait_for_function("window.__buzz.length >= 2")       # turned on, then your turn
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#sound[aria-pressed="true"]')


# Taps anywhere on the table but these: they leave it (home, a new game, a replay) or ask the
# bot for a hint (tests/e2e/test_marks_ui.py).
AWAY = ("again", "replay", "hint", "show-end")
TAPPABLE = """(away) => [...document.querySelectorAll('#app main [data-act]')]
  .filter(e => !away.includes(e.dataset.act) && e.getClientRects().length && !e.closest('[disabled]'))
  .map(e => { const r = e.getBoundingClientRect(); return [e.dataset.act, r.x + r.width / 2, r.y + r.height / 2]; })"""


def _as_drawn(page) -> None:
    as_drawn(*page.evaluate(SHOWN_AND_DRAWN))


@pytest.mark.parametrize("gid", list(game.GAMES))
def test_the_page_shows_what_was_drawn_after_taps_anywhere(app, server, gid):
    """Thirty taps at random on whatever the table offers (cards, cells, buttons, log lines), the
    bots answering: after each, the page's elements are exactly what the app last drew."""
    page = app
    page.evaluate("window.renardiereKeepDrawn = true")
    page.goto(server.url + f"#new/{gid}")
    page.wait_for_selector("#start")
    _as_drawn(page)
    page.click("#start")
    page.wait_for_selector("main.play")
    rng = random.Random(gid)
    for _ in range(30):
        spots = page.evaluate(TAPPABLE, list(AWAY))
        if not spots:
            page.wait_for_timeout(50)
            continue
        _, x, y = rng.choice(spots)
        page.mouse.click(x, y)
        page.wait_for_timeout(30)
        _as_drawn(page)
