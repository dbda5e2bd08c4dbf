"""Hostile guests (issue 29): COUNT messages thrown at a Hosting and its Session, seeded.

Most are not valid: random bytes and non-text, random JSON, valid messages mutated, oversized
and deeply nested text, replayed numbers, numbers skipped, other seats' actions, actions out of
turn, hellos with bad tokens or for seats that are not the guest's, messages before a hello,
floods in one instant.  A few are valid: a legal action of the bound seat in its turn, an undo
it may make.  After every message: nothing escaped Hosting.receive, no decision was an
``error``, and the game's actions are exactly what the valid messages (and the bots' and the
host's own moves) made: a message that is not valid changes nothing.

    .venv/bin/python tests/test_hosting_fuzz.py [-n 10000] [--seed 1]     (in `make soak`)

RENARDIERE_FUZZ_HOSTING sets the count of the test (default COUNT).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from helpers.hosting import Guest, HostLoop

import game
from ui.kit import registry
from ui.net import wire
from ui.net.hosting import Bind, Close, Play, Undo

COUNT = int(os.environ.get("RENARDIERE_FUZZ_HOSTING", "5000"))
GAME_MESSAGES = 1500
WEIGHTS = {   # how often each kind of message is thrown
    "valid": 14, "valid_undo": 2, "bytes": 8, "not_text": 3, "json": 8, "mutated": 14,
    "oversized": 4, "replayed": 8, "gap": 4, "other_seat": 6, "out_of_turn": 8,
    "bad_token": 5, "taken": 2, "before_hello": 4, "flood": 0.25,
}
NASTY = ["", "\u202e", "\ud800", "<x-evil>", "a" * 201, "\x00", "🦊" * 50, "null", "-1", "1e999"]


def tables() -> list:
    """The games and seats played in turn, a new one each time one ends (or after
    GAME_MESSAGES): every game of the catalogue, one of two with a person at the host and a
    guest (and more guests if it takes more players), the other with two guests and a bot."""
    out = []
    for i, gid in enumerate(g for g in game.GAMES if g in registry.SCREENS):
        info = game.GAMES[gid]
        if i % 2 == 0 or info.max_players == 2:
            out.append((gid, ["human"] + ["device"] * (info.min_players - 1)))
        else:
            out.append((gid, ["device", "bot", "device"]))
    return out


def random_json(rng, depth=0):
    r = rng.random()
    if depth > 3 or r < 0.3:
        return rng.choice([None, True, False, 0, -1, 2 ** 70, 1.5, float("inf"), "", "t", "act",
                           "hello", rng.choice(NASTY), rng.randrange(-10, 10 ** 10)])
    if r < 0.6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["t", "n", "action", "seat", "token", "lang", "have", "v", "x"] + NASTY[:3]
    out = {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(6))}
    if rng.random() < 0.5:
        out["t"] = rng.choice(["hello", "act", "undo", "frame", "welcome", "refused", "x"])
    return out


def dump(obj) -> str:
    return json.dumps(obj, allow_nan=True, ensure_ascii=False)


BAD_VALUES = {   # for each field, values its parser refuses
    "t": ["Act", "ACT", "act ", "welcome", "frame", "denied", 3, None],
    "n": [0, -1, 2 ** 40, True, 1.0, "1", None, []],
    "action": ["", "x" * 201, "\ud800", 5, None, ["a1"]],
    "v": [-1, 2 ** 40, "1", 1.0, None],
    "seat": [-1, 8, 99, True, "0", None],
    "token": ["x" * 65, "\ud800", 5, None],
    "lang": ["de", "EN", "", None, 1],
    "have": [-1, 2 ** 40, False, "0", None],
}


def mutated(rng, g, legal) -> str:
    """A valid message of the guest with one thing wrong, so that it never parses: a field
    dropped, a field it may not carry, a value its parser refuses, or the text cut short."""
    base = rng.choice([
        {"t": "act", "n": g.sent + 1, "action": rng.choice(legal or ["a1"])},
        {"t": "undo", "n": g.sent + 1},
        {"t": "hello", "v": wire.VERSION, "seat": g.seat, "token": g.token, "lang": "en", "have": 0},
    ])
    how = rng.randrange(4)
    if how == 0:
        del base[rng.choice(sorted(base))]
    elif how == 1:
        base["seat" if base["t"] != "hello" else "n"] = g.seat
    elif how == 2:
        key = rng.choice(sorted(base))
        base[key] = rng.choice(BAD_VALUES[key])
    else:
        text = dump(base)
        return text[: rng.randrange(1, len(text))]
    return dump(base)


class Campaign:
    def __init__(self, count: int, seed: int = 1):
        self.count, self.rng = count, random.Random(seed)
        self.by_kind: Counter = Counter()
        self.by_game: Counter = Counter()
        self.changed = Counter()     # valid messages that played or undid
        self.rebinds = 0
        self.peer_no = 0
        self.games = 0
        self.decisions: Counter = Counter()
        self.tables = tables()

    def new_peer(self) -> str:
        self.peer_no += 1
        return f"peer{self.peer_no}"

    def new_game(self):
        gid, kinds = self.tables[self.games % len(self.tables)]
        self.games += 1
        self.loop = HostLoop(gid, kinds, seed=self.rng.randrange(10 ** 6), check=self.games <= len(self.tables))
        self.loop.now = 0.0
        self.guests = {}
        for seat in self.loop.ses.devices:
            self.pair(seat)
        self.loop.play_bots()
        self.human()
        self.messages = 0

    def pair(self, seat):
        loop = self.loop
        g = Guest(loop, self.new_peer(), seat, loop.hosting.token(loop.ses, seat), self.rng.choice(["en", "fr"]))
        loop.now += 5
        if seat in self.guests and self.rng.random() < 0.5:   # the same page, a new channel: it
            old = self.guests[seat]                          # keeps its log, and says so
            old.pump()
            g.log = list(old.log)
        out = g.hello()
        assert out[-1] == Bind(g.peer, seat, g.lang), out
        g.pump()
        self.guests[seat] = g

    def human(self):
        while not self.loop.ses.state.over and self.loop.ses.human_to_move() is not None:
            self.loop.human_moves()

    def run(self) -> dict:
        t0 = time.perf_counter()
        self.new_game()
        kinds, weights = zip(*WEIGHTS.items())
        sent = 0
        while sent < self.count:
            if self.loop.ses.state.over or self.messages >= GAME_MESSAGES:
                self.new_game()
            kind = self.rng.choices(kinds, weights)[0]
            sent += self.throw(kind)
        return {"messages": sent, "seconds": time.perf_counter() - t0, "by_kind": dict(self.by_kind),
                "by_game": dict(self.by_game), "changed": dict(self.changed), "rebinds": self.rebinds,
                "games": self.games, "decisions": dict(self.decisions)}

    # -- one throw: one message, or a flood of them ----------------------------------------------

    def throw(self, kind: str) -> int:
        loop, rng = self.loop, self.rng
        ses = loop.ses
        mover = ses.device_to_move()
        g = self.guests[mover] if mover is not None else rng.choice(list(self.guests.values()))
        g.pump()
        legal = list(ses.legal(mover)) if mover is not None else []
        others = [s for s in self.guests if s != g.seat]
        step = rng.choice([0.0, 0.01, 0.3, 1.0])
        valid = False
        if kind == "valid" and mover is not None:
            step, valid = 3.0, True
            msg = wire.act(g.number(None), rng.choice(legal))
        elif kind == "valid_undo" and ses.undo_keep(g.seat)[0] is not None:
            step, valid = 3.0, True
            msg = wire.undo(g.number(None))
        elif kind == "bytes":
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
            msg = raw.decode(rng.choice(["latin-1", "utf-8"]), errors=rng.choice(["replace", "ignore"]))
        elif kind == "not_text":
            msg = rng.choice([None, 5, b'{"t":"undo","n":1}', ["act"], {"t": "act"}, 1.5, object()])
        elif kind == "json":
            msg = dump(random_json(rng))
        elif kind == "mutated":
            msg = mutated(rng, g, legal)
        elif kind == "oversized":
            msg = rng.choice([wire.act(g.sent + 1, (legal or ["a1"])[0] + " " * 3000),
                              "[" * 5000 + "]" * 5000, '{"t":"act","n":1,"action":"' + "x" * 100000 + '"}',
                              dump({"t": "undo", "n": g.sent + 1, "pad": "p" * 2100})])
        elif kind == "replayed" and g.sent > 0:
            msg = wire.act(rng.randrange(max(1, g.sent - 3), g.sent + 1), rng.choice(legal or ["a1"]))
        elif kind == "gap":
            msg = wire.act(g.sent + rng.randrange(2, 100), rng.choice(legal or ["a1"]))
        elif kind == "other_seat":        # an action of a seat to move that is not the guest's
            g = rng.choice(list(self.guests.values()))
            theirs = [a for s in ses.state.to_move if s != g.seat for a in ses.legal(s)
                      if a not in ses.legal(g.seat)]
            if not theirs:
                return 0
            if rng.random() < 0.5:
                msg = wire.act(g.number(None), rng.choice(theirs))
            else:
                msg = dump({"t": "act", "n": g.sent + 1, "action": rng.choice(theirs), "seat": ses.state.to_move[0]})
        elif kind == "out_of_turn":
            waiting = [x for x in self.guests.values() if x.seat not in ses.state.to_move]
            if waiting:
                g = rng.choice(waiting)
                msg = wire.act(g.number(None), rng.choice(legal or ["a1"]))
            else:
                msg = wire.act(g.number(None), "not-a-move")
        elif kind == "bad_token":
            seat = rng.choice(list(self.guests))
            real = self.guests[seat].token
            token = rng.choice(["A" * 32, real[:-1] + ("x" if real[-1] != "x" else "y"), "", "\ud800", "x" * 65,
                                *[self.guests[s].token for s in others if s != seat]])
            return self.send(self.new_peer() if rng.random() < 0.7 else g.peer,
                             wire.hello(seat, token, "en", 0) if len(token) <= 64 else
                             dump({"t": "hello", "v": wire.VERSION, "seat": seat, "token": token, "lang": "en", "have": 0}),
                             kind, step, False)
        elif kind == "taken" and others:      # a bound peer asks for another seat, with its token
            s = rng.choice(others)
            msg = wire.hello(s, self.guests[s].token, "en", 0)
        elif kind == "before_hello":
            return self.send(self.new_peer(), rng.choice([wire.act(1, rng.choice(legal or ["a1"])), wire.undo(1),
                                                           wire.act(0, "a1")]), kind, step, False)
        elif kind == "flood":
            peer = g.peer if rng.random() < 0.5 else self.new_peer()
            n = rng.randrange(30, 90)
            texts = [rng.choice([wire.act(max(1, g.sent), "a1"), "{}", "garbage", wire.undo(max(1, g.sent))])
                     for _ in range(n)]
            for i, text in enumerate(texts):
                self.send(peer, text, kind, step if i == 0 else 0.0, False)
            return n
        else:
            return 0                  # this kind cannot be made here now: draw again
        return self.send(g.peer, msg, kind, step, valid)

    def send(self, peer, text, kind: str, step: float, valid: bool) -> int:
        """One message, checked: only a valid one changes the game, and it always does."""
        loop, ses = self.loop, self.loop.ses
        before = [tuple(a) for a in ses.state.actions]
        seat = loop.hosting.seat_of(peer)
        keep = ses.undo_keep(seat)[0] if seat is not None else None
        out = loop.receive(peer, text, now=loop.now + step)
        after = [tuple(a) for a in ses.state.actions]
        self.by_kind[kind] += 1
        self.by_game[ses.game_id] += 1
        self.messages += 1
        for d in out:
            self.decisions[type(d).__name__ + (":" + d.why.split(":")[0] if hasattr(d, "why") else "")] += 1
        assert loop.hosting.counts["Drop:error"] == 0, (kind, text, out)
        if not valid:
            assert after == before, (kind, text, out)
            assert not any(isinstance(d, (Play, Undo)) for d in out), (kind, text, out)
        elif isinstance(out[0], Play):
            assert after[: len(before) + 1] == before + [(seat, out[0].action)], (kind, text, out)
            assert all(ses.is_bot(s) for s, _ in after[len(before) + 1:])
            self.changed["played"] += 1
        else:
            assert out == [Undo(peer, seat, out[0].n)] and after == before[:keep], (kind, text, out)
            self.changed["undone"] += 1
        for d in out:
            if isinstance(d, Close) and any(g.peer == d.peer for g in self.guests.values()):
                seat = next(s for s, g in self.guests.items() if g.peer == d.peer)
                self.pair(seat)                 # the guest comes back: a new channel, its token
                self.rebinds += 1
        self.human()
        return 1


def summary(r: dict) -> str:
    lines = [f"{r['messages']} messages in {r['seconds']:.1f} s, {r['games']} games, zero failures"]
    lines.append("by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(r["by_kind"].items())))
    lines.append("by game: " + ", ".join(f"{k} {v}" for k, v in sorted(r["by_game"].items())))
    lines.append("valid ones that changed the game: " + ", ".join(f"{k} {v}" for k, v in sorted(r["changed"].items()))
                 + f"; guests closed and paired again: {r['rebinds']}")
    lines.append("decisions: " + ", ".join(f"{k} {v}" for k, v in sorted(r["decisions"].items())))
    return "\n".join(lines)


def test_hostile_guests_change_nothing():
    r = Campaign(COUNT, seed=1).run()
    print("\n" + summary(r))
    assert r["messages"] >= COUNT
    assert set(r["by_kind"]) == set(WEIGHTS)
    assert r["decisions"].get("Bind", 0) == 0 and "Close:replaced" not in r["decisions"]   # only pair() binds
    assert r["changed"].get("played", 0) > COUNT // 20 and r["changed"].get("undone", 0) > 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(summary(Campaign(args.n, args.seed).run()))
