"""The cheap baseline: look one action ahead and keep the best score lead.

It knows no game: it tries each legal action on a determinized copy and
judges the result with :func:`bots.evaluate.evaluate`.  Ties are broken at
random, so on a quiet position it plays like the random bot.

It is the novice level, and a novice errs where its game's profile says so
(``mistakes``, ``bots.profile``): each decision it has a choice in, it plays any
legal action instead of its best, with that chance (drawn from the decision's seed,
so a seed replays the same game).  Where one ply with the game's judge is already
good play, a faultless novice is no novice.
"""

from __future__ import annotations

import random

from . import profile
from .evaluate import evaluate


def choose(state, seat: int, rng: random.Random) -> str:
    world = state.determinize(seat, rng)
    actions = world.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    slip = profile.of(state.info.id).mistakes
    if slip and rng.random() < slip:
        return rng.choice(actions)
    best, best_value = [], -1.0
    for action in actions:
        after = world.clone()
        after.apply(seat, action)
        value = evaluate(after)[seat]
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return rng.choice(best)


def choose_random(state, seat: int, rng: random.Random) -> str:
    """Any legal action, uniformly: the floor every bot must beat."""
    return rng.choice(state.legal_actions(seat))
