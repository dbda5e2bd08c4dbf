"""A host's loop and a guest around ui/net/hosting.py, on CPython: the host app as small as it
gets, and a guest that knows only the frames it receives (tests/test_hosting.py, and the
hostile guests of tests/test_hosting_fuzz.py)."""

from __future__ import annotations

import json
import random
import re

import game
import ui.games
from ui.kit import i18n, registry
from ui.kit.screen import Context
from ui.net import wire
from ui.net.hosting import Bind, Close, Drop, Hosting, Play, Reply, Undo
from ui.store import saves
from ui.store.session import Session

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]


def words(lang, players=2):
    """``(tr, names)`` in ``lang``, as the host app words a guest's frame."""
    return (lambda key, **p: i18n.tr(lang, key, **p)), NAMES[:players]


def js(x):
    """What a value reads as after a trip through JSON."""
    return json.loads(json.dumps(x))


class HostLoop:
    """The host app, as small as it gets: carries out each decision, plays the bots (and the
    humans here, when asked) at random, sends every bound peer its frame after each change,
    and checks every frame it sends against the engine."""

    def __init__(self, gid, kinds, seed=1, check=True, **options):
        state = game.new_game(gid, players=len(kinds), seed=seed, **options)
        seats = [{"kind": k, "name": "", "level": "novice" if k == "bot" else None} for k in kinds]
        self.ses = Session(saves.make("g1", state.record(), seats, 0), state)
        self.hosting = Hosting()
        self.rng = random.Random(seed)
        self.now = 1000.0
        self.inbox: dict = {}        # peer -> [texts sent to it]
        self.closed: list = []
        self.plays = self.undos = 0
        self.check = check         # every frame sent checked against the engine
        self.ids = 0               # place ids sent, each checked against the guest's table
        registry.screen(gid)

    def send(self, peer, text):
        self.inbox.setdefault(peer, []).append(text)

    def receive(self, peer, text, now=None):
        self.now = self.now + 0.5 if now is None else now
        out = self.hosting.receive(peer, text, self.ses, self.now)
        self.carry_out(out)
        return out

    def carry_out(self, decisions):
        ses, h = self.ses, self.hosting
        for d in decisions:
            if isinstance(d, Bind):
                tr, names = words(d.lang, len(ses.seats))
                self.check_and_send(d.peer, h.frame(d.peer, ses, tr, names))
            elif isinstance(d, Play):
                assert ses.try_action(d.seat, d.action) is None and d.seat in ses.state.to_move
                ses.apply(d.seat, d.action, self.now)
                self.plays += 1
                self.broadcast()
                self.play_bots()
            elif isinstance(d, Undo):
                assert ses.undo(self.now, d.seat)
                self.undos += 1
                self.broadcast()
            elif isinstance(d, Reply):
                self.send(d.peer, d.text)
            elif isinstance(d, Close):
                self.closed.append((d.peer, d.why))
            else:
                assert isinstance(d, Drop)

    def broadcast(self):
        for peer, text in self.hosting.frames(self.ses, lambda lang: words(lang, len(self.ses.seats))):
            self.check_and_send(peer, text)

    def check_and_send(self, peer, text):
        if not self.check:
            self.send(peer, text)
            return
        st = self.ses.state
        f = wire.from_host(text)
        seat = f.seat
        assert f.view == js(st.view(seat)) and f.ply == len(st.actions) and f.over == st.over
        assert f.to_move == st.to_move and f.acting == (seat if seat in st.to_move else None)
        assert list(f.legal) == (st.legal_actions(seat) if f.acting is not None else [])
        assert f.undo == (self.ses.undo_keep(seat)[0] is not None, self.ses.undo_keep(seat)[1])
        assert "token" not in text
        mine = json.dumps(st.view(seat), separators=(",", ":"), ensure_ascii=False)
        for other in range(len(self.ses.seats)):     # nothing another seat sees that this one does not
            for k, v in st.view(other).items():      # (a hand, where it differs: unless the same
                if other != seat and isinstance(v, list) and len(v) >= 2:     # list is public here)
                    v = json.dumps(v, separators=(",", ":"), ensure_ascii=False)
                    assert v not in text or v in mine, (seat, other, k)
        self.check_places(f, mine)
        self.send(peer, text)

    def check_places(self, f, mine):
        """A frame names no place but an element of the guest's own table, drawn from its
        seat's view (a trick held or not); a card by its name only if that view shows it."""
        if not any(f.places):
            return
        assert len(f.places) == len(f.log)
        scr = registry.screen(self.ses.game_id)
        tr, names = words("en", len(f.names))
        drawn = set()
        for settle in (None, "held"):
            ctx = Context(tr=tr, names=tuple(names), acting=f.acting, legal=f.legal, humans=(f.seat,),
                          seats=tuple({"kind": k, "level": lv} for k, lv in f.kinds), settle=settle)
            drawn |= set(re.findall(r' id="([^"]+)"', scr.render(f.view, scr.new_selection(), ctx)))
        for ids in f.places:
            for ident in ids:
                assert ident.lstrip("~") in drawn, (f.seat, ident)
                if ident.startswith(("ox-", "tc-")):
                    assert f'"{ident[3:]}"' in mine.lower(), (f.seat, ident)
                self.ids += 1

    def play_bots(self):
        """The bots' moves, and (``humans``) the host's own people, at random."""
        ses = self.ses
        while not ses.state.over and ses.bot_to_move() is not None:
            seat = ses.bot_to_move()
            ses.apply(seat, self.rng.choice(ses.legal(seat)), self.now)
            self.broadcast()

    def human_moves(self):
        ses = self.ses
        seat = ses.human_to_move()
        if seat is not None:
            ses.apply(seat, self.rng.choice(ses.legal(seat)), self.now)
            self.broadcast()
            self.play_bots()


class Guest:
    """A guest's page: knows only its frames; numbers its messages from the last ``done``."""

    def __init__(self, loop, peer, seat, token, lang="en"):
        self.loop, self.peer, self.seat, self.token, self.lang = loop, peer, seat, token, lang
        self.frame = None
        self.log: list = []
        self.places: list = []     # each entry's place ids, as the frames left them
        self.refusals: list = []
        self.denials: list = []
        self.read = 0
        self.sent = 0              # the last number sent (a welcome's done starts it again)

    def hello(self, have=None):
        return self.loop.receive(self.peer, wire.hello(self.seat, self.token, self.lang,
                                                       len(self.log) if have is None else have))

    def pump(self):
        """Reads what the host sent since last time."""
        texts = self.loop.inbox.get(self.peer, [])
        for text in texts[self.read:]:
            msg = wire.from_host(text)
            if isinstance(msg, wire.Frame):
                assert msg.seat == self.seat and msg.log_from <= len(self.log)
                if self.frame is not None and not msg.welcome:
                    assert msg.done >= self.frame.done
                del self.log[msg.log_from:]
                del self.places[msg.log_from:]
                self.log += [list(e) for e in msg.log]
                self.places += list(msg.places or [()] * len(msg.log))
                assert len(self.log) == msg.ply
                self.frame = msg
                self.sent = msg.done if msg.welcome else max(self.sent, msg.done)
            elif isinstance(msg, wire.Refused):
                self.refusals.append(msg)
            else:
                self.denials.append(msg.why)
        self.read = len(texts)

    def number(self, n):
        if n is None:
            self.sent += 1
            return self.sent
        return n

    def act(self, action, n=None):
        return self.loop.receive(self.peer, wire.act(self.number(n), action))

    def undo(self, n=None):
        return self.loop.receive(self.peer, wire.undo(self.number(n)))
