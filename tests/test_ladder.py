"""bench/ladder.py: paired matches and the ratings drawn from them."""

from __future__ import annotations

import pytest

from bench import ladder


@pytest.mark.slow
def test_a_pairing_plays_each_seed_from_both_seats():
    table = ("renard_des_bois", "renard_des_bois", 2, {}, 2)
    clock = {}
    r = ladder.pairing(table, "novice", "random", 3, clock)
    assert len(r["shares"]) == 3 and all(s in (0.0, 0.5, 1.0) for s in r["shares"])
    assert r["base"] == 0.5 and r["per_round"] is not None
    assert set(clock) == {"novice", "random"}
    again = ladder.pairing(table, "novice", "random", 3, {}, jobs=2)    # seeds shared by 2 processes
    assert again["shares"] == r["shares"] and again["per_round"] == r["per_round"]


def test_ratings_order_the_levels_by_their_results():
    def res(a, b, share, players=2):
        return {"a": a, "b": b, "share": (share, 0.0), "players": players, "seeds": 50}
    rated = ladder.ratings([res("standard", "novice", 0.75), res("expert", "novice", 0.9),
                            res("expert", "standard", 0.75)], ["novice", "standard", "expert"])
    assert rated["novice"] == 1000 and rated["novice"] < rated["standard"] < rated["expert"]
    assert 150 < rated["standard"] - 1000 < 230            # 75% is about 190 points
    even = ladder.ratings([res("standard", "novice", 1 / 3, players=3)], ["novice", "standard"])
    assert even == {"novice": 1000, "standard": 1000}      # the base rate at 3 players: even


def test_the_champion_is_kept_and_plays():
    import game
    choose = ladder.chooser("champion")
    s = game.new_game("fendo", 2, 1)
    assert choose(s, 0, 5) in s.legal_actions(0)


def test_head_to_head_turns_a_share_at_n_players_into_one_against_one():
    import doctest
    assert doctest.testmod(ladder).failed == 0
    assert ladder.head_to_head(0.5, 2) == 0.5 and ladder.head_to_head(1.0, 3) == 1.0
    assert 0.64 < ladder.head_to_head(0.48, 3) < 0.66 < ladder.head_to_head(0.50, 3)
