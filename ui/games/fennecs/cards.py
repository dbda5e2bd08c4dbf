"""Fennecs's cards in SVG, what the legal actions allow, how a column counts, and undo
(pure Python).

Everything here is a function of the engine's ``view`` (``game/fennecs.py``) and the seat's
legal actions, read with the engine's own notation (``game.fennecs.parse``).
"""

from __future__ import annotations

import math
from functools import partial

from game import fennecs

from ui.kit import i18n
from ui.kit.cardwords import CardWords
from ui.kit.html import esc, hand_fan

NO_OPTIONS = {"up": set(), "down": set(), "take": set(), "as": []}

CARD_KIND = {"-5": "m5", "-2": "neg", "-1": "neg", "0": "zero", "+": "plus", "1": "pos", "2": "pos",
             "3": "pos", "4": "pos", "5": "pos", "1/5": "wild", "*": "nova"}
COLOURS = {"m5": "#8e1b1b", "neg": "#c0392b", "zero": "#6b6b6b", "plus": "#6b4aa0", "pos": "#1f6f8b",
           "wild": "#9a5408", "nova": "#1d1a2e"}


# -- actions ----------------------------------------------------------------------

def options(legal: list[str]) -> dict:
    """The legal actions by kind: (card, column) pairs face up and down, columns to take, choices.

    >>> o = options(["3>A", "3v>A", "take A"])
    >>> sorted(o["up"]), sorted(o["down"]), o["take"], o["as"]
    ([('3', 'A')], [('3', 'A')], {'A'}, [])
    """
    out = {"up": set(), "down": set(), "take": set(), "as": []}
    for a in legal:
        p = fennecs.parse(a)
        if p.kind == "take":
            out["take"].add(p.column)
        elif p.kind == "as":
            out["as"].append(a)
        else:
            out["down" if p.down else "up"].add((p.card, p.column))
    return out


def columns_for(opts: dict, card: str) -> set:
    """The columns ``card`` may go to now (face up or down)."""
    return {c for k, c in opts["up"] | opts["down"] if k == card}


def gain(value) -> int:
    """The stars a collection of this value wins (negative: loses).

    >>> [gain(v) for v in (-2, 0, 3, 6, 9)]
    [-2, 0, 3, 6, -3]
    """
    if value is None:
        return 0
    if value > 6:
        return 6 - value
    return value


def best_choice(pending: dict) -> str:
    """The ``as`` choice that wins the most stars."""
    pairs = list(zip(pending["choices"], pending["values"]))
    return max(pairs, key=lambda p: (gain(p[1]), p[1]))[0]


def rounds_done(view: dict) -> int:
    """The number of the last round that ended (0 before the first ends)."""
    done = [e["round"] for e in view["log"] if e["type"] == "round_end"]
    return max(done) if done else 0


def rounds_waited(view: dict, seat: int) -> list:
    """The rounds that ended since ``seat``'s last action (since the game began, before its
    first) with no action of its own: whole rounds it waited through."""
    log = view["log"]
    last = max((e["round"] for e in log if e["type"] in ("play", "collect") and e["seat"] == seat), default=0)
    return [e["round"] for e in log if e["type"] == "round_end" and e["round"] > last]


def waited_words(tr, view: dict, seat: int, names: list) -> str:
    """One sentence on the rounds ``seat`` waited through, if any: which, and the stars
    each player won or lost in them ("Rounds 2 and 3 ended while you waited; ...")."""
    rounds = rounds_waited(view, seat)
    if not rounds:
        return ""
    start = fennecs.START_STARS[len(names)]
    gains = [sum(g) for g in zip(*(g for r, _, g in round_totals(view, start) if r in rounds))]
    listed = ", ".join(map(str, rounds[:-1])) + (f" {tr('fennecs.and')} " if len(rounds) > 1 else "") + str(rounds[-1])
    said = ", ".join(f"{name} {('+' if g > 0 else '') + str(g).replace('-', '−')}" for name, g in zip(names, gains))
    return tr("fennecs.waited", n=len(rounds), rounds=listed, gains=said)


def round_summary(view: dict, rnd: int) -> dict:
    """The collections of round ``rnd`` and how it ended, from the view's log."""
    out = {"round": rnd, "collections": [], "end": None}
    for e in view["log"]:
        if e.get("round") != rnd:
            continue
        if e["type"] == "collect":
            out["collections"].append(e)
        elif e["type"] == "round_end":
            out["end"] = e
    return out


def counted(cards: list, values=None) -> dict:
    """How a collected column adds up: each card's value as it counts, in order.

    ``values`` are the 1/5 cards' chosen values, in the column's order (``None``:
    each counts 1).  A ``0→+`` card turns every negative card positive (``flip``).

    >>> c = counted(["-2", "+", "3", "1/5"], [5])
    >>> c["terms"], c["flip"], c["total"], formula(c["terms"])
    ([2, 0, 3, 5], True, 10, '2 + 0 + 3 + 5 = 10')
    >>> formula(counted(["4", "2", "-1"])["terms"])
    '4 + 2 − 1 = 5'
    """
    flip = "+" in cards
    vals = list(values or [])
    terms = []
    for card in cards:
        if card == "1/5":
            terms.append(vals.pop(0) if vals else 1)
            continue
        v = int(card) if card.lstrip("-").isdigit() else 0      # "+" and the Supernova: 0
        terms.append(-v if v < 0 and flip else v)
    return {"terms": terms, "flip": flip, "total": sum(terms)}


def formula(terms: list) -> str:
    """``[4, 2, -1]`` -> ``"4 + 2 − 1 = 5"`` (a true minus sign)."""
    out = ""
    for i, t in enumerate(terms):
        if i == 0:
            out = str(t).replace("-", "−")
        else:
            out += f" {'−' if t < 0 else '+'} {abs(t)}"
    return f"{out} = {str(sum(terms)).replace('-', '−')}"


def face_down_flags(view: dict, rnd: int, column: str, n: int) -> list:
    """Which of the ``n`` cards of ``column`` (collected in round ``rnd``) were face down,
    read from the view's log: that round's plays on the column are its last cards."""
    plays = [bool(e["down"]) for e in view["log"]
             if e["type"] == "play" and e["round"] == rnd and e["column"] == column]
    return ([False] * n + plays)[-n:] if n else []


def round_totals(view: dict, start: int) -> list:
    """``[(round, [total of each seat at its end], [gain of each seat in it]), ...]`` for the
    rounds over, from the log (each seat began with ``start`` stars)."""
    out = []
    before = None
    for e in view["log"]:
        if e["type"] == "round_end" and "stars" in e:
            totals = [s + o for s, o in zip(e["stars"], e["owed"])]
            prev = before or [start] * len(totals)
            out.append((e["round"], totals, [t - p for t, p in zip(totals, prev)]))
            before = totals
    return out


def round_stars(view: dict, rnd: int, start: int) -> dict:
    """Every star of round ``rnd``, per seat, so that the rows add up: ``before`` (the total
    at its start), ``up`` (a star from the Reserve for each card played face up, none once
    the Reserve is empty), ``down`` (a star put on each card played face down),
    ``collected`` (the columns collected: the stars on their face-down cards, then what
    their value won or lost, owed stars included), ``gain`` (their sum) and, at its end,
    ``stars``, ``owed`` and ``total`` (``before`` + ``gain``)."""
    rows = round_totals(view, start)
    i = next(k for k, (n, _, _) in enumerate(rows) if n == rnd)
    total, gain = rows[i][1], rows[i][2]
    before = rows[i - 1][1] if i else [start] * len(total)
    down, collected = [0] * len(total), [0] * len(total)
    end = {}
    for e in view["log"]:
        if e.get("round") != rnd:
            continue
        if e["type"] == "play" and e["down"]:
            down[e["seat"]] -= 1
        elif e["type"] == "collect":
            collected[e["seat"]] += e["stars_taken"] + e["won"] - e["lost"]
        elif e["type"] == "round_end":
            end = e
    # the face-up stars are what is left of the round's gain (the log does not say when
    # the Reserve was empty, when a card face up won nothing)
    up = [g - d - c for g, d, c in zip(gain, down, collected)]
    return {"before": before, "up": up, "down": down, "collected": collected, "gain": gain,
            "stars": end.get("stars", []), "owed": end.get("owed", []), "total": total}


# -- undo -------------------------------------------------------------------------

def undo_guard(before, taken: list):
    """None if taking back ``taken`` (played on ``before``, a copy) reveals nothing, else an
    i18n key.

    Conservative: the actions taken back must all be plays (no collection, which
    reveals cards), and no round may have ended (a new deal was seen).  That no other
    seat has acted since is the shell's rule for every hidden game (ui/store/session.py).
    """
    for _, action in taken:
        if fennecs.parse(action).kind != "play":
            return "undo.fennecs.revealed"
    rnd = before.view(None)["round"] if taken else None
    for seat, action in taken:
        before.apply(seat, action)
        if before.over or before.view(None)["round"] != rnd:
            return "undo.fennecs.round"
    return None


# -- drawing ----------------------------------------------------------------------

def _star(cx: float, cy: float, r: float, fill: str = "#f6cf55", stroke: str = "#a8741a") -> str:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * .45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{stroke}" stroke-width=".8"/>'


def short_label(tr, card: str) -> str:
    """A few words under the value: what the card does."""
    return tr("fennecs.short." + CARD_KIND[card])


def card_label(tr, card: str) -> str:
    """The card's name and what it does, for screen readers and titles."""
    return tr("fennecs.card." + CARD_KIND[card], value=card.replace("-", "−"))


def _shown(card: str) -> str:
    return {"+": "0→+", "*": "✸", "1/5": "1/5"}.get(card, card.replace("-", "−"))


def card_svg(tr, card: str, cls: str = "") -> str:
    """One face, 60x90: the value in the top-left corner (what a column's overlap
    leaves visible), the value large in the middle, a short label at the bottom."""
    c = COLOURS[CARD_KIND[card]]
    shown = esc(_shown(card))
    big = 30 if len(_shown(card)) <= 2 else 19
    corner = 15 if len(_shown(card)) <= 2 else 11
    nova = card == "*"
    face = "#2a2540" if nova else "#fffaf2"
    ink = "#f6cf55" if nova else c
    label = esc(short_label(tr, card))
    return (
        f'<svg class="card-svg fcard-svg {cls}" viewBox="0 0 60 90" aria-hidden="true" focusable="false">'
        f'<rect x="1" y="1" width="58" height="88" rx="6" fill="{face}" stroke="{c}" stroke-width="1.6"/>'
        f'<text x="5" y="16" font-size="{corner}" font-weight="700" fill="{ink}">{shown}</text>'
        f'<text x="30" y="58" font-size="{big}" font-weight="800" text-anchor="middle" fill="{ink}">{shown}</text>'
        f'<text x="30" y="81" font-size="7.5" text-anchor="middle" fill="{ink}">{label}</text>'
        f'</svg>'
    )


def back_svg(tr, stars: int = 0, mine: str | None = None) -> str:
    """A face-down card: the desert back, its star(s) in the top-right corner, and,
    for the seat who placed it, its value marked "yours" in the top-left corner."""
    own = ""
    if mine is not None:
        own = (f'<rect x="3" y="3" width="30" height="16" rx="3" fill="#fffaf2" opacity=".92"/>'
               f'<text x="18" y="15" font-size="11" font-weight="700" text-anchor="middle" '
               f'fill="{COLOURS[CARD_KIND[mine]]}">{esc(_shown(mine))}</text>'
               f'<text x="30" y="81" font-size="8" font-weight="700" text-anchor="middle" fill="#2b1a05">{esc(tr("fennecs.yours"))}</text>')
    star = _star(50, 11, 8) if stars else ""
    return (
        '<svg class="card-svg fcard-svg back" viewBox="0 0 60 90" aria-hidden="true" focusable="false">'
        '<rect x="1" y="1" width="58" height="88" rx="6" fill="#c98a3a" stroke="#8a5a1e" stroke-width="1.6"/>'
        '<rect x="6" y="22" width="48" height="50" rx="4" fill="none" stroke="#f3d9a8" stroke-width="1.2"/>'
        '<path d="M18 56 L22 38 L28 48 L32 48 L38 38 L42 56 C38 62 34 64 30 64 C26 64 22 62 18 56 Z" fill="#f3d9a8"/>'
        f'{star}{own}</svg>'
    )


def render_hand(tr, hand: list, usable: set, interactive: bool, selected: str | None) -> str:
    """The hand as card buttons in one row; the playable ones are raised, the selected one outlined.
    A button's name is its text, hidden: its picture shows the value twice and a short label,
    not the words of its name in order (WCAG 2.5.3, Label in Name)."""
    items = []
    seen = {}
    for i, card in enumerate(hand):
        seen[card] = seen.get(card, 0) + 1
        ok = card in usable
        cls = "hcard" + (" legal" if interactive and ok else "") + (" selected" if card == selected and seen[card] == 1 else "")
        label = esc(card_label(tr, card))
        if interactive:
            items.append(f'<button type="button" class="{cls}" id="fcard-{i}" data-act="fcard" data-card="{esc(card)}" '
                         f'{"" if ok else " aria-disabled=true"}{" aria-pressed=true" if card == selected else ""}>'
                         f'{card_svg(tr, card)}<span class="visually-hidden">{label}</span></button>')
        else:
            items.append(f'<span class="{cls}" role="img" data-card="{esc(card)}" aria-label="{label}">{card_svg(tr, card)}</span>')
    return hand_fan(items, tr("fennecs.your_hand", n=len(hand)), interactive,
                    [interactive and c in usable for c in hand], " fhand")


# -- words ------------------------------------------------------------------------

def collection_line(tr, c: dict, names: list) -> str:
    """What a collection did, in words: its value, the stars won, lost or owed (a ``collect``
    event of the log, or ``last_collection``)."""
    who = names[c["seat"]]
    if c["supernova"]:
        text = tr("fennecs.coll_nova", name=who, col=c["column"])
        if c["returned"]:
            text += " " + tr("fennecs.coll_returned", n=c["returned"])
        return text
    if c["full"]:
        return tr("fennecs.coll_full", name=who, col=c["column"], n=c["stars_taken"])
    text = tr("fennecs.coll_value", name=who, col=c["column"], value=str(c["value"]).replace("-", "−"))
    if c["won"]:
        text += " " + tr("fennecs.coll_won", n=c["won"])
        if c["owed"]:
            text += " " + tr("fennecs.coll_owed", n=c["owed"])
    elif c["lost"]:
        if c["value"] > 6:
            text += " " + tr("fennecs.coll_over", n=c["value"] - 6)
        text += " " + tr("fennecs.coll_lost", n=c["lost"])
        if c["lost"] < abs(gain(c["value"])):
            text += " " + tr("fennecs.coll_all")
    elif gain(c["value"]) < 0:
        text += " " + tr("fennecs.coll_none_left")
    else:
        text += " " + tr("fennecs.coll_nothing")
    if c["stars_taken"]:
        text += " " + tr("fennecs.coll_taken", n=c["stars_taken"])
    if c["six"]:
        text += " " + tr("fennecs.coll_six")
    return text


def spoken(tr, card: str) -> str:
    """A card as players name it ("−2 card", "Supernova"; a true minus sign reads "minus"):
    a text says "the" before it ("la" in French), and draws it small (:func:`inline`)."""
    if card == "*":
        return tr("fennecs.name.nova")
    return tr("fennecs.name", value=_shown(card))


def read_out(tr, view: dict, names: list, seat) -> list:
    """The table in a few sentences (the key V): each column's face-up cards, how many lie
    face down (``seat``'s own named: it knows them) and its stars; the hands (``seat``'s,
    the others' counted), each player's stars and the Reserve."""
    out = [tr("read.fennecs.round", n=view["round"])]
    for col in view["columns"]:
        if col.get("collected"):
            out.append(tr("read.fennecs.collected", name=col["name"]))
            continue
        up = [spoken(tr, c["card"]) for c in col["cards"] if not c["down"]]
        down = [c for c in col["cards"] if c["down"]]
        mine = [spoken(tr, c["card"]) for c in down if seat is not None and c.get("by") == seat and "card" in c]
        parts = ([tr("read.fennecs.up", cards=", ".join(up))] if up else []) + (
            [tr("read.fennecs.down", n=len(down))] if down else []) + (
            [tr("read.fennecs.yours", cards=", ".join(mine))] if mine else [])
        if col.get("stars"):
            parts.append(tr("read.fennecs.col_stars", n=col["stars"]))
        out.append(tr("read.fennecs.column", name=col["name"], cards="; ".join(parts) or tr("read.fennecs.empty")))
    if seat is not None and view.get("hand") is not None:
        out.append(tr("read.fennecs.hand", cards=", ".join(spoken(tr, c) for c in view["hand"]) or tr("read.fennecs.empty")))
    for s, n in enumerate(view["hand_counts"]):
        if s != seat:
            out.append(tr("read.fennecs.hand_count", name=names[s], n=n))
    out.append(tr("read.fennecs.stars", what=", ".join(f"{names[s]} {n}" for s, n in enumerate(view["stars"])),
                  n=view["reserve"]))
    return out


def chip_svg(card: str) -> str:
    """A card drawn small, among words: its value on its kind's colour."""
    shown = _shown(card)
    w = 22 if len(shown) <= 2 else 34
    return (f'<svg class="fchip" viewBox="0 0 {w} 22" width="{w}" aria-hidden="true" focusable="false">'
            f'<rect x=".5" y=".5" width="{w - 1}" height="21" rx="4" fill="{COLOURS[CARD_KIND[card]]}"/>'
            f'<text x="{w / 2:g}" y="15.5" font-size="{13 if len(shown) <= 2 else 11}" font-weight="700" '
            f'text-anchor="middle" fill="#fff">{esc(shown)}</text></svg>')


# the cards named in words, drawn small (ui.kit.cardwords): "1/5 cards" names no card
WORDS = CardWords(CARD_KIND, spoken, chip_svg, "fcard-i", r"(?<![\w−])", r"(?!\w)")
names, inline = WORDS.names, WORDS.inline


def hint(tr, action: str) -> str:
    """A suggested action, worded as what to do: "Play the 3 card face up on column B"."""
    a = fennecs.parse(action)
    if a.kind == "play":
        return tr("hint.fennecs.down" if a.down else "hint.fennecs.up", card=spoken(tr, a.card), col=a.column)
    if a.kind == "take":
        return tr("hint.fennecs.take", col=a.column)
    return tr("hint.fennecs.as", values=" + ".join(str(v) for v in a.values))


def error_names() -> dict:
    """The cards whose code is no word (``+``, ``*``, ``-2``...) under ``name.<card>``, in
    both languages: the engine's refusals name a card by its code (``err.fennecs.no_card``)."""
    return {"name." + c: {lang: spoken(partial(i18n.tr, lang), c) for lang in i18n.LANGS}
            for c in CARD_KIND if not c.isdigit()}


def announce(tr, before: dict, after: dict, names: list, seat: int, action: str) -> str:
    """The move ``seat`` just made, in words for a screen reader, from the events the view's
    log gained: the card played (a face-down card's value only to whom the view shows it),
    the collection and what it won or lost, the end of the round, the next deal, the end.

    >>> tr = lambda key, **p: key
    >>> v = {"log": [], "over": False, "pending": None}
    >>> announce(tr, v, v, ["Anna", "Bot"], 1, "take B")
    ''
    """
    parts = []
    a = fennecs.parse(action)
    if a.kind == "take" and after["pending"] is not None:
        parts.append(tr("say.fennecs.take", name=names[seat], col=a.column))
    for e in after["log"][len(before["log"]):]:
        kind = e["type"]
        if kind == "play":
            name, col = names[e["seat"]], e["column"]
            if not e["down"]:
                parts.append(tr("say.fennecs.play_up", name=name, card=spoken(tr, e["card"]), col=col))
            elif "card" in e:
                parts.append(tr("say.fennecs.play_down", name=name, card=spoken(tr, e["card"]), col=col))
            else:
                parts.append(tr("say.fennecs.play_hidden", name=name, col=col))
        elif kind == "collect":
            parts.append(collection_line(tr, e, names))
        elif kind == "round_end":
            parts.append(tr("fennecs.round_over", n=e["round"]) + ". "
                         + tr("fennecs.round_reason." + e["reason"]))
        elif kind == "deal":
            parts.append(tr("say.fennecs.deal", n=e["round"]))
    if after["over"]:
        w = after["winners"]
        parts.append(tr("fennecs.over_line", names=", ".join(names[i] for i in w)))
    return " ".join(parts)
