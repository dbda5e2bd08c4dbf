"""Le Renard des Bois's cards in SVG, and what a tap on one means (pure Python).

Everything here is a function of the engine's ``view`` (``game/renard_des_bois.py``) and
the seat's legal actions.  A tap on a hand card is one action: the card itself, or, while
the seat's Fox or Woodcutter waits for its follow-up, ``swap <card>`` or ``bottom <card>``
(:func:`action_for`).  ``keep`` has its own button.  The cards, suits and abilities are
the engine's (``game.renard_des_bois``).
"""

from __future__ import annotations

from functools import partial

from game import renard_des_bois as rdb

from ui.kit import i18n, readout
from ui.kit.cardwords import CardWords
from ui.kit.html import esc, hand_fan

NO_OPTIONS = {"play": set(), "swap": set(), "bottom": set(), "keep": False}

SUITS = tuple(rdb.SUITS)
SUIT_COLOUR = {"B": "#9a5408", "K": "#1f6f8b", "M": "#6b4aa0"}
ABILITIES = rdb.ABILITIES


# -- actions ----------------------------------------------------------------------

def split(card: str) -> tuple[int, str]:
    """``"11M"`` -> ``(11, "M")``.

    >>> split("11M"), split("7B")
    ((11, 'M'), (7, 'B'))
    """
    i = rdb.INDEX[card]
    return rdb.RANK[i], rdb.SUITS[rdb.SUIT[i]]


def options(legal: list[str]) -> dict:
    """The legal actions, sorted by kind: cards to play, to swap, to put under the deck.

    >>> o = options(["keep", "swap 4K", "swap 9M"])
    >>> sorted(o["swap"]), o["keep"], o["play"]
    (['4K', '9M'], True, set())
    """
    out = {"play": set(), "swap": set(), "bottom": set(), "keep": False}
    for a in legal:
        p = rdb.parse(a)
        if p.kind == "keep":
            out["keep"] = True
        else:
            out[p.kind].add(p.card)
    return out


def mode(view: dict, seat) -> str | None:
    """``"fox"`` or ``"woodcutter"`` while ``seat``'s ability waits for its follow-up."""
    p = view.get("pending")
    if p and p["seat"] == seat:
        return p["ability"]
    return None


def action_for(view: dict, seat: int, card: str) -> str:
    """The action a tap on ``card`` of the hand means now.

    >>> action_for({"pending": None}, 0, "7B")
    '7B'
    >>> action_for({"pending": {"seat": 0, "ability": "fox"}}, 0, "7B")
    'swap 7B'
    """
    kind = {"fox": "swap", "woodcutter": "bottom"}.get(mode(view, seat), "play")
    return str(rdb.Action(kind, card))


def marked(opts: dict, m: str | None) -> set:
    """The hand cards a tap may use now."""
    if m == "fox":
        return opts["swap"]
    if m == "woodcutter":
        return opts["bottom"]
    return opts["play"]


def ability_events(view: dict) -> list:
    """The Fox and Woodcutter events of the trick on the table: the one being played,
    or, between tricks, the one just finished (their cards are still shown).

    >>> log = [{"event": "deal"}, {"event": "keep", "seat": 1}, {"event": "trick"},
    ...        {"event": "swap", "seat": 0, "decree": "4K", "took": "6M"}]
    >>> ability_events({"log": log, "trick": {"cards": [[0, "3B"]]}})
    [{'event': 'swap', 'seat': 0, 'decree': '4K', 'took': '6M'}]
    >>> ability_events({"log": log[:3], "trick": {"cards": []}})
    [{'event': 'keep', 'seat': 1}]
    """
    log = view.get("log") or []
    ends = [i for i, e in enumerate(log) if e["event"] in ("deal", "trick", "round", "end")]
    if view["trick"]["cards"]:
        start, stop = (ends[-1] + 1 if ends else 0), len(log)
    else:
        if not ends or log[ends[-1]]["event"] != "trick":
            return []
        start, stop = (ends[-2] + 1 if len(ends) > 1 else 0), ends[-1]
    return [e for e in log[start:stop] if e["event"] in ("swap", "keep", "woodcutter")]


def ability_text(tr, e: dict, names: list, me) -> str:
    """What a Fox or a Woodcutter just did, in words; the Woodcutter's cards only to its player."""
    name = names[e["seat"]]
    if e["event"] == "swap":
        suit = tr("renard.suit." + split(e["decree"])[1])
        return tr("renard.fired.swap", name=name, took=card_label(tr, e["took"]),
                  decree=card_label(tr, e["decree"]), suit=suit)
    if e["event"] == "keep":
        return tr("renard.fired.keep", name=name)
    if e["seat"] == me and "drew" in e:
        return tr("renard.fired.wood_mine", drew=card_label(tr, e["drew"]), bottom=card_label(tr, e["bottom"]))
    return tr("renard.fired.wood", name=name)


# -- undo -------------------------------------------------------------------------

def undo_guard(before, taken: list):
    """None if taking back ``taken`` (played on ``before``, a copy) reveals nothing, else an
    i18n key.

    Conservative: the actions taken back may not finish a trick, nor play a
    Woodcutter (its draw was seen), and the player who took the first of them
    must still be the one to act (nobody else has answered since).
    """
    if not taken:
        return None
    state, who = before, taken[0][0]
    for seat, action in taken:
        v = state.view(None)
        was = sum(v["tricks"]), v["round"]
        state.apply(seat, action)
        v = state.view(None)
        if (sum(v["tricks"]), v["round"]) != was or state.over:
            return "undo.renard.trick"
        if action in rdb.INDEX and split(action)[0] == 5:
            return "undo.renard.woodcutter"
    if list(state.to_move) != [who]:
        return "undo.renard.answered"
    return None


# -- drawing ----------------------------------------------------------------------

def suit_shape(suit: str, cx: float, cy: float, r: float) -> str:
    """A bell, a key or a crescent moon centred on (cx, cy), about 2r across."""
    c = SUIT_COLOUR[suit]
    if suit == "B":
        return (f'<path d="M{cx - r * .8:.1f} {cy + r * .55:.1f} C{cx - r * .7:.1f} {cy - r * .2:.1f} '
                f'{cx - r * .6:.1f} {cy - r * .9:.1f} {cx:.1f} {cy - r * .9:.1f} '
                f'C{cx + r * .6:.1f} {cy - r * .9:.1f} {cx + r * .7:.1f} {cy - r * .2:.1f} '
                f'{cx + r * .8:.1f} {cy + r * .55:.1f} Z" fill="{c}"/>'
                f'<circle cx="{cx:.1f}" cy="{cy + r * .72:.1f}" r="{r * .2:.1f}" fill="{c}"/>')
    if suit == "K":
        w = r * .22
        return (f'<circle cx="{cx:.1f}" cy="{cy - r * .5:.1f}" r="{r * .42:.1f}" fill="none" '
                f'stroke="{c}" stroke-width="{w:.1f}"/>'
                f'<path d="M{cx:.1f} {cy - r * .1:.1f} V{cy + r:.1f} M{cx:.1f} {cy + r * .55:.1f} '
                f'H{cx + r * .45:.1f} M{cx:.1f} {cy + r * .9:.1f} H{cx + r * .35:.1f}" '
                f'stroke="{c}" stroke-width="{w:.1f}" fill="none"/>')
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{c}"/>'
            f'<circle cx="{cx + r * .45:.1f}" cy="{cy - r * .22:.1f}" r="{r * .8:.1f}" class="face-fill"/>')


def card_svg(card: str, tr, cls: str = "") -> str:
    """One face, 60x90: rank and suit in the top-left corner (the part a fan leaves
    visible), the ability's name down the left edge, a big suit symbol in the middle."""
    rank, suit = split(card)
    c = SUIT_COLOUR[suit]
    ability = ABILITIES.get(rank)
    name = esc(tr("renard.ability." + ability)) if ability else ""
    side = (f'<text class="ab" x="-60" y="13" transform="rotate(-90)" text-anchor="middle" '
            f'font-size="8.5" fill="{c}">{name}</text>' if ability else "")
    return (
        f'<svg class="card-svg {cls}" viewBox="0 0 60 90" aria-hidden="true" focusable="false">'
        f'<rect x="1" y="1" width="58" height="88" rx="6" class="face" stroke="{c}"/>'
        f'<text x="4" y="17" font-size="15" font-weight="700" fill="{c}">{rank}</text>'
        f'{suit_shape(suit, 10.5, 26.5, 5)}{side}'
        f'{suit_shape(suit, 37, 50, 13)}'
        f'<text x="56" y="84" font-size="11" font-weight="700" text-anchor="end" fill="{c}">{rank}</text>'
        f'</svg>'
    )


def back_svg() -> str:
    return ('<svg class="card-svg back" viewBox="0 0 60 90" aria-hidden="true" focusable="false">'
            '<rect x="1" y="1" width="58" height="88" rx="6" fill="#2f5d50" stroke="#1d3b33"/>'
            '<rect x="6" y="6" width="48" height="78" rx="4" fill="none" stroke="#8fb8a8" stroke-width="1.5"/>'
            '<path d="M22 38 L26 46 L34 46 L38 38 L37 52 C35 58 33 60 30 60 C27 60 25 58 23 52 Z" '
            'fill="#e07a1f"/></svg>')


def card_label(tr, card: str) -> str:
    rank, suit = split(card)
    ability = ABILITIES.get(rank)
    text = tr("renard.card", rank=rank, suit=tr("renard.suit." + suit))
    if ability:
        text += " – " + tr("renard.ability." + ability)
    return text


def render_hand(tr, hand: list, usable: set, interactive: bool, drawn: str | None = None) -> str:
    """The hand as a fan of card buttons in one row; the usable ones are raised.  A button's
    name is its text, hidden, not an ``aria-label``: its picture's texts (the rank twice, the
    ability on the edge) are not the words of its name in order (WCAG 2.5.3, Label in Name)."""
    items = []
    for card in hand:
        ok = card in usable
        cls = "hcard" + (" legal" if interactive and ok else "") + (" drawn" if card == drawn else "")
        label = esc(card_label(tr, card))
        ability = ABILITIES.get(split(card)[0])
        helps = tr("renard.ability_help." + ability) if ability else ""
        # what it does, not its name again: a screen reader says the title after the name
        title = f' title="{esc(helps[:1].upper() + helps[1:])}"' if ability else ""
        hold = ' data-hold="explain"' if ability else ""      # a long press explains it
        if interactive:
            items.append(f'<button type="button" class="{cls}" id="card-{card}" data-act="card" data-card="{card}"{hold} '
                         f'{title}{"" if ok else " aria-disabled=true"}>{card_svg(card, tr)}'
                         f'<span class="visually-hidden">{label}</span></button>')
        else:
            items.append(f'<span class="{cls}" role="img" aria-label="{label}" data-card="{card}"{hold}>'
                         f'{card_svg(card, tr)}</span>')
    return hand_fan(items, tr("renard.your_hand", n=len(hand)), interactive,
                    [interactive and c in usable for c in hand]) + abilities(tr, hand)


def abilities(tr, hand: list) -> str:
    """What the odd cards of the hand do, one tap away under it (a card's own tap plays it;
    its name is written on its edge, and its title says it to a mouse)."""
    seen = sorted({split(c)[0] for c in hand if split(c)[0] in ABILITIES})
    if not seen:
        return ""
    items = "".join(f'<li><strong>{rank} {esc(tr("renard.ability." + ABILITIES[rank]))}</strong>: '
                    f'{esc(tr("renard.ability_help." + ABILITIES[rank]))}</li>' for rank in seen)
    return (f'<details class="abilities" id="abilities"><summary>{esc(tr("renard.abilities"))}</summary>'
            f'<ul>{items}</ul></details>')


def render_backs(tr, n: int) -> str:
    backs = "".join(f'<span class="hcard">{back_svg()}</span>' for _ in range(n))
    return (f'<div class="hand backs" style="--n:{max(2, n)}" role="img" aria-label="{esc(tr("renard.their_hand", n=n))}">'
            f'{backs}</div>')


# -- words ------------------------------------------------------------------------

def trick_line(tr, t: dict, names: list) -> str:
    """Who won a trick and why, with the Swan's lead and the Treasure's points: ``t`` is the
    view's ``last_trick`` or a ``trick`` event of its log (the same keys)."""
    text = tr("renard.trick_won", name=names[t["winner"]], reason=tr("renard.reason." + t["reason"]))
    if t["next_leader"] != t["winner"]:
        text += " " + tr("renard.swan_lead", name=names[t["next_leader"]])
    if t["treasure"]:
        text += " " + tr("renard.treasure_won", name=names[t["winner"]], n=t["treasure"])
    return text


def read_out(tr, view: dict, names: list, seat) -> list:
    """The table in a few sentences (the key V): the round, the decree and trump, the trick
    on the table, ``seat``'s own hand (the others' only counted), the tricks won, the deck."""
    out = [tr("read.renard.round", n=view["round"], t=view["trick_number"])]
    if view.get("decree"):
        out.append(tr("read.renard.decree", card=card_label(tr, view["decree"]), suit=tr("renard.suit." + view["trump"]))
                   if view.get("trump") else tr("read.renard.decree_none", card=card_label(tr, view["decree"])))
    trick = view.get("trick") or {}
    if trick.get("cards"):
        out.append(tr("read.renard.trick", cards=", ".join(
            tr("read.renard.trick_card", name=names[s], card=card_label(tr, c)) for s, c in trick["cards"])))
    elif not view["over"] and trick.get("leader") is not None:
        out.append(tr("read.renard.trick_empty", name=names[trick["leader"]]))
    out += readout.hands(tr, "renard", view, names, seat, lambda c: card_label(tr, c))
    out.append(tr("read.renard.tricks", what=", ".join(f"{names[s]} {n}" for s, n in enumerate(view["tricks"]))))
    out.append(tr("read.renard.deck", n=view["deck_count"]))
    return out


def result_line(tr, view: dict, names: list) -> str:
    """"Anna wins, 23 to 17." (or a draw), from the totals."""
    w, sc = view["winners"], view["totals"]
    if len(w) == 1:
        return tr("end.wins", name=names[w[0]], a=max(sc), b=min(sc))
    return tr("end.draw", a=sc[0], b=sc[1])


def announce(tr, before: dict, after: dict, names: list, seat: int, action: str) -> str:
    """The move ``seat`` just made, in words for a screen reader: the card played (or what
    the Fox or the Woodcutter did), then what followed in the log (the trick won, the round's
    points, the next deal, the end), read from the events the view gained.

    >>> tr = lambda key, **p: key
    >>> v = {"log": [], "over": False}
    >>> announce(tr, v, v, ["Anna", "Bot"], 1, "7M")
    'say.renard.play'
    """
    name = names[seat]
    parts = []
    if action in rdb.INDEX:
        parts.append(tr("say.renard.play", name=name, card=card_label(tr, action)))
    for e in after["log"][len(before["log"]):]:
        kind = e["event"]
        if kind in ("swap", "keep", "woodcutter"):
            parts.append(ability_text(tr, e, names, after.get("seat")))
        elif kind == "trick":
            parts.append(trick_line(tr, e, names))
        elif kind == "round":
            points = ", ".join(tr("say.points", name=names[i], n=p) for i, p in enumerate(e["points"]))
            parts.append(tr("say.renard.round", n=e["round"], points=points))
        elif kind == "deal":
            parts.append(tr("say.renard.deal", n=e["round"], card=card_label(tr, e["decree"])))
    if after["over"]:
        parts.append(result_line(tr, after, names))
    return " ".join(parts)


# -- a card named in words, drawn small ------------------------------------------------

def chip_svg(card: str) -> str:
    """A card drawn small, among words: its rank and its suit's sign, in its suit's colour."""
    rank, suit = split(card)
    c = SUIT_COLOUR[suit]
    w = 38 if rank > 9 else 32
    return (f'<svg class="rchip" viewBox="0 0 {w} 22" aria-hidden="true" focusable="false">'
            f'<rect x=".75" y=".75" width="{w - 1.5}" height="20.5" rx="4" class="face" stroke="{c}" stroke-width="1.5"/>'
            f'<text x="{12 if rank > 9 else 10}" y="15.5" font-size="13" font-weight="700" text-anchor="middle" '
            f'fill="{c}">{rank}</text>{suit_shape(suit, w - 9, 11, 5.5)}</svg>')


WORDS = CardWords(rdb.NAMES, card_label, chip_svg, "rcard-i", r"(?<!\d)")    # ui.kit.cardwords
names, inline = WORDS.names, WORDS.inline


def hint(tr, action: str) -> str:
    """A suggested action, worded as what to do: "Play the 7 of Moons – Treasure"."""
    if action == "keep":
        return tr("hint.renard.keep")
    kind, _, card = action.rpartition(" ")
    return tr("hint.renard." + (kind or "play"), card=card_label(tr, card))


def error_names() -> dict:
    """Every card's words under ``name.<card>``, in both languages: the engine's refusals
    name cards by their codes (``err.renard.*``), and ``ui.kit.i18n`` says such a word so."""
    return {"name." + c: {lang: card_label(partial(i18n.tr, lang), c) for lang in i18n.LANGS} for c in rdb.NAMES}
