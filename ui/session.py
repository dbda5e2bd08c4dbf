"""One game being played: its state, who sits where, undo, bot seeds (pure Python).

The UI never keeps game facts of its own: a :class:`Session` holds the engine
``State`` and the save (record + seats), and everything on screen is rendered
from ``state.view(seat)``.
"""

from __future__ import annotations

import game

from . import inbox, saves

# -- undo -------------------------------------------------------------------------
#
# Undo replays the record without its last actions.  That is only fair when the
# actions taken back revealed nothing: a game with hidden information or chance
# registers a guard here, ``UNDO_GUARDS[game_id](record, keep) -> reason or None``,
# which may refuse to go back to ``keep`` actions (say, never before a card was
# seen).  ``reason`` is an i18n key.  Games without a guard may always undo.
# Fendo is open information with no chance: no guard.

UNDO_GUARDS: dict = {}


def bot_seed(game_seed: int, ply: int, seat: int) -> int:
    """The seed a bot uses for its move at ``ply``: a replayed game is reproducible."""
    return (game_seed * 1_000_003 + ply * 7919 + seat * 104_729 + 12345) % 2**31


class Session:
    def __init__(self, save: dict, state):
        self.save = save
        self.state = state
        self._legal: dict = {}
        self._undo = None          # ((state, ply, guard), undo_keep()): the last answer

    @classmethod
    def start(cls, save_id: str, game_id: str, seats: list, options: dict, seed: int, now: float):
        state = game.new_game(game_id, players=len(seats), seed=seed, **options)
        return cls(saves.make(save_id, state.record(), seats, now), state)

    # -- who plays ------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.state.info.id

    @property
    def id(self) -> str:
        return self.save["id"]

    @property
    def seats(self) -> list:
        return self.save["seats"]

    @property
    def ply(self) -> int:
        return len(self.state.actions)

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "bot"

    @property
    def humans(self) -> list:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def human_to_move(self):
        """The human seat that must act now (the first, if several), or None."""
        for seat in self.state.to_move:
            if self.seats[seat]["kind"] == "human":
                return seat
        return None

    @property
    def remotes(self) -> list:
        """The seats a friend plays on another device (a game by link)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote"]

    def remote_to_move(self):
        for seat in self.state.to_move:
            if self.seats[seat]["kind"] == "remote":
                return seat
        return None

    def bot_to_move(self):
        for seat in self.state.to_move:
            if self.is_bot(seat):
                return seat
        return None

    def view_seat(self):
        """Whose eyes the board is drawn with.

        The human to move; else the only human; else (bots only) a spectator.
        With several humans and nothing hidden this is simply the seat to move.
        """
        h = self.human_to_move()
        if h is not None:
            return h
        if len(self.humans) == 1:
            return self.humans[0]
        return None

    # -- actions ----------------------------------------------------------------------

    def legal(self, seat: int) -> list:
        key = (self.ply, seat)
        if key not in self._legal:
            self._legal = {key: self.state.legal_actions(seat)}
        return self._legal[key]

    def try_action(self, seat: int, action: str):
        """None if legal, else the IllegalAction the engine raises (state untouched)."""
        if action in self.legal(seat):
            return None
        try:
            self.state.clone().apply(seat, action)
        except game.IllegalAction as e:
            return e
        return None

    def apply(self, seat: int, action: str, now: float) -> None:
        self.state.apply(seat, action)
        self._touch(now)

    def _touch(self, now: float) -> None:
        self.save["record"] = self.state.record()
        self.save["updated"] = saves.iso(now)

    def _remember_sent(self) -> None:
        """A game by link whose move was on offer as a link (the friend's turn, or the end our
        move made): that history may have been sent, so the friend's answer to it may still
        come after it is taken back (ui/merge.py).  Kept in the save, the last few."""
        if not self.remotes or not self.state.actions:
            return
        waiting = self.remote_to_move() is not None or (
            self.state.over and self.seats[self.state.actions[-1][0]]["kind"] != "remote")
        if waiting:
            history = [list(a) for a in self.state.actions]
            sent = [h for h in self.save.get("sent") or [] if h != history]
            self.save["sent"] = (sent + [history])[-inbox.MAX_SENT:]

    def bot_seed(self, seat: int) -> int:
        return bot_seed(self.state.seed, self.ply, seat)

    # -- undo ---------------------------------------------------------------------

    def undo_keep(self):
        """``(keep, reason)``: how many actions undo keeps, or None and why not.

        Undo takes back the last action of a human together with the bot
        actions that followed it; never a move that came by link from a friend.  Asked at
        every redraw, and a guard may replay the game: kept until the next action (or
        undo, which makes a new state).
        """
        guard = UNDO_GUARDS.get(self.game_id)
        st, ply, was = self._undo[0] if self._undo else (None, None, None)
        if not (st is self.state and ply == self.ply and was is guard):
            self._undo = ((self.state, self.ply, guard), self._undo_keep())
        return self._undo[1]

    def _undo_keep(self):
        actions = self.state.actions
        keep = len(actions)
        while keep and self.is_bot(actions[keep - 1][0]):
            keep -= 1
        if keep == 0:
            return None, "undo.nothing"
        if self.seats[actions[keep - 1][0]]["kind"] == "remote":
            return None, "undo.remote"
        keep -= 1
        guard = UNDO_GUARDS.get(self.game_id)
        if guard:
            reason = guard(self.state.record(), keep)
            if reason:
                return None, reason
        return keep, None

    def undo(self, now: float) -> bool:
        keep, _ = self.undo_keep()
        if keep is None:
            return False
        self._remember_sent()
        record = self.state.record()
        record["actions"] = record["actions"][:keep]
        self.state = game.replay(record)
        self._legal = {}
        self._touch(now)
        return True
