"""Saves under stress, in Chromium: the page killed between actions, two tabs on one game,
a device whose storage is full. The rules they check live in ui/store/saves.py (format 2's ``rev``,
StorageFull) and ui/app.py, ui/parts/play.py (the banners); tests/test_ui_saves.py checks the same in Python.
"""

from __future__ import annotations

import json
import os
import signal

import bots
import game
from conftest import wait_hand_turn
from playing import SAVE_PREFIX, moves_of, new_fendo_game, play_by_clicks, ply_of, record_of, wait_fendo_turn
from playing import start_renard

STALE = '.notice [data-act="reload-game"]'


def _kill(page) -> None:
    """Kills the page's renderer with SIGKILL, as a phone kills a tab in the background:
    no unload, no last chance to write anything. (Every renderer of this browser goes: the
    page's, and its service worker's; no other page is open in this test.)"""
    # Listen before the kill: the crash may be told before a wait begun after it would start.
    with page.expect_event("crash", timeout=10_000):
        cdp = page.context.browser.new_browser_cdp_session()
        for proc in cdp.send("SystemInfo.getProcessInfo")["processInfo"]:
            if proc["type"] == "renderer":
                os.kill(proc["id"], signal.SIGKILL)
        cdp.detach()
    page.close()


def test_killing_the_page_between_actions_loses_at_most_the_action_in_flight(
        context, server, wait_ready, watch, open_watched):
    page = open_watched(context, watch)
    start_renard(page, server, wait_ready, target=16)
    url = page.url
    # the page killed that long after the tap: at once, as the bot is asked, as it answers
    for kill, wait in enumerate([0, 40, 250, 700]):
        wait_hand_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
        before = ply_of(page)
        if page.query_selector("#keep"):
            page.click("#keep")
        else:
            page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)
        # the tap's action is saved before the click returns; the bot's answer may be on its way
        page.wait_for_timeout(wait)
        _kill(page)
        page = open_watched(context, watch)
        page.goto(url)
        wait_ready(page)
        page.wait_for_selector("main.play-renard")
        after = ply_of(page)
        assert after >= before + 1, f"kill {kill}: the tapped card was lost ({before} -> {after})"
        assert page.locator(".notice-error").count() == 0, page.inner_text("body")[:500]
        stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + url.split('#play/')[1])})"))
        assert len(game.replay(stored["record"]).actions) == after
    watch.check()


def test_two_tabs_on_one_game_never_overwrite_each_other(context, server, wait_ready, watch, open_watched):
    a = open_watched(context, watch)
    save_id = new_fendo_game(a, server, wait_ready)
    b = open_watched(context, watch)
    b.goto(a.url)
    wait_ready(b)
    b.wait_for_selector("#board")
    play_by_clicks(a, "d1-d4N")                 # tab A plays, the bot answers
    wait_fendo_turn(a, 0)
    moves_a = moves_of(a)
    # tab B learns of it at once, and offers to reload
    b.wait_for_selector(STALE, timeout=10_000)
    assert "another tab" in b.inner_text(".notice")
    # a tap in B plays nothing and saves nothing
    play_by_clicks(b, "d1-d4N")
    assert ply_of(b) == 0 and len(record_of(a, save_id)["actions"]) == 2
    b.click(STALE)
    b.wait_for_function("+document.querySelector('main.play').dataset.ply === 2")
    assert moves_of(b) == moves_a and b.locator(STALE).count() == 0
    # B plays on from there; now A is the one told
    state = game.replay(record_of(b, save_id))
    play_by_clicks(b, bots.choose(state, 0, "novice", 5))
    wait_fendo_turn(b, 2)
    a.wait_for_selector(STALE, timeout=10_000)
    assert record_of(a, save_id)["actions"] == game.replay(record_of(b, save_id)).record()["actions"]
    watch.check()


TAKE_OVER = '.notice [data-act="take-over"]'


def test_a_game_hosted_in_one_tab_is_played_there_and_taken_over_in_another(
        context, server, wait_ready, watch, open_watched):
    """One game is hosted by one tab (ui/parts/devices.py, through the browser's Web Locks): a second
    tab of it says where it is played and invites nobody until it takes it over."""
    a = open_watched(context, watch)
    a.goto(server.url + "#new/fendo")
    wait_ready(a)
    a.check('input[name="kind1"][value="device"]')
    a.click("#start")
    a.wait_for_selector("#invite-1")
    b = open_watched(context, watch)
    b.goto(a.url)
    wait_ready(b)
    b.wait_for_selector(TAKE_OVER)
    assert "another tab" in b.inner_text(".notice") and b.locator("#invite-1").count() == 0

    b.click(TAKE_OVER)
    b.wait_for_selector("#invite-1")
    a.wait_for_selector(TAKE_OVER)
    assert "taken over by another tab" in a.inner_text(".notice") and a.locator("#invite-1").count() == 0

    a.reload()                      # A's page goes: B keeps the game
    wait_ready(a)
    a.wait_for_selector(TAKE_OVER)
    b.close()                       # B's page goes: its lock with it, so A's next load hosts
    a.reload()
    wait_ready(a)
    a.wait_for_selector("#invite-1")
    assert a.locator(TAKE_OVER).count() == 0
    watch.check()


FILL = """() => {
  // Fills localStorage to the last character the browser allows; says how many were written.
  let n = 0, size = 1 << 22, i = 0;
  while (size >= 1) {
    try { localStorage.setItem("filler." + i, "x".repeat(size)); n += size; i += 1; }
    catch (e) { size = Math.floor(size / 2); }
  }
  return n;
}"""

EMPTY = """() => { for (const k of Object.keys(localStorage)) if (k.startsWith("filler.")) localStorage.removeItem(k); }"""


def _shown_state(page, save_id):
    """The game as the screen shows it: the save's seed and options, the moves listed."""
    record = dict(record_of(page, save_id), actions=[])
    state = game.replay(record)
    for move in moves_of(page):
        state.apply(state.to_move[0], move)
    return state


def test_a_full_device_is_told_and_the_game_goes_on(context, server, wait_ready, watch, open_watched):
    page = open_watched(context, watch)
    first = new_fendo_game(page, server, wait_ready)
    play_by_clicks(page, "d1-d4N")
    wait_fendo_turn(page, 0)
    kept = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + first)})")
    save_id = new_fendo_game(page, server, wait_ready)   # a second game, to play on
    filled = page.evaluate(FILL)
    assert filled > 1_000_000
    play_by_clicks(page, "d1-d4N")
    page.wait_for_selector(".notice-error", timeout=10_000)
    assert "storage is full" in page.inner_text(".notice-error")
    wait_fendo_turn(page, 0)                      # the bot answered: the game goes on, in memory
    assert ply_of(page) == 2 and len(moves_of(page)) == 2
    assert record_of(page, save_id)["actions"] == []                    # not saved: no room...
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + first)})") == kept  # ...nothing damaged
    # room again: the next move saves the whole game, and the banner goes
    page.evaluate(EMPTY)
    state = _shown_state(page, save_id)
    play_by_clicks(page, bots.choose(state, 0, "novice", 3))
    wait_fendo_turn(page, 2)
    assert page.locator(".notice-error").count() == 0
    assert [a for _, a in record_of(page, save_id)["actions"]] == moves_of(page)
    watch.check()
