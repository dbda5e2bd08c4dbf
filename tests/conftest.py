"""Marks and grouping for the whole suite: what each test needs, and where it runs; and the
fixtures several modules take (at the end; the rest they share is in tests/helpers/).

Marks (pytest.ini lists them):
  browser  every test under tests/e2e/ (Chromium through Playwright); `make check` leaves them out
  slow     a test of seconds: Pyodide under Node, whole games played through the app, long
           random runs, the fuzz campaign; `make check` leaves them out too

`make check` runs the suite on two processes (pytest-xdist, ``-n 2 --dist loadgroup
--no-loadscope-reorder``), `make test` on three, the third for the CPython tests alone at a
low priority (below).  Each module's tests stay together on one process, so a
module-scoped fixture (a Pyodide under Node, a browser, the browser tests' started page)
starts once.  A test may name a group of its own (``pytest.mark.xdist_group``): the
engines of tests/e2e/test_engines.py and the games of tests/e2e/test_devices_ui.py are one
group each, so they spread over both processes.  The longest groups go first (LONGEST), then
the browser modules, the longest part of the run, spread over both processes (a Chromium
each, under 1 GB): the CPython modules fill in around them, and the run ends on short ones.
Before, every browser test ran on one process, one after another, and that one process was
most of the run.  Among the CPython modules the longest go first too (HEAVY), and the tests of
a module of SPLIT run as one group per game (their ``gid``): no module then runs alone at the
end of `make check` while the other process idles.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent / "e2e"
BROWSER_GROUP = "e2e-"     # the prefix of a browser test's xdist group (tests/e2e/ name theirs so too)


def _browser(item) -> bool:
    return E2E in Path(str(item.path)).parents


# First: xdist's own hook turns the xdist_group marks into the scopes it schedules by, and a
# mark added after it is never seen (every test then was a unit of its own, modules split).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        browser = _browser(item)
        if browser:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("xdist_group") is None:     # a test may name its own group
            group = (BROWSER_GROUP if browser else "") + path.stem
            gid = item.callspec.params.get("gid") if hasattr(item, "callspec") else None
            if path.stem in SPLIT and isinstance(gid, str):
                group += "-" + gid
            item.add_marker(pytest.mark.xdist_group(group))
        item.stash[_KEY] = _order(item, browser)
    items.sort(key=lambda item: item.stash[_KEY])  # stable: the longest groups, the browser modules, the rest


# The groups that took longest, longest first (seconds of one process, a run of 2026-11-28 on a
# loaded machine): started first, so that none is left for the end while the other process
# idles.  A group missing here just runs in its turn.
LONGEST = ["e2e-engines-webkit", "e2e-devices-onexeno", "e2e-test_layouts", "e2e-devices-fennecs",
           "e2e-test_fowl_play_ui", "e2e-engines-firefox", "e2e-devices-renard", "e2e-devices-fowl_play",
           "e2e-devices-firefox"]


# The CPython modules of most CPU time in `make check` (2026-11-28: 15 s down to 3), longest
# first (a module of SPLIT by its longest game): after the browser modules, so that a run ends
# on the short ones.
HEAVY = ["test_hosting_fuzz", "test_fuzz", "test_fuzz_app", "test_fowl_play", "test_ui_words",
         "test_link_codec", "test_replay", "test_hosting", "test_guest_fuzz", "test_homes", "test_ui_tables",
         "test_ui_marks", "test_ui_tap_cost", "test_fendo", "test_contract", "test_ui_links",
         "test_pairing", "test_devices"]
SPLIT = {"test_fuzz", "test_replay", "test_ui_words"}      # none has a fixture shared by module
_KEY = pytest.StashKey[tuple]()


def _group(item) -> str:
    return item.get_closest_marker("xdist_group").args[0]


def _order(item, browser: bool) -> tuple:
    group = _group(item)
    module = group.partition("-")[0] if group.partition("-")[0] in SPLIT else group
    return (LONGEST.index(group) if group in LONGEST else len(LONGEST), not browser,
            HEAVY.index(module) if module in HEAVY else len(HEAVY))


# -- a third process, for the CPython tests, at a low priority --------------------------------
#
# The browser modules keep the two cores about 87% busy: their pages wait on timers, frames and
# each other.  With ``-n 3`` (`make test`) the last process takes only the CPython groups, at
# nice 10: it runs in the cores' idle time while the browser modules run, and the browsers lose
# little to it.  The first two take the browser groups first, then the CPython groups left.
# (Three processes that all took browser groups kept the cores 96% busy, but three browsers at
# once slowed a WebKit test past its 30 s: the browsers never run three at a time here.)
# 2026-11-29: the tests 509 s so, against 584-602 s on two processes the same morning; the
# third process ran CPython tests from start to end, the browser modules ended at 454-487 s.

def _is_cpu_worker(worker: str | None, count: int) -> bool:
    return count >= 3 and worker == f"gw{count - 1}"


def pytest_configure(config):
    if _is_cpu_worker(os.environ.get("PYTEST_XDIST_WORKER"), int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))):
        os.nice(10)


@pytest.hookimpl(optionalhook=True)      # the namespaces' runs load this file without xdist
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowsersApart(LoadGroupScheduling):
        """LoadGroupScheduling (xdist 3.8, pinned), but the last of three or more processes
        takes CPython groups only, and the others browser groups first."""

        def _assign_work_unit(self, node):
            cpu = _is_cpu_worker(node.gateway.id, len(self.registered_collections))
            mine = [s for s in self.workqueue if s.startswith(BROWSER_GROUP) != cpu]
            if not mine and cpu:
                node.shutdown()             # no CPython group left: never a third browser
                return
            scope = (mine or list(self.workqueue))[0]
            self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return BrowsersApart(config, log)


# -- fixtures that several modules take (what they share besides: tests/helpers/) --------------

@pytest.fixture(autouse=True)
def _close_pending_bot_moves():
    """Each test's apps are numbered from 1 (tests/helpers/app.py's make_app seeds its games
    with that number), on whatever ran before it in this process: pages left behind with their
    pending bot moves, and a seed that followed the order of the tests, made one fail once."""
    from helpers.app import close_pages

    close_pages()
    yield
    close_pages()


class PyodideStackOverflow(BaseException):
    """What Pyodide does when ``json.loads`` recurses too deep: a fatal error that no
    ``except Exception`` catches (on CPython the same input raises a RecursionError)."""


@pytest.fixture
def pyodide_json(monkeypatch):
    """``json.loads`` as in Pyodide: a text nested deeper than 1,000 is fatal.  The depth is
    measured with ``reader.depth`` (a scan, not a parse) on every text given to ``json.loads``."""
    import json

    from ui.store import reader

    real = json.loads

    def loads(s, *a, **kw):
        if isinstance(s, (str, bytes)) and reader.depth(s if isinstance(s, str) else s.decode("utf-8", "replace")) > 1000:
            raise PyodideStackOverflow("Maximum call stack size exceeded")
        return real(s, *a, **kw)

    monkeypatch.setattr(json, "loads", loads)


@pytest.fixture
def sixth_game():
    """The tests' tic-tac-toe (tests/tictactoe*.py), registered as a sixth game for one test:
    in ``game.GAMES``, the UI's registry (the one line a new game adds to the UI) and the bots'
    profiles (outside bots/)."""
    import game
    import tictactoe_bot
    from bots import profile
    from game import core
    from tictactoe import TicTacToe
    from tictactoe_ui import TicTacToeScreen
    from ui.kit import registry

    info = core.register(core.GameInfo("tictactoe", "Tic-tac-toe", 2, 2, state_class=TicTacToe,
                                       author="Folk", code=7))
    TicTacToe.info = info
    registry.register(TicTacToeScreen())
    profile.register("tictactoe", tictactoe_bot.PROFILE)
    yield
    registry.unregister("tictactoe")
    del profile.PROFILES["tictactoe"]
    del game.GAMES["tictactoe"]
