"""Fowl Play's bot: judged mid-game by the score sheet as if the game ended now, plus the
foxes' prey (:data:`PROFILE`).

A random playout of Fowl Play is long (hundreds of single steps) and says little: random
foxes rarely catch anything.  This judge reads the search's world instead (a determinized
state, where every target has been dealt: the real one for the searching seat, guesses for
the others) and scores each seat by

- its total on the score sheet if the game ended now (``FowlState.sheet``'s sum, computed
  here in one pass for speed: the captured birds' majorities and sets, the survivors
  sharing its target's traits);
- the bird its fox could take next (within two fox steps, tunnels included), worth what
  taking it would bring (:data:`TAKE`) less what the seat would lose on its own survivors;
- a small pull towards the birds when none is in reach.

The lead over the best other seat becomes a value in (0, 1) through a logistic curve.

>>> import game
>>> s = game.new_game("fowl_play", players=3, seed=1)
>>> [round(v, 2) for v in judge(s)]                  # before anything: all alike
[0.5, 0.5, 0.5]
"""

from __future__ import annotations

import math

from game import fowl_play as fowl

from .profile import Profile

SCALE = 2.0        # points of lead that make about a 73% favourite
PREY = 0.6         # how much of a reachable bird's worth counts now
PULL = 0.15        # per step from the fox to the nearest bird, beyond reach
# What a capture is worth to its fox's player, less the loss to the player's own survivors:
# about a point on the sheet's majorities.  (Counting the others' survivor losses too, 1.4 or
# 1.9, did no better for the novice: 33-35 of 40 games against two random players.)
TAKE = 1.0

_CELLS = range(len(fowl.BOARD))
_FIRST = tuple(tuple(fowl.NEIGHBOURS[a]) + (tuple(t for t in fowl.TUNNELS if t != a)
                                            if fowl.IS_TUNNEL[a] else ()) for a in _CELLS)
# cells a fox reaches in one or two steps, tunnels included (other pieces not counted)
REACH = tuple(tuple(sorted({c for b in _FIRST[a] for c in _FIRST[b]} | set(_FIRST[a]) - {a}))
              for a in _CELLS)
_TYPE, _COLOUR, _SHAPE = fowl.TYPE, fowl.COLOUR, fowl.SHAPE
_SHARED = fowl.SHARED


# WORTH[t][b]: the points a survivor b gives the holder of target t (traits shared, +1 if b
# is t); all 36 together give every target 34, so survivors score 34 less what was captured.
WORTH = tuple(tuple(_SHARED[t][b] + (t == b) for b in range(37)) for t in range(37))
ALL_ALIVE = sum(WORTH[1])
_BIT = tuple(1 << _TYPE[b] if b else 0 for b in range(37))


def totals(captured, targets) -> list:
    """Each seat's total if the game ended now (the sum of ``fowl.score_sheet``)."""
    n = len(captured)
    points = []
    counts = []       # per seat: birds of each colour (0-2) and shape (3-5)
    kinds = []        # per seat: the types among them, as bit masks
    for p in range(n):
        c, k = [0] * 6, [0] * 6
        types = [0, 0, 0, 0]
        for b in captured[p]:
            i, j = _COLOUR[b], 3 + _SHAPE[b]
            c[i] += 1
            c[j] += 1
            bit = _BIT[b]
            k[i] |= bit
            k[j] |= bit
            types[_TYPE[b]] += 1
        counts.append(c)
        kinds.append(k)
        points.append(fowl.SET_POINTS * min(types))
    caught = [b for birds in captured for b in birds]
    for p in range(n):
        t = targets[p]
        if t:
            points[p] += ALL_ALIVE - sum(map(WORTH[t].__getitem__, caught))
    for i in range(6):
        most = max(c[i] for c in counts)
        if most:
            for p in range(n):
                if counts[p][i] == most:
                    points[p] += bin(kinds[p][i]).count("1")
    return points


def judge(state) -> list:
    """One value in (0, 1) per seat for an unfinished world (see the module's docstring)."""
    cell, where, foxes, captured, targets = state.pieces()
    n = state.players
    score = totals(captured, targets)
    for p in range(n):
        fox = foxes[p]
        if fox < 0:
            continue
        w = WORTH[targets[p]]
        least = 9                      # the reachable bird the seat's target loses least by
        for c in REACH[fox]:
            b = cell[c]
            if b and w[b] < least:
                least = w[b]
        if least < 9:
            score[p] += PREY * max(TAKE - least, 0.0)
        else:
            dist = fowl.DIST[fox]
            near = min(dist[w] for w in where if w >= 0)
            score[p] -= PULL * (near - 2)
    ranked = sorted(score, reverse=True)
    first, second = ranked[0], ranked[1]
    exp = math.exp
    # each seat's lead over the best of the others
    return [1.0 / (1.0 + exp(-(x - (second if x == first else first)) / SCALE)) for x in score]


# The novice errs: one ply with this judge (which reads the hidden targets of a determinized
# world) is already good play, and a faultless novice beat the 1200-action search.
PROFILE = Profile(judge=judge, mistakes=0.3)
