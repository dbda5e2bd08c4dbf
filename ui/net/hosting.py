"""The host's side of the seats played on other devices, for one game (issue 29; pure Python).

The device that started the game (the host) holds it: the engine, the save, the bots.  Each
``"device"`` seat is played by a guest's page over a data channel (a peer); the host is the
only authority, and a guest's page never holds another seat's hidden facts.  A
:class:`Hosting` reads what the peers send and answers with :class:`Decision` values that
the host app carries out, in order and at once:

- :class:`Bind`: a guest got its seat: send it the whole frame (:meth:`Hosting.frame`);
- :class:`Play`: an action the engine takes, for the guest's own seat, in its turn: play it
  through the usual path (save, tell, bots), then send every bound peer its frame;
- :class:`Undo`: the guest's own last action may be taken back (``Session.undo_keep(seat)``):
  ``session.undo(now, seat)``, then the frames;
- :class:`Reply`: send this text to that peer (a refusal, a denial);
- :class:`Drop`: nothing to do (ignored, counted in :attr:`Hosting.counts`);
- :class:`Close`: close that peer's channel (then :meth:`Hosting.closed` is not needed).

A bound guest's ping (its heartbeat, :mod:`ui.net.heartbeat`) calls for nothing: ``[]``.  It
counts in the peer's rate like any message, so pings that flood are dropped, then closed.

Nothing here does I/O or reads a clock: ``now`` (seconds) is handed in.  Nothing a peer sends
raises: every message is read by :func:`ui.net.wire.from_guest`, and whatever else went wrong is a
:class:`Drop` counted as ``error``.  docs/PROTOCOL.md describes the whole protocol.
"""

from __future__ import annotations

import base64
import os
import re
from collections import Counter
from dataclasses import dataclass

# hmac.compare_digest, without shipping hmac to the page (tools/build.py's STDLIB_KEEP)
from _operator import _compare_digest

from ui.kit import registry
from ui.net import wire
from ui.kit.screen import Context
from ui.table.seatlog import SeatLog

BURST = 20             # messages a peer may send at once...
RATE = 10.0            # ...and per second after that; beyond, they are dropped
PATIENCE = 40          # strikes (a flood's message, a malformed one) before a peer is closed...
PATIENCE_RATE = 0.5    # ...forgiven at this pace
BAD_TOKEN = 10         # strikes a wrong token costs: four tries, then closed
MAX_PEERS = 32         # peers known at once (bound or not)
MAX_CLOSED = 1_024     # peers closed, remembered so that a late message of theirs is dropped
TOKEN_BYTES = 24       # 32 characters of base64url, as secrets.token_urlsafe(24)
ID = re.compile(r' id="([^"]+)"')     # an element's id in a table's markup


# -- decisions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Bind:
    peer: object
    seat: int
    lang: str


@dataclass(frozen=True)
class Play:
    peer: object
    seat: int
    action: str
    n: int


@dataclass(frozen=True)
class Undo:
    peer: object
    seat: int
    n: int


@dataclass(frozen=True)
class Ask:
    """The guest of ``seat`` asks for a hint at ``ply`` (its seat is to move there): the app
    asks its bot, and sends ``wire.hint`` in the guest's words.  ``again``: this seat asked at
    this position before (one hint per position per seat, as at one device): the app sends the
    hint it has again, if any, with no bot's think and nothing counted."""

    peer: object
    seat: int
    ply: int
    again: bool = False


@dataclass(frozen=True)
class Reply:
    peer: object
    text: str


@dataclass(frozen=True)
class Drop:
    peer: object
    why: str


@dataclass(frozen=True)
class Close:
    peer: object
    why: str


Decision = Bind | Play | Undo | Ask | Reply | Drop | Close


def new_token() -> str:
    """A seat's secret: 192 random bits in base64url (what ``secrets.token_urlsafe`` makes)."""
    return base64.urlsafe_b64encode(os.urandom(TOKEN_BYTES)).decode("ascii").rstrip("=")


def _same(a: str, b: str) -> bool:
    """Whether two tokens are equal, in a time that does not tell how much of them is."""
    return _compare_digest(a.encode("utf-8"), b.encode("utf-8"))


class Bucket:
    """A token bucket: ``size`` at once, ``rate`` a second after that."""

    def __init__(self, size: float, rate: float, now: float):
        self.size, self.rate, self.level, self.at = size, rate, size, now

    def take(self, now: float, cost: float = 1) -> bool:
        if now > self.at:            # a clock that goes back refills nothing
            self.level = min(self.size, self.level + (now - self.at) * self.rate)
            self.at = now
        if self.level < cost:
            return False
        self.level -= cost
        return True


class Peer:
    """One channel: its buckets, and the seat it is bound to (None before its hello)."""

    def __init__(self, now: float):
        self.messages = Bucket(BURST, RATE, now)
        self.patience = Bucket(PATIENCE, PATIENCE_RATE, now)
        self.seat = None
        self.lang = "en"
        self.welcomed = False


def drawn_ids(game_id: str, view: dict, ctx: Context) -> frozenset:
    """The ids of the elements a seat's table draws from its ``view``: a guest's frame names
    no place but these (docs/PROTOCOL.md, "Marks and hints"), so that what the screens' ``places``
    say can only point at what the guest's page shows anyway."""
    scr = registry.screen(game_id)
    return frozenset(ID.findall(scr.render(view, scr.new_selection(), ctx)))


class Hosting:
    """The device seats of one game: which peer plays which seat, each seat's last message
    number handled (``done``), each peer's rate, each seat's log."""

    def __init__(self):
        self._peers: dict = {}           # peer -> Peer
        self._bound: dict = {}           # seat -> peer
        self._done: dict = {}            # seat -> the last message number handled
        self._logs: dict = {}            # seat -> SeatLog (in its guest's language)
        self._told: dict = {}            # seat -> the place ids sent of each entry its guest holds
        self._closed: dict = {}          # peer -> None, the last MAX_CLOSED closed
        self._asked: dict = {}           # seat -> the position it last asked a hint at
        self.counts: Counter = Counter()  # decisions by kind (and why, for Drop and Close)

    # -- who is where ----------------------------------------------------------------------------

    def seat_of(self, peer):
        p = self._peers.get(peer)
        return p.seat if p is not None else None

    def peer_of(self, seat: int):
        return self._bound.get(seat)

    def lang_of(self, peer) -> str:
        p = self._peers.get(peer)
        return p.lang if p is not None else "en"

    def done(self, seat: int) -> int:
        return self._done.get(seat, 0)

    def bound(self) -> dict:
        """``{seat: peer}`` of the guests connected now."""
        return dict(self._bound)

    def away(self, session) -> list:
        """The device seats nobody plays now: the host may wait, or invite again."""
        return [s for s in session.devices if s not in self._bound]

    def closed(self, peer) -> None:
        """The channel closed (the transport says so): the seat waits for its guest again."""
        self._forget(peer)

    # -- tokens ----------------------------------------------------------------------------------

    def token(self, session, seat: int) -> str:
        """The seat's token for its invitation link, made the first time (in the save: the
        app writes the save after)."""
        cfg = session.seats[seat]
        if cfg["kind"] != "device":
            raise ValueError(f"seat {seat} is not played on another device")
        if not cfg.get("token"):
            cfg["token"] = new_token()
        return cfg["token"]

    def new_token(self, session, seat: int) -> tuple[str, list]:
        """A new token for the seat (its guest lost their phone): the old one no longer binds,
        and the peer bound with it is told and closed.  ``(token, decisions)``; write the save."""
        if session.seats[seat]["kind"] != "device":
            raise ValueError(f"seat {seat} is not played on another device")
        session.seats[seat]["token"] = new_token()
        if seat in self._logs:
            self._logs[seat].held = 0            # another guest, another page: the whole log
        out = []
        peer = self._bound.get(seat)
        if peer is not None:
            out = [Reply(peer, wire.denied("token"))] + self._close(peer, "token")
        return session.seats[seat]["token"], self._counted(out)

    # -- what the peers send -----------------------------------------------------------------------

    def receive(self, peer, text, session, now: float) -> list:
        """The decisions a peer's message calls for (usually one).  Never raises."""
        try:
            out = self._receive(peer, text, session, now)
        except Exception as e:  # a bug must not let a guest break the host
            out = [Drop(peer, f"error:{type(e).__name__}")]
        return self._counted(out)

    def _counted(self, out: list) -> list:
        for d in out:
            why = getattr(d, "why", None)
            self.counts[type(d).__name__ + (":" + why.split(":")[0] if why else "")] += 1
        return out

    def _receive(self, peer, text, session, now: float) -> list:
        if peer in self._closed:
            return [Drop(peer, "closed")]
        out = []
        p = self._peers.get(peer)
        if p is None:
            if len(self._peers) >= MAX_PEERS:     # room made by the oldest peer with no seat
                idle = next((q for q, x in self._peers.items() if x.seat is None), None)
                if idle is None:
                    return self._close(peer, "crowd")
                out = self._close(idle, "crowd")
            p = self._peers[peer] = Peer(now)
        return out + self._read(peer, p, text, session, now)

    def _read(self, peer, p: Peer, text, session, now: float) -> list:
        if not p.messages.take(now):
            return self._strike(peer, p, now, "flood")
        try:
            msg = wire.from_guest(text)
        except wire.WireError as e:
            return self._strike(peer, p, now, "malformed:" + e.code)
        if isinstance(msg, wire.Hello):
            return self._hello(peer, p, msg, session, now)
        seat = p.seat
        if seat is None or self._bound.get(seat) != peer or session.seats[seat]["kind"] != "device":
            return self._strike(peer, p, now, "unbound")
        if isinstance(msg, wire.Ping):
            return []       # heard (the app's heartbeat notes it); counted in the peer's rate
        if isinstance(msg, wire.Ask):
            st = session.state
            if msg.ply != session.ply or st.over or seat not in st.to_move:
                return [Drop(peer, "hint")]         # for a past position, or not its turn
            again = self._asked.get(seat) == msg.ply
            self._asked[seat] = msg.ply
            return [Ask(peer, seat, msg.ply, again)]
        done = self._done.get(seat, 0)
        if msg.n <= done:
            return [Drop(peer, "replayed")]        # sent twice: handled already
        if msg.n > done + 1:
            return [Reply(peer, wire.refused(msg.n, "wire.sequence", f"expected message {done + 1}"))]
        self._done[seat] = msg.n
        if isinstance(msg, wire.Act):
            err = session.try_action(seat, msg.action)
            if err is not None:
                return [Reply(peer, wire.refused(msg.n, getattr(err, "code", "illegal"), str(err),
                                                 getattr(err, "params", None)))]
            return [Play(peer, seat, msg.action, msg.n)]
        keep, reason = session.undo_keep(seat)
        if keep is None:
            return [Reply(peer, wire.refused(msg.n, reason or "undo.nothing"))]
        return [Undo(peer, seat, msg.n)]

    def _hello(self, peer, p: Peer, msg: wire.Hello, session, now: float) -> list:
        if msg.v != wire.VERSION:
            return [Reply(peer, wire.denied("version"))]
        seat = msg.seat
        if seat >= len(session.seats) or session.seats[seat]["kind"] != "device":
            return self._strike(peer, p, now, "seat", wire.denied("seat"))
        if p.seat is not None and p.seat != seat:
            return self._strike(peer, p, now, "taken", wire.denied("taken"))
        token = session.seats[seat].get("token")
        if not token or not _same(token, msg.token):
            return self._strike(peer, p, now, "token", wire.denied("token"), BAD_TOKEN)
        out = []
        old = self._bound.get(seat)
        if old is not None and old != peer:       # the guest's page reloaded: the new one wins
            out += self._close(old, "replaced")
        p.seat, p.lang, p.welcomed = seat, msg.lang, False
        self._bound[seat] = peer
        log = self._logs.get(seat)
        if log is None or log.lang != msg.lang:
            self._logs[seat] = SeatLog(seat, msg.lang)
        else:
            log.held = min(log.held, msg.have)     # what it says it holds, of what it was sent
        return out + [Bind(peer, seat, msg.lang)]

    def _strike(self, peer, p: Peer, now: float, why: str, reply: str | None = None, cost: float = 1) -> list:
        """A message that should not have come: dropped (and answered, if ``reply``), or, once
        the peer's patience is spent, the peer closed."""
        if not p.patience.take(now, cost):
            return self._close(peer, "hostile" if why != "flood" else "flood")
        return [Reply(peer, reply)] if reply is not None else [Drop(peer, why)]

    def _close(self, peer, why: str) -> list:
        self._forget(peer)
        self._closed[peer] = None
        while len(self._closed) > MAX_CLOSED:
            del self._closed[next(iter(self._closed))]
        return [Close(peer, why)]

    def _forget(self, peer) -> None:
        p = self._peers.pop(peer, None)
        if p is not None and p.seat is not None and self._bound.get(p.seat) == peer:
            del self._bound[p.seat]

    # -- what the host sends ---------------------------------------------------------------------

    def frame(self, peer, session, tr, names) -> str | None:
        """The text of ``peer``'s next frame (None: not bound): its seat's view and what it
        may do, and the log entries it lacks, worded with ``tr`` and ``names`` in its
        language (:meth:`lang_of`).  The entries in it count as held: send it."""
        p = self._peers.get(peer)
        if p is None or p.seat is None:
            return None
        seat = p.seat
        log = self._logs.get(seat)
        if log is None or log.lang != p.lang:
            log = self._logs[seat] = SeatLog(seat, p.lang)
        log.follow(session, tr, names)
        start = log.held
        told = self._told.setdefault(seat, [])
        del told[start:]            # cut by an undo, or a new page that holds nothing
        st = session.state
        acting = seat if seat in st.to_move and not st.over else None
        legal = tuple(session.legal(seat)) if acting is not None else ()
        view = session.view(seat)
        places = log.places[start:]
        later = [i for i in range(start) if set(log.places[i]) - told[i]]     # ids held back when sent
        if later or any(places):     # only what the guest's own table draws now: nothing else is named
            drawn = drawn_ids(session.game_id, view, Context(
                tr=tr, names=tuple(names), seats=tuple(session.seats), acting=acting, legal=legal,
                humans=(seat,), guest=True, settle="held" if log.before is not None
                and registry.screen(session.game_id).settles(log.before, view) else None))
            # one held back then and drawn now (a Fennecs card's collector's pile): from that
            # entry again, so that its mark goes where one device's does
            start = next((i for i in later if any(x.lstrip("~") in drawn for x in set(log.places[i]) - told[i])),
                         start)
            places = [tuple(i for i in ids if i.lstrip("~") in drawn) for ids in log.places[start:]]
        for i, ids in enumerate(places, start):
            if i < len(told):
                told[i] |= set(ids)
            else:
                told.append(set(ids))
        log.held = len(log.entries)
        keep, reason = session.undo_keep(seat)
        welcome, p.welcomed = not p.welcomed, True
        return wire.frame(wire.Frame(
            welcome, session.game_id, seat, session.ply, tuple(names),
            tuple((s["kind"], s.get("level") if s["kind"] == "bot" else None) for s in session.seats),
            view, tuple(st.to_move), acting, legal, st.over,
            (keep is not None, reason), start, tuple(log.entries[start:]), self._done.get(seat, 0),
            tuple(places)))

    def frames(self, session, words) -> list:
        """``[(peer, text)]``: every bound peer's frame, after an action or an undo.
        ``words(lang)`` gives ``(tr, names)`` in that language."""
        out = []
        for _seat, peer in sorted(self._bound.items()):
            tr, names = words(self._peers[peer].lang)
            out.append((peer, self.frame(peer, session, tr, names)))
        return out
