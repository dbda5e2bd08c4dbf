"""What a game's bots know besides the rules: one :class:`Profile` per game.

The search (``bots.mcts``), its playouts, the novice and the levels know no game: each reads
the profile of the game it plays, and a game without one is played by the rules alone
(:data:`DEFAULT`).  A game's profile is ``PROFILE`` in its own bot module, ``bots/<game
id>.py``, found by that name when the game is first played; a game whose bot lives elsewhere
(the tests' tic-tac-toe) is given one by :func:`register`.

>>> of("no such game") is DEFAULT
True
>>> register("demo", Profile(mistakes=0.5, budgets={"expert": 100})) is of("demo")
True
>>> of("demo").mistakes, of("demo").exploration
(0.5, None)
>>> del PROFILES["demo"]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping


@dataclasses.dataclass(frozen=True)
class Profile:
    """A game's bot settings; every field's default is "nothing of the game's own".

    - ``judge(state) -> values``: one value in [0, 1] per seat for an unfinished world.  The
      search then grows a node's children all at once, each judged once, instead of playing
      out at random (a wide game, or one whose random playouts say little).
    - ``race(state, start) -> values``: a game of rounds raced to a target total; the search
      stops at a round's end (the first change of score) and ``race`` values the new totals,
      given the totals at the search's root (``start``, or None: the chance alone).
    - ``policy(world, mover, legal, rng) -> action``: how a playout plays, instead of at random.
    - ``horizon(world) -> mark``: a playout stops once the mark changes (None: at the end).
    - ``mistakes``: the novice's chance of playing any legal action instead of its best.
    - ``budgets``: actions a search level simulates, ``{level: n}`` or ``{(level, board
      size): n}`` (the size first), instead of ``bots.levels.BUDGETS``.
    - ``exploration``: the search's exploration constant (None: ``bots.mcts``'s own).
    - ``own``: ``{level: choose(state, seat, rng) -> action}``, a level played by a bot of
      the game's own instead of the generic one.
    """

    judge: Callable | None = None
    race: Callable | None = None
    policy: Callable | None = None
    horizon: Callable | None = None
    mistakes: float = 0.0
    budgets: Mapping = dataclasses.field(default_factory=dict)
    exploration: float | None = None
    own: Mapping = dataclasses.field(default_factory=dict)


DEFAULT = Profile()

PROFILES: dict = {}     # game id -> its profile, as found (or registered) on first use


def register(game_id: str, profile: Profile) -> Profile:
    """Gives ``game_id`` its profile, for a game whose bot module is not ``bots/<game id>.py``."""
    PROFILES[game_id] = profile
    return profile


def of(game_id: str) -> Profile:
    """The profile of ``game_id``: ``PROFILE`` of ``bots/<game id>.py``, else the registered
    one, else :data:`DEFAULT`."""
    profile = PROFILES.get(game_id)
    if profile is None:
        name = f"{__package__}.{game_id}"
        try:
            module = __import__(name, fromlist=["PROFILE"])
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            profile = DEFAULT
        else:
            profile = module.PROFILE
        PROFILES[game_id] = profile
    return profile
