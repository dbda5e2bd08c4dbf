"""Boot: build the app on the page and say the page is ready (a first visit: the static home
made live, the app made in the next task, start_on_static); at the person's first input or
after a few quiet seconds, the bot's worker starts (ui/web/botworker.py) and then, where this
start found none, the interpreter's memory snapshot is made for the next (make_snapshot).
Imported, as bytecode from app.zip, by the entry script ui/main.py, which PyScript compiles
from source."""

import asyncio
import gc
import os
import sys
import zipimport

import js

# No cyclic garbage collection until home is up (boot): the start allocates much and frees
# little, and its collections cost about 5 ms (Pyodide under Node: the imports 24 -> 19 ms).
gc.disable()

# The app's modules, as bytecode: pyscript.toml [files] writes the zip here, tools/build.py makes it.
APP_ZIP = os.path.abspath("app.zip")


class _AppZip(zipimport.zipimporter):
    """zipimport, reading each module once rather than twice: to make a module's spec, the import
    system asks its loader for the module's file name, which zipimport (CPython 3.14) finds by
    reading, inflating and unmarshalling the module, and then it does all that again for the code.
    Here the name is the bytecode's place, made up from the name alone (no source in the zip but
    the dev server's).  Pyodide under Node: the app's imports 30 -> 24 ms.  The bot's worker
    (ui/worker.py), off the page's start, imports with zipimport as it is."""

    def get_filename(self, fullname):
        name = fullname.rpartition(".")[2] + ("/__init__" if self.is_package(fullname) else "")
        return f"{self.archive}/{self.prefix}{name}.pyc"


def _app_zip(path):
    if path != APP_ZIP and not path.startswith(APP_ZIP + "/"):
        raise ImportError(f"not the app's zip: {path}")   # the next hook's, then
    return _AppZip(path)


sys.path_hooks.insert(0, _app_zip)
# ui/main.py imported this module, and its package, with zipimport: its importers go, so that
# the next imports from the zip ask the hook above.
for _path in [p for p in sys.path_importer_cache if p == APP_ZIP or p.startswith(APP_ZIP + "/")]:
    del sys.path_importer_cache[_path]

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from ui.web import botworker, dom
from ui.store import keys

js.performance.mark("renardiere:imported")


def open_store():
    """localStorage, or a store in memory where storage is disabled (nothing is saved)."""
    try:
        store = dom.LocalStore()
        store.keys()
        return store
    except Exception:
        from ui.store.saves import MemoryStore
        return MemoryStore()


def make_app(page, store):
    """The app (ui/app.py, and the modules it draws with), on ``page``."""
    from ui.web import channels
    from ui.kit import i18n
    from ui.app import App

    lang = i18n.pick(store.get(keys.LANG_KEY), str(window.navigator.language or ""))
    # The browser tests tap at a machine's pace and set this to 0 (tests/e2e/conftest.py).
    quiet = getattr(window, "renardiereTapQuietMs", None)
    # The holds' and the bots' pace (ui/table/pacing.py); the browser tests set 0.
    pace = float(window.renardierePace) if js.Reflect.has(window, "renardierePace") else 1.0
    peers = page.peers = channels.Peers(lambda peer, kind, data: app.on_peer(peer, kind, data))
    app = App(page, store, bot, lang=lang, tz_offset=int(js.Date.new().getTimezoneOffset()),
              base_url=str(window.location.href).split("#")[0],
              tap_quiet=0.25 if quiet is None else float(quiet) / 1000, pace=pace, peers=peers)
    return app


def start(hash_, store=None):
    """A new app on the page, on the screen ``hash_`` names: at the page's start, and at each
    restart of the browser tests' shared page (below)."""
    page = dom.Dom(document.getElementById("app"))
    app = make_app(page, open_store() if store is None else store)
    page.bind(app)
    app.boot(hash_)   # shows a recovery screen if anything fails
    return page


class Later:
    """The app, made at its first use, or in the task after the page's start: what the page
    asks of it (a tap, a key, an address) makes it first, and then goes to it."""

    def __init__(self, make):
        self._make, self.app, self.dropped = make, None, False

    def made(self):
        if self.app is None:
            self.app = self._make()
        return self.app

    def __getattr__(self, name):
        return lambda *args, **kw: getattr(self.made(), name)(*args, **kw)


def start_on_static(hash_, store):
    """A first visit's start (home, nothing stored but the language): index.html's static home
    is what the app would draw (tools/build.py, static_home; tests/test_ui_static.py), so it is
    made live as it is (its controls enabled, its ids back, the "getting ready" line gone) and
    the page is ready.  The app's modules, most of the start's own Python, are imported and the
    app made in the next task, or by the first tap, key or address if one comes sooner.  None
    when the static home cannot stand for home: another screen, something stored, or no static
    copy in the page's language."""
    if hash_.lstrip("#"):
        return None
    if any(k.startswith(keys.PREFIX) and k != keys.LANG_KEY for k in store.keys()):
        return None
    lang = str(document.documentElement.lang or "")   # assets/lang.js: i18n.pick's rule
    static = document.querySelector(f'#app > .static[data-l="{lang}"]') if lang.isalpha() else None
    if static is None:
        return None
    page = dom.Dom(document.getElementById("app"))

    def take_over():
        gc.disable()    # as for the start (above)
        try:
            app = page.app = make_app(page, store)
            app.boot("")    # home again, as drawn; a new address comes as its hashchange
        except BaseException:
            window.renardiereFailed = True
            raise
        finally:
            gc.enable()
        return app

    later = page.later = Later(take_over)
    page.bind(later)
    for el in static.querySelectorAll("[disabled]"):
        el.disabled = False
    for el in static.querySelectorAll("[data-static-id]"):
        el.id = el.dataset.staticId
    for el in static.querySelectorAll("[data-static-for]"):
        el.htmlFor = el.dataset.staticFor
    for el in static.querySelectorAll(".booting"):
        el.remove()
    window.setTimeout(create_once_callable(lambda: later.dropped or later.made()), 0)
    return page


def add_manifest():
    """The web app manifest's link, once the page is up rather than in index.html: as soon as a
    page names it, Chromium fetches the manifest and decodes its icons to judge whether the page
    is installable, about 90 ms of a warm start on a 2-core machine (bench/bench_load.py: 1.39x
    the bare page warm with the link in the page, 1.23x without, one run of 10).  Installing
    reads it when the player asks (tests/e2e/test_installable.py)."""
    link = document.createElement("link")
    link.rel = "manifest"
    link.href = "./manifest.webmanifest"
    document.head.append(link)


def boot():
    """The app on the page."""
    global bot, page
    try:
        bot = botworker.WorkerBot()
        hash_ = str(window.location.hash or "")
        store = open_store()
        page = start_on_static(hash_, store) or start(hash_, store)
    except BaseException:
        # Not even the recovery screen: assets/watchdog.js offers the download from JavaScript.
        window.renardiereFailed = True
        raise
    finally:
        gc.enable()   # off for the start (above)
    document.body.dataset.ready = "1"
    js.performance.mark("renardiere:ready")
    # The rest in a task of its own, after the page is ready: a tap that comes first is taken first.
    window.setTimeout(create_once_callable(after_ready), 0)


def after_ready():
    """What the start leaves for once the page is ready: the manifest, what the page will need
    soon, and the two workers (background, below)."""
    add_manifest()
    # The modules home does not draw (a game's table, replays, links) and the redraws' reader,
    # imported once the page is idle rather than at the start or at the first tap (App.warm, Dom.warm).
    botworker.when_idle(lambda *_: (page.app.warm(), page.warm()), 2000, 300)
    botworker.after_input_or_quiet(lambda: asyncio.ensure_future(background()), QUIET_MS)
    window.addEventListener("pagehide", create_proxy(leaving))


# Quiet ms after ready before the workers start with no input: begun at ready, their Pyodides
# were still compiling when a person reloaded at once (bench/bench_load.py's quick reloads).
QUIET_MS = 4000


async def background():
    """The bot's worker, then the interpreter's snapshot: at the person's first input (a tap, a key,
    a change of screen) or after QUIET_MS with none, one Pyodide compiling at a time, the bot's
    first, which a game may soon ask for."""
    bot.prewarm(window.location)
    await bot.booted()
    make_snapshot()


def leaving(event):
    """The page going for good (not into the back-forward cache): its workers' boots end now,
    so that the next load, a reload say, has the cores."""
    if getattr(event, "persisted", False):
        return
    if _snapshot_worker is not None:
        _snapshot_worker.terminate()
    bot.stop()


_snapshot_worker = None   # the snapshot's, while it makes one


def make_snapshot():
    """The interpreter's memory snapshot, for the page's next start (assets/snapshot.js, in a
    worker), when this start found none: pyodide.mjs's wrapper says which in
    ``renardiereSnapshot.state`` (tools/build.py, SNAPSHOT_WRAPPER).  Not after a snapshot that
    failed to restore: another would fail too.  The state then says "making", "made" or
    "unmade" (bench/bench_load.py waits for it)."""
    info = getattr(window, "renardiereSnapshot", None)
    if info is None or str(info.state) != "none" or js.Reflect.has(window, "renardiereNoSnapshot"):
        return   # (the browser tests' pages: tests/e2e/conftest.py, NO_SNAPSHOT)
    global _snapshot_worker
    info.state = "making"
    worker = _snapshot_worker = js.Worker.new(
        "./assets/snapshot.js", to_js({"type": "module"}, dict_converter=js.Object.fromEntries))

    def done(event):
        global _snapshot_worker
        _snapshot_worker = None
        made = getattr(event, "data", None) is not None and js.Reflect.has(event.data, "made")
        info.state = "made" if made else "unmade"
        if not made:
            js.console.warn("Renardiere: no snapshot of the interpreter:", getattr(event, "data", None) or event)
        worker.terminate()
        answer.destroy()

    answer = create_proxy(done)
    worker.onmessage = worker.onerror = answer


# PyScript's core.js is a plain module script (index.html): it runs once the page is parsed, so
# the body is there.
boot()

if js.Reflect.has(window, "renardiereRestartable"):
    # The browser tests share one started page between tests (tests/e2e/conftest.py): each
    # begins with a new app, on storage the test has emptied, with this Pyodide and bot worker.
    def restart(hash_=""):
        global page
        if getattr(page, "later", None) is not None:
            page.later.dropped = True   # a first visit's app not made yet: not made now
        page.unbind()
        page = start(str(hash_))

    window.renardiereRestart = create_proxy(restart)
