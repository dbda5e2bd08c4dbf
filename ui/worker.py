"""The bot, in a PyScript named worker (its own Pyodide, off the page's thread).

Declared by ``ui/web/botworker.py`` at the person's first input or after a few quiet seconds::

    <script type="py" worker name="bot" src="./ui/worker.py" config="./pyscript.toml">

Plain data in and out, no DOM: the page sends the game record as JSON, the
worker replays it and answers with an action string.  The bot gets a clock: the expert
thinks for its time (``bots.levels.SECONDS``), not for a fixed amount of work.
"""

import json
import os
import sys
import time

# The app's modules, as bytecode: pyscript.toml [files] writes the zip here, tools/build.py makes it.
sys.path.insert(0, os.path.abspath("app.zip"))

import bots
import game


def think(record_json, seat, level, seed):
    state = game.replay(json.loads(record_json))
    return bots.choose(state, int(seat), str(level), int(seed), clock=time.perf_counter)


def ping():
    return "ok"


__export__ = ["think", "ping"]
