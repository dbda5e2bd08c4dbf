"""How good a position is for each seat, read through the contract alone.

Search needs one number in [0, 1] per seat: the result of a finished game, or
an estimate of an unfinished one.  :func:`outcome` knows no game: it reads the
scores.  A game whose scores say little mid-game gets a judge of its own in
``JUDGES``, given the state the search is in: Fendo's (which scores only closed
areas) reads the public ``view``; Fowl Play's (whose targets stay secret until
the end) reads the search's determinized world, where every target is dealt.
"""

from __future__ import annotations

from . import fendo_judge, fowl_judge, race


def outcome(state) -> list[float]:
    """One value in [0, 1] per seat: 1 to a sole winner, shared on a tie.

    An unfinished state is judged by its scores: each seat's lead over the best
    of the others, squashed into (0, 1) without knowing the game's scale.
    """
    n = state.players
    if state.over:
        winners = state.winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if p in winners else 0.0 for p in range(n)]
    scores = state.scores
    values = []
    for p in range(n):
        best_other = max(scores[q] for q in range(n) if q != p)
        lead = scores[p] - best_other
        values.append(0.5 + 0.5 * lead / (abs(scores[p]) + abs(best_other) + 1))
    return values


def _fendo(state) -> list[float]:
    return fendo_judge.judge(state.view(None))


JUDGES = {"fendo": _fendo, "fowl_play": fowl_judge.judge}

# Games played in rounds up to a target total: their search stops at a round's end, the first
# change of score (bots.mcts, bots.playouts.horizon): random play far beyond it says more about
# chance than about the move (measured, bench/bench_bots.py, 40 seeded games: Renard standard vs
# random 82% -> 98%).  The state reached there is judged by the chance of winning from the
# totals (bots.race); the search gives the judge the totals at its root as well, to weigh that
# chance by what the round can change.
RACES = {"renard_des_bois": race.renard}


def evaluate(state, start=None) -> list[float]:
    """The game's own judge for an unfinished state, else :func:`outcome`.

    ``start``: in a game of ``RACES``, the totals at the search's root; its judge then values
    the round's end, finished game or not, by what that round could change.
    """
    race = RACES.get(state.info.id)
    if race and start is not None:
        return race(state, start)
    if state.over:
        return outcome(state)
    judge = JUDGES.get(state.info.id) or race
    return judge(state) if judge else outcome(state)
