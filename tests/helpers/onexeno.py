"""Onexeno's geometry written out independently of the engine: which border cells of two
cards touch (the cards' 3x3 cells laid on a fine grid: two cells of two cards touch when they
share a side, or a corner when the cards touch only by a corner).  :func:`table_of` builds a
consistent table from it, :func:`set_up` a position on one, and :func:`oracle` lists the legal
placements from that same account, to check the engine's list (tests/test_onexeno.py,
tests/test_onexeno_bot.py)."""

from __future__ import annotations

import random
from functools import cache

from game import onexeno

FINE = {"NW": (0, 2), "N": (1, 2), "NE": (2, 2), "E": (2, 1), "SE": (2, 0), "S": (1, 0),
        "SW": (0, 0), "W": (0, 1)}
LOOK = {}                 # border string -> (card, turn): every pattern is one card's look
for _c in onexeno.CARDS:
    for _t in onexeno.turns_of(_c):
        LOOK[onexeno.border(_c, _t)] = (_c, _t)


def xy(cell):
    return "abcdefghi".index(cell[0]), int(cell[1:]) - 1


@cache
def contacts(a, b):
    """The pairs (position on a, position on b) of border cells that touch when cards sit on
    cells a and b: fine cells sharing a side, or a corner if the cards touch only by one."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    if max(abs(ax - bx), abs(ay - by)) != 1:
        return []
    diagonal = ax != bx and ay != by
    out = []
    for pa, (i, j) in FINE.items():
        for pb, (k, m) in FINE.items():
            dx, dy = 3 * (bx - ax) + k - i, 3 * (by - ay) + m - j
            if (abs(dx) + abs(dy) == 1) or (diagonal and abs(dx) == abs(dy) == 1):
                out.append((pa, pb))
    return out


def fits(border, cell, table):
    """Whether a card showing ``border`` on ``cell`` matches every card of ``table``
    (cell -> border) it touches, and touches one."""
    touching = False
    for other, b in table.items():
        pairs = contacts(cell, other)
        if pairs:
            touching = True
            pos = list(FINE)
            if any(border[pos.index(p)] != b[pos.index(q)] for p, q in pairs):
                return False
    return touching


LITERAL = {"0a", "1a", "1b", "2a", "2b", "2c", "7a", "7b", "8a", "4t"}   # named in the tests


def table_of(cells, seed=0):
    """A consistent table on ``cells``: cell -> "card+turn" (all cards distinct, none of
    :data:`LITERAL`), drawn by colouring the touching border cells alike."""
    rng = random.Random(seed)
    pos = list(FINE)
    for _ in range(2000):
        parent = {}

        def find(u, parent=parent):
            while parent.setdefault(u, u) != u:
                u = parent[u]
            return u
        for a in cells:
            for b in cells:
                for p, q in contacts(a, b):
                    parent[find((a, p))] = find((b, q))
        colour = {}
        out, used = {}, set()
        for a in cells:
            border = "".join(colour.setdefault(find((a, p)), rng.choice("01")) for p in pos)
            card, turn = LOOK[border]
            if card in used or card in LITERAL:
                break
            used.add(card)
            out[a] = f"{card}+{turn}" if turn else card
        else:
            return out
    raise AssertionError("no consistent table found")


def borders(spec):
    """cell -> border string of a table spec."""
    out = {}
    for cell, s in spec.items():
        card, _, t = s.partition("+")
        out[cell] = onexeno.border(card, int(t or 0))
    return out


def action(spec_value, cell):
    card, _, t = spec_value.partition("+")
    return f"{card}@{cell}" + (f"+{t}" if t else "")


def set_up(table, hand_cells=(), players=2, deck="", other_hands=None, **kw):
    """A position: ``table`` (cell -> card) less ``hand_cells``, whose cards go to seat 0's
    hand; seat 0 to move."""
    on = {c: v for c, v in table.items() if c not in hand_cells}
    hand = " ".join(table[c].partition("+")[0] for c in hand_cells)
    hands = [hand] + (other_hands or [""] * (players - 1))
    return onexeno.position(players, table=on, hands=hands, deck=deck, **kw)


def oracle(s):
    """The legal actions of the seat to move, from the rules written out: any card of the hand
    in any distinct look, on an empty cell touching the table and matching it, keeping the
    cards within 5 columns and 5 rows; on an empty table, e5; and pass."""
    table = {}
    for i, t in enumerate(s._table):
        if t:
            table[onexeno.CELLS[i]] = onexeno.border(*t)
    out = ["pass"]
    free = [c for c in onexeno.CELLS if c not in table]
    for card in set(s._hands[s._turn]):
        for turn in onexeno.turns_of(card):
            b = onexeno.border(card, turn)
            for cell in free:
                if not table:
                    ok = cell == "e5"
                else:
                    xs = [xy(c)[0] for c in table] + [xy(cell)[0]]
                    ys = [xy(c)[1] for c in table] + [xy(cell)[1]]
                    ok = max(xs) - min(xs) < 5 and max(ys) - min(ys) < 5 and fits(b, cell, table)
                if ok:
                    out.append(f"{card}@{cell}" + (f"+{turn}" if turn else ""))
    return sorted(out)
