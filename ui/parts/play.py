"""A game played on this device: its session, the bots, undo, hints, rounds (pure Python).

:class:`Play` holds the :class:`~ui.store.session.Session` and feeds the table
(:class:`~ui.table.tabletop.Tabletop`) a :class:`~ui.table.tabletop.Frame`, each fact asked once, built
once per change (:meth:`Play.current`): the drawing and the taps that follow it read the
same one.  The table hands back the action a tap plays, and :meth:`Play.move` plays it,
saves it and tells it.  It reaches the page and the other parts through its host (:mod:`ui.host`).
"""

from __future__ import annotations

import json

import bots
import game

from ui.table import hints
from ui.kit import readout, registry, widgets
from ui.store import saves
from ui.table.hints import Hint
from ui.kit.screen import Message
from ui.table.seatlog import SeatLog
from ui.store.session import Session
from ui.parts.sound import Sound
from ui.table.tabletop import Frame, Tabletop


class Play:
    def __init__(self, host, bot_delay: float = 0.35, tap_quiet: float = 0.25, pace: float = 1.0):
        self.host = host
        self.bot_delay = bot_delay
        self.table = Tabletop(host, tap_quiet, pace)
        self.devices = None     # ui.parts.devices.Devices: the seats played on other devices, if any
        self.session: Session | None = None
        self.hint: Hint | None = None   # the default bot's suggestion, for (session, position)
        self.sound = Sound(host)
        self.thinking = None        # the bot seat thinking, or None
        self.bot_ms = None          # how long the last bot decision took (for benchmarks)
        self.bot_error = None
        self._bot_running = False
        self.revealed = None        # hot-seat: the seat whose hand is on screen
        self.round_seen = 0         # the last round whose summary was closed
        self.stale = False          # another tab played this game on: reload before playing
        self.unsaved = False        # the last write failed (device full): playing in memory
        self._frame = (None, None)          # (host.changes, the frame built then): current()
        self._shown: Frame | None = None    # the frame last drawn

    @property
    def screen(self):
        """The screen of the game being played."""
        return registry.screen(self.session.game_id)

    # -- opening, saving ------------------------------------------------------------------

    def open(self, session: Session, write: bool = False) -> bool:
        """Puts ``session`` on the table (and saves it first thing if ``write``: what a
        failed write says is then said at once); False if that write failed."""
        self.session = session
        if self.devices is not None:
            self.devices.close(keep=session.id)     # the same game again: this tab still hosts it
        self.devices = None
        if session.devices:     # imported only then: a game at one device never loads it
            from ui.parts.devices import Devices
            self.devices = Devices(self.host, self)
        self.table.reset(session.game_id)
        self.bot_error = None
        self.revealed = None
        self.stale = False
        self.unsaved = False
        seen = session.save.get("round_seen")
        done = self.screen.rounds_done(session.view(None))
        self.round_seen = min(seen, done) if type(seen) is int else done
        return self.write(session.save) if write else True

    def close(self, sid: str | None = None) -> None:
        """No game open any more (``sid``: only if it is that one)."""
        if sid is None or (self.session is not None and self.session.id == sid):
            self.session = None
            if self.devices is not None:
                self.devices.close()
                self.devices = None

    def route(self, sid: str) -> None:
        """``#play/<id>``: the game of that save, opened unless it is on the table."""
        host = self.host
        if self.session is None or self.session.id != sid:
            try:
                save, state = saves.load(host.store, sid, host.level_ids, bots.DEFAULT_LEVEL)
            except saves.SaveError:
                # missing: gone home; unreadable: load_all moves it aside and says so
                problems = host.load_all()
                if not problems or problems[-1]["key"] != saves.key_of(sid):
                    host.tell(("notice.no_such_game", {}, "error"))
                self.session = None
                host.show("home")
                return
            self.open(Session(save, state))
        host.show("play", sid)
        self.kick()

    def write(self, save) -> bool:
        """Saves; on failure the game goes on in memory and the player is told why."""
        try:
            saves.write(self.host.store, save)
        except saves.Conflict:
            self.stale = True
            return False
        except saves.StorageFull:
            self.unsaved = True
            return False
        except Exception as e:  # storage disabled: keep playing, say so
            self.host.tell(("notice.save_failed", {"error": str(e)}, "error"))
            return False
        self.unsaved = False
        self.host.keep_saves("save")
        return True

    def fresh(self) -> bool:
        """False once another tab has written the open game since this one read it, or while
        another tab hosts it (ui/parts/devices.py)."""
        ses = self.session
        if ses is not None and not self.stale:
            stored = saves.stored_rev(self.host.store, ses.id)
            if stored not in (None, ses.save["rev"]) or (stored is None and ses.save["rev"] > 0):
                self.stale = True        # played on, or deleted (a deletion stays one)
        return not self.stale and (self.devices is None or self.devices.tab == "held")

    def on_storage(self) -> None:
        """Another tab wrote a save: this game may be stale now."""
        if not self.stale and not self.fresh():
            self.host.changed()

    # -- what the table is handed ------------------------------------------------------------

    def names(self) -> list:
        return self.host.names(self.session.game_id, self.session.seats)

    def current(self) -> Frame:
        """The frame of the game as it stands: built once per change said (``host.changes``),
        so that a drawing and the taps answered from it read the same facts, and a tap that
        changes nothing builds none."""
        changes, f = self._frame
        if f is None or changes != self.host.changes or f.at[0] is not self.session:
            f = self.frame()
            self._frame = (self.host.changes, f)
        return f

    def frame(self) -> Frame:
        """The facts of a drawing, each asked once: who holds the device, who acts, the view."""
        ses, scr = self.session, self.screen
        at = (ses, ses.position())
        names, humans = tuple(self.names()), tuple(ses.humans)
        to_move = ses.human_to_move()
        hot_seat = scr.hidden and len(humans) > 1
        public = False           # hot-seat, a move in the open: nobody's hand on screen
        if hot_seat and not ses.state.over and to_move is not None:
            if scr.secret(ses.view(None)):
                if to_move != self.revealed:
                    return Frame(ses.game_id, at, names=names, humans=humans, pass_to=to_move)
            else:
                public = True
                self.revealed = None     # whoever holds the device now: the next secret choice passes it
        acting = to_move if self.host.screen == "play" else None
        seat = to_move if to_move is not None else ses.view_seat()
        if hot_seat and (acting is None or public):
            seat = None          # hot-seat and nobody to act (the end), or a public move: no hand on screen
        view = ses.view(seat)
        keep, reason = ses.undo_keep()
        hint = hints.at(self.hint, at)      # this game's position: another's hint is not shown
        extras = dict(
            thinking=self.thinking, bot_ms=self.bot_ms, bot_error=self.bot_error,
            undo=(keep is not None, reason), save_id=ses.id, link=self.host.link_box(ses, list(names)),
            show_round=scr.rounds and scr.rounds_done(view) > self.round_seen, round_shown=self.round_seen,
            hint=hint.text(self.host.tr) if hint else None, hint_action=hint.action if hint else None,
            hints=ses.save.get("hints", 0), sound=self.sound.on())
        return Frame(
            ses.game_id, at, view=view, names=names, seats=tuple(ses.seats), humans=humans,
            acting=acting, legal=tuple(ses.legal(acting)) if acting is not None else (),
            try_action=(lambda a: ses.try_action(acting, a)) if acting is not None else None,
            log=self.table.log.entries((ses, self.host.lang), ses.ply, lambda: self._log(names)),
            places=self.table.log.places(),
            # Show again redraws past positions as the one person here saw them; with several
            # (a pass screen, secret choices between them) only the marks are played again
            view_at=(lambda ply: ses.state_at(ply).view(seat)) if len(humans) == 1 and seat == humans[0] else None,
            over=ses.state.over, view_after=None if public else ses.view_after,   # in the open: no seat's view
            extras=extras)

    def _teller_seat(self):
        """Whose view the live region speaks from: the one human's, else nobody's (hot-seat:
        the next player may hear it, so nothing hidden)."""
        ses = self.session
        return ses.humans[0] if len(ses.humans) == 1 else None

    def _log(self, names) -> list:
        """Every action of the game in words, as the live region said or would have said it:
        from the one human's view (hot-seat: nobody's), so that it shows only what that seat
        may know."""
        log = SeatLog(self._teller_seat(), self.host.lang)
        log.follow(self.session, self.host.tr, names)
        return [(seat, words, places) for (seat, words), places in zip(log.entries, log.places)]

    def page(self) -> tuple[str, str]:
        """The title and the ``<main>`` of the play screen."""
        f = self._shown = self.current()
        title = f"{game.GAMES[self.session.game_id].title} · {self.host.tr('app.name')}"
        return title, widgets.bar_above(self.devices.panel(f.names) if self.devices else "", self.table.draw(f))

    def shown(self) -> None:
        self.table.shown(self._shown)

    def notices(self) -> list:
        """The banners this game puts on top of the screen."""
        if self.stale and saves.stored_rev(self.host.store, self.session.id) is None:
            return [("notice.deleted_elsewhere", {}, "error", ("to-games", "notice.to_games"))]
        if self.devices is not None and (hosted_elsewhere := self.devices.notices()):
            return hosted_elsewhere
        if self.stale:
            return [("notice.stale", {}, "error", ("reload-game", "notice.reload_game"))]
        if self.unsaved:
            return [("notice.storage_full", {}, "error", None)]
        return []

    def back_to(self):
        """The game a rules page leads back to: the one open, unless it is over."""
        if self.session is not None and not self.session.state.over:
            return self.session.id
        return None

    # -- taps and keys -----------------------------------------------------------------------

    def tap(self, act: str, data: dict, at: float | None) -> None:
        """A tap the shell does not take: the table's."""
        if self.session is not None:
            self._to_table(lambda f: (True, self.table.tap(act, data, f, at)))

    def _to_table(self, answer) -> bool:
        """``answer(frame)`` -> (used, action): the table answers a tap or a key from the frame
        drawn (the drawing that answers reads the same one, unless the action is played)."""
        f = self.current()
        used, action = answer(f)
        if action is not None:
            self.move(f.acting, action)
        return used

    def on_key(self, key: str, target_id: str, cell: str | None = None) -> bool:
        if self.session is None:
            return False
        what = readout.asked(key)
        if what is not None:        # a key that reads the table out: anywhere but a text field
            return self.table.read(what, self.current())
        if key == "Escape":
            if self.table.escape(self.session.state.over):
                self.host.changed()
                return True
            return False
        if target_id != "board" or key not in self.screen.board_keys:
            return False
        return self._to_table(lambda f: self.table.key(key, f, cell))

    # -- playing ------------------------------------------------------------------------------

    def _apply(self, seat: int, action: str) -> None:
        """Plays a legal action, saves, and tells it through the live region."""
        ses, host = self.session, self.host
        who = self._teller_seat()
        before = ses.view(who)
        ses.apply(seat, action, host.now())
        self.write(ses.save)
        after = ses.view(who)
        text = self.screen.announce(host.tr, before, after, self.names(), seat, action)
        host.announce(text)
        self.table.log.told((ses, host.lang), ses.ply, seat, text,
                            self.screen.places(before, after, seat, action))
        self._paced(ses, seat, before, after)
        if self.devices:
            self.devices.sync()

    def move(self, seat: int, action: str) -> None:
        """Plays ``seat``'s ``action`` if the engine takes it (else says why), then draws."""
        ses = self.session
        if not self.fresh():
            self.host.changed()
            return
        err = ses.try_action(seat, action)
        if err is not None:
            self.table.msg = Message.refused(err)
            self.host.changed()
            return
        self._apply(seat, action)
        self.table.cleared()
        self.host.changed()
        self.kick()

    def remote_move(self, seat: int, action: str) -> None:
        """A seat on another device played ``action`` (checked by ui.net.hosting): as a bot's move."""
        if self.session is None or not self.fresh():
            self.host.changed()
            return
        self._apply(seat, action)
        self.host.changed()
        self.kick()

    def remote_undo(self, seat: int) -> None:
        """A seat on another device takes back its last action (allowed: ui.net.hosting asked)."""
        ses = self.session
        if ses is None or not self.fresh() or not ses.undo(self.host.now(), seat):
            return                      # the guest's frame (ui.parts.devices) says it did not
        self.host.announce(self.host.tr("say.undo"))
        self.write(ses.save)
        self.table.cleared()
        self.host.changed()
        self.kick()

    def act_hint(self, data) -> None:
        """Asks the default bot for a move for the person to act, and says it without
        playing it; the game's save counts the hints."""
        ses = self.session
        if ses is None or self.host.screen != "play":
            return
        f = self.current()
        if f.acting is None or hints.at(self.hint, f.at):
            return                       # asked already: the hint is on screen, or coming
        self.hint = Hint(f.at)           # keyed by the game and its position
        self.host.changed()
        self.host.spawn(self._hint(ses, f.acting, f.at))

    async def _hint(self, ses, seat: int, asked) -> None:
        host = self.host
        try:
            action, error = str(await host.bot.think(json.dumps(ses.state.record()), seat, bots.DEFAULT_LEVEL,
                                                     ses.bot_seed(seat))), None
        except Exception as e:   # the worker failed: say so, the game goes on
            action, error = None, e
        with host.event():          # the bot's answer: an event of its own
            if self.session is not ses or (error is None and ses.position() != asked[1]):
                return                   # played on meanwhile: the hint is for a past position
            try:
                words = self.hint_words(host.tr, self.names(), seat, action) if error is None else ""
            except Exception as e:
                error = e
            if error is not None:
                self.hint = Hint(asked, f"{type(error).__name__}: {error}")
            else:
                self.hint = Hint(asked, words, action)
                ses.save["hints"] = ses.save.get("hints", 0) + 1
                if self.fresh():
                    self.write(ses.save)
            host.changed()

    def hint_words(self, tr, names, seat: int, action: str) -> str:
        """A hint in words (``tr``, ``names``: in the language of whoever asked)."""
        ses, scr = self.session, self.screen
        words = scr.hint_words(tr, ses.view(seat), names, seat, action)
        if words is None:
            words = scr.announce(tr, ses.view(seat), ses.view_after(seat, action), names, seat, action)
        return words

    def act_reveal(self, data) -> None:
        seat = self.current().pass_to if self.session is not None else None
        if seat is not None and str(seat) == str(data.get("seat")):
            self.revealed = seat
            self.table.msg = None
            self.host.changed()

    def act_round_ok(self, data) -> None:
        ses = self.session
        if ses is None:
            return
        scr = self.screen
        done = scr.rounds_done(ses.view(None))
        if scr.round_by_round:     # each round's summary in turn
            self.round_seen = min(done, self.round_seen + 1)
        else:
            self.round_seen = max(self.round_seen, done)
        if ses.save.get("round_seen") != self.round_seen and self.fresh():
            ses.save["round_seen"] = self.round_seen
            self.write(ses.save)
        self.host.changed()

    def act_undo(self, data) -> None:
        ses = self.session
        if ses is None:
            return
        if not self.fresh():
            self.host.changed()
            return
        if ses.undo(self.host.now()):
            self.host.announce(self.host.tr("say.undo"))
            self.round_seen = min(self.round_seen, self.screen.rounds_done(ses.view(None)))
            ses.save["round_seen"] = self.round_seen
            self.write(ses.save)
            self.table.cleared()
            self.table.end_hidden = False
            self.bot_error = None
            if self.devices:
                self.devices.sync()
        else:    # a refused undo (a greyed button, still tappable): say why, in the status
            self.table.msg = Message(ses.undo_keep()[1] or "undo.nothing")
        self.host.changed()
        self.kick()

    def act_reload_game(self, data) -> None:
        """Drops this tab's copy of the game and reads the one another tab saved."""
        if self.session is None:
            return
        sid = self.session.id
        self.session = None
        self.stale = False
        self.host.route("#play/" + sid)

    def act_again(self, data) -> None:
        ses = self.session
        if ses is not None:
            self.host.start_game(ses.game_id, [dict(s) for s in ses.seats], dict(ses.state.options))

    def act_share(self, data) -> None:
        """Offers the link of a game by link's last move."""
        ses = self.session
        if self.host.screen == "play" and ses is not None and ses.remotes:
            self.host.offer_link(self.host.move_url(ses), ses.game_id, "share.move_text")

    def act_retry(self, data) -> None:
        self.bot_error = None
        self.host.changed()
        self.kick()

    # -- bots ---------------------------------------------------------------------------

    def kick(self) -> None:
        """Starts the bot's move if a bot is to move (one at a time)."""
        ses = self.session
        if ses is None or self._bot_running or self.bot_error or self.host.screen != "play" or not self.fresh():
            return
        if self.table.pacing.settle((ses, ses.position()), self.host.now()) == "held":
            return                  # a finished trick on the table: a tap or HOLD lets play go on
        seat = ses.bot_to_move()
        if seat is None:
            return
        self._bot_running = True
        self.thinking = seat
        self.host.changed()
        self.host.spawn(self._bot_move(ses, seat))

    async def _bot_move(self, ses: Session, seat: int) -> None:
        host = self.host
        asked = ses.position()       # the answer stands only for the position it was asked for
        t0 = host.now()
        action = None
        error = None
        try:
            legal = ses.legal(seat)
            if len(legal) == 1:
                action = legal[0]       # a forced pass needs no thought
            else:
                level = ses.seats[seat].get("level") or bots.DEFAULT_LEVEL
                action = await host.bot.think(json.dumps(ses.state.record()), seat, level,
                                              ses.bot_seed(seat))
                self.bot_ms = round((host.now() - t0) * 1000)
            delay = self._bot_gap(ses) - (host.now() - t0)
            if delay > 0:
                await host.sleep(delay)
        except Exception as e:  # the worker failed: say so, let the player retry
            error = f"{type(e).__name__}: {e}"
        finally:
            self._bot_running = False
            self.thinking = None
        with host.event():          # the bot's answer: an event of its own
            if self.session is ses and ses.position() == asked and not ses.state.over and self.fresh():
                if error is None:
                    err = ses.try_action(seat, str(action))
                    if err is not None:
                        error = f"{action!r}: {err}"
                if error is not None:
                    self.bot_error = error
                else:
                    self._apply(seat, str(action))
            if host.screen == "play":
                host.changed()
            self.kick()

    def _bot_gap(self, ses: Session) -> float:
        """How long a bot's move waits, counted from when it was asked: ``bot_delay``, and
        after another bot's move at least the pacing's gap, so that each is seen."""
        acts = ses.state.actions
        after_bot = bool(ses.humans and acts and ses.is_bot(acts[-1][0]))
        return self.table.pacing.bot_gap(self.bot_delay if ses.humans else self.bot_delay * 2, after_bot)

    # -- pacing: what a person must see stays long enough to be seen ----------------------

    def _paced(self, ses: Session, seat: int, before: dict, after: dict) -> None:
        """After each action: the table draws it arriving; when it finished something the
        table shows (``GameScreen.settles``), play holds (:meth:`kick` waits) until a tap
        (:meth:`act_release`, or the person's own move) or ``HOLD`` seconds; and, if the
        person asked for it, a capture or the person's turn coming back is signalled."""
        settles = self.screen.settles(before, after)
        pacing = self.table.pacing
        hold = pacing.played((ses, ses.position()), settles, self.host.now())
        if hold is not None:
            self.host.spawn(self._hold_ends(hold))
        if settles:
            self.sound.signal("capture")
        elif len(ses.humans) == 1 and seat not in ses.humans and ses.human_to_move() is not None:
            self.sound.signal("turn")

    async def _hold_ends(self, hold) -> None:
        pacing = self.table.pacing
        await self.host.sleep(pacing.HOLD * pacing.pace)
        with self.host.event():
            self._release(hold)

    def _release(self, hold=None) -> None:
        """Lets a held trick go to its winner's pile; the bots play on."""
        pacing = self.table.pacing
        held = pacing.state
        if not pacing.release(hold, self.host.now()):
            return
        if self.host.screen == "play" and self.session is held.at[0]:
            self.host.changed()
            self.kick()

    def act_release(self, data) -> None:
        """A tap on the finished trick or collection held on the table: play goes on."""
        self._release()

    def act_sound(self, data) -> None:
        self.sound.toggle()
