"""Fowl Play's board in SVG, drawn from the engine's own geometry (:mod:`game.hexgrid`
through ``game.fowl_play.BOARD``), and the birds and foxes on it (pure Python).

A bird is its shape (circle, hexagon, square) filled with its colour (black, brown, white),
with its type's letter on it (C, D, G, T; in French P, C, O, D): the three traits read at a
glance, and none by colour alone.  A fox is a fox's head with two ears, in its player's
colour (black, brown, orange, white), ringed in gold so that it never reads as a bird.
Cells carry ``data-act="hex" data-cell="f6"`` when the board takes taps; classes mark what
a test or a style needs: ``den``, ``tunnel``, ``movable``, ``selected``, ``reach``,
``last-from``, ``last-to``, ``caught``.
"""

from __future__ import annotations

import math

from game import fowl_play as fowl

from ui.kit import roving, widgets
from ui.kit.html import attrs, esc

S = 20.0                                     # a hexagon's circumradius, in SVG units
PAD = 6.0
LX, LY = 15.0, 14.0                          # room for the coordinates: row letters beside, column numbers above and below
OX, OY = PAD + LX, PAD + LY                  # where the cells begin
W, H = fowl.BOARD.extent(S)
VB_W, VB_H = W + 2 * OX, H + 2 * OY
BIRD_FILL = ("#24211d", "#8a5526", "#fbf8f0")      # black, brown, white
BIRD_INK = ("#ffffff", "#ffffff", "#24211d")       # the letter on each
FOX_FILL = ("#24211d", "#8a5526", "#e8791c", "#fbf8f0")
FOX_INK = ("#ffffff", "#ffffff", "#3b1d05", "#24211d")
TUNNEL_NAMES = frozenset(fowl.NAMES[t] for t in fowl.TUNNELS)
DEN_NAMES = frozenset(fowl.NAMES[c] for c in fowl.DEN)
START = {fowl.NAMES[c]: t for t, cells in enumerate(fowl.FOOTPRINTS) for c in cells}


def _centre(name: str) -> tuple:
    x, y = fowl.BOARD.centre(fowl.BOARD.parse(name), S)
    return x + OX, y + OY


# The board's geometry, computed once: a render draws every cell (it was half of a render's time).
_CENTRES = {name: _centre(name) for name in fowl.NAMES}
_POINTS = tuple(" ".join(f"{x + OX:.1f},{y + OY:.1f}" for x, y in fowl.BOARD.corners(i, S))
                for i in range(len(fowl.NAMES)))


def centre(name: str) -> tuple:
    return _CENTRES[name]


def _directions() -> dict:
    """Each cell's neighbours by compass point (pointy-top hexagons: E and W in its row, NE
    and NW in the row above, SE and SW below), read from the drawing's own centres."""
    out = {}
    for i, name in enumerate(fowl.NAMES):
        x, y = _CENTRES[name]
        out[name] = {}
        for j in fowl.NEIGHBOURS[i]:
            other = fowl.NAMES[j]
            dx, dy = _CENTRES[other][0] - x, _CENTRES[other][1] - y
            ns = "" if abs(dy) < S / 2 else "N" if dy < 0 else "S"
            out[name][ns + ("E" if dx > 0 else "W")] = other
    return out


DIRECTIONS = _directions()
# The keys that walk the board (the rules say them): the arrows for E and W, and for NW and
# SE, with Shift for NE and SW (each goes back the way it came); Q E A D Z C around the S.
KEYS = {"ArrowLeft": "W", "ArrowRight": "E", "ArrowUp": "NW", "ArrowDown": "SE",
        "Shift+ArrowUp": "NE", "Shift+ArrowDown": "SW",
        "q": "NW", "e": "NE", "a": "W", "d": "E", "z": "SW", "c": "SE"}
KEYS.update({k.upper(): d for k, d in KEYS.items() if len(k) == 1})


def walk(cell: str, key: str) -> str:
    """Where ``key`` takes the keyboard's cursor from ``cell`` (the edge holds it).

    >>> walk("a1", "ArrowRight"), walk("b1", "ArrowUp"), walk("a1", "ArrowLeft")
    ('a2', 'a1', 'a1')
    """
    return roving.step(cell, key, lambda c, k: DIRECTIONS[c].get(KEYS.get(k, "")), DIRECTIONS)


def cell_name(tr, view: dict, cell: str, names: list, marks: tuple = ()) -> str:
    """What a screen reader says of a cell, in the log's words: "f6, Anna's fox, den",
    "c3, brown duck (circle)", "d4, empty, tunnel"; ``marks``: what the turn's taps make of it
    (``movable``, ``selected``, ``reach``, ``place``)."""
    foxes = {c: s for s, c in enumerate(view["foxes"]) if c}
    parts = []
    if cell in foxes:
        parts.append(tr("fowl_play.fox_label", name=names[foxes[cell]]))
    if cell in view["birds"]:
        parts.append(bird_label(tr, view["birds"][cell]))
    if not parts:
        parts.append(tr("fowl_play.cell.empty"))
    if cell in TUNNEL_NAMES:
        parts.append(tr("fowl_play.tunnel"))
    if cell in DEN_NAMES:
        parts.append(tr("fowl_play.den"))
    parts += [tr("fowl_play.cell." + m) for m in marks]
    return tr("fowl_play.cell", cell=cell, what=", ".join(parts))


def _hex_points(cx: float, cy: float, r: float, flat: bool = False) -> str:
    start = 0 if flat else -90
    return " ".join(f"{cx + r * math.cos(math.radians(start + 60 * k)):.1f},"
                    f"{cy + r * math.sin(math.radians(start + 60 * k)):.1f}" for k in range(6))


def bird_shape(bird: int, cx: float, cy: float, r: float, letter: str, cls: str = "bird") -> str:
    """One bird: its shape in its colour, its type's letter on it."""
    colour, shape = fowl.COLOUR[bird], fowl.SHAPE[bird]
    fill, ink = BIRD_FILL[colour], BIRD_INK[colour]
    common = f'fill="{fill}" stroke="#5b4a36" stroke-width="1.6"'
    if shape == 0:
        body = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {common}/>'
    elif shape == 1:
        body = f'<polygon points="{_hex_points(cx, cy, r * 1.08, flat=True)}" {common}/>'
    else:
        a = r * 0.9
        body = f'<rect x="{cx - a:.1f}" y="{cy - a:.1f}" width="{2 * a:.1f}" height="{2 * a:.1f}" rx="2" {common}/>'
    text = (f'<text x="{cx:.1f}" y="{cy + r * 0.42:.1f}" font-size="{r * 1.15:.1f}" fill="{ink}" '
            f'class="bird-letter">{esc(letter)}</text>')
    return (f'<g class="{cls} bird-c{colour} bird-s{shape} bird-t{fowl.TYPE[bird]}" data-bird="{bird}">'
            f'{body}{text}</g>')


def bird_label(tr, bird: int) -> str:
    t = fowl.TYPE[bird]
    return tr("fowl_play.bird", type=tr(f"fowl_play.type.{t}"),
              colour=tr(f"fowl_play.colour_{'m' if t == 1 else 'f'}.{fowl.COLOUR[bird]}"),
              shape=tr(f"fowl_play.shape.{fowl.SHAPE[bird]}"))


def bird_icon(tr, bird: int, size: int = 26) -> str:
    """A bird alone, for a card or a list (its words are said beside it)."""
    r = size * 0.38
    return (f'<svg class="bird-icon" viewBox="0 0 {size} {size}" width="{size}" height="{size}" aria-hidden="true">'
            + bird_shape(bird, size / 2, size / 2, r, tr(f"fowl_play.letter.{fowl.TYPE[bird]}")) + "</svg>")


def fox_shape(seat: int, cx: float, cy: float, r: float, cls: str = "fox") -> str:
    """A fox's head: a face pointing down, two ears up, in its player's colour."""
    pts = [(-1.0, -0.55), (-0.85, -1.15), (-0.35, -0.62), (0.35, -0.62), (0.85, -1.15),
           (1.0, -0.55), (0.75, 0.15), (0.0, 1.0), (-0.75, 0.15)]
    poly = " ".join(f"{cx + r * x:.1f},{cy + r * y * 0.95 + r * 0.1:.1f}" for x, y in pts)
    eye = r * 0.14
    ink = FOX_INK[seat]
    return (f'<g class="{cls} fox-{fowl.FOX_COLOURS[seat]}" data-seat="{seat}">'
            f'<polygon points="{poly}" fill="{FOX_FILL[seat]}" stroke="#d9a400" stroke-width="{max(1.2, r * 0.18):.1f}" '
            f'stroke-linejoin="round"/>'
            f'<circle cx="{cx - r * 0.38:.1f}" cy="{cy - r * 0.05:.1f}" r="{eye:.1f}" fill="{ink}"/>'
            f'<circle cx="{cx + r * 0.38:.1f}" cy="{cy - r * 0.05:.1f}" r="{eye:.1f}" fill="{ink}"/>'
            f'<circle cx="{cx:.1f}" cy="{cy + r * 0.72:.1f}" r="{eye * 1.2:.1f}" fill="{ink}"/></g>')


def fox_icon(seat: int, size: int = 22) -> str:
    return (f'<svg class="fox-icon" viewBox="0 0 {size} {size}" width="{size}" height="{size}" aria-hidden="true">'
            + fox_shape(seat, size / 2, size / 2 + 1, size * 0.42) + "</svg>")


def coordinates() -> str:
    """The cells' names along the edges, as a text names them ("b3": row b, the third cell
    from the left): each row's letter at both ends, the column numbers above the top row
    and below the bottom one.  Said by each cell's own label, so hidden from screen readers."""
    rows = sorted({n[0] for n in fowl.NAMES})
    out = []
    for r in rows:
        y = centre(r + "1")[1] + 4
        out.append(f'<text x="{PAD + LX * 0.45:.1f}" y="{y:.1f}">{r}</text>'
                   f'<text x="{VB_W - PAD - LX * 0.45:.1f}" y="{y:.1f}">{r}</text>')
    for r, dy in ((rows[0], -S - 4), (rows[-1], S + 12)):
        for n in fowl.NAMES:
            if n[0] == r:
                x, y = centre(n)
                out.append(f'<text x="{x:.1f}" y="{y + dy:.1f}">{n[1:]}</text>')
    return f'<g class="coords" aria-hidden="true">{"".join(out)}</g>'


def last_cells(view: dict) -> tuple:
    """The cells of the last move on the board (a bird's step, a fox's move or placing):
    ``(from, to, caught)``; ``(None, None, None)`` when none."""
    for e in reversed(view["log"]):
        if e["type"] in ("bird", "fox"):
            return e["from"], e["to"], e.get("captured")
        if e["type"] == "place":
            return None, e["cell"], None
    return None, None, None


def window(cells, margin: float = 1.1) -> tuple:
    """A viewBox around ``cells`` (names): a diagram shows a part of the board."""
    pts = [centre(c) for c in cells]
    x0, y0 = min(p[0] for p in pts) - S * margin, min(p[1] for p in pts) - S * margin
    x1, y1 = max(p[0] for p in pts) + S * margin, max(p[1] for p in pts) + S * margin
    return (x0, y0, x1 - x0, y1 - y0)


def render(tr, view: dict, *, interactive: bool, marks: dict, label: str, box=None,
           picks=None, cls: str = "", badges: dict | None = None, hint=None,
           cursor: str | None = None, say=None) -> str:
    """The whole board.  ``marks``: ``movable`` (cells of birds that may move), ``selected``
    (a cell), ``reach`` (cells a tap goes to), ``reach2`` (cells a fox's second step may
    reach, shown only), ``places`` (den cells a fox may start on).  With a ``cursor`` the
    board is a grid a screen reader walks (:mod:`ui.kit.roving`), row by row, each cell
    named by ``say(cell, marks)`` (:func:`cell_name`), the one tab stop on the cursor."""
    movable = marks.get("movable", set())
    reach = marks.get("reach", set())
    reach2 = marks.get("reach2", set())
    places = marks.get("places", set())
    selected = marks.get("selected")
    frm, to, caught = last_cells(view)
    foxes = {c: s for s, c in enumerate(view["foxes"]) if c}
    birds = view["birds"]
    act = ' data-act="hex"' if interactive else ""
    vb = "0 0 %.0f %.0f" % (VB_W, VB_H) if box is None else " ".join(f"{v:.1f}" for v in box)
    picks = picks or {}
    walking = cursor is not None and box is None
    ident = ' id="board"' if box is None else ""
    out = [f'<svg class="board fowl-board{cls}" viewBox="{vb}" xmlns="http://www.w3.org/2000/svg"'
           + (roving.BOX + ' role="group"' if walking else f'{ident} role="group"{attrs(aria_label=label)}'
              if interactive or picks else f'{ident} role="img"{attrs(aria_label=label)}') + ">",
           f'<rect class="yard" x="0" y="0" width="{VB_W:.0f}" height="{VB_H:.0f}" rx="14"/>']
    pieces, overlay = [], []
    rows: dict = {}          # the grid's rows: a, b, ... each left to right (fowl.NAMES' order)
    for i, name in enumerate(fowl.NAMES):
        cls = ["hex"]
        if name in DEN_NAMES:
            cls.append("den")
        if name in TUNNEL_NAMES:
            cls.append("tunnel")
        if name in START:
            cls.append(f"start-{START[name]}")
        if name in movable:
            cls.append("movable")
        if name == selected:
            cls.append("selected")
        if name in reach:
            cls.append("reach")
        if name in places:
            cls.append("place")
        if name in reach2:
            cls.append("reach2")
        if name == frm:
            cls.append("last-from")
        if name == to:
            cls.append("last-to")
        cx, cy = centre(name)
        if box is not None and not (box[0] - S <= cx <= box[0] + box[2] + S
                                    and box[1] - S <= cy <= box[1] + box[3] + S):
            continue                 # a diagram: only the cells in its window
        pts = _POINTS[i]
        key = f' id="hex-{name}"' if box is None else ""
        if walking:
            said = tuple(m for m, on in (("selected", name == selected), ("movable", name in movable),
                                         ("reach", name in reach), ("place", name in places)) if on)
            key += roving.cell_attrs(name, cursor, (say or (lambda c, m: c))(name, said))
        g = [f'<g class="{" ".join(cls)}"{act} data-cell="{name}"{key}>', f'<polygon class="hex-bg" points="{pts}"/>']
        if name in TUNNEL_NAMES:
            g.append(f'<ellipse class="hole" cx="{cx:.1f}" cy="{cy + 2:.1f}" rx="{S * 0.62:.1f}" ry="{S * 0.42:.1f}"/>')
        if name == frm or name == to:
            g.append(f'<polygon class="last-mark" points="{pts}"/>')
        if name in picks:      # a diagram: a tap (focus) on this bird shows its steps (style.css)
            overlay.append(
                f'<g class="dpick" tabindex="0" data-cell="{name}"><polygon class="dhit" points="{pts}"/>'
                '<g class="dsteps">' + "".join(
                    '<circle class="reach-dot" cx="%.1f" cy="%.1f" r="%.1f"/>' % (*centre(t), S * 0.3)
                    for t in sorted(picks[name])) + "</g></g>")
        if name in reach or name in places:
            g.append(f'<circle class="reach-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.3:.1f}"/>')
        elif name in reach2:
            g.append(f'<circle class="reach2-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.22:.1f}"/>')
        g.append("</g>")
        (rows.setdefault(name[0], []) if walking else out).append("".join(g))
        if name in birds:
            b = birds[name]
            extra = " movable" if name in movable else ""
            extra += " selected" if name == selected else ""
            extra += " arrived" if name == to else ""
            pieces.append(bird_shape(b, cx, cy, S * 0.66, tr(f"fowl_play.letter.{fowl.TYPE[b]}"),
                                     cls="bird" + extra))
        if name in foxes:
            seat = foxes[name]
            extra = " arrived" if name == to else ""
            extra += " selected" if name == selected else ""
            pieces.append(fox_shape(seat, cx, cy, S * 0.72, cls="fox" + extra))
        if name == to and caught:
            pieces.append(f'<circle class="caught-ring" cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.95:.1f}"/>')
        if name == hint:
            pieces.append(f'<circle class="hint-ring" cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.9:.1f}"/>')
    if walking:
        out.append(roving.grid(rows.values(), label))
    out.extend(overlay)
    if box is None:
        out.append(coordinates())
    for ident, text in (badges or {}).items():     # an SVG takes no ::after: the badges drawn here
        if ident.startswith("hex-") and ident[4:] in fowl.NAMES:
            cx, cy = centre(ident[4:])
            pieces.append(widgets.svg_badge(ident, text, cx - S * 0.6, cy - S * 0.6, S * 0.4))
    # the pieces above the cells, never taking a tap from them; hidden from screen readers,
    # which hear each cell's name say what stands there (else 36 "group, C" after the grid)
    out.append(f'<g class="pieces" pointer-events="none" aria-hidden="true">{"".join(pieces)}</g>')
    out.append("</svg>")
    return "".join(out)
