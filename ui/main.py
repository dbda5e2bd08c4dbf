"""The page's entry script: PyScript compiles it from source at every start, so it only puts the
app's zip on the path and imports the boot (ui/web/boot.py), which the zip holds as bytecode."""

import os
import sys

import js

js.performance.mark("renardiere:python")      # where the start goes: bench/bench_load.py
sys.path.insert(0, os.path.abspath("app.zip"))
try:
    import ui.web.boot
except BaseException:
    js.renardiereFailed = True      # assets/watchdog.js: a start that failed (ui/web/boot.py says it too)
    raise
