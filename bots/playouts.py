"""How a search plays a position out past its tree: at random, unless a game has a policy.

A random playout is fair but blind; a game may register a cheap policy of its own in
``POLICIES`` (game id -> ``policy(world, mover, legal, rng) -> action``), which the search
then follows instead.  A policy sees the search's determinized world, like the judge does.

Where a playout stops: at the game's end, or earlier at a *horizon*: a game in
``HORIZONS`` (game id -> ``mark(world)``) stops once the mark changes (Fennecs: the round);
a game in ``bots.evaluate.RACES`` stops at the first change of score, a round's end.
"""

from __future__ import annotations

from . import fennecs_policy
from .evaluate import RACES

# Measured (bench/ladder.py "fennecs 3p", expert at 6000 actions against two champions, 20 paired
# seeds): random playouts to the first change of score 33% (the champion itself); to the end
# of the round 39%; the greedy rule to the end of the round 48-68% (its TAKE and WILD tried).
POLICIES: dict = {"fennecs": fennecs_policy.policy}
HORIZONS: dict = {"fennecs": fennecs_policy.round_mark}


def _scores(world):
    return world.scores


def horizon(game_id: str):
    """The game's ``mark(world)``: its playouts stop once it changes (None: play to the end)."""
    mark = HORIZONS.get(game_id)
    if mark is None and game_id in RACES:
        mark = _scores
    return mark


def pick(world, mover: int, rng) -> str:
    """The action ``mover`` plays in a playout of ``world``."""
    legal = world.legal_actions(mover)
    policy = POLICIES.get(world.info.id)
    return policy(world, mover, legal, rng) if policy else rng.choice(legal)
