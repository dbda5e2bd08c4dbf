"""Onexeno's cards and words (pure Python): a card's SVG (its 3x3 pattern, the value in
the middle), where a card fits, the log's sentences, the undo guard and the round results.
"""

from __future__ import annotations

import functools

from game import onexeno

from ui.kit import i18n, readout
from ui.kit.cardwords import CardWords
from ui.kit.html import esc

DARK, LIGHT, FACE = "#24305a", "#f7f8fc", "#fffdf6"   # the value's ink: style.css
# the 8 border cells, clockwise from the top-left corner (onexeno.POSITIONS), as (column, row)
_XY = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))


@functools.cache    # 70 cards, 4 turns: a late table draws hundreds of cards
def card_svg(card: str, turn: int = 0) -> str:
    """The card as laid ``turn`` degrees clockwise: its 8 border cells light or dark, its
    value upright in the middle, and a notch on the edge that is its printed top (so that a
    turn shows).  Square cells on a 30-unit grid, crisp edges at any size.

    Short, as a late table draws a hundred cards and its log as many again at every frame:
    the dark cells are one path and the light ones another (each cell a 7-unit square drawn
    with a 2-unit round-joined stroke of its colour: a 9-unit square with corners of radius
    1), and what every card shares is in the game's stylesheet (``.ocard-svg``)."""
    bits = onexeno.border(card, turn)
    paths = {"1": [], "0": []}
    for b, (x, y) in zip(bits, _XY):
        paths[b].append(f"M{2 + 9.5 * x:g} {2 + 9.5 * y:g}h7v7h-7z")
    cells = "".join(f'<path d="{"".join(paths[b])}" fill="{colour}" stroke="{colour}"/>'
                    for b, colour in (("1", DARK), ("0", LIGHT)) if paths[b])
    value = onexeno.VALUE[card]
    # the notch: a small dot in the middle cell, on the side of the printed top
    nx, ny = {0: (15, 11.6), 90: (18.4, 15), 180: (15, 18.4), 270: (11.6, 15)}[turn % 360]
    return (f'<svg class="ocard-svg" viewBox="0 0 30 30" aria-hidden="true">'
            f'<rect width="30" height="30" rx="2"/><g>{cells}</g>'
            f'<rect x="10.5" y="10.5" width="9" height="9" fill="{FACE}"/>'
            f'<circle cx="{nx:g}" cy="{ny:g}" r=".7"/><text x="15" y="17.6">{value}</text></svg>')


def turn_words(tr, turn: int) -> str:
    return tr(f"onexeno.turn.{turn}") if turn else ""


def card_name(tr, card: str) -> str:
    """A card as players name it: its value, then where its dark cells are (its light
    ones, when fewer), as printed: "4 (dark: top left, top, right, bottom)".  Unique among
    the 70 cards; a text says "the" before it ("le" in French), and draws it small
    (:func:`inline`)."""
    value = onexeno.VALUE[card]
    if value in (0, 8):
        return tr("onexeno.name.all_dark" if value else "onexeno.name.all_light", value=value)
    bits = onexeno.border(card)
    colour = "1" if value <= 4 else "0"
    where = [p for p, b in zip(onexeno.POSITIONS, bits) if b == colour]
    return tr("onexeno.name.dark" if colour == "1" else "onexeno.name.light", value=value, n=len(where),
              cells=", ".join(tr("onexeno.pos." + p) for p in where))


def card_label(tr, card: str, turn: int = 0) -> str:
    """A card's words (and its turn, as laid), for a picture's label."""
    if turn:
        return tr("onexeno.card_turned", card=card_name(tr, card), turn=turn_words(tr, turn))
    return card_name(tr, card)


# the cards named in words, drawn small (ui.kit.cardwords)
WORDS = CardWords(onexeno.CARDS, card_name, lambda card: card_svg(card), "ocard-i")
names, inline = WORDS.names, WORDS.inline


_FITS: list = [None, None]     # the last legal list asked for, and what fits() made of it


def fits(legal) -> dict:
    """``card -> {cell: [turns]}`` from the legal actions (``pass`` left out), to read only.
    Made once per legal list: a table is drawn again at each tap of a turn, and a full
    table's list runs to hundreds of actions (each tap would parse them all again)."""
    legal = tuple(legal)
    if _FITS[0] == legal:
        return _FITS[1]
    out: dict = {}
    for a in legal:
        if a == "pass":
            continue
        p = onexeno.parse(a)
        out.setdefault(p.card, {}).setdefault(p.cell, []).append(p.turn)
    for cells in out.values():
        for turns in cells.values():
            turns.sort()
    _FITS[:] = [legal, out]
    return out


def action(card: str, cell: str, turn: int) -> str:
    return str(onexeno.Action("place", card, cell, turn))


def shifted(cell: str, shift) -> str | None:
    """Where a cell is after the table moved by ``shift`` (None: off the frame)."""
    x, y = onexeno.cell_xy(cell)
    x, y = x + shift[0], y + shift[1]
    if 0 <= x < onexeno.FRAME and 0 <= y < onexeno.FRAME:
        return onexeno.cell_name(x, y)
    return None


def fresh_take(view: dict):
    """The take the last action made (None if the last action took nothing)."""
    last, take = view.get("last"), view.get("last_take")
    if not take or not last or last.get("type") != "place" or last.get("seat") != take["seat"]:
        return None
    return take if last["card"] in take["cards"] else None


def lines_words(tr, n: int) -> str:
    return tr("onexeno.lines", n=n)


def take_line(tr, take: dict, names) -> str:
    return tr("say.onexeno.take", name=names[take["seat"]], lines=lines_words(tr, len(take["lines"])),
              cards=tr("onexeno.cards", n=len(take["cards"])), points=tr("onexeno.points_words", n=take["points"]))


def rounds_done(view: dict) -> int:
    return len(view["results"])


def announce(tr, before: dict, after: dict, names, seat: int, action: str) -> str:
    """``seat``'s action in words, as the viewing seat may know it: the card placed and its
    turn, the lines it took, a pass (final or not, for the team), the round's end, the next
    deal; never a card drawn.

    >>> from ui.kit import i18n
    >>> tr = lambda k, **p: i18n.tr("en", k, **p)
    >>> s = onexeno.position(2, table={"e5": "8a"}, hands=["7b 0a", "4a"])
    >>> b = s.view(1); s.apply(0, "7b@f5+180"); a = s.view(1)
    >>> announce(tr, b, a, ["Ann", "Bob"], 0, "7b@f5+180")
    'Ann placed the 7 (light: bottom left) on f5, turned a half.'
    """
    parts = []
    last = after.get("last") or {}
    if action == "pass":
        key = "say.onexeno.pass"
        if last.get("type") == "pass" and last.get("final"):
            key = "say.onexeno.pass_team" if after.get("teams") else "say.onexeno.pass_final"
        elif len(after["results"]) > len(before["results"]) and before.get("end_phase"):
            key = "say.onexeno.pass_team" if after.get("teams") else "say.onexeno.pass_final"
        parts.append(tr(key, name=names[seat]))
    else:
        a = onexeno.parse(action)
        if a.turn:
            parts.append(tr("say.onexeno.place_turned", name=names[seat], card=card_name(tr, a.card), cell=a.cell,
                            turn=turn_words(tr, a.turn)))
        else:
            parts.append(tr("say.onexeno.place", name=names[seat], card=card_name(tr, a.card), cell=a.cell))
        take = after.get("last_take")
        if take and take != before.get("last_take") and take["seat"] == seat and a.card in take["cards"]:
            parts.append(take_line(tr, take, names))
    for r in after["results"][len(before["results"]):]:
        parts.append(tr("say.onexeno.round_end", n=r["round"], reason=tr("onexeno.reason." + r["reason"])))
    if after["round"] != before["round"] and last.get("type") == "start":
        parts.append(tr("say.onexeno.deal", n=after["round"], name=names[after["dealer"]],
                        card=card_name(tr, last["card"])))
    if after.get("over") and not before.get("over"):
        parts.append(tr("say.onexeno.over"))
    return " ".join(parts)


def read_out(tr, view: dict, names, seat) -> list:
    """The table in a few sentences (the key V): the cards laid, each with its cell and its
    turn, the 5x5 box, ``seat``'s hand (the others' counted), the points taken, the deck."""
    out = [tr("read.onexeno.round", n=view["round"], of=view["rounds"])]
    laid = sorted(view["table"].items(), key=lambda cc: (cc[0][0], int(cc[0][1:])))
    out.append(tr("read.onexeno.table", n=len(laid), what=", ".join(
        tr("read.onexeno.at", cell=c, card=card_label(tr, t["card"], t.get("turn", 0))) for c, t in laid))
        if laid else tr("read.onexeno.table_empty"))
    box = view.get("box")
    if box and box.get("columns") and box.get("rows"):
        def span(ends, fixed):
            words = tr("read.onexeno.span", a=ends[0], b=ends[-1])
            return tr("read.onexeno.fixed", span=words) if fixed else words
        out.append(tr("read.onexeno.box", columns=span(box["columns"], box.get("fixed_columns")),
                      rows=span(box["rows"], box.get("fixed_rows"))))
    out += readout.hands(tr, "onexeno", view, names, seat, lambda c: card_name(tr, c))
    out.append(tr("read.onexeno.points", what=", ".join(f"{names[s]} {p}" for s, p in enumerate(view["points"]))))
    out.append(tr("read.onexeno.deck", n=view["deck"]))
    return out


def undo_guard(before, taken: list):
    """None if taking back ``taken`` (played on ``before``, a copy) reveals nothing, else an
    i18n key.

    Every action but the last of a round hands the turn on, and the next seat draws: taking
    it back would put that card back on the deck, known.  So an undo is refused as soon as
    a card was drawn since ``before`` (in practice, undo works once the deck is empty), and
    when a round ended since (its hands were shown).  Another seat's answer is never taken
    back either: the shell's rule for every hidden game (ui/store/session.py).
    """
    for seat, act in taken:
        v = before.view(None)
        deck, rnd = v["deck"], v["round"]
        before.apply(seat, act)
        w = before.view(None)
        if before.over or w["round"] != rnd:
            return "undo.onexeno.round"
        if w["deck"] < deck:
            return "undo.onexeno.drawn"
    return None


def round_points(view: dict, seat: int) -> int:
    return sum(onexeno.VALUE[c] for c in view["taken"][seat])


def mini_cards(tr, cards: list, cls: str = "ominis") -> str:
    return (f'<div class="{cls}">'
            + "".join(f'<span class="omini" role="img" aria-label="{esc(card_label(tr, c))}" data-card="{esc(c)}">'
                      f'{card_svg(c)}</span>' for c in cards)
            + "</div>")


def hint(tr, view: dict, action: str) -> str:
    """A suggested action, worded as what to do: "Place the 8 (all dark) on g4, turned a half"."""
    if action == "pass":
        return tr("hint.onexeno.pass_final" if view.get("end_phase") else "hint.onexeno.pass")
    a = onexeno.parse(action)
    if a.turn:
        return tr("hint.onexeno.place_turned", card=card_name(tr, a.card), cell=a.cell, turn=turn_words(tr, a.turn))
    return tr("hint.onexeno.place", card=card_name(tr, a.card), cell=a.cell)


def error_names() -> dict:
    """Every card's name under ``name.<card>``, in both languages: the engine's refusals
    name a card by its code (``err.onexeno.*`` ``{card}``), and ``ui.kit.i18n`` says such a
    word so."""
    out = {}
    for c in onexeno.CARDS:
        out["name." + c] = {lang: card_name(lambda key, _l=lang, **p: i18n.tr(_l, key, **p), c) for lang in i18n.LANGS}
    return out
