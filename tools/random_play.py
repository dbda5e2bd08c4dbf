"""The random-action policy, written once and run both on CPython and in Pyodide.

tests/test_pyodide_node.py runs :func:`run_all` here (CPython) and in Pyodide under Node
(tools/pyodide_run.mjs), and checks that the JSON results are identical: same seed,
same options, same actions must give the same game everywhere (docs/ENGINE.md).

Standard library and the engine contract only.
"""

from __future__ import annotations

import json
import random

import game

MAX_PLIES = 4000  # a safety net: a game that runs past it is recorded as it stands


def play(game_id: str, seed: int, max_plies: int = MAX_PLIES) -> dict:
    """One seeded random game; the players and options are drawn from the seed too."""
    info = game.GAMES[game_id]
    rng = random.Random(seed)
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    while True:     # drawn again when this table cannot take them (Onexeno's teams of two)
        options = {o.name: rng.choice(list(o.choices)) for o in info.options}
        try:
            s = game.new_game(game_id, players=players, seed=seed, **options)
            break
        except ValueError:
            pass
    probe = None
    while not s.over and len(s.actions) < max_plies:
        seat = s.to_move[0]
        if probe is None and len(s.actions) >= 12:
            probe = _probe_determinize(s, seat, seed)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return {
        "record": s.record(),
        "over": s.over,
        "scores": list(s.scores),
        "winners": list(s.winners),
        "view": s.view(None),
        "seat_views": [s.view(i) for i in range(players)],
        "determinized": probe,
    }


def _probe_determinize(s, seat: int, seed: int) -> dict:
    """Determinizes for seat and plays the copy out at random: bots do this, in the worker."""
    d = s.determinize(seat, random.Random(seed + 1))
    rng = random.Random(seed + 2)
    plies = 0
    while not d.over and plies < MAX_PLIES:
        who = d.to_move[0]
        d.apply(who, rng.choice(d.legal_actions(who)))
        plies += 1
    return {"seat": seat, "ply": len(s.actions), "playout": plies, "scores": list(d.scores),
            "winners": list(d.winners), "view": d.view(None)}


def run_all(n: int, games=None) -> list[dict]:
    """n seeded random games (seeds 0..n-1) of each game, in a fixed order."""
    return [play(g, seed) for g in sorted(games or game.GAMES) for seed in range(n)]


def dumps(results) -> str:
    return json.dumps(results, sort_keys=True, ensure_ascii=True)


if __name__ == "__main__":  # python3 -m tools.random_play N [GAME...]: the results as JSON
    import sys

    print(dumps(run_all(int(sys.argv[1]), sys.argv[2:] or None)))
