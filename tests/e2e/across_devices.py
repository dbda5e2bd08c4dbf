"""Whole games across devices in Chromium, over real WebRTC, driven as people play them: a page
per device in a browser context of its own (its own storage), paired by the join and answer
links, each playing by clicks on its own table when it asks; and the checks of what each guest
received and shows (no other seat's hidden cards).

tests/e2e/in_netns/devices_games.py plays its games with these, in a network namespace
(tools/netns.py); bench/bench_devices.py times a guest's taps with them.
"""

from __future__ import annotations

import json
import random
import time

import game
from tools.browsers import NO_SNAPSHOT, QUICK, QUICK_TAPS, Watch, count, wait_ready

# A browser without WebRTC (some browsers built into apps, locked-down ones), in Chromium: an
# init script, before the app's Python asks (ui.web.channels.webrtc_here).
NO_WEBRTC = """delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;
delete window.RTCDataChannel;"""
# What a join link says there (ui/net/pairscreens.py): its state, its i18n key, its words.
GUEST_SAYS = """() => { const s = document.querySelector('#guest-state[data-state]');
  return s && s.dataset.state !== 'answering' ? {state: s.dataset.state, why: s.dataset.why || '',
    text: document.getElementById('guest').textContent} : null; }"""


def join_fragment(game_id: str = "renard_des_bois", seat: int = 1) -> str:
    """``#join/...`` of an invitation to ``seat`` with a real Chromium offer (tests/fixtures/rtc),
    for a guest's page that only needs to open one."""
    from pathlib import Path

    from ui.net import invites, pairing

    sdp = (Path(__file__).resolve().parents[1] / "fixtures" / "rtc" / "chromium_offer.sdp").read_text()
    return "#join/" + invites.JoinLink(game_id, "s0000test", seat, "t0000token", pairing.pack(sdp)).text()


# A camera for the host's page, in place of the device's: getUserMedia films a canvas on which
# window.film(dataUrl) puts a picture (the guest's screen, shot by the test: one aim of its
# camera), 10 frames a second; window.filmed counts the streams asked for.  The page's own path
# reads it: rtc.js's scan, BarcodeDetector or jsQR, the app's answer.
FILM = """(() => {
  const canvas = document.createElement('canvas');
  canvas.width = 640; canvas.height = 480;
  const g = canvas.getContext('2d');
  let shown = null;
  const draw = () => {
    g.fillStyle = shown ? '#fff' : '#777'; g.fillRect(0, 0, 640, 480);
    if (shown) {
      const k = Math.min(600 / shown.width, 440 / shown.height);
      g.drawImage(shown, (640 - shown.width * k) / 2, (480 - shown.height * k) / 2, shown.width * k, shown.height * k);
    }
  };
  setInterval(draw, 100);
  window.filmed = 0;
  window.film = async (url) => { const img = new Image(); img.src = url; await img.decode(); shown = img; draw(); };
  const media = navigator.mediaDevices || {};
  media.getUserMedia = async (c) => {
    if (!c || !c.video) throw new DOMException('no microphone here', 'NotAllowedError');
    window.filmed += 1; draw();
    return canvas.captureStream(10);
  };
})();"""


# Every message a guest's page receives but pings, in order (rtc.js is loaded by then: the answer is shown).
RECORD = """() => { if (!window.got) { window.got = [];
  renardiereRtc.listen((p, k, d) => { if (k === 'message' && d !== '{"t":"ping"}') window.got.push(d); }); } }"""


class Device:
    """A page in a browser context of its own: one person's phone or tablet."""

    def __init__(self, browser, server, name: str, size=(390, 844), camera: bool = False):
        self.name = name
        self.ctx = browser.new_context(service_workers="block", viewport={"width": size[0], "height": size[1]})
        self.ctx.set_default_timeout(40_000)
        self.ctx.add_init_script(QUICK)
        self.ctx.add_init_script(NO_SNAPSHOT)
        self.ctx.add_init_script(QUICK_TAPS)      # taps at a machine's pace (the tests' browser adds it too)
        if camera:
            self.ctx.add_init_script(FILM)
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


def made_devices(browser, server, after=()):
    """A ``devices`` fixture's body: it yields ``make(name, size)``, a new ``Device`` each
    call; after the test, ``after``'s calls (a network mended), then every device closed and
    its watch checked."""
    made = []

    def make(name, size=(390, 844), camera=False):
        d = Device(browser, server, name, size, camera)
        made.append(d)
        return d

    yield make
    for fn in after:
        fn()
    for d in made:
        d.close()
    for d in made:
        d.watch.check()


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
        except Exception:
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
  renardiereRtc.listen((p, k, d) => k === 'tick' || d === '{"t":"ping"}' ||
    window.heard.push([Date.now() % 100000, p, k, (d || '').slice(0, 80)])); } }"""


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
        page.wait_for_selector(".ocell.lit[data-act]")
        page.click(".ocell.lit[data-act] >> nth=0")
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
