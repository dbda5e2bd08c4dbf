#!/usr/bin/env python3
"""Play across devices: a guest's tap to its own table redrawn with the host's answer, and the
pairing codes' sizes (``make bench``, or alone: ``.venv/bin/python -m bench.bench_devices``).

A whole game of Le Renard des Bois, the host's page against one guest's page, each in a
Chromium context of its own, over a real WebRTC data channel in a network namespace made for
the run (tools/netns.py: nothing leaves it).  On the guest's page, each tap that plays a
card is timed from its click event to the DOM change that draws the host's next frame (a
MutationObserver on ``#app``: the new ply on ``main.play``), in the page's own clock.  Reported:
the median and the 95th percentile over the game (the goal: 150 ms or less here), and the
lengths of the offer code, the answer code, the join link and its QR code's size.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from tools import netns

ROOT = Path(__file__).resolve().parent.parent

# Each tap's click, and the first redraw after it whose main.play carries another ply.
TIMING = """() => {
  if (window.lat) return;
  window.lat = []; window.tapAt = null; window.lastPly = null;
  document.addEventListener('click', () => { window.tapAt = performance.now(); }, true);
  new MutationObserver(() => {
    const m = document.querySelector('main.play'); if (!m) return;
    const ply = m.dataset.ply;
    if (window.tapAt !== null && ply !== window.lastPly) { window.lat.push(performance.now() - window.tapAt); window.tapAt = null; }
    window.lastPly = ply;
  }).observe(document.getElementById('app'), {childList: true, subtree: true, attributes: true});
}"""


def inside(seed: int) -> dict:
    import segno
    from playwright.sync_api import sync_playwright

    from tests.e2e import across_devices as dg      # the devices the browser tests play with
    from tools import build, serve
    from tools.browsers import CHROMIUM_SHIPPED as CHROMIUM_ARGS    # as shipped, not as the tests run it
    from tools.browsers import chromium

    CHROMIUM = chromium()       # the browser tests' (the headless shell, where it is installed)

    build.build_app_zip(ROOT, quiet=True)
    build.write_stylesheet(ROOT, quiet=True)
    srv = serve.make_server(ROOT).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            host, guest = dg.Device(browser, srv, "host", (820, 1180)), dg.Device(browser, srv, "guest")
            dg.start(host, "renard_des_bois", ["human", "device"])
            host.page.click("#invite-1")
            join = host.page.get_attribute("#join-link", "href")
            guest.page.goto(join)
            dg.wait_ready(guest.page)
            guest.page.wait_for_selector("#answer-link")
            answer = guest.page.get_attribute("#answer-link", "href")
            host.page.fill("#answer", answer)
            host.page.click("#pair")
            guest.page.wait_for_selector("main.play")
            guest.page.evaluate(TIMING)
            dg.play(host, {1: guest}, "renard_des_bois", lambda: dg.over(host), seed=seed)
            lat = guest.page.evaluate("window.lat")
            host.close()
            guest.close()
            browser.close()
    finally:
        srv.stop()
    offer = join.split("#join/", 1)[1].split(".")[-1]
    code = answer.split("#answer/", 1)[1].split(".")[-1]
    qr = segno.make_qr(join, error="l", boost_error=True)
    return {"taps": len(lat), "median_ms": statistics.median(lat),
            "p95_ms": sorted(lat)[max(0, int(round(0.95 * len(lat))) - 1)], "max_ms": max(lat),
            "offer_chars": len(offer), "answer_chars": len(code), "join_link_chars": len(join),
            "answer_link_chars": len(answer), "qr_version": qr.version, "qr_modules": qr.symbol_size(border=0)[0]}


def measure(seed: int = 1) -> dict:
    """Runs the game in a network namespace of its own; its figures."""
    reason = netns.missing()
    if reason:
        raise RuntimeError(f"bench_devices: {reason}")
    env = dict(os.environ, RENARDIERE_NETNS="1")
    proc = subprocess.run(["unshare", "-n", "sh", "-c", f'{netns.SETUP} && exec "$@"', "netns",
                           sys.executable, "-m", "bench.bench_devices", str(seed)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode or not lines:
        raise RuntimeError(f"bench_devices failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return json.loads(lines[-1])


def main() -> None:
    if netns.inside():
        print(json.dumps(inside(int(sys.argv[1]) if len(sys.argv) > 1 else 1)))
        return
    r = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    print(f"devices  guest tap to its table redrawn with the host's answer, a whole game of Le Renard "
          f"des Bois over WebRTC: median {r['median_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms, "
          f"max {r['max_ms']:.0f} ms over {r['taps']} taps (goal: p95 <= 150 ms)")
    print(f"devices  codes: offer {r['offer_chars']} characters, answer {r['answer_chars']}; join link "
          f"{r['join_link_chars']} (QR version {r['qr_version']}, {r['qr_modules']}x{r['qr_modules']} modules), "
          f"answer link {r['answer_link_chars']}")


if __name__ == "__main__":
    main()
