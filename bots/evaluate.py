"""How good a position is for each seat, read through the contract alone.

Search needs one number in [0, 1] per seat: the result of a finished game, or
an estimate of an unfinished one.  :func:`outcome` knows no game: it reads the
scores.  A game whose scores say little mid-game has a judge of its own in its
profile (``bots.profile``), given the state the search is in: a determinized
world, where whatever the searching seat cannot see is dealt at random.
"""

from __future__ import annotations

from . import profile


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


# A game played in rounds up to a target total (a profile's ``race``): its search stops at a
# round's end, the first change of score (bots.mcts, bots.playouts.horizon): random play far
# beyond it says more about chance than about the move.  The state reached there is judged by
# the race (the chance of winning from the totals, say); the search gives it the totals at its
# root as well, to weigh that chance by what the round can change.


def evaluate(state, start=None) -> list[float]:
    """The game's own judge for an unfinished state, else :func:`outcome`.

    ``start``: in a game with a ``race``, the totals at the search's root; its judge then
    values the round's end, finished game or not, by what that round could change.
    """
    p = profile.of(state.info.id)
    race = p.race
    if race and start is not None:
        return race(state, start)
    if state.over:
        return outcome(state)
    judge = p.judge or race
    return judge(state) if judge else outcome(state)
