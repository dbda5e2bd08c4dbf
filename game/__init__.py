"""Renardière's rules: five games behind one contract (``shared/ENGINE.md``).

>>> import game
>>> s = game.new_game("fendo", seed=1)
>>> s.to_move
(0,)
>>> game.replay(s.record()).record() == s.record()
True
"""

from .core import GAMES, GameInfo, IllegalAction, Option, State, new_game, replay
from . import fendo  # noqa: F401  (registers itself)

__all__ = ["GAMES", "GameInfo", "IllegalAction", "Option", "State", "new_game", "replay"]
