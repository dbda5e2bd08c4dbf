"""The bot strengths a player can pick, and the one door to them: :func:`choose`.

A strength is a budget of work (actions simulated), not a clock: the same seed gives the same
action on any machine, so the tests and the ladder (``bench/ladder.py``) replay exactly.  The
page's bot worker gives the expert a clock as well (``choose(..., clock=time.perf_counter)``):
it then thinks for ``SECONDS`` whatever the machine, further than its budget on a fast one,
less far on a slow phone, and never past ``SECONDS`` plus one iteration.
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

# Actions simulated per decision by the search levels (see bots.mcts.search) ...
BUDGETS = {"standard": 1200, "expert": 6000}
# ... unless a game needs its own (measured: the figures are in the README's Bots section).
GAME_BUDGETS: dict = {     # (game id, level) -> actions, or (game id, level, board size) -> actions
    # Renard: against the champion, 60 paired seeds (455 rounds), +1.13 +- 0.42 points a round
    # (bots.race judging a round's end by what it can change; +0.96 +- 0.39 by the chance of
    # winning alone).
    ("renard_des_bois", "expert"): 40000,
    # Fennecs: a decision is cheap (6000 actions ~65 ms CPython unloaded).  Against two
    # champions ("fennecs 3p"): random playouts at 30000, 63% (10 paired seeds); greedy
    # playouts (bots/fennecs_policy.py) at 6000, 68% (20); both, at 30000, 77% (50).
    ("fennecs", "expert"): 30000,
    # With greedy playouts the standard at 1200 came too near the expert (expert's share
    # against two standards 36.7%, 20 paired seeds); at 400: 58.3% (20), and the standard's
    # against two novices 80.6% (20).
    ("fennecs", "standard"): 400,
    # Fendo judges every child it grows (~150-300 a node): at 6000 actions the expert grows
    # only ~30 nodes.  Twice that beat the 6000-action champion (bench/ladder.py); 9x9's
    # decisions cost ~1.3x more per action, hence less there to stay within time.
    ("fendo", "expert", 7): 12000,
    ("fendo", "expert", 9): 9000,
    # 9x9 has ~2x the actions a node: at 1200 the standard level barely looked past one ply
    # (55% against the novice, 10 paired seeds); at 2400 it beat the novice (85%, 10) but came
    # near the expert (expert's share 62.5%, 20); at 1800: 66.2% against the novice (40 seeds),
    # the expert's 85.0% against it (20).
    ("fendo", "standard", 9): 1800,
}

# The search's exploration constant (bots.mcts.search) for a game that needs its own.  Fendo's
# children all start judged, so a lower one spends the budget deeper on the best: measured
# 0.12 against 0.25 (on the judge without SURE), expert vs champion 65%, +5.9 cells a game.
# Renard's rewards (bots.race.renard given the round's start) differ by about 1.27 times the
# old ones' differences at a game's start: 0.32 keeps the search there as it was with 0.25.
EXPLORATION = {"fendo": 0.1, "renard_des_bois": 0.32}

# Seconds a level thinks when given a clock (the page's worker), and the most work it may do
# then, as a multiple of its budget (so a very fast machine still answers at once).
SECONDS = {"expert": 0.8}
CLOCK_CAP = 8

# Levels a game plays with a bot of its own, where the search above is weak or slow (measured:
# bots/onexeno_bot.py says why and by how much).
OWN_BOTS = {
    ("onexeno", "standard"): onexeno_bot.choose,
    ("onexeno", "expert"): onexeno_bot.choose_expert,
}


def budget(game_id: str, level: str, size=None) -> int:
    """Actions a search level simulates per decision in ``game_id`` (on a board of ``size``,
    for a game whose decisions cost more on a bigger board).

    >>> GAME_BUDGETS[("demo", "expert", 9)] = 100
    >>> budget("demo", "expert", 9), budget("demo", "expert", 7) == BUDGETS["expert"]
    (100, True)
    >>> del GAME_BUDGETS[("demo", "expert", 9)]
    """
    return GAME_BUDGETS.get((game_id, level, size)) or GAME_BUDGETS.get((game_id, level), BUDGETS[level])


def choose(state, seat: int, level: str = DEFAULT_LEVEL, seed: int = 0, clock=None) -> str:
    """The action ``level`` plays for ``seat`` (which must be to move).

    ``clock`` (a ``time.perf_counter``-like function), if given, lets a level listed in
    ``SECONDS`` think for that long instead of for its fixed budget.
    """
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
        actions = budget(state.info.id, level, state.options.get("size"))
        kw = {"exploration": EXPLORATION[state.info.id]} if state.info.id in EXPLORATION else {}
        if clock is not None and level in SECONDS:
            return mcts.choose(state, seat, rng, actions * CLOCK_CAP,
                               deadline=clock() + SECONDS[level], clock=clock, **kw)
        return mcts.choose(state, seat, rng, actions, **kw)
    raise ValueError(f"unknown bot level {level!r}")
