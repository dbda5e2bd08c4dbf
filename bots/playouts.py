"""How a search plays a position out past its tree: at random, unless a game has a policy.

A random playout is fair but blind; a game's profile may give a cheap ``policy(world, mover,
legal, rng) -> action`` of its own (``bots.profile``), which the search then follows instead.
A policy sees the search's determinized world, like the judge does.

Where a playout stops: at the game's end, or earlier at a *horizon*: a game whose profile
has a ``horizon(world)`` mark stops once the mark changes (the round, say); a game with a
``race`` stops at the first change of score, a round's end.
"""

from __future__ import annotations

from . import profile


def _scores(world):
    return world.scores


def horizon(game_id: str):
    """The game's ``mark(world)``: its playouts stop once it changes (None: play to the end)."""
    p = profile.of(game_id)
    mark = p.horizon
    if mark is None and p.race:
        mark = _scores
    return mark


def pick(world, mover: int, rng) -> str:
    """The action ``mover`` plays in a playout of ``world``."""
    legal = world.legal_actions(mover)
    policy = profile.of(world.info.id).policy
    return policy(world, mover, legal, rng) if policy else rng.choice(legal)
