"""One game being played: its state, who sits where, undo, bot seeds (pure Python).

The UI never keeps game facts of its own: a :class:`Session` holds the engine
``State`` and the save (record + seats), and everything on screen is rendered
from ``state.view(seat)``.
"""

from __future__ import annotations

import game

from ui.store import reader, saves
from ui.kit import registry

# Undo goes back to an earlier position of the game.  That is only fair when the actions
# taken back revealed nothing: the game's screen may refuse to take them back
# (``GameScreen.undo_guard(before, taken) -> reason or None``, say, never a card once seen;
# ``reason`` is an i18n key).  A game with nothing hidden and no chance (Fendo) may always undo.
#
# Neither undo nor the question whether it may (asked at every redraw) replays the game: the
# session keeps a copy of the game every MARK_EVERY actions, and an earlier position is the
# copy before it and at most MARK_EVERY - 1 actions played again.  So a tap costs the same at
# move 5 and at move 500.
MARK_EVERY = 4


def bot_seed(game_seed: int, ply: int, seat: int) -> int:
    """The seed a bot uses for its move at ``ply``: a replayed game is reproducible."""
    return (game_seed * 1_000_003 + ply * 7919 + seat * 104_729 + 12345) % 2**31


class Session:
    def __init__(self, save: dict, state):
        self.save = save
        self.state = state
        self._legal: dict = {}
        self._here: dict = {}      # what is worked out once per position: its views, its key
        self._here_at = (None, None)
        self._undo = None          # ((state, ply, guard), {seat: undo_keep(seat)}): the last answers
        self._marks: dict = {}     # ply (a multiple of MARK_EVERY) -> a copy of the game then

    @classmethod
    def start(cls, save_id: str, game_id: str, seats: list, options: dict, seed: int, now: float):
        state = game.new_game(game_id, players=len(seats), seed=seed, **options)
        return cls(saves.make(save_id, state.record(), seats, now), state)

    @classmethod
    def going_on(cls, save_id: str, state, seats: list, now: float):
        """A game played on from ``state`` (a lesson's position: its record's setup)."""
        return cls(saves.make(save_id, state.record(), seats, now), state.clone())

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

    @property
    def devices(self) -> list:
        """The seats played on another device, connected to this one (``ui/net/hosting.py``)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "device"]

    def device_to_move(self):
        """The device seat that must act now (the first, if several), or None."""
        for seat in self.state.to_move:
            if self.seats[seat]["kind"] == "device":
                return seat
        return None

    def remote_to_move(self):
        for seat in self.state.to_move:
            if self.seats[seat]["kind"] == "remote":
                return seat
        return None

    def link_on_offer(self) -> bool:
        """A game by link whose next move is the friend's, or that our own move just ended:
        the friend needs a link of this position."""
        actions = self.state.actions
        if not self.remotes:
            return False
        return self.remote_to_move() is not None or (
            self.state.over and bool(actions) and self.seats[actions[-1][0]]["kind"] != "remote")

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

    # -- the position -------------------------------------------------------------------

    def _position_cache(self) -> dict:
        """The cache of this position, emptied when the position changes (an action, an
        undo: a new state)."""
        st, ply = self._here_at
        if not (st is self.state and ply == self.ply):
            self._here, self._here_at = {}, (self.state, self.ply)
        return self._here

    def position(self) -> tuple:
        """The position's identity: every action that led to it.  A bot's answer is played
        only on the position it was asked about (an undo and another move make a position
        of the same length, but not the same)."""
        here = self._position_cache()
        if "position" not in here:
            here["position"] = tuple(tuple(a) for a in self.state.actions)
        return here["position"]

    def view(self, seat):
        """``state.view(seat)``, built once per position: a tap, its redraw and the live
        region all read the same one.  Read-only."""
        here = self._position_cache()
        if ("view", seat) not in here:
            here["view", seat] = self.state.view(seat)
        return here["view", seat]

    def view_after(self, seat: int, action: str) -> dict:
        """``seat``'s view after ``action``, played on a copy: what a choice would do (a
        preview, a hint's words), the game itself untouched."""
        st = self.state.clone()
        st.apply(seat, action)
        return st.view(seat)

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
        if self._marks and self.ply % MARK_EVERY == 0:
            self._marks[self.ply] = self.state.clone()
        self._touch(now)

    def _at(self, ply: int):
        """A new copy of the game as it was after its first ``ply`` actions: the mark at or
        before ``ply``, and the few actions after it played again.  The marks of a game
        opened from its record are made by one replay, the first time one is needed."""
        if not self._marks:
            st = game.replay(dict(self.state.record(), actions=[]))
            for i, (seat, action) in enumerate(self.state.actions):
                if i % MARK_EVERY == 0:
                    self._marks[i] = st.clone()
                st.apply(seat, action)
            if self.ply % MARK_EVERY == 0:
                self._marks[self.ply] = st
        base = ply - ply % MARK_EVERY
        st = self._marks[base].clone()
        for seat, action in self.state.actions[base:ply]:
            st.apply(seat, action)
        return st

    def state_at(self, ply: int):
        """A new copy of the game after its first ``ply`` actions (a guest's log catching up
        a few actions, ``ui/net/hosting.py``): at most MARK_EVERY - 1 actions played again."""
        if not 0 <= ply <= self.ply:
            raise ValueError(f"no position {ply} in a game of {self.ply} actions")
        return self._at(ply)

    def _touch(self, now: float) -> None:
        self.save["record"] = self.state.record()
        self.save["updated"] = saves.iso(now)

    def _remember_sent(self) -> None:
        """A game by link whose move was on offer as a link (the friend's turn, or the end our
        move made): that history may have been sent, so the friend's answer to it may still
        come after it is taken back (ui/store/merge.py).  Kept in the save, the last few."""
        if self.state.actions and self.link_on_offer():
            history = [list(a) for a in self.state.actions]
            sent = [h for h in self.save.get("sent") or [] if h != history]
            self.save["sent"] = (sent + [history])[-reader.MAX_SENT:]

    def bot_seed(self, seat: int) -> int:
        return bot_seed(self.state.seed, self.ply, seat)

    # -- undo ---------------------------------------------------------------------

    def undo_keep(self, seat=None):
        """``(keep, reason)``: how many actions undo keeps, or None and why not.

        ``seat`` None: an undo asked at this device.  It takes back the last action of a
        human together with the bot actions that followed it, but in a game that hides
        something only while no other seat has answered it; never a move that came by link
        from a friend, nor one made on another device.  ``seat`` a device seat: that seat's
        own last action, on the same terms, and only while it is the last action but bots'.
        Asked at every redraw and for every guest's frame: kept, per seat, until the next
        action (or undo, which makes a new state).
        """
        guard = registry.screen(self.game_id).undo_guard
        (st, ply, was), answers = self._undo if self._undo else ((None, None, None), None)
        if not (st is self.state and ply == self.ply and was == guard):
            answers = {}
            self._undo = ((self.state, self.ply, guard), answers)
        if seat not in answers:
            answers[seat] = self._undo_keep(seat)
        return answers[seat]

    def _undo_keep(self, seat=None):
        if self.state.over:          # a finished game is final: looking at it changes nothing
            return None, "undo.over"
        actions = self.state.actions
        keep = len(actions)
        while keep and self.is_bot(actions[keep - 1][0]):
            keep -= 1
        if keep == 0:
            return None, "undo.nothing"
        last = actions[keep - 1][0]
        if seat is None and self.seats[last]["kind"] == "remote":
            return None, "undo.remote"
        if seat is None and self.seats[last]["kind"] == "device":
            return None, "undo.device"
        if seat is not None and last != seat:    # a guest takes back its own move only
            mine = any(s == seat for s, _ in actions)
            return None, "undo.answered" if mine else "undo.nothing"
        keep -= 1
        reason = registry.screen(self.game_id).undo_guard(self._at(keep), actions[keep:])
        if reason:
            return None, reason
        if self.state.info.hidden and any(
                s != actions[keep][0] for s, _ in actions[keep:]):
            return None, "undo.answered"    # chosen from what that seat saw: replaying would show it
        if self._blind(keep):        # after the game's guard: it says why more precisely
            return None, "undo.blind"
        return keep, None

    def _blind(self, keep: int) -> bool:
        """Whether an action to take back (from ``keep`` on) was one of a simultaneous choice:
        played while another seat was also to move, or right after another seat acted while
        this one was already to move (its choice completed theirs).  Such choices were made
        blind of each other: taking one back would let its player choose again knowing more,
        or take back another seat's blind choice with it.  Only a game that hides something
        (``GameInfo.hidden``) can have such choices: the others are never replayed for this."""
        if not self.state.info.hidden:
            return False
        actions = self.state.actions
        start = max(0, keep - 1)
        st = self._at(start)
        before = None            # (to_move, seat) of the previous action
        for i in range(start, len(actions)):
            seat = actions[i][0]
            to_move = tuple(st.to_move)
            if i >= keep and (len(to_move) > 1 or (
                    before is not None and seat in before[0] and before[1] != seat)):
                return True
            before = (to_move, seat)
            st.apply(seat, actions[i][1])
        return False

    def undo(self, now: float, seat=None) -> bool:
        """Takes back what :meth:`undo_keep` (of ``seat``) allows; False if nothing."""
        keep, _ = self.undo_keep(seat)
        if keep is None:
            return False
        self._remember_sent()
        self.state = self._at(keep)
        self._marks = {p: m for p, m in self._marks.items() if p <= keep}
        self._legal = {}
        self._touch(now)
        return True
