"""The play table: draws what it is handed, takes taps, hands back actions (pure Python).

The table knows no :class:`~ui.session.Session`.  At each render whoever holds the game (a
local session, :mod:`ui.play`; tomorrow a host on another device) hands it a :class:`Frame`:
the view, the legal actions, the log, whose turn, each asked once.  The table owns what
is the person's at this screen: the selection, the message in the status line, the game
log's entries, the previews of a choice, and the pacing (:mod:`ui.pacing`).  A tap becomes
the action string to play, handed back; the table never plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import game

from . import registry, screens
from .pacing import Pacing
from .screen import Context, Message, Turn


@dataclass(frozen=True)
class Frame:
    """One render's facts, asked once.  ``at``: the game and its position (a hashable pair;
    the pacing, the previews and the dropped taps key on it).  ``pass_to``: hot-seat, the
    seat the device goes to next (nothing of the game is drawn).  ``acting``: the seat whose
    taps the table takes, ``legal`` its actions, ``try_action`` why one is refused (None:
    not among ``legal`` is all it says).  ``view_after(seat, action)``: a choice's outcome
    on a copy, for previews (None: none).  The rest is what a local game adds to the
    table's :class:`~ui.screen.Context` (undo, the link box, the bot thinking...)."""

    game_id: str
    at: Any
    view: dict | None = None
    names: tuple = ()
    seats: tuple = ()
    humans: tuple = ()
    acting: int | None = None
    legal: tuple = ()
    try_action: Callable | None = None
    log: tuple = ()
    pass_to: int | None = None
    over: bool = False
    view_after: Callable | None = None
    extras: dict = field(default_factory=dict)    # Context fields: undo, link, thinking...

    @property
    def screen(self):
        return registry.screen(self.game_id)

    @property
    def turn(self) -> Turn | None:
        """The acting seat's :class:`~ui.screen.Turn`, or None."""
        if self.acting is None:
            return None
        return Turn(self.acting, self.view, list(self.legal), self.try_action or self._refuse, tuple(self.humans))

    def _refuse(self, action: str):
        return None if action in self.legal else game.IllegalAction(f"{action}: not legal now", "illegal")


def since(acting, entries, humans) -> tuple:
    """What the others did since ``acting`` last played, when it was more than one action
    (one is already on the table): the status sums it up.  Before ``acting``'s first action
    it is what the others did since the game began (:func:`first_turn`), summed up only when
    one person plays (several at one device saw it all)."""
    if acting is None:
        return ()
    mine = [i for i, (seat, _) in enumerate(entries) if seat == acting]
    start = mine[-1] + 1 if mine else 0
    others = [words for seat, words in entries[start:] if seat != acting and words]
    return tuple(others) if len(others) > 1 and (mine or len(humans) == 1) else ()


def first_turn(acting, entries) -> bool:
    """Whether ``acting`` has not played yet in this game: there was no "last turn"."""
    return acting is not None and all(seat != acting for seat, _ in entries)


@dataclass(frozen=True)
class Previews:
    """The views after each choice asked for at one position, for one seat: worked out
    after the frame that answers the tap (``wanted``), kept for the rest of the position."""

    at: Any = None
    seat: int | None = None
    views: dict = field(default_factory=dict)
    wanted: set = field(default_factory=set)


@dataclass(frozen=True)
class Drawn:
    """The position on the page, and since when (the page's clock)."""

    at: Any = None
    since: float = float("-inf")


class GameLog:
    """Every action of a game in words, ``[(seat, words), ...]``: built once by whoever
    holds the game (``build``) when a game opens or the language changes, then one entry per
    action told (:meth:`told`); an undo cuts it (``ply``)."""

    def __init__(self):
        self._of = None
        self._entries: list = []

    def entries(self, of, ply: int, build: Callable[[], list]) -> tuple:
        if self._of != of:
            self._of, self._entries = of, build()
        del self._entries[ply:]
        return tuple(self._entries)

    def told(self, of, ply: int, seat: int, words: str) -> None:
        if self._of == of and len(self._entries) == ply - 1:
            self._entries.append((seat, words))


class Tabletop:
    def __init__(self, host, tap_quiet: float = 0.25, pace: float = 1.0):
        self.host = host
        self.sel = None                 # what the player has picked this turn (the game's Selection)
        self.msg: Message | None = None   # a refusal or a hint, in the status line
        self.end_hidden = False
        self.log = GameLog()
        self.log_all = False            # the whole log asked for (else its newest entries)
        self.pacing = Pacing(pace)
        # One action per tap: a tap aimed at a table since redrawn for another position (it
        # waited while Python was busy), or one that would play within ``tap_quiet`` seconds
        # of the tap that played the last one (a double tap: its second half lands on the
        # next turn's table), is dropped.  Times are the page's clock (the events' timeStamp).
        self.tap_quiet = tap_quiet
        self.played_at = float("-inf")   # when the last tap that played an action came
        self._drawn = Drawn()
        self._msg_said = None
        self._previews = Previews()

    def reset(self, game_id: str) -> None:
        """A game opens: nothing picked, nothing said."""
        self.sel = registry.screen(game_id).new_selection()
        self.msg = None
        self.end_hidden = False
        self.log_all = False

    def cleared(self) -> None:
        """After an action, a cancel or an undo: the selection let go, the message gone."""
        self.sel = self.sel.cleared()
        self.msg = None

    # -- drawing ------------------------------------------------------------------------

    def draw(self, f: Frame) -> str:
        """The whole ``<main>`` of the table for ``f``."""
        host = self.host
        if f.pass_to is not None:     # nobody's view is drawn: only whose turn it is
            return screens.pass_device(host.tr, f.names[f.pass_to], f.pass_to)
        if self.msg is not None and self.msg is not self._msg_said:
            # a refusal or a hint, told once through the live region: #status is redrawn
            # with the screen, and a region drawn anew is not read out
            self._msg_said = self.msg
            host.announce(self.msg.text(host.lang))
        now = host.now()
        acting = f.acting
        ctx = Context(
            tr=host.tr, lang=host.lang, names=tuple(f.names), seats=tuple(f.seats),
            level_names=host.level_names(), acting=acting, legal=tuple(f.legal), humans=tuple(f.humans),
            message=self.msg.text(host.lang) if self.msg else None, end_hidden=self.end_hidden,
            log=tuple(f.log), log_all=self.log_all, since=since(acting, f.log, f.humans) if f.screen.sum_up else (),
            since_start=first_turn(acting, f.log),
            preview=(lambda action: self._preview(f, action)) if acting is not None and f.view_after else None,
            settle=self.pacing.settle(f.at, now), arriving=self.pacing.arriving(f.at, now),
            inline=f.screen.inline_words(host.lang), **f.extras,
        )
        return f.screen.render(f.view, self.sel, ctx)

    def shown(self, f: Frame) -> None:
        """``f`` is on the page now: a tap that came before was aimed at another table."""
        if f.at != self._drawn.at:
            self._drawn = Drawn(f.at, self.host.page_now())

    def _preview(self, f: Frame, action: str):
        """The acting seat's view after ``action``, or None until it is worked out: the tap's
        own frame is drawn first, then the previews it asked for, kept for the position."""
        p = self._previews
        if (p.at, p.seat) != (f.at, f.acting):
            p = self._previews = Previews(f.at, f.acting)
        if action not in p.views:
            if not p.wanted:
                self.host.spawn(self._previews_later(p, f.view_after))
            p.wanted.add(action)
            return None
        return p.views[action]

    async def _previews_later(self, p: Previews, view_after) -> None:
        await self.host.sleep(0.03)              # after the frame that answers the tap
        if self._previews is not p or self.host.screen != "play" or self._drawn.at != p.at:
            return                                  # played on, or left: nothing to show
        for action in sorted(p.wanted):
            p.views[action] = view_after(p.seat, action)
        p.wanted.clear()
        self.host.render()

    # -- taps and keys ----------------------------------------------------------------------

    def tap(self, act: str, data: dict, f: Frame, at: float | None = None) -> str | None:
        """A tap on the table (``at``: when, on the page's clock; None: never dropped).  The
        action string to play, if it plays one; else the selection or the message changes
        (and the page is drawn again)."""
        if f.pass_to is not None or (at is not None and at < self._drawn.since):
            return None          # the hand is not on screen, or aimed at the table before a redraw
        reply = f.screen.tap(act, data, self.sel, f.turn)
        if at is not None and reply is not None and reply.action is not None:
            if at < self.played_at + self.tap_quiet:
                return None      # the second half of a double tap
            self.played_at = at
        return self._take(reply, f)

    def key(self, key: str, f: Frame) -> tuple[bool, str | None]:
        """A key on the board: whether the table used it, and the action to play if any."""
        scr = f.screen
        if key not in scr.board_keys or f.pass_to is not None:
            return False, None
        reply = scr.key(key, self.sel, f.view, f.turn)
        if reply is None:
            return False, None
        return True, self._take(reply, f)

    def _take(self, reply, f: Frame) -> str | None:
        if reply is None or not reply.redraw:
            return None
        if reply.sel is not None:
            self.sel = reply.sel
        if reply.action is not None and f.acting is not None:
            return reply.action
        self.msg = reply.message
        self.host.render()
        return None

    # -- the acts of the table on screen (ui.app hands them here) -------------------------------

    def act_cancel(self, data) -> None:
        self.cleared()
        self.host.render()

    def act_cancel_bg(self, data) -> None:
        """A tap on the board's frame, off the cells: cancels what was selected."""
        if self.sel.active or self.msg:
            self.act_cancel(data)

    def act_log_all(self, data) -> None:
        """The log's earlier entries, asked for: the whole log, until another game opens."""
        self.log_all = True
        self.host.render()

    def act_show_end(self, data) -> None:
        self.end_hidden = False
        self.host.render()

    def act_hide_end(self, data) -> None:
        self.end_hidden = True
        self.host.render()

    def escape(self, over: bool) -> bool:
        """Escape: lets go of what is picked, else hides the end dialog; True if it did."""
        if self.sel.active or self.msg:
            self.cleared()
            return True
        if over and not self.end_hidden:
            self.end_hidden = True
            return True
        return False
