"""Bots that play any game through the engine contract alone.

>>> import game, bots
>>> s = game.new_game("fendo", seed=3)
>>> a = bots.choose(s, 0, "novice", seed=1)
>>> a in s.legal_actions(0)
True
"""

from .levels import LEVELS, DEFAULT_LEVEL, choose

__all__ = ["LEVELS", "DEFAULT_LEVEL", "choose"]
