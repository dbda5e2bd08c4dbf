"""The soak run: many seeded random games of each game, every invariant checked after every action.

    python3 -m tools.soak [-n N] [GAME ...]      (make soak SOAK_ARGS="-n 500 fennecs")

For each game id (all of ``game.GAMES`` by default), games 0..N-1 (default 10,000) are played
by a uniform random policy.  Game ``i`` plays configuration ``i % len(configs)``: every player
count crossed with every option value, so each configuration gets its share.  Its seed is
``i`` (+ ``--first``), and the policy's generator is seeded from it too: a game is reproduced
by its game id and index alone (``--first I -n 1``).

After every action, the game's checker (tests/invariants.py, the invariants the tests use
too) asserts the contract (legal actions, turn, views JSON-ready, scores, winners, a bound on
the game's length) and the game's own invariants (cards, pawns and stars conserved; 13 tricks
a round; scores that add up; areas that partition the board; every placement Onexeno's box
allows offered...), and that no view leaks: each
seat's hidden part of the state is scrambled and that seat's view (and a spectator's) must not
change.  Every few actions it also determinizes the state for each seat and checks the world
against what that seat knows (an account of what each seat saw, kept from the actions,
independently of the engine), checks that two worlds of the same information set determinize
alike, tries a few listed actions on clones, and plays the action on a clone too, which the
game then goes on with (clones are independent).  Each finished game is replayed from its JSON
record to an identical state.

On a failure it prints the game, seed, players, options, the action being played and the
record whose actions reproduce it, and exits 1 (after the other games with ``--keep-going``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

import game
from tests.invariants import CHECKERS, DETERMINIZE_EVERY
from tools.view_hashes import configs  # every player count times every option

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_GAMES = 10_000


def play_game(game_id: str, index: int, first: int = 0, determinize_every: int = DETERMINIZE_EVERY,
              checker_class=None):
    """Plays and checks game ``index``; returns (state, checker, None) or (state, checker,
    failure report) on the first failed check or exception."""
    table = configs(game_id)
    players, options = table[index % len(table)]
    seed = first + index
    rng = random.Random(f"soak:{game_id}:{seed}")
    state = game.new_game(game_id, players=players, seed=seed, **options)
    action = seat = None
    checker = None
    try:
        checker = (checker_class or CHECKERS[game_id])(state, rng, determinize_every)
        while not state.over:
            seat = rng.choice(state.to_move)
            action = rng.choice(state.legal_actions(seat))
            checker.before(state, seat, action)
            state = checker.apply(state, seat, action)     # now and then on a clone too
            checker.step(state, seat, action)
            action = None
        checker.finish(state)
    except Exception as e:
        report = {
            "game": game_id, "index": index, "seed": seed, "players": players,
            "options": options, "ply": len(state.actions),
            "failed": f"{type(e).__name__}: {e}",
            "while_applying": None if action is None else [seat, action],
            "traceback": traceback.format_exc(),
            "record": state.record(),
        }
        return state, checker, report
    return state, checker, None


def format_failure(r: dict) -> str:
    rerun = f"python3 -m tools.soak {r['game']} --first {r['seed']} -n 1"
    lines = [
        f"FAILED {r['game']} game {r['index']}: seed={r['seed']} players={r['players']} "
        f"options={json.dumps(r['options'])} at ply {r['ply']}",
        f"  {r['failed']}",
    ]
    if r["while_applying"] is not None:
        lines.append(f"  while applying {r['while_applying']!r}")
    lines += [
        r["traceback"].rstrip(),
        f"  actions (game.replay(record) reproduces the state; rerun: {rerun}):",
        "  " + json.dumps(r["record"]),
    ]
    return "\n".join(lines)


def soak(game_ids, n: int, first: int = 0, determinize_every: int = DETERMINIZE_EVERY,
         keep_going: bool = False, out=sys.stdout, progress: bool = True) -> list[dict]:
    """Runs the soak; prints figures per game and failures; returns the failure reports."""
    failures = []
    for gid in game_ids:
        t0 = time.perf_counter()
        games = actions = 0
        stats = Counter()
        ends = Counter()
        longest = 0
        for i in range(n):
            state, checker, report = play_game(gid, i, first, determinize_every)
            games += 1
            actions += len(state.actions)
            longest = max(longest, len(state.actions))
            if checker is not None:
                stats.update(checker.stats)
            if report is not None:
                failures.append(report)
                print(format_failure(report), file=out, flush=True)
                if not keep_going:
                    break
            else:
                ends[_end_reason(state)] += 1
            if progress and (i + 1) % max(1, n // 10) == 0:
                print(f"  {gid}: {i + 1}/{n} games, {actions} actions, "
                      f"{time.perf_counter() - t0:.0f} s", file=out, flush=True)
        dt = time.perf_counter() - t0
        failed = sum(1 for f in failures if f["game"] == gid)
        print(f"{gid}: {games} games ({len(configs(gid))} configurations), {actions} actions "
              f"checked (longest game {longest}), {stats['states']} states, "
              f"{stats['scrambles']} views scrambled ({stats['scrambles_that_changed_another_view']} "
              f"checked to change another seat's view), {stats['determinizations']} "
              f"determinizations ({stats['siblings']} against a sibling), {stats['clones']} "
              f"actions played on a clone too, {stats['actions_tried']} listed actions tried, "
              f"{stats['replays']} replays{_own(stats)}; ends {dict(sorted(ends.items()))}; {dt:.1f} s; "
              f"{failed} failure(s)",
              file=out, flush=True)
        if failures and not keep_going:
            break
    return failures


_SHARED = {"states", "scrambles", "scrambles_that_changed_another_view", "determinizations",
           "siblings", "clones", "actions_tried", "replays"}


def _own(stats) -> str:
    """The counts of a game's own checks (Onexeno: ``box_positions``...), as ", 12 box positions"."""
    return "".join(f", {v} {k.replace('_', ' ')}" for k, v in sorted(stats.items()) if k not in _SHARED)


def _end_reason(s):
    v = s.view(None)
    return v.get("end_reason") or ("over" if s.over else "unfinished")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", help=f"game ids (default: all): {', '.join(sorted(game.GAMES))}")
    ap.add_argument("-n", type=int, default=int(os.environ.get("SOAK_GAMES", DEFAULT_GAMES)),
                    help=f"games per game id (default {DEFAULT_GAMES}, or $SOAK_GAMES)")
    ap.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    ap.add_argument("--determinize-every", type=int, default=DETERMINIZE_EVERY,
                    help="actions between determinization checks (0: none)")
    ap.add_argument("--keep-going", action="store_true", help="go on after a failure")
    args = ap.parse_args(argv)
    ids = args.games or sorted(game.GAMES)
    unknown = [g for g in ids if g not in game.GAMES or g not in CHECKERS]
    if unknown:
        ap.error(f"no game or no checker for {unknown}")
    missing = sorted(set(game.GAMES) - set(CHECKERS))
    if missing and not args.games:
        print(f"no checker yet for {missing}: not soaked", flush=True)
        ids = [g for g in ids if g in CHECKERS]
    t0 = time.perf_counter()
    failures = soak(ids, args.n, args.first, args.determinize_every, args.keep_going)
    print(f"soak: {len(ids)} game(s), {args.n} games each, {time.perf_counter() - t0:.0f} s, "
          f"{len(failures)} failure(s)", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
