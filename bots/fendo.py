"""Fendo's bot: judged mid-game by the cells each side holds or is nearer to (:data:`PROFILE`).

Closed areas are settled.  In the open area a cell is counted for the side
whose pawns reach it in fewer steps (walls block, ties split), a Voronoi
estimate of the territory each side will wall in.  The lead, in cells, becomes
a win chance through a logistic curve.

Search judges every child of every node it grows, thousands of times per
decision, so the breadth-first search runs on bit sets: cell ``i`` is bit
``i`` of a Python int (row by row from ``a1``, as ``view["cells"]``), and one
step of the search moves a whole frontier at once by shifts, masked by the
sides that have no wall.  The count is the same as a search cell by cell.
The masks are built from the engine's geometry (``game.fendo.cells``,
``wall_name``, ``neighbour``): one board, not a second.

>>> import game
>>> s = game.new_game("fendo")
>>> territory(s.view())            # 49 cells, split down the middle row
[24.5, 24.5]
>>> s.apply(0, "d1-d4N")
>>> territory(s.view())
[34.0, 15.0]
"""

from __future__ import annotations

import math
from functools import lru_cache

from game import fendo

from .profile import Profile

SCALE = 3.0  # cells of lead that make about a 73% favourite (before SURE)
# An estimate, however large the lead, stays this far from a result (0 or 1): the search must
# tell a wall that wins now from a position that only looks won.  Measured: at 0, a standard
# search judged an entry 0.9997 and never played the wall closing a majority
# (tests/test_bots_fendo.py); 0.05 was not enough for the exploration term of bots.mcts.
SURE = 0.15


class _Board:
    """The bit masks of one board size, built once from the engine's geometry.

    Cell ``i`` of ``fendo.cells(size)`` (row by row from ``a1``) is bit ``i``, so a step N
    is a shift by ``size`` and a step E by 1.  A wall by its view name (``fendo.wall_name``,
    on the N or E side of a cell) is the cell's bit, or the cell's bit + n for an E wall.

    >>> b = _Board(7)
    >>> b.bit["b1"], b.wall["a1N"] == b.bit["a1"], b.wall["a1E"] == b.bit["a1"] << 49
    (2, True, True)
    >>> b.can_n & b.bit["a7"], b.can_e & b.bit["g1"], b.can_w & b.bit["b1"]
    (0, 0, 2)
    """

    def __init__(self, size: int):
        names = fendo.cells(size)
        n = len(names)
        self.size = size
        self.n = n
        self.bit = {name: 1 << i for i, name in enumerate(names)}
        # territory() steps N by << size and E by << 1: x to the right, y up, as here.
        assert fendo.STEPS == {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
        self.wall = {}
        for name, bit in self.bit.items():
            for side, offset in (("N", 0), ("E", n)):
                wall = fendo.wall_name(name, side, size)
                if wall is not None:
                    self.wall[wall] = bit << offset
        self.cells = (1 << n) - 1

        def can(side: str) -> int:
            """The cells with a neighbour across ``side`` (not on that edge)."""
            return sum(bit for name, bit in self.bit.items() if fendo.neighbour(name, side, size))

        self.can_n, self.can_e, self.can_s, self.can_w = map(can, "NESW")


@lru_cache(maxsize=4)
def _board(size: int) -> _Board:
    return _Board(size)


def territory(view: dict) -> list[float]:
    """Cells held (closed areas) plus cells nearer (open area), per seat."""
    s0, s1 = view["scores"]
    areas = view["areas"]
    if not areas or not areas[0]["open"]:
        return [float(s0), float(s1)]
    b = _board(view["size"])
    size, bit = b.size, b.bit
    walls = sum(map(b.wall.__getitem__, view["walls"]))  # distinct bits: the sum is the union
    north, east = walls & b.cells, walls >> b.n
    can_n = b.can_n & ~north
    can_s = b.can_s & ~(north << size)
    can_e = b.can_e & ~east
    can_w = b.can_w & ~(east << 1)
    closed = 0
    for area in areas[1:]:
        closed += sum(map(bit.__getitem__, area["cells"]))
    start = [0, 0]
    for cell, seat in view["pawns"].items():
        start[seat] |= bit[cell]
    open_area = b.cells & ~closed
    f0 = start[0] & open_area  # a pawn in a closed area reaches its own area only
    f1 = start[1] & open_area
    new0, new1 = open_area ^ f0, open_area ^ f1  # open cells each side has not reached yet
    cells = open_area.bit_count() if f0 or f1 else 0
    won0, won1 = f0, f1  # the cells each side reaches first, as bit sets
    while f0 and f1:
        # One step for both sides: the cells each reaches first now are at this distance,
        # and go to the side that reaches them first.
        f0 = (((f0 & can_n) << size) | ((f0 & can_s) >> size)
              | ((f0 & can_e) << 1) | ((f0 & can_w) >> 1)) & new0
        f1 = (((f1 & can_n) << size) | ((f1 & can_s) >> size)
              | ((f1 & can_e) << 1) | ((f1 & can_w) >> 1)) & new1
        new0 ^= f0
        new1 ^= f1
        won0 |= f0 & new1
        won1 |= f1 & new0
    # The open area is connected: a side whose search is over has reached all of it,
    # and the cells the other side has not reached yet are nearer to the first.
    if f0:
        won0 |= new0 & new1
    elif f1:
        won1 |= new0 & new1
    won0, won1 = won0.bit_count(), won1.bit_count()
    ties = 0.5 * (cells - won0 - won1)  # every open cell is won by one side or tied
    return [s0 + won0 + ties, s1 + won1 + ties]


def judge(view: dict) -> list[float]:
    """Win chances for White and Orange from the territory estimate."""
    t = territory(view)
    p0 = SURE + (1.0 - 2 * SURE) / (1.0 + math.exp(-(t[0] - t[1]) / SCALE))
    return [p0, 1.0 - p0]


def judged(state) -> list[float]:
    """The search's judge: :func:`judge` of the public view (nothing hidden in Fendo)."""
    return judge(state.view(None))


PROFILE = Profile(
    judge=judged,
    budgets={
        # Fendo judges every child it grows (~150-300 a node): at 6000 actions the expert grows
        # only ~30 nodes.  Twice that beat the 6000-action champion (bench/ladder.py); 9x9's
        # decisions cost ~1.3x more per action, hence less there to stay within time.
        ("expert", 7): 12000,
        ("expert", 9): 9000,
        # 9x9 has ~2x the actions a node: at 1200 the standard level barely looked past one ply
        # (55% against the novice, 10 paired seeds); at 2400 it beat the novice (85%, 10) but
        # came near the expert (expert's share 62.5%, 20); at 1800: 66.2% against the novice
        # (40 seeds), the expert's 85.0% against it (20).
        ("standard", 9): 1800,
    },
    # Its children all start judged, so a lower exploration than the search's own spends the
    # budget deeper on the best: measured 0.12 against 0.25 (on the judge without SURE),
    # expert vs champion 65%, +5.9 cells a game.
    exploration=0.1,
)
