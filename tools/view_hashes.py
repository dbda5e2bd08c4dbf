"""Seeded random games with a hash of all the views after every action, for CPython and Pyodide.

    python3 -m tools.view_hashes N [GAME ...]      one JSON list: N games per game id

Game ``i`` of a game id plays one of its configurations (player count and options, see
:func:`pick`), seed ``7000 + i``, by a random policy seeded from it.  After every action
it hashes (SHA-256, 16 hex digits) every seat's view, the spectator's, the legal actions,
the turn, the scores and the winners; every 10 actions, the same of a determinized world.
tests/test_replay.py runs it on CPython and in Pyodide under Node (tools/pyodide_run.mjs)
and requires the same output, and replays each record on CPython to the same hashes.

Standard library and the engine contract only.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random

import game

MAX_PLIES = 4000


def configs(game_id: str) -> list:
    """Every (players, options) of a game: each player count times each option value (the
    soak, tools/soak.py, and the fuzz tests play these too)."""
    info = game.GAMES[game_id]
    names = [o.name for o in info.options]
    combos = [dict(zip(names, v)) for v in itertools.product(*(o.choices for o in info.options))]
    return [(n, opts) for n in range(info.min_players, info.max_players + 1) for opts in combos
            if _playable(game_id, n, opts)]


def _playable(game_id: str, players: int, options: dict) -> bool:
    """Whether a game accepts this player count with these options (Onexeno's teams of two
    need 4 or 6 players: its other counts refuse them)."""
    try:
        game.new_game(game_id, players=players, **options)
    except ValueError:
        return False
    return True


def state_hash(s) -> str:
    """A hash of everything observable about a state through the contract."""
    views = [s.view(None)] + [s.view(p) for p in range(s.players)]
    legal = [s.legal_actions(p) for p in range(s.players)]
    text = json.dumps([views, legal, list(s.to_move), s.scores, s.winners],
                      sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pick(game_id: str, index: int) -> tuple:
    """The configuration of game ``index``: first, one by one, the configuration that meets the
    most player counts and option values not met yet (so that a few games meet them all: six
    for Onexeno's 2 to 7 players), then the others by a stride of 7 through the list."""
    order = _order(game_id)
    return order[index % len(order)]


def _order(game_id: str) -> list:
    table = configs(game_id)
    rest = [table[k * 7 % len(table)] for k in range(len(table))]
    rest = [c for k, c in enumerate(rest) if c not in rest[:k]] + [c for c in table if c not in rest]

    def features(config):
        players, options = config
        return {("players", players)} | {(k, repr(v)) for k, v in options.items()}
    met: set = set()
    order = []
    while rest:
        best = max(rest, key=lambda c: len(features(c) - met))   # the first of the best
        if not features(best) - met:
            break
        met |= features(best)
        order.append(best)
        rest.remove(best)
    return order + rest


def play(game_id: str, index: int) -> dict:
    players, options = pick(game_id, index)
    seed = 7000 + index
    rng = random.Random(seed)
    s = game.new_game(game_id, players=players, seed=seed, **options)
    hashes = [state_hash(s)]
    worlds = []
    while not s.over and len(s.actions) < MAX_PLIES:
        p = rng.choice(s.to_move)
        s.apply(p, rng.choice(s.legal_actions(p)))
        hashes.append(state_hash(s))
        if len(s.actions) % 10 == 0 and not s.over:
            seat = len(s.actions) // 10 % players
            worlds.append(state_hash(s.determinize(seat, random.Random(seed * 1009 + len(s.actions)))))
    return {"record": s.record(), "over": s.over, "hashes": hashes, "worlds": worlds}


def run_all(n: int, games=None) -> list:
    return [play(g, i) for g in sorted(games or game.GAMES) for i in range(n)]


if __name__ == "__main__":
    import sys

    print(json.dumps(run_all(int(sys.argv[1]), sys.argv[2:] or None), sort_keys=True))
