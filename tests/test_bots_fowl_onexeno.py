"""The levels of Fowl Play and Onexeno: a novice that errs as often as it says, and stronger
levels that find what it misses."""

from __future__ import annotations

import dataclasses
import random

import pytest

import bots
import game
from bots import profile
from game import fowl_play as fowl


def _capture_position():
    """Seat 0's fox on f4 may take bird ``b`` on f3 at its first step (nothing else in reach,
    21 birds on the board); ``b`` shares no trait with seat 0's target 1: a take worth having."""
    b = next(b for b in range(2, 37) if fowl.SHARED[1][b] == 0)
    far = [f"{r}{c}" for r in "ak" for c in range(1, 11)]      # 20 birds out of reach
    birds = dict(zip(far, [x for x in range(2, 37) if x != b]))
    s = fowl.position({"f4": 0, "f9": 1}, {"f3": b, **birds},
                       hands=[[5, 9, 30], [2, 3, 4]], targets=[1, 34], round=2)
    for seat, action in [(0, "play 5"), (1, "play 2"), (1, "done"), (0, "done"), (1, "fox done")]:
        s.apply(seat, action if action != "fox done" else "done")
    assert s.to_move == (0,) and "fox f4-f3" in s.legal_actions(0)
    return s


@pytest.mark.slow
def test_every_level_but_the_novice_always_takes_the_bird():
    s = _capture_position()
    for level in ("standard", "expert"):
        assert bots.choose(s, 0, level, seed=3) == "fox f4-f3"


def test_the_novice_misses_it_as_often_as_its_mistake_rate_says():
    s = _capture_position()
    legal = len(s.legal_actions(0))
    misses = sum(bots.choose(s, 0, "novice", seed=k) != "fox f4-f3" for k in range(600))
    expected = profile.of("fowl_play").mistakes * (legal - 1) / legal * 600
    assert abs(misses - expected) < 4 * expected ** 0.5, (misses, expected)


def test_without_mistakes_the_novice_never_misses(monkeypatch):
    monkeypatch.setitem(profile.PROFILES, "fowl_play",
                        dataclasses.replace(profile.of("fowl_play"), mistakes=0.0))
    s = _capture_position()
    assert all(bots.choose(s, 0, "novice", seed=k) == "fox f4-f3" for k in range(60))


@pytest.mark.parametrize("gid", ["renard_des_bois", "fennecs", "fendo"])
def test_the_novice_errs_only_in_the_games_listed(gid):
    """Elsewhere the novice is the faultless one-ply player it was: the frozen champion's
    novice (bench/ladder.py's champion) chooses the same, seed for seed."""
    from bench import ladder
    champion = ladder.champion()
    assert champion is not None, f"no champion: git lacks {ladder.CHAMPION_COMMIT[:7]} (bench/ladder.py)"
    assert profile.of(gid).mistakes == 0
    s = game.new_game(gid, players=2, seed=5)
    rng = random.Random(9)
    for k in range(10):
        p = s.to_move[0]
        assert bots.choose(s, p, "novice", seed=k) == champion.choose(s, p, "novice", seed=k)
        s.apply(p, rng.choice(s.legal_actions(p)))
        if s.over:
            break
