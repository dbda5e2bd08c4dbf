"""No bot cheats: it decides from what its seat may know.  Two worlds that the seat cannot tell
apart (the hidden cards redrawn by ``determinize``, the seat's view unchanged) get the same
decision from the same seed, at every level, in every game that hides something.

A bot that peeked (at another hand, the deck's order, a face-down card) would, sooner or
later, choose differently in the two worlds; the positions below are drawn from random games
so that such a difference has many chances to show.
"""

from __future__ import annotations

import random

import pytest

import bots
import game

HIDDEN = sorted(g for g, info in game.GAMES.items() if info.hidden)


def _positions(gid: str, count: int):
    """``count`` positions of random games of ``gid``, each with a seat to move, mid-game."""
    info = game.GAMES[gid]
    out, seed = [], 0
    while len(out) < count:
        players = info.min_players + seed % (info.max_players - info.min_players + 1)
        s = game.new_game(gid, players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 40)):
            if s.over:
                break
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        if not s.over:
            out.append(s)
        seed += 1
    return out


def _twin(s, seat: int, k: int):
    """A world ``seat`` cannot tell from ``s``: its hidden part redrawn, its view the same."""
    for tries in range(20):
        w = s.determinize(seat, random.Random(1000 * k + tries))
        if w.view(seat) == s.view(seat) and w.legal_actions(seat) == s.legal_actions(seat):
            return w
    raise AssertionError(f"determinize changed what seat {seat} sees in {s!r}")


@pytest.mark.slow
@pytest.mark.parametrize("gid", HIDDEN)
@pytest.mark.parametrize("level", ["novice", "standard", "expert"])
def test_a_world_the_seat_cannot_tell_apart_gets_the_same_decision(gid, level):
    differed = 0
    for k, s in enumerate(_positions(gid, {"novice": 12, "standard": 6, "expert": 3}[level])):
        seat = s.to_move[0]
        twin = _twin(s, seat, k)
        differed += any(twin.view(p) != s.view(p) for p in range(s.players))
        assert bots.choose(twin, seat, level, seed=k) == bots.choose(s, seat, level, seed=k), (gid, k)
    assert differed > 0      # the twins were not all the same world: the test could fail


def test_the_games_that_hide_something_are_tested():
    assert {"renard_des_bois", "fennecs"} <= set(HIDDEN)
