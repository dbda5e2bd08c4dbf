"""Onexeno's bot, played by reckoning: one action ahead, the next players' chances weighed by
odds (:data:`PROFILE`).

Random playouts say little in Onexeno (a random player passes, gives lines away, keeps its
high cards), and search over its ~100 actions a turn is slow in the browser.  Measured in 3-player games
against two random players (seeds 0-99, CPython): the generic search at its standard budget
won 9 of the first 10, by 31 points a game, at about 100 ms a decision; the generic novice 89
of 100 (by 59 points); this bot 93 of 100 (by 80 points), at 1 ms a decision (5 ms at the
95th percentile); its expert 97 of 100 (by 83 points), at 80 ms (273 ms).  Together at one table (48 games,
seats turning) the expert won 25 (72 points a game), this bot 20 (54), the novice 3 (9); with
3 actions followed in 3 worlds the expert won fewer than this bot (9.5 of 24 against 14.5).  So each legal action is tried on a copy of a determinized world and
valued, in points, from what the seat may know (its view, and the engine's own geometry:
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
use with a card that leaves none to fit, sheds its high cards as the deck runs out, and does
not give up its turn in the end phase while a card can go down cheaply.

The expert looks further: its best actions by that reckoning, each followed in a few worlds by
the other players' own reckoned replies, up to its next turn.
"""

from __future__ import annotations

import random

from game import onexeno

from .profile import Profile

SHED_EARLY = 0.3    # what a point shed from the hand is worth at the first turn (1 at the end)
PASS_COST = 0.5     # a pass before the end keeps one more card: this share of a card's average
AVERAGE = 4         # a card's average value (280 / 70)
# The expert: how much of its next action's reckoned value counts at the end of a follow.
# Measured, expert against two standards (3 players, 30 paired seeds, seeds 10000+): with
# half of it the expert won 47.2% +- 9.4% (the base rate is 33%), with all of it 56.7% +- 7.8%
# (+20.9 +- 8.9 points a game over the others' mean).
NEXT = 1.0


def _unseen(view: dict) -> list:
    """The cards ``view``'s seat has not seen this round: other hands and the deck."""
    known = set(view["hand"]) | {t["card"] for t in view["table"].values()}
    known |= {c for t in view["taken"] for c in t}
    return [c for c in onexeno.CARDS if c not in known]


_FITTING: dict = {}     # (mask, bits) -> the cards that fit, of all 70 (at most 3^8 keys)


def _fits(cards, mask: int, bits: int) -> list:
    """Those of ``cards`` that fit a cell asking ``(mask, bits)``, in some turn."""
    fitting = _FITTING.get((mask, bits))
    if fitting is None:
        fitting = _FITTING[mask, bits] = frozenset(
            c for c in onexeno.CARDS if any(p & mask == bits for _, p in onexeno.LOOKS[c]))
    return [c for c in cards if c in fitting]


def _chance(unseen: int, fitting: int, hand: int) -> float:
    """The chance that ``hand`` cards drawn from ``unseen`` include one of ``fitting``."""
    if fitting <= 0 or hand <= 0:
        return 0.0
    miss = 1.0
    for i in range(min(hand, unseen)):
        miss *= max(unseen - fitting - i, 0) / (unseen - i)
    return 1.0 - miss


def _friend(view: dict, seat: int, p: int) -> bool:
    teams = view["teams"]
    return p == seat or bool(teams) and p % teams == seat % teams


def _points(cards) -> int:
    return sum(onexeno.VALUE[c] for c in cards)


def _gap_value(after, seat: int, gaps: list, unseen: list) -> float:
    """What ``gaps`` (``after.gaps()``, not empty) are worth to ``seat``, in points (see
    above)."""
    v = after.view(seat)
    n = after.players
    table = {c: t["card"] for c, t in v["table"].items()}
    order = [(v["turn"] + k) % n for k in range(n)]
    total = 0.0
    for _, mask, bits, taken in gaps:
        fit = _fits(unseen, mask, bits)
        points = _points(table[c] for c in taken if c in table)
        points += _points(fit) / len(fit) if fit else AVERAGE
        open_still = 1.0
        for k, p in enumerate(order):
            if p == seat:
                if _fits(v["hand"], mask, bits):
                    total += open_still * points
                break
            if v["passed"][p]:
                continue
            chance = _chance(len(unseen), len(fit), v["hand_counts"][p] + (v["deck"] > k))
            total += (1 if _friend(v, seat, p) else -1) * open_still * chance * points
            open_still *= 1 - chance
    return total


def _shed(view: dict) -> float:
    """What a point shed from the hand is worth now: the nearer the end, the more."""
    if not view["deck"]:
        return 1.0
    start = len(onexeno.CARDS) - 1 - onexeno.HAND * view["players"]
    return SHED_EARLY + (1 - SHED_EARLY) * (1 - view["deck"] / start)


def _keep(view: dict, action: str) -> float:
    """What ``action`` does to the seat's hand, in points: a card shed, or a pass's cost."""
    if action != "pass":
        return _shed(view) * onexeno.VALUE[action.split("@")[0]]
    if view["deck"]:
        return -PASS_COST * AVERAGE * _shed(view)
    return -_points(view["hand"])      # out for good: the hand counts


def _ended(after, seat: int, view: dict) -> float:
    """The seat's last card ended the round: the points it took, and the others keep their
    hands (unseen: an average card each)."""
    result = after.view(seat)["results"][-1]
    others = [c for p, c in enumerate(view["hand_counts"]) if p != seat]
    return result["taken"][seat] - _points(view["taken"][seat]) + AVERAGE * sum(others) / len(others)


def value(world, seat: int, action: str, view: dict, unseen: list) -> float:
    """The points ``action`` is worth to ``seat`` in ``world`` (one of its worlds; ``view``
    is its view there), an opponent's points counted as lost."""
    after = world.clone()
    after.apply(seat, action)
    if after.over or after.round != world.round:
        return _keep(view, action) + _ended(after, seat, view)
    gained = after.scores[seat] - world.scores[seat]     # mid-round, only a take scores
    gaps = after.gaps()
    return _keep(view, action) + gained + (_gap_value(after, seat, gaps, unseen) if gaps else 0.0)


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
    """The standard level: reckoning, in a world drawn from what the seat knows."""
    world = state.determinize(seat, rng)
    legal = world.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return _best(world, seat, rng)


def choose_expert(state, seat: int, rng: random.Random, top: int = 4, worlds: int = 4) -> str:
    """The expert level: the ``top`` actions by reckoning, each followed in ``worlds`` worlds
    (:func:`_follow`); the best total wins."""
    world = state.determinize(seat, rng)
    legal = world.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    choices = [a for _, a in ranked(world, seat)[:top]]
    totals = dict.fromkeys(choices, 0.0)
    for k in range(worlds):
        w = world if k == 0 else state.determinize(seat, rng)
        for a in choices:
            totals[a] += _follow(w, seat, a, rng)
    best = max(totals.values())
    return next(a for a in choices if totals[a] > best - 1e-9)


def _follow(world, seat: int, action: str, rng: random.Random) -> float:
    """Plays ``action``, then the others' reckoned replies in ``world`` up to the seat's next
    turn: the hand's change, the points the seat (and partner) made less the others', and the
    reckoned value of its next action (times :data:`NEXT`)."""
    view = world.view(seat)
    w = world.clone()
    w.apply(seat, action)
    if w.over or w.round != world.round:
        return _keep(view, action) + _ended(w, seat, view)
    while not w.over and w.round == world.round and w.to_move != (seat,):
        p = w.to_move[0]
        w.apply(p, _best(w, p, rng))
    v = w.view(seat)
    n = w.players
    if w.over or v["round"] != view["round"]:
        points = v["results"][len(view["results"])]["points"]
        swing = sum(points[p] * (1 if _friend(view, seat, p) else -1) for p in range(n))
        return _keep(view, action) + swing / max(1, n - 1)
    swing = sum((_points(v["taken"][p]) - _points(view["taken"][p]))
                * (1 if _friend(view, seat, p) else -1) for p in range(n))
    return _keep(view, action) + swing + NEXT * ranked(w, seat)[0][0]


# The standard and the expert are this bot's own, where the generic search is weak or slow (the
# module's docstring says by how much); the novice, the generic one-ply bot, errs, as one ply
# with the score lead is already most of the game.
PROFILE = Profile(mistakes=0.3, own={"standard": choose, "expert": choose_expert})
