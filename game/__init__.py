"""Renardière's rules: five games behind one contract (``docs/ENGINE.md``).

>>> import game
>>> s = game.new_game("fendo", seed=1)
>>> s.to_move
(0,)
>>> game.replay(s.record()).record() == s.record()
True
"""

from .core import (GAMES, RULES, GameInfo, IllegalAction, Option, Revision, State, new_game,
                   new_game_of, replay, upgrade)

# Each game, by its module's name, with what the menus show of it before its rules are loaded:
# its module (game/<id>.py, which registers its GameInfo, the same title and author checked)
# is imported at its first use.
GAMES.declare("fendo", "Fendo", "Dieter Stein")
GAMES.declare("renard_des_bois", "Le Renard des Bois", "Joshua Buergel")
GAMES.declare("fennecs", "Fennecs", "Masanofu")
GAMES.declare("fowl_play", "Fowl Play", "Richard Breese")
GAMES.declare("onexeno", "Onexeno", "Raymond Lauzzana")

__all__ = ["GAMES", "RULES", "GameInfo", "IllegalAction", "Option", "Revision", "State", "new_game",
           "new_game_of", "replay", "upgrade"]
