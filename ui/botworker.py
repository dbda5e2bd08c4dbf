"""The bot's PyScript worker, seen from the page: started when the player leaves home, asked
for a move, and the page's own interpreter when it cannot start (the browser layer, beside
``ui/dom.py``)."""

import asyncio
import json
import time

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window
from pyscript.ffi import is_none

WORKER_SRC = "./ui/worker.py"
WORKER_CONFIG = "./pyscript.toml"
WORKER_TIMEOUT = 60  # seconds to wait for the worker's Pyodide before playing on the page


class WorkerBot:
    """The bot in a PyScript named worker, started when the player leaves the home page.

    Not at start: the worker boots a Pyodide of its own (about 2 s of CPU beside the page's),
    and with no service worker to share them it fetches the runtime's files itself, a second
    9.6 MB wasm for a visit that never plays.  The new-game form or a saved game leaves it
    the seconds it needs before the bot's first move; a move asked for sooner waits for it.

    If the worker cannot start (or takes more than WORKER_TIMEOUT seconds), the
    bot plays on the page's own interpreter instead: slower to answer, the page
    freezes while it thinks, but the game goes on.
    """

    def __init__(self):
        self._started = False
        self._worker = None
        self._failed = False

    def start(self):
        if self._started:
            return
        self._started = True
        there = document.querySelector('script[name="bot"]')
        if there is None or is_none(there):
            el = document.createElement("script")
            el.type = "py"
            el.setAttribute("worker", "")
            el.setAttribute("name", "bot")
            el.setAttribute("src", WORKER_SRC)
            el.setAttribute("config", WORKER_CONFIG)
            document.body.append(el)

    def start_on_leaving_home(self, hash_: str) -> None:
        """Starts now if the page opened on another screen (``hash_``), else at the first
        change of route."""
        if hash_.lstrip("#"):
            self.start()
        else:
            window.addEventListener("hashchange", create_once_callable(lambda _e: self.start()),
                                    to_js({"once": True}, dict_converter=js.Object.fromEntries))

    async def _get(self):
        if self._worker is None and not self._failed:
            self.start()
            import pyscript

            async def ready():
                return await pyscript.workers["bot"]

            try:
                self._worker = await asyncio.wait_for(ready(), WORKER_TIMEOUT)
            except Exception as e:
                js.console.warn(f"bot worker unavailable, playing on the page: {e}")
                self._failed = True
        return self._worker

    async def think(self, record_json, seat, level, seed):
        worker = await self._get()
        if worker is not None:
            return str(await worker.think(record_json, seat, level, seed))
        import bots
        import game

        await asyncio.sleep(0)  # let "thinking…" paint first
        return bots.choose(game.replay(json.loads(record_json)), seat, level, seed,
                           clock=time.perf_counter)
