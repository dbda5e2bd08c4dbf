#!/usr/bin/env python3
"""How long the bot takes to answer in Chromium, through the page's worker, as a player waits.

    make bench-bot            # or: .venv/bin/python -m bench.bench_bot_browser [--level standard] [--games 1]

Starts a Fendo game between two bots of one level in headless Chromium and reads, after
each ply, the time the page waited for the worker's answer (``data-bot-ms`` on the board:
the record sent, replayed and searched in the worker, the answer sent back).  The first
decision also pays for the worker's own Pyodide boot and is reported apart.  A
benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from tools import serve
from tools.browsers import CHROMIUM_FULL, CHROMIUM_SHIPPED

ROOT = Path(__file__).resolve().parent.parent

# Polls the board every 10 ms and keeps the bot's time for each new ply.
THINK_PROBE = """
(() => {
  window.__think = {};
  setInterval(() => {
    const m = document.querySelector('main.play');
    if (m && m.dataset.botMs !== undefined) window.__think[m.dataset.ply] = +m.dataset.botMs;
  }, 10);
})();
"""


def run(level: str, games: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    server = serve.make_server(ROOT).start()
    url = server.url
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM_FULL, args=CHROMIUM_SHIPPED)
            for _ in range(games):
                page = browser.new_page()
                page.goto(url)
                page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
                page.click("#new-fendo")
                page.check('input[name="kind0"][value="bot"]')
                page.select_option("#level0", level)
                page.select_option("#level1", level)
                page.evaluate(THINK_PROBE)
                page.click("#start")
                page.wait_for_selector('main.play[data-over="1"]', timeout=1_800_000)
                page.wait_for_timeout(100)
                think = page.evaluate("window.__think")
                times.extend(think[k] for k in sorted(think, key=int))
                page.close()
            browser.close()
    finally:
        server.stop()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="standard")
    ap.add_argument("--games", type=int, default=1)
    a = ap.parse_args()
    times = run(a.level, a.games)
    first, rest = times[0], sorted(times[1:])
    print(f"bot level {a.level}, Fendo 7x7, {len(times)} decisions in Chromium (worker):")
    print(f"  first decision (with the worker's boot): {first:8.0f} ms")
    print(f"  median {statistics.median(rest):8.0f} ms   p95 {rest[int(0.95 * (len(rest) - 1))]:8.0f} ms"
          f"   max {rest[-1]:8.0f} ms")


if __name__ == "__main__":
    main()
