"""Whole games across devices, in Chromium, over real WebRTC: the host's page and each guest's
page in a browser context of its own (its own storage: another device), paired by the join and
answer links exactly as people pair them (the camera's part aside), then played by clicks on
each page's own table.

Run by tests/e2e/test_devices_ui.py in a network namespace (tests/e2e/netns.py); skipped
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
import netns
from conftest import NO_SNAPSHOT, QUICK, QUICK_TAPS, Watch, count, wait_ready

pytestmark = netns.inside_only()

# Every message a guest's page receives, in order (rtc.js is loaded by then: the answer is shown).
RECORD = """() => { if (!window.got) { window.got = [];
  renardiereRtc.listen((p, k, d) => { if (k === 'message') window.got.push(d); }); } }"""
LATENCY = os.environ.get("RENARDIERE_LATENCY")     # a file: each guest action's tap-to-redraw, in ms


class Device:
    """A page in a browser context of its own: one person's phone or tablet."""

    def __init__(self, browser, server, name: str, size=(390, 844)):
        self.name = name
        self.ctx = browser.new_context(service_workers="block", viewport={"width": size[0], "height": size[1]})
        self.ctx.set_default_timeout(40_000)
        self.ctx.add_init_script(QUICK)
        self.ctx.add_init_script(NO_SNAPSHOT)
        self.ctx.add_init_script(QUICK_TAPS)      # taps at a machine's pace (the tests' browser adds it too)
        self.watch = Watch(server.url)
        self.watch.attach_context(self.ctx)
        self.server = server
        self.page = self.new_page()

    def new_page(self):
        page = self.ctx.new_page()
        self.watch.attach_page(page)
        return page

    def close(self):
        self.ctx.close()


def start(host: Device, game_id: str, kinds: list, options: dict | None = None) -> str:
    """The host's new game from the form: seats of ``kinds``; returns its save id."""
    page = host.page
    page.goto(host.server.url + f"#new/{game_id}")
    wait_ready(page)
    page.wait_for_selector("#newgame-form")
    if count(page, 'input[name="players"]'):
        page.check(f'input[name="players"][value="{len(kinds)}"]')
    for i, kind in enumerate(kinds):
        page.check(f'input[name="kind{i}"][value="{kind}"]')
        if kind == "bot":
            page.select_option(f"#level{i}", "novice")
    for name, value in (options or {}).items():
        page.check(f'input[name="opt-{name}"][value="{value}"]')
    page.click("#start")
    page.wait_for_selector("main.play")
    return page.evaluate("location.hash").split("/")[1]


def pair(host: Device, guest: Device, seat: int, how: str = "paste", page=None) -> None:
    """The host invites ``seat``; the guest opens the join link, shows its answer; the answer
    reaches the host (pasted, or its link opened in another tab of the host's device).

    A pairing whose channel is not up 20 s after the answer is read is tried once more, as a
    person would (a new invitation: the guest comes back on its kept token), after printing
    where each side stood; a second miss fails.  Seen in about one run of the test suite in
    five, under load, at a seat's first pairing, with both connections "connected" and the
    guest's hello never heard (2026-11-29: not understood yet; see the run's output)."""
    for attempt in (1, 2):
        _invite_and_answer(host, guest, seat, how, page)
        try:
            host.page.wait_for_selector(f'#devices li[data-seat="{seat}"].here', timeout=20_000)
            break
        except Exception:  # Playwright's TimeoutError
            print(f"pairing seat {seat}: not up after 20 s (attempt {attempt}); host: "
                  f"{host.page.evaluate(PAIRING_STATE)}; guest: {(page or guest.page).evaluate(PAIRING_STATE)}; "
                  f"the host heard: {host.page.evaluate('window.heard || null')}; the consoles' last "
                  f"lines: host {host.watch.console[-12:]}, guest {guest.watch.console[-12:]}")
            if attempt == 2:
                raise
    (page or guest.page).wait_for_selector("main.play")


# Where a page stands in a pairing: its channels' states (assets/rtc.js) and what it shows.
PAIRING_STATE = """() => { const r = window.renardiereRtc, d = document;
  return {guest: d.querySelector('#guest-state')?.dataset.state ?? null,
          devices: [...d.querySelectorAll('#devices li[data-seat]')].map((li) => li.dataset.seat + ':' + li.className),
          error: d.querySelector('#invite .error, #guest .error')?.textContent ?? null,
          channels: r ? ['host', ...[...Array(8).keys()].flatMap((s) => [...Array(20).keys()].map((n) => s + '-' + n))]
                        .map((p) => [p, r.state(p)]).filter(([, st]) => st !== 'closed') : null}; }"""


# What the host's channels said (rtc.js is loaded once an invitation is shown), for PAIRING_STATE.
HEARD = """() => { if (!window.heard) { window.heard = [];
  renardiereRtc.listen((p, k, d) => window.heard.push([Date.now() % 100000, p, k, (d || '').slice(0, 80)])); } }"""


def _invite_and_answer(host: Device, guest: Device, seat: int, how: str, page) -> None:
    hp = host.page
    hp.click(f"#invite-{seat}")
    link = hp.get_attribute("#join-link", "href")
    hp.evaluate(HEARD)
    assert count(hp, "#invite svg.qr-code")
    gp = page or guest.page
    gp.goto(link)
    wait_ready(gp)
    gp.wait_for_selector("#answer-link")
    assert count(gp, "#guest svg.qr-code")
    gp.evaluate(RECORD)
    answer = gp.get_attribute("#answer-link", "href")
    if how == "paste":
        hp.fill("#answer", answer)
        hp.click("#pair")
    else:
        tab = host.new_page()
        tab.goto(answer)
        wait_ready(tab)
        tab.wait_for_selector("#handed")
        tab.close()


# -- one move by clicks, per game (the same table as at one device) --------------------------------

def _renard(page, rng):
    if count(page, "#keep"):
        page.click("#keep")
    else:
        page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)


def _fennecs(page, rng):
    if count(page, "#confirm"):
        page.click("#confirm")
        return
    takes, cards = count(page, ".ftake"), count(page, "#hand.active .hcard.legal")
    if takes and (not cards or rng.random() < 0.3):
        page.locator(".ftake").last.click()
        return
    page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 30}, force=True)
    page.wait_for_selector("button.fstack.lit")
    page.click("button.fstack.lit >> nth=-1", position={"x": 10, "y": 10})
    page.wait_for_selector("#face-up")
    up_ok = not page.get_attribute("#face-up", "aria-disabled")
    page.click("#face-up" if up_ok else "#face-down")


def _fowl_play(page, rng):
    phase = page.get_attribute("main.play", "data-phase")
    if phase in ("target", "choose"):
        page.click("#hand button.fcard.legal >> nth=0")
    elif phase == "place":
        page.click("#board .hex.place >> nth=0")
    elif phase == "birds":
        page.click("#done")
    else:
        if count(page, "#board .hex.reach") and not count(page, "#done"):
            page.locator("#board .hex.reach").first.click()
        else:
            page.click("#done")


def _onexeno(page, rng):
    if count(page, "#hand.active .hcard.legal") and rng.random() < 0.9:
        # in the middle of the screen, clear of the status bar that sticks to its foot
        page.locator("#hand.active .hcard.legal >> nth=-1").evaluate("e => e.scrollIntoView({block: 'center'})")
        page.click("#hand.active .hcard.legal >> nth=-1", position={"x": 5, "y": 30}, force=True)
        page.wait_for_selector("button.ocell.lit")
        page.click("button.ocell.lit >> nth=0")
        page.wait_for_selector("#place")
        page.click("#place")
    else:
        page.click("#pass")


MOVES = {"renard_des_bois": _renard, "fennecs": _fennecs, "fowl_play": _fowl_play, "onexeno": _onexeno}

STATE = """() => { const m = document.querySelector('main.play');
  if (!m) return null;
  return {ply: +m.dataset.ply, acting: m.dataset.acting ?? null, over: m.dataset.over === '1',
          round: !!document.querySelector('#round-ok'), pass: !!document.querySelector('.pass-screen, #reveal')}; }"""


def act(page, game_id: str, rng, times: list | None = None) -> bool:
    """One thing to do on this page, if any: close a round's summary, or play a move; True if done."""
    s = page.evaluate(STATE)
    if s is None or s["over"]:
        return False
    assert not s["pass"], "a pass screen on a device of its own"
    if s["round"]:
        page.click("#round-ok")
        return True
    if s["acting"] is None:
        return False
    t0 = time.perf_counter()
    MOVES[game_id](page, rng)
    # answered: the host's next frame is drawn (the ply moved, or the seat waits for the others)
    page.wait_for_function(
        """(ply) => { const m = document.querySelector('main.play');
                      return m && (+m.dataset.ply !== ply || m.dataset.acting === undefined); }""",
        arg=s["ply"], timeout=30_000)
    if times is not None:
        times.append((time.perf_counter() - t0) * 1000)
    return True


def play(host: Device, guests: dict, game_id: str, until, seed: int = 1, limit: float = 900,
         times: list | None = None, sid: str | None = None) -> None:
    """Every device acts in turn when its table asks it to, until ``until()``; with ``sid``,
    every guest's page is searched for the others' cards every few rounds (check_dom)."""
    rng = random.Random(seed)
    t_end = time.monotonic() + limit
    rounds = 0
    while not until():
        assert time.monotonic() < t_end, "the game did not end in time"
        acted = act(host.page, game_id, rng)
        for g in guests.values():
            acted = act(g.page, game_id, rng, times) or acted
        rounds += 1
        if sid and rounds % 7 == 0:
            check_dom(host, sid, guests)
        if not acted:
            time.sleep(0.05)      # a bot thinks, or a frame is on its way


CARDS = """() => [document.querySelector('main.play')?.dataset.ply,
                  [...document.querySelectorAll('#app [data-card]')].map(e => e.dataset.card)]"""


def check_dom(host: Device, sid: str, guests: dict) -> None:
    """No card drawn on a guest's page is one that only another seat may see: the cards in the
    others' hands (their views) that appear nowhere in the guest's own view.

    The host's record is read after the guest's page: the host's bot may play meanwhile, and a
    record read first could stop short of the guest's ply, which replayed a position before the
    one on the guest's page (a card just placed, still in a hand there)."""
    for seat, g in guests.items():
        ply, shown = g.page.evaluate(CARDS)
        if ply is None:
            continue
        record = host_record(host, sid)
        for _ in range(40):     # the host saves each action it sends: it is never long behind
            if len(record["actions"]) >= int(ply):
                break
            time.sleep(0.05)
            record = host_record(host, sid)
        assert len(record["actions"]) >= int(ply), (seat, ply, len(record["actions"]))
        st = game.replay(dict(record, actions=record["actions"][:int(ply)]))
        mine = json.dumps(st.view(seat))
        hidden = {str(c) for other in range(st.players) if other != seat
                  for c in st.view(other).get("hand") or [] if json.dumps(c) not in mine}
        assert not hidden & set(shown), (seat, ply, hidden & set(shown))


def to_the_end(page) -> None:
    """The end screen, once the last rounds' summaries are closed (each page closes its own)."""
    for _ in range(10):
        page.wait_for_selector("#end-dialog, #round-ok")
        if count(page, "#end-dialog"):
            return
        page.click("#round-ok")
    raise AssertionError("no end screen")


def host_record(host: Device, sid: str) -> dict:
    return json.loads(host.page.evaluate(f"localStorage.getItem('renardiere.save.{sid}')"))["record"]


def over(host: Device) -> bool:
    return host.page.get_attribute("main.play", "data-over") == "1"


def check_messages(host: Device, sid: str, guests: dict) -> int:
    """Each frame a guest received is its seat's view at that position, and nothing else."""
    record = host_record(host, sid)
    n = 0
    for seat, g in guests.items():
        for text in g.page.evaluate("window.got || []"):
            m = json.loads(text)
            assert m["t"] in ("welcome", "frame", "refused"), m["t"]
            if m["t"] == "refused":
                continue
            assert m["seat"] == seat
            st = game.replay(dict(record, actions=record["actions"][:m["ply"]]))
            assert m["view"] == json.loads(json.dumps(st.view(seat))), (seat, m["ply"])
            mine = json.dumps(st.view(seat)).lower()
            for entry in m["log"]["entries"]:       # a place that names a card: one this seat sees
                for ident in (i.lstrip("~") for i in (entry[2] if len(entry) > 2 else [])):
                    assert not ident.startswith(("ox-", "tc-")) or f'"{ident[3:]}"' in mine, (seat, ident)
            n += 1
    return n


@pytest.fixture
def devices(browser, server):
    made = []

    def make(name, size=(390, 844)):
        d = Device(browser, server, name, size)
        made.append(d)
        return d

    yield make
    for d in made:
        d.close()
    for d in made:
        d.watch.check()


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
    """Firefox (Debian's firefox-esr, over WebDriver BiDi: tests/e2e/engines.py) opens the join
    link of a Chromium host, shows its answer, and plays its seat of Le Renard des Bois.  The
    host holds the camera's permission (it scans answers), so its offer names its address:
    Firefox reaches it without resolving an mDNS name."""
    import engines

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
                except engines.EngineError as e:
                    raise AssertionError(ff.evaluate("() => [document.querySelector('#status')?.textContent, "
                                                     "document.querySelector('main.play')?.outerHTML.slice(0, 300)]")) from e
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
