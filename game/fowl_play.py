"""Fowl Play (Richard Breese, R&D Games 2006): foxes after a balanced diet.

Two to four players each move a fox on a board of 127 hexagons, among 36
poultry: 9 each of chickens, ducks, geese and turkeys, each bird one of three
colours (black, brown, white) and one of three shapes (circle, hexagon,
square), one card per bird (``docs/RULES.md`` lists them).  Each player keeps a
secret *target* card.  Every round, each player plays a card from a hand of 3,
all at once and in secret; the cards revealed, the lowest plays first.  In
that order each player moves poultry that share a trait with the card played
(3 steps in all), then in the same order each fox moves up to 2 steps and
captures the bird it lands on.  The game ends at the end of a round with 8
birds or fewer on the board, or of the round that turns the last "clear turn"
card (turned at the end of each round, but the first, in which nothing was
captured).  Points: majorities of captured colours and shapes, sets of the
four types, and the survivors that look like one's target.

The board
---------
Rows ``a`` (top) to ``k`` (bottom), alternately 12 and 11 cells, columns from
1 on the left; odd rows (``b``, ``d``...) are shifted half a cell to the right
(:mod:`game.hexgrid`, the geometry a screen uses too).  The cell of row
``r`` and column ``c``, counted from 0, is the ``r``-th letter then ``c + 1``:
``(5, 5)`` is ``f6``.  The den is ``f6`` and its six neighbours; the seven tunnel entrances
are ``f6 d3 d9 h3 h9 f2 f10``.  The chickens start on ``a1-a5 b1-b4``, the
ducks on ``a8-a12 b8-b11``, the geese on ``j1-j4 k1-k5``, the turkeys on
``j8-j11 k8-k12``, each type's 9 in an order drawn from the seed.

Cards and birds
---------------
A card, and its bird, is its number 1-36 (:data:`CARDS` gives its type,
colour and shape).  In a view, birds and cards are these numbers.

Notation
--------
==============  ================================================================
``target 12``   keep card 12 as your secret target (at the start, from 4 cards)
``fox e6``      place your fox on den cell e6 (at the start, in turn)
``play 7``      play card 7 this round (secretly; revealed when all have played)
``b3-c3``       move the bird on b3 one step, to c3 (up to 3 steps a turn)
``fox e6-d6``   move your fox one step (up to 2 steps), or through the tunnels:
                ``fox f6-d3`` from one entrance to another
``done``        end your bird steps or your fox move early
==============  ================================================================

A turn is a few single steps, so that a choice is small (a bot's too): a
player's third bird step, a fox's second step and a capture on a fox's first
step end that part of the turn by themselves.  :func:`parse` reads an action;
``str()`` writes it back.  ``legal_actions`` lists plain ``sorted()`` strings.

>>> parse("target 12"), parse("play 7")
(Action(kind='target', card=12, frm=None, to=None), Action(kind='play', card=7, frm=None, to=None))
>>> parse("b3-c3"), parse("fox e6")
(Action(kind='step', card=None, frm='b3', to='c3'), Action(kind='place', card=None, frm=None, to='e6'))
>>> str(parse("fox f6-d3")), str(parse("done"))
('fox f6-d3', 'done')
>>> parse("b3-d3")
Traceback (most recent call last):
  ...
game.core.IllegalAction: 'b3-d3' is not an action: write target 12, fox e6, play 7, b3-c3 (a step to a next cell), fox e6-d6 or done.

A round, through the engine contract (``position`` sets up a board for
tests: two players, seat 0's fox on f4 with card 5 played, seat 1's on f9):

>>> s = position({"f4": 0, "f9": 1}, {"c4": 5, "f7": 21}, hands=[[5, 9, 30], [2, 3, 4]],
...              targets=[1, 36], round=2)
>>> s.legal_actions(1)
['play 2', 'play 3', 'play 4']
>>> s.apply(0, "play 5"); s.to_move               # seat 1 still chooses
(1,)
>>> s.view(1)["chosen"]                           # played, not yet shown
[True, None]
>>> s.apply(1, "play 2")
>>> s.view(1)["chosen"], s.view(1)["order"]        # revealed: the lowest card first
([5, 2], [1, 0])
>>> s.apply(1, "done"); s.legal_actions(0)[:4]     # the brown duck circle may move 5's kin
['c4-b3', 'c4-b4', 'c4-c3', 'c4-c5']
>>> try:
...     s.apply(0, "c4-d4")                        # 2 cells from the fox on f4: not closer
... except core.IllegalAction as e:
...     print(e.code, e.params)
fowl_play.too_close {'bird': 5, 'cell': 'c4', 'to': 'd4', 'distance': 3, 'closer': 2}
>>> s.apply(0, "done"); s.to_move                  # now the foxes, in the same order
(1,)
>>> s.apply(1, "fox f9-f8"); s.apply(1, "fox f8-f7"); s.view()["captured"]
[[], [21]]

Rulings where the rulebook is silent or ambiguous
-------------------------------------------------
The lost board is the reconstruction of ``docs/RULES.md``; the rules below are
the project's reading of the rulebook, gathered there too.

- Distances are plain steps across the board (birds do not block them, a
  tunnel entrance is an ordinary cell), to the nearest fox, anyone's.  "At
  two cells" is distance 3.  A bird's step from ``a`` to ``b`` is legal iff
  ``b`` is a free next cell, not a tunnel entrance, and ``D(b) >= min(D(a),
  3)``: a bird far from the foxes stays 3 or more away; a nearer one may move
  only to cells no closer, and once further it may not come back.
- A player's 3 steps may go to up to 3 birds, in any order, each step to any
  bird that shares a trait with the card played (a bird moved by another
  player may be moved again).
- A fox step goes to a next cell; a step that starts on a tunnel entrance may
  instead go to any other free entrance (so a fox starting on one may jump
  then step, or step onto one and jump).  Never onto another fox.  A fox that
  lands on a bird captures it; a capture on the first step ends the move.  In
  round 1 no fox may end its move on ``f6`` (it may pass through).
- The target is chosen by all players at once, in secret, from their 4
  cards; the 3 others are the hand.  Then the foxes are placed one at a time
  (den cells but ``f6``), starting with a player drawn from the seed and going
  round by seat; seat 0's fox is black, 1 brown, 2 orange, 3 white.
- End of a round: first the 8-birds check; then, from round 2 on, a clear-turn
  card is turned if nothing was captured in the round (3 cards with 3-4
  players, 6 with 2; turned cards stay turned).  Then the cards played are
  discarded and each player, in turn order, draws back to 3; an empty pile is
  replaced by the discard, shuffled (each reshuffle's order comes from the
  seed).  Nothing is drawn when the game has ended.
- ``scores`` are the points of the captured birds (public) until the end,
  then the totals.  Ties: among the tied, those whose target survived (if any
  did); then those who captured the fewest birds; then a shared win.

What each player may see
------------------------
``view(seat)`` shows the board (birds and foxes), the birds each fox
captured, the seat's own hand and target, how many cards each player holds,
who has played a card this round (the cards themselves once all have played,
and the seat's own at once), the turn order, the clear-turn cards turned, the
pile's size and the discard (its cards were all shown).  Targets are shown to
all at the end, with the score sheet (``sheet``: the rows of the rulebook's
diagram 8).  Other hands are never shown.

Determinizing
-------------
Nothing a player does reveals anything about their hand or target, so
:meth:`FowlState.determinize` deals the cards the seat has not seen (other
hands, targets, unrevealed cards played, the pile) afresh from a sorted pool,
writes the redrawn secret actions into the world's record, and draws a new
seed for the world's reshuffles.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import cards, core
from .core import IllegalAction
from .hexgrid import Grid

GAME_ID = "fowl_play"

# -- the board ----------------------------------------------------------------

BOARD = Grid([12, 11] * 5 + [12])
NAMES = BOARD.names
NEIGHBOURS = BOARD.neighbours
DIST = BOARD.distances
CENTRE = BOARD.index(5, 5)
DEN = tuple(sorted([CENTRE, *NEIGHBOURS[CENTRE]]))
TUNNELS = tuple(sorted(BOARD.index(r, c) for r, c in
                       ((5, 5), (3, 2), (3, 8), (7, 2), (7, 8), (5, 1), (5, 9))))
IS_TUNNEL = tuple(i in TUNNELS for i in range(len(BOARD)))
TYPES = ("chicken", "duck", "goose", "turkey")
COLOURS = ("black", "brown", "white")
SHAPES = ("circle", "hexagon", "square")
FOX_COLOURS = ("black", "brown", "orange", "white")


def _band(row_a: int, cols_a, row_b: int, cols_b) -> tuple:
    return tuple(sorted([BOARD.index(row_a, c) for c in cols_a] +
                        [BOARD.index(row_b, c) for c in cols_b]))


FOOTPRINTS = (                      # per type, its 9 start cells
    _band(0, range(0, 5), 1, range(0, 4)),       # chickens
    _band(0, range(7, 12), 1, range(7, 11)),     # ducks
    _band(9, range(0, 4), 10, range(0, 5)),      # geese
    _band(9, range(7, 11), 10, range(7, 12)),    # turkeys
)

# -- the 36 cards: number -> (type, colour, shape), as indices into the tuples above ------

_TABLE = """
1 goose brown square      10 goose brown hexagon   19 goose white square    28 duck black circle
2 chicken black circle    11 turkey black circle   20 duck brown hexagon    29 goose black circle
3 turkey white circle     12 goose black square    21 chicken brown circle  30 chicken brown square
4 goose white hexagon     13 turkey white square   22 turkey black square   31 turkey white hexagon
5 duck brown circle       14 duck white hexagon    23 chicken black hexagon 32 goose black hexagon
6 chicken black square    15 chicken brown hexagon 24 duck white square     33 duck black hexagon
7 turkey black hexagon    16 duck black square     25 goose brown circle    34 chicken white circle
8 chicken white hexagon   17 turkey brown circle   26 turkey brown hexagon  35 turkey brown square
9 duck white circle       18 duck brown square     27 chicken white square  36 goose white circle
"""
CARDS = {int(n): (TYPES.index(t), COLOURS.index(c), SHAPES.index(s))
         for n, t, c, s in re.findall(r"(\d+) (\w+) (\w+) (\w+)", _TABLE)}
N_CARDS = 36
TYPE = tuple(CARDS[n][0] if n else -1 for n in range(N_CARDS + 1))     # indexed by number
COLOUR = tuple(CARDS[n][1] if n else -1 for n in range(N_CARDS + 1))
SHAPE = tuple(CARDS[n][2] if n else -1 for n in range(N_CARDS + 1))
# SHARED[a][b]: how many traits (type, colour, shape) cards a and b have in common
SHARED = tuple(tuple(0 if not a or not b else
                     (TYPE[a] == TYPE[b]) + (COLOUR[a] == COLOUR[b]) + (SHAPE[a] == SHAPE[b])
                     for b in range(N_CARDS + 1)) for a in range(N_CARDS + 1))

HAND = 3
DEALT = 4
CLEAR_TURNS = {2: 6, 3: 3, 4: 3}
FEW_BIRDS = 8
BIRD_STEPS = 3
FOX_STEPS = 2
SET_POINTS = 4

# phases
TARGET, PLACE, CHOOSE, BIRDS, FOXES, OVER = range(6)
PHASES = ("target", "place", "choose", "birds", "foxes", "over")
DONE = "done"


def describe(card: int) -> str:
    """``describe(5)`` is ``'brown duck circle'``."""
    return f"{COLOURS[COLOUR[card]]} {TYPES[TYPE[card]]} {SHAPES[SHAPE[card]]}"


# -- notation -----------------------------------------------------------------


class Action(NamedTuple):
    """One parsed action: ``kind`` is target, place, play, step, fox or done; cells by name."""

    kind: str
    card: int | None = None
    frm: str | None = None
    to: str | None = None

    def __str__(self) -> str:
        if self.kind in ("target", "play"):
            return f"{self.kind} {self.card}"
        if self.kind == "place":
            return f"fox {self.to}"
        if self.kind == "step":
            return f"{self.frm}-{self.to}"
        if self.kind == "fox":
            return f"fox {self.frm}-{self.to}"
        return DONE


# Every action string there is: text -> (kind, a, b) with cards as numbers and cells as
# indices.  Applying reads this table, not a regex.
_MOVES: dict = {DONE: ("done", -1, -1)}
for _n in range(1, N_CARDS + 1):
    _MOVES[f"target {_n}"] = ("target", _n, -1)
    _MOVES[f"play {_n}"] = ("play", _n, -1)
for _i in range(len(BOARD)):
    _MOVES[f"fox {NAMES[_i]}"] = ("place", -1, _i)
    for _j in NEIGHBOURS[_i]:
        _MOVES[f"{NAMES[_i]}-{NAMES[_j]}"] = ("step", _i, _j)
        _MOVES[f"fox {NAMES[_i]}-{NAMES[_j]}"] = ("fox", _i, _j)
for _i in TUNNELS:
    for _j in TUNNELS:
        if _i != _j:
            _MOVES[f"fox {NAMES[_i]}-{NAMES[_j]}"] = ("fox", _i, _j)
del _n, _i, _j
STEP_NAME = {(i, j): f"{NAMES[i]}-{NAMES[j]}" for i in range(len(BOARD)) for j in NEIGHBOURS[i]}
FOX_NAME = {(i, j): "fox " + t for (i, j), t in STEP_NAME.items()}
FOX_NAME.update({(i, j): f"fox {NAMES[i]}-{NAMES[j]}" for i in TUNNELS for j in TUNNELS if i != j})


def parse(text: str) -> Action:
    """Reads one action string; raises IllegalAction (``fowl_play.syntax``)."""
    move = _MOVES.get(text) if isinstance(text, str) else None
    if move is None:
        raise IllegalAction(
            f"{text!r} is not an action: write target 12, fox e6, play 7, b3-c3 (a step to a "
            f"next cell), fox e6-d6 or done.", "fowl_play.syntax",
            action=text if isinstance(text, str) else repr(text))
    kind, a, b = move
    if kind in ("target", "play"):
        return Action(kind, card=a)
    if kind == "place":
        return Action(kind, to=NAMES[b])
    if kind in ("step", "fox"):
        return Action(kind, frm=NAMES[a], to=NAMES[b])
    return Action("done")


class Pieces(NamedTuple):
    """Where everything is (:meth:`FowlState.pieces`): cells as indices of :data:`BOARD`,
    birds as their numbers."""

    cells: list         # the bird on each cell, 0 for none
    where: list         # each bird's cell (index 0 unused), -1 once captured
    foxes: list         # each seat's fox's cell, -1 before it is placed
    captured: list      # per seat, the birds its fox captured, in order
    targets: list       # per seat, its target card, 0 before it is chosen


# -- scoring ------------------------------------------------------------------

SHEET_ROWS = (
    ("captured", "circles"), ("captured", "hexagons"), ("captured", "squares"),
    ("captured", "blacks"), ("captured", "browns"), ("captured", "whites"),
    ("captured", "sets"), ("subtotal", "captured"),
    ("survivors", "circles"), ("survivors", "hexagons"), ("survivors", "squares"),
    ("survivors", "blacks"), ("survivors", "browns"), ("survivors", "whites"),
    ("survivors", "chickens"), ("survivors", "ducks"), ("survivors", "geese"),
    ("survivors", "turkeys"), ("survivors", "target"), ("subtotal", "survivors"),
    ("total", "total"),
)
_SHAPE_ROWS = ("circles", "hexagons", "squares")
_COLOUR_ROWS = ("blacks", "browns", "whites")
_TYPE_ROWS = ("chickens", "ducks", "geese", "turkeys")


def capture_points(captured) -> list:
    """Per player, the rows of the captured birds' points: ``{row: points}`` for the shape
    and colour majorities and the sets (rows where nothing is scored are left out).

    >>> capture_points([[5, 21, 17], [2]])       # three browns of 3 types; a black
    [{'circles': 3, 'browns': 3}, {'blacks': 1}]
    """
    n = len(captured)
    rows = [{} for _ in range(n)]
    for trait, names in ((SHAPE, _SHAPE_ROWS), (COLOUR, _COLOUR_ROWS)):
        for value, row in enumerate(names):
            mine = [[b for b in birds if trait[b] == value] for birds in captured]
            most = max(len(m) for m in mine)
            if most:
                for p in range(n):
                    if len(mine[p]) == most:
                        rows[p][row] = len({TYPE[b] for b in mine[p]})
    for p, birds in enumerate(captured):
        sets = min(sum(1 for b in birds if TYPE[b] == t) for t in range(4))
        if sets:
            rows[p]["sets"] = SET_POINTS * sets
    return rows


def survivor_points(target: int, survivors) -> dict:
    """The rows of one player's points for the surviving birds: one per trait of the
    target (how many survivors share it), and 1 if the target's own bird survived.

    >>> survivor_points(15, [21, 10, 8])   # brown chicken hexagon: 21 and 10 are brown...
    {'hexagons': 2, 'browns': 2, 'chickens': 2}
    """
    rows = {_SHAPE_ROWS[SHAPE[target]]: sum(1 for b in survivors if SHAPE[b] == SHAPE[target]),
            _COLOUR_ROWS[COLOUR[target]]: sum(1 for b in survivors
                                              if COLOUR[b] == COLOUR[target]),
            _TYPE_ROWS[TYPE[target]]: sum(1 for b in survivors if TYPE[b] == TYPE[target])}
    rows = {k: v for k, v in rows.items() if v}
    if target in survivors:
        rows["target"] = 1
    return rows


def score_sheet(captured, targets, survivors) -> list:
    """The whole sheet, as the rulebook's diagram 8: a list of ``[section, row, points]``
    with one number per player, ``None`` where a player scores nothing on that row."""
    cap = capture_points(captured)
    surv = [survivor_points(t, survivors) for t in targets]
    out = []
    for section, row in SHEET_ROWS:
        if section == "captured":
            cells = [r.get(row) for r in cap]
        elif section == "survivors":
            cells = [r.get(row) for r in surv]
        elif row == "captured":
            cells = [sum(r.values()) for r in cap]
        elif row == "survivors":
            cells = [sum(r.values()) for r in surv]
        else:
            cells = [sum(a.values()) + sum(b.values()) for a, b in zip(cap, surv)]
        out.append([section, row, cells])
    return out


def ranking(totals, target_survived, captured_counts) -> list:
    """The winners: the best total; among the tied, those whose target survived (if any);
    then the fewest birds captured; the rest share the win."""
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    alive = [p for p in tied if target_survived[p]]
    tied = alive or tied
    fewest = min(captured_counts[p] for p in tied)
    return [p for p in tied if captured_counts[p] == fewest]


# -- the state ----------------------------------------------------------------


class FowlState(core.State):
    """A Fowl Play position.  Cells are board indices, birds and cards their numbers."""

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(players, seed, options)
        n = players
        self._cell = [0] * len(BOARD)          # the bird on each cell, 0 for none
        self._where = [-1] * (N_CARDS + 1)     # each bird's cell, -1 once captured
        board_rng = cards.seeded(seed, GAME_ID, "board")
        for t, cells in enumerate(FOOTPRINTS):
            birds = cards.shuffled([b for b in range(1, N_CARDS + 1) if TYPE[b] == t], board_rng)
            for c, b in zip(cells, birds):
                self._cell[c] = b
                self._where[b] = c
        deck = cards.shuffled(range(1, N_CARDS + 1), cards.seeded(seed, GAME_ID, "deal"))
        self._hands = [sorted(deck[p * DEALT:(p + 1) * DEALT]) for p in range(n)]
        self._pile = deck[n * DEALT:]          # drawn from the end
        self._discard: list = []
        self._targets = [0] * n
        self._target_ply = [-1] * n            # where each target is in the record
        self._chosen = [0] * n                 # the card played this round, 0 for none yet
        self._chosen_ply = [-1] * n
        self._fox = [-1] * n
        self._captured = [[] for _ in range(n)]
        self._first = cards.seeded(seed, GAME_ID, "first").randrange(n)
        self._order = [(self._first + k) % n for k in range(n)]
        self._at = 0                           # index in _order of the seat acting
        self._steps = 0                        # steps taken in the current part of a turn
        self._phase = TARGET
        self._round = 0
        self._clear_total = CLEAR_TURNS[n]
        self._turned = 0
        self._caught = 0                       # birds captured this round
        self._deal_seed = seed                 # reshuffles (a determinized world redraws it)
        self._reshuffles = 0
        self._end: str | None = None
        self._log: list = []                   # public events (tuples; see _view_log)
        self._near = None                      # distance to the nearest fox, per cell
        self._cache = None                     # the sorted legal actions of the seat acting

    # -- the contract ---------------------------------------------------------

    @property
    def to_move(self) -> tuple:
        phase = self._phase
        if phase == TARGET:
            return tuple(p for p in range(self.players) if not self._targets[p])
        if phase == CHOOSE:
            return tuple(p for p in range(self.players) if not self._chosen[p])
        if phase == OVER:
            return ()
        return (self._order[self._at],)

    @property
    def over(self) -> bool:
        return self._phase == OVER

    def legal_actions(self, seat: int) -> list:
        if type(seat) is not int or not 0 <= seat < self.players:
            return []
        phase = self._phase
        if phase == TARGET:
            return [] if self._targets[seat] else sorted(f"target {c}" for c in self._hands[seat])
        if phase == CHOOSE:
            return [] if self._chosen[seat] else sorted(f"play {c}" for c in self._hands[seat])
        if phase == OVER or seat != self._order[self._at]:
            return []
        if self._cache is None:
            self._cache = self._generate()
        return list(self._cache)

    def _generate(self) -> list:
        seat = self._order[self._at]
        phase = self._phase
        if phase == PLACE:
            return sorted(f"fox {NAMES[c]}" for c in DEN if c != CENTRE and c not in self._fox)
        if phase == BIRDS:
            return sorted([DONE, *self._bird_steps(self._chosen[seat])])
        return sorted(self._fox_steps(seat))

    def _bird_steps(self, card: int) -> list:
        near = self._nearest()
        cell, out = self._cell, []
        foxes = self._fox
        t, c, s = TYPE[card], COLOUR[card], SHAPE[card]
        for b in range(1, N_CARDS + 1):
            a = self._where[b]
            if a < 0 or (TYPE[b] != t and COLOUR[b] != c and SHAPE[b] != s):
                continue
            least = near[a] if near[a] < 3 else 3
            for to in NEIGHBOURS[a]:
                if not cell[to] and not IS_TUNNEL[to] and near[to] >= least and to not in foxes:
                    out.append(STEP_NAME[a, to])
        return out

    def _fox_steps(self, seat: int) -> list:
        at = self._fox[seat]
        foxes = self._fox
        last = self._steps == FOX_STEPS - 1
        first_round = self._round == 1
        targets = [c for c in NEIGHBOURS[at] if c not in foxes]
        if IS_TUNNEL[at]:
            targets += [c for c in TUNNELS if c != at and c not in foxes]
        out = []
        for c in targets:
            if first_round and c == CENTRE and last:
                continue            # would end the move on the centre
            out.append(FOX_NAME[at, c])
        if not (first_round and at == CENTRE):
            out.append(DONE)
        return out

    def _nearest(self) -> list:
        if self._near is None:
            rows = [DIST[f] for f in self._fox if f >= 0]
            self._near = [min(r[i] for r in rows) for i in range(len(BOARD))] if rows else \
                [99] * len(BOARD)
        return self._near

    def _apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise self._refusal(seat, action)
        kind, a, b = _MOVES[action]
        phase = self._phase
        if phase == TARGET:
            self._hands[seat].remove(a)
            self._targets[seat] = a
            self._target_ply[seat] = len(self.actions)
            self._log.append(("target", seat))
            if all(self._targets):
                self._phase = PLACE
                self._at = 0
        elif phase == PLACE:
            self._fox[seat] = b
            self._near = None
            self._log.append(("place", seat, b))
            self._next_in_order(CHOOSE)
        elif phase == CHOOSE:
            self._hands[seat].remove(a)
            self._chosen[seat] = a
            self._chosen_ply[seat] = len(self.actions)
            self._log.append(("play", seat))
            if all(self._chosen):
                self._reveal()
        elif phase == BIRDS:
            self._cache = None
            if kind == "done":
                self._next_in_order(FOXES)
                return
            bird = self._cell[a]
            self._cell[a] = 0
            self._cell[b] = bird
            self._where[bird] = b
            self._log.append(("bird", seat, bird, a, b))
            self._steps += 1
            if self._steps == BIRD_STEPS:
                self._next_in_order(FOXES)
        else:
            self._cache = None
            if kind == "done":
                self._next_in_order(None)
                return
            self._fox[seat] = b
            self._near = None
            bird = self._cell[b]
            self._steps += 1
            if bird:
                self._cell[b] = 0
                self._where[bird] = -1
                self._captured[seat].append(bird)
                self._caught += 1
            self._log.append(("fox", seat, a, b, bird))
            if bird or self._steps == FOX_STEPS:
                self._next_in_order(None)

    def _next_in_order(self, then) -> None:
        """The next seat in the round's order acts; after the last, phase ``then`` begins
        (None: after the foxes, the round ends)."""
        self._cache = None
        self._steps = 0
        self._at += 1
        if self._at < self.players:
            return
        self._at = 0
        if then is None:
            self._end_round()
        else:
            self._phase = then
            if then == CHOOSE:
                self._round = 1

    def _reveal(self) -> None:
        self._order = sorted(range(self.players), key=self._chosen.__getitem__)
        self._at = 0
        self._steps = 0
        self._caught = 0
        self._phase = BIRDS
        self._cache = None
        self._log.append(("reveal", self._round, tuple(self._chosen)))

    def _end_round(self) -> None:
        left = sum(1 for w in self._where[1:] if w >= 0)
        if left <= FEW_BIRDS:
            self._finish("few_birds")
            return
        if self._round > 1 and not self._caught:
            self._turned += 1
            self._log.append(("clear", self._round, self._turned))
            if self._turned == self._clear_total:
                self._finish("clear_turns")
                return
        self._discard.extend(self._chosen[p] for p in self._order)
        for p in self._order:
            while len(self._hands[p]) < HAND:
                if not self._pile:
                    self._reshuffle()
                card = self._pile.pop()
                hand = self._hands[p]
                hand.append(card)
                hand.sort()
        self._chosen = [0] * self.players
        self._chosen_ply = [-1] * self.players
        self._round += 1
        self._phase = CHOOSE

    def _reshuffle(self) -> None:
        self._reshuffles += 1
        rng = cards.seeded(self._deal_seed, GAME_ID, "reshuffle", self._reshuffles)
        self._pile = cards.shuffled(sorted(self._discard), rng)
        self._discard = []
        self._log.append(("reshuffle", self._round, len(self._pile)))

    def _finish(self, reason: str) -> None:
        self._phase = OVER
        self._end = reason
        self._log.append(("end", self._round, reason))

    def _copy_into(self, other: FowlState) -> None:
        other._cell = self._cell.copy()
        other._where = self._where.copy()
        other._hands = [h.copy() for h in self._hands]
        other._pile = self._pile.copy()
        other._discard = self._discard.copy()
        other._targets = self._targets.copy()
        other._target_ply = self._target_ply.copy()
        other._chosen = self._chosen.copy()
        other._chosen_ply = self._chosen_ply.copy()
        other._fox = self._fox.copy()
        other._captured = [c.copy() for c in self._captured]
        other._first = self._first
        other._order = self._order.copy()
        other._at = self._at
        other._steps = self._steps
        other._phase = self._phase
        other._round = self._round
        other._clear_total = self._clear_total
        other._turned = self._turned
        other._caught = self._caught
        other._deal_seed = self._deal_seed
        other._reshuffles = self._reshuffles
        other._end = self._end
        other._log = self._log.copy()          # its entries are tuples
        other._near = self._near               # never mutated, only replaced
        other._cache = self._cache             # never mutated, only replaced

    # -- the whole world, for a bot's judge ---------------------------------------

    def pieces(self) -> Pieces:
        """Where everything is, by cell index and bird number, every target included: what
        a bot's judge reads on a world of :meth:`determinize`, thousands of times a
        decision (a player's door is ``view``).  The lists are the state's own, not copies:
        read them, never change them.

        >>> s = position({"f4": 0, "f9": 1}, {"c4": 5, "f7": 21}, targets=[1, 36],
        ...              captured=[[2], []])
        >>> p = s.pieces()
        >>> p.cells[BOARD.parse("c4")], NAMES[p.where[21]], p.where[2], [NAMES[f] for f in p.foxes]
        (5, 'f7', -1, ['f4', 'f9'])
        >>> p.captured, p.targets
        ([[2], []], [1, 36])
        """
        return Pieces(self._cell, self._where, self._fox, self._captured, self._targets)

    # -- scores -----------------------------------------------------------------

    def survivors(self) -> list:
        return [b for b in range(1, N_CARDS + 1) if self._where[b] >= 0]

    def sheet(self) -> list:
        """The score sheet as if the game ended now (every target known to the state)."""
        return score_sheet(self._captured, self._targets, self.survivors())

    @property
    def scores(self) -> list:
        if self._phase == OVER:
            return self.sheet()[-1][2]
        return [sum(r.values()) for r in capture_points(self._captured)]

    @property
    def winners(self) -> list:
        if self._phase != OVER:
            return []
        return ranking(self.scores, [self._where[t] >= 0 for t in self._targets],
                       [len(c) for c in self._captured])

    # -- hidden information -----------------------------------------------------

    def determinize(self, seat: int, rng) -> FowlState:
        d = self.clone()
        d._deal_seed = rng.getrandbits(62)
        if self._phase == OVER:
            return d
        others = [p for p in range(self.players) if p != seat]
        hidden_choice = self._phase == CHOOSE
        pool = list(self._pile)
        for p in others:
            pool += self._hands[p]
            if self._targets[p]:
                pool.append(self._targets[p])
            if hidden_choice and self._chosen[p]:
                pool.append(self._chosen[p])
        # Sorted first: the world depends on which cards are hidden, not on where they are.
        pool.sort()
        rng.shuffle(pool)
        k = 0
        for p in others:
            n = len(self._hands[p])
            d._hands[p] = sorted(pool[k:k + n])
            k += n
            if self._targets[p]:
                d._targets[p] = pool[k]
                d.actions[self._target_ply[p]] = [p, f"target {pool[k]}"]
                k += 1
            if hidden_choice and self._chosen[p]:
                d._chosen[p] = pool[k]
                d.actions[self._chosen_ply[p]] = [p, f"play {pool[k]}"]
                k += 1
        d._pile = pool[k:]
        d._cache = None
        return d

    # -- the view ---------------------------------------------------------------

    def _view(self, seat: int | None) -> dict:
        phase = self._phase
        over = phase == OVER
        shown = phase in (BIRDS, FOXES) or over
        chosen = []
        for p, c in enumerate(self._chosen):
            if not c:
                chosen.append(None)
            elif shown or p == seat:
                chosen.append(c)
            else:
                chosen.append(True)
        ordered = phase in (PLACE, BIRDS, FOXES)
        mover = self._order[self._at] if ordered else None
        return {
            "phase": PHASES[phase],
            "round": self._round,
            "birds": {NAMES[c]: b for c, b in enumerate(self._cell) if b},
            "foxes": [NAMES[f] if f >= 0 else None for f in self._fox],
            "fox_colours": list(FOX_COLOURS[:self.players]),
            "captured": [c.copy() for c in self._captured],
            "hand": self._hands[seat].copy() if seat is not None else None,
            "hand_counts": [len(h) for h in self._hands],
            "target": self._targets[seat] or None if seat is not None else None,
            "targets": self._targets.copy() if over else None,
            "chosen": chosen,
            "order": self._order.copy() if ordered or over else None,
            "first": self._first,
            "mover": mover,
            "steps_left": (BIRD_STEPS if phase == BIRDS else FOX_STEPS) - self._steps
            if phase in (BIRDS, FOXES) else None,
            "clear_turns": {"turned": self._turned, "total": self._clear_total},
            "pile": len(self._pile),
            "discard": self._discard.copy(),
            "birds_left": sum(1 for w in self._where[1:] if w >= 0),
            "end_reason": self._end,
            "sheet": self.sheet() if over else None,
            "log": self._view_log(),
        }

    def _view_log(self) -> list:
        out = []
        for e in self._log:
            t = e[0]
            if t in ("target", "play"):
                out.append({"type": t, "seat": e[1]})
            elif t == "place":
                out.append({"type": t, "seat": e[1], "cell": NAMES[e[2]]})
            elif t == "reveal":
                out.append({"type": t, "round": e[1], "cards": list(e[2])})
            elif t == "bird":
                out.append({"type": t, "seat": e[1], "bird": e[2], "from": NAMES[e[3]],
                            "to": NAMES[e[4]]})
            elif t == "fox":
                out.append({"type": t, "seat": e[1], "from": NAMES[e[2]], "to": NAMES[e[3]],
                            "captured": e[4] or None})
            elif t == "clear":
                out.append({"type": t, "round": e[1], "turned": e[2]})
            elif t == "reshuffle":
                out.append({"type": t, "round": e[1], "cards": e[2]})
            else:
                out.append({"type": t, "round": e[1], "reason": e[2]})
        return out

    # -- refusals -----------------------------------------------------------------

    def _refusal(self, seat: int, action: str) -> IllegalAction:
        """Why ``action`` (not legal now) is refused: a sentence, a code and params."""
        a = parse(action)               # raises fowl_play.syntax
        kind, x, y = _MOVES[action]
        phase = self._phase
        expected = {TARGET: "target", PLACE: "place", CHOOSE: "play"}.get(phase)
        if phase == BIRDS and kind in ("step", "done"):
            expected = kind
        if phase == FOXES and kind in ("fox", "done"):
            expected = kind
        if expected is None or kind != expected:
            what = {TARGET: "choose your target card (target 12)",
                    PLACE: "place your fox on a den cell (fox e6)",
                    CHOOSE: "play a card (play 7)",
                    BIRDS: "move a bird (b3-c3) or say done",
                    FOXES: "move your fox (fox e6-d6) or say done"}[phase]
            return IllegalAction(f"Not now: {what}.", "fowl_play.wrong_phase",
                                 phase=PHASES[phase], action=action)
        if kind in ("target", "play"):
            return IllegalAction(f"Card {x} is not in your hand.", "fowl_play.not_in_hand",
                                 card=x)
        if kind == "place":
            if y not in DEN or y == CENTRE:
                return IllegalAction(f"A fox starts on a den cell around f6, not on {a.to}.",
                                     "fowl_play.not_den", cell=a.to)
            return IllegalAction(f"Another fox is on {a.to}.", "fowl_play.fox_there", cell=a.to)
        if kind == "done":
            return IllegalAction("In the first round a fox may not end its move on f6, the "
                                 "central tunnel.", "fowl_play.centre_first_round", cell="f6")
        if kind == "fox":
            if x != self._fox[seat]:
                return IllegalAction(f"Your fox is on {NAMES[self._fox[seat]]}, not on {a.frm}.",
                                     "fowl_play.not_your_fox", cell=a.frm)
            if y in self._fox:
                return IllegalAction(f"Another fox is on {a.to}.", "fowl_play.fox_there",
                                     cell=a.to)
            return IllegalAction("In the first round a fox may not end its move on f6, the "
                                 "central tunnel.", "fowl_play.centre_first_round", cell="f6")
        # a bird's step
        bird = self._cell[x]
        if not bird:
            return IllegalAction(f"There is no bird on {a.frm}.", "fowl_play.no_bird",
                                 cell=a.frm)
        card = self._chosen[seat]
        if not SHARED[card][bird]:
            return IllegalAction(
                f"The {describe(bird)} shares nothing with your card, the {describe(card)}.",
                "fowl_play.unlike", bird=bird, card=card)
        if IS_TUNNEL[y]:
            return IllegalAction(f"Birds never enter a tunnel ({a.to}).", "fowl_play.tunnel",
                                 cell=a.to)
        if self._cell[y] or y in self._fox:
            return IllegalAction(f"{a.to} is taken.", "fowl_play.occupied", cell=a.to)
        near = self._nearest()
        return IllegalAction(
            f"The bird on {a.frm} is {near[x]} cells from the nearest fox; {a.to} would be "
            f"{near[y]}: a bird may not come closer (nor nearer than 3 once that far).",
            "fowl_play.too_close", bird=bird, cell=a.frm, to=a.to, distance=near[x],
            closer=near[y])


# -- setting up a position (tests, puzzles, rules pages) ----------------------


@core.sets_up
def position(foxes: dict, birds: dict, *, hands=None, targets=None, round: int = 2,
             captured=None, pile=None, discard=None, turned: int = 0, seed: int = 0
             ) -> FowlState:
    """A state set up directly, for tests, puzzles and the rules pages' examples (its
    record carries them, and replays to it: :func:`game.core.sets_up`).

    ``foxes`` maps cells to seats (every seat's fox), ``birds`` cells to bird numbers (the
    other birds count as captured, by ``captured`` per seat if given, else by nobody).
    ``hands`` and ``targets`` per seat; the other cards form the pile unless ``pile`` (and
    ``discard``) are given.  The round begins: every seat chooses a card.
    """
    players = len(foxes)
    s = core.new_game(GAME_ID, players=players, seed=seed)
    s._cell = [0] * len(BOARD)
    s._where = [-1] * (N_CARDS + 1)
    for name, b in birds.items():
        c = BOARD.parse(name)
        s._cell[c] = b
        s._where[b] = c
    for name, p in foxes.items():
        s._fox[p] = BOARD.parse(name)
    s._captured = [list(c) for c in captured] if captured else [[] for _ in range(players)]
    s._hands = [sorted(h) for h in hands] if hands else [[] for _ in range(players)]
    s._targets = list(targets) if targets else [0] * players
    used = set(b for h in s._hands for b in h) | set(s._targets)
    s._discard = list(discard or [])
    s._pile = list(pile) if pile is not None else [c for c in range(1, N_CARDS + 1)
                                                   if c not in used and c not in s._discard]
    s._phase = CHOOSE
    s._round = round
    s._turned = turned
    s._log = []
    s._near = None
    s._cache = None
    return s


INFO = core.register(core.GameInfo(
    GAME_ID, "Fowl Play", 2, 4,
    position=position,
    state_class=FowlState,
    author="Richard Breese",
    hidden=True,
    code=3,
))
FowlState.info = INFO
