"""The champion: the bots as they were at commit eedf5b6 (2026-11-26), frozen, for `make ladder`.

Its expert is "today's expert" of issue 19: every stronger level must beat it in paired games,
seed for seed (bench/ladder.py).  A copy of ``bots/``, never edited: a change to ``bots/`` is
measured against it, not carried into it.  It plays through the engine contract like the bots.
"""

from .levels import choose

__all__ = ["choose"]
