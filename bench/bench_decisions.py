"""The bots' time per decision and simulations per second, on positions along seeded games.

    node tools/pyodide_run.mjs . bench/bench_decisions.py            # in Pyodide under Node
    python3 -m bench.bench_decisions --decisions 10 fendo           # on CPython
    python3 -m bench.bench_decisions --json --levels standard,expert

Runs the same on CPython and in Pyodide (standard library, the engine contract, bots).
For each game and player count (as bench/bench_engine.py: the minimum, and 4 when the game
takes 4), seeded games are played by novice bots (seeds 500, 501, ...); positions are taken
evenly along each, where the seat to move has a choice (the app asks no bot for a forced
action).  On each position every level decides (``bots.choose``, seed = the position's
number), timed.  Then, on the first ``--count`` positions, the decision is made again with
``State.apply`` counting: the search budget counts actions simulated (bots/levels.py
BUDGETS), so "sims/s" is the actions one decision simulated over its (uncounted) time.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import bots
import game
from bench.common import configs, key
from game import core

PER_GAME = 4        # positions taken from each seeded game
FIRST_SEED = 500
# Variants whose decisions cost more than the default's (the bots give them budgets of their
# own, bots/levels.py): (game id, players, options), measured too.
VARIANTS = [("fendo", 2, {"size": 9})]


def positions(gid: str, players: int, n: int, options=None) -> list:
    """n (state, seat) positions along novice games, evenly spread, each with a choice."""
    out = []
    seed = FIRST_SEED
    while len(out) < n:
        s = game.new_game(gid, players, seed=seed, **(options or {}))
        states = []
        while not s.over:
            seat = s.to_move[0]
            if len(s.legal_actions(seat)) > 1:
                states.append((s.clone(), seat))
            s.apply(seat, bots.choose(s, seat, "novice", seed=seed * 1000 + len(s.actions)))
        take = min(PER_GAME, n - len(out), len(states))
        for i in range(take):
            out.append(states[(2 * i + 1) * len(states) // (2 * take)])
        seed += 1
    return out


def count_actions(fn):
    """Runs fn() with State.apply counting; returns (fn's result, actions applied)."""
    counter = [0]
    orig = core.State.apply

    def counting(self, seat, action):
        counter[0] += 1
        return orig(self, seat, action)

    core.State.apply = counting
    try:
        result = fn()
    finally:
        core.State.apply = orig
    return result, counter[0]


def pct(values: list, q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def run(only=None, levels=None, n: int = 20, count: int = 5, log=lambda *a: None) -> dict:
    levels = levels or [lv["id"] for lv in bots.LEVELS]
    out = {"python": sys.version.split()[0], "platform": sys.platform, "decisions": n,
           "games": {}}
    runs = [(gid, players, {}) for gid, players in configs(only)]
    runs += [v for v in VARIANTS if not only or v[0] in only]
    for gid, players, options in runs:
        k = key(gid, players) + "".join(f" {name} {value}" for name, value in options.items())
        t = time.perf_counter()
        pos = positions(gid, players, n, options)
        setup = time.perf_counter() - t
        res = {"positions_s": setup}
        for level in levels:
            times, actions = [], []
            for i, (s, seat) in enumerate(pos):
                t = time.perf_counter()
                a = bots.choose(s, seat, level, seed=i)
                times.append(time.perf_counter() - t)
                actions.append(a)
            sims, sim_time = 0, 0.0
            for i, (s, seat) in enumerate(pos[:count]):
                a, c = count_actions(lambda s=s, seat=seat, level=level, i=i: bots.choose(s, seat, level, seed=i))
                assert a == actions[i], "a decision changed when counted"
                sims += c
                sim_time += times[i]
            res[level] = {
                "n": len(times), "median_s": statistics.median(times), "p95_s": pct(times, 0.95),
                "max_s": max(times), "mean_s": statistics.fmean(times),
                "sims_per_decision": sims / min(count, len(pos)) if count else None,
                "sims_per_s": sims / sim_time if sim_time > 0 else None,
                "actions": actions,
            }
            r = res[level]
            log(f"  {k:20s} {level:9s} median {r['median_s'] * 1000:7.0f} ms  p95 {r['p95_s'] * 1000:7.0f} ms"
                f"  {(r['sims_per_s'] or 0):8.0f} sims/s")
        out["games"][k] = res
    return out


def table(result: dict) -> str:
    lines = [f"Python {result['python']} ({result['platform']}), {result['decisions']} decisions each",
             f"{'game:players':20s}{'level':10s}{'median ms':>11s}{'p95 ms':>9s}{'max ms':>9s}"
             f"{'sims/dec':>10s}{'sims/s':>9s}"]
    for k, res in result["games"].items():
        for level, r in res.items():
            if not isinstance(r, dict):
                continue
            lines.append(f"{k:20s}{level:10s}{r['median_s'] * 1000:11.0f}{r['p95_s'] * 1000:9.0f}"
                         f"{r['max_s'] * 1000:9.0f}{r['sims_per_decision'] or 0:10.0f}{r['sims_per_s'] or 0:9.0f}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids or id:players (default: all)")
    ap.add_argument("--decisions", type=int, default=20, help="positions per game (default 20)")
    ap.add_argument("--count", type=int, default=5, help="positions whose simulated actions are counted")
    ap.add_argument("--levels", default="", help="comma-separated (default: bots.LEVELS)")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON line")
    a = ap.parse_args(argv)
    log = (lambda *x: print(*x, file=sys.stderr, flush=True)) if a.json else (lambda *x: print(*x, flush=True))
    levels = [x for x in a.levels.split(",") if x] or None
    result = run(a.games or None, levels, a.decisions, a.count, log)
    print(json.dumps(result) if a.json else table(result))


if __name__ == "__main__":
    main(sys.argv[1:])
