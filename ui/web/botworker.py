"""The bot's PyScript worker, seen from the page: started ahead of the first move, asked
for a move, and the page's own interpreter when it cannot start (the browser layer, beside
``ui/web/dom.py``)."""

import asyncio
import json
import time

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

WORKER_SRC = "./ui/worker.py"
WORKER_CONFIG = "./pyscript.toml"
WORKER_TIMEOUT = 60  # seconds to wait for the worker's Pyodide before playing on the page


def when_idle(fn, latest_ms: int, delay_ms: int) -> None:
    """Calls ``fn`` once the page is idle, at the latest after ``latest_ms``; where there is no
    ``requestIdleCallback`` (WebKit), after ``delay_ms``."""
    go = create_once_callable(fn)
    if js.Reflect.has(window, "requestIdleCallback"):
        window.requestIdleCallback(go, to_js({"timeout": latest_ms}, dict_converter=js.Object.fromEntries))
    else:   # WebKit
        window.setTimeout(go, delay_ms)


def after_input_or_quiet(fn, quiet_ms: int) -> None:
    """Calls ``fn`` once, when the page is idle after the person's first input (a tap, a key, a
    change of screen), or after ``quiet_ms`` with none.  For the workers' Pyodides (the bot's, the
    snapshot's): begun at ready, they were still compiling when a person reloaded at once
    (bench/bench_load.py's quick reloads)."""
    events = ("pointerdown", "keydown", "hashchange")
    done = False

    def go(*_):
        nonlocal done
        if done:
            return
        done = True
        for name in events:
            window.removeEventListener(name, listener, True)
        window.clearTimeout(timer)
        when_idle(lambda *_: (fn(), listener.destroy()), 1000, 250)

    listener = create_proxy(go)
    for name in events:
        window.addEventListener(name, listener, True)
    timer = window.setTimeout(listener, quiet_ms)


class WorkerBot:
    """The bot in a PyScript named worker, booted ahead of the bot's first move.

    A worker boots a Pyodide of its own: about 2 s beside the page's in Chromium, but 7-22 s
    in WebKit (bench/bench_bot_start.py).  So it starts early (``prewarm``: the person's first
    input or a few quiet seconds after ready, ui/web/boot.py), on whatever screen the page opened: by the time a bot must answer, on a
    game opened from home or from the new-game form, it is up.  Not during the page's own start, which it would slow; and only
    when a service worker controls the page, whose cache then holds the page's runtime, so
    that the worker's copy of the 9.6 MB wasm costs no second download (with none, it starts
    on leaving home, as a visit that plays needs it anyway).

    A move asked for while the worker still boots (a game opened by its link, a bot to move)
    waits for it: the page stays free, "thinking..." on screen.  Only if the worker cannot
    start (or takes more than WORKER_TIMEOUT seconds) is a move chosen on the page's own
    interpreter: the page is busy while it thinks, but the bot answers and the game goes on.
    (Choosing the first moves on the page while the worker boots answered sooner in WebKit,
    but froze the page for each of them: not taken.)

    ``document.body.dataset.botWorker`` says where it is: "booting", "ready" or "failed"
    (with the performance marks renardiere:worker-start and renardiere:worker-ready), and
    ``data-bot-on-page`` counts the moves chosen on the page.  ``?noprewarm`` in the address
    keeps the older start, for bench/bench_bot_start.py's "before": the worker starts on
    leaving home.  ``window.renardiereWorkerOnDemand`` (set by the browser tests, whose pages
    mostly never ask a bot: a second Pyodide each, about 2 s of a core) starts it at the first
    move asked of it; tests/e2e/test_bot_worker.py checks the start as shipped.
    """

    def __init__(self):
        self._started = False
        self._worker = None
        self._boot = None       # the task that waits for the worker's Python
        self.on_page = 0        # moves chosen on the page (the worker failed)
        self._prewarm = True    # started once the page is idle (else on leaving home)

    def start(self):
        if self._started:
            return
        self._started = True
        js.performance.mark("renardiere:worker-start")
        document.body.dataset.botWorker = "booting"
        there = document.querySelector('script[name="bot"]')
        if there is None or is_none(there):
            el = document.createElement("script")
            el.type = "py"
            el.setAttribute("worker", "")
            el.setAttribute("name", "bot")
            el.setAttribute("src", WORKER_SRC)
            el.setAttribute("config", WORKER_CONFIG)
            document.body.append(el)
        self._boot = asyncio.ensure_future(self._wait_ready())

    async def _wait_ready(self):
        import pyscript

        async def ready():
            return await pyscript.workers["bot"]

        try:
            self._worker = await asyncio.wait_for(ready(), WORKER_TIMEOUT)
        except Exception as e:
            js.console.warn(f"bot worker unavailable, playing on the page: {e}")
            document.body.dataset.botWorker = "failed"
            return
        js.performance.mark("renardiere:worker-ready")
        document.body.dataset.botWorker = "ready"

    def prewarm(self, location) -> None:
        """Starts the worker now, called once the page is idle (``location``: the page's
        address; with ``?noprewarm``, on leaving home as before)."""
        if "noprewarm" in str(location.search or ""):
            self._prewarm = False
        if getattr(window, "renardiereWorkerOnDemand", None) is True:
            return                      # think() starts it
        if not self._prewarm or not self._runtime_cached():
            self.start_on_leaving_home(str(location.hash or ""))
            return
        self.start()

    async def booted(self) -> None:
        """Once the worker's boot, if begun, has ended (up or failed)."""
        if self._boot is not None:
            await asyncio.shield(self._boot)

    def stop(self) -> None:
        """Ends the worker's boot if it is still going (the page going: ui/web/boot.py, leaving)."""
        if self._worker is not None or self._boot is None or self._boot.done():
            return
        there = document.querySelector('script[name="bot"]')
        xworker = None if there is None or is_none(there) else getattr(there, "xworker", None)
        if xworker is not None and not is_none(xworker):
            xworker.terminate()

    @staticmethod
    def _runtime_cached() -> bool:
        """Whether a service worker controls the page, so that the worker's runtime comes from
        its cache.  With none, the HTTP cache may not keep the 9.6 MB wasm (a private window's
        does not): the worker waits for the player to leave home, and a visit that never
        plays does not download it twice."""
        nav = window.navigator
        return js.Reflect.has(nav, "serviceWorker") and not is_none(nav.serviceWorker.controller)

    def start_on_leaving_home(self, hash_: str) -> None:
        """Starts now if the page opened on another screen (``hash_``), else at the first
        change of route."""
        if hash_.lstrip("#"):
            self.start()
        else:
            window.addEventListener("hashchange", create_once_callable(lambda _e: self.start()),
                                    to_js({"once": True}, dict_converter=js.Object.fromEntries))

    async def think(self, record_json, seat, level, seed):
        """The bot's move: from the worker, once it is up; on the page if it failed."""
        self.start()
        await self._boot
        worker = self._worker
        if worker is not None:
            return str(await worker.think(record_json, seat, level, seed))
        self.on_page += 1
        document.body.dataset.botOnPage = str(self.on_page)
        import bots
        import game

        await asyncio.sleep(0)  # let "thinking…" paint first
        return bots.choose(game.replay(json.loads(record_json)), seat, level, seed,
                           clock=time.perf_counter)
