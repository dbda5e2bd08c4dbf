"""The bots, on a game small enough to know the right answer, then on ours."""

import random

import pytest

import bots
import game
from bots import heuristic, mcts
from bots.evaluate import outcome
from tictactoe import position


def test_mcts_takes_a_win():
    # X: 0 1 ; O: 3 4 -> X to move wins at 2.
    s = position([0, 3, 1, 4])
    assert mcts.choose(s, 0, random.Random(1), 300) == "2"


def test_mcts_blocks_a_loss():
    # X: 0 8 ; O: 4 1 -> O threatens 7 (1-4-7); X must block.
    s = position([0, 4, 8, 1])
    assert mcts.choose(s, 0, random.Random(2), 1500) == "7"


def test_heuristic_takes_a_win_but_random_need_not():
    s = position([0, 3, 1, 4])
    assert heuristic.choose(s, 0, random.Random(0)) == "2"
    picks = {heuristic.choose_random(s, 0, random.Random(k)) for k in range(40)}
    assert len(picks) > 1


def test_outcome_of_finished_and_unfinished_games():
    s = position([0, 3, 1, 4, 2])
    assert s.over and outcome(s) == [1.0, 0.0]
    draw = position([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert draw.over and draw.winners == [0, 1] and outcome(draw) == [0.5, 0.5]
    assert outcome(position([0])) == [0.5, 0.5]


@pytest.mark.parametrize("level", ["random", "novice", "standard"])
def test_same_seed_same_action(level):
    s = game.new_game("fendo", seed=5)
    s.apply(0, s.legal_actions(0)[0])
    a = bots.choose(s, 1, level, seed=9)
    assert a == bots.choose(s, 1, level, seed=9)
    assert a in s.legal_actions(1)


def test_bot_refuses_a_seat_not_to_move_and_an_unknown_level():
    s = game.new_game("fendo", seed=5)
    with pytest.raises(ValueError):
        bots.choose(s, 1, "novice")
    with pytest.raises(ValueError):
        bots.choose(s, 0, "grandmaster")


def test_bot_leaves_the_state_alone():
    s = game.new_game("fendo", seed=5)
    before = s.record(), s.view(None)
    bots.choose(s, 0, "standard", seed=1)
    assert (s.record(), s.view(None)) == before


def _territory_cell_by_cell(view):
    """The judge's estimate as first written: a breadth-first search per side, cell by
    cell, over the public view (the reference for bots/fendo.py's bit sets)."""
    size, names = view["size"], view["cells"]
    walls = set(view["walls"])
    held = [float(s) for s in view["scores"]]
    areas = view["areas"]
    if not areas or not areas[0]["open"]:
        return held

    def neighbours(i):
        x, y = i % size, i // size
        if y + 1 < size and names[i] + "N" not in walls:
            yield i + size
        if x + 1 < size and names[i] + "E" not in walls:
            yield i + 1
        if y > 0 and names[i - size] + "N" not in walls:
            yield i - size
        if x > 0 and names[i - 1] + "E" not in walls:
            yield i - 1

    open_cells = set(areas[0]["cells"])
    dist = []
    for seat in (0, 1):
        d = {names.index(c): 0 for c, p in view["pawns"].items() if p == seat and c in open_cells}
        frontier = list(d)
        while frontier:
            nxt = []
            for i in frontier:
                for j in neighbours(i):
                    if j not in d:
                        d[j] = d[i] + 1
                        nxt.append(j)
            frontier = nxt
        dist.append(d)
    for cell in open_cells:
        a, b = dist[0].get(names.index(cell)), dist[1].get(names.index(cell))
        if a is None and b is None:
            continue
        if b is None or (a is not None and a < b):
            held[0] += 1
        elif a is None or b < a:
            held[1] += 1
        else:
            held[0] += 0.5
            held[1] += 0.5
    return held


@pytest.mark.slow
@pytest.mark.parametrize("size", [7, 9, 11])
def test_fendo_judge_counts_as_a_search_cell_by_cell(size):
    from bots.fendo import territory
    checked = 0
    for seed in range(6):
        s = game.new_game("fendo", seed=seed, size=size, handicap=(7, 6, 5)[seed % 3],
                          stronger=seed % 2)
        rng = random.Random(seed)
        while True:
            v = s.view(None)
            assert territory(v) == _territory_cell_by_cell(v), s.record()
            checked += 1
            if s.over:
                break
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert checked > 100


def test_a_clock_makes_the_expert_think_for_its_time_not_its_budget():
    """Given a clock, the expert stops at its deadline, however much budget is left."""
    import itertools
    from bots import levels
    ticks = itertools.count()
    s = game.new_game("renard_des_bois", seed=4)
    calls = []

    def clock():
        calls.append(1)
        return next(ticks) * 0.1          # every reading: a tenth of a second later
    a = bots.choose(s, s.to_move[0], "expert", seed=1, clock=clock)
    assert a in s.legal_actions(s.to_move[0])
    # the deadline (0.8 s) passes after about eight readings: a handful of iterations, not 48,000 actions
    assert len(calls) <= levels.SECONDS["expert"] / 0.1 + 2


def test_each_game_s_bot_settings_are_one_profile_in_its_own_module():
    """``bots/<game id>.py`` holds the game's ``PROFILE``, and the shared machinery (search,
    playouts, novice, levels, evaluation) names no game: a new game's settings go in one place."""
    import importlib
    import re
    from pathlib import Path
    from bots import profile
    for gid in game.GAMES:
        module = importlib.import_module(f"bots.{gid}")
        assert isinstance(module.PROFILE, profile.Profile)
        assert profile.of(gid) is module.PROFILE
    names = "|".join([*game.GAMES, "renard", "fowl"])
    for name in ("mcts", "playouts", "heuristic", "levels", "evaluate", "profile"):
        text = (Path(bots.__file__).parent / f"{name}.py").read_text(encoding="utf-8")
        assert not re.search(names, text, re.I), name
    assert profile.of("no_such_game") is profile.DEFAULT
