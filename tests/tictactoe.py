"""A tiny game on the engine contract, for testing bots apart from our games.

Not registered in ``game.GAMES``: it exists for the tests only.
"""

from game.core import GameInfo, IllegalAction, State

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(State):
    info = GameInfo("tictactoe", "Tic-tac-toe", 2, 2)

    def __init__(self, players=2, seed=0, options=None):
        super().__init__(players, seed, options or {})
        self.board = [None] * 9

    def _line(self):
        for a, b, c in LINES:
            if self.board[a] is not None and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    @property
    def to_move(self):
        if self._line() is not None or None not in self.board:
            return ()
        return (sum(x is not None for x in self.board) % 2,)

    def legal_actions(self, seat):
        if seat not in self.to_move:
            return []
        return sorted(str(i) for i in range(9) if self.board[i] is None)

    def _apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is taken or not a cell")
        self.board[int(action)] = seat

    def _copy_into(self, other):
        other.board = self.board.copy()

    @property
    def scores(self):
        w = self._line()
        return [int(w == 0), int(w == 1)]

    @property
    def winners(self):
        if not self.over:
            return []
        w = self._line()
        return [0, 1] if w is None else [w]

    def _view(self, seat):
        return {"board": self.board.copy()}


def position(moves):
    s = TicTacToe()
    for i, m in enumerate(moves):
        s.apply(i % 2, str(m))
    return s
