"""The Fennecs bots' own parts: the greedy playout rule, where playouts stop, the budget."""

from __future__ import annotations

import random

from bots import fennecs as fp
from bots import levels, mcts, playouts
from game import fennecs as f


class _NoWild(random.Random):
    """A generator whose ``random()`` never picks the rule's odd action."""

    def random(self):
        return 0.99


def test_column_gain_counts_what_the_collector_gets():
    s = f.position(3, hands=["3", "5", "1"],
                    columns=["4 2 -1", "3 -2v1 2v2", "-1 -2 +"])
    # A: 4 + 2 - 1 = 5.  B: two face-down stars, then 3 - 2 + 2 = 3.  C: the + flips: 3.
    assert fp.gains(s) == [5, 5, 3]
    s = f.position(3, hands=["3", "1", "2"], columns=["4 4 3v1", "5", "1/5 1/5 2"])
    # A: a face-down star, then 11 is over 6, a loss of 5.  B: one card, cannot be collected.
    # C: 1/5s as 1,1: 4 (as 1,5: 8, a loss of 2; as 5,5: 12, a loss of 6): the best is 4.
    assert fp.gains(s) == [-4, None, 4]


def test_column_gain_of_a_full_column_is_its_stars_only():
    col = ((f.FIVE, -1, None), (f.FOUR, 0, None), (f.THREE, 1, (0, 0)), (f.TWO, 2, (1, 1)),
           (f.ONE, 0, None), (f.TWO, 1, None), (f.THREE, 2, None))
    assert len(col) == f.FULL
    assert fp.column_gain(col) == 2


def test_column_gain_of_a_supernova_column_is_nothing():
    col = ((f.FIVE, -1, None), (f.NOVA, 1, (0, 0)))
    assert fp.column_gain(col) == 0


def test_rule_collects_a_good_column_and_plays_face_up_otherwise():
    good = f.position(3, hands=["3 -2", "5 1", "2"], columns=["4 2", "3 -1", "1/5"])
    assert fp.policy(good, 0, good.legal_actions(0), _NoWild(0)) == "take A"
    poor = f.position(3, hands=["3 -2", "5 1", "2"], columns=["4 -2", "3 -1", "1/5"])
    for k in range(20):
        a = fp.policy(poor, 0, poor.legal_actions(0), _NoWild(k))
        assert a in poor.legal_actions(0) and "v" not in a and not a.startswith("take"), a


def test_rule_collects_the_best_column_when_it_cannot_play():
    s = f.position(3, hands=["", "5", "2"], columns=["4 -2", "3 -1 -2", "1/5"])
    assert s.legal_actions(0) == ["take A", "take B"]
    assert fp.policy(s, 0, s.legal_actions(0), _NoWild(0)) == "take A"


def test_rule_chooses_the_best_values_of_the_1_5_cards():
    s = f.position(3, hands=["3", "5", "2"], columns=["1/5 1/5 -1", "3", "2"])
    s.apply(0, "take A")                 # as 1,1: 1; as 1,5: 5; as 5,5: 9 (a loss of 3)
    assert s.legal_actions(0) == ["as 1,1", "as 1,5", "as 5,5"]
    assert fp.policy(s, 0, s.legal_actions(0), random.Random(0)) == "as 1,5"


def test_fennecs_playouts_stop_at_the_round_end_and_renard_keeps_its_score_horizon():
    assert playouts.horizon("fennecs") is fp.round_mark
    assert fp.PROFILE.policy is fp.policy
    assert playouts.horizon("renard_des_bois") is not None
    assert playouts.horizon("fendo") is None


def test_search_with_the_rule_takes_a_six():
    """The search with the rule's playouts still sees the plain best action: a 6 to collect."""
    s = f.position(3, hands=["3 -2", "5 1", "2 4"], columns=["4 2", "3 -2", "1/5"])
    action = mcts.choose(s, 0, random.Random(0), 3000)
    assert action == "take A"


def test_expert_budget_is_the_games_own():
    assert levels.budget("fennecs", "expert") == fp.PROFILE.budgets["expert"]
    assert levels.budget("fennecs", "expert") > levels.BUDGETS["expert"]
