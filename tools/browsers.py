"""Chromium and its pages as the browser tests and the benchmarks drive them (Playwright's):
the binaries and the flags Chromium is shipped with, the scripts a context starts its pages
with, the wait for the app's start, and a watch on what a page did wrong.

tests/e2e/conftest.py makes its fixtures of these; bench/ launches Chromium with them, and
tests/e2e/across_devices.py's devices, which bench/bench_devices.py plays too, are made of them.
A watch's ``check()`` and ``wait_ready`` fail the running test (pytest's ``fail``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from tools.serve import QUICK_TAPS  # noqa: F401  (every context the tests open; see tools/serve.py)

# Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8 as
# /usr/bin/chromium, without the desktop browser around them; what Playwright itself runs for
# headless Chromium) when it is there: a page boot costs about 2.7 s of a core in it against
# 4.0 s in the full browser (4 boots each, alternating, 2026-11-29), and the run boots about
# 90 pages.  The tests in a network namespace that take the camera run the full browser: the
# shell has none (tools/netns.py, ``camera``).  The benchmarks run the full browser
# with the flags as shipped (CHROMIUM_SHIPPED), but for bench/bench_devices.py, which plays as the
# browser tests do (chromium()); the tests add flags of their own (tests/e2e/conftest.py).
CHROMIUM_FULL = "/usr/bin/chromium"
CHROMIUM_SHELL = "/usr/bin/chromium-headless-shell"


def chromium() -> str:
    """The browser tests' Chromium: $RENARDIERE_CHROMIUM, else the headless shell where it is
    installed, else the full browser."""
    return os.environ.get("RENARDIERE_CHROMIUM") or (
        CHROMIUM_SHELL if Path(CHROMIUM_SHELL).exists() else CHROMIUM_FULL)


CHROMIUM_SHIPPED = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
READY = 'body[data-ready="1"]'

# Console errors that are known and harmless (regexes). PyScript's worker note that
# window/document are unavailable is a warning, not an error, so it needs no entry here.
HARMLESS = [
    # Chromium asks for /favicon.ico when a page names none: not the app's doing.
    r"favicon\.ico.*404|404.*favicon\.ico",
]


def wait_ready(page, timeout: float = 60_000) -> None:
    """Waits until the app says it is ready: body[data-ready="1"]; says why not, if it can."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_selector(READY, state="attached", timeout=timeout)
    except PlaywrightTimeout:
        watch = getattr(page, "_renardiere_watch", None)
        why = watch.report() + "\nconsole:\n  " + "\n  ".join(watch.console[-40:]) if watch else ""
        import pytest

        pytest.fail(f"{page.url} not ready (body[data-ready=1]) after {timeout / 1000:.0f} s\n{why}",
                    pytrace=False)


# Nor does a test page make the interpreter's memory snapshot once it is up (a third Pyodide,
# in a worker: ui/web/boot.py, make_snapshot), nor start from one: tests/e2e/test_snapshot.py opens
# its pages without this (``browser.new_context(snapshot=True)``).
NO_SNAPSHOT = "window.renardiereNoSnapshot = true;"


# A person's pace holds a finished trick on the table 1.5 s and leaves 0.8 s between two bot
# moves (ui/table/pacing.py, Pacing): the tests that play on do not wait for them. The tests of
# that pacing open their own context without this.
QUICK = "window.renardierePace = 0;"


def count(page, selector: str) -> int:
    """How many elements match, with no handle left behind.  An ElementHandle
    (``page.query_selector``) keeps its element alive in the page until it is disposed, and the
    element its whole table, long after the table was drawn anew: a page of the tests' held
    114,000 DOM nodes after a full GC at move 79 of Le Renard des Bois, against 4,600 to 5,700
    all game long with none (2026-11-29), and each GC marks them all.  Ask this, or a locator."""
    return page.locator(selector).count()


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Watch:
    """Collects what went wrong on watched pages; ``check()`` fails the test if anything did."""

    LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome-error:")

    def __init__(self, *origins: str):
        self.origins = {origin(o) for o in origins}
        self.problems: list[str] = []
        self.offsite: list[str] = []
        self.allowed = [re.compile(p) for p in HARMLESS]
        self.console: list[str] = []  # every console line, for the failure report

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def add_origin(self, url: str) -> None:
        self.origins.add(origin(url))

    def _harmless(self, text: str) -> bool:
        return any(p.search(text) for p in self.allowed)

    # -- listeners ----------------------------------------------------------
    def on_console(self, msg) -> None:
        loc = msg.location or {}
        where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc.get("url") else ""
        line = f"console.{msg.type}: {msg.text}{where}"
        self.console.append(line[:2000])
        if msg.type == "error" and not self._harmless(line):
            self.problems.append(line[:2000])

    def on_pageerror(self, error) -> None:
        self.problems.append(f"uncaught: {error}"[:2000])

    def on_request(self, request) -> None:
        url = request.url
        if url.startswith(self.LOCAL_SCHEMES):
            return
        if origin(url) not in self.origins:
            self.offsite.append(url)

    def on_requestfailed(self, request) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" in failure:  # a navigation or reload cut a load short: not a fault
            return
        text = f"request failed: {request.method} {request.url}: {failure}"
        if not self._harmless(text):
            self.problems.append(text)

    def on_response(self, response) -> None:
        if response.status >= 400:
            text = f"HTTP {response.status}: {response.request.method} {response.url}"
            if not self._harmless(text):
                self.problems.append(text)

    def _context_listeners(self):
        return (("request", self.on_request), ("requestfailed", self.on_requestfailed),
                ("response", self.on_response))

    def _page_listeners(self):
        return (("console", self.on_console), ("pageerror", self.on_pageerror))

    def attach_context(self, context) -> None:
        for event, fn in self._context_listeners():
            context.on(event, fn)

    def attach_page(self, page) -> None:
        page._renardiere_watch = self  # for wait_ready's report
        for event, fn in self._page_listeners():
            page.on(event, fn)

    def detach(self, context, page) -> None:
        """Stops watching a shared page and its context (``app``: the next test watches them)."""
        for event, fn in self._context_listeners():
            context.remove_listener(event, fn)
        for event, fn in self._page_listeners():
            page.remove_listener(event, fn)

    # -- verdict ------------------------------------------------------------
    def report(self) -> str:
        lines = []
        if self.offsite:
            lines.append(f"requests to another origin (allowed: {sorted(self.origins)}):")
            lines += [f"  {u}" for u in dict.fromkeys(self.offsite)]
        if self.problems:
            lines.append("errors:")
            lines += [f"  {p}" for p in self.problems]
        return "\n".join(lines)

    def check(self) -> None:
        if self.offsite or self.problems:
            import pytest

            pytest.fail(self.report() + "\nconsole:\n  " + "\n  ".join(self.console[-40:]), pytrace=False)

    def clear(self) -> None:
        self.problems.clear()
        self.offsite.clear()
