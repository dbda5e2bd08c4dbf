"""Onexeno's bot (bots/onexeno.py): it takes lines, does not set up a fifth card for the
next player, sheds its high cards at the end, and beats random players.

Positions are built on tests/helpers/onexeno.py's consistent tables (from the independent
account of which border cells touch), as in tests/test_onexeno.py.
"""

from __future__ import annotations

import random

import pytest

import bots
import game
import invariants
from game import onexeno
from helpers.onexeno import set_up, table_of

LEVELS = ["standard", "expert"]


def spare_cards(table, k, seed):
    used = {v.partition("+")[0] for v in table.values()}
    return random.Random(seed).sample([c for c in onexeno.CARDS if c not in used
                                       and c not in ("0a", "8a")], k)


@pytest.mark.parametrize("level", LEVELS)
def test_it_takes_a_line(level):
    line = ["c5", "d5", "e5", "f5", "g5"]
    t = table_of(line + ["d6"], seed=21)
    on = {c: v for c, v in t.items() if c != "g5"}
    hand = [t["g5"].partition("+")[0]] + spare_cards(t, 2, 1)
    s = onexeno.position(3, table=on, hands=[" ".join(hand), "", ""], deck="0a 8a 4t")
    s.apply(0, bots.choose(s, 0, level, seed=3))
    take = s.view(None)["last_take"]
    assert take["seat"] == 0 and take["lines"] == [line]


@pytest.mark.parametrize("level", LEVELS)
def test_it_does_not_set_up_a_fifth_card_for_the_next_player(level):
    t = table_of(["c5", "d5", "e5", "f5", "d3"], seed=22)
    s = set_up(t, ["f5"], players=3, deck="0a 8a 4t", other_hands=["", ""])
    legal = s.legal_actions(0)
    leaves_gap = []
    for a in legal:
        after = s.clone()
        after.apply(0, a)
        leaves_gap.append(bool(after.gaps()))
    assert any(leaves_gap) and not all(leaves_gap)      # a choice to make
    chosen = bots.choose(s, 0, level, seed=5)
    after = s.clone()
    after.apply(0, chosen)
    assert after.gaps() == [], chosen


@pytest.mark.parametrize("level", LEVELS)
def test_it_sheds_its_highest_card_at_the_end_and_does_not_pass(level):
    t = table_of(["e5"], seed=23)
    low, high = "1a", "7b"
    s = onexeno.position(2, table=t, hands=[f"{low} {high}", "2a 3a"])
    assert s.view(0)["deck"] == 0
    placeable = {a.split("@")[0] for a in s.legal_actions(0) if a != "pass"}
    assert placeable == {low, high}
    assert bots.choose(s, 0, level, seed=1).split("@")[0] == high


@pytest.mark.slow
def test_it_beats_two_random_players():
    wins = 0
    for g in range(6):
        s = game.new_game("onexeno", players=3, seed=g)
        me = g % 3
        rng = random.Random(g)
        while not s.over:
            p = s.to_move[0]
            a = (bots.choose(s, p, "standard", seed=g) if p == me
                 else rng.choice(s.legal_actions(p)))
            s.apply(p, a)
        wins += all(s.scores[me] > s.scores[q] for q in range(3) if q != me)
    assert wins >= 5


def test_the_generic_levels_still_play_onexeno():
    s = game.new_game("onexeno", players=4, seed=2, teams=2)
    for level in ("random", "novice"):
        assert bots.choose(s, s.to_move[0], level, seed=1) in s.legal_actions(s.to_move[0])


@pytest.mark.slow
@pytest.mark.parametrize("players,teams", [(3, 0), (4, 2), (7, 0)])
def test_games_between_bots_keep_the_invariants(players, teams):
    """Skilled play reaches what random play seldom does (several lines at once, the table
    moved back from the frame's edge): the checker of tests/invariants.py after every action."""
    s = game.new_game("onexeno", players=players, seed=40 + players, teams=teams)
    checker = invariants.OnexenoChecker(s, random.Random(players), determinize_every=4)
    takes = before = 0
    while not s.over:
        p = s.to_move[0]
        a = bots.choose(s, p, "standard", seed=len(s.actions))
        checker.before(s, p, a)
        s = checker.apply(s, p, a)
        checker.step(s, p, a)
        taken = sum(len(t) for t in s.view(None)["taken"])
        takes += taken > before
        before = taken
    checker.finish(s)
    assert takes >= 3
