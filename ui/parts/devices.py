"""Seats of the open game played on other devices: inviting them, and carrying their
messages (pure Python; the host's side of :mod:`ui.parts.guest`).

:class:`Devices` belongs to :class:`~ui.parts.play.Play`: the game stays here, its only authority.
For a seat on another device it makes the WebRTC offer and shows it as a QR code and a
join link (:mod:`ui.net.invites`), takes the guest's answer (scanned, pasted, or its link
opened in another tab of this device: ``channels.PairChannel``), then hands each message of the
channel to :class:`~ui.net.hosting.Hosting`, which checks it, and carries out what it decides:
an action played through the table's usual path, an undo, a reply.  After each change of
the game, each guest gets its seat's frame.
"""

from __future__ import annotations

import functools
import json

import bots

from ui.net import heartbeat, hosting, invites, pairing, pairscreens, qr, wire
from ui.kit import i18n

LOCK = "renardiere.host."     # + a save id: the lock of the tab that hosts that game
LIVE_VIDEO = "invite-cam"     # the invitation's <video>: the front camera, reading the answer


class Devices:
    """Made by Play for each game that has seats on other devices, all away until paired.

    One game is hosted by one tab of a browser: the tab holds the game's lock (``Peers.hold``,
    the browser's Web Locks; a tab that closes or reloads lets go of it).  Another tab of the
    same game, or a guest's tab of it in the same browser, says where it is played and offers
    to take it over (``tab``: "asking", "held", "elsewhere", or "taken" by another tab since);
    only the tab that holds it invites, pairs and plays."""

    def __init__(self, host, play):
        self.host = host
        self.play = play
        self.hosting = hosting.Hosting()     # the open game's device seats (None once closed)
        self._hints: dict = {}               # seat -> ((save id, ply), words, action): its last hint
        self.offers: dict = {}       # seat -> (peer, join link's argument), the code on offer
        self.showing = None          # the seat whose invitation is on screen
        self.joined: set = set()     # the seats a guest played since this page opened the game
        self.beats: dict = {}        # peer -> heartbeat.Beat, of each bound guest
        self.live = None             # the seat whose invitation the camera films for its answer
        self.hidden = False          # the code on show names this device by mDNS names alone
        self._taken: set = set()     # the answers the live camera read: not read twice
        self.connecting: dict = {}   # seat -> peer: its answer read, no hello yet
        self.lost: dict = {}         # seat -> why it is away (an i18n key), until invited again
        self.error = None
        self._n = 0
        self.sid = play.session.id
        self.tab = "asking"
        self._hold(False)

    @property
    def session(self):
        return self.play.session

    def close(self, keep=None) -> None:
        """No more hosting here; the game's lock is let go unless ``keep`` is its id (the same
        game opened again in this tab)."""
        self._let_go_peers()
        hold = getattr(self.host.peers, "hold", None)
        if self.tab == "held" and keep != self.sid and hold is not None:
            self.host.peers.let_go(LOCK + self.sid)
        self.tab = "closed"
        self._camera_off()
        self.hosting, self.offers, self.showing, self.error = None, {}, None, None
        self.joined, self.beats, self.connecting, self.lost = set(), {}, {}, {}

    def _let_go_peers(self) -> None:
        peers = self.host.peers
        if self.hosting is not None and peers is not None:
            for peer in self.hosting.bound().values():
                peers.close(peer)
            for peer, _ in self.offers.values():
                peers.close(peer)

    # -- which tab hosts the game -------------------------------------------------------------

    def _hold(self, steal: bool) -> None:
        hold = getattr(self.host.peers, "hold", None)
        if hold is None:         # no locks in this browser: every tab hosts, as before
            self.tab = "held"
        else:
            hold(LOCK + self.sid, steal, self._on_lock)

    def _on_lock(self, state: str) -> None:
        """The lock's answer: "held", "elsewhere", or "taken" (another tab took it over); the
        page calls it back, an event of its own."""
        with self.host.event():
            if self.tab == "closed":
                return
            if state == "held" and self.tab in ("elsewhere", "taken"):
                self.tab = "held"            # taken over here: the game as saved, its guests away
                self.play.act_reload_game({})
                return
            if state == "taken":
                self._let_go_peers()
                self.hosting, self.offers, self.showing, self.beats = hosting.Hosting(), {}, None, {}
            self.tab = state
            if self.host.screen == "play" and self.play.devices is self:
                self.host.changed()
                self.play.kick()

    def notices(self) -> list:
        """The banner of a game hosted by another tab, with the button that takes it over."""
        if self.tab in ("elsewhere", "taken"):
            label = "tab.take_back" if self.tab == "taken" else "tab.take_over"
            return [("tab." + self.tab, {}, "error", ("take-over", label))]
        return []

    def act_take_over(self, data) -> None:
        if self.tab in ("elsewhere", "taken"):
            self._hold(True)

    # -- what the table shows -----------------------------------------------------------------

    def away(self) -> list:
        return self.hosting.away(self.session) if self.hosting is not None else []

    def panel(self, names) -> str:
        """The bar of the seats on other devices, and the invitation on show."""
        if self.hosting is None or self.tab != "held":
            return ""
        seat = self.showing
        code = None
        if seat is not None and seat in self.offers:
            code = self.join_url(seat)
        return pairscreens.devices_panel(
            self.host.tr, names, self.session.devices, self.away(), seat, code,
            qr.svg(code, self.host.tr("devices.qr_label", name=names[seat]), "qr-code") if code else "", self.error,
            (self.host.ice_servers() or [""])[0], seat in self.joined, self.host.across_devices(), self.quiet(),
            LIVE_VIDEO if code and self.live == seat else None, self.hidden, self.pairing())

    def pairing(self) -> dict:
        """Each away seat's pairing in words: ``seat -> (state, i18n key)``; invited (its code on
        offer), connecting (its answer read), or away, and why (its page closed, the network went,
        refused here)."""
        out = {}
        for seat in self.away():
            if seat in self.connecting:
                out[seat] = ("connecting", "devices.connecting")
            elif seat in self.offers:
                out[seat] = ("invited", "devices.invited")
            elif seat in self.lost:
                out[seat] = ("away", self.lost[seat])
        return out

    def quiet(self) -> list:
        """The seats whose guest is connected but sent nothing for a few seconds (its heartbeat)."""
        if self.hosting is None:
            return []
        return [s for s, p in self.hosting.bound().items() if p in self.beats and self.beats[p].quiet]

    def tick(self, now: float) -> None:
        """The page's heartbeat tick (``now``: its clock): each bound guest gets a ping if it was
        sent nothing for a while, and one that went quiet is said (heartbeat.Beat)."""
        if self.hosting is None or self.tab != "held":
            return
        for seat, peer in sorted(self.hosting.bound().items()):
            beat = self.beats.setdefault(peer, heartbeat.Beat(now))
            ping, fell = beat.tick(now)
            if ping:
                self.host.peers.send(peer, wire.ping())     # Beat.tick counted it sent
            if fell:
                self._say("devices.quiet_said", seat)

    def _say(self, key: str, seat: int, state: bool = False) -> None:
        """A guest's connection changed (quiet, back, connecting, connected, lost): the bar is
        drawn again, and said (``state``: ``key`` is the bar's words, said after the name)."""
        ses, tr = self.session, self.host.tr
        name = self.host.names(ses.game_id, ses.seats)[seat]
        self.host.announce(f"{name} {tr(key)}." if state else tr(key, name=name))
        self.host.changed()

    def join_url(self, seat: int) -> str:
        return f"{self.host.base_url}#join/{self.offers[seat][1]}"

    # -- inviting ------------------------------------------------------------------------

    def act_invite(self, data) -> None:
        """Show the code that invites a seat (a fresh offer each time)."""
        try:
            seat = int(data.get("seat", ""))
        except ValueError:
            return
        if self.hosting is None or seat not in self.away() or not self.play.fresh() \
                or not self.host.across_devices():
            return
        self._camera_off()
        self.showing, self.error = seat, None
        self.lost.pop(seat, None)
        self._n += 1
        peer = f"{seat}-{self._n}"
        old = self.offers.pop(seat, None)
        if old is not None:
            self.host.peers.close(old[0])
        self.host.changed()
        self.host.spawn(self._offer(seat, peer))

    async def _offer(self, seat: int, peer: str) -> None:
        host, ses = self.host, self.session
        try:
            await host.ensure("rtc")
            # With the camera's permission (it scans the answer), the browser offers this
            # device's address and not an mDNS name, which some phone hotspots cannot resolve.
            camera = await host.peers.ask_camera()
            sdp = await host.peers.offer(peer, host.ice_servers())
            code = pairing.pack(sdp)
            hidden = pairing.hidden(pairing.fields(sdp))
            await host.ensure("qr")
        except Exception as e:   # said in words; the browser's own in the console
            with host.event():
                host.warn(f"offer {peer}: {type(e).__name__}: {e}"[:300])
                self.error = host.tr("devices.offer_failed")
                host.changed()
            return
        with host.event():
            if self.session is not ses or self.hosting is None or self.showing != seat:
                host.peers.close(peer)
                return
            # The token goes in the invitation until a guest has joined on it: that guest keeps
            # it, and a new invitation (its phone slept, its page reloaded) must not let whoever
            # reads it take the seat.  A guest that lost it: "another device" makes a new token.
            fresh = not ses.seats[seat].get("token")
            token = self.hosting.token(ses, seat)
            if fresh:
                self.play.write(ses.save)
            if not self.play.fresh():    # another tab wrote the game: no invitation of a token not saved
                if fresh:
                    ses.seats[seat].pop("token", None)
                self._hide()
                host.peers.close(peer)
                host.changed()
                return
            link = invites.JoinLink(ses.game_id, ses.id, seat, "" if seat in self.joined else token, code)
            self.offers[seat] = (peer, link.text())
            self.hidden = hidden
            if seat not in self.connecting:
                self._say("devices.invited", seat, True)
            if camera:
                self._film(seat)
            host.changed()

    # -- the guest's answer, read by this device's camera ---------------------------------------

    def _film(self, seat: int) -> None:
        """The front camera, live beside the code (granted for the offer's address): with the
        two phones held face to face, the guest's answer is read with no tap.  The Scan button
        (the back camera, in a box over the page) and the paste field stay."""
        self.live = seat
        self.host.scan(self._read_live, live=LIVE_VIDEO, on_refused=self._camera_refused)

    def _read_live(self, text: str) -> bool:
        """A code the live camera read: an answer not read before pairs its seat; anything
        else in sight (another code, the same answer once more after the new offer) is passed."""
        text = text.strip()
        if self.showing is None or "#answer/" not in text or text in self._taken:
            return False
        self._taken.add(text)
        return self.answered(text)

    def _camera_refused(self) -> None:
        if self.live is not None:
            self.live = None
            self.host.changed()

    def _camera_off(self) -> None:
        if self.live is not None:
            self.live = None
            self.host.scan_stop()

    def _hide(self) -> None:
        """No invitation on show, nor its camera."""
        self.showing = None
        self._camera_off()

    def act_scan(self, data) -> None:
        """Films the guest's answer code with this device's back camera (the live one stops)."""
        if self.showing is not None:
            self._camera_off()
            self.host.scan(self.answered)

    def act_new_device(self, data) -> None:
        """The guest of the seat on show lost its token (another phone, its storage wiped): a
        new token, the old one refused from now on, and an invitation that carries it."""
        ses, seat = self.session, self.showing
        if self.hosting is None or seat is None or seat not in self.away():
            return
        _, decisions = self.hosting.new_token(ses, seat)
        for d in decisions:
            self._carry_out(d)
        self.play.write(ses.save)
        self.joined.discard(seat)
        self.act_invite({"seat": str(seat)})

    def act_invite_close(self, data) -> None:
        self._hide()
        self.host.changed()

    def act_pair(self, data) -> None:
        """The answer pasted into the invitation's field (a link or its code)."""
        self.answered(str(data.get("answer") or ""))

    def answered(self, text: str) -> bool:
        """A guest's answer link, from the camera, the paste field or another tab: pairs the
        seat it names if its invitation is on offer.  True if it was this game's."""
        text = text.strip()
        if "#answer/" in text:
            text = text.split("#answer/", 1)[1]
        try:
            ans = invites.AnswerLink.parse(text)
            sdp = pairing.sdp(pairing.unpack(ans.code))
        except ValueError:
            if self.showing is not None:
                self.error = self.host.tr("devices.bad_answer")
                self.host.changed()
            return False
        ses = self.session
        if ses is None or ans.save != ses.id:
            return False
        offer = self.offers.get(ans.seat)
        if offer is None or (ans.offer and ans.offer != invites.tag(invites.JoinLink.parse(offer[1]).offer)):
            self.error = self.host.tr("devices.spent_answer")     # its offer was answered, or replaced
            self.host.changed()
            return True
        # The invitation is spent once answered: a new one is on show at once, for another
        # try if this guest's hello is refused or its channel never opens.
        del self.offers[ans.seat]
        self.error = None
        self.connecting[ans.seat] = offer[0]
        self.lost.pop(ans.seat, None)
        self._say("devices.connecting", ans.seat, True)
        self.host.spawn(self._accept(offer[0], sdp))
        if self.showing == ans.seat:
            self.act_invite({"seat": str(ans.seat)})
        return True

    async def _accept(self, peer: str, sdp: str) -> None:
        try:
            await self.host.peers.accept(peer, sdp)
        except Exception as e:   # the browser refused it: said in words, its own in the console
            with self.host.event():
                self.host.warn(f"accept {peer}: {type(e).__name__}: {e}")
                self._lose(peer, "devices.lost.network")
                self.error = self.host.tr("devices.accept_failed")
                self.host.changed()

    # -- the channels ---------------------------------------------------------------------------

    def on_peer(self, peer: str, kind: str, data) -> None:
        """An event of a channel to a guest (``channels.Peers``).  What is dropped is said in
        the browser's console (a pairing that does not come up is read there)."""
        host = self.host
        if self.hosting is None or self.session is None or self.tab != "held":
            host.warn(f"{kind} of {peer} dropped: no game hosted")
            return
        if kind == "open":
            return                    # the guest speaks first (hello)
        if kind == "close":
            bound = self.hosting.seat_of(peer) is not None
            beat = self.beats.pop(peer, None)
            self.hosting.closed(peer)
            for s, (p, _) in list(self.offers.items()):
                if p == peer:
                    del self.offers[s]
            # closed while heard: the guest's page closed (the browser says so at once); after
            # its silence (the heartbeat), or before it ever spoke, the network went
            self._lose(peer, "devices.lost.closed" if beat is not None and not beat.quiet
                       else "devices.lost.network", bound)   # "<name> is away", and a button for a new code
            return
        for d in self.hosting.receive(peer, data, self.session, host.now()):
            if isinstance(d, (hosting.Drop, hosting.Close)):
                host.warn(f"{type(d).__name__} {peer}: {d.why}")
            why = wire.denial(d.text) if isinstance(d, hosting.Reply) else None
            if why is not None:
                self._lose(peer, "devices.refused." + why, self.hosting.seat_of(peer) is not None)
            self._carry_out(d)
        beat = self.beats.get(peer)
        if beat is not None and beat.heard(host.page_now()):
            seat = self.hosting.seat_of(peer) if self.hosting is not None else None
            if seat is not None:
                self._say("devices.back_said", seat)

    def _carry_out(self, d) -> None:
        host, play = self.host, self.play
        if isinstance(d, hosting.Bind):
            self.joined.add(d.seat)
            self.connecting.pop(d.seat, None)
            self.lost.pop(d.seat, None)
            self._say("devices.here", d.seat, True)
            self.beats[d.peer] = heartbeat.Beat(host.page_now())
            old = self.offers.pop(d.seat, None)
            if old is not None and old[0] != d.peer:     # the invitation made after its answer
                host.peers.close(old[0])
            if self.showing == d.seat:
                self._hide()
            self.send(d.peer)
            host.changed()
        elif isinstance(d, hosting.Play):
            play.remote_move(d.seat, d.action)
        elif isinstance(d, hosting.Undo):
            play.remote_undo(d.seat)
            self.sync()        # even a refused one: the guest's undo waits for an answer
        elif isinstance(d, hosting.Ask):
            host.spawn(self._hint(d))
        elif isinstance(d, hosting.Reply):
            self._send(d.peer, d.text)
        elif isinstance(d, hosting.Close):     # closed here (hostile, a flood): said at once,
            if d.why != "token":               # on both sides (a token's denial is sent already)
                self._send(d.peer, wire.denied("replaced" if d.why == "replaced" else "refused"))
            if d.why != "replaced":
                self._lose(d.peer, "devices.refused.closed", d.peer in self.beats)
            host.peers.close(d.peer)           # as a channel the guest's side closed
            self.beats.pop(d.peer, None)
            for s, (p, _) in list(self.offers.items()):
                if p == d.peer:
                    del self.offers[s]
            host.changed()                     # "<name> is away", with Invite

    def _lose(self, peer: str, why: str, bound: bool = False) -> None:
        """The channel ``peer`` (``bound`` to its seat, or its answer read) is gone or refused:
        its seat is away, and why, said at once.  Its seat is in its name (act_invite)."""
        seat = int(peer.split("-", 1)[0])
        if not (bound or self.connecting.get(seat) == peer):
            return          # an invitation never answered, or a channel its seat replaced since
        self.connecting.pop(seat, None)
        self.lost[seat] = why
        self._say(why, seat, True)

    async def _hint(self, d) -> None:
        """A guest's hint: the default bot's move for its seat, in the guest's words and as
        the action (one of its legal ones, which its table lights), not played (counted in
        the save, as at one device)."""
        host, ses = self.host, self.session
        if d.again:     # one hint per position per seat: the one made, sent again (a reload)
            said = self._hints.get(d.seat)
            if said is not None and said[0] == (ses.id, d.ply) and self.hosting is not None:
                self._send(d.peer, wire.hint(d.ply, *said[1:]))
            return
        try:
            action = str(await host.bot.think(json.dumps(ses.state.record()), d.seat, bots.DEFAULT_LEVEL,
                                              ses.bot_seed(d.seat)))
        except Exception:   # the bot failed: no hint; the game goes on
            return
        if self.session is not ses or ses.ply != d.ply or self.hosting is None:
            return                      # played on meanwhile: the hint is for a past position
        tr, names = self._words(self.hosting.lang_of(d.peer))
        words = self.play.hint_words(tr, names, d.seat, action)
        self._hints[d.seat] = ((ses.id, d.ply), words, action)
        ses.save["hints"] = ses.save.get("hints", 0) + 1
        self.play.write(ses.save)
        self._send(d.peer, wire.hint(d.ply, words, action))   # its table lights the action's places

    def _words(self, lang: str):
        """``(tr, names)`` in a guest's language: its frames are worded for it."""
        ses = self.session
        return functools.partial(i18n.tr, lang), self.host.names(ses.game_id, ses.seats, lang)

    def _send(self, peer, text: str) -> None:
        if self.host.peers.send(peer, text) and peer in self.beats:
            self.beats[peer].wrote(self.host.page_now())     # no ping needed for a while

    def send(self, peer) -> None:
        tr, names = self._words(self.hosting.lang_of(peer))
        text = self.hosting.frame(peer, self.session, tr, names)
        if text is not None:
            self._send(peer, text)

    def sync(self) -> None:
        """The game changed: every guest gets its seat's frame."""
        if self.hosting is None or self.session is None:
            return
        for peer, text in self.hosting.frames(self.session, self._words):
            if text is not None:
                self._send(peer, text)

