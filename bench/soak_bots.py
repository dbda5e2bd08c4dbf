"""The bot worker's memory over a long evening: expert against expert, game after game.

    node tools/pyodide_run.mjs . bench/soak_bots.py                 # 50 games, in Pyodide
    node tools/pyodide_run.mjs . bench/soak_bots.py --games 10

The page's bot worker is one Pyodide interpreter that thinks for every bot of every game
until the tab is closed, so whatever a decision leaves behind adds up.  This plays seeded games
of the five games in turn (as ``bench/ladder.py`` seats them), every seat the expert, each
decision asked of the worker's own ``think`` (``ui/worker.py``: the record as JSON in, an
action out, the expert on its clock).  After each game it collects garbage and reads the
WebAssembly heap (it only grows: memory Pyodide took it never gives back) and counts Python's
live objects (``sys.getallocatedblocks`` says 0 in Pyodide).  Verdict: the heap must not grow
after the first round of the five games (each game's first meeting sets its own peak); the
objects are printed per game, to be read.  Each game's row is a line of JSON on stdout (a file
written here would stay in Pyodide's memory).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time

import game
from ui import worker

TABLES = [("fendo", 2, {"size": 7}), ("renard_des_bois", 2, {}), ("fennecs", 3, {}),
          ("fowl_play", 3, {}), ("onexeno", 3, {})]


def heap_bytes() -> int:
    """The interpreter's WebAssembly memory, in bytes (0 on CPython)."""
    try:
        import pyodide_js
    except ImportError:
        return 0
    return int(pyodide_js._module.HEAP8.length)


def play(gid: str, players: int, options: dict, seed: int, level: str) -> tuple:
    state = game.new_game(gid, players=players, seed=seed, **options)
    decisions = 0
    while not state.over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]             # the page asks no bot for a forced action
        else:
            action = worker.think(json.dumps(state.record()), seat, level, seed * 1000 + decisions)
            decisions += 1
        state.apply(seat, action)
    return decisions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--level", default="expert")
    a = ap.parse_args(argv)
    rows = []
    for i in range(a.games):
        gid, players, options = TABLES[i % len(TABLES)]
        t0 = time.perf_counter()
        decisions = play(gid, players, options, 900 + i, a.level)
        gc.collect()
        row = {"game": i + 1, "id": gid, "decisions": decisions,
               "seconds": round(time.perf_counter() - t0, 1), "heap_mb": round(heap_bytes() / 2**20, 1),
               "objects": len(gc.get_objects()) - len(rows)}     # less this soak's own rows
        rows.append(row)
        print(json.dumps(row), flush=True)
    first = rows[min(len(TABLES), len(rows)) - 1]
    last = rows[-1]
    grew = last["heap_mb"] - first["heap_mb"]
    print(f"heap after game {first['game']}: {first['heap_mb']} MB, after game {last['game']}: "
          f"{last['heap_mb']} MB (+{grew:.1f}); Python objects {rows[0]['objects']} -> "
          f"{last['objects']}; {sum(r['decisions'] for r in rows)} decisions in "
          f"{sum(r['seconds'] for r in rows):.0f} s", flush=True)
    return 0 if grew == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
