"""Onexeno (Raymond Lauzzana): lay matching cards on a 5x5 grid, take lines of five.

Seventy square cards, all different.  Each card is a 3x3 grid: its 8 border
cells are light or dark, and its centre shows its value, the number of dark
cells.  Players take turns: draw a card (while the deck lasts), then place a
card from their hand on the table, touching it by an edge or a corner, so that
every edge and corner it touches matches; or pass.  The table never outgrows a
5x5 box.  Whoever places the fifth card of a row, column or diagonal of five
takes the cards of that line.  Once the deck is empty a pass is final; the
round ends when everyone has passed or someone plays their last card.  Each
player scores the values of the cards they took, less those left in their
hand.  Where the rulebook is silent, the rulings below say what is played
(gathered, for every game, in ``docs/RULES.md``).

Cards
-----
A card's 8 border cells are numbered clockwise from the top-left corner, and
named by compass (:data:`POSITIONS`): ``NW N NE E SE S SW W``.  A pattern is
an 8-bit int, bit ``i`` set when cell ``i`` is dark.  The deck holds one card
per pattern up to rotation (:func:`deck`): 70 cards, 280 points.  A card's
printed orientation is its smallest pattern among its rotations; its id is its
value then a letter, in the order of those patterns (``0a``, ``1a``, ``1b``,
``2a``..``2h``, ``3a``..``3n``, ``4a``..``4t``, ... ``8a``).

>>> len(CARDS), sum(VALUE.values()), CARDS[:4]
(70, 280, ('0a', '1a', '1b', '2a'))
>>> border("1a"), border("1a", 90), border("2a", 270)
('10000000', '00100000', '00000011')
>>> rotate(0b00000001, 1)                # NW turned a quarter clockwise: NE
4

The table
---------
Cards lie on the cells of a 9x9 frame, columns ``a``..``i`` from the left and
rows ``1``..``9`` from the bottom (:func:`cell_xy`, :func:`cell_name`): the
first card goes in the middle, ``e5``.  The cards always cover the middle
column ``e`` and the middle row ``5``; then their 5x5 box, open or fixed, lies
in the frame, so the frame holds every cell the box allows.  A placement only
spreads the cards; when a take leaves them off the middle column (row), they
are moved to the middle that way (the view's ``last_take`` says by how much):
cell names hold until the next take.  Records written before this rule (before
2026-11-27, when the table moved only off the frame's edge) are read by
:func:`migrate`.

Notation
--------
=================  =============================================================
``4c@e6``          place card 4c on e6, as printed
``4c@e6+90``       the same, turned a quarter clockwise (``+180``, ``+270``)
``pass``           place nothing (final once the deck is empty)
=================  =============================================================

The draw is not an action: the engine draws for the player as their turn
begins.  A card that looks the same in two rotations is written with the
smaller turn only.  :func:`parse` reads an action; ``str()`` writes it back.

>>> parse("4c@e6+90")
Action(kind='place', card='4c', cell='e6', turn=90)
>>> str(parse("4c@e6")), str(parse("pass"))
('4c@e6', 'pass')
>>> parse("4c@j6")
Traceback (most recent call last):
  ...
game.core.IllegalAction: '4c@j6' is not an Onexeno action: write a card, a cell and a turn (4c@e6, 4c@e6+90) or pass.

A position, through the engine contract (``position`` sets one up for tests;
here the table holds 8a, all dark, on e5; 7b is all dark but its SW corner):

>>> border("7b"), border("8a")
('11111101', '11111111')
>>> s = position(2, table={"e5": "8a"}, hands=["7b 0a", "4a"], deck="3a 3b")
>>> s.view(0)["hand"]                    # 3a was drawn as the turn began
['0a', '3a', '7b']
>>> [a for a in s.legal_actions(0) if a.startswith("7b@f5")]  # the light corner not west
['7b@f5+180', '7b@f5+270']
>>> try:
...     s.apply(0, "7b@f5")
... except core.IllegalAction as e:
...     print(e.code, e.params)
...     print(e)
onexeno.clash {'card': '7b', 'cell': 'f5', 'turn': 0, 'neighbour': 'e5', 'side': 'W', 'cells': ['SW']}
7b on f5 does not match the card on e5 along its west edge: its SW cell is light where e5's is dark.
>>> s.apply(0, "7b@f5+180")              # turned half round: the light corner is NE
>>> s.view(1)["table"]["f5"]
{'card': '7b', 'turn': 180, 'border': '11011111'}

Options
-------
``teams``   0 (default): each for themselves; 2: two teams of two (4 players);
            3: three teams of two (6 players).  Partners sit alternately: seat
            ``p`` plays for team ``p % teams``.
``rounds``  1 (default), 2 or 3 rounds; scores carry over.

Rulings where the rulebook is silent or ambiguous
-------------------------------------------------
- Matching: touching cells agree in colour.  Along a shared edge the three
  facing cells agree in order (my NE with the east card's NW, E with W, SE
  with SW); cards touching only at a corner agree on those two corner cells.
  A card must satisfy every card it touches, by edge and by corner, and must
  touch at least one; a card may touch cards that do not touch each other
  (after a take, the table may be in pieces).
- The box: the cards on the table, with the new one, span at most 5 columns
  and 5 rows.  It is "fixed" in a direction while the cards span 5 there; a
  take may reopen it.
- A line is a run of exactly five cards in a row, column or diagonal through
  the card just placed (the box allows no longer run).  All the lines made at
  once are taken, the card just placed once: at most 4 lines, 17 cards.
- The first dealer is drawn from the seed; the dealer moves one seat on
  (left) each round, and the seat after the dealer plays first.  The deck's
  top card is turned, as printed, onto ``e5``.  If a take empties the table,
  the next card, any of the player's, goes on ``e5`` in any turn.
- Each turn begins with the draw, done by the engine, while the deck has
  cards: nobody else sees the card.  A pass is always allowed.  Once the deck
  is empty (its last card drawn, even at the start of this very turn), a pass
  is final: the player (with teams, both partners) plays no more this round.
  The round ends when every player has passed so, or at once when a player
  places their last card.
- Score: a round scores the values taken less the values left in hand
  (revealed at the round's end).  Mid-round, ``scores`` show the points taken
  (hands are hidden).  With teams, each seat shows its team's total.  The
  highest total wins; equal totals (teams) share the win.
- "A player who sees a mismatched card may take it" cannot arise: the engine
  refuses every mismatch, and says which edge or corner clashes.

What each player may see
------------------------
``view(seat)`` adds to the common keys:

===============  ===========================================================
``table``        ``cell -> {card, turn, border}`` (border: 8 digits, 1 dark)
``box``          the columns and rows the cards span, and those the box is
                 fixed to (``fixed_columns``, ``fixed_rows``; None if open)
``hand``         the seat's own cards (None for a spectator); ``drawn``: the
                 card it drew this turn (to the seat to move only)
``hand_counts``  every hand's size; ``deck``: the deck's size;
                 ``end_phase``: the deck is empty (a pass is final)
``passed``       per seat: out for good this round
``taken``        per seat: the cards taken this round; ``points``: their sum
``last``         the last action (``start``, ``place`` or ``pass``)
``last_take``    the last take: its ``lines``, ``cells``, ``cards``,
                 ``points``, ``seat`` and the table's ``shift`` after it
``results``      per finished round: ``taken``, ``hands`` (shown then),
                 ``left``, ``points`` and the ``reason`` it ended
===============  ===========================================================

plus ``round``, ``rounds``, ``dealer``, ``turn``, ``teams`` and ``team_of``.
Nobody sees another hand or the deck.  Helpers for a screen: :func:`cell_xy`,
:func:`cell_name`, :func:`cells`, :func:`border`, :func:`turns_of`,
:meth:`OnexenoState.spots` (where a card may go, and what it must show) and
:meth:`OnexenoState.gaps` (where a card would complete a line).

Determinizing
-------------
Nothing a player does reveals a card in hand beyond those placed (a pass may
be chosen), so ``determinize(seat, rng)`` gathers the other hands and the
deck, sorted, and deals them back at random into the same places (the hands
keep their sizes).  The seed of the rounds to come is redrawn too.
"""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from . import core
from .cards import seeded, shuffle

# -- the cards ------------------------------------------------------------------------

POSITIONS = ("NW", "N", "NE", "E", "SE", "S", "SW", "W")   # bit i of a pattern: clockwise
TURNS = (0, 90, 180, 270)                                   # clockwise, in degrees
HAND = 5
FRAME = 9                    # the table's cells: a 9x9 frame, columns a-i, rows 1-9
BOX = 5                      # the cards always fit in a 5x5 box
MIDDLE = (4, 4)              # e5
COLUMNS = "abcdefghi"
LETTERS = "abcdefghijklmnopqrst"


def rotate(pattern: int, quarters: int) -> int:
    """``pattern`` turned ``quarters`` quarter turns clockwise (cell i goes to i + 2)."""
    k = 2 * (quarters % 4)
    return ((pattern << k) | (pattern >> (8 - k))) & 0xFF


def _printed(pattern: int) -> int:
    return min(rotate(pattern, q) for q in range(4))


def deck() -> tuple:
    """The printed patterns of the 70 cards, in card order (by value, then pattern).

    >>> d = deck()
    >>> len(d), len({_printed(p) for p in range(256)})
    (70, 70)
    """
    pats = sorted({_printed(p) for p in range(256)}, key=lambda p: (bin(p).count("1"), p))
    return tuple(pats)


def _ids() -> tuple:
    out, seen = [], {}
    for p in deck():
        v = bin(p).count("1")
        seen[v] = seen.get(v, -1) + 1
        out.append(f"{v}{LETTERS[seen[v]]}")
    return tuple(out)


CARDS: tuple = _ids()                                   # card ids, in deck order
PATTERN: dict = dict(zip(CARDS, deck()))                # id -> printed pattern
VALUE: dict = {c: int(c[0]) for c in CARDS}             # id -> value
INDEX: dict = {c: i for i, c in enumerate(CARDS)}


def turns_of(card: str) -> tuple:
    """The turns (degrees) that give ``card`` distinct looks: the smaller of two alike.

    >>> turns_of("0a"), turns_of("4j"), turns_of("1a"), border("4j")
    ((0,), (0, 90), (0, 90, 180, 270), '11001100')
    """
    seen, out = set(), []
    for q, t in enumerate(TURNS):
        p = rotate(PATTERN[card], q)
        if p not in seen:
            seen.add(p)
            out.append(t)
    return tuple(out)


def pattern(card: str, turn: int = 0) -> int:
    """The pattern ``card`` shows when turned ``turn`` degrees clockwise."""
    return rotate(PATTERN[card], turn // 90)


def border(card: str, turn: int = 0) -> str:
    """The border cells ``NW N NE E SE S SW W`` of ``card`` turned ``turn``: 1 dark, 0 light."""
    p = pattern(card, turn)
    return "".join("1" if p >> i & 1 else "0" for i in range(8))


# -- the grid -------------------------------------------------------------------------


def cell_name(x: int, y: int) -> str:
    """``(0, 0)`` is ``a1``, the bottom left of the frame; x to the right, y up."""
    return f"{COLUMNS[x]}{y + 1}"


def cell_xy(cell: str) -> tuple:
    """The coordinates of a cell's name.

    >>> cell_xy("e5"), cell_xy("a1"), cell_xy("i9")
    ((4, 4), (0, 0), (8, 8))
    """
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def cells() -> tuple:
    """Every cell of the frame, row by row from ``a1`` (cell index ``y * 9 + x``)."""
    return tuple(cell_name(x, y) for y in range(FRAME) for x in range(FRAME))


CELLS = cells()

# The 8 neighbours: (name, dx, dy, (my cells), (their facing cells)).
SIDES = (
    ("E", 1, 0, (2, 3, 4), (0, 7, 6)),
    ("N", 0, 1, (0, 1, 2), (6, 5, 4)),
    ("W", -1, 0, (0, 7, 6), (2, 3, 4)),
    ("S", 0, -1, (6, 5, 4), (0, 1, 2)),
    ("NE", 1, 1, (2,), (6,)),
    ("NW", -1, 1, (0,), (4,)),
    ("SW", -1, -1, (6,), (2,)),
    ("SE", 1, -1, (4,), (0,)),
)
SIDE_NAMES = {"E": "east edge", "N": "north edge", "W": "west edge", "S": "south edge",
              "NE": "north-east corner", "NW": "north-west corner",
              "SW": "south-west corner", "SE": "south-east corner"}
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
_COLOUR = ("light", "dark")


def _neighbours_table() -> tuple:
    """Per cell index: ((neighbour index, my mask, [(my bit, their bit)...], side), ...)."""
    out = []
    for y in range(FRAME):
        for x in range(FRAME):
            row = []
            for name, dx, dy, mine, theirs in SIDES:
                nx, ny = x + dx, y + dy
                if 0 <= nx < FRAME and 0 <= ny < FRAME:
                    row.append((ny * FRAME + nx, tuple(zip(mine, theirs)), name))
            out.append(tuple(row))
    return tuple(out)


_NEIGHBOURS = _neighbours_table()


def _windows() -> tuple:
    """Per cell index: the runs of five cells through it, ``(bit mask, cell indices sorted by
    column then row)``, by direction as :data:`LINES`.  A run of five full is a line: the box
    allows no longer one."""
    through = [[] for _ in range(FRAME * FRAME)]
    for dx, dy in LINES:
        for y in range(FRAME):
            for x in range(FRAME):
                run = [(x + k * dx, y + k * dy) for k in range(BOX)]
                if all(0 <= cx < FRAME and 0 <= cy < FRAME for cx, cy in run):
                    cells_ = sorted((cy * FRAME + cx for cx, cy in run),
                                    key=lambda j: (j % FRAME, j // FRAME))
                    mask = sum(1 << j for j in cells_)
                    for j in cells_:
                        through[j].append((mask, tuple(cells_)))
    return tuple(tuple(w) for w in through)


_THROUGH = _windows()
_ALL_WINDOWS = tuple({w for ws in _THROUGH for w in ws})        # the 140 runs of five

# -- notation ---------------------------------------------------------------------------

_PLACE = re.compile(r"([0-8][a-t])@([a-i][1-9])(?:\+(90|180|270))?")


class Action(NamedTuple):
    """One parsed action: ``kind`` is "place" or "pass"."""

    kind: str
    card: str | None = None
    cell: str | None = None
    turn: int = 0

    def __str__(self) -> str:
        if self.kind == "pass":
            return "pass"
        return f"{self.card}@{self.cell}" + (f"+{self.turn}" if self.turn else "")


def parse(text: str) -> Action:
    """Reads one action string; raises IllegalAction (``onexeno.syntax``)."""
    if isinstance(text, str):
        if text == "pass":
            return Action("pass")
        m = _PLACE.fullmatch(text)
        if m and m.group(1) in INDEX:
            return Action("place", m.group(1), m.group(2), int(m.group(3) or 0))
    raise core.IllegalAction(
        f"{text!r} is not an Onexeno action: write a card, a cell and a turn (4c@e6, "
        f"4c@e6+90) or pass.", "onexeno.syntax",
        action=text if isinstance(text, str) else repr(text))


def _action(card: str, cell: int, turn: int) -> str:
    return f"{card}@{CELLS[cell]}" + (f"+{turn}" if turn else "")


# Per card: ((turn, pattern), ...) of its distinct looks (the bots match gaps with it).
LOOKS = {c: tuple((t, pattern(c, t)) for t in turns_of(c)) for c in CARDS}
# Per (card, turn) on the table: its border, as a view gives it (a third of a view's time).
_BORDERS = {(c, t): border(c, t) for c in CARDS for t in TURNS}


def _player(seat: int) -> str:
    return f"Player {seat + 1}"


class OnexenoState(core.TurnState):
    """A game of Onexeno; see the module docstring for the rules and notation."""

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(players, seed, options)
        teams = options["teams"]
        if teams and players != 2 * teams:
            raise ValueError(f"{teams} teams of two need {2 * teams} players, not {players}")
        self._teams = teams
        self._rounds = options["rounds"]
        self._round = 0
        self._carried = [0] * players          # points of the rounds already played
        self._results: list = []               # one dict per finished round (never mutated)
        rng = seeded(seed, "onexeno")
        self._dealer = rng.randrange(players)
        self._next_seed = rng.getrandbits(62)
        self._new_round()

    # -- setting up a round -------------------------------------------------------------

    def _new_round(self) -> None:
        n = self.players
        rng = random.Random(self._next_seed)
        cards = list(CARDS)
        shuffle(cards, rng)
        self._next_seed = rng.getrandbits(62)
        self._round += 1
        self._hands = [tuple(sorted(cards[p * HAND:(p + 1) * HAND], key=INDEX.__getitem__))
                       for p in range(n)]
        start = cards[n * HAND]
        self._deck = cards[n * HAND + 1:]      # drawn from the end: the top is the last
        self._deck.reverse()
        self._table = [None] * (FRAME * FRAME)  # (card, turn) or None
        self._pats = [-1] * (FRAME * FRAME)      # the pattern shown, -1 on an empty cell
        self._put(MIDDLE[1] * FRAME + MIDDLE[0], start, 0)
        self._taken = [[] for _ in range(n)]
        self._out = [False] * n
        self._last: dict | None = {"type": "start", "card": start, "cell": "e5"}
        self._last_take: dict | None = None
        self._drawn: str | None = None
        self._begin_turn((self._dealer + 1) % n)

    def _put(self, i: int, card: str, turn: int) -> None:
        self._table[i] = (card, turn)
        self._pats[i] = pattern(card, turn)

    # -- the contract ---------------------------------------------------------------

    def legal_actions(self, seat: int) -> list:
        if type(seat) is not int or seat != self._turn or seat < 0:
            return []
        return list(self._legal())

    def _apply(self, seat: int, action: str) -> None:
        if not self._listed(action):
            raise self._refusal(seat, action)
        if action == "pass":
            self._pass(seat)
        else:
            a = parse(action)
            x, y = cell_xy(a.cell)
            self._place(seat, a.card, y * FRAME + x, a.turn)

    def _copy_into(self, other: OnexenoState) -> None:
        other._teams = self._teams
        other._rounds = self._rounds
        other._round = self._round
        other._carried = self._carried.copy()
        other._results = self._results.copy()
        other._dealer = self._dealer
        other._next_seed = self._next_seed
        other._hands = self._hands.copy()        # tuples
        other._deck = self._deck.copy()
        other._table = self._table.copy()        # tuples or None
        other._pats = self._pats.copy()
        other._taken = [t.copy() for t in self._taken]
        other._out = self._out.copy()
        other._last = self._last                 # never mutated, only replaced
        other._last_take = self._last_take
        other._drawn = self._drawn
        other._turn = self._turn
        other._cache = self._cache               # never mutated, only replaced
        other._cache_set = self._cache_set

    def _points(self) -> list:
        """Per seat, mid-round: the rounds carried plus the points taken this round."""
        return [self._carried[p] + sum(VALUE[c] for c in self._taken[p])
                for p in range(self.players)]

    @property
    def scores(self) -> list:
        if self._turn < 0:
            own = list(self._carried)
        else:
            own = self._points()
        t = self._teams
        if not t:
            return own
        team = [0] * t
        for p, v in enumerate(own):
            team[p % t] += v
        return [team[p % t] for p in range(self.players)]

    @property
    def round(self) -> int:
        """The round being played (the last one, once the game is over)."""
        return self._round

    def determinize(self, seat: int, rng) -> OnexenoState:
        d = self.clone()
        d._next_seed = rng.getrandbits(62)
        if self._turn < 0:
            return d
        pool = list(self._deck)
        for p, hand in enumerate(self._hands):
            if p != seat:
                pool.extend(hand)
        pool.sort(key=INDEX.__getitem__)
        rng.shuffle(pool)
        self._deal_hidden(d, seat, pool)
        return d

    def _deal_hidden(self, d: OnexenoState, seat: int | None, order: list) -> None:
        """Deals ``order`` into the places ``seat`` cannot see: the deck, then the other
        hands by seat."""
        k = len(self._deck)
        d._deck = order[:k]
        for p, hand in enumerate(self._hands):
            if p != seat:
                d._hands[p] = tuple(sorted(order[k:k + len(hand)], key=INDEX.__getitem__))
                k += len(hand)
        if d._turn != seat:
            d._drawn = None
        d._cache = d._cache_set = None

    # -- the view -------------------------------------------------------------------

    def box(self) -> dict:
        """The columns and rows the cards span (``None`` on an empty table), and those the box
        is fixed to (the cards span 5), else None."""
        occupied = [i for i, t in enumerate(self._table) if t is not None]
        if not occupied:
            return {"columns": None, "rows": None, "fixed_columns": None, "fixed_rows": None}
        xs = [i % FRAME for i in occupied]
        ys = [i // FRAME for i in occupied]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        cols = [COLUMNS[x0], COLUMNS[x1]]
        rows = [y0 + 1, y1 + 1]
        return {"columns": cols, "rows": rows,
                "fixed_columns": cols if x1 - x0 + 1 == BOX else None,
                "fixed_rows": rows if y1 - y0 + 1 == BOX else None}

    def _view(self, seat: int | None) -> dict:
        table = {}
        for i, t in enumerate(self._table):
            if t is not None:
                table[CELLS[i]] = {"card": t[0], "turn": t[1], "border": _BORDERS[t]}
        over = self._turn < 0
        return {
            "round": self._round,
            "rounds": self._rounds,
            "dealer": self._dealer,
            "teams": self._teams,
            "team_of": [p % self._teams for p in range(self.players)] if self._teams else None,
            "turn": None if over else self._turn,
            "table": table,
            "box": self.box(),
            "hand": list(self._hands[seat]) if seat is not None else None,
            "drawn": self._drawn if seat is not None and seat == self._turn else None,
            "hand_counts": [len(h) for h in self._hands],
            "deck": len(self._deck),
            "end_phase": not self._deck,
            "passed": self._out.copy(),
            "taken": [list(t) for t in self._taken],
            "points": [sum(VALUE[c] for c in t) for t in self._taken],
            "last": dict(self._last) if self._last else None,
            "last_take": _copy_take(self._last_take),
            "results": [_copy_result(r) for r in self._results],
        }

    # -- legal actions --------------------------------------------------------------

    def _legal(self) -> list:
        if self._cache is None:
            self._cache = self._generate()
            self._cache_set = None
        return self._cache

    def _legal_set(self) -> frozenset:
        if self._cache_set is None:
            self._cache_set = frozenset(self._legal())
        return self._cache_set

    def _listed(self, action: str) -> bool:
        """Whether ``action`` is in :meth:`_legal`, without listing them all when they are not
        listed yet: a replay applies actions that nobody listed (listing them was most of a
        replay's time).  The same test as :meth:`_generate`'s, for one action."""
        if self._cache is not None or type(action) is not str:
            return action in self._legal_set()
        if action == "pass":
            return True
        m = _PLACE.fullmatch(action)
        if m is None or m.group(1) not in self._hands[self._turn]:
            return False
        card, turn = m.group(1), int(m.group(3) or 0)
        shown = next((p for t, p in LOOKS[card] if t == turn), None)
        x, y = cell_xy(m.group(2))
        i = y * FRAME + x
        if shown is None or _action(card, i, turn) != action or self._pats[i] >= 0:
            return False
        region = self._region()
        if region is None:
            return i == MIDDLE[1] * FRAME + MIDDLE[0]
        lo_x, hi_x, lo_y, hi_y = region
        if not (lo_x <= x <= hi_x and lo_y <= y <= hi_y):
            return False
        demand = self._demand(i)
        return demand is not None and shown & demand[0] == demand[1]

    def _region(self):
        """The columns and rows a new card may take, ``(x0, x1, y0, y1)``: touching the cards'
        span, within the box and the frame; None on an empty table."""
        occupied = [i for i, q in enumerate(self._pats) if q >= 0]
        if not occupied:
            return None
        xs = [i % FRAME for i in occupied]
        ys = [i // FRAME for i in occupied]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        return (max(x0 - 1, x1 - BOX + 1, 0), min(x1 + 1, x0 + BOX - 1, FRAME - 1),
                max(y0 - 1, y1 - BOX + 1, 0), min(y1 + 1, y0 + BOX - 1, FRAME - 1))

    def _demand(self, i: int):
        """What a card on free cell ``i`` must show, ``(mask, bits)``: a pattern ``p`` fits iff
        ``p & mask == bits``; None if it would touch no card, or if two cards ask both colours
        of one of its cells."""
        pats = self._pats
        mask = bits = 0
        touching = False
        for j, pairs, _ in _NEIGHBOURS[i]:
            q = pats[j]
            if q < 0:
                continue
            touching = True
            for mine, theirs in pairs:
                want = (q >> theirs & 1) << mine
                if mask >> mine & 1:
                    if bits & (1 << mine) != want:
                        return None
                else:
                    mask |= 1 << mine
                    bits |= want
        return (mask, bits) if touching else None

    def spots(self) -> list:
        """The free cells a card may go on now, each with what it must show: a list of
        ``(cell index, mask, bits)`` (see :meth:`_demand`)."""
        region = self._region()
        if region is None:
            return [(MIDDLE[1] * FRAME + MIDDLE[0], 0, 0)]
        lo_x, hi_x, lo_y, hi_y = region
        pats = self._pats
        out = []
        for y in range(lo_y, hi_y + 1):
            for x in range(lo_x, hi_x + 1):
                i = y * FRAME + x
                if pats[i] < 0:
                    demand = self._demand(i)
                    if demand is not None:
                        out.append((i, *demand))
        return out

    def _occupied(self) -> int:
        """The cells holding a card, as a bit mask (bit ``i``: cell index ``i``)."""
        occ = 0
        for i, q in enumerate(self._pats):
            if q >= 0:
                occ |= 1 << i
        return occ

    def gaps(self) -> list:
        """The free cells where a card would complete lines of five now: a list of
        ``(cell, mask, bits, cells taken)``, cells as names, ``mask``/``bits`` as in
        :meth:`spots` (the screen's hint, the bots' sense of danger)."""
        occ = self._occupied()
        free = set()
        for mask, _ in _ALL_WINDOWS:
            rest = mask & ~occ
            if rest and not rest & (rest - 1):              # 4 of the 5 hold a card
                free.add(rest.bit_length() - 1)
        if not free:
            return []
        lo_x, hi_x, lo_y, hi_y = self._region()
        out = []
        for i in sorted(free):
            if lo_x <= i % FRAME <= hi_x and lo_y <= i // FRAME <= hi_y:
                demand = self._demand(i)
                if demand is not None:
                    taken = sorted({j for line in self._lines(i) for j in line})
                    out.append((CELLS[i], *demand, [CELLS[j] for j in taken]))
        return out

    def _generate(self) -> list:
        seat = self._turn
        if seat < 0:
            return []
        spots = self.spots()
        out = ["pass"]
        for card in set(self._hands[seat]):
            for turn, p in LOOKS[card]:
                for i, mask, bits in spots:
                    if p & mask == bits:
                        out.append(_action(card, i, turn))
        out.sort()
        return out

    # -- changing the position --------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self._turn = seat
        self._cache = self._cache_set = None
        if self._deck:
            card = self._deck.pop()
            self._drawn = card
            self._hands[seat] = tuple(sorted(self._hands[seat] + (card,), key=INDEX.__getitem__))
        else:
            self._drawn = None

    def _next_turn(self, after: int) -> None:
        n = self.players
        for k in range(1, n + 1):
            p = (after + k) % n
            if not self._out[p]:
                self._begin_turn(p)
                return
        self._end_round("all_passed")

    def _pass(self, seat: int) -> None:
        final = not self._deck
        if final:
            for p in range(self.players):
                if p == seat or (self._teams and p % self._teams == seat % self._teams):
                    self._out[p] = True
        self._last = {"type": "pass", "seat": seat, "final": final}
        self._next_turn(seat)

    def _place(self, seat: int, card: str, i: int, turn: int) -> None:
        hand = list(self._hands[seat])
        hand.remove(card)
        self._hands[seat] = tuple(hand)
        self._put(i, card, turn)
        self._last = {"type": "place", "seat": seat, "card": card, "cell": CELLS[i],
                      "turn": turn}
        lines = self._lines(i)
        if lines:
            self._take(seat, lines)
        if not hand:
            self._end_round("last_card")
        else:
            self._next_turn(seat)

    def _lines(self, i: int) -> list:
        """The lines of five through cell ``i`` (as if it held a card): lists of cell indices,
        by column then row, in the order of :data:`LINES`."""
        occ = self._occupied() | 1 << i
        return [list(cells_) for mask, cells_ in _THROUGH[i] if occ & mask == mask]

    def _take(self, seat: int, lines: list) -> None:
        cells_taken = sorted({j for line in lines for j in line})
        cards = [self._table[j][0] for j in cells_taken]
        for j in cells_taken:
            self._table[j] = None
            self._pats[j] = -1
        self._taken[seat].extend(cards)
        shift = self._recentre()
        self._last_take = {"seat": seat, "lines": [[CELLS[j] for j in line] for line in lines],
                           "cells": [CELLS[j] for j in cells_taken], "cards": cards,
                           "points": sum(VALUE[c] for c in cards), "shift": shift}

    def _recentre(self) -> list:
        """Moves the cards to the middle of the frame in each direction where the take left
        them off its middle column (row); returns the move [dx, dy].  Cards that cover the
        middle, ``lo <= 4 <= hi``, have their whole box in the frame (it reaches ``hi - 4`` to
        ``lo + 4``), and placements only spread them, so they cover it until the next take."""
        occupied = [i for i, t in enumerate(self._table) if t is not None]
        if not occupied:
            return [0, 0]
        move = []
        for coords in ([i % FRAME for i in occupied], [i // FRAME for i in occupied]):
            lo, hi = min(coords), max(coords)
            move.append((FRAME - (hi - lo + 1)) // 2 - lo if self._off_centre(lo, hi) else 0)
        dx, dy = move
        if dx or dy:
            table, pats = [None] * (FRAME * FRAME), [-1] * (FRAME * FRAME)
            for i in occupied:
                j = (i // FRAME + dy) * FRAME + i % FRAME + dx
                table[j], pats[j] = self._table[i], self._pats[i]
            self._table, self._pats = table, pats
        return move

    @staticmethod
    def _off_centre(lo: int, hi: int) -> bool:
        """Whether cards spanning ``lo..hi`` (columns or rows) must move after a take."""
        return not lo <= FRAME // 2 <= hi

    def _end_round(self, reason: str) -> None:
        n = self.players
        taken = [sum(VALUE[c] for c in t) for t in self._taken]
        left = [sum(VALUE[c] for c in h) for h in self._hands]
        result = {"round": self._round, "reason": reason,
                  "taken": taken, "hands": [list(h) for h in self._hands], "left": left,
                  "points": [taken[p] - left[p] for p in range(n)]}
        self._results.append(result)
        self._carried = [self._carried[p] + result["points"][p] for p in range(n)]
        self._drawn = None
        if self._round >= self._rounds:
            self._turn = -1
            self._cache = self._cache_set = None
            return
        self._dealer = (self._dealer + 1) % n
        self._new_round()

    # -- explaining a refusal -----------------------------------------------------------

    def _refusal(self, seat: int, text: str) -> core.IllegalAction:
        """The precise reason why ``text`` is not legal now (called only then)."""
        a = parse(text)
        who = _player(seat)
        card, cell, turn = a.card, a.cell, a.turn
        if card not in self._hands[seat]:
            return core.IllegalAction(f"{who} has no card {card} in hand.", "onexeno.no_card",
                                      card=card)
        if turn not in turns_of(card):
            same = str(Action("place", card, cell, next(
                t for t in turns_of(card) if pattern(card, t) == pattern(card, turn))))
            return core.IllegalAction(
                f"{card} looks the same turned {turn}°: write {same}.", "onexeno.same_turn",
                card=card, turn=turn, write=same)
        x, y = cell_xy(cell)
        i = y * FRAME + x
        if self._table[i] is not None:
            return core.IllegalAction(f"{cell} already holds a card.", "onexeno.occupied",
                                      cell=cell)
        occupied = [j for j, t in enumerate(self._table) if t is not None]
        if not occupied:
            return core.IllegalAction(
                "The table is empty: the next card goes in the middle, on e5.",
                "onexeno.middle", cell=cell)
        if all(self._pats[j] < 0 for j, _, _ in _NEIGHBOURS[i]):
            return core.IllegalAction(
                f"A card on {cell} would touch no card: it must touch the table by an edge or "
                f"a corner.", "onexeno.not_touching", cell=cell)
        for axis, coords, here in (("columns", [j % FRAME for j in occupied], x),
                                   ("rows", [j // FRAME for j in occupied], y)):
            span = max(max(coords), here) - min(min(coords), here) + 1
            if span > BOX:
                return core.IllegalAction(
                    f"A card on {cell} would spread the table over {span} {axis}: the cards "
                    f"must fit in a 5x5 box.", "onexeno.box", cell=cell, axis=axis, span=span)
        p = pattern(card, turn)
        for j, pairs, side in _NEIGHBOURS[i]:
            q = self._pats[j]
            if q < 0:
                continue
            bad = [POSITIONS[m] for m, t in pairs if (p >> m & 1) != (q >> t & 1)]
            if bad:
                nb = CELLS[j]
                what = "; ".join(
                    f"its {m} cell is {_COLOUR[p >> POSITIONS.index(m) & 1]} where {nb}'s is "
                    f"{_COLOUR[1 - (p >> POSITIONS.index(m) & 1)]}" for m in bad)
                return core.IllegalAction(
                    f"{card} on {cell} does not match the card on {nb} along its "
                    f"{SIDE_NAMES[side]}: {what}.", "onexeno.clash", card=card, cell=cell,
                    turn=turn, neighbour=nb, side=side, cells=bad)
        return core.IllegalAction(f"{text} is not legal now.", "onexeno.illegal", action=text)


def _copy_take(t: dict | None) -> dict | None:
    if t is None:
        return None
    return {"seat": t["seat"], "lines": [list(x) for x in t["lines"]], "cells": list(t["cells"]),
            "cards": list(t["cards"]), "points": t["points"], "shift": list(t["shift"])}


def _copy_result(r: dict) -> dict:
    return {"round": r["round"], "reason": r["reason"], "taken": list(r["taken"]),
            "hands": [list(h) for h in r["hands"]], "left": list(r["left"]),
            "points": list(r["points"])}


# -- setting up a position (tests, puzzles, rules pages) --------------------------------


@core.sets_up
def position(players: int = 2, *, table=None, hands=None, deck="", taken=None, turn: int = 0,
             out=(), teams: int = 0, seed: int = 0) -> OnexenoState:
    """A state set up directly, for tests, puzzles and the rules pages' examples (its
    record carries them, and replays to it: :func:`game.core.sets_up`).

    ``table`` maps cells to cards (``"4c"`` as printed, ``"4c+90"`` turned); ``hands`` lists
    one string per seat (``"4c 7a"``); ``deck`` lists the deck from its top (the next card
    drawn first).  Seat ``turn`` is given the turn (and draws, if the deck has cards).
    A table off the middle column or row is moved there, as after a take, so that its box
    lies in the frame (its cell names change: ``{"e2": .., "e1": ..}`` lies on e5 and e4);
    one wider than the 5x5 box is refused.
    """
    s = core.new_game("onexeno", players=players, seed=seed, teams=teams)
    s._table = [None] * (FRAME * FRAME)
    s._pats = [-1] * (FRAME * FRAME)
    for cell, spec in (table or {}).items():
        card, _, t = spec.partition("+")
        x, y = cell_xy(cell)
        s._put(y * FRAME + x, card, int(t or 0))
    for axis, coords in (("columns", [cell_xy(c)[0] for c in table or ()]),
                         ("rows", [cell_xy(c)[1] for c in table or ()])):
        if coords and max(coords) - min(coords) + 1 > BOX:
            raise ValueError(f"the table spans {max(coords) - min(coords) + 1} {axis}: "
                             f"the cards must fit in a 5x5 box")
    s._recentre()
    s._hands = [tuple(sorted((h or "").split(), key=INDEX.__getitem__))
                for h in (hands or [""] * players)]
    s._deck = list(reversed(deck.split()))
    s._taken = [list(t.split()) for t in taken] if taken else [[] for _ in range(players)]
    s._out = [p in out for p in range(players)]
    s._last = s._last_take = None
    used = [c for h in s._hands for c in h] + s._deck + [t[0] for t in s._table if t]
    used += [c for t in s._taken for c in t]
    if len(set(used)) != len(used) or not set(used) <= set(CARDS):
        raise ValueError("a card is used twice, or is no card")
    s._begin_turn(turn)
    return s




# -- records written before the table moved on every off-centre take (2026-11-27) ---------------


class _EdgeRecentred(OnexenoState):
    """The table as it moved until 2026-11-27: only when a take left the cards against the
    frame's edge, so that a later card could reach the edge with the box still open, and the
    cells past it were missing.  Kept to read the records and links written then."""

    @staticmethod
    def _off_centre(lo: int, hi: int) -> bool:
        return hi - lo + 1 < BOX and (lo == 0 or hi == FRAME - 1)


def migrate(record: dict) -> dict:
    """A record written before 2026-11-27, its placements renamed for the table of today: the
    same game, move for move.

    Both tables hold the same cards; after some takes the old one lies elsewhere in the frame
    (it moved less), so each placement is moved by the difference.  The old table refused
    cells the new one offers, never the reverse, so every old game replays.  An illegal old
    record raises ValueError (``IllegalAction``) naming the action.

    >>> rec = {"game": "onexeno", "players": 2, "seed": 231, "options": {}, "actions": [
    ...     [1, "1b@d4+270"], [0, "3g@c3+180"], [1, "5h@d2+270"], [0, "6h@b2+90"],
    ...     [1, "5g@f6+270"], [0, "6c@d1+90"]]}
    >>> [a for _, a in migrate(rec)["actions"][4:]]     # the take left d2 alone: now on e5
    ['5g@f6+270', '6c@e4+90']
    """
    options = record.get("options") or {}
    old = core.new_game_of(0, "onexeno", record["players"], record["seed"], **options)
    new = core.new_game("onexeno", record["players"], record["seed"], **options)
    actions = []
    for seat, action in record["actions"]:
        dx, dy = _offset(old, new)
        old.apply(seat, action)
        if action != "pass":
            a = parse(action)
            x, y = cell_xy(a.cell)
            action = str(a._replace(cell=cell_name(x + dx, y + dy)))
        new.apply(seat, action)
        actions.append([seat, action])
    return dict(record, actions=actions)


def _offset(a: OnexenoState, b: OnexenoState) -> tuple:
    """How far ``b``'s table lies from ``a``'s, which holds the same cards: ``(dx, dy)``."""
    for i, t in enumerate(a._table):
        if t is not None:
            j = b._table.index(t)
            return j % FRAME - i % FRAME, j // FRAME - i // FRAME
    return 0, 0


INFO = core.register(core.GameInfo(
    "onexeno", "Onexeno", 2, 7,
    options=(core.Option("teams", 0, (0, 2, 3)), core.Option("rounds", 1, (1, 2, 3))),
    position=position,
    state_class=OnexenoState,
    author="Raymond Lauzzana",
    hidden=True,
    code=4,
    revisions={1: core.Revision(before=_EdgeRecentred, upgrade=migrate)},   # core.RULES
))
OnexenoState.info = INFO
