"""Onexeno played by reckoning: one action ahead, the next players' chances weighed by odds.

Random playouts say little in Onexeno (a random player passes, gives lines away, keeps its
high cards), and search over its ~100 actions a turn is slow in the browser, so this bot
reckons instead.  Each legal action is tried on a copy of a determinized world and valued, in
points, from what the seat may know (its view, and the engine's own geometry:
``OnexenoState.gaps``, the free cells that would complete lines of five):

- the points it takes now;
- the card it sheds: a card still in hand at the end counts against its holder, and the
  nearer the end (the deck running out), the likelier a card kept stays;
- each gap it leaves: the points there, times the chance that the players who come next,
  one after another, hold a card that fits it (drawn from the cards the seat has not seen:
  with ``f`` of ``U`` unseen cards fitting and ``h`` cards in hand, ``1 - C(U-f, h)/C(U, h)``),
  lost to an opponent, won by a partner, or, if they all miss it, won by the seat itself when it
  holds a card that fits.

So it takes lines, does not set up a fifth card for the next player, closes gaps it cannot
use with a card that leaves none to fit, sheds its high cards as the deck runs out, and never
gives up its turn in the end phase while a card can go down cheaply.
"""

from __future__ import annotations

import random

from game import onexeno

SHED_EARLY = 0.3        # what a card shed is worth at the first turn, per point (1 at the end)
PASS_COST = 0.5         # a pass before the end keeps one more card: its share of the average value


def _unseen(view: dict) -> list:
    known = set(view["hand"]) | {t["card"] for t in view["table"].values()}
    known |= {c for t in view["taken"] for c in t}
    return [c for c in onexeno.CARDS if c not in known]


def _fits(cards: list, mask: int, bits: int) -> list:
    return [c for c in cards if any(p & mask == bits for _, p in onexeno.LOOKS[c])]


def _chance(unseen: int, fitting: int, hand: int) -> float:
    """The chance that ``hand`` cards drawn from ``unseen`` include one of ``fitting``."""
    if fitting <= 0 or hand <= 0:
        return 0.0
    miss = 1.0
    for i in range(min(hand, unseen)):
        miss *= max(unseen - fitting - i, 0) / (unseen - i)
    return 1.0 - miss


def _gap_value(after, seat: int, view: dict, unseen: list) -> float:
    """What the gaps of ``after``'s table are worth to ``seat``, in points (see above)."""
    gaps = after.gaps()
    if not gaps:
        return 0.0
    n = after.players
    teams = after._teams
    mine = set(view["hand"])
    table = {c: t["card"] for c, t in after.view(seat)["table"].items()}
    counts = after.view(seat)["hand_counts"]
    passed = after.view(seat)["passed"]
    deck = after.view(seat)["deck"]
    order = [(after._turn + k) % n for k in range(n)] if after._turn >= 0 else []
    total = 0.0
    for cell, mask, bits, taken in gaps:
        fit = _fits(unseen, mask, bits)
        points = sum(onexeno.VALUE[table[c]] for c in taken if c in table)
        points += sum(onexeno.VALUE[c] for c in fit) / len(fit) if fit else 4
        open_still = 1.0
        for k, p in enumerate(order):
            if p == seat:
                if _fits([c for c in mine if c in after._hands[seat]], mask, bits):
                    total += open_still * points
                break
            if passed[p]:
                continue
            h = counts[p] + (1 if deck > k else 0)
            chance = _chance(len(unseen), len(fit), h)
            friend = teams and p % teams == seat % teams
            total += (1 if friend else -1) * open_still * chance * points
            open_still *= 1 - chance
    return total


def _shed(view: dict) -> float:
    """What a point shed from the hand is worth now: the nearer the end, the more."""
    if not view["deck"]:
        return 1.0
    start = len(onexeno.CARDS) - 1 - onexeno.HAND * len(view["hand_counts"])
    return SHED_EARLY + (1 - SHED_EARLY) * (1 - view["deck"] / start)


def _keep(view: dict, action: str) -> float:
    """What ``action`` does to the seat's hand, in points: a card shed, or a pass's cost."""
    shed = _shed(view)
    if action != "pass":
        return shed * onexeno.VALUE[action.split("@")[0]]
    if view["deck"]:
        return -PASS_COST * 4 * shed
    return -sum(onexeno.VALUE[c] for c in view["hand"])   # out for good: the hand counts


def _ended(after, seat: int, view: dict) -> float:
    """The seat's last card ended the round: the points it took; the others keep their hands
    (unseen: 4 points a card)."""
    r = after._results[-1]
    others = [c for p, c in enumerate(view["hand_counts"]) if p != seat]
    before = sum(onexeno.VALUE[c] for c in view["taken"][seat])
    return r["taken"][seat] - before + 4 * sum(others) / len(others)


def value(state, seat: int, action: str, view: dict, unseen: list) -> float:
    """The points ``action`` is worth to ``seat`` in ``state`` (a world of its), counting an
    opponent's points as lost."""
    after = state.clone()
    after.apply(seat, action)
    worth = _keep(view, action)
    if after._round != state._round or after.over:
        return worth + _ended(after, seat, view)
    gained = sum(onexeno.VALUE[c] for c in after._taken[seat]) - sum(
        onexeno.VALUE[c] for c in view["taken"][seat])
    return worth + gained + _gap_value(after, seat, view, unseen)


def ranked(world, seat: int) -> list:
    """``[(value, action)]`` of every legal action of ``seat`` in ``world``, best first."""
    view = world.view(seat)
    unseen = _unseen(view)
    return sorted(((value(world, seat, a, view, unseen), a) for a in world.legal_actions(seat)),
                  key=lambda va: -va[0])


def _best(world, seat: int, rng: random.Random) -> str:
    """The best action by reckoning, ties broken at random."""
    scored = ranked(world, seat)
    top = scored[0][0]
    return rng.choice([a for v, a in scored if v > top - 1e-9])


def choose(state, seat: int, rng: random.Random) -> str:
    """The standard level: reckoning in one world (only the seat's own knowledge counts)."""
    world = state.determinize(seat, rng)
    legal = world.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return _best(world, seat, rng)


def choose_expert(state, seat: int, rng: random.Random, top: int = 4, worlds: int = 4) -> str:
    """The expert level: the ``top`` actions by reckoning, each followed in ``worlds``
    determinized worlds by the other players' reckoned replies up to the seat's next turn;
    kept: the best points made less those the others made, plus the reckoned value of the
    seat's next action."""
    world = state.determinize(seat, rng)
    legal = world.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    first = ranked(world, seat)
    choices = [a for _, a in first[:top]]
    totals = dict.fromkeys(choices, 0.0)
    for k in range(worlds):
        w0 = world if k == 0 else state.determinize(seat, rng)
        for a in choices:
            totals[a] += _follow(w0, seat, a, rng)
    best = max(totals.values())
    return next(a for a in choices if totals[a] > best - 1e-9)


def _follow(world, seat: int, action: str, rng: random.Random) -> float:
    """Plays ``action``, then the others' reckoned replies in ``world`` up to the seat's next
    turn: the hand's change, the points the seat (and partner) made less the others', and half
    the reckoned value of its next action."""
    w = world.clone()
    n = w.players
    teams = w._teams
    view = w.view(seat)
    round_ = w._round
    before = [sum(onexeno.VALUE[c] for c in t) for t in w._taken]
    w.apply(seat, action)
    if w.over or w._round != round_:
        return _keep(view, action) + _ended(w, seat, view)
    while not w.over and w._round == round_ and w._turn != seat:
        w.apply(w._turn, _best(w, w._turn, rng))
    if w.over or w._round != round_:
        r = w._results[-1]
        swing = sum((r["points"][p]) * (1 if p == seat or teams and p % teams == seat % teams
                                        else -1) for p in range(n))
        return _keep(view, action) + swing / max(1, n - 1)
    after = [sum(onexeno.VALUE[c] for c in t) for t in w._taken]
    swing = sum((after[p] - before[p]) * (1 if p == seat or teams and p % teams == seat % teams
                                          else -1) for p in range(n))
    return _keep(view, action) + swing + 0.5 * ranked(w, seat)[0][0]
