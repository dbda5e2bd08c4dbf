"""Fendo's bots: the judge on positions whose answer is known, and the budgets per board."""

import random

import bots
from bots import fendo as fendo_judge, heuristic, levels, mcts, profile
from game.fendo import position

# Rows 1-4 walled off from rows 5-7 but for the gap above d4: White's lone pawn below, two
# Orange pawns above.  d1-d4N closes the 28 cells below for White, a majority at once.
BARRIER = [c + "4N" for c in "abcefg"]


def _gap():
    return position({"d1": 0, "d7": 1, "a7": 1}, walls=BARRIER)


def test_judge_counts_closed_and_nearer_cells():
    s = _gap()
    # Rows 1-3 are nearer to White, rows 5-7 to Orange, row 4 as near to both (d4 is three
    # steps from d1 and from d7): an even split, though White, to move, closes the gap.
    assert fendo_judge.territory(s.view(None)) == [24.5, 24.5]
    s.apply(0, "d1-d4N")
    assert s.over and s.scores == [28, 0]
    assert fendo_judge.territory(s.view(None)) == [28.0, 21.0]   # the top still open, Orange's


def test_judge_favours_the_side_that_can_close_the_gap():
    s = _gap()
    after = s.clone()
    after.apply(0, "d1-d4N")
    elsewhere = s.clone()
    elsewhere.apply(0, "d1-c1N")            # leaves the gap open for Orange to come through
    assert fendo_judge.judge(after.view(None))[0] > fendo_judge.judge(elsewhere.view(None))[0]


def test_every_level_closes_the_winning_gap():
    s = _gap()
    assert heuristic.choose(s, 0, random.Random(1)) == "d1-d4N"
    assert mcts.choose(s, 0, random.Random(2), levels.budget("fendo", "standard", 7)) == "d1-d4N"
    assert bots.choose(s, 0, "standard", seed=3) == "d1-d4N"


def test_budgets_by_board_size():
    for size in (7, 9, 11):
        for level in ("standard", "expert"):
            n = levels.budget("fendo", level, size)
            assert n == fendo_judge.PROFILE.budgets.get((level, size),
                                                        fendo_judge.PROFILE.budgets.get(
                                                            level, levels.BUDGETS[level]))
    # the expert thinks more than the standard level on every board
    assert all(levels.budget("fendo", "expert", n) > levels.budget("fendo", "standard", n)
               for n in (7, 9, 11))


def test_the_search_gets_fendo_s_budget_and_exploration(monkeypatch):
    import game
    seen = {}

    def fake(state, seat, rng, budget, **kw):
        seen.update(kw, budget=budget)
        return state.legal_actions(seat)[0]
    monkeypatch.setattr(mcts, "choose", fake)
    s = game.new_game("fendo", size=9)
    bots.choose(s, 0, "expert", seed=1)
    assert seen == {"budget": levels.budget("fendo", "expert", 9),
                    "exploration": fendo_judge.PROFILE.exploration}
    assert profile.of("fendo") is fendo_judge.PROFILE
