"""Le Renard des Bois's expert: a round's end is where its search stops and judges the totals."""

from __future__ import annotations

import random

import game
from bots import mcts, race
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
