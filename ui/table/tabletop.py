"""The play table: draws what it is handed, takes taps, hands back actions (pure Python).

The table knows no :class:`~ui.store.session.Session`.  At each render whoever holds the game (a
local session, :mod:`ui.parts.play`; tomorrow a host on another device) hands it a :class:`Frame`:
the view, the legal actions, the log, whose turn, each asked once.  The table owns what
is the person's at this screen: the selection, the message in the status line, the game
log's entries, the previews of a choice, and the pacing (:mod:`ui.table.pacing`).  A tap becomes
the action string to play, handed back; the table never plays it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

import game

from ui.kit import readout, registry
from ui.table.pacing import Pacing
from ui.kit.html import button, esc
from ui.kit.screen import PLACE_ID, Context, Message, Turn


@dataclass(frozen=True)
class Frame:
    """One render's facts, asked once.  ``at``: the game and its position (a hashable pair;
    the pacing, the previews and the dropped taps key on it).  ``pass_to``: hot-seat, the
    seat the device goes to next (nothing of the game is drawn).  ``acting``: the seat whose
    taps the table takes, ``legal`` its actions, ``try_action`` why one is refused (None:
    not among ``legal`` is all it says).  ``view_after(seat, action)``: a choice's outcome
    on a copy, for previews (None: none).  The rest is what a local game adds to the
    table's :class:`~ui.kit.screen.Context` (undo, the link box, the bot thinking...)."""

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
    places: tuple = ()          # each log entry's places (GameScreen.places), when known
    view_at: Callable | None = None   # the drawn seat's view after the game's first n actions (Show again)
    extras: dict = field(default_factory=dict)    # Context fields: undo, link, thinking...

    @property
    def screen(self):
        return registry.screen(self.game_id)

    @property
    def turn(self) -> Turn | None:
        """The acting seat's :class:`~ui.kit.screen.Turn`, or None."""
        if self.acting is None:
            return None
        return Turn(self.acting, self.view, list(self.legal), self.try_action or self._refuse, tuple(self.humans))

    def _refuse(self, action: str):
        return None if action in self.legal else game.IllegalAction(f"{action}: not legal now", "illegal")


def turn_end(seat, entries) -> int | None:
    """Where ``seat``'s last turn ended in the log (the index after its last entry), or None
    before its first action: what the status sums up, the marks and "your first turn" count
    from there."""
    for i in range(len(entries) - 1, -1, -1):
        if entries[i][0] == seat:
            return i + 1
    return None


def since(acting, entries, humans) -> tuple:
    """What the others did since ``acting`` last played, when it was more than one action
    (one is already on the table): the status sums it up.  Before ``acting``'s first action
    it is what the others did since the game began (:func:`first_turn`), summed up only when
    one person plays (several at one device saw it all)."""
    if acting is None:
        return ()
    end = turn_end(acting, entries)
    others = [words for seat, words in entries[end or 0:] if seat != acting and words]
    return tuple(others) if len(others) > 1 and (end is not None or len(humans) == 1) else ()


def viewer(acting, humans):
    """Whose marks the table draws: the seat that acts, else the one person at the device."""
    if acting is not None:
        return acting
    return humans[0] if len(humans) == 1 else None


def marked(seat, entries, places, humans) -> list:
    """The others' actions since ``seat`` last acted (since the game began, before its first
    action, when one person plays), in order, as ``(log index, places)``: the table numbers
    them 1..n until ``seat`` acts."""
    if seat is None or not places:
        return []
    end = turn_end(seat, entries)
    if end is None and len(humans) != 1:
        return []
    start = end or 0
    return [(i, places[i]) for i in range(start, min(len(entries), len(places)))
            if entries[i][0] != seat and places[i]]


def lit(markup: str, extra: dict) -> str:
    """``markup`` with each element whose id is a key given the attributes of its value
    (the marks, the hint, a flash): one generic mechanism for every game's table."""
    for ident, more in extra.items():
        markup = markup.replace(f' id="{ident}"', f' id="{ident}"{more}', 1)
    return markup


def shown_places(ids, present=None) -> list:
    """The places of an action drawn on the table now: its ids that are (``present``: whether
    an id is in the markup; None: all), else its first fallback drawn (an id written
    ``~id``: the player of a card gathered since, the column it was collected with)."""
    ids = list(ids)
    main = [i for i in ids if not i.startswith("~") and (present is None or present(i))]
    if main:
        return main
    return [i[1:] for i in ids if i.startswith("~") and (present is None or present(i[1:]))][:1]


def mark_attrs(steps: list, flash: tuple = (), hinted: tuple = (), present=None) -> tuple[dict, dict]:
    """The attributes the table adds (id -> markup) and the numbered places (id -> label,
    for a screen that draws the badges itself, in an SVG).  Each action's first place drawn
    (:func:`shown_places`) takes its number (``data-mark``: outline and badge), its other
    places an outline (``data-marked``)."""
    labels: dict = {}
    others: set = set()
    for n, (_, ids) in enumerate(steps, 1):
        for j, ident in enumerate(shown_places(ids, present)):
            if j == 0:
                labels.setdefault(ident, []).append(str(n))
            else:
                others.add(ident)
    badges = {ident: "·".join(ns) for ident, ns in labels.items()}
    extra: dict = {}
    for ident in others - set(badges):
        extra[ident] = " data-marked"
    for ident, label in badges.items():
        extra[ident] = f' data-mark="{label}"'
    for ident in hinted:
        extra[ident] = extra.get(ident, "") + " data-hint"
    for ident in shown_places(flash, present):
        extra[ident] = extra.get(ident, "") + " data-flash"
    return extra, badges


LAST_READ = 12     # the others' actions L reads at most (the newest): the rest is in the log


def last_words(tr, seat, entries) -> list:
    """What L reads: the others' actions since ``seat`` last played (since the game began,
    before its first), else the last action; in the log's words."""
    if not entries:
        return [tr("read.last_none")]
    end = turn_end(seat, entries) if seat is not None else len(entries) - 1
    others = [words for s, words in entries[end or 0:] if s != seat and words][-LAST_READ:]
    if not others:
        return [tr("read.last_one", what=entries[-1][1])]
    return [tr("read.last_since", what=" ".join(others))] if end else others


def first_turn(acting, entries) -> bool:
    """Whether ``acting`` has not played yet in this game: there was no "last turn"."""
    return acting is not None and turn_end(acting, entries) is None


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
    holds the game (``build``, entries ``(seat, words, places)``) when a game opens or the
    language changes, then one entry per action told (:meth:`told`); an undo cuts it
    (``ply``).  Each entry's places (``GameScreen.places``) are kept beside it
    (:meth:`places`): the table marks them, a tap on the entry flashes them."""

    def __init__(self):
        self._of = None
        self._entries: list = []
        self._places: list = []

    def entries(self, of, ply: int, build: Callable[[], list]) -> tuple:
        if self._of != of:
            built = build()
            self._of = of
            self._entries = [(e[0], e[1]) for e in built]
            self._places = [tuple(e[2]) if len(e) > 2 else () for e in built]
        del self._entries[ply:]
        del self._places[ply:]
        return tuple(self._entries)

    def places(self) -> tuple:
        return tuple(self._places)

    def told(self, of, ply: int, seat: int, words: str, places: tuple = ()) -> None:
        if self._of == of and len(self._entries) == ply - 1:
            self._entries.append((seat, words))
            self._places.append(tuple(places))


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
        self.playback = None            # Show again: (at, k), the k-th marked action drawn (0: the one before)
        self.flash = None               # a log entry tapped: (its places, since when)
        self._marked = (None, 0)        # (at, how many actions are marked), as last drawn
        self.keys_open = False          # the help dialog of the keys that read the table (?)
        self._markup = ""               # the table last drawn: its status is what T reads

    def reset(self, game_id: str) -> None:
        """A game opens: nothing picked, nothing said."""
        self.sel = registry.screen(game_id).new_selection()
        self.msg = None
        self.end_hidden = False
        self.log_all = False
        self.playback = self.flash = None
        self.keys_open = False

    def cleared(self) -> None:
        """After an action, a cancel or an undo: the selection let go, the message gone."""
        self.sel = self.sel.cleared()
        self.msg = None

    # -- drawing ------------------------------------------------------------------------

    def draw(self, f: Frame) -> str:
        """The whole ``<main>`` of the table for ``f``."""
        host = self.host
        if self.playback is not None and self.playback[0] != f.at:
            self.playback = None      # played on (a bot's move, an undo): Show again is over
        if f.pass_to is not None:     # nobody's view is drawn: only whose turn it is
            self._markup = pass_device(host.tr, f.names[f.pass_to], f.pass_to)
            return self._with_keys(self._markup)
        if self.msg is not None and self.msg is not self._msg_said:
            # a refusal or a hint, told once through the live region: #status is redrawn
            # with the screen, and a region drawn anew is not read out
            self._msg_said = self.msg
            host.announce(self.msg.text(host.lang))
        now = host.now()
        acting = f.acting
        steps = marked(viewer(acting, f.humans), f.log, f.places, f.humans)
        others = since(acting, f.log, f.humans)    # several actions since acting's turn: Show again
        self._marked = (f.at, len(steps))
        view, sel = f.view, self.sel
        pb = self.playback
        playing = pb is not None and pb[0] == f.at and pb[1] <= len(steps)
        if playing:       # Show again: the position after the k-th marked action, as this seat saw it
            k = pb[1]
            if f.view_at is not None:
                view = f.view_at(steps[k - 1][0] + 1 if k else steps[0][0])
            steps, acting, sel = steps[:k], None, self.sel.cleared()
        hint_action = f.extras.get("hint_action") if acting is not None and not playing else None
        hinted = tuple(f.screen.hint_places(view, acting, hint_action)) if hint_action else ()
        flash = self.flash[0] if self.flash and not playing else ()
        _, badges = mark_attrs(steps)
        extras = dict(f.extras, hint_action=hint_action)
        ctx = Context(
            tr=host.tr, lang=host.lang, names=tuple(f.names), seats=tuple(f.seats),
            level_names=host.level_names(), acting=acting, legal=tuple(f.legal) if acting is not None else (),
            humans=tuple(f.humans),
            message=self.msg.text(host.lang) if self.msg else None, end_hidden=self.end_hidden,
            log=tuple(f.log), log_all=self.log_all,
            since=others if f.screen.sum_up else (),   # kept while played back
            since_start=first_turn(f.acting, f.log),
            preview=(lambda action: self._preview(f, action)) if acting is not None and f.view_after else None,
            refusal=f.try_action if acting is not None else None,
            settle=None if playing else self.pacing.settle(f.at, now),
            arriving=not playing and self.pacing.arriving(f.at, now),
            marks=badges, log_places=tuple(f.places), playback="on" if playing else ("" if steps and others else None),
            inline=f.screen.inline_words(host.lang), **extras,
        )
        markup = f.screen.render(view, sel, ctx)
        extra, _ = mark_attrs(steps, flash, hinted, lambda ident: f' id="{ident}"' in markup)
        self._markup = lit(markup, extra)
        return self._with_keys(self._markup)

    def _with_keys(self, markup: str) -> str:
        """The table, with the help dialog of the keys on it when asked for (``?``)."""
        if not self.keys_open or not markup.endswith("</main>"):
            return markup
        return markup[:-len("</main>")] + readout.help_dialog(self.host.tr) + "</main>"

    # -- reading the table out (ui.kit.readout) -----------------------------------------------

    def read(self, what: str, f: Frame) -> bool:
        """A key that reads the table out: says what it asks for through the live region (the
        help dialog opens instead, for ``help``).  True: the key was used."""
        host = self.host
        if what == "help":
            self.keys_open = not self.keys_open
            host.changed()
            return True
        words = self.read_words(what, f)
        host.announce(" ".join(words) if words else host.tr("read.nothing"))
        return True

    def read_words(self, what: str, f: Frame) -> list:
        """The sentences a key reads out (``what``: ``readout.KEYS``), from what is on the
        table: the status as drawn, the log as this seat knows it, the game's own words for
        the position and the scores, from the view drawn (never another seat's)."""
        tr, names = self.host.tr, list(f.names)
        if f.pass_to is not None or f.view is None:      # a pass screen: nothing of the game
            return readout.status_words(self._markup) or [tr("pass.title", name=f.names[f.pass_to])]
        seat = f.view.get("seat")
        if what == "turn":
            return readout.status_words(self._markup)
        if what == "scores":
            return f.screen.read_scores(tr, f.view, names, seat)
        if what == "position":
            return f.screen.read_out(tr, f.view, names, seat)
        if what == "last":
            return last_words(tr, viewer(f.acting, f.humans), f.log)
        return []

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
        with self.host.event():
            if self._previews is not p or self.host.screen != "play" or self._drawn.at != p.at:
                return                              # played on, or left: nothing to show
            for action in sorted(p.wanted):
                p.views[action] = view_after(p.seat, action)
            p.wanted.clear()
            self.host.changed()

    # -- taps and keys ----------------------------------------------------------------------

    def tap(self, act: str, data: dict, f: Frame, at: float | None = None) -> str | None:
        """A tap on the table (``at``: when, on the page's clock; None: never dropped).  The
        action string to play, if it plays one; else the selection or the message changes
        (and the page is drawn again)."""
        if f.pass_to is not None or (at is not None and at < self._drawn.since):
            return None          # the hand is not on screen, or aimed at the table before a redraw
        if self.playback is not None:
            self.act_show_again({})          # a tap ends Show again, and plays nothing
            return None
        reply = f.screen.tap(act, data, self.sel, f.turn)
        if at is not None and reply is not None and reply.action is not None:
            if at < self.played_at + self.tap_quiet:
                return None      # the second half of a double tap
            self.played_at = at
        return self._take(reply, f)

    def key(self, key: str, f: Frame, cell: str | None = None) -> tuple[bool, str | None]:
        """A key on the board: whether the table used it, and the action to play if any.
        ``cell``: the board's cell that has the focus, when the page knows it.  A screen reader
        may put the focus on any cell, not only on the cursor's (the one tab stop): the key is
        then from that cell, which becomes the cursor (the arrows walk on from it, Enter taps it)."""
        scr = f.screen
        if key not in scr.board_keys or f.pass_to is not None:
            return False, None
        if self.playback is not None:       # a key ends Show again, as a tap does, and plays nothing
            self.act_show_again({})
            return True, None
        if cell is not None and getattr(self.sel, "cursor", cell) != cell:
            self.sel = dataclasses.replace(self.sel, cursor=cell)
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
        self.host.changed()
        return None

    # -- the acts of the table on screen (ui.app hands them here) -------------------------------

    def act_cancel(self, data) -> None:
        self.cleared()
        self.host.changed()

    def act_cancel_bg(self, data) -> None:
        """A tap on the board's frame, off the cells: cancels what was selected."""
        if self.sel.active or self.msg:
            self.act_cancel(data)

    def act_log_all(self, data) -> None:
        """The log's earlier entries, asked for: the whole log, until another game opens."""
        self.log_all = True
        self.host.changed()

    def act_show_again(self, data) -> None:
        """Plays the others' actions since this seat's last back once more, one by one at a
        bot's pace; a tap (this button again, or the table) ends it."""
        at, n = self._marked
        if self.playback is not None or not n:
            self.playback = None
            self.host.changed()
            return
        self.playback = (at, 0)
        self.host.spawn(self._play_back(at, n))

    async def _play_back(self, at, n: int) -> None:
        gap = max(self.pacing.BOT_GAP * self.pacing.pace, self.PLAYBACK_MIN)
        for k in range(n + 1):
            with self.host.event():         # each step drawn before the pause
                if self.playback is None or self.playback[0] != at:
                    return                  # ended by a tap, or played on
                self.playback = (at, k)
                self.host.changed()
            await self.host.sleep(gap)
        with self.host.event():
            if self.playback is not None and self.playback[0] == at:
                self.playback = None
                self.host.changed()

    PLAYBACK_MIN = 0.3        # seconds at least per step of Show again, even at pace 0

    def act_flash(self, data) -> None:
        """A tap on a log entry: the places it names flash for a moment (an outline, with
        reduced motion)."""
        ids = tuple(i for i in str(data.get("ids") or "").split()[:8] if PLACE_ID.match(i))
        if not ids:
            return
        self.flash = mark = (ids, self.host.now())
        self.host.changed()
        self.host.spawn(self._flash_ends(mark))

    FLASH = 1.2               # seconds a flashed place stays lit

    async def _flash_ends(self, mark) -> None:
        await self.host.sleep(self.FLASH)
        with self.host.event():
            if self.flash is mark:
                self.flash = None
                self.host.changed()

    def act_keys_close(self, data) -> None:
        self.keys_open = False
        self.host.changed()

    def act_show_end(self, data) -> None:
        self.end_hidden = False
        self.host.changed()

    def act_hide_end(self, data) -> None:
        self.end_hidden = True
        self.host.changed()

    def escape(self, over: bool) -> bool:
        """Escape: closes the keys' help, else lets go of what is picked, else hides the end
        dialog; True if it did."""
        if self.keys_open:
            self.keys_open = False
            return True
        if self.playback is not None:
            self.playback = None
            return True
        if self.sel.active or self.msg:
            self.cleared()
            return True
        if over and not self.end_hidden:
            self.end_hidden = True
            return True
        return False


def pass_device(tr, name: str, seat: int) -> str:
    """Hot-seat: nothing of the game, only who takes the device next.  Its links, as its
    button, take no tap of a double tap's (``data-quiet``: ui/web/dom.py, App.too_soon)."""
    return (
        f'<main class="play pass-screen" id="main" data-pass="{seat}" data-quiet>'
        f'<section class="pass-box"><h1>{esc(tr("pass.title", name=name))}</h1>'
        f'<p>{esc(tr("pass.help", name=name))}</p>'
        + button(esc(tr("pass.ready", name=name)), "reveal", "primary big", data_seat=seat, id="reveal")
        + '<a class="button ghost" href="#" id="home-link">' + esc(tr("nav.home")) + "</a></section></main>"
    )
