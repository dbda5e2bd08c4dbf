"""Fennecs played out by a cheap greedy rule, for the search's playouts.

A random playout of Fennecs collects columns blindly: it takes a column worth -4 as often as
one worth 6, so a playout that runs to the end of the round says more about chance than about
the move, and one that stops at the first change of score (every card played changes it: a
star won or put down) sees one action ahead.  This rule reads the search's determinized world
(every card dealt: the real ones for the searching seat, guesses for the others), like a judge
does, and plays a round out as a greedy player would:

- choosing 1/5 values: the best total for the collector;
- collecting a column worth :data:`TAKE` stars or more to the collector (the stars on its
  face-down cards included), or the best column when no card can be played;
- else a card face up, at random (a face-up card wins a star);
- and now and then (:data:`WILD`) any legal action, so that bluffs and odd plays stay in the
  picture.

>>> from game import fennecs as f
>>> s = f._position(3, hands=["3 -2", "5 1", "2"], columns=["4 2", "3 -1", "1/5"])
>>> gains(s)                          # A: 4 + 2; B: 3 - 1; C cannot be collected
[6, 2, None]
>>> import random
>>> policy(s, 0, s.legal_actions(0), random.Random(2))
'take A'
"""

from __future__ import annotations

from game import fennecs as f

TAKE = 3        # stars a column must bring for the rule to collect it at once
WILD = 0.1      # how often the rule plays any legal action instead

_FULL, _NOVA, _WILD, _PLUS = f.FULL, f.NOVA, f.WILD, f.PLUS
_VALUE = f.VALUE


def _net(total: int) -> int:
    """Stars a collector wins (or loses, < 0) for a column's total."""
    if total < 0:
        return total
    return total if total <= 6 else 6 - total


def _best_fives(kinds, wilds: int) -> tuple:
    """(net stars, fives) of the best choice of 1/5 values for a column of ``kinds``."""
    flip = _PLUS in kinds
    base = 0
    for k in kinds:
        v = _VALUE[k]
        base += -v if v < 0 and flip else v
    best = None
    for fives in range(wilds + 1):
        net = _net(base + 4 * fives)
        if best is None or net > best[0]:
            best = (net, fives)
    return best


def column_gain(col) -> int:
    """Stars collecting ``col`` brings its collector (its face-down stars included)."""
    taken = 0
    kinds = []
    for kind, _, tag in col:
        kinds.append(kind)
        if tag is not None:
            taken += 1
    if _NOVA in kinds:
        return 0
    if len(col) >= _FULL:
        return taken
    return taken + _best_fives(kinds, kinds.count(_WILD))[0]


def gains(world) -> list:
    """Per column, what collecting it brings now (None: gone, or fewer than 2 cards)."""
    return [column_gain(col) if col is not None and len(col) >= 2 else None
            for col in world._cols]


def round_mark(world) -> int:
    """The round being played: a playout stops at the round's end (``bots.playouts.HORIZONS``)."""
    return world._round


def policy(world, mover: int, legal: list, rng) -> str:
    """The action the greedy rule plays for ``mover`` (see the module's docstring)."""
    pending = world._pending
    if pending is not None:
        kinds, wilds = pending[2], pending[3]
        return legal[_best_fives(kinds, wilds)[1]]
    if rng.random() < WILD:
        return rng.choice(legal)
    best, best_gain = None, None
    for i, col in enumerate(world._cols):
        if col is not None and len(col) >= 2:
            g = column_gain(col)
            if best_gain is None or g > best_gain:
                best, best_gain = i, g
    if best is not None and (best_gain >= TAKE or legal[0].startswith("take")):
        return f._TAKES[best]
    ups = [a for a in legal if "v" not in a and not a.startswith("take")]
    if ups:
        return rng.choice(ups)
    return rng.choice(legal)
