"""Marks and grouping for the whole suite: what each test needs, and where it runs.

Marks (pytest.ini lists them):
  browser  every test under tests/e2e/ (Chromium through Playwright); `make check` leaves them out
  slow     a test of seconds: Pyodide under Node, whole games played through the app, long
           random runs, the fuzz campaign; `make check` leaves them out too

`make test` runs the suite on two processes (pytest-xdist, ``-n 2 --dist loadgroup
--no-loadscope-reorder``).  Each module's tests stay together on one process, so a
module-scoped fixture (a Pyodide under Node, a browser, the browser tests' started page)
starts once.  The browser modules go first, the longest part of the run, spread over both
processes (a Chromium each, under 1 GB): the CPython modules fill in around them, and the
run ends on short ones.  Before, every browser test ran on one process, one after another,
and that one process was most of the run.
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
            item.add_marker(pytest.mark.xdist_group("e2e-" + path.stem))
        else:
            item.add_marker(pytest.mark.xdist_group(path.stem))
    items.sort(key=lambda item: not _browser(item))    # stable: the browser modules first
