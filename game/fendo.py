"""Fendo (Dieter Stein): move a pawn, put up a wall, own the most cells.

Two players, White (seat 0) and Orange (seat 1), share a square board.  The
part of the board where several pawns still roam is the *open area*; a part
walled off with exactly one pawn inside is a *closed area* and scores its cells
for that pawn's owner.  Where the rulebook is silent, the rulings below say
what is played (gathered, for every game, in ``docs/RULES.md``).

Cells
-----
Cells are named by column letter (from the left) and row number (from the
bottom): ``a1`` .. ``g7`` on the 7x7 board, up to ``k11`` on 11x11.  White
starts on the middle of the bottom edge (``d1``), Orange on the middle of the
top edge (``d7``); each keeps 6 more pawns in reserve.  White moves first.

Notation
--------
One action is one short string, the same in saves, logs and tests:

==========  =================================================================
``c4``      enter a pawn from the reserve on ``c4`` (no wall)
``d1-d4N``  move the pawn on ``d1`` to ``d4``, then wall the N side of ``d4``
``d1E``     leave the pawn on ``d1`` where it is and wall its E side
``pass``    only when nothing else is legal
==========  =================================================================

Sides are ``N`` (up), ``E`` (right), ``S`` (down), ``W`` (left).
:func:`parse` reads an action into an :class:`Action`; ``str()`` writes it back.

>>> parse("d1-d4N")
Action(kind='move', src='d1', dst='d4', side='N')
>>> parse("d1E")
Action(kind='wall', src='d1', dst='d1', side='E')
>>> parse("c4")
Action(kind='enter', src=None, dst='c4', side=None)
>>> parse("pass")
Action(kind='pass', src=None, dst=None, side=None)
>>> str(parse("d1-d4N"))
'd1-d4N'
>>> parse("d1-d4")
Traceback (most recent call last):
  ...
game.core.IllegalAction: 'd1-d4' lacks the side of its wall: write e.g. d1-d4N.
>>> parse("k11", size=7)
Traceback (most recent call last):
  ...
game.core.IllegalAction: There is no cell k11 on the 7x7 board.

A game, through the engine contract:

>>> import game
>>> s = game.new_game("fendo")
>>> s.apply(0, "d1-d4N")          # White goes up the d file, walls d4's top
>>> s.apply(1, "c6")              # Orange enters a pawn that d7 could reach
>>> v = s.view()
>>> v["pawns"], v["reserve"], v["walls"]
({'d4': 0, 'c6': 1, 'd7': 1}, [6, 5], ['d4N'])
>>> try:                          # d6 would take two turns: refused, nothing changes
...     s.apply(0, "d4-d6E")
... except game.IllegalAction as e:
...     print(e.code, e.params)
fendo.blocked_path {'cell': 'd4', 'to': 'd6'}
>>> "d4S" in s.legal_actions(0), "pass" in s.legal_actions(0)
(True, False)

Options
-------
``size``       7 (default), 9 or 11: the board's side.  Pawns start mid-edge
               (``e1``/``e9`` on 9x9, ``f1``/``f11`` on 11x11).
``handicap``   7 (default), 6 or 5: how many pawns the stronger side plays with
               (1 on the board and the rest in reserve); 7 is no handicap.
``stronger``   0 (default) or 1: the seat that takes the handicap.

Rulings where the rulebook is silent or ambiguous
-------------------------------------------------
- Entering (rulebook ill. 5: cells that "could be reached by one move in the
  open area") needs only a legal *path* from one of the player's own pawns in
  the open area; whether that pawn could then put up a wall does not matter.
- A move may end on its own cell (``d1E``); a move written ``d1-d1E`` is refused.
- The game ends when no open area is left, when a score passes half the board
  (``target`` = 25 of 49, 41 of 81, 61 of 121: closed areas never shrink, so
  the result is settled), or after two passes in a row.  When the last action
  both empties the open area and gives a majority, the end reason is
  ``"no_open_area"``.  Every board has an odd number of cells, so only the
  two-pass end could be a draw, and it cannot happen in play: whoever owns a
  pawn at a leaf of the tree that links the open area's pawns (through its
  bridges) can always put up a wall, so a player who must pass leaves the
  other one a move.  The rule is kept as a safeguard.
- In ``view()["areas"]`` the open area comes first, then the closed ones in
  the order they were closed (the mover's side first when one wall closes
  two); each area's cells are ``sorted()`` names.
"""

from __future__ import annotations

import bisect
import itertools
import re
from typing import NamedTuple

from . import core

SIZES = (7, 9, 11)
HANDICAPS = (7, 6, 5)
PAWNS = 7                       # pawns per player without handicap
COLUMNS = "abcdefghijk"
SIDES = "NESW"                  # side index d: N=0, E=1, S=2, W=3; opposite is d ^ 2
SEAT_NAMES = ("White", "Orange")
PASS = "pass"
END_REASONS = ("majority", "no_open_area", "passes")

_SYNTAX = re.compile(r"([a-k])([1-9][0-9]?)(?:-([a-k])([1-9][0-9]?))?([NESW]?)")


# -- notation -----------------------------------------------------------------


class Action(NamedTuple):
    """One parsed action: ``kind`` is "enter", "move", "wall" (move in place) or "pass"."""

    kind: str
    src: str | None = None   # the pawn's cell (move, wall)
    dst: str | None = None   # where the pawn ends (move, wall) or enters (enter)
    side: str | None = None  # side of dst that gets the wall (move, wall)

    def __str__(self) -> str:
        if self.kind == "pass":
            return PASS
        if self.kind == "enter":
            return self.dst
        if self.kind == "wall":
            return self.src + self.side
        return f"{self.src}-{self.dst}{self.side}"


def _cell_name(col: str, row: str, size: int) -> str:
    """A checked cell name: refuses cells off this board."""
    if COLUMNS.index(col) >= size or int(row) > size:
        raise core.IllegalAction(
            f"There is no cell {col}{row} on the {size}x{size} board.", "fendo.no_cell",
            cell=f"{col}{row}")
    return col + row


def parse(text: str, size: int = 7) -> Action:
    """Reads one action string; raises IllegalAction (``fendo.syntax``, ``fendo.no_cell``)."""
    if text == PASS:
        return Action("pass")
    m = _SYNTAX.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise core.IllegalAction(
            f"{text!r} is not a Fendo action: write c4 (enter), d1-d4N (move and wall), "
            f"d1E (wall without moving) or pass.", "fendo.syntax",
            action=text if isinstance(text, str) else repr(text))
    col, row, col2, row2, side = m.groups()
    src = _cell_name(col, row, size)
    if col2 is None:
        if not side:
            return Action("enter", None, src, None)
        return Action("wall", src, src, side)
    dst = _cell_name(col2, row2, size)
    if not side:
        raise core.IllegalAction(
            f"{text!r} lacks the side of its wall: write e.g. {src}-{dst}N.",
            "fendo.syntax", action=text)
    if dst == src:
        raise core.IllegalAction(
            f"To put up a wall without moving, write {src}{side}, not {text}.",
            "fendo.syntax", action=text)
    return Action("move", src, dst, side)


# -- geometry -----------------------------------------------------------------
#
# The board as the screens, the bots and the tests see it: cells by name, ``(x, y)`` with x
# the column from the left and y the row from the bottom, both from 0.  One geometry: the
# state's own tables below are built from the same names.

STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def cell_xy(cell: str) -> tuple[int, int]:
    """``"a1"`` -> ``(0, 0)``; ``"d7"`` -> ``(3, 6)``.

    >>> cell_xy("d7")
    (3, 6)
    >>> cell_xy("z9")
    Traceback (most recent call last):
      ...
    ValueError: not a cell: 'z9'
    """
    if not (isinstance(cell, str) and 2 <= len(cell) <= 3 and cell[0] in COLUMNS
            and cell[1:].isdigit() and cell[1] != "0"):
        raise ValueError(f"not a cell: {cell!r}")
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def cell_at(x: int, y: int) -> str:
    """The name of the cell at ``(x, y)``: ``cell_at(3, 6) == "d7"``."""
    return COLUMNS[x] + str(y + 1)


def cells(size: int) -> tuple:
    """The cells of a board, row by row from ``a1`` (the order of ``view["cells"]``).

    >>> cells(7)[:3], cells(7)[7], len(cells(11))
    (('a1', 'b1', 'c1'), 'a2', 121)
    """
    return tuple(cell_at(x, y) for y in range(size) for x in range(size))


def neighbour(cell: str, side: str, size: int) -> str | None:
    """The cell across ``side`` of ``cell``, or None at the board's edge.

    >>> neighbour("d1", "N", 7), neighbour("d1", "S", 7)
    ('d2', None)
    """
    x, y = cell_xy(cell)
    dx, dy = STEPS[side]
    x, y = x + dx, y + dy
    return cell_at(x, y) if 0 <= x < size and 0 <= y < size else None


def wall_name(cell: str, side: str, size: int) -> str | None:
    """A wall by the name the view gives it, on the N or E side of a cell: ``d2S`` is
    ``d1N``.  None for a side on the board's edge (no wall goes there).

    >>> wall_name("d2", "S", 7), wall_name("d4", "N", 7), wall_name("a1", "W", 7)
    ('d1N', 'd4N', None)
    """
    other = neighbour(cell, side, size)
    if other is None:
        return None
    if side in "NE":
        return cell + side
    return other + ("N" if side == "S" else "E")


class _Board:
    """The fixed geometry of one board size, built once and shared by all states.

    Cell ``i`` is column ``i // size``, row ``i % size``: a1, a2, .. b1, the order
    of the names up to 9x9, so that _generate lists its actions nearly sorted
    (about 5 descents in a list of 135 in random 7x7 games, against 16 row by
    row), which the sort takes as a few long runs.  The view lists cells row by
    row (``cells``, a1, b1, ..), as it always did.
    Per-side tables are indexed ``i * 4 + d``.
    """

    def __init__(self, size: int):
        n = size * size
        self.size, self.n = size, n
        self.names = tuple(COLUMNS[i // size] + str(i % size + 1) for i in range(n))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.step = (1, size, -1, -size)
        # Board-edge sides, as a bit mask (1 << d) per cell.
        self.edge = tuple(
            (row == size - 1) << 0 | (col == size - 1) << 1 | (row == 0) << 2 | (col == 0) << 3
            for col in range(size) for row in range(size))
        self.rows = tuple(row * size + col for col in range(size) for row in range(size))
        self.by_rows = sorted(range(n), key=self.rows.__getitem__)     # the cells, a1, b1, ..
        self.cells = tuple(self.names[i] for i in self.by_rows)
        self.suffix = tuple(self.names[i] + SIDES[d] for i in range(n) for d in range(4))
        self.slots = 4 * n
        # For each cell and each mask of blocked sides: the free slots (i*4+d), and
        # the (neighbour, slot) pairs through them.  The free slots go E, N, S, W, the
        # order of their names, so that _generate lists its actions nearly sorted.
        self.free = tuple(
            tuple(tuple(i * 4 + d for d in (1, 0, 2, 3) if not mask >> d & 1) for mask in range(16))
            for i in range(n))
        self.adj = tuple(
            tuple(tuple((i + self.step[d], i * 4 + d) for d in range(4) if not mask >> d & 1)
                  for mask in range(16))
            for i in range(n))
        # The neighbours alone, for the low links in _bridges.
        self.nbr = tuple(tuple(tuple(j for j, _ in pairs) for pairs in per) for per in self.adj)
        # For the slot k of a tree edge (parent side): the side of the child that faces back.
        self.back = tuple(1 << ((k & 3) ^ 2) for k in range(self.slots))
        # Per direction: its bit and step, and the two right-angle turns (bit, step) from it.
        self.rays = tuple(
            (1 << d, self.step[d],
             ((1 << (d ^ 1), self.step[d ^ 1]), (1 << (d ^ 3), self.step[d ^ 3])))
            for d in range(4))
        self.sorted_names = tuple(sorted(self.names))
        self.start = (size // 2 * size, size // 2 * size + size - 1)
        self.target = n // 2 + 1
        # Action texts and what they do, as _generate lists them and _apply looks them up:
        # the entries now, the moves and walls of a pawn on ``src`` (4n texts, by slot) the
        # first time a pawn plays from there (all of them at once would be 58,000 texts on
        # 11x11, built at import for nothing).  Shared by all states; only ever added to.
        self.code = {name: -1 - i for i, name in enumerate(self.names)}
        self.texts: list = [None] * n

    def moves(self, src: int) -> tuple:
        """The texts of the moves and walls of a pawn on ``src``, indexed by slot."""
        texts = self.texts[src]
        if texts is None:
            texts = list(map((self.names[src] + "-").__add__, self.suffix))
            texts[src * 4:src * 4 + 4] = self.suffix[src * 4:src * 4 + 4]   # in place: d1E
            texts = self.texts[src] = tuple(texts)
            self.code.update(zip(texts, range(src * self.slots, (src + 1) * self.slots)))
        return texts


_BOARDS: dict = {}


def _board(size: int) -> _Board:
    """The geometry of one size, built on first use (at import, all three cost a phone
    about 0.1 s of start-up for a size that may never be played)."""
    g = _BOARDS.get(size)
    if g is None:
        g = _BOARDS[size] = _Board(size)
    return g


# -- the state ----------------------------------------------------------------

class FendoState(core.TurnState):
    """A Fendo position.  Internally cells are ints; see :class:`_Board`."""

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(players, seed, options)
        g = self._g = _board(options["size"])
        total = [PAWNS, PAWNS]
        total[options["stronger"]] = options["handicap"]
        self._total = tuple(total)                # pawns per seat, board + reserve
        self._reserve = [t - 1 for t in total]
        self._pawn = [-1] * g.n                    # seat on each cell, -1 if empty
        self._bars = list(g.edge)                  # blocked sides per cell: edges + walls
        self._area = [-1] * g.n                    # -1 open area, k = self._closed[k]
        self._closed: list[tuple] = []             # (cells, owner, sorted names), in closing order
        self._pos = [[g.start[0]], [g.start[1]]]   # each seat's pawn cells
        for seat, cell in enumerate(g.start):
            self._pawn[cell] = seat
        self._open = True                          # is there an open area?
        self._score = [0, 0]
        self._turn = 0                             # seat to move, -1 once over
        self._passes = 0
        self._end: str | None = None
        self._cache = None                         # what _legal() returns, or None
        self._graph = None                         # _bridges() of the open area, or None
        # For view(), kept up to date as they change (tuples, shared by clones):
        self._walls: tuple = ()                    # the placed walls' names, sorted
        self._open_names: tuple = g.sorted_names   # the open area's cell names, sorted

    # -- the contract ---------------------------------------------------------

    def legal_actions(self, seat: int) -> list[str]:
        if not self._acts(seat):
            return []
        return list(self._legal()[0])

    def _apply(self, seat: int, action: str) -> None:
        legal, bridges = self._legal()
        k = bisect.bisect_left(legal, action)     # legal is sorted: no dict to build
        if k == len(legal) or legal[k] != action:
            raise self._refusal(seat, action)
        if action == PASS:
            self._passes += 1
        else:
            self._passes = 0
            code = self._g.code[action]
            if code < 0:
                cell = -1 - code
                self._pawn[cell] = seat
                self._pos[seat].append(cell)
                self._reserve[seat] -= 1
            else:
                src, slot = divmod(code, self._g.slots)
                self._put_wall(seat, src, slot >> 2, slot & 3, bridges)
        self._turn = 1 - seat
        self._cache = None
        self._check_end()

    def _copy_into(self, other: FendoState) -> None:
        other._g = self._g
        other._total = self._total
        other._reserve = self._reserve.copy()
        other._pawn = self._pawn.copy()
        other._bars = self._bars.copy()
        other._area = self._area.copy()
        other._closed = self._closed.copy()       # its tuples are never mutated
        other._pos = [self._pos[0].copy(), self._pos[1].copy()]
        other._open = self._open
        other._score = self._score.copy()
        other._turn = self._turn
        other._passes = self._passes
        other._end = self._end
        other._cache = self._cache                # never mutated, only replaced: safe to share
        other._graph = self._graph                # the same
        other._walls = self._walls
        other._open_names = self._open_names

    @property
    def scores(self) -> list:
        return self._score.copy()

    @property
    def winners(self) -> list:
        if self._turn >= 0:
            return []
        a, b = self._score
        return [0] if a > b else [1] if b > a else [0, 1]

    def _view(self, seat: int | None) -> dict:
        g = self._g
        names = g.names
        pawn = self._pawn
        areas = [{"cells": list(self._open_names), "owner": None, "open": True}] if self._open else []
        areas += [{"cells": list(cells), "owner": owner, "open": False}
                  for _, owner, cells in self._closed]
        return {
            "size": g.size,
            "cells": list(g.cells),
            "pawns": {names[i]: pawn[i]
                      for i in sorted(self._pos[0] + self._pos[1], key=g.rows.__getitem__)},
            "reserve": self._reserve.copy(),
            "walls": list(self._walls),
            "areas": areas,
            "history": list(map(list, self.actions)),
            "last": list(self.actions[-1]) if self.actions else None,
            "passes": self._passes,
            "end_reason": self._end,
            "target": g.target,
        }

    def _wall_names(self) -> tuple:
        """The placed walls, each named on its N or E side, sorted (``self._walls``
        as derived from ``self._bars``)."""
        g = self._g
        walls = []
        for i in range(g.n):
            placed = self._bars[i] & ~g.edge[i]
            if placed & 1:
                walls.append(g.names[i] + "N")
            if placed & 2:
                walls.append(g.names[i] + "E")
        return tuple(sorted(walls))

    # -- legal actions --------------------------------------------------------

    def _legal(self) -> tuple:
        """(sorted actions, bridges) for this position, computed once.

        ``bridges`` is the open area's DFS tree and bridges (:meth:`_bridges`), or
        None when the seat has no pawn in the open area (so no move or wall).  What
        an action does is ``self._g.code[action]``: ``src * 4n + slot`` for a move or
        a wall (``slot = dst * 4 + side``), ``-1 - cell`` for an entry.
        """
        if self._cache is None:
            self._cache = self._generate()
        return self._cache

    def _generate(self) -> tuple:
        """Every legal action of the seat to move, sorted.

        Nearly all the time of a random game goes here, so the actions are listed
        by comprehensions over tables: the action texts are made once per board
        (:meth:`_Board.moves`), ``free[c]`` lists the free sides of ``c`` whose wall
        cuts nothing; only the walls on a bridge are checked one by one.
        (Comprehensions, not ``map(tuple.__getitem__, ...)``: a tuple's
        ``__getitem__`` is a slow slot wrapper, measured 2x slower on CPython and
        3x in Pyodide.)
        """
        seat = self._turn
        if seat < 0:
            return [], None
        g = self._g
        area = self._area
        acts: list = []
        bridges = None
        own = sorted([c for c in self._pos[seat] if area[c] < 0])   # in the order of names
        if own:
            bridges = self._graph
            if bridges is None:     # kept or mended by most actions (see _put_wall)
                bridges = self._graph = self._bridges(own[0])
            tin, size, _, _, split, cuts, free, _ = bridges
            # A wall on a bridge cuts the open area in two: legal if, once the pawn has
            # moved, each part keeps a pawn and at most one part keeps several.
            # (cell, slot, lo, size[child], legal for a pawn from the child's side, from the other)
            checks = []
            if cuts:
                opens = [c for c in self._pos[0] + self._pos[1] if area[c] < 0]
                total = len(opens)
                fine = [0 < x < total and (x < 2 or total - x < 2) for x in range(total + 1)]
                fine.append(False)                      # x = -1: no pawn left inside
                ptin = sorted([tin[c] for c in opens])
                free = free.copy()      # plus the walls on a bridge that any pawn may put up
                for k in cuts:
                    child = split[k]
                    lo = tin[child]
                    inside = (bisect.bisect_left(ptin, lo + size[child])
                              - bisect.bisect_left(ptin, lo))
                    back = child * 4 + ((k & 3) ^ 2)
                    if inside == 0:         # most bridges: a pawn may wall itself in there
                        free[child] += (back,)
                    elif inside == total:   # or wall all the others in, leaving
                        free[k >> 2] += (k,)
                    else:
                        # The wall on the parent's side leaves the pawn outside, on the
                        # child's side inside; a pawn from inside leaves one pawn less there.
                        if fine[inside - 1] or fine[inside]:
                            checks.append((k >> 2, k, lo, size[child],
                                           fine[inside - 1], fine[inside]))
                        if fine[inside] or fine[inside + 1]:
                            checks.append((child, back, lo, size[child],
                                           fine[inside], fine[inside + 1]))
            entries: set = set()
            reserve = self._reserve[seat]
            cut = []        # the walls on a bridge, listed apart not to break the sorted runs
            for src in own:
                reach = self._reach(src)        # a set of ints: mostly iterated in order
                if reserve:
                    entries |= reach
                text = g.texts[src] or g.moves(src)
                acts += [text[k] for c in reach for k in free[c]]   # move, then wall
                acts += [text[k] for k in free[src]]                # wall, no move
                ts = tin[src]
                for dst, k, lo, n, from_in, from_out in checks:
                    if (dst == src or dst in reach) and (from_in if 0 <= ts - lo < n else from_out):
                        cut.append(text[k])
            names = g.names
            acts += [names[c] for c in entries]
            acts += cut
        if not acts:
            acts.append(PASS)
        acts.sort()
        return acts, bridges

    def _reach(self, src: int) -> set:
        """Cells a pawn on ``src`` can move to: a straight line, then at most one
        right-angle turn, never through a wall (or the board edge) or a pawn."""
        bars, pawn = self._bars, self._pawn
        out: set = set()
        add = out.add
        for bit, s, turns in self._g.rays:
            c = src
            while not bars[c] & bit:
                c += s
                if pawn[c] >= 0:
                    break
                add(c)
                for bit2, s2 in turns:
                    e = c
                    while not bars[e] & bit2:
                        e += s2
                        if pawn[e] >= 0:
                            break
                        add(e)
        return out

    def _bridges(self, root: int) -> tuple:
        """The open area's DFS tree and bridges (walls that would cut it in two),
        from ``root`` in it, by Tarjan's low links.

        Returns (tin, size, order, up, split, cuts, free, low).  ``order`` lists the
        open area's cells in preorder, ``tin[c]`` numbers them; the cells below ``c``
        in the tree are those ``x`` with ``tin[c] <= tin[x] < tin[c] + size[c]``;
        ``up[c]`` is the slot of the tree edge from ``c``'s parent (-1 at the root).
        ``split[slot]`` is -1, or for a wall slot (seen from either side) that would
        cut the open area in two, the cell ``child`` below it in the tree: the part
        cut off is ``child``'s subtree.  ``cuts`` lists the bridges by their slot on
        the parent's side; ``free[c]`` is the free slots of cell ``c`` that are not
        bridges; ``low[c]`` is the least tin that ``c``'s subtree reaches by one edge
        off the tree (or ``tin[c]``).  Pawns do not matter to connectivity, so this
        holds until the next wall, and most walls only mend it (:meth:`_put_wall`).

        Two flat passes, for speed.  The search pushes whole neighbour tuples and
        marks a cell when it pops it (still a DFS tree: every other edge joins a cell
        to an ancestor); methods are called as such, not kept in locals, as the
        interpreter specialises ``order.append`` (measured 10-20% faster in
        Pyodide).  Then the cells in reverse preorder take the least low link around
        them, the parent excepted (an ancestor's low is still its tin), in a plain
        loop over the 0 to 3 neighbours (``min(map(...))`` measured slower on both).
        """
        g = self._g
        adj, nbr, back, bars = g.adj, g.nbr, g.back, self._bars
        n = g.n
        tin = [-1] * n
        up = [-1] * n
        tin[root] = 0
        order = [root]
        stack = list(adj[root][bars[root]])
        t = 1
        while stack:
            w, k = stack.pop()
            if tin[w] < 0:
                tin[w] = t
                t += 1
                up[w] = k
                order.append(w)
                stack += adj[w][bars[w] | back[k]]
        low = tin.copy()
        size = [1] * n
        split = [-1] * g.slots
        cuts = []
        blocked = bars.copy()         # the bridges count as walls in ``free``
        for v in order[:0:-1]:
            k = up[v]
            m = tv = tin[v]
            for w in nbr[v][bars[v] | back[k]]:
                if low[w] < m:
                    m = low[w]
            if m < tv:
                low[v] = m
            else:                     # nothing below v links above it: k is a bridge
                split[k] = split[v * 4 + ((k & 3) ^ 2)] = v
                cuts.append(k)
                blocked[k >> 2] |= 1 << (k & 3)
                blocked[v] |= back[k]
            size[k >> 2] += size[v]
        free = [f[m] for f, m in zip(g.free, blocked)]
        return tin, size, order, up, split, cuts, free, low

    def _mend(self, graph: tuple, dst: int, side: int) -> tuple:
        """The graph once a wall is up on the ``side`` of ``dst``, an edge off the
        DFS tree that is no bridge: the tree still holds, and only the low links
        from the edge's lower end up to its upper end may rise, making new bridges.

        The walk stops at the first low link that does not change; an ancestor
        counts by its tin, as in :meth:`_bridges`.  Measured about 10 times cheaper
        than :meth:`_bridges`.
        """
        g = self._g
        nbr, back, bars = g.nbr, g.back, self._bars
        tin, size, order, up, split, cuts, free, low = graph
        other = dst + g.step[side]
        free = free.copy()            # less the wall's two sides
        for c, k in ((dst, dst * 4 + side), (other, other * 4 + (side ^ 2))):
            free[c] = tuple([x for x in free[c] if x != k])
        a, d = (dst, other) if tin[dst] < tin[other] else (other, dst)
        low = low.copy()
        new = []
        v = d
        while v != a:
            k = up[v]
            m = tv = tin[v]
            for w in nbr[v][bars[v] | back[k]]:
                x = tin[w] if tin[w] < tv else low[w]
                if x < m:
                    m = x
            if m == low[v]:
                break
            low[v] = m
            if m == tv:                 # nothing below v links above it any more
                new.append((k, v))
            v = k >> 2
        if new:
            split, cuts = split.copy(), cuts.copy()
            for k, v in new:
                facing = v * 4 + ((k & 3) ^ 2)
                split[k] = split[facing] = v
                cuts.append(k)
                free[k >> 2] = tuple([x for x in free[k >> 2] if x != k])
                free[v] = tuple([x for x in free[v] if x != facing])
        return tin, size, order, up, split, cuts, free, low

    @staticmethod
    def _split_fault(src: int, dst: int, child: int, bridges: tuple, opens: list):
        """Why a wall cutting off ``child``'s side is illegal once the pawn went
        from ``src`` to ``dst`` (an error code), or None if it is legal: each part
        needs a pawn, and at most one part may keep several.  ``opens`` are the
        cells of the open area's pawns."""
        tin, size = bridges[0], bridges[1]
        lo = tin[child]
        hi = lo + size[child]
        inside = (sum(lo <= tin[c] < hi for c in opens)
                  - (lo <= tin[src] < hi) + (lo <= tin[dst] < hi))
        outside = len(opens) - inside
        if inside == 0 or outside == 0:
            return "fendo.empty_area"
        if inside >= 2 and outside >= 2:
            return "fendo.second_open_area"
        return None

    # -- changing the position ------------------------------------------------

    def _put_wall(self, seat: int, src: int, dst: int, side: int, bridges: tuple) -> None:
        """Moves the pawn (if it moves), puts up the wall, closes what it closes.

        ``bridges`` is what :meth:`_legal` found for the position before (the move
        changes no wall, so it still tells which parts the wall cuts apart).  Unless
        the wall is on an edge of their DFS tree, they are mended for the next
        position rather than searched again.
        """
        if src != dst:
            self._pawn[src] = -1
            self._pawn[dst] = seat
            pos = self._pos[seat]
            pos[pos.index(src)] = dst
        g = self._g
        slot = dst * 4 + side
        other = dst + g.step[side]
        self._bars[dst] |= 1 << side
        self._bars[other] |= 1 << (side ^ 2)
        self._graph = None
        name = g.suffix[slot] if side < 2 else g.suffix[other * 4 + (side ^ 2)]
        walls = self._walls
        k = bisect.bisect(walls, name)
        self._walls = walls[:k] + (name,) + walls[k:]
        tin, size, order, up, split, cuts, free, low = bridges
        child = split[slot]
        if child < 0:
            # The open area stays whole.  A wall off the tree leaves a DFS tree (every
            # other edge still joins a cell to an ancestor): only some low links change.
            if up[other] != slot and up[dst] != other * 4 + (side ^ 2):
                self._graph = self._mend(bridges, dst, side)
            return
        lo = tin[child]
        hi = lo + size[child]
        i = bisect.bisect_left(order, lo, key=tin.__getitem__)    # order is by tin
        j = bisect.bisect_left(order, hi, key=tin.__getitem__)
        cut, kept = order[i:j], order[:i] + order[j:]              # child's side, the other
        cut_owners, kept_owners = [], []
        area = self._area
        for p in (0, 1):
            for c in self._pos[p]:
                if area[c] < 0:
                    (cut_owners if lo <= tin[c] < hi else kept_owners).append(p)
        parts = ((cut, cut_owners), (kept, kept_owners))
        if not lo <= tin[dst] < hi:
            parts = parts[::-1]                              # the mover's side first
        closed = 0
        for cells, owners in parts:
            if len(owners) == 1:
                self._close(tuple(sorted(cells)), owners[0])
                closed += 1
        if closed == 2:
            self._open = False
        else:
            # What is left open is one side of the bridge, with its part of the tree
            # (the subtree is a DFS tree from ``child``) and the same bridges, as no
            # other edge joined the two sides: nothing to search again.
            if len(cut_owners) > 1:                          # the child's side
                order = cut
                cuts = [k for k in cuts if lo < tin[split[k]] < hi]
            else:
                order = kept
                cuts = [k for k in cuts if not lo <= tin[split[k]] < hi]
            self._graph = (tin, size, order, up, split, cuts, free, low)

    def _flood(self, start: int) -> set:
        """The cells connected to ``start`` without crossing a wall."""
        bars, step = self._bars, self._g.step
        seen = {start}
        todo = [start]
        while todo:
            c = todo.pop()
            b = bars[c]
            for d in range(4):
                if not b >> d & 1:
                    e = c + step[d]
                    if e not in seen:
                        seen.add(e)
                        todo.append(e)
        return seen

    def _close(self, cells: tuple, owner: int) -> None:
        """Makes ``cells`` a closed area of ``owner``, who scores them."""
        k = len(self._closed)
        names = self._g.names
        closed_names = tuple(sorted(names[c] for c in cells))
        self._closed.append((cells, owner, closed_names))
        self._open_names = tuple(itertools.filterfalse(set(closed_names).__contains__,
                                                       self._open_names))
        for c in cells:
            self._area[c] = k
        self._score[owner] += len(cells)

    def _check_end(self) -> None:
        """Ends the game if the open area is gone, a score is a majority, or
        both players passed in a row."""
        if not self._open:
            self._end = "no_open_area"
        elif max(self._score) >= self._g.target:
            self._end = "majority"
        elif self._passes >= 2:
            self._end = "passes"
        else:
            return
        self._turn = -1
        self._cache = None

    # -- explaining a refusal -------------------------------------------------

    def _refusal(self, seat: int, text: str) -> core.IllegalAction:
        """The precise reason why ``text`` is not legal now (called only then)."""
        g = self._g
        who = SEAT_NAMES[seat]
        a = parse(text, g.size)
        if self._legal()[0] == [PASS]:
            return core.IllegalAction(
                f"{who} has no legal action and must pass.", "fendo.must_pass")
        if a.kind == "pass":
            return core.IllegalAction(
                f"{who} may pass only when no other action is legal.", "fendo.cannot_pass")
        dst = g.index[a.dst]
        if a.kind == "enter":
            return self._entry_refusal(seat, who, a.dst, dst)
        src = g.index[a.src]
        if self._pawn[src] < 0:
            return core.IllegalAction(f"There is no pawn on {a.src}.", "fendo.no_pawn", cell=a.src)
        if self._pawn[src] != seat:
            return core.IllegalAction(
                f"The pawn on {a.src} is not {who}'s.", "fendo.not_your_pawn", cell=a.src)
        if self._area[src] >= 0:
            return core.IllegalAction(
                f"The pawn on {a.src} is in a closed area and can no longer play.",
                "fendo.closed_pawn", cell=a.src)
        if dst != src:
            if self._pawn[dst] >= 0:
                return core.IllegalAction(
                    f"{a.dst} is taken: a pawn cannot move onto another.", "fendo.occupied",
                    cell=a.dst)
            if dst not in self._reach(src):
                return core.IllegalAction(
                    f"The pawn on {a.src} cannot reach {a.dst}: a move is a straight line with at "
                    f"most one right-angle turn, and never crosses a wall or a pawn.",
                    "fendo.blocked_path", cell=a.src, to=a.dst)
        d = SIDES.index(a.side)
        wall = g.suffix[dst * 4 + d]
        if g.edge[dst] >> d & 1:
            return core.IllegalAction(
                f"The {a.side} side of {a.dst} is the board's edge: no wall goes there.",
                "fendo.board_edge", cell=a.dst, side=a.side)
        if self._bars[dst] >> d & 1:
            return core.IllegalAction(
                f"There is already a wall on the {a.side} side of {a.dst}.", "fendo.wall_exists",
                cell=a.dst, side=a.side)
        bridges = self._legal()[1]            # the seat has a pawn in the open area
        child = bridges[4][dst * 4 + d]
        if child >= 0:
            opens = [c for c in self._pos[0] + self._pos[1] if self._area[c] < 0]
            fault = self._split_fault(src, dst, child, bridges, opens)
            if fault == "fendo.empty_area":
                return core.IllegalAction(
                    f"The wall {wall} would close an area with no pawn in it.", fault, wall=wall)
            if fault == "fendo.second_open_area":
                return core.IllegalAction(
                    f"The wall {wall} would make a second open area (two areas holding several "
                    f"pawns each).", fault, wall=wall)
        return core.IllegalAction(f"{text} is not legal now.", "fendo.illegal", action=text)

    def _entry_refusal(self, seat: int, who: str, name: str, cell: int) -> core.IllegalAction:
        """Why a pawn may not enter on ``cell``."""
        if not self._reserve[seat]:
            return core.IllegalAction(f"{who} has no pawn left in reserve.", "fendo.no_reserve")
        if self._pawn[cell] >= 0:
            return core.IllegalAction(f"{name} is taken: enter on an empty cell.", "fendo.occupied",
                                      cell=name)
        if self._area[cell] >= 0:
            return core.IllegalAction(
                f"{name} is in a closed area: a new pawn enters the open area only.",
                "fendo.bad_entry", cell=name)
        return core.IllegalAction(
            f"A new pawn may enter only where one of {who}'s pawns in the open area could move "
            f"in one move; none can reach {name}.", "fendo.bad_entry", cell=name)

    # -- setting up a position (tests, puzzles) -------------------------------

    def _rebuild_areas(self) -> None:
        """Derives the areas, scores and end from pawns and walls alone.

        Raises ValueError if the position breaks the rules (an area with no
        pawn, or two with several).
        """
        g = self._g
        self._area = [-2] * g.n
        self._closed = []
        self._open_names = ()
        self._score = [0, 0]
        self._open = False
        for start in g.by_rows:
            if self._area[start] != -2:
                continue
            cells = sorted(self._flood(start))
            owners = [self._pawn[c] for c in cells if self._pawn[c] >= 0]
            if not owners:
                raise ValueError(f"the area of {g.names[start]} has no pawn")
            if len(owners) == 1:
                self._close(tuple(cells), owners[0])
            elif self._open:
                raise ValueError("two areas hold several pawns")
            else:
                self._open = True
                for c in cells:
                    self._area[c] = -1
                self._open_names = tuple(sorted(g.names[c] for c in cells))
        self._cache = self._graph = None


@core.sets_up
def position(pawns: dict, walls=(), reserve=None, turn: int = 0, passes: int = 0,
             **options) -> FendoState:
    """A state set up directly, for tests, puzzles and the rules pages' examples (its
    record carries them, and replays to it: :func:`game.core.sets_up`).

    ``pawns`` maps cell names to seats, ``walls`` lists walls as ``d3N`` (any
    side), ``reserve`` defaults to what the pawns on the board leave.
    """
    s = core.new_game("fendo", **options)
    g = s._g
    s._pawn = [-1] * g.n
    s._pos = [[], []]
    for name, seat in pawns.items():
        s._pawn[g.index[name]] = seat
        s._pos[seat].append(g.index[name])
    s._bars = list(g.edge)
    for w in walls:
        a = parse(w, g.size)
        if a.kind != "wall":
            raise ValueError(f"{w!r} is not a wall")
        c, d = g.index[a.src], SIDES.index(a.side)
        if g.edge[c] >> d & 1:
            raise ValueError(f"{w!r} is on the board's edge")
        s._bars[c] |= 1 << d
        s._bars[c + g.step[d]] |= 1 << (d ^ 2)
    s._walls = s._wall_names()
    if reserve is None:
        reserve = [s._total[p] - len(s._pos[p]) for p in (0, 1)]
    s._reserve = list(reserve)
    s._turn = turn
    s._passes = passes
    s._rebuild_areas()
    s._check_end()
    return s


INFO = core.register(core.GameInfo(
    "fendo", "Fendo", 2, 2,
    options=(
        core.Option("size", 7, SIZES),
        core.Option("handicap", 7, HANDICAPS),
        core.Option("stronger", 0, (0, 1)),
    ),
    position=position,
    state_class=FendoState,
    author="Dieter Stein",
    code=0,
))
FendoState.info = INFO
