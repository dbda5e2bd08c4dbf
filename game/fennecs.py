"""Fennecs (Masanofu, Ferti 2016): lay cards on columns, collect one, win stars.

Two to five players share a few *columns* of cards in the middle of the table
(one per player, each started by a face-up *starting card*).  On your turn you
either play a card from your hand on a column, or collect a column of two
cards or more; collecting ends your round and wins or loses you stars by the
column's value.  After the round in which someone reached 20 stars (15 with 5
players), or at the end of a round that leaves the Reserve empty, the most
stars wins.  Where the rulebook is silent, the rulings below say what is played
(gathered, for every game, in ``docs/RULES.md``).

Cards
-----
Each card is written by its label:

=======  ==================================================================
``-1``   ``-2`` ``-5``: negative cards (``-5``: Renard des sables variant)
``1``    ``2`` ``3`` ``4`` ``5``: positive cards
``1/5``  worth 1 or 5, as the collector chooses
``+``    the 0→+ card: worth 0, and turns every negative card of its column
         positive (standard game only)
``0``    worth 0, turns nothing (Sahara variant: replaces the ``+`` cards)
``*``    the Supernova (Renard des sables variant): played face down only;
         when its column is collected it destroys it (see the rulings)
=======  ==================================================================

Columns are ``A``, ``B``, ... from the left, one per player (``A``-``E``).  A
collected column leaves the table until the next round.

Notation
--------
One action is one short string, the same in saves, logs and tests:

===========  ================================================================
``3>B``      play a 3 face up on column B (and take a star from the Reserve)
``3v>B``     play a 3 face down on column B (and put one of your stars on it)
``take B``   collect column B (it needs at least 2 cards)
``as 1,5``   after ``take``, when the column holds 1/5 cards: their values,
             ascending (``as 1``, ``as 5``, ``as 1,1``, ``as 1,5``...)
===========  ================================================================

A collection whose column holds no 1/5 card (or is full, or holds the
Supernova, when 1/5 values change nothing) is scored at once; otherwise the
collector sees the revealed cards, then chooses with ``as ...``: a short
sequence of two actions by the same seat.  :func:`parse` reads an action into
an :class:`Action`; ``str()`` writes it back.

>>> parse("3v>B")
Action(kind='play', card='3', column='B', down=True, values=())
>>> parse("1/5>A")
Action(kind='play', card='1/5', column='A', down=False, values=())
>>> parse("take C")
Action(kind='take', card=None, column='C', down=False, values=())
>>> parse("as 1,5")
Action(kind='as', card=None, column=None, down=False, values=(1, 5))
>>> str(parse("-2v>D")), str(parse("take A")), str(parse("as 5"))
('-2v>D', 'take A', 'as 5')
>>> parse("as 5,1")
Traceback (most recent call last):
  ...
game.core.IllegalAction: Write the 1/5 values in ascending order: as 1,5.

A position, through the engine contract (``position`` sets one up for tests;
here: 2 players, seat 0 to move, column A holds 4 then 2 then -1):

>>> s = position(2, hands=["3 -2", "5 1"], columns=["4 2 -1", "3"])
>>> s.legal_actions(0)
['-2>A', '-2>B', '-2v>A', '-2v>B', '3>A', '3>B', '3v>A', '3v>B', 'take A']
>>> s.apply(0, "take A")          # 4 + 2 - 1 = 5: wins 5 stars
>>> s.scores, s.view()["last_collection"]["value"]
([10, 5], 5)
>>> s.apply(1, "5v>B")            # seat 1 hides a 5 and puts a star on it
>>> s.view(0)["columns"][1]["cards"][1]
{'down': True, 'by': 1, 'stars': 1}
>>> s.view(1)["columns"][1]["cards"][1]
{'down': True, 'by': 1, 'stars': 1, 'card': '5'}
>>> try:
...     s.apply(1, "1>A")          # column A was collected
... except core.IllegalAction as e:
...     print(e.code, e.params)
fennecs.column_gone {'column': 'A'}

Options
-------
``variant``  ``"standard"`` (default), ``"sahara"`` (the ``+`` cards become
             ``0`` cards) or ``"renard_des_sables"`` (they become one ``-5``
             and the Supernova ``*``; two ``-5`` with 5 players).

Set-ups (each round is dealt afresh from the whole deck, shuffled):

=======  =====  ===========  ===========  =========  ==============
players  cards  start cards  hand each    set aside  stars at start
=======  =====  ===========  ===========  =========  ==============
2        14     2            4            4          5 each
3        16     3            4            1          4 each
4        16     4            3            0          3 each
5        20     5            3            0          2 each
=======  =====  ===========  ===========  =========  ==============

The 2-player deck is the base deck less both ``1/5``; the 5-player deck adds
the four paw cards (``+``, ``1``, ``5``, ``1/5``).  The first round's first
player is drawn from the seed; the last player to collect a column starts the
next round.

Rulings where the rulebook is silent or ambiguous
-------------------------------------------------
- The stars: the box holds 30 star tokens, 24 worth 1 and 6 worth 5, so the
  Reserve and the players share :data:`STARS` = 54 stars' worth in all.
- Owed stars: a win the Reserve cannot pay in full is paid with what it holds,
  the rest is owed ("virtual") and counts for scoring and for the 20/15 end.
  A face-up card with an empty Reserve wins nothing (rulebook).  Only real
  stars can be put on a face-down card.  A loss is paid with real stars first
  (back to the Reserve), then by striking owed stars; a player never goes
  below 0, and a loss bigger than all their stars takes all they have.
- Collecting: the collector first takes the stars on the column's face-down
  cards, then the column is scored (so a loss may take those stars back).
  A column of 7 cards is worth nothing (even a total of 6 neither pays nor
  ends the round).  A column holding the Supernova is destroyed: the stars on
  its face-down cards go back to the Reserve, the collector wins and loses
  nothing, and their round ends as with any collection.  A Supernova dealt as
  a starting card stays face up, and destroys its column the same way when it
  is collected.
- A total of exactly 6: the collector wins 6 from the Reserve, then the stars
  on the face-down cards of the other columns go back to the Reserve.
- At a round's end the cards left on the table are gathered: the face-up ones
  are listed in the log (with each player's stars and owed stars then), the
  face-down ones go back unseen, known only to the player who placed each;
  hands and set-aside cards are never shown.
- A player with no legal action on their turn (no card they may play, no
  column of 2 cards or more) ends the round for everyone.  Then every column
  left holds only its starting card, so no star is on the table.
- "Reached 20 (15) during the round" is checked after each whole action (a
  collection counts once scored); the game ends when that round ends.  If
  the Reserve is also empty the end reason is ``"threshold"``.
- Most stars (real + owed) wins; equal totals share the win.

Hidden information and ``determinize``
--------------------------------------
A seat knows its own hand and the face-down cards it placed; a face-down card
is revealed when its column is collected, and one still on the table when the
round ends goes back unseen.  The deck's contents are public
(``view()["deck"]``).  ``determinize(seat, rng)`` gathers the cards of every
slot the seat cannot see in the current round (other hands, set-aside cards,
face-down cards placed by others) and deals them back at random into the same
slots.  Each round is dealt afresh from the whole deck, so the face-down cards
of earlier rounds that went back unseen bear on nothing left to play: the clone
keeps them as they were, and no view shows them.  One
constraint holds: the seat to move has a legal action (else the round would
have ended), so a deal that leaves it only the Supernova, with no star and no
column to collect, is drawn again.  Otherwise the Supernova may sit in any
hidden slot, and any card may be face down.  The cards are dealt from a sorted
pool, so the worlds drawn depend only on what the seat knows, never on where
the hidden cards really are.  The clone's seed for future rounds is redrawn
from ``rng`` too, and its action list and log name the redrawn face-down cards,
so that nothing in the clone leaks the real ones.
"""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from . import core
from .cards import shuffle

PLAYERS = (2, 3, 4, 5)
VARIANTS = ("standard", "sahara", "renard_des_sables")

# Card kinds, in display order.  A card in a column is (kind, placer, tag):
# placer -1 for a starting card; tag None when face up, else (ply, log index)
# of the face-down play (-1 for a position set up by hand).
M5, M2, M1, ZERO, PLUS, ONE, TWO, THREE, FOUR, FIVE, WILD, NOVA = range(12)
LABELS = ("-5", "-2", "-1", "0", "+", "1", "2", "3", "4", "5", "1/5", "*")
NAMES = ("-5", "-2", "-1", "0", "0→+", "1", "2", "3", "4", "5", "1/5", "Supernova")
VALUE = (-5, -2, -1, 0, 0, 1, 2, 3, 4, 5, 1, 0)
KIND = {label: k for k, label in enumerate(LABELS)}

COLUMNS = "ABCDE"
FULL = 7                                   # cards a column may hold
STARS = 54                                 # 24 stars worth 1 and 6 worth 5
START_STARS = {2: 5, 3: 4, 4: 3, 5: 2}
HAND = {2: 4, 3: 4, 4: 3, 5: 3}
THRESHOLD = {2: 20, 3: 20, 4: 20, 5: 15}
BASE = (M2, M2, M1, M1, PLUS, PLUS, ONE, TWO, TWO, THREE, THREE, FOUR, FOUR, FIVE, WILD, WILD)
PAWS = (PLUS, ONE, FIVE, WILD)             # added with 5 players
END_REASONS = ("threshold", "reserve_empty")
ROUND_ENDS = ("all_collected", "six", "stuck")

_PLAY = re.compile(r"(-5|-2|-1|0|\+|1/5|[1-5]|\*)(v?)>([A-Z])")
_TAKE = re.compile(r"take ([A-Z])")
_AS = re.compile(r"as ([15](?:,[15])*)")

# Action strings, built once: _UP[kind][col], _DOWN[kind][col], _TAKES[col].
_UP = tuple(tuple(f"{label}>{c}" for c in COLUMNS) for label in LABELS)
_DOWN = tuple(tuple(f"{label}v>{c}" for c in COLUMNS) for label in LABELS)
_TAKES = tuple(f"take {c}" for c in COLUMNS)


def deck(players: int, variant: str = "standard") -> tuple:
    """The deck's card kinds for this table, sorted.

    >>> [LABELS[k] for k in deck(2)]
    ['-2', '-2', '-1', '-1', '+', '+', '1', '2', '2', '3', '3', '4', '4', '5']
    >>> [LABELS[k] for k in deck(5, "renard_des_sables") if k in (M5, PLUS, ZERO, NOVA)]
    ['-5', '-5', '*']
    """
    cards = list(BASE)
    if players == 2:
        cards = [k for k in cards if k != WILD]
    if players == 5:
        cards += PAWS
    plus = cards.count(PLUS)
    if variant != "standard":
        cards = [k for k in cards if k != PLUS]
        if variant == "sahara":
            cards += [ZERO] * plus
        else:
            cards += [M5] * (plus - 1) + [NOVA]
    return tuple(sorted(cards))


# -- notation -----------------------------------------------------------------


class Action(NamedTuple):
    """One parsed action: ``kind`` is "play", "take" or "as"."""

    kind: str
    card: str | None = None      # play: the card's label
    column: str | None = None    # play, take: the column's letter
    down: bool = False              # play: face down?
    values: tuple = ()              # as: the 1/5 cards' values, ascending

    def __str__(self) -> str:
        if self.kind == "play":
            return f"{self.card}{'v' if self.down else ''}>{self.column}"
        if self.kind == "take":
            return f"take {self.column}"
        return "as " + ",".join(str(v) for v in self.values)


def parse(text: str) -> Action:
    """Reads one action string; raises IllegalAction (``fennecs.syntax``)."""
    if isinstance(text, str):
        m = _PLAY.fullmatch(text)
        if m:
            return Action("play", m.group(1), m.group(3), m.group(2) == "v")
        m = _TAKE.fullmatch(text)
        if m:
            return Action("take", None, m.group(1))
        m = _AS.fullmatch(text)
        if m:
            values = tuple(int(v) for v in m.group(1).split(","))
            if list(values) != sorted(values):
                canonical = "as " + ",".join(str(v) for v in sorted(values))
                raise core.IllegalAction(
                    f"Write the 1/5 values in ascending order: {canonical}.", "fennecs.syntax",
                    action=text)
            return Action("as", values=values)
    raise core.IllegalAction(
        f"{text!r} is not a Fennecs action: write 3>B (a 3 face up on column B), 3v>B (face "
        f"down), take B (collect column B) or as 1,5 (the values of the 1/5 cards).",
        "fennecs.syntax", action=text if isinstance(text, str) else repr(text))


def _choice(fives: int, wilds: int) -> str:
    """The ``as`` string for ``wilds`` 1/5 cards of which ``fives`` count 5."""
    return "as " + ",".join(["1"] * (wilds - fives) + ["5"] * fives)


# Built once, so that listing and applying actions neither sorts nor parses strings (measured:
# building a dict of the legal actions and sorting it was a fifth of a random playout).
# _MOVES: every action string there is -> its move, (0, kind, column, down) play, (1, column)
# take, (2, fives) as.  _CHOICES[wilds]: the sorted ``as`` strings for that many 1/5 cards.
_MOVES: dict = {}
for _k in range(len(LABELS)):
    for _i in range(len(COLUMNS)):
        _MOVES[_UP[_k][_i]] = (0, _k, _i, False)
        _MOVES[_DOWN[_k][_i]] = (0, _k, _i, True)
for _i in range(len(COLUMNS)):
    _MOVES[_TAKES[_i]] = (1, _i)
_CHOICES = tuple([_choice(_f, _w) for _f in range(_w + 1)] for _w in range(FULL + 1))
for _w in range(FULL + 1):
    for _f in range(_w + 1):
        _MOVES[_CHOICES[_w][_f]] = (2, _f)
del _k, _i, _w, _f
# The sorted order of the play strings: by the card's label and ">" ("1/5>" before "1>",
# "-1" before "-2"), all of a card's face-up plays then its face-down ones, each by column;
# "take" after every play.  _IN_ORDER[hand]: the hand's distinct kinds in that order.
# _PLAYS[kind][star][room]: a card's plays in order, on the columns of the bit mask ``room``,
# face down too if ``star``.
_RANK = {k: r for r, k in enumerate(sorted(range(len(LABELS)), key=lambda k: LABELS[k] + ">"))}
_IN_ORDER: dict = {}
_ROOMS = tuple([i for i in range(len(COLUMNS)) if m >> i & 1] for m in range(1 << len(COLUMNS)))
_PLAYS = tuple(tuple(tuple(([] if k == NOVA else [_UP[k][i] for i in cols])
                           + ([_DOWN[k][i] for i in cols] if star else []) for cols in _ROOMS)
                     for star in (False, True)) for k in range(len(LABELS)))
_TAKE_ALL = tuple([_TAKES[i] for i in cols] for cols in _ROOMS)


def score_column(kinds, fives: int = 0) -> int:
    """The total of a column's cards, ``fives`` of its 1/5 cards counting 5.

    >>> score_column([FOUR, TWO, M1]), score_column([TWO, M2, M1]), score_column([M2, M1, PLUS, THREE])
    (5, -1, 6)
    """
    flip = PLUS in kinds
    total = 4 * fives
    for k in kinds:
        v = VALUE[k]
        total += -v if v < 0 and flip else v
    return total


def _copy_collection(last: dict) -> dict:
    """A collection's record for a view: its lists copied, so the view owns them."""
    d = dict(last)
    d["cards"] = list(last["cards"])
    if last["values"] is not None:
        d["values"] = list(last["values"])
    return d


def _player(seat: int) -> str:
    return f"Player {seat + 1}"


# -- the state ----------------------------------------------------------------


class FennecsState(core.TurnState):
    """A Fennecs position.  Cards are kind ints (see :data:`LABELS`)."""

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(players, seed, options)
        self._deck = deck(players, options["variant"])
        self._threshold = THRESHOLD[players]
        self._stars = [START_STARS[players]] * players   # real stars held
        self._owed = [0] * players                        # owed ("virtual") stars
        self._reserve = STARS - sum(self._stars)
        self._round = 0
        self._reached = False          # someone reached the threshold this round
        self._end: str | None = None
        self._log: list = []           # public events, tuples (see _view_log)
        self._last: dict | None = None
        rng = random.Random(seed)
        self._new_round(rng.randrange(players), rng)

    # -- the contract ---------------------------------------------------------

    def legal_actions(self, seat: int) -> list[str]:
        if type(seat) is not int or seat != self._turn or seat < 0:    # not self._acts(seat)
            return []
        return list(self._cache or self._legal())   # self._legal() but one call less

    def _apply(self, seat: int, action: str) -> None:
        if action not in (self._cache or self._legal()):
            raise self._refusal(seat, action)
        move = _MOVES[action]
        kind = move[0]
        if kind == 0:
            self._play(seat, move[1], move[2], move[3], action)
        elif kind == 1:
            self._take(seat, move[1])
        else:
            self._resolve(move[1])

    def _copy_into(self, other: FennecsState) -> None:
        other._deck = self._deck
        other._threshold = self._threshold
        other._stars = self._stars.copy()
        other._owed = self._owed.copy()
        other._reserve = self._reserve
        other._round = self._round
        other._reached = self._reached
        other._end = self._end
        other._log = self._log.copy()          # its entries are never mutated
        other._last = self._last               # never mutated, only replaced
        other._next_seed = self._next_seed
        other._starter = self._starter
        other._last_taker = self._last_taker
        other._hands = self._hands.copy()      # tuples
        other._aside = self._aside
        other._cols = self._cols.copy()        # tuples or None
        other._room = self._room
        other._takeable = self._takeable
        other._gone = self._gone
        other._done = self._done.copy()
        other._turn = self._turn
        other._pending = self._pending
        other._cache = self._cache             # never mutated, only replaced

    @property
    def scores(self) -> list:
        return [s + o for s, o in zip(self._stars, self._owed)]

    @property
    def round(self) -> int:
        """The round being played (the last one, once the game is over)."""
        return self._round

    # -- the whole table, for a bot's playouts ----------------------------------

    @property
    def columns(self) -> list:
        """Every column as the state holds it, face-down cards included: what a bot's
        playout reads on a world of :meth:`determinize`, at every step (a player's door is
        ``view``).  A column is ``None`` once collected, else its cards from the starting
        card, each ``(kind, seat, down)``: the kind an index of :data:`LABELS`, the seat that
        played it (-1 for the starting card), ``down`` None for a card face up (and something
        else for a card face down, with its star).  The state's own list: read it, never
        change it.

        >>> s = position(2, hands=["3 -2", "5 1"], columns=["4 2v1", None])
        >>> [[(LABELS[k], seat, down is not None) for k, seat, down in c] if c else c
        ...  for c in s.columns]
        [[('4', -1, False), ('2', 1, True)], None]
        """
        return self._cols

    @property
    def collecting(self) -> tuple | None:
        """``(kinds, wilds)`` of the column just collected while its collector chooses the
        1/5 values (``as ...``): its cards' kinds and how many are 1/5; else None.

        >>> s = position(3, hands=["3", "5", "1"], columns=["1/5 2", "3", "4"])
        >>> s.collecting
        >>> s.apply(0, "take A")
        >>> [LABELS[k] for k in s.collecting[0]], s.collecting[1], s.legal_actions(0)
        (['1/5', '2'], 1, ['as 1', 'as 5'])
        """
        pending = self._pending
        return None if pending is None else (pending[2], pending[3])

    def determinize(self, seat: int, rng) -> FennecsState:
        next_seed = rng.getrandbits(62)
        if self._turn < 0:
            d = self.clone()
            d._next_seed = next_seed
            return d
        pool = list(self._aside)
        for p, hand in enumerate(self._hands):
            if p != seat:
                pool.extend(hand)
        hidden = []
        for i, col in enumerate(self._cols):
            if col:
                for j, (kind, by, tag) in enumerate(col):
                    if tag is not None and by != seat:
                        pool.append(kind)
                        hidden.append((i, j))
        # Sorted first: the world drawn depends on which cards are hidden, never on where
        # they really are (two states that seat cannot tell apart give the same worlds).
        pool.sort()
        # The seat to move has a legal action (the real one does, or the round would have
        # ended "stuck"): a deal that leaves it none (the Supernova as its only card, no star,
        # no column to collect) contradicts what seat saw, and is drawn again.  The real deal
        # is one of the deals, so each try succeeds with probability > 0 (>= 1/2 in the one
        # case that can fail); after many failures, a fix-up keeps the world playable.
        for _ in range(100):
            d = self.clone()
            d._next_seed = next_seed
            order = pool.copy()
            rng.shuffle(order)
            self._deal_hidden(d, seat, order, hidden)
            if d._turn == seat or d._legal():
                return d
        mover = self._turn
        k = len(self._aside) + sum(len(h) for p, h in enumerate(self._hands) if p < mover
                                   and p != seat)
        spare = next(j for j, kind in enumerate(order) if kind != NOVA)
        order[k], order[spare] = order[spare], order[k]
        d = self.clone()
        d._next_seed = next_seed
        self._deal_hidden(d, seat, order, hidden)
        return d

    def _deal_hidden(self, d: FennecsState, seat: int, order: list, hidden: list) -> None:
        """Deals ``order`` into the slots ``seat`` cannot see: the set-aside cards, the other
        hands (by seat), then the face-down cards of ``hidden`` (column, index)."""
        k = len(self._aside)
        d._aside = tuple(sorted(order[:k]))
        for p, hand in enumerate(self._hands):
            if p != seat:
                d._hands[p] = tuple(sorted(order[k:k + len(hand)]))
                k += len(hand)
        for i, j in hidden:
            kind = order[k]
            k += 1
            col = d._cols[i]
            _, by, tag = col[j]
            d._cols[i] = col[:j] + ((kind, by, tag),) + col[j + 1:]
            ply, at = tag
            if ply >= 0:
                d.actions[ply] = [by, _DOWN[kind][i]]
            if at >= 0:
                d._log[at] = d._log[at][:3] + (kind,) + d._log[at][4:]
        d._cache = None

    # -- the view -------------------------------------------------------------

    def _view(self, seat: int | None) -> dict:
        cols = []
        for i in range(self.players):
            col = self._cols[i]
            cards = []
            for kind, by, tag in col or ():
                if tag is None:
                    cards.append({"card": LABELS[kind], "down": False,
                                  "by": None if by < 0 else by})
                else:
                    c = {"down": True, "by": by, "stars": 1}
                    if by == seat:
                        c["card"] = LABELS[kind]
                    cards.append(c)
            cols.append({
                "name": COLUMNS[i],
                "collected": col is None,
                "cards": cards,
                "room": FULL - len(col) if col else 0,
                "stars": sum(1 for c in col if c[2] is not None) if col else 0,
            })
        pending = None
        if self._pending is not None:
            p_seat, i, kinds, wilds, taken = self._pending
            pending = {"seat": p_seat, "column": COLUMNS[i], "cards": [LABELS[k] for k in kinds],
                       "stars_taken": taken,
                       "choices": [_choice(f, wilds) for f in range(wilds + 1)],
                       "values": [score_column(kinds, f) for f in range(wilds + 1)]}
        return {
            "variant": self.options["variant"],
            "deck": [LABELS[k] for k in self._deck],
            "round": self._round,
            "starter": self._starter,
            "turn": self._turn if self._turn >= 0 else None,
            "hand": [LABELS[k] for k in self._hands[seat]] if seat is not None else None,
            "hand_counts": [len(h) for h in self._hands],
            "set_aside": len(self._aside),
            "columns": cols,
            "full": FULL,
            "reserve": self._reserve,
            "stars": self._stars.copy(),
            "owed": self._owed.copy(),
            "finished": self._done.copy(),
            "pending": pending,
            "last_collection": _copy_collection(self._last) if self._last else None,
            "log": self._view_log(seat),
            "threshold": self._threshold,
            "reached": self._reached,
            "end_reason": self._end,
        }

    def _view_log(self, seat: int | None) -> list:
        """The public log; a face-down card shows only to its placer until revealed."""
        out = []
        for e in self._log:
            t = e[0]
            if t == "play":
                _, rnd, by, kind, col, down, seen = e
                d = {"type": "play", "round": rnd, "seat": by, "column": COLUMNS[col],
                     "down": down}
                if seen or by == seat:
                    d["card"] = LABELS[kind]
                out.append(d)
            elif t == "collect":
                out.append(dict(_copy_collection(e[1]), type="collect"))
            elif t == "deal":
                out.append({"type": "deal", "round": e[1], "starter": e[2],
                            "start": [LABELS[k] for k in e[3]]})
            elif t == "round_end":
                out.append({"type": "round_end", "round": e[1], "reason": e[2],
                            "returned": e[3],
                            "left": {c: [LABELS[k] if not down or by == seat else None
                                         for k, by, down in col] for c, col in e[4]},
                            "stars": list(e[5]), "owed": list(e[6])})
            else:
                out.append({"type": "game_end", "reason": e[1]})
        return out

    # -- legal actions --------------------------------------------------------

    def _legal(self) -> list:
        """The sorted legal actions of the seat to move (kept until the position changes;
        never mutated: legal_actions hands out copies)."""
        if self._cache is None:
            self._cache = self._generate()
        return self._cache

    def _generate(self) -> list:
        seat = self._turn
        if seat < 0:
            return []
        if self._pending is not None:
            return _CHOICES[self._pending[3]]
        hand = self._hands[seat]
        kinds = _IN_ORDER.get(hand)
        if kinds is None:                # at most a few thousand hands of 4 cards or less
            kinds = _IN_ORDER[hand] = tuple(sorted(set(hand), key=_RANK.__getitem__))
        out = []
        star = self._stars[seat] > 0
        room = self._room
        for k in kinds:
            out += _PLAYS[k][star][room]
        out += _TAKE_ALL[self._takeable]
        return out

    def _count_columns(self) -> None:
        """Sets the bit masks of the columns that take a card (``_room``) and of those that
        may be collected (``_takeable``: 2 cards or more).  Kept up to date as cards are played
        rather than counted per turn (measured: 7% of a 4-player random playout)."""
        self._room = self._takeable = 0
        for i, col in enumerate(self._cols):
            if col is not None:
                if len(col) < FULL:
                    self._room |= 1 << i
                if len(col) >= 2:
                    self._takeable |= 1 << i

    # -- changing the position ------------------------------------------------

    def _new_round(self, starter: int, rng: random.Random) -> None:
        """Shuffles the whole deck and deals a round; ``starter`` plays first."""
        n = self.players
        cards = list(self._deck)
        shuffle(cards, rng)              # rng.shuffle(cards), faster
        self._next_seed = rng.getrandbits(62)
        h = HAND[n]
        self._cols = [((k, -1, None),) for k in cards[:n]]
        self._room = (1 << n) - 1        # see _count_columns
        self._takeable = 0
        self._hands = [tuple(sorted(cards[n + p * h:n + (p + 1) * h])) for p in range(n)]
        self._aside = tuple(sorted(cards[n + n * h:]))
        self._gone = ()
        self._done = [False] * n
        self._round += 1
        self._starter = starter
        self._last_taker = -1
        self._pending = None
        self._reached = False
        self._log.append(("deal", self._round, starter, tuple(cards[:n])))
        self._begin_turn(starter)

    def _begin_turn(self, seat: int) -> None:
        """Gives ``seat`` the turn; a seat with no legal action ends the round."""
        self._turn = seat
        self._cache = self._generate()
        if not self._cache:
            self._end_round("stuck")

    def _next_turn(self, after: int) -> None:
        n = self.players
        for k in range(1, n + 1):
            p = (after + k) % n
            if not self._done[p]:
                self._begin_turn(p)
                return
        self._end_round("all_collected")

    def _check_reached(self) -> None:
        t = self._threshold
        for s, o in zip(self._stars, self._owed):
            if s + o >= t:
                self._reached = True
                return

    def _play(self, seat: int, kind: int, i: int, down: bool, action: str) -> None:
        hand = list(self._hands[seat])
        hand.remove(kind)
        self._hands[seat] = tuple(hand)
        if down:
            self._stars[seat] -= 1
            tag = (len(self.actions), len(self._log))
        else:
            tag = None
            if self._reserve:
                self._reserve -= 1
                self._stars[seat] += 1
                self._check_reached()
        col = self._cols[i] = self._cols[i] + ((kind, seat, tag),)
        if len(col) == 2:
            self._takeable |= 1 << i
        elif len(col) == FULL:
            self._room &= ~(1 << i)
        self._log.append(("play", self._round, seat, kind, i, down, not down))   # last: seen
        self._next_turn(seat)

    def _take(self, seat: int, i: int) -> None:
        col = self._cols[i]
        self._cols[i] = None
        self._room &= ~(1 << i)
        self._takeable &= ~(1 << i)
        kinds = tuple(c[0] for c in col)
        self._gone = self._gone + kinds
        for _, _, tag in col:                # its face-down cards are turned: seen by all
            if tag is not None and tag[1] >= 0:
                e = self._log[tag[1]]
                self._log[tag[1]] = e[:6] + (True,)
        self._done[seat] = True
        self._last_taker = seat
        taken = sum(1 for c in col if c[2] is not None)
        wilds = kinds.count(WILD)
        if NOVA in kinds:
            self._reserve += taken
            self._finish(seat, i, kinds, taken, None, None, {"supernova": True, "returned": taken})
        elif len(col) == FULL:
            self._stars[seat] += taken
            self._finish(seat, i, kinds, taken, None, None, {"full": True})
        elif wilds:
            self._stars[seat] += taken
            self._pending = (seat, i, kinds, wilds, taken)
            self._cache = None
        else:
            self._stars[seat] += taken
            self._score(seat, i, kinds, taken, 0, 0)

    def _resolve(self, fives: int) -> None:
        seat, i, kinds, wilds, taken = self._pending
        self._pending = None
        self._score(seat, i, kinds, taken, fives, wilds)

    def _score(self, seat: int, i: int, kinds: tuple, taken: int, fives: int, wilds: int) -> None:
        """Scores a collected column (no Supernova, under 7 cards)."""
        total = score_column(kinds, fives)
        extra: dict = {}
        if 1 <= total <= 6:
            paid = min(total, self._reserve)
            self._reserve -= paid
            self._stars[seat] += paid
            self._owed[seat] += total - paid
            extra = {"won": total, "owed": total - paid}
        elif total < 0 or total > 6:
            loss = -total if total < 0 else total - 6
            real = min(loss, self._stars[seat])
            self._stars[seat] -= real
            self._reserve += real
            struck = min(loss - real, self._owed[seat])
            self._owed[seat] -= struck
            extra = {"lost": real + struck}
        values = [1] * (wilds - fives) + [5] * fives if wilds else None
        extra["six"] = total == 6
        self._finish(seat, i, kinds, taken, total, values, extra)

    def _finish(self, seat: int, i: int, kinds: tuple, taken: int, total, values, extra) -> None:
        """Logs a collection, then passes the turn or ends the round."""
        last = {"round": self._round, "seat": seat, "column": COLUMNS[i],
                "cards": [LABELS[k] for k in kinds], "stars_taken": 0 if extra.get("supernova")
                else taken, "values": values, "value": total, "won": 0, "owed": 0, "lost": 0,
                "six": False, "full": False, "supernova": False, "returned": 0}
        last.update(extra)
        self._last = last
        self._log.append(("collect", last))
        self._cache = None
        self._check_reached()
        if last["six"]:
            self._end_round("six")
        else:
            self._next_turn(seat)

    def _end_round(self, reason: str) -> None:
        """Returns the stars left on the table and gathers its cards, the face-down ones
        unseen; then ends the game or deals the next round."""
        returned = 0
        left = []
        for i, col in enumerate(self._cols):
            if col is not None:
                returned += sum(1 for c in col if c[2] is not None)
                left.append((COLUMNS[i], tuple((c[0], c[1], c[2] is not None) for c in col)))
                self._gone = self._gone + tuple(c[0] for c in col)
                self._cols[i] = None
        self._room = self._takeable = 0
        self._reserve += returned
        self._log.append(("round_end", self._round, reason, returned, tuple(left),
                          tuple(self._stars), tuple(self._owed)))
        if self._reached or self._reserve == 0:
            self._end = "threshold" if self._reached else "reserve_empty"
            self._log.append(("game_end", self._end))
            self._turn = -1
            self._cache = None
            return
        starter = self._last_taker if self._last_taker >= 0 else self._starter
        self._new_round(starter, random.Random(self._next_seed))

    # -- explaining a refusal -------------------------------------------------

    def _refusal(self, seat: int, text: str) -> core.IllegalAction:
        """The precise reason why ``text`` is not legal now (called only then)."""
        who = _player(seat)
        a = parse(text)
        if self._pending is not None:
            wilds = self._pending[3]
            if a.kind != "as":
                return core.IllegalAction(
                    f"{who} must first choose the values of the 1/5 cards collected: "
                    f"{_choice(0, wilds)} ... {_choice(wilds, wilds)}.", "fennecs.choose_first",
                    cards=wilds)
            return core.IllegalAction(
                f"The column holds {wilds} card(s) 1/5: give {wilds} value(s), "
                f"e.g. {_choice(0, wilds)}.", "fennecs.bad_choice", cards=wilds)
        if a.kind == "as":
            return core.IllegalAction(
                "There is no 1/5 card to choose a value for now.", "fennecs.no_choice")
        name = a.column
        i = COLUMNS.find(name)
        if not 0 <= i < self.players:
            return core.IllegalAction(
                f"There is no column {name}: this table has columns A to "
                f"{COLUMNS[self.players - 1]}.", "fennecs.no_column", column=name)
        col = self._cols[i]
        if col is None:
            return core.IllegalAction(
                f"Column {name} was collected this round.", "fennecs.column_gone", column=name)
        if a.kind == "take":
            return core.IllegalAction(
                f"Column {name} holds only its starting card: a column can be collected once it "
                f"holds 2 cards or more.", "fennecs.too_few_cards", column=name)
        kind = KIND[a.card]
        if kind not in self._hands[seat]:
            return core.IllegalAction(
                f"{who} has no {NAMES[kind]} card in hand.", "fennecs.no_card", card=a.card)
        if kind == NOVA and not a.down:
            return core.IllegalAction(
                "The Supernova is always played face down.", "fennecs.supernova_face_up")
        if len(col) >= FULL:
            return core.IllegalAction(
                f"Column {name} is full: a column holds at most {FULL} cards.",
                "fennecs.column_full", column=name)
        if a.down and self._stars[seat] <= 0:
            return core.IllegalAction(
                f"{who} has no star to put on a face-down card (owed stars cannot be put on "
                f"cards).", "fennecs.no_star")
        return core.IllegalAction(f"{text} is not legal now.", "fennecs.illegal", action=text)


# -- setting up a position (tests, puzzles, rules pages) ----------------------

_TOKEN = re.compile(r"(-5|-2|-1|0|\+|1/5|[1-5]|\*)(?:v([0-4]))?")


@core.sets_up
def position(players: int = 3, *, variant: str = "standard", hands=None, columns=None,
             stars=None, owed=None, reserve=None, aside="", turn: int = 0, finished=(),
             starter: int | None = None, seed: int = 0) -> FennecsState:
    """A state set up directly, for tests, puzzles and the rules pages' examples (its
    record carries them, and replays to it: :func:`game.core.sets_up`).

    ``hands`` lists one string per seat (``"3 -1 1/5"``); ``columns`` one per
    column, ``None`` for a collected one, its first card the starting card and
    ``4v1`` a 4 face down placed by seat 1 (with its star).  The deck's other
    cards count as already collected this round.  ``reserve`` defaults to what
    the stars held and on cards leave of :data:`STARS`.  Seat ``turn`` is given
    the turn (a seat with no legal action ends the round at once).
    """
    s = core.new_game("fennecs", players=players, seed=seed, variant=variant)
    left = list(s._deck)

    def take(label):
        k = KIND[label]
        if k not in left:
            raise ValueError(f"no {label} card left in the {players}-player {variant} deck")
        left.remove(k)
        return k

    s._hands = [tuple(sorted(take(t) for t in (h or "").split())) for h in
                (hands or [""] * players)]
    s._aside = tuple(sorted(take(t) for t in aside.split()))
    cols = []
    on_cards = 0
    for spec in columns or [None] * players:
        if spec is None:
            cols.append(None)
            continue
        col = []
        for token in spec.split():
            m = _TOKEN.fullmatch(token)
            if m is None:
                raise ValueError(f"bad card {token!r}")
            by = -1 if m.group(2) is None else int(m.group(2))
            col.append((take(m.group(1)), by, None if by < 0 else (-1, -1)))
            on_cards += by >= 0
        cols.append(tuple(col))
    s._cols = cols
    s._count_columns()
    s._gone = tuple(left)
    s._stars = list(stars) if stars is not None else [START_STARS[players]] * players
    s._owed = list(owed) if owed is not None else [0] * players
    s._reserve = STARS - sum(s._stars) - on_cards if reserve is None else reserve
    s._done = [p in finished for p in range(players)]
    s._starter = turn if starter is None else starter
    s._last_taker = -1
    s._log = []
    s._begin_turn(turn)
    return s


INFO = core.register(core.GameInfo(
    "fennecs", "Fennecs", 2, 5,
    options=(core.Option("variant", "standard", VARIANTS),),
    position=position,
    state_class=FennecsState,
    author="Masanofu",
    hidden=True,
    code=2,
))
FennecsState.info = INFO
