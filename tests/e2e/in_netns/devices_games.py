"""Whole games across devices, in Chromium, over real WebRTC: the host's page and each guest's
page in a browser context of its own (its own storage: another device), paired by the join and
answer links exactly as people pair them (the camera's part aside), then played by clicks on
each page's own table (tests/e2e/across_devices.py drives them).

Run by tests/e2e/test_devices_ui.py in a network namespace (tools/netns.py); skipped
anywhere else.  Each game checks, at its end, every message a guest received: each frame's view
is the engine's view of that guest's seat at that position (tests/test_leaks.py shows a seat's
view leaks nothing), so no other seat's hand, target or chosen card ever reached a guest, and
no log entry's place (a mark, a flash) names a card that seat does not see; and every few turns each guest's page is searched for a card only another seat may see.
"""

from __future__ import annotations

import json
import os
import random
import time

import pytest

import game
from tools import netns
from across_devices import (RECORD, STATE, act, check_messages, made_devices, host_record, over, pair, play, start,
                            to_the_end)
from tools.browsers import count, wait_ready

pytestmark = netns.inside_only()

LATENCY = os.environ.get("RENARDIERE_LATENCY")     # a file: each guest action's tap-to-redraw, in ms


@pytest.fixture
def devices(browser, server):
    yield from made_devices(browser, server)


def test_le_renard_des_bois_host_against_a_guest_to_the_end_with_a_guest_reload(devices):
    host, guest = devices("host", (820, 1180)), devices("guest")
    sid = start(host, "renard_des_bois", ["human", "device"])
    pair(host, guest, 1)
    times: list = []
    play(host, {1: guest}, "renard_des_bois", lambda: len(host_record(host, sid)["actions"]) >= 12,
         times=times, sid=sid)
    # the guest's page reloads: the host shows it away; a new code pairs it on its kept token
    guest.page.reload()
    wait_ready(guest.page)
    host.page.wait_for_selector('#devices li[data-seat="1"].away')
    pair(host, guest, 1)
    assert count(guest.page, ".log-list li[data-seat]") >= 12
    play(host, {1: guest}, "renard_des_bois", lambda: over(host), times=times, sid=sid)
    to_the_end(guest.page)
    assert not count(guest.page, "#again")
    n = check_messages(host, sid, {1: guest})
    print(f"renard: {n} frames checked; guest tap to answer: median "
          f"{sorted(times)[len(times) // 2]:.0f} ms over {len(times)}")
    if LATENCY:
        with open(LATENCY, "a") as f:
            f.write(json.dumps({"game": "renard_des_bois", "ms": times}) + "\n")


def test_fennecs_a_host_two_guests_and_a_bot_and_the_host_reloads(devices):
    host = devices("host", (820, 1180))
    guests = {1: devices("guest1"), 2: devices("guest2")}
    sid = start(host, "fennecs", ["human", "device", "device", "bot"])
    pair(host, guests[1], 1)
    pair(host, guests[2], 2, how="tab")
    play(host, guests, "fennecs", lambda: len(host_record(host, sid)["actions"]) >= 16, sid=sid)
    # the host's page reloads: the game is its save; both guests pair again
    host.page.reload()
    wait_ready(host.page)
    for seat, g in guests.items():
        g.page.wait_for_selector('#guest-state[data-state="away"]')
        pair(host, g, seat)
    play(host, guests, "fennecs", lambda: over(host), sid=sid)
    for g in guests.values():
        to_the_end(g.page)
    print(f"fennecs: {check_messages(host, sid, guests)} frames checked")


def test_fowl_play_three_players_choose_at_once_each_on_their_own_page(devices):
    host = devices("host", (820, 1180))
    guests = {1: devices("guest1"), 2: devices("guest2")}
    sid = start(host, "fowl_play", ["human", "device", "device"])
    for seat, g in guests.items():
        pair(host, g, seat)
    # the secret choices: every page asks at once (no pass screen anywhere)
    for p in [host.page] + [g.page for g in guests.values()]:
        p.wait_for_selector("main.play[data-acting]")
    play(host, guests, "fowl_play", lambda: over(host), sid=sid)
    for g in guests.values():
        to_the_end(g.page)
    print(f"fowl play: {check_messages(host, sid, guests)} frames checked")


def test_onexeno_two_teams_of_two_two_rounds_and_a_guest_comes_back(devices):
    """Four seats in two teams of two, three of them guests, over two rounds: a new deal reaches
    each page, and partners see only their own hands.  (Seven seats, six guests, are played
    through the host's code on CPython: tests/test_hosting.py, where every frame is checked
    too; here each page costs a Pyodide and renders every frame.)"""
    t0 = time.monotonic()
    host = devices("host", (820, 1180))
    guests = {s: devices(f"guest{s}") for s in range(1, 4)}
    sid = start(host, "onexeno", ["human"] + ["device"] * 3, {"rounds": 2, "teams": 2})
    for seat, g in guests.items():
        pair(host, g, seat)
    t1 = time.monotonic()
    play(host, guests, "onexeno", lambda: len(host_record(host, sid)["actions"]) >= 20, sid=sid)
    # a guest's page is closed; a new one on the same device comes back on its kept token
    guests[3].page.close()
    host.page.wait_for_selector('#devices li[data-seat="3"].away')
    guests[3].page = guests[3].new_page()
    pair(host, guests[3], 3)
    play(host, guests, "onexeno", lambda: over(host), sid=sid)
    t2 = time.monotonic()
    end = game.replay(host_record(host, sid)).view(None)
    assert end["round"] == 2 and end["teams"], end.get("teams")
    print(f"onexeno: {check_messages(host, sid, guests)} frames checked; pages up and paired in "
          f"{t1 - t0:.0f} s, the game played in {t2 - t1:.0f} s ({len(host_record(host, sid)['actions'])} actions)")


def test_a_firefox_guest_joins_a_chromium_host(devices, server):
    """Firefox (Debian's firefox-esr, over WebDriver BiDi: tools/engines.py) opens the join
    link of a Chromium host, shows its answer, and plays its seat of Le Renard des Bois.  The
    host holds the camera's permission (it scans answers), so its offer names its address:
    Firefox reaches it without resolving an mDNS name."""
    from tools import engines

    if engines.missing("firefox"):
        pytest.fail(f"no {engines.missing('firefox')}: make test installs firefox-esr (tools/ensure.sh)")
    host = devices("host", (820, 1180))
    host.ctx.grant_permissions(["camera"], origin=server.url.rstrip("/"))
    sid = start(host, "renard_des_bois", ["human", "device"])
    host.page.click("#invite-1")
    link = host.page.get_attribute("#join-link", "href")
    ff = engines.firefox_session()
    try:
        ff.size(390, 844)
        ff.goto(link)
        ff.wait_for("#answer-link", timeout=90)
        ff.evaluate(RECORD)
        answer = ff.evaluate("() => document.querySelector('#answer-link').href")
        host.page.fill("#answer", answer)
        host.page.click("#pair")
        host.page.wait_for_selector('#devices li[data-seat="1"].here', timeout=30_000)
        ff.wait_for("main.play", timeout=30)
        rng = random.Random(4)
        moves = 0
        while moves < 6 and not over(host):
            act(host.page, "renard_des_bois", rng)
            s = ff.evaluate(STATE)
            if s and s["acting"] is not None and not s["over"]:
                # a person's pace: Firefox's page keeps the double-tap guard as shipped (250 ms;
                # no init script sets the tests' QUICK_TAPS there), so taps come 300 ms apart
                time.sleep(0.3)
                if s["round"]:
                    ff.click("#round-ok")
                elif ff.evaluate("() => !!document.querySelector('#keep')"):
                    ff.click("#keep")
                else:
                    ff.click("#hand.active .hcard.legal", at=(5, 40))
                try:
                    ff.wait("(ply) => { const m = document.querySelector('main.play'); "
                            "return m && (+m.dataset.ply !== ply || m.dataset.acting === undefined); }", s["ply"],
                            timeout=30)
                except engines.EngineError:
                    raise AssertionError(ff.evaluate("() => [document.querySelector('#status')?.textContent, "
                                                     "document.querySelector('main.play')?.outerHTML.slice(0, 300)]")) from None
                moves += 1
            else:
                time.sleep(0.1)
        assert moves == 6 or over(host)
        got = ff.evaluate("() => window.got || []")
        record = host_record(host, sid)
        frames = [json.loads(t) for t in got]
        assert frames and all(m["seat"] == 1 for m in frames if m["t"] != "refused")
        for m in frames:
            if m["t"] in ("welcome", "frame"):
                st = game.replay(dict(record, actions=record["actions"][:m["ply"]]))
                assert m["view"] == json.loads(json.dumps(st.view(1)))
        print(f"firefox guest: {moves} moves, {len(frames)} messages checked")
    finally:
        ff.close()


def test_one_tap_pairs_a_guest_through_the_host_s_live_camera(devices):
    """Issue 52's one tap per guest: the host taps Invite, the guest's phone opens the join link
    (its camera app read the code), and the guest's answer code, held up to the host's screen,
    is read by the host's live camera with no other tap.  The taps and aims are counted."""
    import base64

    host, guest = devices("host", camera=True), devices("guest")
    sid = start(host, "renard_des_bois", ["human", "device"])
    taps = {"host": 0, "guest": 0}
    aims = 0
    t0 = time.monotonic()
    host.page.click("#invite-1")
    taps["host"] += 1
    host.page.wait_for_selector("#invite-cam")
    words = host.page.inner_text("#invite-cam-help")
    shots = netns.ROOT / "test-results"
    shots.mkdir(exist_ok=True)
    link = host.page.get_attribute("#join-link", "href")
    aims += 1                  # the guest's camera app reads the host's code...
    taps["guest"] += 1         # ...and the guest taps the link it shows
    guest.page.goto(link)
    wait_ready(guest.page)
    code = guest.page.wait_for_selector("#guest svg.qr-code")
    shot = base64.b64encode(code.screenshot()).decode()
    aims += 1                  # the two phones face to face: the host's front camera films the answer
    host.page.evaluate("(u) => film(u)", "data:image/png;base64," + shot)
    host.page.screenshot(path=str(shots / "one-tap-host.png"), full_page=True)
    host.page.wait_for_selector('#devices li[data-seat="1"].here', timeout=30_000)
    guest.page.wait_for_selector("main.play")
    t1 = time.monotonic()
    assert not count(host.page, "#invite-cam") and not count(host.page, "#scanner")
    assert host.page.evaluate("window.filmed") >= 2        # the permission's ask, then the live film
    play(host, {1: guest}, "renard_des_bois", lambda: len(host_record(host, sid)["actions"]) >= 4, sid=sid)
    assert taps == {"host": 1, "guest": 1} and aims == 2
    print(f"one-tap pairing: host taps {taps['host']}, guest taps {taps['guest']}, camera aims {aims}; "
          f"Invite to paired in {t1 - t0:.1f} s; the host said: {words!r}")

