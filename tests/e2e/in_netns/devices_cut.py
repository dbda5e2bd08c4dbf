"""A guest cut off the network for 8 s, in Chromium over real WebRTC (issue 52, fault 6): the
channel stays "open" meanwhile, and only the heartbeat (ui/net/heartbeat.py) tells.  Both pages
say the silence in words within 5 s of the cut, a tap made during it is refused in words, and
both say the connection is back within a few seconds of its end; the game then goes on.

The cut: every packet on loopback dropped (``tc qdisc ... pfifo limit 0``; this kernel has no
tc classifier, so no one port can be picked).  Both pages' candidates are 10.77.0.1, a local
address, whose packets go through loopback: the channel is cut both ways.  Nothing else needs
loopback meanwhile (the pages are loaded, the browser is driven over a pipe).  Run by
tests/e2e/test_devices_cut.py in a network namespace (tools/netns.py); the same on CPython:
tests/test_heartbeat.py."""

from __future__ import annotations

import random
import subprocess
import time

import pytest

from tools import netns
from across_devices import act, made_devices, pair, start

pytestmark = netns.inside_only()

CUT = ["tc", "qdisc", "add", "dev", "lo", "root", "pfifo", "limit", "0"]
MEND = ["tc", "qdisc", "del", "dev", "lo", "root"]
# What each page says of the other: the host's bar item of seat 1, the guest's banner.
SAYS = """() => ({host: null, guest: document.querySelector('#guest-state')?.dataset.state ?? null,
                  bar: document.querySelector('#devices li[data-seat="1"]')?.className ?? null,
                  text: (document.querySelector('#devices li[data-seat="1"]') ||
                         document.querySelector('#guest-state') || {}).textContent ?? null,
                  status: document.querySelector('#status')?.textContent ?? null})"""


@pytest.fixture
def devices(browser, server):
    yield from made_devices(browser, server, after=(lambda: subprocess.run(MEND, capture_output=True),))


def until(pred, seconds: float, t0: float) -> float:
    """Seconds from ``t0`` until ``pred()`` held (polled every 50 ms), or fails after ``seconds``."""
    end = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < end, f"not within {seconds} s"
        time.sleep(0.05)
    return time.monotonic() - t0


def test_a_guest_cut_for_8_s_is_said_on_both_pages_and_comes_back(devices):
    host, guest = devices("host", (820, 1180)), devices("guest")
    start(host, "renard_des_bois", ["human", "device"])
    pair(host, guest, 1)
    hp, gp = host.page, guest.page
    rng = random.Random(5)
    while gp.evaluate("document.querySelector('main.play')?.dataset.acting ?? null") is None:
        assert act(hp, "renard_des_bois", rng) or time.sleep(0.05) is None
    time.sleep(3)          # connected and silent a while: the pings alone keep both "connected"
    assert hp.evaluate(SAYS)["bar"] == "device here" and gp.evaluate(SAYS)["guest"] is None
    ply = int(gp.get_attribute("main.play", "data-ply"))

    subprocess.run(CUT, check=True)
    t0 = time.monotonic()
    try:
        on_host = until(lambda: hp.evaluate(SAYS)["bar"] == "device quiet", 6, t0)
        on_guest = until(lambda: gp.evaluate(SAYS)["guest"] == "quiet", 6, t0)
        said = hp.evaluate(SAYS)["text"], gp.evaluate(SAYS)["text"]
        assert "Player 2: no answer for a few seconds" in said[0], said
        assert "The connection to the other device is lost or slow" in said[1], said
        # a tap meanwhile: refused in words, nothing sent
        gp.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)
        gp.wait_for_function("() => (document.querySelector('#status')?.textContent || '').includes('Not sent')",
                             timeout=3_000)
        time.sleep(max(0.0, 8 - (time.monotonic() - t0)))
    finally:
        subprocess.run(MEND, check=True)
    t1 = time.monotonic()
    host_back = until(lambda: hp.evaluate(SAYS)["bar"] == "device here", 20, t1)
    guest_back = until(lambda: gp.evaluate(SAYS)["guest"] is None, 20, t1)
    print(f"cut: said on the host after {on_host:.1f} s, on the guest after {on_guest:.1f} s; "
          f"back on the host {host_back:.1f} s after the cut's end, on the guest {guest_back:.1f} s")
    assert on_host <= 5 and on_guest <= 5, (on_host, on_guest)
    # the game goes on: the guest's tap now plays
    assert int(gp.get_attribute("main.play", "data-ply")) == ply
    assert act(gp, "renard_des_bois", rng)
    assert int(hp.get_attribute("main.play", "data-ply")) > ply
