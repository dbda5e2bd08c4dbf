"""Shared fixtures for the browser tests: a static server, Chromium, watched pages.

Fixtures
  site_root   the folder served: the repository (or $RENARDIERE_E2E_ROOT, e.g. build/site)
  server      a session-wide static server over site_root; ``server.url`` is
              "http://127.0.0.1:PORT/" (.mjs, .wasm and .webmanifest get their right types)
  serve       a factory: ``serve()`` starts another server over site_root (``serve(root)``
              over another folder) and stops it after the test; ``srv.stop()`` stops it earlier
              (the offline test cuts the network this way); ``serve(pages=True)`` sends GitHub
              Pages' caching headers. Every server counts what it sends: ``srv.sent``
  browser     headless Chromium, one per test module: Debian's chromium-headless-shell, else
              its /usr/bin/chromium (or $RENARDIERE_CHROMIUM; see CHROMIUM)
  context     a fresh browser context per test: empty cache, service workers allowed, and
              no pacing holds (window.renardierePace = 0, see QUICK)
  watch       what the test's pages did wrong: console errors, uncaught errors, failed requests,
              HTTP errors, and any request to another origin. Checked when the test ends: any of
              these fails it. ``watch.allow(regex)`` tolerates a console error the test expects.
  page        a page of ``context``, watched, for ``server``: a fresh page, to be loaded
  app         the module's started page, on the home page and ready, watched, as if just
              opened (see below): the fixture to take unless the test needs a fresh page
  wait_ready  ``wait_ready(page, timeout=60_000)``: waits for body[data-ready="1"]
  shared_at   ``shared_at(shared, viewport)``: as ``app``, on a started page of another device
              (a touch screen, a phone), which ``name = shared_device(init, **context)`` makes a
              module-scoped fixture of (tests/e2e/test_layouts.py)

``app``: one started page per module.  Loading the page starts Pyodide (seconds of CPU, and
as much again for the bot's worker), so a module's tests share one page, started once, in a
context of their own (1280x800, service workers allowed, QUICK).  Before each test the
fixture empties localStorage and sessionStorage, takes the fragment off the address, resets
the viewport, the emulated media and the permissions, and has ui/main.py build a new App on
the page (``window.renardiereRestart``, offered only to pages that set
``window.renardiereRestartable``); the old app's listeners and tasks are gone.  So:
  - navigate with a fragment, ``page.goto(server.url + "#new/fendo")``: a hash change the
    app hears, no load.  ``page.goto(server.url)``, with no fragment, loads the page again
    (correct, but a boot); so does ``page.reload()``, which a test may use freely.
  - a test that adds a listener to the page (``page.on("dialog", f)``) removes it at its end.
  - a test needs ``page`` instead (a fresh context and page) when it needs what a started
    page cannot give: a first visit or a service worker's first install, an init script
    (``add_init_script``), a touch screen or a phone (a new context: ``phone_page``), the
    double-tap guard as shipped, several tabs of one context.
  - after a failed test, the next one gets a page loaded anew.
Page loads of the app are counted: each process lists them by test in
test-results/boots-<worker>.txt (and a run without xdist ends with ``page boots: N``).

``open_watched(context, watch)`` opens another watched page in a context, and
``new_watch(url)`` makes a Watch for another server (``watch.attach_context(ctx)``, then
``watch.check()``): both are fixtures, for tests that need their own server or context.
On a failure, a screenshot lands in test-results/.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page as _Page

ROOT = Path(__file__).resolve().parents[2]
from tools import serve as _serve
# Chromium's binaries and flags, the pages' scripts, the wait for the start and the watch are
# tools/browsers.py's (the benchmarks take them too); the tests import them from here as well.
from tools.browsers import (CHROMIUM_SHIPPED, NO_SNAPSHOT, QUICK, QUICK_TAPS, READY, Watch,  # noqa: F401
                            chromium, count, wait_ready)

CHROMIUM = chromium()     # the headless shell where it is installed (tools/browsers.py says why)
# --liftoff-only: V8 compiles WebAssembly with its baseline compiler only, never again with its
# optimizing one in the background.  Each of a run's ~90 page boots (and each bot worker's)
# compiles Pyodide anew in a fresh context, and the optimizing tier's background work took CPU
# from the other test process: 6-17% off two pairs of modules measured with and without it
# (2026-11-28).  The tests check what Chromium draws and runs, not how its JIT tiers up, as
# tools/engines.py runs WebKit; the benchmarks run Chromium as shipped.
# RENARDIERE_CHROMIUM_FLAGS adds flags (space-separated).  CHROMIUM_SHIPPED: as shipped.
CHROMIUM_ARGS = CHROMIUM_SHIPPED + ["--js-flags=--liftoff-only"] + \
    os.environ.get("RENARDIERE_CHROMIUM_FLAGS", "").split()
RESULTS = ROOT / "test-results"


def _polling_wait_for_function(wait):
    """Playwright's ``wait_for_function`` checks at every animation frame unless told
    otherwise, and a page asked for frames draws 60 a second while a test waits on it (a bot
    thinking, a guest's frame on its way): the tests' waits check every 50 ms instead.
    Onexeno across devices took 18% less CPU so (2 runs each, 2026-11-29)."""
    @functools.wraps(wait)
    def wait_for_function(self, expression, *, arg=None, timeout=None, polling=None):
        return wait(self, expression, arg=arg, timeout=timeout, polling=POLL_MS if polling is None else polling)
    return wait_for_function


POLL_MS = 50
_Page.wait_for_function = _polling_wait_for_function(_Page.wait_for_function)


# The box of the first element a selector matches, read in one step in the page: the app draws
# a screen anew at every change, so a locator's bounding_box() may find the element it resolved
# already replaced (None), as a loaded CI run saw.
_BOX = """s => { const e = document.querySelector(s); if (!e) return null;
              const r = e.getBoundingClientRect();
              return {x: r.x, y: r.y, width: r.width, height: r.height}; }"""


def box_of(page, selector: str, timeout: float = 30_000) -> dict:
    """``{x, y, width, height}`` of the first element matching ``selector``, once there is one."""
    return page.wait_for_function(_BOX, arg=selector, timeout=timeout).json_value()


def wait_hand_turn(page, timeout: float = 60_000) -> None:
    """A card game's turn back to the person at the device: the game over, or no bot thinking
    and their hand active (Le Renard des Bois, here and in tests/e2e/test_snapshot.py)."""
    page.wait_for_function(
        """() => { const m = document.querySelector('main.play');
                   return m && (m.dataset.over === '1' || (!m.dataset.thinking &&
                          document.querySelector('#hand.active'))); }""", timeout=timeout)


def start_against_novices(page, players: int, tap: bool = False) -> None:
    """On the new-game form: ``players`` players, the person first and novice bots, started
    (by taps on a touch screen: ``tap``)."""
    press = page.tap if tap else page.click
    page.wait_for_selector("#newgame-form")
    press(f'input[name="players"][value="{players}"]')
    page.wait_for_selector(f"#level{players - 1}")
    for i in range(1, players):
        page.select_option(f"#level{i}", "novice")
    press("#start")


def open_save(page, save: dict) -> None:
    """Puts ``save`` in the page's storage and opens it by its link, as a reload would."""
    import json

    from ui.store import saves

    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.key_of(save["id"]), json.dumps(save)])
    page.evaluate("(h) => { location.hash = h; }", f"#play/{save['id']}")


def near_the_end(game_id: str, players: int, options: dict, seed: int, left: int) -> dict:
    """The save of a game of a person (seat 0, "Anna") against novice bots, played at random
    from ``seed`` to about ``left`` actions before its end, the person to move: a test that
    plays "to the end" at a second size starts here, the whole game being played at another.
    The same ``seed`` plays the same game twice: once to its end, to know its length."""
    import random

    from ui.store.session import Session

    people = [{"kind": "human", "name": "Anna", "level": None}]
    seats = people + [{"kind": "bot", "name": "", "level": "novice"}] * (players - 1)

    def play(stop):
        rng = random.Random(seed)
        ses = Session.start(f"end{seed:x}{game_id[:3]}", game_id, seats, options, seed, 1_764_000_000)
        while not ses.state.over and not (stop(len(ses.state.actions)) and 0 in ses.state.to_move):
            seat = ses.state.to_move[0]
            ses.apply(seat, rng.choice(ses.state.legal_actions(seat)), 1_764_000_000)
        return ses

    length = len(play(lambda n: False).state.actions)
    ses = play(lambda n: n >= length - left)
    assert not ses.state.over, (game_id, seed, length, left)
    return ses.save


# -- servers ------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def site_root() -> Path:
    root = Path(os.environ.get("RENARDIERE_E2E_ROOT", ROOT)).resolve()
    missing = [f for f in ("index.html", "pyscript.toml", "assets/runtime/pyodide/pyodide.mjs",
                           "assets/runtime/precache.js") if not (root / f).exists()]
    if (root / "package.json").exists() and (root / "assets/runtime/pyodide/pyodide.mjs").exists():
        _serve.build.build_app_zip(root, quiet=True)  # the repository: app.zip and list
        _serve.build.write_stylesheet(root, quiet=True)  # (and the one stylesheet)
        _serve.build.write_precache(root, quiet=True)  # follow the files
        missing = [f for f in missing if f != "assets/runtime/precache.js"]
    if missing:
        pytest.fail(f"{root} lacks {', '.join(missing)}: run `make runtime` (make test does)", pytrace=False)
    return root


# The tests' servers serve the files as site_root left them: the zip, stylesheet and precache
# list are built once per run there, not again at every page's request (about 120 ms of a
# process's time per page boot, on the process that drives the browser).
@pytest.fixture(scope="session")
def server(site_root):
    srv = _serve.make_server(site_root, live_precache=False).start()
    yield srv
    srv.stop()


@pytest.fixture
def serve(site_root):
    started = []

    def start(root: Path | None = None, pages: bool = False):
        srv = _serve.make_server(root or site_root, pages=pages, live_precache=False).start()
        started.append(srv)
        return srv

    yield start
    for srv in started:
        try:
            srv.stop()
        except OSError:
            pass


# -- page boots ---------------------------------------------------------------------------

# Every load of the app's page (index.html) starts Pyodide anew: the costliest step of a browser
# test.  Counted per test, in test-results/boots-<worker>.txt (rewritten after each test).
BOOTS: dict[str, int] = {}
_current = ["(none)"]


def _count_boots(page) -> None:
    def loaded():
        path = urlsplit(page.url).path
        if path in ("/", "/index.html"):
            BOOTS[_current[0]] = BOOTS.get(_current[0], 0) + 1

    page.on("load", loaded)


@pytest.fixture(autouse=True)
def _boot_owner(request):
    _current[0] = request.node.nodeid
    yield
    if BOOTS:   # written after every test, so that a run cut short still says
        RESULTS.mkdir(exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        lines = [f"{n} {test}" for test, n in sorted(BOOTS.items())]
        (RESULTS / f"boots-{worker}.txt").write_text(f"{sum(BOOTS.values())} total\n" + "\n".join(lines) + "\n")


def pytest_terminal_summary(terminalreporter):
    if BOOTS:
        terminalreporter.write_line(f"page boots: {sum(BOOTS.values())} in {len(BOOTS)} tests")


# -- the browser --------------------------------------------------------------------------

# Module scope, not session: Playwright's sync API keeps an asyncio loop running in this
# thread while it is open, and asyncio.run() in any test collected after the browser tests
# would fail with "cannot be called from a running event loop". A launch costs about a second.
@pytest.fixture(scope="module")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_instance):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium chromium-headless-shell (make test does)", pytrace=False)
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    raw_context = b.new_context

    def new_context(worker_on_demand: bool = True, snapshot: bool = False, **kw):
        ctx = raw_context(**kw)
        ctx.on("page", _count_boots)
        if worker_on_demand:
            ctx.add_init_script(WORKER_ON_DEMAND)
        if not snapshot:
            ctx.add_init_script(NO_SNAPSHOT)
        return ctx

    def quick_taps(worker_on_demand: bool = True, snapshot: bool = False, **kw):
        ctx = new_context(worker_on_demand, snapshot, **kw)
        ctx.add_init_script(QUICK_TAPS)
        return ctx

    quick_taps.__wrapped__ = new_context   # a person's taps: the double-tap guard as shipped
    b.new_context = quick_taps
    yield b
    b.close()


# The bot's worker (a second Pyodide: about 2 s of a core in Chromium) starts at the first move
# asked of it, not when the page is idle nor on leaving home (ui/web/botworker.py): most test pages
# never ask one.  tests/e2e/test_bot_worker.py opens its pages without this
# (``browser.new_context(worker_on_demand=False)``) and checks the start as shipped.
WORKER_ON_DEMAND = "window.renardiereWorkerOnDemand = true;"

# What the page shows and what the app last drew (ui/web/dom.py keeps it while the page sets
# window.renardiereKeepDrawn): as_drawn(*page.evaluate(SHOWN_AND_DRAWN)).
SHOWN_AND_DRAWN = "() => [document.getElementById('app').innerHTML, window.renardiereDrawn]"


def as_drawn(shown: str, drawn: str) -> None:
    """The page's elements are those of the last HTML the app drew (ui/web/dom.py writes only what
    changed: ui/web/morph.py), attribute for attribute, text for text; read by Python's own parser
    (tests/test_morph.py), but for what the page itself changes (the heading the focus was put
    on: a tabindex; a log a person folded) and the tests' own marks (data-e2e...)."""
    from helpers.markup import page_of, same

    assert drawn, "nothing drawn since window.renardiereKeepDrawn was set"
    trees = page_of(shown), page_of(drawn)
    for tree in trees:
        stack = [tree]
        while stack:
            el = stack.pop()
            if el.tag in ("h1", "main"):
                el.attrs.pop("tabindex", None)
            if el.tag == "details":
                el.attrs.pop("open", None)
            for name in [a for a in el.attrs if a.startswith("data-e2e")]:
                del el.attrs[name]
            stack += el.elements()
    same(*trees)


def quick(ctx):
    ctx.add_init_script(QUICK)


@pytest.fixture
def context(browser):
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(30_000)
    quick(ctx)
    yield ctx
    ctx.close()


@pytest.fixture
def watch(server, context):
    w = Watch(server.url)
    w.attach_context(context)
    yield w
    w.check()


@pytest.fixture
def new_watch():
    """``new_watch(url, ...)``: a Watch for pages of other servers; attach it, then check it."""
    return Watch


@pytest.fixture(scope="session")       # a function of no state: module fixtures use it too
def open_watched():
    def open_(context, watch: Watch):
        page = context.new_page()
        watch.attach_page(page)
        return page

    return open_


@pytest.fixture
def page(context, watch, open_watched, request):
    pg = open_watched(context, watch)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        _screenshot(pg, request.node.name)


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone_page(browser, server, open_watched, request):
    """A page on a phone-sized touch screen (390x844, like Playwright's iPhone 12), watched."""
    ctx = browser.new_context(service_workers="allow", **PHONE)
    ctx.set_default_timeout(30_000)
    quick(ctx)
    w = Watch(server.url)
    w.attach_context(ctx)
    pg = open_watched(ctx, w)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        _screenshot(pg, request.node.name)
    ctx.close()
    w.check()


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


# -- one started page per module ------------------------------------------------------------

# Asks ui/main.py for window.renardiereRestart(hash): a new App on the page (the old one's
# listeners and tasks gone), on the same Pyodide and bot worker.
RESTARTABLE = "window.renardiereRestartable = true;"
# A fresh start on a page already started: empty storage, an address with no fragment (so that
# the test's first goto(server.url + "#...") is a hash change the app hears), nothing announced,
# the focus and the scroll back at the top, then a new app on the home page.
RESTART = """() => {
  if (typeof window.renardiereRestart !== 'function' || document.body.dataset.ready !== '1') return false;
  localStorage.clear(); sessionStorage.clear();
  history.replaceState(null, '', location.pathname + location.search);
  document.getElementById('announce').textContent = '';
  if (document.activeElement) document.activeElement.blur();
  window.scrollTo(0, 0);
  window.renardiereRestart('');
  return !!document.querySelector('#app main');
}"""


class Shared:
    """A module's started page, its context, and whether the last test left it fit to share."""

    def __init__(self, context, page):
        self.context, self.page, self.fit = context, page, False


@pytest.fixture(scope="module")
def shared_page(browser):
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(30_000)
    quick(ctx)
    ctx.add_init_script(RESTARTABLE)
    shared = Shared(ctx, ctx.new_page())
    yield shared
    ctx.close()


def started(shared: Shared, server, request, viewport=None):
    """A shared page (``Shared``: its context has RESTARTABLE), on the home page and ready, as
    if just opened: a new app on it if the last test left it fit, else loaded anew.  A
    generator for a fixture to ``yield from``: it yields the page, then, after the test,
    keeps whether the page is fit to share and checks the watch."""
    ctx, pg = shared.context, shared.page
    w = Watch(server.url)
    w.attach_context(ctx)
    w.attach_page(pg)
    pg.set_viewport_size(viewport or {"width": 1280, "height": 800})
    pg.emulate_media(reduced_motion="no-preference")
    ctx.clear_permissions()
    restarted = False
    if shared.fit and pg.url.startswith(server.url):
        try:
            restarted = pg.evaluate(RESTART)
        except Exception:
            restarted = False
    if not restarted:
        try:
            if pg.url.startswith(server.url):
                pg.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        except Exception:
            pass
        pg.goto(server.url)
        wait_ready(pg)
    shared.fit = False
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        _screenshot(pg, request.node.name)
    shared.fit = rep is not None and rep.passed
    w.detach(ctx, pg)
    w.check()


@pytest.fixture
def app(shared_page, server, request):
    """The module's page, on the home page and ready, as if just opened: see the docstring."""
    yield from started(shared_page, server, request)


def shared_context(browser, init=(), **kw) -> Shared:
    """A started page to share in a context of its own (``new_context(**kw)``, with the init
    scripts ``init``): for a module whose tests need another device than ``app``'s."""
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(30_000)
    for script in init:
        ctx.add_init_script(script)
    ctx.add_init_script(RESTARTABLE)
    return Shared(ctx, ctx.new_page())


def shared_device(init=(), **kw):
    """A module-scoped fixture of a module's started page on a device of its own (the
    arguments: ``shared_context``'s), closed after the module: ``phone = shared_device(...)``."""
    @pytest.fixture(scope="module")
    def device(browser):
        shared = shared_context(browser, init, **kw)
        yield shared
        shared.context.close()
    return device


@pytest.fixture
def shared_at(server, request):
    """``shared_at(shared, viewport)``: that shared page at that size, on the home page and
    ready as ``app`` is; whether it is fit to share, and its watch, are settled at the test's end."""
    made = []

    def open_(shared: Shared, viewport: dict | None = None):
        gen = started(shared, server, request, viewport)
        made.append(gen)
        return next(gen)

    yield open_
    for gen in made:
        next(gen, None)


@pytest.fixture(name="wait_ready")
def wait_ready_fixture():
    return wait_ready


def _screenshot(page, name: str) -> None:
    try:
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"))
    except Exception:  # a closed page: nothing to show
        pass


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    return rep
