"""The UI's registry of game screens, keyed by ``game.GAMES`` (pure Python).

``game.GAMES`` is the one catalogue of games; this adds, for each game that can be played
here, its screen (a :class:`ui.screen.GameScreen`).  A game's screen module registers
itself at its bottom, as a game module registers its rules::

    registry.register(FendoScreen())

and ``ui/games/__init__.py`` imports each game's package once.  Games announced but not
playable yet have a :class:`Teaser`: a card on the home screen and a rules page.
"""

from __future__ import annotations

from dataclasses import dataclass

import game

from . import i18n

SCREENS: dict = {}
TEASERS: dict = {}


def register(screen):
    """Adds a game's screen (its game must be in ``game.GAMES``) and its texts."""
    if screen.game_id not in game.GAMES:
        raise ValueError(f"no game {screen.game_id!r} in game.GAMES")
    i18n.add(screen.texts)
    SCREENS[screen.game_id] = screen
    return screen


def unregister(game_id: str) -> None:
    """Takes a screen out again (the tests' sixth game)."""
    SCREENS.pop(game_id, None)


@dataclass(frozen=True)
class Teaser:
    """A game to come: its home card and a short rules page, nothing to play."""

    id: str
    title: str
    author: str
    icon: str
    texts: dict
    rules: dict

    def rules_page(self, lang: str) -> str:
        return self.rules.get(lang) or self.rules.get("en", "")


def tease(teaser: Teaser) -> Teaser:
    i18n.add(teaser.texts)
    TEASERS[teaser.id] = teaser
    return teaser


def screen(game_id: str):
    """The screen of a playable game; KeyError for any other id."""
    return SCREENS[game_id]


def playable() -> list:
    """The ids of the games that can be played here, in ``game.GAMES`` order."""
    return [g for g in game.GAMES if g in SCREENS]


def listed() -> list:
    """Every game of the home screen, playable ones first: ``(id, screen or teaser)``."""
    return ([(g, SCREENS[g]) for g in playable()]
            + [(t, TEASERS[t]) for t in TEASERS if t not in SCREENS])


def title(game_id: str) -> str:
    if game_id in game.GAMES:
        return game.GAMES[game_id].title
    if game_id in TEASERS:
        return TEASERS[game_id].title
    return game_id


def page_of(game_id: str):
    """What has a rules page: a screen or a teaser (None: nothing)."""
    return SCREENS.get(game_id) or TEASERS.get(game_id)
