"""The bot of the tests' tic-tac-toe (``tests/tictactoe.py``): its profile, as a new game's
``bots/<game id>.py`` would hold it, registered with one line,
``bots.profile.register("tictactoe", PROFILE)`` (``tests/test_plug_in.py``).

The game is small enough to be solved: its expert plays perfectly (:func:`perfect`, a
minimax over every game left), and its standard level is the generic search on a small budget.
"""

from __future__ import annotations

from functools import cache

from bots.profile import Profile


@cache
def _value(board: tuple, seat: int) -> int:
    """The result of perfect play for ``seat`` to move on ``board``: 1 won, 0 drawn, -1 lost."""
    from tictactoe import LINES
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return 1 if board[a] == seat else -1
    free = [i for i in range(9) if board[i] is None]
    if not free:
        return 0
    return max(-_value(board[:i] + (seat,) + board[i + 1:], 1 - seat) for i in free)


def perfect(state, seat: int, rng=None) -> str:
    """The first of the best actions of ``seat`` (the expert's choice: ``rng`` is not used)."""
    board = tuple(state.view(seat)["board"])
    return max(state.legal_actions(seat),
               key=lambda a: (-_value(board[:int(a)] + (seat,) + board[int(a) + 1:], 1 - seat), -int(a)))


PROFILE = Profile(own={"expert": perfect}, budgets={"standard": 300})
