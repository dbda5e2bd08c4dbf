"""The bot strengths a player can pick, and the one door to them: :func:`choose`.

A strength is a budget of work (actions simulated), not a clock: the same seed gives the same
action on any machine, so the tests and the ladder (``bench/ladder.py``) replay exactly.  The
page's bot worker gives the expert a clock as well (``choose(..., clock=time.perf_counter)``):
it then thinks for ``SECONDS`` whatever the machine, further than its budget on a fast one,
less far on a slow phone, and never past ``SECONDS`` plus one iteration.
"""

from __future__ import annotations

import random

LEVELS = [
    {"id": "novice", "name_en": "Novice", "name_fr": "Novice"},
    {"id": "standard", "name_en": "Standard", "name_fr": "Standard"},
    {"id": "expert", "name_en": "Expert", "name_fr": "Expert"},
]
DEFAULT_LEVEL = "standard"

# Actions simulated per decision by the search levels (bots.mcts.search), unless a game's
# profile says otherwise (its ``budgets``; the measured figures are in docs/BOTS.md).
BUDGETS = {"standard": 1200, "expert": 6000}

# Seconds a level thinks when given a clock (the page's worker), and the most work it may do
# then, as a multiple of its budget (so a very fast machine still answers at once).
SECONDS = {"expert": 0.8}
CLOCK_CAP = 8


def budget(game_id: str, level: str, size=None) -> int:
    """Actions a search level simulates per decision in ``game_id`` (on a board of ``size``,
    for a game whose decisions cost more on a bigger board): its profile's, else
    :data:`BUDGETS`'.

    >>> from bots import profile
    >>> p = profile.register("demo", profile.Profile(budgets={("expert", 9): 100}))
    >>> budget("demo", "expert", 9), budget("demo", "expert", 7) == BUDGETS["expert"]
    (100, True)
    >>> del profile.PROFILES["demo"]
    """
    from . import profile

    budgets = profile.of(game_id).budgets
    return budgets.get((level, size)) or budgets.get(level, BUDGETS[level])


def choose(state, seat: int, level: str = DEFAULT_LEVEL, seed: int = 0, clock=None) -> str:
    """The action ``level`` plays for ``seat`` (which must be to move).

    ``clock`` (a ``time.perf_counter``-like function), if given, lets a level listed in
    ``SECONDS`` think for that long instead of for its fixed budget.
    """
    # Imported here: the page's main thread reads only LEVELS, and starts without the search.
    from . import heuristic, mcts, profile

    if seat not in state.to_move:
        raise ValueError(f"seat {seat} is not to move")
    rng = random.Random(seed)
    if level == "random":
        return heuristic.choose_random(state, seat, rng)
    p = profile.of(state.info.id)
    own = p.own.get(level)
    if own:
        return own(state, seat, rng)
    if level == "novice":
        return heuristic.choose(state, seat, rng)
    if level in BUDGETS:
        actions = budget(state.info.id, level, state.options.get("size"))
        kw = {"exploration": p.exploration} if p.exploration is not None else {}
        if clock is not None and level in SECONDS:
            return mcts.choose(state, seat, rng, actions * CLOCK_CAP,
                               deadline=clock() + SECONDS[level], clock=clock, **kw)
        return mcts.choose(state, seat, rng, actions, **kw)
    raise ValueError(f"unknown bot level {level!r}")
