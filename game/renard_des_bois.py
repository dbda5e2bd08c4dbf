"""Le Renard des Bois (Joshua Buergel): a trick-taking game for two.

Thirty-three cards, in three suits (Bells, Keys, Moons) of 1 to 11.  Each
round, each player gets 13 cards; the 7 left form the deck, and its top card
is turned up as the *decree*: its suit is trump.  The non-dealer leads the
first trick; you must follow the led suit if you can; the highest trump wins,
or else the highest card of the led suit; the winner leads next.  Every odd
card has an ability (lost from the rulebook's pictures; ``docs/RULES.md``):

====  ==========  ============================================================
1     Swan        if you play it and lose the trick, you lead the next one
3     Fox         you may exchange the decree with a card from your hand
5     Woodcutter  draw the deck's top card, then put any card from your hand
                  face down at the bottom of the deck
7     Treasure    the trick's winner scores 1 point per 7 in the trick
9     Witch       a trick's only 9 counts as a trump when the winner is decided
11    Monarch     led, it forces the other player to answer in its suit with
                  the 1 or their highest card of that suit
====  ==========  ============================================================

After 13 tricks each player scores by the tricks they won (0-3: 6 "humble",
4: 1, 5: 2, 6: 3 "defeated", 7-9: 6 "victorious", 10-13: 0 "greedy") plus
their Treasure points.  The game ends after the round in which a player
reaches the target (21; options 16 and 35): the higher total wins; on a tie,
the one who scored more in that last round; if still equal, both share it.

Cards
-----
A card is its rank then its suit's letter: ``B`` Bells, ``K`` Keys, ``M``
Moons, e.g. ``7B``, ``11M``, ``3K``.  In a view, hands are sorted by suit
(B, K, M), then rank.

Notation
--------
==============  ==============================================================
``7B``          play 7B (lead or follow)
``swap 4K``     after your Fox (a 3): put 4K from your hand as the decree and
                take the old decree into your hand; trump changes at once
``keep``        after your Fox: leave the decree alone
``bottom 9M``   after your Woodcutter (a 5) has drawn: put 9M from your hand
                at the bottom of the deck, face down
==============  ==============================================================

A Fox or a Woodcutter gives its player a second action at once, before the
other card of the trick is played.  When that action is no choice at all (a
Fox played with an empty hand; a Woodcutter whose player holds only the card
drawn) it happens by itself.  :func:`parse` reads an action; ``str()`` writes
it back.  ``legal_actions`` lists plain ``sorted()`` strings.

>>> parse("11M")
Action(kind='play', card='11M')
>>> parse("swap 4K"), parse("keep"), parse("bottom 9M")
(Action(kind='swap', card='4K'), Action(kind='keep', card=None), Action(kind='bottom', card='9M'))
>>> str(parse("swap 4K"))
'swap 4K'
>>> parse("12B")
Traceback (most recent call last):
  ...
game.core.IllegalAction: '12B' is not an action: write a card (7B, 11M), swap 4K, keep or bottom 9M.

A trick, through the engine contract (a position set up for the example):

>>> s = position([["3K", "8B", "9B"], ["2B", "10M", "11B"]], deck=["1B", "2K", "4M"],
...               decree="6M", leader=0)
>>> s.legal_actions(0)
['3K', '8B', '9B']
>>> s.apply(0, "3K")                  # the Fox: a second action for the same player
>>> s.legal_actions(0)
['keep', 'swap 8B', 'swap 9B']
>>> s.apply(0, "swap 8B")             # 8B becomes the decree: Bells are trump now
>>> v = s.view(1)
>>> v["decree"], v["trump"], v["hand"]
('8B', 'B', ['2B', '11B', '10M'])
>>> s.legal_actions(1)                # Keys were led and player 2 has none: any card
['10M', '11B', '2B']
>>> s.apply(1, "2B")                  # a low trump takes the Fox
>>> t = s.view(0)["last_trick"]
>>> t["cards"], t["winner"], t["reason"]
([[0, '3K'], [1, '2B']], 1, 'trump')
>>> try:                              # player 2 leads; player 1 may not play out of turn
...     s.apply(0, "9B")
... except IllegalAction as e:
...     print(e.code)
wrong_turn

Options
-------
``target``   21 (default), 16 or 35: the score that ends the game.

Rulings where the rules are silent or ambiguous
-----------------------------------------------
- The first dealer is drawn from the seed (the rulebook: "decide at random");
  then the dealer alternates.  Each round's deal comes from its own generator,
  derived from the seed and the round number (:mod:`game.cards`).
- A Witch counted as a trump ranks as a 9 of trumps: the trump 10 and 11 still
  beat it.  A lone 9 of the led suit beats a higher card of that suit.
- Two 9s: no Witch acts and the usual rules decide (the trump 9 wins if one
  was played, else the 9 of the led suit).
- A Swan gives the lead to its player only if they lose the trick; if both
  cards are 1s, the loser leads next.  Treasure points go to the trick's winner.
- A Monarch that its player leads binds the answer: with cards of its suit,
  the other player plays the 1 of that suit or their highest of it; without,
  any card.  A Monarch played second has no effect.
- The deck keeps 6 cards all round (a Woodcutter draws one and returns one), so
  a Woodcutter always has a card to draw.  The card drawn by a Woodcutter may
  be the one put back.  Draws take the deck's top, and cards put back go to
  the bottom, so a card put back is never drawn again in the same round.
- The score ends the game only between rounds: the round is always finished.

What each player may see
------------------------
``view(seat)`` shows that seat's hand, the other hand's size, the decree, the
deck's size, the cards a seat itself put under the deck (with their place in
it), the trick being played, the last completed trick (its cards, winner and
why), the tricks won per seat (counts only: the cards of earlier tricks are
hidden from everyone, as the rulebook says), the scores, and a log of events
that shows no hidden card.  ``view(None)`` is a spectator's: no hand.

Determinizing
-------------
:meth:`RenardState.determinize` redraws, for an observer, the other hand and
the deck cards the observer has not seen, keeping everything the observer
knows (perfect memory of the cards played is assumed).  The state keeps, per
observer, what the other player's plays revealed, as constraints over the
other hand plus the deck slots where that player put cards back:

- *at most* constraints ``(mask, k, scope)``: among the other player's hand
  and the deck slots of the bottom-put events in ``scope``, at most ``k``
  cards lie in ``mask``.  Failing to follow suit adds ``(suit, 0, none)``;
  answering a Monarch with a card that is not the 1 adds the higher cards of
  that suit.  Each card the other player draws adds 1 to every ``k`` (it may
  be any card); each card of ``mask`` they play or give to the decree takes
  1 off; each card they put under the deck adds its slot to every scope.
- *known* cards ``(card, scope)``: the old decree the other player took with a
  Fox is in their hand, or in one of the deck slots put back since.

Sampling deals the most constrained cards first, each to a random place that
keeps every constraint, and retries a bounded number of times; if all fail, a
backtracking search finds a placement (one exists: the real one).  The cards
are dealt from a sorted pool, so the worlds drawn depend only on what the
observer knows, never on where the hidden cards really are.  The world's deals
of later rounds are redrawn too (they come from a seed of its own), and when
the other player's Woodcutter waits for its card to put back, the card it drew
is redrawn among their hand.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import NamedTuple

from . import cards, core
from .core import IllegalAction

GAME_ID = "renard_des_bois"
SUITS = "BKM"
SUIT_NAMES = ("Bells", "Keys", "Moons")
RANKS = 11
DECK = 33
HAND = 13
TARGETS = (21, 16, 35)
ABILITIES = {1: "swan", 3: "fox", 5: "woodcutter", 7: "treasure", 9: "witch", 11: "monarch"}
REASONS = ("trump", "led_suit", "witch", "witches_cancel")
PLAYER_NAMES = ("Player 1", "Player 2")

# A card is an int: suit * 11 + rank - 1 (so sorting ints sorts by suit, then rank).
NAMES = tuple(f"{r}{s}" for s in SUITS for r in range(1, RANKS + 1))
INDEX = {n: i for i, n in enumerate(NAMES)}
RANK = tuple(r for _ in SUITS for r in range(1, RANKS + 1))
SUIT = tuple(s for s in range(3) for _ in range(RANKS))
SUIT_MASK = tuple(((1 << RANKS) - 1) << (s * RANKS) for s in range(3))
ALL = (1 << DECK) - 1
LOW = tuple(s * RANKS for s in SUIT)    # the 1 of each card's suit
SWAP = tuple("swap " + n for n in NAMES)
BOTTOM = tuple("bottom " + n for n in NAMES)
KEEP = "keep"
_NAME_OF, _SWAP_OF, _BOTTOM_OF = NAMES.__getitem__, SWAP.__getitem__, BOTTOM.__getitem__

FOX, WOOD = 1, 2                  # the pending follow-up, if any


def band(tricks: int) -> tuple:
    """(points, name) for a number of tricks won in a round.

    >>> [band(t)[0] for t in range(14)]
    [6, 6, 6, 6, 1, 2, 3, 6, 6, 6, 0, 0, 0, 0]
    """
    if tricks <= 3:
        return 6, "humble"
    if tricks <= 6:
        return tricks - 3, "defeated"
    if tricks <= 9:
        return 6, "victorious"
    return 0, "greedy"


# -- notation -----------------------------------------------------------------

_SYNTAX = re.compile(r"(?:(swap|bottom) )?(1[01]|[1-9])([BKM])")


class Action(NamedTuple):
    """One parsed action: ``kind`` is "play", "swap", "keep" or "bottom"."""

    kind: str
    card: str | None = None

    def __str__(self) -> str:
        if self.kind == "keep":
            return KEEP
        if self.kind == "play":
            return self.card
        return f"{self.kind} {self.card}"


def parse(text: str) -> Action:
    """Reads one action string; raises IllegalAction (``renard.syntax``)."""
    if text == KEEP:
        return Action("keep")
    m = _SYNTAX.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise IllegalAction(
            f"{text!r} is not an action: write a card (7B, 11M), swap 4K, keep or bottom 9M.",
            "renard.syntax", action=text if isinstance(text, str) else repr(text))
    kind, rank, suit = m.groups()
    return Action(kind or "play", rank + suit)


# Every action string there is, read once: text -> (kind, card int; -1 for keep).  Applying
# looks actions up here, not through the regex (measured: parse was about a tenth of a
# random playout); a string missing here is not an action, and parse says why.
_MOVES = {KEEP: ("keep", -1)}
for _c, _n in enumerate(NAMES):
    _MOVES[_n], _MOVES[SWAP[_c]], _MOVES[BOTTOM[_c]] = ("play", _c), ("swap", _c), ("bottom", _c)
del _c, _n


def _mask(cs) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


# -- the state ----------------------------------------------------------------


class RenardState(core.TurnState):
    """A position.  Cards are ints (see ``NAMES``); the deck's top is ``_deck[0]``."""

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(players, seed, options)
        self._target = options["target"]
        self._totals = [0, 0]
        self._rounds: list = []          # one summary tuple per finished round
        self._log = None                 # events, as a linked list (event, previous)
        self._last = None                # the last completed trick, a tuple
        self._round = 0
        self._dealer = cards.seeded(seed, GAME_ID, "dealer").randrange(2)
        self._deal_seed = seed           # the deals' seed (a determinized world redraws it)
        self._deal()

    def _deal(self) -> None:
        """Starts the next round: shuffles, deals, turns up the decree."""
        self._round += 1
        if self._round > 1:
            self._dealer = 1 - self._dealer
        order = cards.shuffled(range(DECK), cards.seeded(self._deal_seed, GAME_ID, self._round))
        first = 1 - self._dealer
        self._hands = [None, None]
        self._hands[first] = sorted(order[:HAND])
        self._hands[self._dealer] = sorted(order[HAND:2 * HAND])
        self._decree = order[2 * HAND]
        self._deck = order[2 * HAND + 1:]
        self._tags = [-1] * len(self._deck)  # -1, or the number of the put-back event
        self._putters = ()                   # who put back card j (per event)
        self._won = [0, 0]                   # cards won this round, as masks
        self._tricks = [0, 0]
        self._treasure = [0, 0]
        self._leader = first
        self._turn = first
        self._trick: list = []               # cards of the trick, leader's first
        self._pending = 0                    # FOX or WOOD: the same seat acts again
        self._drawn = -1                     # the card the pending Woodcutter drew
        self._cons = [(), ()]                # per observer: (mask, k, scope) about the other
        self._known = [(), ()]               # per observer: (card, scope) the other holds
        self._event(("deal", self._round, self._dealer, NAMES[self._decree]))

    def _event(self, e: tuple) -> None:
        self._log = (e, self._log)

    # -- the contract ---------------------------------------------------------

    def legal_actions(self, seat: int) -> list:
        if type(seat) is not int or seat != self._turn or seat < 0:    # not self._acts(seat)
            return []
        # Sorted strings ("10M" < "11B" < "2B"), as the replay links' indices require.
        if self._pending:
            if self._pending == FOX:
                return [KEEP, *sorted(map(_SWAP_OF, self._hands[seat]))]
            return sorted(map(_BOTTOM_OF, self._hands[seat]))
        return sorted(map(_NAME_OF, self._playable(seat) if self._trick else self._hands[seat]))

    def _playable(self, seat: int) -> list:
        hand = self._hands[seat]
        if not self._trick:
            return hand
        led = self._trick[0]
        # The hand is sorted by card int, so the led suit's cards are one slice of it.
        one = LOW[led]
        i = bisect_left(hand, one)
        j = bisect_left(hand, one + RANKS, i)
        if i == j:
            return hand
        if RANK[led] == 11:
            return [one, hand[j - 1]] if hand[i] == one and j - i > 1 else [hand[j - 1]]
        return hand[i:j]

    def _apply(self, seat: int, action: str) -> None:
        move = _MOVES.get(action)
        if move is None:
            parse(action)                # raises renard.syntax: every action is in _MOVES
        kind, c = move
        hand = self._hands[seat]
        pending = self._pending
        if not pending:
            if kind != "play" or c not in (self._playable(seat) if self._trick else hand):
                raise self._refusal(seat, action, kind, c)
            self._play(seat, c)
            return
        if (kind not in ("swap", "keep") if pending == FOX else kind != "bottom") or (
                c >= 0 and c not in hand):
            raise self._refusal(seat, action, kind, c)
        # -- valid: change the state
        if pending == FOX:
            self._pending = 0
            if kind == "swap":
                old = self._decree
                hand.remove(c)
                self._decree = c
                self._insert(seat, old)
                self._lose(seat, c)
                self._gain(seat, old)
                self._event(("swap", seat, NAMES[c], NAMES[old]))
            else:
                self._event(("keep", seat))
            self._next()
        else:
            self._pending = 0
            self._put_back(seat, c)
            self._next()

    def _insert(self, seat: int, c: int) -> None:
        hand = self._hands[seat]
        i = len(hand)
        while i and hand[i - 1] > c:
            i -= 1
        hand.insert(i, c)

    def _play(self, seat: int, c: int) -> None:
        """Plays ``c`` (legal, no ability pending) and its ability."""
        hand = self._hands[seat]
        hand.remove(c)
        trick = self._trick
        trick.append(c)
        if self._cons[1 - seat] or self._known[1 - seat]:   # else _lose has nothing to do:
            self._lose(seat, c)                              # a call saved in half the plays
        if seat != self._leader:         # the second card of the trick
            led = trick[0]
            if SUIT[c] != SUIT[led]:
                self._void(seat, SUIT_MASK[SUIT[led]])
            elif RANK[led] == 11 and RANK[c] != 1:
                self._void(seat, SUIT_MASK[SUIT[c]] & ~((2 << c) - 1))
        rank = RANK[c]
        if rank == 3 and hand:
            self._pending = FOX
            return
        if rank == 5:
            drawn = self._deck.pop(0)
            self._tags.pop(0)
            self._insert(seat, drawn)
            self._drawn = drawn
            self._draw_seen(seat)
            if len(hand) > 1:
                self._pending = WOOD
                return
            self._put_back(seat, drawn)
        if seat == self._leader:         # self._next(), one call less on the hot path
            self._turn = 1 - seat
        else:
            self._end_trick()

    def _put_back(self, seat: int, c: int) -> None:
        self._hands[seat].remove(c)
        j = len(self._putters)
        self._deck.append(c)
        self._tags.append(j)
        self._putters += (seat,)
        self._event(("woodcutter", seat, NAMES[self._drawn], NAMES[c]))
        self._drawn = -1
        obs = 1 - seat
        bit = 1 << j
        self._cons[obs] = tuple((m, k, sc | bit) for m, k, sc in self._cons[obs])
        self._known[obs] = tuple((x, sc | bit) for x, sc in self._known[obs])

    def _next(self) -> None:
        """After a card and its ability: the other player's turn, or the trick's end."""
        if self._turn == self._leader:   # who just played led: one card in the trick
            self._turn = 1 - self._turn
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        leader = self._leader
        lead, follow = self._trick
        winner_is_leader, reason = _judge(lead, follow, SUIT[self._decree])
        winner = leader if winner_is_leader else 1 - leader
        loser = 1 - winner
        lost_card = follow if winner_is_leader else lead
        nxt = loser if RANK[lost_card] == 1 else winner
        sevens = (RANK[lead] == 7) + (RANK[follow] == 7)
        self._tricks[winner] += 1
        self._treasure[winner] += sevens
        self._won[winner] |= 1 << lead | 1 << follow
        n = self._tricks[0] + self._tricks[1]
        self._last = (self._round, n, leader, lead, follow, winner, reason, nxt, sevens,
                      self._decree)
        self._log = (("trick", self._round, n, winner, reason, nxt, sevens), self._log)
        self._trick = []
        self._leader = nxt
        self._turn = nxt
        if not self._hands[0] and not self._hands[1]:
            self._end_round()

    def _end_round(self) -> None:
        points = []
        for p in (0, 1):
            points.append(band(self._tricks[p])[0] + self._treasure[p])
            self._totals[p] += points[p]
        self._rounds.append((self._round, self._dealer, tuple(self._tricks),
                             tuple(self._treasure), tuple(points)))
        self._event(("round", self._round, tuple(self._tricks), tuple(points)))
        if max(self._totals) >= self._target:
            self._turn = -1
            self._event(("end", tuple(self.winners)))
        else:
            self._deal()

    def _copy_into(self, other: RenardState) -> None:
        other._target = self._target
        other._totals = self._totals.copy()
        other._rounds = self._rounds.copy()        # its tuples are never mutated
        other._log = self._log                     # immutable, shared
        other._last = self._last
        other._round = self._round
        other._dealer = self._dealer
        other._deal_seed = self._deal_seed
        other._hands = [self._hands[0].copy(), self._hands[1].copy()]
        other._decree = self._decree
        other._deck = self._deck.copy()
        other._tags = self._tags.copy()
        other._putters = self._putters
        other._won = self._won.copy()
        other._tricks = self._tricks.copy()
        other._treasure = self._treasure.copy()
        other._leader = self._leader
        other._turn = self._turn
        other._trick = self._trick.copy()
        other._pending = self._pending
        other._drawn = self._drawn
        other._cons = self._cons.copy()            # tuples of tuples: shared
        other._known = self._known.copy()

    @property
    def scores(self) -> list:
        return self._totals.copy()

    @property
    def winners(self) -> list:
        if self._turn >= 0:
            return []
        a, b = self._totals
        if a == b:
            a, b = self._rounds[-1][4]
        return [0] if a > b else [1] if b > a else [0, 1]

    # -- what a seat knows ----------------------------------------------------

    def _lose(self, seat: int, c: int) -> None:
        """``seat``'s card ``c`` became public (played, or given to the decree)."""
        obs = 1 - seat
        bit = 1 << c
        cons = self._cons[obs]
        for m, _, _ in cons:             # a loop, not any(): no generator on the hot path
            if m & bit:
                self._cons[obs] = tuple((m, k - 1, sc) if m & bit else (m, k, sc)
                                        for m, k, sc in cons)
                break
        if self._known[obs]:
            self._known[obs] = tuple(x for x in self._known[obs] if x[0] != c)

    def _gain(self, seat: int, c: int) -> None:
        """``seat`` took the public card ``c`` (the old decree) into their hand."""
        obs = 1 - seat
        bit = 1 << c
        self._cons[obs] = tuple((m, k + 1, sc) if m & bit else (m, k, sc)
                                for m, k, sc in self._cons[obs])
        self._known[obs] += ((c, 0),)

    def _draw_seen(self, seat: int) -> None:
        """``seat`` drew an unknown card: any constraint may now hold one more."""
        obs = 1 - seat
        self._cons[obs] = tuple((m, k + 1, sc) for m, k, sc in self._cons[obs])

    def _void(self, seat: int, mask: int) -> None:
        """``seat`` showed, by their play, that their hand holds no card of ``mask``."""
        obs = 1 - seat
        out = []
        redundant = False
        for m, k, sc in self._cons[obs]:
            if not sc:                   # hand-only: the hand holds none of mask now
                m |= mask
                redundant = redundant or k == 0
            out.append((m, k, sc))
        if not redundant:
            out.append((mask, 0, 0))
        self._cons[obs] = tuple(out)

    def _view(self, seat: int | None) -> dict:
        trick = self._trick
        leader = self._leader
        v = {
            "hand": None if seat is None else [NAMES[c] for c in self._hands[seat]],
            "hand_counts": [len(self._hands[0]), len(self._hands[1])],
            "decree": NAMES[self._decree],
            "trump": SUITS[SUIT[self._decree]],
            "deck_count": len(self._deck),
            "deck_known": [] if seat is None else [
                [i, NAMES[c]] for i, (c, t) in enumerate(zip(self._deck, self._tags))
                if t >= 0 and self._putters[t] == seat],
            "trick": {
                "leader": leader,
                "cards": [[(leader + i) % 2, NAMES[c]] for i, c in enumerate(trick)],
                "led": SUITS[SUIT[trick[0]]] if trick else None,
            },
            "pending": None if not self._pending else {
                "seat": self._turn, "ability": "fox" if self._pending == FOX else "woodcutter"},
            "drawn": NAMES[self._drawn] if self._pending == WOOD and seat == self._turn else None,
            "last_trick": self._last_view(),
            "tricks": self._tricks.copy(),
            "trick_number": min(13, self._tricks[0] + self._tricks[1] + 1),
            "treasure": self._treasure.copy(),
            "totals": self._totals.copy(),
            "target": self._target,
            "dealer": self._dealer,
            "leader": leader,
            "round": self._round,
            "rounds": [self._round_view(r) for r in self._rounds],
            "last_round": self._round_view(self._rounds[-1]) if self._rounds else None,
            "log": self._log_view(seat),
        }
        return v

    def _last_view(self) -> dict | None:
        if self._last is None:
            return None
        rnd, n, leader, lead, follow, winner, reason, nxt, sevens, decree = self._last
        return {
            "round": rnd, "number": n, "leader": leader,
            "cards": [[leader, NAMES[lead]], [1 - leader, NAMES[follow]]],
            "led": SUITS[SUIT[lead]], "trump": SUITS[SUIT[decree]], "winner": winner,
            "reason": reason, "next_leader": nxt, "swan": nxt != winner, "treasure": sevens,
        }

    @staticmethod
    def _round_view(r: tuple) -> dict:
        rnd, dealer, tricks, treasure, points = r
        return {"round": rnd, "dealer": dealer, "tricks": list(tricks),
                "band": [band(t)[1] for t in tricks], "band_points": [band(t)[0] for t in tricks],
                "treasure": list(treasure), "points": list(points)}

    def _log_view(self, seat: int | None) -> list:
        events = []
        node = self._log
        while node is not None:
            events.append(node[0])
            node = node[1]
        out = []
        for e in reversed(events):
            kind = e[0]
            if kind == "deal":
                out.append({"event": "deal", "round": e[1], "dealer": e[2], "decree": e[3]})
            elif kind == "swap":
                out.append({"event": "swap", "seat": e[1], "decree": e[2], "took": e[3]})
            elif kind == "keep":
                out.append({"event": "keep", "seat": e[1]})
            elif kind == "woodcutter":
                d = {"event": "woodcutter", "seat": e[1]}
                if seat == e[1]:
                    d["drew"], d["bottom"] = e[2], e[3]
                out.append(d)
            elif kind == "trick":
                out.append({"event": "trick", "round": e[1], "number": e[2], "winner": e[3],
                            "reason": e[4], "next_leader": e[5], "treasure": e[6]})
            elif kind == "round":
                out.append({"event": "round", "round": e[1], "tricks": list(e[2]),
                            "points": list(e[3])})
            else:
                out.append({"event": "end", "winners": list(e[1])})
        return out

    # -- determinizing ----------------------------------------------------------

    def determinize(self, seat: int, rng) -> RenardState:
        """A clone where the other hand and the deck cards ``seat`` has not seen are
        redrawn with ``rng``, keeping every constraint (see the module docstring)."""
        d = self.clone()
        d._deal_seed = rng.getrandbits(62)     # the rounds to come: deals nobody knows yet
        if self._turn < 0:
            return d
        other = 1 - seat
        putters = self._putters
        # Places: the other hand's slots, then deck slots the other put back, then free ones.
        free_pos = [i for i, t in enumerate(self._tags) if t < 0]
        their_pos = [i for i, t in enumerate(self._tags) if t >= 0 and putters[t] == other]
        # Sorted: the worlds drawn depend on which cards are hidden, never on where they
        # really are (two states that seat cannot tell apart give the same worlds).
        pool = sorted(self._hands[other] + [self._deck[i] for i in free_pos + their_pos])
        cons = [c for c in self._cons[seat] if c[0]]
        known = self._known[seat]
        h = len(self._hands[other])
        tags = [self._tags[i] for i in their_pos]
        got = None
        for _ in range(30):
            got = _sample(pool, h, tags, len(free_pos), cons, known, rng)
            if got is not None:
                break
        else:
            got = _search(pool, h, tags, len(free_pos), cons, known, rng)
        if got is None:
            # Only if the search gave up (never seen): the untouched deck cards move, the
            # rest stays as it is.
            got = (self._hands[other], [self._deck[i] for i in their_pos],
                   cards.shuffled([self._deck[i] for i in free_pos], rng))
        hand, theirs, free = got
        d._hands[other] = sorted(hand)
        for i, c in zip(their_pos, theirs):
            d._deck[i] = c
        for i, c in zip(free_pos, free):
            d._deck[i] = c
        if self._pending == WOOD and self._turn == other:
            d._drawn = rng.choice(d._hands[other])   # the card they drew is one of their hand
        return d

    # -- explaining a refusal -------------------------------------------------

    def _refusal(self, seat: int, action: str, kind: str, c: int) -> IllegalAction:
        """Why ``action`` (read as ``kind`` and card ``c``) is not legal now."""
        who = PLAYER_NAMES[seat]
        name = NAMES[c] if c >= 0 else None
        if self._pending == FOX:
            if kind not in ("swap", "keep"):
                return IllegalAction(f"{who} played the Fox: write swap <card> or keep first.",
                                     "renard.fox_pending")
            return self._not_in_hand(who, name)
        if self._pending == WOOD:
            if kind != "bottom":
                return IllegalAction(
                    f"{who} played the Woodcutter: put a card under the deck first "
                    f"(bottom <card>).", "renard.woodcutter_pending")
            return self._not_in_hand(who, name)
        if kind != "play":
            return IllegalAction(
                f"{action} follows only a Fox (swap, keep) or a Woodcutter (bottom): "
                f"play a card.", "renard.no_ability", action=action)
        if c not in self._hands[seat]:
            return self._not_in_hand(who, name)
        return self._follow_refusal(who, seat, c)

    @staticmethod
    def _not_in_hand(who: str, name: str) -> IllegalAction:
        return IllegalAction(f"{who} does not hold {name}.", "renard.not_in_hand", card=name)

    def _follow_refusal(self, who: str, seat: int, c: int) -> IllegalAction:
        led = self._trick[0]
        suit = SUIT_NAMES[SUIT[led]]
        if RANK[led] == 11 and SUIT[c] == SUIT[led]:
            allowed = sorted(NAMES[x] for x in self._playable(seat))
            return IllegalAction(
                f"The Monarch {NAMES[led]} was led: {who} must answer with the 1 or the highest "
                f"of their {suit} ({' or '.join(allowed)}).", "renard.monarch",
                suit=suit, cards=allowed)
        if RANK[c] == 9 and SUIT[led] == SUIT[self._decree]:
            return IllegalAction(
                f"Trumps ({suit}) were led and {who} holds some: a Witch of another suit is not "
                f"a trump until the trick is decided, so {who} must follow {suit}.",
                "renard.must_follow", suit=suit)
        return IllegalAction(f"{who} must follow {suit}.", "renard.must_follow", suit=suit)


def _judge(lead: int, follow: int, trump: int) -> tuple:
    """(whether the lead wins, the reason) for a trick under ``trump``."""
    nines = (RANK[lead] == 9) + (RANK[follow] == 9)
    lt = SUIT[lead] == trump or (nines == 1 and RANK[lead] == 9)
    ft = SUIT[follow] == trump or (nines == 1 and RANK[follow] == 9)
    if lt and ft:
        lead_wins = RANK[lead] > RANK[follow]
    elif lt or ft:
        lead_wins = lt
    else:
        lead_wins = SUIT[follow] != SUIT[lead] or RANK[lead] > RANK[follow]
    win = lead if lead_wins else follow
    if nines == 2:
        reason = "witches_cancel"
    elif nines == 1 and RANK[win] == 9 and SUIT[win] != trump:
        reason = "witch"
    elif SUIT[win] == trump:
        reason = "trump"
    else:
        reason = "led_suit"
    return lead_wins, reason


def _sample(pool: list, h: int, their_tags: list, n_free: int, cons: list, known: tuple, rng):
    """One random placement of ``pool`` into ``h`` hand slots, the other player's
    put-back slots (by event number) and ``n_free`` free deck slots, keeping the
    constraints; None if this attempt got stuck.

    Targets: 0..h-1 hand, then one per put-back slot, then the free slots.
    A constraint covers the hand and the put-back slots in its scope.
    """
    nt = len(their_tags)
    total = h + nt + n_free
    order = pool.copy()
    rng.shuffle(order)
    if not cons and not known:                  # nothing known: any split will do
        return order[:h], order[h:h + nt], order[h + nt:]
    # Which constraints cover each put-back slot (the hand is covered by all).
    cover_slot = [[i for i, (_, _, sc) in enumerate(cons) if sc >> t & 1] for t in their_tags]
    count = [0] * len(cons)
    limit = [k for _, k, _ in cons]
    masks = [m for m, _, _ in cons]
    hand: list = []
    theirs = [-1] * nt
    free: list = []
    known_cards = {c: sc for c, sc in known}
    # Most constrained first: known cards, then by how many constraints name them.
    order.sort(key=lambda c: (c not in known_cards, -sum(m >> c & 1 for m in masks)))
    hand_cover = range(len(cons))
    for c in order:
        hand_room = h - len(hand)
        if hand_room and any(count[i] >= limit[i] for i in hand_cover if masks[i] >> c & 1):
            hand_room = 0
        sc = known_cards.get(c)
        slots = [j for j in range(nt)
                 if theirs[j] < 0 and (sc is None or sc >> their_tags[j] & 1)
                 and not any(count[i] >= limit[i] for i in cover_slot[j] if masks[i] >> c & 1)]
        free_room = n_free - len(free) if sc is None else 0
        n = hand_room + len(slots) + free_room
        if not n:
            return None
        r = rng.randrange(n)
        if r < hand_room:
            hand.append(c)
            covered = hand_cover
        elif r < hand_room + len(slots):
            j = slots[r - hand_room]
            theirs[j] = c
            covered = cover_slot[j]
        else:
            free.append(c)
            covered = ()
        for i in covered:
            if masks[i] >> c & 1:
                count[i] += 1
    assert len(hand) + nt + len(free) == total
    return hand, theirs, free


def _search(pool: list, h: int, their_tags: list, n_free: int, cons: list, known: tuple, rng,
            budget: int = 100_000):
    """Like :func:`_sample`, but backtracks: finds a placement whenever one exists (the real
    one does), trying places in a random order; None only past ``budget`` steps."""
    nt = len(their_tags)
    masks = [m for m, _, _ in cons]
    limit = [k for _, k, _ in cons]
    cover_hand = range(len(cons))
    cover_slot = [[i for i, (_, _, sc) in enumerate(cons) if sc >> t & 1] for t in their_tags]
    known_cards = {c: sc for c, sc in known}
    order = pool.copy()
    rng.shuffle(order)
    order.sort(key=lambda c: (c not in known_cards, -sum(m >> c & 1 for m in masks)))
    count = [0] * len(cons)
    hand: list = []
    theirs = [-1] * nt
    free: list = []
    steps = [budget]

    def fits(c, covered):
        return not any(count[i] >= limit[i] for i in covered if masks[i] >> c & 1)

    def place(n):
        if n == len(order):
            return True
        steps[0] -= 1
        if steps[0] < 0:
            return False
        c = order[n]
        sc = known_cards.get(c)
        places = []
        if len(hand) < h and fits(c, cover_hand):
            places.append(-1)
        places += [j for j in range(nt) if theirs[j] < 0 and (sc is None or sc >> their_tags[j] & 1)
                   and fits(c, cover_slot[j])]
        if sc is None and len(free) < n_free:
            places.append(-2)
        rng.shuffle(places)
        for j in places:
            covered = cover_hand if j == -1 else cover_slot[j] if j >= 0 else ()
            if j == -1:
                hand.append(c)
            elif j >= 0:
                theirs[j] = c
            else:
                free.append(c)
            for i in covered:
                count[i] += masks[i] >> c & 1
            if place(n + 1):
                return True
            for i in covered:
                count[i] -= masks[i] >> c & 1
            if j == -1:
                hand.pop()
            elif j >= 0:
                theirs[j] = -1
            else:
                free.pop()
        return False

    return (hand, theirs, free) if place(0) else None


@core.sets_up
def position(hands, deck=(), decree="1B", leader=0, dealer=None, trick=(), tricks=(0, 0),
             totals=(0, 0), round=1, won=None, **options) -> RenardState:
    """A state set up directly, for tests, puzzles and the rules pages' examples (its
    record carries them, and replays to it: :func:`game.core.sets_up`).

    ``hands`` are two lists of card names, ``deck`` lists the deck top first,
    ``trick`` the cards already played by ``leader`` (at most one).  Cards named
    nowhere count as won earlier by seat 0 (``won`` overrides: two lists).
    """
    s = core.new_game(GAME_ID, **options)
    named = [INDEX[n] for n in list(hands[0]) + list(hands[1]) + list(deck) + [decree]
             + list(trick)]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    s._hands = [sorted(INDEX[n] for n in hands[0]), sorted(INDEX[n] for n in hands[1])]
    s._deck = [INDEX[n] for n in deck]
    s._tags = [-1] * len(s._deck)
    s._decree = INDEX[decree]
    s._leader = leader
    s._dealer = 1 - leader if dealer is None else dealer
    s._trick = [INDEX[n] for n in trick]
    s._turn = leader if not trick else 1 - leader
    s._tricks = list(tricks)
    s._totals = list(totals)
    s._round = round
    if won is None:
        s._won = [ALL & ~_mask(named), 0]
    else:
        s._won = [_mask(INDEX[n] for n in won[0]), _mask(INDEX[n] for n in won[1])]
    return s


INFO = core.register(core.GameInfo(
    GAME_ID, "Le Renard des Bois", 2, 2,
    options=(core.Option("target", 21, TARGETS),),
    position=position,
    state_class=RenardState,
    author="Joshua Buergel",
    hidden=True,
    code=1,
))
RenardState.info = INFO
