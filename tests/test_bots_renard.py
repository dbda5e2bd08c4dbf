"""Le Renard des Bois's expert: a round's end is where its search stops and judges the totals."""

from __future__ import annotations

import random

import pytest

import game
from bots import mcts
from bots import renard_des_bois as race
from bots.evaluate import evaluate


def _late_in_a_round(seed: int, cards_left: int):
    """A seeded random game, played until each hand holds ``cards_left`` cards."""
    s = game.new_game("renard_des_bois", seed=seed)
    rng = random.Random(seed)
    while max(s.view(None)["hand_counts"]) > cards_left or s.view(None)["trick"]["cards"]:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _depth(node) -> int:
    return 1 + max((_depth(c) for c in (node.children or {}).values()), default=0)


@pytest.mark.slow
def test_the_search_stops_at_the_end_of_the_round(monkeypatch):
    s = _late_in_a_round(7, 1)
    seat = s.to_move[0]
    roots = []
    real = mcts.Node.__init__

    def keep(self, players):            # the first node made is the root
        real(self, players)
        if not roots:
            roots.append(self)
    monkeypatch.setattr(mcts.Node, "__init__", keep)
    mcts.search(s, seat, random.Random(1), 4000)
    # the last trick: two cards, neither with a choice after it (a Fox or a Woodcutter with an
    # empty hand acts by itself); a tree that went on into the next deal would be deeper
    assert _depth(roots[0]) - 1 <= 2


def test_a_round_end_is_judged_by_the_race_to_the_target():
    s = game.new_game("renard_des_bois", seed=3)
    rng = random.Random(3)
    while not s.view(None)["rounds"]:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    a, b = s.scores
    assert evaluate(s) == [race.win_chance(a, b, 21), 1 - race.win_chance(a, b, 21)]
    assert (evaluate(s)[0] > 0.5) == (a > b)


def _round_end(start, points, target=21):
    """What the search's judge is given at a round's end: the totals after ``points``."""
    from types import SimpleNamespace
    totals = [start[0] + points[0], start[1] + points[1]]
    return SimpleNamespace(scores=totals, options={"target": target})


def _gap(start, good, bad):
    """How much better the search values a round of ``good`` points than one of ``bad``."""
    return race.renard(_round_end(start, good), start)[0] - race.renard(_round_end(start, bad), start)[0]


def test_a_round_that_cannot_change_the_winner_is_still_played_for_its_points():
    # At 18 to 5 almost any round wins the game: by the chance of winning alone, a Victorious
    # round and a Humble one given to the other are 0.03 apart, too little for the search to
    # tell apart; the value still says which is better, as clearly as at the start.
    opening = _gap((0, 0), (6, 1), (1, 6))
    assert race._after(18, 5, 6, 1, 21) - race._after(18, 5, 1, 6, 21) < 0.1 * opening
    assert _gap((18, 5), (6, 1), (1, 6)) > 0.5 * opening
    # where the round decides the game, losing it still weighs most
    assert _gap((19, 13), (2, 6), (1, 8)) > _gap((19, 13), (7, 2), (2, 6)) > 0


def test_an_open_race_keeps_the_chance_of_winning_order():
    # the judge is the chance of winning, rescaled, where a round can change the winner: its
    # order of the round's outcomes is the chance's, but for near ties
    start = (7, 12)
    outcomes = [(x, y) for x, y, _ in race._ODDS]
    for o in outcomes:
        for q in outcomes:
            dp = race._after(*start, *o, 21) - race._after(*start, *q, 21)
            if dp > 0.05:
                assert race.renard(_round_end(start, o), start)[0] > race.renard(_round_end(start, q), start)[0]
