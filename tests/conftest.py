"""Marks and grouping for the whole suite: what each test needs, and where it runs.

Marks (pytest.ini lists them):
  browser  every test under tests/e2e/ (Chromium through Playwright); `make check` leaves them out
  slow     a test of seconds: Pyodide under Node, whole games played through the app, long
           random runs, the fuzz campaign; `make check` leaves them out too

`make test` runs the suite on two processes (pytest-xdist, ``-n 2 --dist loadgroup``).  Each
module's tests stay together on one process, so a module-scoped fixture (a Pyodide under Node,
a browser) starts once; and every browser test runs on the same process, one after another,
as before: two Chromiums booting Pyodide at once on a 2-core machine would race each other's
timeouts, while the CPython tests run beside them on the other core.
"""

from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent / "e2e"


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        if E2E in path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))
        else:
            item.add_marker(pytest.mark.xdist_group(path.stem))
