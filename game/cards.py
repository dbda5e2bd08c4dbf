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
    shuffle(out, rng)
    return out


def shuffle(x: list, rng: random.Random) -> None:
    """``rng.shuffle(x)``: the same order from the same draws, a little faster.

    ``Random.shuffle`` swaps each ``x[i]``, from the last down, with an ``x[j]`` drawn by
    ``_randbelow(i + 1)``: ``getrandbits`` of ``i + 1``'s bit length until below ``i + 1``
    (CPython 3.11 to 3.14).  Written out here, without a Python call per card (measured:
    a deal's shuffle took about a tenth of a random Fennecs game, in Pyodide).  Any other
    generator (a subclass may draw otherwise) shuffles by its own method.

    >>> a, b = list(range(40)), list(range(40))
    >>> random.Random(5).shuffle(a); shuffle(b, random.Random(5)); a == b
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
