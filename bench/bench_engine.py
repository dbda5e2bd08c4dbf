"""The engine's speed: random playouts, clone, legal_actions and apply per second, per game.

    python3 -m bench.bench_engine                         # every game, CPython, a table
    node tools/pyodide_run.mjs . bench/bench_engine.py    # the same in Pyodide under Node
    python3 -m bench.bench_engine --json --target 2       # ~2 s of playouts per game, as JSON
    python3 -m bench.bench_engine --counts fendo:2=40,fennecs:4=300 --json

Runs the same on CPython and in Pyodide (standard library and the engine contract only).
For each game and player count (the game's minimum, and 4 when it allows 4):

  playouts  random games from seeds 0..n-1: ``new_game(id, players, seed=i)``, each action
            drawn by ``random.Random(i)`` from ``legal_actions`` (as tools/random_play.py);
  clone     ``s.clone()`` of every position met along the first playouts;
  apply     ``apply`` of the action the playout took there, on a fresh clone (untimed);
  legal     ``legal_actions`` on the position that apply has just made (first call, as a
            playout or a search meets it).

``--rounds N`` repeats it all and keeps the fastest of each figure (the least disturbed by
other work on a shared machine).  The work is fixed by the seeds and counts, so that two runs (CPython, Pyodide) do the same
thing: ``--target`` picks the counts from this machine's speed, ``--counts`` imposes them
(the orchestrator bench/bench_all.py measures CPython first, then gives its counts to
Pyodide).  ``check`` (plies and the sum of final scores) must agree across runs.
"""

from __future__ import annotations

import json
import random
import sys
import time

import game
from bench.common import configs, key

MAX_POSITIONS = 2500   # positions kept for the clone/apply/legal loops
OP_ROUNDS = 3          # passes over those positions


def playout(gid: str, players: int, seed: int, keep: list | None = None) -> tuple[int, float]:
    """One seeded random game; returns (plies, sum of final scores).

    With ``keep``, appends (state before, seat, action) for every ply (for the op loops).
    """
    s = game.new_game(gid, players, seed=seed)
    rng = random.Random(seed)
    plies = 0
    while not s.over:
        seat = s.to_move[0]
        action = rng.choice(s.legal_actions(seat))
        if keep is not None:
            keep.append((s.clone(), seat, action))
        s.apply(seat, action)
        plies += 1
    return plies, float(sum(s.scores))


def time_playouts(gid: str, players: int, n: int) -> dict:
    t = time.perf_counter()
    plies, total = 0, 0.0
    for seed in range(n):
        p, sc = playout(gid, players, seed)
        plies += p
        total += sc
    dt = time.perf_counter() - t
    return {"playouts": n, "seconds": dt, "per_s": n / dt, "plies": plies,
            "plies_per_s": plies / dt, "check": [plies, total]}


def calibrate(gid: str, players: int, target: float) -> int:
    """How many playouts take about ``target`` seconds here (at least 5)."""
    t = time.perf_counter()
    n = 0
    while n < 5 or time.perf_counter() - t < min(0.5, target / 4):
        playout(gid, players, 10_000 + n)
        n += 1
    per = (time.perf_counter() - t) / n
    return max(5, int(target / per))


def time_ops(gid: str, players: int) -> dict:
    """clone, apply and legal_actions per second over positions of seeded random games."""
    keep: list = []
    seed = 0
    while len(keep) < MAX_POSITIONS and seed < 200:
        playout(gid, players, seed, keep)
        seed += 1
    keep = keep[:MAX_POSITIONS]
    t_clone = t_apply = t_legal = 0.0
    n_legal = 0
    for _ in range(OP_ROUNDS):
        t = time.perf_counter()
        for s, _seat, _a in keep:
            s.clone()
        t_clone += time.perf_counter() - t
        fresh = [s.clone() for s, _seat, _a in keep]
        t = time.perf_counter()
        for c, (_s, seat, a) in zip(fresh, keep):
            c.apply(seat, a)
        t_apply += time.perf_counter() - t
        movers = [(c, c.to_move[0]) for c in fresh if not c.over]
        t = time.perf_counter()
        for c, seat in movers:
            c.legal_actions(seat)
        t_legal += time.perf_counter() - t
        n_legal += len(movers)
    n = len(keep) * OP_ROUNDS
    return {"positions": len(keep), "clone_per_s": n / t_clone, "apply_per_s": n / t_apply,
            "legal_per_s": n_legal / t_legal}


def best(a: dict | None, b: dict) -> dict:
    """Per figure, the fastest of two runs (on a shared machine, the least disturbed)."""
    if a is None:
        return b
    out = dict(b)
    for k, v in a.items():
        if k.endswith("per_s") and v > b[k]:
            out[k] = v
            if k == "per_s":
                out["seconds"] = a["seconds"]
    return out


FLOOR_PLIES = 300_000


def time_floor(plies: int = FLOOR_PLIES) -> dict:
    """The playout loop with no game in it: per ply, one ``rng.choice`` among 30 action
    strings and a counter.  What the interpreter alone makes of a playout's loop, so that
    its Pyodide/CPython ratio shows how much of a game's ratio no engine code can change."""
    acts = [f"a{i}" for i in range(30)]
    rng = random.Random(0)
    t = time.perf_counter()
    n = 0
    for _ in range(plies):
        n += len(rng.choice(acts))
    dt = time.perf_counter() - t
    return {"plies": plies, "seconds": dt, "plies_per_s": plies / dt, "check": n}


def run(only=None, target: float = 1.5, counts: dict | None = None, ops: bool = True,
        log=lambda *a: None, rounds: int = 1) -> dict:
    out = {"python": sys.version.split()[0], "platform": sys.platform, "rounds": rounds, "games": {}}
    out["floor"] = max((time_floor() for _ in range(max(1, rounds))), key=lambda r: r["plies_per_s"])
    log(f"  {'loop alone (no game)':22s} {out['floor']['plies_per_s']:8.0f} plies/s")
    for gid, players in configs(only):
        k = key(gid, players)
        n = (counts or {}).get(k) or calibrate(gid, players, target)
        r = None
        for _ in range(rounds):
            one = time_playouts(gid, players, n)
            if ops:
                one.update(time_ops(gid, players))
            if r is not None and one["check"] != r["check"]:
                raise AssertionError(f"{k}: the same seeds gave other games")
            r = best(r, one)
        out["games"][k] = r
        log(f"  {k:22s} {r['per_s']:8.1f} playouts/s ({n} playouts, {r['plies'] / n:.0f} plies each)")
    return out


def table(result: dict) -> str:
    lines = [f"Python {result['python']} ({result['platform']})",
             f"{'game:players':22s}{'playouts/s':>12s}{'plies/s':>10s}{'clone/s':>10s}"
             f"{'apply/s':>10s}{'legal/s':>10s}"]
    for k, r in result["games"].items():
        lines.append(f"{k:22s}{r['per_s']:12.1f}{r['plies_per_s']:10.0f}{r.get('clone_per_s', 0):10.0f}"
                     f"{r.get('apply_per_s', 0):10.0f}{r.get('legal_per_s', 0):10.0f}")
    return "\n".join(lines)


def _parse_counts(text: str) -> dict:
    out = {}
    for part in filter(None, text.split(",")):
        k, _, v = part.rpartition("=")
        out[k] = int(v)
    return out


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids or id:players (default: all)")
    ap.add_argument("--target", type=float, default=1.5, help="seconds of playouts per game (default 1.5)")
    ap.add_argument("--counts", default="", help="playouts per game, e.g. fendo:2=40,fennecs:4=300")
    ap.add_argument("--no-ops", action="store_true", help="playouts only")
    ap.add_argument("--rounds", type=int, default=1, help="repeat everything, keep the fastest of each")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON line")
    a = ap.parse_args(argv)
    log = (lambda *x: print(*x, file=sys.stderr, flush=True)) if a.json else (lambda *x: print(*x, flush=True))
    result = run(a.games or None, a.target, _parse_counts(a.counts), not a.no_ops, log, a.rounds)
    print(json.dumps(result) if a.json else table(result))


if __name__ == "__main__":
    main(sys.argv[1:])
