"""Replays and Fendo by link in Chromium, each device its own browser context.

1. A finished game (replayed into a save, as other tests do, rather than clicked through)
   gives a replay link from its end screen; a fresh context (no save, empty storage) opens
   it and steps back and forth with the buttons and the arrow keys.
2. Two contexts play Fendo by link: A moves and gets the link, B opens it, sees it is
   their turn and their colour, moves, and sends a link back, which A opens; both keep
   the game in Continue.
3. A damaged link says so (in English, then in French).
4. A five-player Fennecs replay fits a phone's width.

Screenshots land in test-results/links-*.png.
"""

from __future__ import annotations

import re

import json
import random

import game
from conftest import RESULTS, no_horizontal_scroll
from playing import SAVE_PREFIX, play_by_clicks
from ui.store import links

def _shot(page, name):
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"links-{name}.png"), full_page=True)


def _finished_save(gid, seed, sid):
    rng = random.Random(seed)
    s = game.new_game(gid, 2, seed=seed)
    while not s.over:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    save = {"format": 1, "id": sid, "record": s.record(), "round_seen": 99,
            "seats": [{"kind": "human", "name": "Ann", "level": None},
                      {"kind": "bot", "name": "", "level": "expert"}],
            "created": "2026-11-26T03:00:00Z", "updated": "2026-11-26T03:30:00Z"}
    return save, s


def _device(browser, server, new_watch, open_watched, **kw):
    """Another device: a browser context of its own (its own storage), watched."""
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800}, **kw)
    ctx.set_default_timeout(30_000)
    w = new_watch(server.url)
    w.attach_context(ctx)
    return ctx, w, open_watched(ctx, w)


def _step(page):
    bar = page.wait_for_selector("#replay-bar")
    return int(bar.get_attribute("data-step")), int(bar.get_attribute("data-total"))


def _wait_step(page, n):
    page.wait_for_selector(f'#replay-bar[data-step="{n}"]')


def test_a_finished_games_replay_link_opens_in_a_fresh_context(app, server, browser, new_watch, open_watched,
                                                                wait_ready):
    page = app
    save, s = _finished_save("fendo", 21, "fin1")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_PREFIX + "fin1", json.dumps(save)])
    page.goto(server.url + "#play/fin1")
    page.wait_for_selector("#end-dialog")
    page.click("#replay")
    page.wait_for_function("location.hash.startsWith('#replay/')")
    url = page.url
    assert len(url) < 1000
    n = len(s.actions)
    assert _step(page) == (n, n)          # a finished game's replay opens at its end

    ctx, w, fresh = _device(browser, server, new_watch, open_watched)
    try:
        fresh.goto(url)
        wait_ready(fresh)
        assert _step(fresh) == (n, n)
        fresh.keyboard.press("Home")        # the start, one key away
        _wait_step(fresh, 0)
        assert fresh.evaluate("Object.keys(localStorage).filter(k => k.startsWith('renardiere.save.')).length") == 0
        fresh.click("#rp-next")
        _wait_step(fresh, 1)
        assert fresh.get_attribute("main.play", "data-ply") == "1"
        said, first = fresh.inner_text(".replay-last"), s.actions[0][1]    # the first move in words, as the log says it
        assert re.search(r"[a-k]\d+", first).group(0) in said and not re.search(r"\d-[a-k]|\d[NESW]\b", said)
        fresh.keyboard.press("ArrowRight")          # the focus on the Forward button
        _wait_step(fresh, 2)
        fresh.evaluate("document.activeElement.blur()")
        fresh.keyboard.press("ArrowRight")          # the focus nowhere: the page takes it
        _wait_step(fresh, 3)
        fresh.keyboard.press("ArrowLeft")
        _wait_step(fresh, 2)
        _shot(fresh, "replay-step2")
        fresh.keyboard.press("End")
        _wait_step(fresh, n)
        assert fresh.get_attribute("main.play", "data-over") == "1"
        assert fresh.is_disabled("#rp-next")
        _shot(fresh, "replay-end")
        fresh.click("#rp-prev")
        _wait_step(fresh, n - 1)
        fresh.keyboard.press("Home")
        _wait_step(fresh, 0)
    finally:
        ctx.close()
        w.check()


def test_a_card_games_replay_shows_either_hand(app, server, browser, new_watch, open_watched, wait_ready):
    page = app
    save, s = _finished_save("renard_des_bois", 5, "fin2")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_PREFIX + "fin2", json.dumps(save)])
    page.goto(server.url + "#")
    page.wait_for_selector('[data-act="replay"][data-id="fin2"]')
    page.click('[data-act="replay"][data-id="fin2"]')
    page.wait_for_function("location.hash.startsWith('#replay/')")
    url = page.url

    ctx, w, fresh = _device(browser, server, new_watch, open_watched)
    try:
        fresh.goto(url)
        wait_ready(fresh)
        fresh.click("#rp-first")
        _wait_step(fresh, 0)
        fresh.click("#rp-next")
        _wait_step(fresh, 1)
        hand0 = fresh.eval_on_selector_all("#hand .hcard", "els => els.map(e => e.getAttribute('aria-label'))")
        fresh.click("#rp-seat1")
        fresh.wait_for_selector('#rp-seat1[aria-pressed="true"]')
        hand1 = fresh.eval_on_selector_all("#hand .hcard", "els => els.map(e => e.getAttribute('aria-label'))")
        assert hand0 and hand1 and not set(hand0) & set(hand1)
        _shot(fresh, "replay-renard")
        fresh.keyboard.press("End")
        _wait_step(fresh, len(s.actions))
    finally:
        ctx.close()
        w.check()


def test_fendo_by_link_between_two_devices(app, server, browser, new_watch, open_watched, wait_ready):
    a = app
    a.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    a.click("#new-fendo")
    a.wait_for_selector("#newgame-form")
    a.check('input[name="kind1"][value="remote"]')
    a.wait_for_selector("text=send them a link")
    a.fill("#name0", "Ann")
    a.fill("#name1", "Bob")
    a.click("#start")
    a.wait_for_selector("#board")
    sid = a.url.split("#play/")[1]
    assert "You play White" in a.inner_text("#link-box")
    play_by_clicks(a, "d1-d4N")
    a.wait_for_selector("#share-url")
    url1 = a.input_value("#share-url")
    assert "#move/" in url1 and len(url1) < 1000
    a.click("#share")
    a.wait_for_selector("#share-result")
    result = a.inner_text("#share-result")
    if "copied" in result:
        assert a.evaluate("navigator.clipboard.readText()") == url1
    _shot(a, "device-a-sends")

    ctx, w, b = _device(browser, server, new_watch, open_watched)
    try:
        b.goto(url1)
        wait_ready(b)
        b.wait_for_selector("#board")
        assert b.url.endswith("#play/" + sid)
        assert "you play Orange" in b.inner_text(".notice")
        assert "You play Orange" in b.inner_text("#link-box")
        assert "Bob to play" in b.inner_text("#status")
        b.wait_for_selector(".player-orange.to-move")
        _shot(b, "device-b-receives")
        play_by_clicks(b, "d7-d5W")
        b.wait_for_selector("#share-url")
        url2 = b.input_value("#share-url")
        assert url2 != url1
        _shot(b, "device-b-sends")

        a.goto(url2)
        a.wait_for_selector("text=Bob moves from d7 to d5 and places a wall west of d5.")
        a.wait_for_selector(".player-white.to-move")
        assert a.get_attribute("main.play", "data-ply") == "2"
        assert "Ann to play" in a.inner_text("#status")
        _shot(a, "device-a-receives")
        # both keep it in Continue
        for dev, tag in ((a, "your turn"), (b, "waiting for Ann")):
            dev.click("#home-link")
            dev.wait_for_selector(f'.continue [data-save="{sid}"]')
            assert tag in dev.inner_text(f'.continue [data-save="{sid}"]')
        rec = json.loads(b.evaluate(f"localStorage.getItem('{SAVE_PREFIX + sid}')"))["record"]
        assert rec["actions"] == [[0, "d1-d4N"], [1, "d7-d5W"]]
        _shot(b, "device-b-continue")
        # the older link, opened again on A, is refused with a reason
        a.goto(url1)
        a.wait_for_selector("text=older than the game on this device")
    finally:
        ctx.close()
        w.check()


def test_a_bad_link_says_so(app, server):
    page = app
    page.goto(server.url + "#replay/AQgCAwAAAAgOMThjMmYwYTF")
    page.wait_for_selector(".notice-error")
    assert "damaged or incomplete" in page.inner_text(".notice-error")
    page.click('[data-act="lang"][data-lang="fr"]')
    page.wait_for_selector("text=abîmé ou incomplet")
    _shot(page, "bad-link")


def test_a_five_player_fennecs_replay_fits_a_phone(phone_page, server, wait_ready):
    page = phone_page
    rng = random.Random(2)
    s = game.new_game("fennecs", 5, seed=2)
    while not s.over:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    seats = [{"kind": "human", "name": f"Player {i + 1}", "level": None} for i in range(5)]
    page.goto(server.url + links.fragment("replay", links.encode("replay", s.record(), seats)))
    wait_ready(page)
    assert _step(page) == (len(s.actions), len(s.actions))
    page.tap("#rp-first")
    _wait_step(page, 0)
    page.tap("#rp-next")
    _wait_step(page, 1)
    page.tap("#rp-seat3")
    page.wait_for_selector('#rp-seat3[aria-pressed="true"]')
    page.click(".replay-share summary")
    page.wait_for_selector("#share-url")
    assert no_horizontal_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "replay-fennecs-phone")
    page.tap("#rp-end")
    _wait_step(page, len(s.actions))
    assert no_horizontal_scroll(page)
