"""Fowl Play judged mid-game: the score sheet as if the game ended now, plus the foxes' prey.

A random playout of Fowl Play is long (hundreds of single steps) and says little: random
foxes rarely catch anything.  This judge reads the search's world instead (a determinized
state, where every target has been dealt: the real one for the searching seat, guesses for
the others) and scores each seat by

- its total on the score sheet if the game ended now (``FowlState.sheet``'s sum, computed
  here in one pass for speed: the captured birds' majorities and sets, the survivors
  sharing its target's traits);
- the bird its fox could take next (within two fox steps, tunnels included), worth what
  taking it would bring: a capture is worth about a point, minus what the seat would lose
  from its own survivors;
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

SCALE = 2.0        # points of lead that make about a 73% favourite
PREY = 0.6         # how much of a reachable bird's worth counts now
PULL = 0.15        # per step from the fox to the nearest bird, beyond reach

_CELLS = range(len(fowl.BOARD))
_FIRST = tuple(tuple(fowl.NEIGHBOURS[a]) + (tuple(t for t in fowl.TUNNELS if t != a)
                                            if fowl.IS_TUNNEL[a] else ()) for a in _CELLS)
# cells a fox reaches in one or two steps, tunnels included (other pieces not counted)
REACH = tuple(tuple(sorted({c for b in _FIRST[a] for c in _FIRST[b]} | set(_FIRST[a]) - {a}))
              for a in _CELLS)
_TYPE, _COLOUR, _SHAPE = fowl.TYPE, fowl.COLOUR, fowl.SHAPE
_SHARED = fowl.SHARED


def totals(cell, captured, targets) -> list:
    """Each seat's total if the game ended now (the sum of ``fowl.score_sheet``)."""
    n = len(captured)
    points = [0.0] * n
    # captured: majorities of each colour and shape, worth the types among them; sets
    for p, birds in enumerate(captured):
        types = [0, 0, 0, 0]
        for b in birds:
            types[_TYPE[b]] += 1
        points[p] += fowl.SET_POINTS * min(types)
    for trait in (_COLOUR, _SHAPE):
        for value in range(3):
            counts = [0] * n
            kinds = [0] * n
            for p, birds in enumerate(captured):
                for b in birds:
                    if trait[b] == value:
                        counts[p] += 1
                        kinds[p] |= 1 << _TYPE[b]
            most = max(counts)
            if most:
                for p in range(n):
                    if counts[p] == most:
                        points[p] += bin(kinds[p]).count("1")
    # survivors
    for b in cell:
        if b:
            for p in range(n):
                t = targets[p]
                if t:
                    points[p] += _SHARED[t][b] + (t == b)
    return points


def judge(state) -> list:
    """One value in (0, 1) per seat for an unfinished world (see the module's docstring)."""
    cell = state._cell
    targets = state._targets
    n = state.players
    score = totals(cell, state._captured, targets)
    for p in range(n):
        fox = state._fox[p]
        if fox < 0:
            continue
        t = targets[p]
        best = None
        for c in REACH[fox]:
            b = cell[c]
            if b:
                worth = 1.0 - (_SHARED[t][b] + (t == b) if t else 0)
                if best is None or worth > best:
                    best = worth
        if best is not None:
            score[p] += PREY * max(best, 0.0)
        else:
            dist = fowl.DIST[fox]
            near = min(dist[c] for c in _CELLS if cell[c])
            score[p] -= PULL * (near - 2)
    out = []
    for p in range(n):
        lead = score[p] - max(score[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-lead / SCALE)))
    return out
