"""The UI's registry of game screens, keyed by ``game.GAMES`` (pure Python).

``game.GAMES`` is the one catalogue of games; this adds, for each game that can be played
here, its screen (a :class:`ui.kit.screen.GameScreen`).  The home screen needs only a game's
card (its icon and texts), so a game's package declares its screen by module path, and the
screen (its board, cards, tables and rules page: most of the UI's Python) is imported when
the game first opens, not at start::

    registry.declare("fendo", "ui.games.fendo.screen", "FendoScreen", ICON, texts.TEXTS)

``ui/games/__init__.py`` imports each game's package once.  A screen may also be
registered as it is, ``registry.register(FendoScreen())`` (the tests' sixth game).
Games announced but not playable yet have a :class:`Teaser`: a card on the home screen and
a rules page.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass

import game

from ui.kit import i18n


@dataclass(frozen=True)
class Card:
    """What the home screen shows of a playable game before it opens; where its screen is."""

    id: str
    module: str     # the screen's module, imported at the game's first use
    cls: str        # the screen's class in it
    icon: str
    texts: dict

    @property
    def title(self) -> str:
        return game.GAMES.about(self.id)[0]      # (the game's rules stay unloaded)

    @property
    def author(self) -> str:
        return game.GAMES.about(self.id)[1]


class _Screens(Mapping):
    """The playable games' screens by id: every declared or registered game is in it; a
    declared game's screen is imported the first time it is looked up."""

    def __init__(self):
        self.made: dict = {}
        self.cards: dict = {}

    def __getitem__(self, game_id):
        if game_id not in self.made:
            card = self.cards[game_id]          # KeyError: no such game here
            register(getattr(importlib.import_module(card.module), card.cls)())
        return self.made[game_id]

    def __contains__(self, game_id):
        return game_id in self.made or game_id in self.cards

    def __iter__(self):
        return iter({**self.cards, **self.made})

    def __len__(self):
        return len({**self.cards, **self.made})


SCREENS = _Screens()
TEASERS: dict = {}


def register(screen):
    """Adds a game's screen (its game must be in ``game.GAMES``) and its texts."""
    if screen.game_id not in game.GAMES:
        raise ValueError(f"no game {screen.game_id!r} in game.GAMES")
    i18n.add(screen.texts)
    SCREENS.made[screen.game_id] = screen
    return screen


def declare(game_id: str, module: str, cls: str, icon: str, texts: dict) -> Card:
    """Adds a game's card and texts; its screen, ``module``'s ``cls``, comes at first use."""
    if game_id not in game.GAMES:
        raise ValueError(f"no game {game_id!r} in game.GAMES")
    i18n.add(texts)
    card = SCREENS.cards[game_id] = Card(game_id, module, cls, icon, texts)
    return card


def unregister(game_id: str) -> None:
    """Takes a screen out again (the tests' sixth game)."""
    SCREENS.made.pop(game_id, None)
    SCREENS.cards.pop(game_id, None)


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
    """Every game of the home screen, playable ones first: ``(id, card)``, the card a
    :class:`Card`, a registered screen or a :class:`Teaser` (each has an ``icon`` and an
    ``author``); no screen is imported for it."""
    return ([(g, SCREENS.cards.get(g) or SCREENS.made[g]) for g in playable()]
            + [(t, TEASERS[t]) for t in TEASERS if t not in SCREENS])


def title(game_id: str) -> str:
    if game_id in game.GAMES:
        return game.GAMES.about(game_id)[0]
    if game_id in TEASERS:
        return TEASERS[game_id].title
    return game_id


def page_of(game_id: str):
    """What has a rules page: a screen or a teaser (None: nothing)."""
    return SCREENS[game_id] if game_id in SCREENS else TEASERS.get(game_id)
