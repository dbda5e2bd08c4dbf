"""The engine contract shared by every game: registry, options, records, errors.

Each game module defines a subclass of :class:`State` and registers it with
:func:`register`.  Everything the UI, the bots, the saves and the tests use goes
through :data:`GAMES`, :func:`new_game`, :class:`State` and :func:`replay`
(see ``docs/ENGINE.md``); nothing here knows any game's rules.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any


class IllegalAction(ValueError):
    """An action refused by the rules; ``str()`` is a sentence a player can read.

    ``code`` names the reason (``"wrong_turn"``, ``"fendo.empty_area"``...) and
    ``params`` fills it in, so that the UI can say it in the player's language.
    """

    def __init__(self, message: str, code: str = "illegal", **params: Any):
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it may take."""

    name: str
    default: Any
    choices: tuple

    def check(self, value: Any) -> Any:
        # bool is an int: compare types too, so that True is not taken for 1.
        if not any(value == c and type(value) is type(c) for c in self.choices):
            raise ValueError(
                f"option {self.name}={value!r} is not one of {list(self.choices)}"
            )
        return value


@dataclass(frozen=True)
class GameInfo:
    """What the menus need to offer a game: its name, author, seats and options.

    ``hidden``: some of the game is hidden from some seats (hands, targets): a device
    shared by two people must not show it, and a link, which carries the whole game,
    may only replay a finished one.  ``code``: the game's number in links and other
    compact records, fixed once given (None: the game has none, it cannot be linked).
    ``revisions``: each change of the rules that renamed actions or changed the legal
    lists, by the :data:`RULES` epoch it came in (a :class:`Revision`).  ``position``: the
    module's :func:`sets_up` function, which :func:`replay` calls on a record's ``setup``.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    state_class: type = field(default=None, repr=False, compare=False)
    author: str = ""
    hidden: bool = False
    code: int | None = None
    revisions: dict = field(default_factory=dict, repr=False, compare=False)
    position: Any = field(default=None, repr=False, compare=False)

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise ValueError(f"{self.id} has no option {name!r}")

    def resolve(self, players: int, options: dict) -> dict:
        """Checks players and options; returns every option with its value."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} takes {self.min_players} to {self.max_players} players, not {players!r}"
            )
        for name in options:
            self.option(name)
        return {o.name: o.check(options.get(o.name, o.default)) for o in self.options}


@dataclass(frozen=True)
class Revision:
    """A change of a game's rules after which older records name other actions.

    ``before(players, seed, options)``: a new game played by the rules before it (whose
    legal lists an older link indexes); ``upgrade(record)``: a record written before it,
    renamed for the rules after it: the same game, move for move (ValueError if it does
    not replay by the older rules).
    """

    before: Any
    upgrade: Any


# The rules' epoch: one up whenever any game's rules change what older records mean (a
# GameInfo's ``revisions`` are keyed by the epoch they came in).  Saves and links note the
# epoch they were written in, through their format and version numbers.
#   0  until 2026-11-27
#   1  Onexeno's table moves to the middle after every take that leaves it off-centre
RULES = 1


class Catalogue(MutableMapping):
    """The games by id: :data:`GAMES`.  A declared game's module (``game.<id>``) is imported
    the first time its :class:`GameInfo` is asked for, so that listing the games, their
    titles and authors (:meth:`about`) loads no rules: the home screen starts without them.
    Iteration, ``in`` and ``len`` load nothing; ``values()`` and ``items()`` load every game."""

    def __init__(self):
        self._infos: dict[str, GameInfo] = {}
        self._declared: dict[str, tuple[str, str]] = {}    # id -> (title, author)

    def declare(self, game_id: str, title: str, author: str) -> None:
        self._declared[game_id] = (title, author)

    def about(self, game_id: str) -> tuple[str, str]:
        """``(title, author)`` of a game, its module left unloaded (KeyError: no such game)."""
        info = self._infos.get(game_id)
        return (info.title, info.author) if info is not None else self._declared[game_id]

    def __getitem__(self, game_id: str) -> GameInfo:
        info = self._infos.get(game_id)
        if info is None:
            if game_id not in self._declared:
                raise KeyError(game_id)
            importlib.import_module(f"{__package__}.{game_id}")     # registers itself
            info = self._infos[game_id]
        return info

    def __setitem__(self, game_id: str, info: GameInfo) -> None:
        declared = self._declared.get(game_id)
        if declared is not None and declared != (info.title, info.author):
            raise ValueError(f"{game_id}: declared as {declared}, registered as {(info.title, info.author)}")
        self._infos[game_id] = info

    def __delitem__(self, game_id: str) -> None:
        if game_id not in self:
            raise KeyError(game_id)
        self._infos.pop(game_id, None)
        self._declared.pop(game_id, None)

    def __contains__(self, game_id) -> bool:
        return game_id in self._declared or game_id in self._infos

    def __iter__(self):
        return iter({**self._declared, **self._infos})

    def __len__(self) -> int:
        return len({**self._declared, **self._infos})


GAMES = Catalogue()


def register(info: GameInfo) -> GameInfo:
    """Adds a game to :data:`GAMES` (called once, at the bottom of its module); a declared
    game's title and author must be the ones it was declared with."""
    GAMES[info.id] = info
    return info


def _info(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}") from None


def new_game(game_id: str, players: int | None = None, seed: int = 0, **options: Any) -> State:
    """A fresh game.  All chance in it comes from ``seed``."""
    info = _info(game_id)
    if players is None:
        players = info.min_players
    if type(seed) is not int:
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return info.state_class(players, seed, info.resolve(players, options))


def new_game_of(epoch: int, game_id: str, players: int, seed: int, **options: Any) -> State:
    """A fresh game played by the rules of ``epoch`` (:data:`RULES`): a game written then
    is replayed on it, then lifted to today's rules by :func:`upgrade`."""
    info = _info(game_id)
    later = sorted(e for e in info.revisions if e > epoch)
    if not later or type(seed) is not int:
        return new_game(game_id, players, seed, **options)
    return info.revisions[later[0]].before(players, seed, info.resolve(players, options))


def upgrade(record: dict, epoch: int) -> dict:
    """A record written in ``epoch``, renamed for today's rules (the same dict if no
    revision of its game came since).  ValueError if it does not replay by its own rules."""
    info = _info(record.get("game") if isinstance(record, dict) else None)
    for e in sorted(e for e in info.revisions if e > epoch):
        record = info.revisions[e].upgrade(record)
    return record


MAX_SETUP = 8_000    # characters of a setup as JSON: the lessons' longest is 442


def sets_up(position):
    """Marks a game module's ``position(...)``: the state it returns keeps its arguments as
    its ``setup``, which its record carries, so that :func:`replay` sets it up again (a game
    played on from a position, its save and its bot's worker).  They must be JSON, as a save
    is: lists for tuples, names for keys.

    >>> import game
    >>> from game import fendo
    >>> s = fendo.position({"c1": 0, "e5": 1}, walls=("e5S",))
    >>> s.record()["setup"]
    {'args': [{'c1': 0, 'e5': 1}], 'kwargs': {'walls': ['e5S']}}
    >>> s.apply(0, "c1-c2S")
    >>> game.replay(s.record()).view() == s.view()
    True
    """
    @functools.wraps(position)
    def set_up(*args, **kwargs):
        state = position(*args, **kwargs)
        setup = {"args": list(args), "kwargs": kwargs}
        text = json.dumps(setup)
        if len(text) > MAX_SETUP:
            raise ValueError(f"a setup of {len(text)} characters, more than {MAX_SETUP}")
        state.setup = json.loads(text)
        return state
    return set_up


def _set_up(record: dict) -> State:
    """The state a record's ``setup`` builds, checked against the record's own fields."""
    setup = record["setup"]
    info = _info(record["game"])
    if not (isinstance(setup, dict) and set(setup) == {"args", "kwargs"} and isinstance(setup["args"], list)
            and isinstance(setup["kwargs"], dict) and info.position is not None):
        raise ValueError("record setup must be {'args': [...], 'kwargs': {...}} of a game with positions")
    if len(json.dumps(setup)) > MAX_SETUP:
        raise ValueError(f"record setup is longer than {MAX_SETUP} characters")
    try:
        state = info.position(*setup["args"], **setup["kwargs"])
    except Exception as e:  # whatever a bad setup makes the game's own code raise
        raise ValueError(f"record setup does not set up a position: {type(e).__name__}: {e}"[:300]) from None
    if (state.players, state.seed, state.options) != (record["players"], record["seed"],
                                                       info.resolve(record["players"], record.get("options") or {})):
        raise ValueError("record setup does not match its players, seed and options")
    return state


def replay(record: dict) -> State:
    """The state a record leads to.  A bad record raises ValueError."""
    if not isinstance(record, dict):
        raise ValueError("a record is a dict")
    options = record.get("options") or {}
    if not (isinstance(options, dict) and all(isinstance(k, str) for k in options)):
        raise ValueError("record options must be a dict of option names to values")
    try:
        if record.get("setup") is not None:
            state = _set_up(record)
        else:
            state = new_game(record["game"], record["players"], record["seed"], **options)
        actions = record["actions"]
    except KeyError as e:
        raise ValueError(f"record lacks {e.args[0]!r}") from None
    if not isinstance(actions, list):
        raise ValueError("record actions must be a list")
    for n, pair in enumerate(actions):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
            raise ValueError(f"action {n} is not a [seat, action] pair: {pair!r}")
        seat, action = pair
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            raise ValueError(f"action {n} ({seat}, {action!r}) is illegal: {e}") from None
    return state


class State:
    """The base of every game's state.

    A game subclass sets ``info`` and implements ``to_move``, ``legal_actions``,
    ``_apply`` (validate fully, raising :class:`IllegalAction`, *then* mutate),
    ``_copy_into``, ``scores``, ``winners`` and ``_view``; hidden-information
    games also override ``determinize``.  This base keeps the record, checks the
    seat, and assembles the parts of ``view`` that every game shares.
    """

    info: GameInfo
    setup: dict | None = None    # a position's arguments (:func:`sets_up`); None: a new game

    def __init__(self, players: int, seed: int, options: dict):
        self.players = players
        self.seed = seed
        self.options = options
        self.actions: list[list] = []

    # -- the contract ---------------------------------------------------------

    @property
    def to_move(self) -> tuple:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return not self.to_move

    def legal_actions(self, seat: int) -> list[str]:
        raise NotImplementedError

    def apply(self, seat: int, action: str) -> None:
        if seat not in self.to_move or type(seat) is not int:
            if self.over:
                raise IllegalAction("The game is over.", "game_over")
            raise IllegalAction(f"It is not seat {seat!r}'s turn.", "wrong_turn",
                                seat=seat if type(seat) is int else repr(seat))
        if not isinstance(action, str):
            raise IllegalAction(f"{action!r} is not an action.", "bad_action", action=repr(action))
        self._apply(seat, action)
        self.actions.append([seat, action])

    def clone(self) -> State:
        """A copy that shares nothing mutable, for the bots' search (a clone per playout).
        Each game copies its own fields (``_copy_into``) rather than ``copy.deepcopy``: 50 to
        5,600 times faster on CPython, after 20 random actions of a 2-player game."""
        other = self.__class__.__new__(self.__class__)
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated
        other.actions = self.actions.copy()
        other.setup = self.setup      # never mutated
        self._copy_into(other)
        return other

    @property
    def scores(self) -> list:
        raise NotImplementedError

    @property
    def winners(self) -> list:
        raise NotImplementedError

    def view(self, seat: int | None = None) -> dict:
        """All that ``seat`` may know (``None``: a spectator), JSON-ready."""
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        v = {
            "game": self.info.id,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "to_move": list(self.to_move),
            "over": self.over,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ply": len(self.actions),
        }
        v.update(self._view(seat))
        return v

    def determinize(self, seat: int, rng) -> State:
        """A clone where what ``seat`` cannot know is redrawn with ``rng``.

        Perfect-information games have nothing hidden: a plain clone.
        """
        return self.clone()

    def record(self) -> dict:
        """What :func:`replay` rebuilds the state from: a new game's seed, players and
        options and the actions since, and for a position set up by hand its ``setup``."""
        record = {
            "game": self.info.id,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [list(a) for a in self.actions],
        }
        if self.setup is not None:
            record["setup"] = self.setup
        return record

    # -- for subclasses -------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        raise NotImplementedError

    def _copy_into(self, other: State) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.info.id} {self.players}p seed={self.seed} ply={len(self.actions)}>"


class TurnState(State):
    """A game where one seat acts at a time: ``self._turn``, or -1 once the game is over.

    Fendo, Le Renard des Bois and Fennecs are such games; Fowl Play's secret
    simultaneous choices are not, and it sets ``to_move`` itself.
    """

    _turn: int

    @property
    def to_move(self) -> tuple:
        return (self._turn,) if self._turn >= 0 else ()

    # The two below give State's answers without building ``to_move``: they run once or
    # twice per ply of every playout (measured: a few percent of a random card game).

    @property
    def over(self) -> bool:
        return self._turn < 0

    @property
    def winners(self) -> list:
        """Once the game is over, the seats with the highest score (equal scores share the
        win); a game with tie-breaks of its own overrides this."""
        if self._turn >= 0:
            return []
        scores = self.scores
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def apply(self, seat: int, action: str) -> None:
        if type(seat) is int and seat == self._turn >= 0 and type(action) is str:
            self._apply(seat, action)
            self.actions.append([seat, action])
        else:
            State.apply(self, seat, action)    # the refusals (and str subclasses)

    def _acts(self, seat) -> bool:
        """Whether ``seat`` is the one to act (an int, not a bool, and the game not over)."""
        return type(seat) is int and seat == self._turn >= 0
