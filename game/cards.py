"""Seeded chance for the card games, the same on CPython and in Pyodide.

A game that deals several times (one deal per round) derives each deal's
generator from the game's seed and a label, so that a state needs no random
generator of its own: a clone shares nothing mutable, and the deal of round
``n`` does not depend on what happened before it.

A ``str`` seed goes through SHA-512 (``random.seed`` version 2), which every
Python 3 computes the same way, whatever the sign or size of the game's seed;
``shuffle`` and ``randrange`` draw from ``getrandbits`` alone, stable across
versions too.

>>> rng = seeded(7, "renard_des_bois", 1)
>>> shuffled(range(5), seeded(7, "renard_des_bois", 1)) == shuffled(range(5), rng)
True
>>> sorted(shuffled(range(5), rng))
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import random


def seeded(seed: int, *labels) -> random.Random:
    """A generator determined by ``seed`` and ``labels`` (ints or strings)."""
    return random.Random(":".join(str(x) for x in (seed, *labels)))


def shuffled(items, rng: random.Random) -> list:
    """A new list of ``items`` in a random order drawn from ``rng``."""
    out = list(items)
    rng.shuffle(out)
    return out
