"""A seat of a game held on another device, played here (pure Python).

The guest's page holds no game: the host (:mod:`ui.parts.devices`) sends this seat's view, its
legal actions, undo's answer and the log as this seat sees it (:mod:`ui.net.wire`), and the
same table as at one device (:class:`~ui.table.tabletop.Tabletop`) draws them.  A tap becomes an
action sent to the host, numbered; the host's next frame, or its refusal, answers it.

Pairing (:mod:`ui.net.invites`): ``#join/<link>`` makes this device's WebRTC answer and shows it
as a QR code and a link; once the channel opens, ``hello`` presents the seat's token.  The
token and the seat's log are kept on this device, so that a reload pairs again on the same
seat and the game can still be read if the host is gone.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field


from ui.table import hints
from ui.store import reader, saves
from ui.net import heartbeat, invites, pairing, pairscreens, qr, wire
from ui.kit import readout, registry
from ui.kit.html import isolated
from ui.table.hints import Hint
from ui.kit.screen import PLACE_ID, Message
from ui.table.tabletop import Frame, Tabletop

PEER = "host"                       # the guest's one channel
KEY_PREFIX = saves.GUEST_PREFIX     # + save id + "." + seat: this seat's token and log


@dataclass
class Seat:
    """What this device keeps of its seat in a game held elsewhere."""

    game: str
    save: str
    seat: int
    token: str = ""
    names: list = field(default_factory=list)
    log: list = field(default_factory=list)       # [(seat, words)], as the host worded it
    places: list = field(default_factory=list)    # each entry's place ids, as the host sent them
    base: int = 0       # the host's number of ``log[0]``: older entries beyond the bounds are dropped
    offer: str = ""     # the last offer answered: a reload finds it spent, and asks for a new code

    @property
    def have(self) -> int:
        """The host's entries this seat holds (or dropped): a hello's ``have``."""
        return self.base + len(self.log)

    def take_log(self, start: int, entries, places) -> None:
        """A frame's log: entries from the host's number ``start`` on replace those kept from
        there (a gap, ``start`` beyond what is held, is ignored), then the bounds are kept
        (reader.GUEST_*): each entry cut to its length, the oldest dropped beyond the count
        and the characters, so that no host can fill this device's storage."""
        at = start - self.base
        if at > len(self.log):
            return
        entries, places = list(entries), list(places or [()] * len(entries))
        if at < 0:                   # from before the oldest kept: those dropped stay dropped
            skip = min(-at, len(entries))
            entries, places, at, self.base = entries[skip:], places[skip:], 0, start + skip
        del self.log[at:]
        del self.places[at:]
        words = reader.GUEST_WORDS
        self.log.extend((s, w if len(w) <= words else w[:words - 1] + "…") for s, w in entries)
        self.places.extend(tuple(ids) for ids in places)
        drop, chars = max(0, len(self.log) - reader.GUEST_ENTRIES), 0
        for i in range(len(self.log) - 1, drop - 1, -1):
            chars += reader.guest_entry_chars(self.log[i][1], self.places[i])
            if chars > reader.GUEST_CHARS:
                drop = i + 1
                break
        if drop:
            del self.log[:drop]
            del self.places[:drop]
            self.base += drop

    @property
    def key(self) -> str:
        return f"{KEY_PREFIX}{self.save}.{self.seat}"

    def dump(self) -> str:
        return json.dumps({"game": self.game, "token": self.token, "names": self.names,
                           "log": self.log, "places": self.places,
                           "base": self.base, "offer": self.offer})

    @classmethod
    def load(cls, store, link: invites.JoinLink) -> Seat:
        """What this device kept of the seat, through the guarded reader: a key that fails is
        set aside (named on home, as a save is), never dropped, and the seat starts afresh."""
        seat = cls(link.game, link.save, link.seat)
        text = store.get(seat.key)
        try:
            kept = reader.guest_shape(reader.read_json(text)) if text is not None else None
        except reader.Refused as e:
            kept = None
            try:
                saves.set_aside(store, seat.key, text, str(e), e.code)
            except Exception:   # storage refused: it stays where it is
                pass
        if kept is not None and kept["game"] == link.game:
            seat.token, seat.names, seat.log = kept["token"], kept["names"], kept["log"]
            seat.base, seat.offer = kept["base"], kept["offer"]
            seat.places = [tuple(i for i in ids if PLACE_ID.match(i)) for ids in kept["places"]]
        if link.token:
            seat.token = link.token
        return seat


class Guest:
    """The guest part of the shell: the pairing screen, then the table (screen "guest")."""

    def __init__(self, host, tap_quiet: float = 0.25, pace: float = 1.0):
        self.host = host
        self.table = Tabletop(host, tap_quiet, pace)
        self.seat: Seat | None = None
        self.link: invites.JoinLink | None = None
        self.answer: str | None = None     # the answer link's argument, once made
        self.state = "new"      # "answering", "waiting" (for the host to read the answer), "open", "away", "denied", "bad", "lost" (a spent offer)
        self.why = None         # what went wrong, an i18n key (the browser's own words: in the console); away: how it was lost
        self.msg = None         # the host's last frame (wire.Frame)
        self.good = None        # the last frame drawn: kept on screen when the next cannot be
        self.frames = 0         # frames drawn: the table's position key
        self.n = 0              # the number of the last action sent
        self.sent = None        # (n, action) sent, not answered yet (action None: an undo)
        self.beat: heartbeat.Beat | None = None     # the open channel's heartbeat
        self.round_seen = 0
        self.hint: Hint | None = None       # the host's bot's suggestion, keyed by the host's ply
        self._frame = (None, None)          # (host.changes, the frame built then): current()

    # -- pairing ---------------------------------------------------------------------------

    def join(self, arg: str) -> None:
        """``#join/<arg>``: answer the host's offer."""
        host = self.host
        try:
            link = invites.JoinLink.parse(arg)
            pairing.unpack(link.offer)
            registry.screen(link.game)
        except (ValueError, KeyError):
            self.state, self.why, self.link = "bad", "guest.bad_link", None
            host.show("guest", arg)
            return
        if self.link == link and self.state != "bad":
            host.show("guest", arg)
            return
        if not host.across_devices():       # no WebRTC: said before anything is tried
            self.state, self.why, self.link = "bad", "guest.no_webrtc", link
            host.show("guest", arg)
            return
        self.link, self.seat = link, Seat.load(host.store, link)
        self.table.reset(link.game)
        self.msg, self.answer, self.sent, self.why = None, None, None, None
        if self.seat.offer == link.offer:   # answered before this page reloaded: it never connects again
            self.state, self.why = "lost", "guest.spent_offer"
            host.show("guest", arg)
            return
        self.state = "answering"
        host.show("guest", arg)
        host.spawn(self._answer(link))

    async def _answer(self, link) -> None:
        host = self.host
        try:
            await host.ensure("rtc")
            sdp = await host.peers.answer(PEER, pairing.sdp(pairing.unpack(link.offer)), host.ice_servers())
            code = pairing.pack(sdp)
            await host.ensure("qr")
        except Exception as e:   # a broken offer, or a browser that refused it: said in words
            with host.event():
                host.warn(f"the answer: {type(e).__name__}: {e}"[:300])
                if self.link is link:
                    self.state, self.why = "bad", "guest.no_rtc"
                    host.changed()
            return
        with host.event():
            if self.link is link:
                self.answer = invites.AnswerLink(link.save, link.seat, code, invites.tag(link.offer)).text()
                self.state = "waiting"
                self.seat.offer = link.offer
                try:
                    host.store.set(self.seat.key, self.seat.dump())
                except Exception:   # storage refused: a reload then answers this offer again
                    host.warn("the guest's seat not kept")
                host.changed()

    def answer_url(self) -> str:
        return f"{self.host.base_url}#answer/{self.answer}"

    def on_peer(self, peer: str, kind: str, data) -> None:
        if peer != PEER or self.seat is None:
            return
        host, seat = self.host, self.seat
        if kind == "open":
            self.beat = heartbeat.Beat(host.page_now())
            if not self._send(wire.hello(seat.seat, seat.token, host.lang, seat.have)):
                host.warn("hello not sent: the channel is not open")
            self.state, self.why = "open", None
            host.announce(host.tr("guest.connected"))
        elif kind == "close":
            if self.state in ("open", "waiting"):
                # a channel that closes while the host was heard: its page closed (the browser
                # says so at once); after its silence (the heartbeat), the network went
                self.state, self.why = "away", "guest.lost.network" if self.quiet else "guest.lost.closed"
                host.announce(host.tr("guest.host_away") + " " + host.tr(self.why))
            if self.sent is not None:      # sent, never answered: said, not dropped without a word
                self.table.msg = Message("guest.move_lost")
            self.sent, self.beat = None, None
        elif kind == "message":
            back = self.beat is not None and self.beat.heard(host.page_now())
            if back:
                host.announce(host.tr("guest.host_back"))
            if data != wire.PING:
                self._message(data)
            elif not back:
                return            # the host's heartbeat: nothing to draw
        host.changed()

    @property
    def quiet(self) -> bool:
        """The channel is open, but nothing came from the host for a few seconds (its heartbeat):
        lost or slow, said above the table; nothing is sent meanwhile."""
        return self.state == "open" and self.beat is not None and self.beat.quiet

    def tick(self, now: float) -> None:
        """The page's heartbeat tick (``now``: its clock): a ping if nothing was sent for a while,
        and the host's silence said once it lasts (heartbeat.Beat)."""
        beat = self.beat
        if beat is None or self.state != "open":
            return
        ping, fell = beat.tick(now)
        if ping:
            self.host.peers.send(PEER, wire.ping())
        if fell:
            if self.host.screen == "guest":
                self.host.announce(self.host.tr("guest.host_quiet"))
            self.host.changed()

    def _send(self, text: str) -> bool:
        ok = bool(self.host.peers.send(PEER, text))
        if ok and self.beat is not None:
            self.beat.wrote(self.host.page_now())
        return ok

    def _not_sent(self) -> bool:
        """Whether a message must not be sent now: the host does not answer (quiet).  The tap is
        refused in words, as the host refuses one: kept for later, it could land on a position
        that moved meanwhile (another seat played, an undo); the person taps again once it is back."""
        if not self.quiet:
            return False
        self.table.msg = Message("guest.not_sent")
        self.host.changed()
        return True

    def _message(self, text) -> None:
        try:
            m = wire.from_host(text)
        except wire.WireError as e:     # garbage from the host: said, and the table stays
            self.host.warn(f"a message from the host refused: {e.code}: {e}")
            self.table.msg = Message("guest.bad_frame")
            return
        seat = self.seat
        if isinstance(m, wire.Denied):
            self.state, self.why = "denied", "guest.denied." + m.why
            self.host.announce(self.host.tr(self.why))
            self.host.peers.close(PEER)
            return
        if isinstance(m, wire.Ping):
            return
        if isinstance(m, wire.Hint):
            if hints.at(self.hint, m.ply):
                self.hint = Hint(m.ply, isolated(m.words), m.action)
            return
        if isinstance(m, wire.Refused):
            if self.sent is not None and m.n == self.sent[0]:
                self.sent = None
                # the engine's refusals are worded from their code, the shell's are keys
                m = dataclasses.replace(m, text=isolated(m.text), params={
                    k: isolated(v) if type(v) is str else [isolated(x) if type(x) is str else x for x in v]
                    if type(v) is list else v for k, v in m.params.items()})
                self.table.msg = Message(m.code) if m.code.startswith(("undo.", "wire.")) else Message.refused(m)
            return
        if isinstance(m, wire.Frame):
            if m.seat != seat.seat or m.game != seat.game:
                return
            told = self.msg is not None and not m.welcome     # a welcome is not read out
            held = ({seat.base + i: w for i, (_, w) in enumerate(seat.log)}, seat.have) if told else None
            seat.take_log(m.log_from, m.log, m.places)
            if held is not None:
                self._tell(*held)
            seat.names = list(m.names)
            if self.sent is not None and m.done >= self.sent[0]:
                self.sent = None
                self.table.cleared()
            if m.welcome:
                self.n, self.sent = m.done, None     # numbered on from what the host handled
            self.n = max(self.n, m.done)
            before = self.msg.view if self.msg is not None else None
            self.msg, self.frames = m, self.frames + 1
            try:
                settles = registry.screen(seat.game).settles(before, m.view) if before is not None else False
            except Exception:                   # a view the screen cannot read: said when drawn
                settles = False
            if before is not None:
                hold = self.table.pacing.played(self._at(), settles, self.host.now())
                if hold is not None:            # a finished trick stays on the table a moment
                    self.host.spawn(self._hold_ends(hold))
            try:
                self.host.store.set(seat.key, seat.dump())
            except Exception:   # storage full or off: the table still works
                pass

    def _tell(self, held: dict, known: int) -> None:
        """A frame's new log entries said in order, in one announcement, as a device's table
        says each move: the others' moves, and this seat's own, confirmed.  ``held``: the words
        this seat held by the host's number, ``known`` of them; an entry the host sent again as
        it was is not said again, and one sent again with its outcome added says only that.  A
        log cut short is an undo, said first.  Not on a welcome: what was missed while away is
        read by the read-out keys (L)."""
        seat = self.seat
        words = [self.host.tr("say.undo")] if seat.have < known else []
        for i, (_, w) in enumerate(seat.log):
            was = held.get(seat.base + i)
            if was is not None and w.startswith(was):     # the same move, its outcome added
                w = w[len(was):].strip()
            if w:
                words.append(w)
        if words:
            self.host.announce(" ".join(words))

    # -- the table ------------------------------------------------------------------------

    def _at(self):
        return (self.seat.save, self.seat.seat, self.frames)

    def current(self) -> Frame | None:
        """The frame of the host's last message: built once per change said (``host.changes``),
        for the drawing and the taps answered from it (as :meth:`ui.parts.play.Play.current`)."""
        changes, f = self._frame
        if changes != self.host.changes:
            try:
                f = self.frame()
            except Exception as e:
                f = self._refuse(e)
            self._frame = (self.host.changes, f)
        return f

    def _refuse(self, e: Exception) -> Frame | None:
        """The host's last frame cannot be drawn here (a view this game's screen cannot read:
        an unknown card): refused in words, and the last one drawn stays on screen."""
        self.host.warn(f"a frame from the host not drawn: {type(e).__name__}: {e}"[:300])
        self.msg, self.good = self.good, None
        self.table.msg = Message("guest.bad_frame")
        try:
            return self.frame()
        except Exception:
            self.msg = None
            return None

    def frame(self) -> Frame | None:
        m, seat = self.msg, self.seat
        if m is None:
            return None
        acting = seat.seat if m.acting == seat.seat and self.sent is None and self.state == "open" else None
        scr = registry.screen(seat.game)
        hint = hints.at(self.hint, m.ply)
        # names and words from the other device, isolated as the host's table isolates its own
        names = tuple(isolated(n) for n in m.names)
        return Frame(
            seat.game, self._at(), view=m.view, names=names,
            # this device's own seat is played here: a person's, as at one device
            seats=tuple({"kind": "human" if i == seat.seat else k, "level": lv, "name": n}
                        for i, ((k, lv), n) in enumerate(zip(m.kinds, names))),
            humans=(seat.seat,), acting=acting, legal=tuple(m.legal) if acting is not None else (),
            # each entry's places (marks, a log entry's flash); no view_at: this device holds no
            # past position, so Show again plays the marks back on the present one
            log=tuple((s, isolated(w)) for s, w in seat.log), places=tuple(seat.places), over=m.over,
            extras=dict(undo=(bool(m.undo[0]) and self.state == "open", m.undo[1]), guest=True,
                        save_id=seat.save, hint=hint.text(self.host.tr) if hint else None,
                        hint_action=hint.lit(m.legal) if hint else None,
                        show_round=scr.rounds and scr.rounds_done(m.view) > self.round_seen,
                        round_shown=self.round_seen))

    def page(self) -> tuple[str, str]:
        host, f = self.host, self.current()
        title = host.tr("guest.title")
        if f is None:
            code = qr.svg(self.answer_url(), host.tr("guest.qr_label"), "qr-code") if self.answer else ""
            return title, pairscreens.guest_pairing(host.tr, self, code, (host.ice_servers() or [""])[0])
        try:
            body = self.table.draw(f)
            self.good = self.msg
        except Exception as e:
            f = self._refuse(e)
            self._frame = (host.changes, f)
            if f is None:
                return self.page()
            body = self.table.draw(f)
        if self.state != "open" or self.quiet:
            body = pairscreens.guest_banner(host.tr, self) + body
        return f"{registry.title(self.seat.game)} · {title}", body

    def shown(self) -> None:
        f = self.current()
        if f is not None:
            self.table.shown(f)

    def tap(self, act: str, data: dict, at) -> None:
        f = self.current()
        if f is None:
            return
        action = self.table.tap(act, data, f, at)
        if action is not None:
            self._send_action(action)

    def on_key(self, key: str, target_id: str, cell: str | None = None) -> bool:
        f = self.current()
        if f is None:
            return False
        what = readout.asked(key)
        if what is not None:        # a key that reads the table out (from this seat's view, as drawn)
            return self.table.read(what, f)
        if key == "Escape":
            if self.table.escape(f.over):
                self.host.changed()
                return True
            return False
        if target_id != "board":
            return False
        used, action = self.table.key(key, f, cell)
        if action is not None:
            self._send_action(action)
        return used

    def _send_action(self, action: str) -> None:
        if self._not_sent():
            return
        self.n += 1
        if self._send(wire.act(self.n, action)):
            self.sent = (self.n, action)
        else:           # the channel closed meanwhile: said, and the banner says it is away
            self.state = "away"
            self.table.msg = Message("guest.not_sent")
        self.host.changed()

    # -- the table's acts, on a guest ---------------------------------------------------------

    def act_undo(self, data) -> None:
        m = self.msg
        if m is None or self.host.screen != "guest":
            return
        if self._not_sent():
            return
        if not (m.undo[0] and self.state == "open"):
            self.table.msg = Message(m.undo[1] or "undo.nothing")
        else:
            self.n += 1
            self._send(wire.undo(self.n))
            self.sent = (self.n, None)
            self.table.cleared()
        self.host.changed()

    def act_hint(self, data) -> None:
        """The default bot's suggestion, asked of the host (whose bot thinks), said in the
        status line as at one device."""
        f = self.current()
        if f is None or f.acting is None or hints.at(self.hint, self.msg.ply) or self._not_sent():
            return
        self.hint = Hint(self.msg.ply)
        self._send(wire.ask(self.msg.ply))
        self.host.changed()

    def act_round_ok(self, data) -> None:
        m = self.msg
        if m is None:
            return
        scr = registry.screen(self.seat.game)
        done = scr.rounds_done(m.view)
        self.round_seen = min(done, self.round_seen + 1) if scr.round_by_round else max(self.round_seen, done)
        self.host.changed()

    async def _hold_ends(self, hold) -> None:
        pacing = self.table.pacing
        await self.host.sleep(pacing.HOLD * pacing.pace)
        with self.host.event():
            if pacing.release(hold, self.host.now()) and self.host.screen == "guest":
                self.host.changed()

    def act_release(self, data) -> None:
        if self.table.pacing.release(None, self.host.now()):
            self.host.changed()

    def act_guest_retry(self, data) -> None:
        """Pair again on this seat (the host shows a new code to scan)."""
        self.host.go("#")

