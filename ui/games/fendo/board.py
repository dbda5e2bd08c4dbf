"""Fendo's board in SVG, and the taps that build an action (pure Python).

Everything here is a function of the engine's ``view`` (``game/fendo.py``), the seat's
legal actions and the selection, a :class:`Selection`.  A move takes three taps: a pawn of
yours in the open area, a destination (the pawn itself to stay), then one of the walls
offered on that cell's sides.  Entering takes two: the reserve, then a cell.  The cells,
their names and the notation are the engine's (``game.fendo``: ``parse``, ``cell_xy``,
``neighbour``, ``wall_name``).
"""

from __future__ import annotations

import dataclasses
import functools

from game import fendo

from ui.kit import roving, widgets
from ui.kit.html import attrs
from ui.kit.screen import Message, Reply, Turn

SIDES = fendo.SIDES


@dataclasses.dataclass(frozen=True)
class Selection:
    """What the player has picked this turn: ``mode`` None, "pawn" (a pawn is picked),
    "dest" (and its destination) or "enter" (the reserve); ``cursor``: the keyboard's cell;
    ``kbd``: the keyboard was used (the cursor shows); ``zoomed``: a big board drawn with
    cells of 44 px (a phone), kept from turn to turn."""

    mode: str | None = None
    pawn: str | None = None
    dest: str | None = None
    cursor: str | None = None
    kbd: bool = False
    zoomed: bool = False

    @property
    def active(self) -> bool:
        return self.mode is not None

    def cleared(self) -> Selection:
        return Selection(cursor=self.cursor, kbd=self.kbd, zoomed=self.zoomed)

    def but(self, **changes) -> Selection:
        return dataclasses.replace(self, **changes)


EMPTY_SEL = Selection()


def action_for(frm: str, to: str, side: str) -> str:
    """The action that moves the pawn on ``frm`` to ``to`` and walls ``side`` (stays if ``to == frm``).

    >>> action_for("d1", "d4", "N"), action_for("d1", "d1", "E")
    ('d1-d4N', 'd1E')
    """
    kind = "wall" if frm == to else "move"
    return str(fendo.Action(kind, frm, to, side))


def options(legal: list[str]) -> dict:
    """What a seat may do, indexed for the board.

    ``moves[frm][to]`` lists the sides where a wall may go after that move
    (``to == frm``: staying); ``entries`` the cells a new pawn may enter;
    ``pass_only`` is True when the only legal action is ``pass``.  Read-only: the
    taps of one turn (each redraws the board) share the last answer.

    >>> o = options(["c4", "d1-d4N", "d1-d4E", "d1W"])
    >>> o["moves"], sorted(o["entries"]), o["pass_only"]
    ({'d1': {'d4': ['N', 'E'], 'd1': ['W']}}, ['c4'], False)
    """
    key = tuple(legal)
    if _last_options[0] != key:
        _last_options[:] = [key, _options(legal)]
    return _last_options[1]


_last_options: list = [None, None]


def _options(legal: list[str]) -> dict:
    moves: dict[str, dict[str, list[str]]] = {}
    entries: set[str] = set()
    for a in legal:
        p = fendo.parse(a, 11)
        if p.kind in ("move", "wall"):
            moves.setdefault(p.src, {}).setdefault(p.dst, []).append(p.side)
        elif p.kind == "enter":
            entries.add(p.dst)
    for dests in moves.values():
        for sides in dests.values():
            sides.sort(key=SIDES.index)
    return {"moves": moves, "entries": entries, "pass_only": legal == ["pass"]}


NO_OPTIONS = {"moves": {}, "entries": set(), "pass_only": False}


# -- taps ---------------------------------------------------------------------

def _common_error(try_action, actions):
    """Why none of ``actions`` is legal, if they all fail for the same reason.

    Returns None when one of them is legal or when they fail for different
    reasons (the caller then explains in its own words), else the engine's
    IllegalAction.
    """
    errors = []
    for a in actions:
        err = try_action(a)
        if err is None:
            return None
        errors.append(err)
    codes = {getattr(e, "code", None) for e in errors}
    return errors[0] if len(codes) == 1 else None


def _said(err, key: str, **params) -> Message:
    """The engine's refusal if it has one, else our own words."""
    return Message.refused(err) if err is not None else Message("msg.fendo." + key, params)


def settled(view: dict) -> set:
    """The cells of the closed areas: a pawn there has its area and moves no more.

    >>> sorted(settled({"areas": [{"cells": ["a1"], "open": False}, {"cells": ["b1"], "open": True}]}))
    ['a1']
    """
    return {c for area in view["areas"] if not area["open"] for c in area["cells"]}


def tap_cell(turn: Turn, opts: dict, sel: Selection, cell: str) -> Reply:
    """A tap on ``cell``: a new selection, the action it completes, or why not.  A pawn in a
    closed area is not a choice: a tap on it only lets go of what was picked."""
    pawns = turn.view["pawns"]
    mode = sel.mode
    moves = opts["moves"]
    own = pawns.get(cell) == turn.seat
    here = sel.cleared().but(cursor=cell)
    if cell in pawns and cell in settled(turn.view):
        return Reply(here)
    if own and cell in moves and not (mode in ("pawn", "dest") and cell == sel.pawn):
        return Reply(here.but(mode="pawn", pawn=cell))
    if mode in ("pawn", "dest"):
        p = sel.pawn
        if cell in moves.get(p, {}):
            return Reply(here.but(mode="dest", pawn=p, dest=cell))
        if cell == p:
            return Reply(here.but(mode="pawn", pawn=p), message=Message("msg.fendo.cannot_stay", {"cell": p}))
        err = _common_error(turn.try_action, [action_for(p, cell, s) for s in SIDES])
        return Reply(here, message=_said(err, "no_wall_at", frm=p, to=cell))
    if mode == "enter":
        if cell in opts["entries"]:
            return Reply(here, action=cell)
        return Reply(here, message=_said(turn.try_action(cell), "cannot_enter", cell=cell))
    if cell in pawns:       # nothing selected
        err = _common_error(turn.try_action, [action_for(cell, cell, s) for s in SIDES])
        return Reply(here, message=_said(err, "pawn_stuck" if own else "not_your_pawn", cell=cell))
    return Reply(here, message=Message("msg.fendo.pick_first"))


def tap_wall(opts: dict, sel: Selection, side: str) -> Reply:
    """A tap on the wall on ``side`` of the chosen destination."""
    if sel.mode != "dest":
        return Reply(redraw=False)
    if side in opts["moves"].get(sel.pawn, {}).get(sel.dest, []):
        return Reply(action=action_for(sel.pawn, sel.dest, side))
    return Reply(message=Message("msg.fendo.wall_not_here", {"side": side}))


def tap_reserve(turn: Turn, opts: dict, sel: Selection) -> Reply:
    """The reserve (or "New pawn") was tapped."""
    if sel.mode == "enter":
        return Reply(sel.cleared())
    if not turn.view["reserve"][turn.seat]:
        return Reply(sel.cleared(), message=Message("msg.fendo.no_reserve"))
    if not opts["entries"]:
        return Reply(sel.cleared(), message=Message("msg.fendo.no_entry"))
    return Reply(sel.cleared().but(mode="enter"))


_ARROWS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def cursor_cell(view: dict, sel: Selection) -> str:
    """The keyboard's cell, the board's one tab stop (:mod:`ui.kit.roving`): the cursor, else
    the cell picked, else a pawn of the seat's, else the middle of the first row."""
    def home():
        mine = sorted(c for c, s in view["pawns"].items() if s == view.get("seat"))
        return sel.dest or sel.pawn or (mine[0] if mine else fendo.cell_at(view["size"] // 2, 0))
    return roving.cursor_or(sel.cursor, view["cells"], home)


def move_cursor(view: dict, sel: Selection, key: str, flip: bool) -> Selection:
    """Arrow keys move the keyboard cursor (in screen directions); the edge holds it."""
    size = view["size"]

    def across(cell: str, key: str) -> str | None:
        dx, dy = _ARROWS[key]
        if flip:
            dx, dy = -dx, -dy
        x, y = fendo.cell_xy(cell)
        x, y = x + dx, y + dy
        return fendo.cell_at(x, y) if 0 <= x < size and 0 <= y < size else None
    return sel.but(cursor=roving.step(cursor_cell(view, sel), key, across, view["cells"]), kbd=True)


def cell_name(tr, view: dict, cell: str, names: list, marks: tuple = ()) -> str:
    """What a screen reader says of a cell, in the table's words: "e4: Orange's pawn, in
    Orange's area, wall north"; ``marks``: what the turn's taps made of it (``picked``,
    ``dest``, ``reach``, ``entry``)."""
    return namer(tr, view, names)(cell, marks)


def namer(tr, view: dict, names: list):
    """:func:`cell_name` for every cell of one drawing: the areas and walls read once."""
    pawns, size = view["pawns"], view["size"]
    walls: dict[str, set] = {}          # cell -> its walled sides (a wall d4N is d5's S side too)
    for w in view["walls"]:
        cell, side = w[:-1], w[-1]
        walls.setdefault(cell, set()).add(side)
        other = fendo.neighbour(cell, side, size)
        if other is not None:
            walls.setdefault(other, set()).add(SIDES[SIDES.index(side) ^ 2])
    where = {c: (tr("fendo.cell.area", name=names[a["owner"]]) if a["owner"] is not None else tr("fendo.cell.nobody"))
             for a in view["areas"] if not a["open"] for c in a["cells"]}
    sides = {s: tr("fendo.cell.side." + s) for s in SIDES}

    def name(cell: str, marks: tuple = ()) -> str:
        parts = [tr("fendo.cell.pawn", cell=cell, name=names[pawns[cell]]) if cell in pawns
                 else tr("fendo.cell.empty", cell=cell)]
        if cell in where:
            parts.append(where[cell])
        walled = [sides[s] for s in SIDES if s in walls.get(cell, ())]
        if walled:
            parts.append(tr("fendo.cell.walls", sides=", ".join(walled)))
        parts += [tr("fendo.cell." + m) for m in marks]
        return ", ".join(parts)
    return name


# -- the board ------------------------------------------------------------------

S = 100        # cell pitch
G = 12         # groove between cells (where walls lie)
M = 46         # margin for the coordinates (left and bottom)
P = 22         # margin on the other sides

SEAT_CLASS = ("white", "orange")


@functools.lru_cache(maxsize=8)
def _geo(size: int, flip: bool) -> _Geo:
    """One geometry per board size and side, shared by every redraw (each tap redraws)."""
    return _Geo(size, flip)


class _Geo:
    def __init__(self, size: int, flip: bool):
        self.n = size
        self.flip = flip
        self.w = M + size * S + P
        self.h = P + size * S + M
        self._boxes: dict[str, tuple[float, float]] = {}

    def corner(self, bx: float, by: float) -> tuple[float, float]:
        """Screen point of board point (bx, by) (board units, origin bottom-left)."""
        if self.flip:
            bx, by = self.n - bx, self.n - by
        return M + bx * S, P + (self.n - by) * S

    def box(self, cell: str) -> tuple[float, float]:
        """Top-left screen corner of a cell."""
        b = self._boxes.get(cell)
        if b is None:
            x, y = fendo.cell_xy(cell)
            ax, ay = self.corner(x, y)
            bx, by = self.corner(x + 1, y + 1)
            b = self._boxes[cell] = min(ax, bx), min(ay, by)
        return b

    def centre(self, cell: str) -> tuple[float, float]:
        x, y = self.box(cell)
        return x + S / 2, y + S / 2

    def side(self, cell: str, side: str) -> tuple[float, float, float, float]:
        """The segment (x1, y1, x2, y2) on ``side`` of ``cell``."""
        x, y = fendo.cell_xy(cell)
        pts = {
            "N": ((x, y + 1), (x + 1, y + 1)),
            "S": ((x, y), (x + 1, y)),
            "E": ((x + 1, y), (x + 1, y + 1)),
            "W": ((x, y), (x, y + 1)),
        }[side]
        (x1, y1), (x2, y2) = (self.corner(*pts[0]), self.corner(*pts[1]))
        return x1, y1, x2, y2


def _wall_rect(geo: _Geo, cell: str, side: str, cls: str, extra: str = "", pad: float = 0) -> str:
    x1, y1, x2, y2 = geo.side(cell, side)
    t = G + 6 + 2 * pad
    inset = 5 - pad
    if y1 == y2:   # horizontal
        x, w = min(x1, x2) + inset, abs(x2 - x1) - 2 * inset
        return f'<rect class="{cls}" x="{x:g}" y="{y1 - t / 2:g}" width="{w:g}" height="{t:g}" rx="{t / 2:g}"{extra}/>'
    y, h = min(y1, y2) + inset, abs(y2 - y1) - 2 * inset
    return f'<rect class="{cls}" x="{x1 - t / 2:g}" y="{y:g}" width="{t:g}" height="{h:g}" rx="{t / 2:g}"{extra}/>'


def _pawn(cx: float, cy: float, seat: int, cls: str = "") -> str:
    c = SEAT_CLASS[seat]
    return (
        f'<g class="pawn pawn-{c}{" " + cls if cls else ""}">'
        f'<circle cx="{cx:g}" cy="{cy + 4:g}" r="34" class="pawn-shadow"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="34" class="pawn-body" fill="url(#pawn-{c})"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="24" class="pawn-top"/>'
        + (f'<circle cx="{cx:g}" cy="{cy:g}" r="9" class="pawn-mark"/>' if seat == 1 else "")   # not colour alone
        + "</g>"
    )


_DEFS = """<defs>
<linearGradient id="beech-frame" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#e2bd85"/><stop offset="1" stop-color="#c99858"/></linearGradient>
<linearGradient id="beech-cell" x1="0" y1="0" x2="1" y2="0.35">
<stop offset="0" stop-color="#f1dcb2"/><stop offset="0.55" stop-color="#e9cf9d"/><stop offset="1" stop-color="#efd6a8"/></linearGradient>
<pattern id="grain" width="100" height="100" patternUnits="userSpaceOnUse">
<path d="M0 18 C30 12 60 26 100 17 M0 47 C35 40 65 55 100 46 M0 79 C25 74 70 88 100 78" fill="none" stroke="#b98a4e" stroke-opacity="0.16" stroke-width="2"/></pattern>
<radialGradient id="pawn-white" cx="0.38" cy="0.32" r="0.75">
<stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#f1ede4"/><stop offset="1" stop-color="#d9d2c4"/></radialGradient>
<radialGradient id="pawn-orange" cx="0.38" cy="0.32" r="0.75">
<stop offset="0" stop-color="#ffb866"/><stop offset="0.65" stop-color="#f08a24"/><stop offset="1" stop-color="#c9650f"/></radialGradient>
<pattern id="hatch-white" width="16" height="16" patternUnits="userSpaceOnUse">
<circle cx="4" cy="4" r="2.4" fill="#8f7d5f" fill-opacity="0.45"/><circle cx="12" cy="12" r="2.4" fill="#8f7d5f" fill-opacity="0.45"/></pattern>
<pattern id="hatch-orange" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="6" height="14" fill="#e8791a" fill-opacity="0.42"/></pattern>
</defs>"""


def place_ids(view: dict, action: str) -> tuple:
    """The ids of what ``action`` touched on the table's board, the pawn's cell first, then
    the wall built and the cell it left."""
    if action == fendo.PASS:
        return ()
    a = fendo.parse(action, view["size"])
    ids = [f"fd-{a.dst}"]
    if a.side:
        w = fendo.wall_name(a.dst, a.side, view["size"])
        if w:
            ids.append(f"fd-w-{w.lower()}")
    if a.kind == "move" and a.src != a.dst:
        ids.append(f"fd-{a.src}")
    return tuple(ids)


def render_board(view: dict, sel: Selection | None = None, opts: dict | None = None,
                 seat: int | None = None, flip: bool = False, show_cursor: bool = False,
                 label: str = "", interactive: bool = True, preview: set = frozenset(),
                 badges: dict | None = None, hint: str | None = None, say=None, cursor: str | None = None) -> str:
    """The board as an SVG string.

    ``seat`` is the human seat whose taps the board takes (None: nobody's, no
    highlights).  Cells carry ``data-act="cell" data-cell="d4"``, wall choices
    ``data-act="wall" data-side="N"``; classes mark what a test or a style
    needs: ``reach`` (a selected pawn can go there), ``entry`` (a new pawn may
    enter), ``selected``, ``dest``, ``last-from``, ``last-to``, ``cursor``,
    ``area-white``/``area-orange`` (closed areas); ``preview``: cells that a wall being
    chosen would close, marked ``would-close``.  On the table's board (``interactive``)
    each cell and wall has an id (:func:`place_ids`); ``badges``: the numbered marks of
    the others' moves (id -> label); ``hint``: a move suggested, drawn where it is not on
    the board yet (the ghost pawn, the wall).  The table's board is a grid a screen
    reader walks (:mod:`ui.kit.roving`): its rows top to bottom as drawn, each cell named by
    ``say(cell, marks)`` (:func:`cell_name`), the tab stop on ``cursor`` (default: the
    selection's, else :func:`cursor_cell`).
    """
    sel = sel or EMPTY_SEL
    opts = opts or NO_OPTIONS
    n = view["size"]
    geo = _geo(n, bool(flip))
    pawns = view["pawns"]
    mode = sel.mode if seat is not None else None

    owner = {}
    area_of = {}
    for i, area in enumerate(view["areas"]):
        for c in area["cells"]:
            area_of[c] = i
            if not area["open"] and area["owner"] is not None:
                owner[c] = area["owner"]

    reach = set()
    if mode in ("pawn", "dest"):
        reach = set(opts["moves"].get(sel.pawn, {}))
    entries = set(opts["entries"]) if mode == "enter" else set()

    last_from = last_to = last_wall = None
    if view.get("last") and view["last"][1] != fendo.PASS:
        la = fendo.parse(view["last"][1], n)
        last_to = la.dst
        if la.kind == "move":
            last_from = la.src
        if la.side:
            last_wall = fendo.wall_name(la.dst, la.side, n)

    out = [
        f'<svg class="board fendo-board" viewBox="0 0 {geo.w:g} {geo.h:g}" xmlns="http://www.w3.org/2000/svg"'
        + (roving.BOX + ' role="group"' if interactive else ' role="img"')
        + f'{attrs(aria_label=None if interactive else label or None, data_size=n, data_flip="1" if flip else None)}>',
        _DEFS,
        f'<rect class="frame" x="0" y="0" width="{geo.w:g}" height="{geo.h:g}" rx="22" fill="url(#beech-frame)"/>',
        f'<rect class="well" x="{M - 8:g}" y="{P - 8:g}" width="{n * S + 16:g}" height="{n * S + 16:g}" rx="10"/>',
    ]
    # coordinates (each cell's name says its own)
    out.append('<g aria-hidden="true">')
    for i in range(n):
        x, _ = geo.centre(fendo.cell_at(i, 0))
        out.append(f'<text class="coord" x="{x:g}" y="{P + n * S + M * 0.68:g}">{chr(97 + i)}</text>')
        _, y = geo.centre(fendo.cell_at(0, i))
        out.append(f'<text class="coord" x="{M * 0.45:g}" y="{y + 10:g}">{i + 1}</text>')
    out.append("</g>")

    # cells
    act = ' data-act="cell"' if interactive else ""
    cur = cursor or cursor_cell(view, sel)
    say = say or (lambda c, marks: c)
    drawn = {}
    for cell in view["cells"]:
        bx, by = geo.box(cell)
        cls = ["cell"]
        if cell in owner:
            cls.append("area-" + SEAT_CLASS[owner[cell]])
        if cell in reach:
            cls.append("reach")
        if cell in entries:
            cls.append("entry")
        if mode in ("pawn", "dest") and cell == sel.pawn:
            cls.append("selected")
        if mode == "dest" and cell == sel.dest:
            cls.append("dest")
        if cell == last_from:
            cls.append("last-from")
        if cell == last_to:
            cls.append("last-to")
        if cell in pawns:
            cls.append("has-" + SEAT_CLASS[pawns[cell]])
        # (names of our own: cells match _CELL, classes are the words above; nothing to escape)
        ident = f' id="fd-{cell}"' if interactive else ""
        walk = ""
        if interactive:
            marks = tuple(m for m, on in (("picked", "selected" in cls), ("dest", "dest" in cls),
                                          ("reach", "reach" in cls and "selected" not in cls),
                                          ("entry", "entry" in cls)) if on)
            walk = roving.cell_attrs(cell, cur, say(cell, marks))
        g = [f'<g class="{" ".join(cls)}"{act} data-cell="{cell}"{walk}>']
        inner = f'x="{bx + G / 2:g}" y="{by + G / 2:g}" width="{S - G:g}" height="{S - G:g}" rx="7"'
        if interactive:   # the tap target is the whole pitch, grooves included: 44 px on a 360 px phone
            g.append(f'<rect class="cell-hit" x="{bx:g}" y="{by:g}" width="{S:g}" height="{S:g}" fill="transparent"/>')
        g.append(f'<rect class="cell-bg"{ident} {inner}/>')
        g.append(f'<rect class="cell-grain" {inner} fill="url(#grain)"/>')
        if cell in owner:
            c = SEAT_CLASS[owner[cell]]
            g.append(f'<rect class="tint tint-{c}" {inner}/>')
            g.append(f'<rect class="hatch" {inner} fill="url(#hatch-{c})"/>')
        if cell == last_from or cell == last_to:
            g.append(f'<rect class="last-mark" {inner}/>')
        if cell in preview:          # a wall being chosen would close this cell
            g.append(f'<rect class="would-close" {inner}/>')
        g.append("</g>")
        drawn[cell] = "".join(g)
    if interactive:     # rows as seen, top to bottom, each left to right
        ys, xs = range(n - 1, -1, -1), range(n)
        if flip:
            ys, xs = reversed(ys), reversed(xs)
        xs = list(xs)
        out.append(roving.grid(([drawn[c] for x in xs if (c := fendo.cell_at(x, y)) in drawn] for y in ys), label))
    else:
        out.extend(drawn.values())

    # markers for reachable and entry cells
    for cell in sorted(reach | entries):
        if cell == sel.pawn or cell == sel.dest:
            continue
        cx, cy = geo.centre(cell)
        if cell in entries:
            out.append(f'<circle class="entry-mark" cx="{cx:g}" cy="{cy:g}" r="26" pointer-events="none"/>')
        else:
            out.append(f'<circle class="reach-mark" cx="{cx:g}" cy="{cy:g}" r="13" pointer-events="none"/>')

    # walls
    for w in view["walls"]:
        cell, side = w[:-1], w[-1]
        cls = "wall"
        if w == last_wall:
            cls += " wall-last"
        ident = f' id="fd-w-{w.lower()}"' if interactive else ""
        out.append(_wall_rect(geo, cell, side, cls, f' pointer-events="none"{ident}'))

    # pawns
    moving = sel.pawn if mode == "dest" and sel.dest != sel.pawn else None
    done = settled(view)
    for cell, s in sorted(pawns.items()):
        cx, cy = geo.centre(cell)
        extra = "selected" if mode in ("pawn", "dest") and cell == sel.pawn else ""
        if cell == moving:
            extra += " leaving"
        if cell in done:
            extra += " settled"
        slide = ""
        if cell == last_to:      # the pawn just moved or entered: style.css slides it in (main.arrive)
            extra += " arrived" + ("" if last_from else " entered")
            if last_from and last_from != last_to:
                fx, fy = geo.centre(last_from)
                slide = f' style="--dx:{fx - cx:g}px;--dy:{fy - cy:g}px"'
        out.append(f'<g pointer-events="none"{slide}>{_pawn(cx, cy, s, extra.strip())}</g>')
        if extra.startswith("selected"):
            out.append(f'<circle class="select-ring" cx="{cx:g}" cy="{cy:g}" r="42" pointer-events="none"/>')

    # closed-area size badges (on the owning pawn's top right), so ownership is not told by
    # colour alone; over the pawn, and clear of the mark's disc (top left) and of any wall
    # with its widest stroke (a marked one: 9 + 6 units from the cell's side)
    for area in view["areas"]:
        if area["open"] or area["owner"] is None:
            continue
        pcell = next((c for c in area["cells"] if c in pawns), area["cells"][0])
        bx, by = geo.box(pcell)
        c = SEAT_CLASS[area["owner"]]
        out.append(
            f'<g class="badge badge-{c}" pointer-events="none"><rect x="{bx + S - 46:g}" y="{by + 16:g}" '
            f'width="30" height="23" rx="7"/><text x="{bx + S - 31:g}" y="{by + 33.5:g}">{len(area["cells"])}</text></g>'
        )

    # destination: ghost pawn and the walls it may place
    if mode == "dest":
        d = sel.dest
        cx, cy = geo.centre(d)
        if d != sel.pawn:
            out.append(f'<g pointer-events="none" class="ghost">{_pawn(cx, cy, seat)}</g>')
        bx, by = geo.box(d)
        out.append(f'<rect class="dest-ring" x="{bx + G / 2 + 3:g}" y="{by + G / 2 + 3:g}" width="{S - G - 6:g}" height="{S - G - 6:g}" rx="8" pointer-events="none"/>')
        for side in opts["moves"].get(sel.pawn, {}).get(d, []):
            out.append(_wall_rect(geo, d, side, "wall-option", ' pointer-events="none"'))
            out.append(_wall_rect(geo, d, side, "wall-hit", attrs(data_act="wall", data_side=side), pad=12))

    # a hint: the pawn's destination and the wall it would build, not on the board yet
    if hint and hint != fendo.PASS and mode != "dest":
        h = fendo.parse(hint, n)
        if h.kind in ("enter", "move") and h.dst not in pawns and seat is not None:
            cx, cy = geo.centre(h.dst)
            out.append(f'<g pointer-events="none" class="ghost hint-ghost">{_pawn(cx, cy, seat)}</g>')
        if h.side:
            out.append(_wall_rect(geo, h.dst, h.side, "wall-hint", ' pointer-events="none" id="fd-hint-wall"'))

    # the numbered marks of the others' moves (an SVG takes no ::after: drawn here)
    for ident, text in (badges or {}).items():
        if ident.startswith("fd-w-"):
            x1, y1, x2, y2 = geo.side(ident[5:-1], ident[-1].upper())
            out.append(widgets.svg_badge(ident, text, (x1 + x2) / 2, (y1 + y2) / 2, 20))
        elif ident[3:] in view["cells"]:
            bx, by = geo.box(ident[3:])
            out.append(widgets.svg_badge(ident, text, bx + G / 2 + 18, by + G / 2 + 18, 20))

    # keyboard cursor
    if show_cursor and cur in drawn:
        bx, by = geo.box(cur)
        out.append(f'<rect class="cursor" x="{bx + 1:g}" y="{by + 1:g}" width="{S - 2:g}" height="{S - 2:g}" rx="12" pointer-events="none"/>')

    out.append("</svg>")
    return "".join(out)


# -- text about the position ------------------------------------------------------

def area_counts(view: dict) -> list[list[int]]:
    """Per seat, the sizes of the closed areas it holds (largest first)."""
    out = [[] for _ in range(view["players"])]
    for area in view["areas"]:
        if not area["open"] and area["owner"] is not None:
            out[area["owner"]].append(len(area["cells"]))
    for sizes in out:
        sizes.sort(reverse=True)
    return out


def read_out(tr, view: dict, names: list) -> list:
    """The whole board in a few sentences (the key V): where each side's pawns stand and its
    reserve, the closed areas each holds, the cells still open, the walls; all of it public."""
    out = []
    for s in range(view["players"]):
        cells = sorted((c for c, o in view["pawns"].items() if o == s), key=lambda c: (c[0], int(c[1:])))
        out.append(tr("read.fendo.pawns", name=names[s], cells=", ".join(cells), reserve=view["reserve"][s]) if cells
                   else tr("read.fendo.no_pawn", name=names[s], reserve=view["reserve"][s]))
    for s, sizes in enumerate(area_counts(view)):
        out.append(tr("read.fendo.held", name=names[s], n=sum(sizes), sizes=", ".join(map(str, sizes))) if sizes
                   else tr("read.fendo.held_none", name=names[s]))
    nobody = sum(len(a["cells"]) for a in view["areas"] if not a["open"] and a["owner"] is None)
    if nobody:
        out.append(tr("read.fendo.nobody", n=nobody))
    out.append(tr("read.fendo.open", n=sum(len(a["cells"]) for a in view["areas"] if a["open"])))
    out.append(tr("read.fendo.walls", n=len(view["walls"])))
    return out


def result_line(tr, view: dict, names: list) -> str:
    """"White wins, 27 to 22." (or a draw): the status line and the live region say it."""
    w = view["winners"]
    sc = view["scores"]
    if len(w) == 1:
        return tr("end.wins", name=names[w[0]], a=max(sc), b=min(sc))
    return tr("end.draw", a=sc[0], b=sc[1])


def move_words(tr, action: str, name: str | None = None) -> str:
    """An action in words: what ``name`` did ("Anna moves from d1 to d4 and places a wall
    north of d4"), or, without a name, what to do (a hint: "Move the pawn from d1 to d4...")."""
    a = fendo.parse(action, 11)
    say = "say.fendo." if name is not None else "hint.fendo."
    if a.kind == "pass":
        return tr(say + "pass", name=name)
    if a.kind == "enter":
        return tr(say + "enter", name=name, cell=a.dst)
    side = tr("say.fendo.side." + a.side, cell=a.dst)
    if a.kind == "move":
        return tr(say + "move", name=name, frm=a.src, to=a.dst, side=side)
    return tr(say + "stay", name=name, cell=a.dst, side=side)


def announce(tr, before: dict, after: dict, names: list, seat: int, action: str) -> str:
    """The move ``seat`` just made, in words for a screen reader: where the pawn went and
    the wall it placed, the cells a closed area gave, and the result when it ends the game.

    >>> tr = lambda key, **p: key + str(sorted(p.items()))
    >>> v = {"scores": [0, 0], "over": False}
    >>> announce(tr, v, v, ["Anna", "Bot"], 1, "d1E").split("[")[0]
    'say.fendo.stay'
    """
    parts = [move_words(tr, action, names[seat])]
    for s, (old, new) in enumerate(zip(before["scores"], after["scores"])):
        if new != old:
            parts.append(tr("say.fendo.holds", name=names[s], n=new))
    if after["over"]:
        parts.append(result_line(tr, after, names))
    return " ".join(parts)
