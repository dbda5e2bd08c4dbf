"""How a search plays a position out past its tree: at random, unless a game has a policy.

A random playout is fair but blind; a game may register a cheap policy of its own in
``POLICIES`` (game id -> ``policy(world, mover, legal, rng) -> action``), which the search
then follows instead.  A policy sees the search's determinized world, like the judge does.
"""

from __future__ import annotations

POLICIES: dict = {}


def pick(world, mover: int, rng) -> str:
    """The action ``mover`` plays in a playout of ``world``."""
    legal = world.legal_actions(mover)
    policy = POLICIES.get(world.info.id)
    return policy(world, mover, legal, rng) if policy else rng.choice(legal)
