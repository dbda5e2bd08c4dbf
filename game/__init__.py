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
from . import fendo  # noqa: F401  (registers itself)
from . import renard_des_bois  # noqa: F401
from . import fennecs  # noqa: F401
from . import fowl_play  # noqa: F401
from . import onexeno  # noqa: F401

__all__ = ["GAMES", "RULES", "GameInfo", "IllegalAction", "Option", "Revision", "State", "new_game",
           "new_game_of", "replay", "upgrade"]
