"""A board a screen reader can walk: a grid with one tab stop, the cursor (pure Python).

Each cell is a ``gridcell`` with its own name ("e4: Orange's pawn"); the cursor's cell alone
has ``tabindex="0"``, the others ``-1``, so Tab enters the board once, on the cursor.  The
arrow keys go to the game (its ``key``), which answers with a new cursor, a neighbour of
the last: the redraw gives that cell the ``0``, and the page moves the focus onto it
(``ui.web.dom``: the focus inside a ``[data-roving]`` box follows its ``tabindex="0"``
cell), so the reader speaks the new cell's name.  The box is the board's drawing, of id
``board``: the keys pressed on any of its cells reach the game as the board's.  A board drawn
in SVG groups its rows in ``<g>``; one drawn in HTML (a CSS grid) in ``<div>``, which its
styles lay out with ``display: contents``, so that each cell stays the CSS grid's own item.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ui.kit.html import attrs

BOX = ' id="board" data-roving="1"'       # the attributes of the drawing that holds the grid


def grid(rows: Iterable[Iterable[str]], label: str, tag: str = "g") -> str:
    """The cells drawn (each with :func:`cell_attrs`), row by row, in a ``role="grid"`` group
    (``tag``: ``g`` in an SVG, ``div`` in HTML).

    >>> grid([["<c1/>", "<c2/>"]], "Board")
    '<g role="grid" aria-label="Board"><g role="row"><c1/><c2/></g></g>'
    >>> grid([["<c1/>"]], "Table", "div")
    '<div role="grid" aria-label="Table"><div role="row"><c1/></div></div>'
    """
    body = "".join(f'<{tag} role="row">{"".join(r)}</{tag}>' for r in rows)
    return f'<{tag} role="grid"{attrs(aria_label=label)}>{body}</{tag}>'


def cell_attrs(cell: str, cursor: str | None, name: str) -> str:
    """A cell's attributes: its role, its name, and the tab stop if it is the cursor.

    >>> cell_attrs("d4", "d4", "d4: empty"), cell_attrs("d5", "d4", "d5: empty")
    (' role="gridcell" tabindex="0" aria-label="d4: empty"', ' role="gridcell" tabindex="-1" aria-label="d5: empty"')
    """
    return f' role="gridcell" tabindex="{0 if cell == cursor else -1}"{attrs(aria_label=name)}'


def cursor_or(cursor: str | None, cells, default: Callable[[], str]) -> str:
    """The cursor if it is a cell of the board, else ``default()``: the grid always has its
    one tab stop, even before any key."""
    return cursor if cursor in cells else default()


def step(cursor: str, key: str, neighbour: Callable[[str, str], str | None], cells) -> str:
    """The cell ``key`` moves the cursor to: ``neighbour(cursor, key)`` if it is on the
    board, else the cursor itself (the edge holds it).

    >>> nb = lambda c, k: {"ArrowRight": "b", "ArrowLeft": "z"}.get(k)
    >>> step("a", "ArrowRight", nb, {"a", "b"}), step("a", "ArrowLeft", nb, {"a", "b"}), step("a", "x", nb, {"a"})
    ('b', 'a', 'a')
    """
    nxt = neighbour(cursor, key)
    return nxt if nxt is not None and nxt in cells else cursor
