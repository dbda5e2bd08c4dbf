"""The ladder: how far apart the bot levels are, in every game, and whether they beat the champion.

    python3 -m bench.ladder                        # every game, the default number of matches
    python3 -m bench.ladder --pairs 100 fendo      # 100 seeds (200 games) per pairing, Fendo only
    python3 -m bench.ladder --json out.json        # the figures as JSON as well

Each pairing is a **paired** match: every seed is played once with each seat arrangement, so
that the deal (and the first move) favours both sides equally, and each seed gives one
measurement, the mean of its games.  In a two-player game ``a`` plays seat 0, then seat 1; at
three or more players ``a`` plays one seat against copies of ``b`` in the others, in every seat
in turn.  Fendo deals nothing: its games open with two plies drawn from the seed, the same
for both games of a seed.  A level is a fixed budget of simulations (``bots.levels``), not a clock: the figures
do not depend on the machine's load, and a seed replays the same games.

Levels: ``novice``, ``standard``, ``expert``, and ``champion``, the expert as it was at
``CHAMPION_COMMIT`` (2026-11-26: the one to beat), taken from git's history into
``build/champion/`` when first asked for, so that no copy of ``bots/`` lives in the tree.
Pairings: each level against each level below it, and each level against the champion.

Printed per pairing: ``a``'s mean result with its 95% interval (a normal interval over the
seeds' means): the share of games won (a shared win counts its share), against the base rate
``1/n``; in Le Renard des Bois also the points per round, ``a``'s total less ``b``'s, over the
rounds played.  Per game, a rating per level (Bradley-Terry, novice = 1000, 400 points = odds
of 10 to 1), from each pairing's win share; at ``n`` players the share ``s`` is compared with an
average opponent's, ``(1 - s) / (n - 1)``.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import bots
import game

ROOT = Path(__file__).resolve().parents[1]

LEVELS = ["novice", "standard", "expert", "champion"]

# What each game is played as: (label, game id, players, options, paired seeds by default).
TABLES = [
    ("fendo 7x7", "fendo", 2, {"size": 7}, 20),
    ("fendo 9x9", "fendo", 2, {"size": 9}, 10),
    ("renard_des_bois", "renard_des_bois", 2, {}, 30),
    ("fennecs 3p", "fennecs", 3, {}, 10),
    ("fowl_play 3p", "fowl_play", 3, {}, 10),
    ("onexeno 3p", "onexeno", 3, {}, 10),
]


# The champion: ``bots/`` as it was at this commit (the expert of issue 19, 2026-11-26).
CHAMPION_COMMIT = "eedf5b6d92872001d59be5432cfe5b07f5397342"
BUILD = ROOT / "build"


def champion():
    """The champion's package (``champion.choose``, as ``bots.choose``), or None where git or
    its commit is missing (a copy of the tree without its history).

    Its ``bots/`` is extracted from git's history into ``build/champion/`` on first use, and
    again if ``CHAMPION_COMMIT`` changes; a package of relative imports, it imports as
    ``champion`` beside today's ``bots``.
    """
    target = BUILD / "champion"
    stamp = target / "COMMIT"
    if not (stamp.exists() and stamp.read_text() == CHAMPION_COMMIT):
        try:
            tar = subprocess.run(["git", "-C", str(ROOT), "archive", CHAMPION_COMMIT, "bots/"],
                                 capture_output=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return None
        tmp = BUILD / f"champion.{os.getpid()}"       # two test processes may build it at once
        with tarfile.open(fileobj=io.BytesIO(tar)) as t:
            t.extractall(tmp, filter="data")
        (tmp / "bots" / "COMMIT").write_text(CHAMPION_COMMIT)
        if not (stamp.exists() and stamp.read_text() == CHAMPION_COMMIT):
            shutil.rmtree(target, ignore_errors=True)  # another commit's
        try:
            (tmp / "bots").rename(target)
        except OSError:                                # the other process's is there: the same
            pass
        shutil.rmtree(tmp, ignore_errors=True)
    return _imported("champion", target)


def _imported(name: str, package: Path):
    """The package in folder ``package``, imported as ``name`` (once: then as imported), with
    no folder added to ``sys.path``: its modules import each other relatively."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, package / "__init__.py",
                                                      submodule_search_locations=[str(package)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]


def _champion():
    """The champion's ``choose``, or None."""
    frozen = champion()
    return frozen.choose if frozen is not None else None


def chooser(level: str):
    """``choose(state, seat, seed)`` for a level of the ladder."""
    if level == "champion":
        frozen = _champion()
        if frozen is None:
            raise SystemExit(f"no champion: git has no commit {CHAMPION_COMMIT[:7]} here (a clone with its history has)")
        return lambda state, seat, seed: frozen(state, seat, "expert", seed=seed)
    return lambda state, seat, seed: bots.choose(state, seat, level, seed=seed)


# Plies played at random (drawn from the seed) before the bots take over, in a game whose seed
# deals nothing: without them every seed of a Fendo pairing would be the same two games.
OPENING = {"fendo": 2}


def play(game_id: str, players: int, options: dict, seats: list, seed: int, clock: dict):
    """One game; ``seats[p]`` is ``(level, choose)``.  Returns the finished state."""
    state = game.new_game(game_id, players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(OPENING.get(game_id, 0)):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    while not state.over:
        seat = state.to_move[0]
        level, choose = seats[seat]
        t = time.perf_counter()
        action = choose(state, seat, seed * 1000 + len(state.actions))
        clock.setdefault(level, []).append(time.perf_counter() - t)
        state.apply(seat, action)
    return state


def _rounds(state) -> int:
    """Rounds a game had (1 for a game of one round)."""
    v = state.view(None)
    return max(1, len(v.get("rounds") or ()) or v.get("round") or 1)


def _seed(job) -> tuple:
    """One paired seed of a pairing: ``a`` in each seat in turn.  Returns ``a``'s win share, its
    score lead and the rounds played (both summed over the games), and the decisions' times."""
    table, a, b, seed = job
    _, game_id, players, options, _ = table
    ca, cb = chooser(a), chooser(b)
    share = lead = nrounds = 0.0
    clock: dict = {}
    for seat_a in range(players):
        seats = [(a, ca) if p == seat_a else (b, cb) for p in range(players)]
        st = play(game_id, players, options, seats, 10_000 + seed, clock)
        w = st.winners
        share += (1 / len(w) if seat_a in w else 0.0) / players
        if players == 2:
            lead += st.scores[seat_a] - st.scores[1 - seat_a]
            nrounds += _rounds(st)
    return share, lead, nrounds, clock


def pairing(table, a: str, b: str, seeds: int, clock: dict, jobs: int = 1) -> dict:
    """``a`` against ``b`` over ``seeds`` paired seeds: per seed, ``a``'s mean win share and, in
    two-player games, its score lead and the rounds played.  ``jobs`` processes share the seeds
    (each seed's games are the same whoever plays them)."""
    label, game_id, players, options, _ = table
    work = [(table, a, b, seed) for seed in range(seeds)]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            done = pool.map(_seed, work, chunksize=1)
    else:
        done = [_seed(job) for job in work]
    shares, leads, rounds = [], [], []
    for share, lead, nrounds, times in done:
        shares.append(share)
        leads.append(lead)
        rounds.append(nrounds)
        for level, ts in times.items():
            clock.setdefault(level, []).extend(ts)
    return {"game": label, "a": a, "b": b, "players": players, "seeds": seeds,
            "share": _interval(shares), "base": 1 / players,
            "per_round": (_interval([lead / r for lead, r in zip(leads, rounds)]) if players == 2 else None),
            "shares": shares}


def _interval(xs: list) -> tuple:
    """Mean and the half-width of its 95% normal interval."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return (m, half)


def head_to_head(share: float, players: int) -> float:
    """A win share at ``players`` as a share of the games won against one average opponent:
    ``share`` against what each of the others won, ``(1 - share) / (players - 1)``.

    >>> head_to_head(0.5, 2), round(head_to_head(1 / 3, 3), 3), round(head_to_head(0.48, 3), 2)
    (0.5, 0.5, 0.65)
    """
    return share / (share + (1 - share) / (players - 1)) if share < 1 else 1.0


def ratings(results: list, levels: list) -> dict:
    """Bradley-Terry strengths from each pairing's win share, as Elo-like ratings
    (novice = 1000).  A level that won or lost every game is held at +-800 of its opponent."""
    wins = {}
    for r in results:
        s, n = r["share"][0], r["players"]
        p = head_to_head(s, n)
        p = min(max(p, 0.01), 0.99)
        wins[(r["a"], r["b"])] = (p, r["seeds"])
    present = [lv for lv in levels if any(lv in k for k in wins)]
    strength = {lv: 1.0 for lv in present}
    for _ in range(500):     # the minorization-maximization iteration (Hunter 2004)
        new = {}
        for i in present:
            w_i = denom = 0.0
            for (a, b), (p, n) in wins.items():
                if i not in (a, b):
                    continue
                j = b if i == a else a
                w = p if i == a else 1 - p
                w_i += w * n
                denom += n / (strength[i] + strength[j])
            new[i] = w_i / denom if denom else strength[i]
        strength = new
    base = strength.get("novice") or next(iter(strength.values()), 1.0)
    return {lv: round(1000 + 400 * math.log10(strength[lv] / base)) for lv in present}


def _fmt(mean_half, pct=True) -> str:
    m, h = mean_half
    return f"{m:6.1%} ± {h:.1%}" if pct else f"{m:+6.2f} ± {h:.2f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", help="game ids or labels (default: every table)")
    ap.add_argument("--pairs", type=int, default=None, help="paired seeds per pairing")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--pairings", default=None,
                    help="just these pairings, e.g. standard:novice,expert:champion (a first)")
    ap.add_argument("--jobs", type=int, default=1, help="processes to share the seeds (the figures "
                    "do not change; times per decision do, on a busy machine)")
    ap.add_argument("--json", default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    levels = [lv for lv in args.levels.split(",") if lv]
    if "champion" in levels and _champion() is None:
        levels.remove("champion")
        print(f"(no champion: git has no commit {CHAMPION_COMMIT[:7]} here; pairings against it skipped)")
    tables = [t for t in TABLES if not args.games or t[0] in args.games or t[1] in args.games]
    out, clock = [], {}
    for table in tables:
        seeds = args.pairs or table[4]
        results = []
        ladder = [lv for lv in levels if lv != "champion"]
        pairs = [(ladder[i], ladder[j]) for i in range(len(ladder)) for j in range(i)]
        pairs += [(lv, "champion") for lv in ladder if "champion" in levels]
        if args.pairings:
            pairs = [tuple(x.split(":")) for x in args.pairings.split(",") if x]
        for a, b in pairs:
            t0 = time.perf_counter()
            r = pairing(table, a, b, seeds, clock, args.jobs)
            r["seconds"] = round(time.perf_counter() - t0, 1)
            results.append(r)
            extra = f", {_fmt(r['per_round'], False)} points a round" if r["per_round"] else ""
            if r["players"] > 2:
                extra += f", head to head {head_to_head(r['share'][0], r['players']):.0%}"
            print(f"{table[0]:16s} {a:8s} vs {b:8s} {seeds:4d} seeds: wins {_fmt(r['share'])}"
                  f" (base {r['base']:.0%}){extra}  [{r['seconds']:.0f} s]", flush=True)
        rated = ratings(results, levels)
        print(f"{table[0]:16s} ratings: " + ", ".join(f"{lv} {x}" for lv, x in rated.items()), flush=True)
        out.append({"game": table[0], "pairings": results, "ratings": rated})
    times = {lv: {"decisions": len(ts), "median_ms": round(statistics.median(ts) * 1000, 1),
                  "p95_ms": round(sorted(ts)[int(0.95 * (len(ts) - 1))] * 1000, 1)}
             for lv, ts in clock.items()}
    for lv, t in times.items():
        print(f"time per decision, CPython, {lv:8s}: median {t['median_ms']:7.1f} ms, p95 {t['p95_ms']:7.1f} ms"
              f" ({t['decisions']} decisions, every game)")
    if args.json:
        Path(args.json).write_text(json.dumps({"tables": out, "times": times}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
