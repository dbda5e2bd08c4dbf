"""The bot strengths a player can pick, and the one door to them: :func:`choose`.

A strength is a budget, not a clock: the same seed gives the same action on
any machine, so a game with bots replays exactly.
"""

from __future__ import annotations

import random

from . import heuristic, mcts, onexeno_bot

LEVELS = [
    {"id": "novice", "name_en": "Novice", "name_fr": "Novice"},
    {"id": "standard", "name_en": "Standard", "name_fr": "Standard"},
    {"id": "expert", "name_en": "Expert", "name_fr": "Expert"},
]
DEFAULT_LEVEL = "standard"

# Actions simulated per decision by the search levels (see bots.mcts.search).
BUDGETS = {"standard": 1200, "expert": 6000}

# Levels a game plays with a bot of its own, where the search above is weak or slow (measured:
# bots/onexeno_bot.py says why and by how much).
OWN_BOTS = {
    ("onexeno", "standard"): onexeno_bot.choose,
    ("onexeno", "expert"): onexeno_bot.choose_expert,
}


def choose(state, seat: int, level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """The action ``level`` plays for ``seat`` (which must be to move)."""
    if seat not in state.to_move:
        raise ValueError(f"seat {seat} is not to move")
    rng = random.Random(seed)
    if level == "random":
        return heuristic.choose_random(state, seat, rng)
    if level == "novice":
        return heuristic.choose(state, seat, rng)
    own = OWN_BOTS.get((state.info.id, level))
    if own:
        return own(state, seat, rng)
    if level in BUDGETS:
        return mcts.choose(state, seat, rng, BUDGETS[level])
    raise ValueError(f"unknown bot level {level!r}")
