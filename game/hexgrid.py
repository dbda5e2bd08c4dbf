"""A board of hexagonal cells in rows: cells, names, neighbours, distances, pixel centres.

One place for the geometry of a hex board, for the rules and for a screen alike.  Cells are
pointy-topped, in rows from the top; odd rows are shifted half a cell to the right (the
"odd-r" layout).  Cell ``(r, c)`` is row ``r`` from the top and column ``c`` from the left,
both from 0, and is named by a row letter then a column number from 1: ``(0, 0)`` is ``a1``,
``(5, 5)`` is ``f6``.  Inside, a cell is its index in reading order (row by row).

Fowl Play's board, 11 rows of 12 and 11 cells alternately (127 cells):

>>> g = Grid([12, 11] * 5 + [12])
>>> len(g), g.name(g.index(5, 5)), g.cell(g.parse("f6"))
(127, 'f6', (5, 5))
>>> sorted(g.name(n) for n in g.neighbours[g.parse("f6")])
['e6', 'e7', 'f5', 'f7', 'g6', 'g7']
>>> sorted(g.name(n) for n in g.neighbours[g.parse("a1")])
['a2', 'b1']
>>> g.distance(g.parse("a1"), g.parse("k12")), g.distance(g.parse("f6"), g.parse("d6"))
(16, 2)
>>> g.parse("z9") is None
True
"""

from __future__ import annotations

import math

ROW_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Grid:
    """A hex board whose rows hold ``row_lengths`` cells (odd rows shifted right).

    ``neighbours[i]`` are the cells next to ``i``; ``distance(i, j)`` counts steps from
    cell to cell across the whole board (it ignores what stands on the cells).  Both are
    computed once, so that the rules and the bots read them as plain tuples.
    """

    def __init__(self, row_lengths):
        self.row_lengths = tuple(row_lengths)
        self.cells = tuple((r, c) for r, n in enumerate(self.row_lengths) for c in range(n))
        self._index = {rc: i for i, rc in enumerate(self.cells)}
        self.names = tuple(f"{ROW_LETTERS[r]}{c + 1}" for r, c in self.cells)
        self._by_name = {n: i for i, n in enumerate(self.names)}
        self._cube = tuple(_cube(r, c) for r, c in self.cells)
        self.neighbours = tuple(
            tuple(self._index[rc] for rc in _around(r, c) if rc in self._index)
            for r, c in self.cells)
        # distances[i][j], 127 x 127 small ints: a lookup is the fastest test there is
        cubes = self._cube
        self.distances = tuple(tuple([max(abs(a - x), abs(b - y), abs(c - z))
                                      for x, y, z in cubes]) for a, b, c in cubes)

    def __len__(self) -> int:
        return len(self.cells)

    def index(self, r: int, c: int) -> int:
        return self._index[(r, c)]

    def cell(self, i: int) -> tuple:
        return self.cells[i]

    def name(self, i: int) -> str:
        return self.names[i]

    def parse(self, text: str):
        """The cell named ``text`` (``"f6"``), or None if there is none."""
        return self._by_name.get(text)

    def distance(self, i: int, j: int) -> int:
        return self.distances[i][j]

    def centre(self, i: int, size: float = 1.0) -> tuple:
        """The pixel centre of cell ``i`` for hexagons of circumradius ``size``, the top-left
        cell's centre at ``(size * sqrt(3) / 2, size)``: x to the right, y downwards."""
        r, c = self.cells[i]
        w = math.sqrt(3) * size
        return (w * (c + 0.5 + 0.5 * (r & 1)), size * (1 + 1.5 * r))

    def corners(self, i: int, size: float = 1.0) -> list:
        """The six corners of cell ``i`` (pointy top), clockwise from the top."""
        x, y = self.centre(i, size)
        return [(x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    def extent(self, size: float = 1.0) -> tuple:
        """Width and height of the drawn board."""
        w = math.sqrt(3) * size
        widest = max(n + 0.5 * (r & 1) for r, n in enumerate(self.row_lengths))
        return (w * widest, size * (2 + 1.5 * (len(self.row_lengths) - 1)))


def _around(r: int, c: int) -> list:
    """The six neighbours of (r, c) in the odd-r layout (some may be off the board)."""
    shift = r & 1          # an odd row reaches one column further right above and below
    return [(r, c - 1), (r, c + 1),
            (r - 1, c - 1 + shift), (r - 1, c + shift),
            (r + 1, c - 1 + shift), (r + 1, c + shift)]


def _cube(r: int, c: int) -> tuple:
    """Cube coordinates of (r, c): distances are the largest difference of the three."""
    x = c - (r - (r & 1)) // 2
    z = r
    return (x, -x - z, z)
