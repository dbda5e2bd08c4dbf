"""Marks and grouping for the whole suite: what each test needs, and where it runs.

Marks (pytest.ini lists them):
  browser  every test under tests/e2e/ (Chromium through Playwright); `make check` leaves them out
  slow     a test of seconds: Pyodide under Node, whole games played through the app, long
           random runs, the fuzz campaign; `make check` leaves them out too

`make test` runs the suite on two processes (pytest-xdist, ``-n 2 --dist loadgroup
--no-loadscope-reorder``).  Each module's tests stay together on one process, so a
module-scoped fixture (a Pyodide under Node, a browser, the browser tests' started page)
starts once.  A test may name a group of its own (``pytest.mark.xdist_group``): the
engines of tests/e2e/test_engines.py and the games of tests/e2e/test_devices_ui.py are one
group each, so they spread over both processes.  The longest groups go first (LONGEST), then
the browser modules, the longest part of the run, spread over both processes (a Chromium
each, under 1 GB): the CPython modules fill in around them, and the run ends on short ones.
Before, every browser test ran on one process, one after another, and that one process was
most of the run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent / "e2e"


def _browser(item) -> bool:
    return E2E in Path(str(item.path)).parents


# First: xdist's own hook turns the xdist_group marks into the scopes it schedules by, and a
# mark added after it is never seen (every test then was a unit of its own, modules split).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        if _browser(item):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("xdist_group") is None:     # a test may name its own group
            item.add_marker(pytest.mark.xdist_group(("e2e-" if _browser(item) else "") + path.stem))
    items.sort(key=_order)      # stable: the longest groups, then the browser modules, then the rest


# The groups that took longest, longest first (seconds of one process, a run of 2026-11-28 on a
# loaded machine): started first, so that none is left for the end while the other process
# idles.  A group missing here just runs in its turn.
LONGEST = ["e2e-engines-webkit", "e2e-devices-onexeno", "e2e-test_layouts", "e2e-devices-fennecs",
           "e2e-test_fowl_play_ui", "e2e-engines-firefox", "e2e-devices-renard", "e2e-devices-fowl_play",
           "e2e-devices-firefox"]


def _group(item) -> str:
    return item.get_closest_marker("xdist_group").args[0]


def _order(item) -> tuple:
    group = _group(item)
    return (LONGEST.index(group) if group in LONGEST else len(LONGEST), not _browser(item))
