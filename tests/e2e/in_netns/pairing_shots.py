"""Screenshots at phone size (390x844) of each state of a pairing said in words, on host and
guest, over real WebRTC in Chromium (issue 52), each state waited for as it is said: to
test-results/pairing/, or with PAIRING_SHOTS=1 to docs/screenshots/pairing/<n>-<side>-<state>.png.
Run by tests/e2e/test_pairing_shots.py in a network namespace of its own (tools/netns.py)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from tools import netns
from across_devices import made_devices, start, wait_ready

pytestmark = netns.inside_only()

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / ("docs/screenshots" if os.environ.get("PAIRING_SHOTS") else "test-results") / "pairing"
CUT = ["tc", "qdisc", "add", "dev", "lo", "root", "pfifo", "limit", "0"]
MEND = ["tc", "qdisc", "del", "dev", "lo", "root"]


@pytest.fixture
def devices(browser, server):
    yield from made_devices(browser, server, after=(lambda: subprocess.run(MEND, capture_output=True),))


def shot(page, name: str, selector: str) -> None:
    page.wait_for_selector(selector)
    page.locator(selector).first.scroll_into_view_if_needed()
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"{name}.png"))


def test_each_pairing_state_at_phone_size(devices):
    host, guest = devices("host"), devices("guest")
    start(host, "renard_des_bois", ["human", "device"])
    hp, gp = host.page, guest.page
    hp.click("#invite-1")
    link = hp.get_attribute("#join-link", "href")
    shot(hp, "1-host-invited", '#devices li[data-state="invited"]')
    gp.goto(link)
    wait_ready(gp)
    shot(gp, "2-guest-answer-shown", "#answer-link")
    hp.fill("#answer", gp.get_attribute("#answer-link", "href"))
    hp.click("#pair")
    hp.wait_for_selector('#devices li[data-seat="1"].here', timeout=20_000)
    shot(hp, "3-host-connected", '#devices li[data-state="here"]')
    shot(gp, "3-guest-connected", "main.play")
    subprocess.run(CUT, check=True)
    try:
        shot(hp, "4-host-quiet", '#devices li.quiet')
        shot(gp, "4-guest-quiet", '#guest-state[data-state="quiet"]')
    finally:
        subprocess.run(MEND, check=True)
    hp.wait_for_selector('#devices li[data-seat="1"].here', timeout=20_000)
    t0 = time.monotonic()
    gp.close(run_before_unload=True)           # the guest's page closed: it says so as it goes
    shot(hp, "5-host-away-page-closed", '#devices li[data-state="away"]')
    said = hp.inner_text('#devices li[data-seat="1"]')
    print(f"the guest's page closed: the host said it in {time.monotonic() - t0:.1f} s: {said!r}")
    assert "page was closed" in said, said
