"""Fingerprints of a game's behaviour, for the tests that freeze an engine before it is
rewritten for speed (``test_behaviour_is_frozen`` of tests/test_fennecs.py,
tests/test_renard_des_bois.py, tests/test_fowl_play.py, tests/test_onexeno.py): short digests of
JSON, so that a fixture stays small."""

from __future__ import annotations

import hashlib
import json
import os
import random

from game import IllegalAction
from invariants import check_clone, views


def digest(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, default=repr).encode()).hexdigest()[:10]


def refusal(s, seat, action) -> list:
    """What ``s`` says when ``seat`` tries ``action``, which it must refuse."""
    try:
        s.apply(seat, action)
    except IllegalAction as e:
        return [e.code, e.params, str(e)]
    raise AssertionError(f"{action!r} was accepted")


def play_out(s, rng) -> str:
    """Plays ``s`` to its end at random: a digest of every legal list, the views at the end."""
    h = hashlib.sha256()
    while not s.over:
        legal = s.legal_actions(s.to_move[0])
        h.update(json.dumps(legal).encode())
        s.apply(s.to_move[0], rng.choice(legal))
    h.update(json.dumps([views(s), s.scores, s.winners, s.record()]).encode())
    return h.hexdigest()[:10]


def determinized(s, p: int, seat: int, rng) -> list:
    """What ``p``'s determinization of ``s`` by ``rng`` holds: its views, the legal list of
    ``seat``, the generator's next draw, and the world played to its end."""
    d = s.determinize(p, rng)
    return [views(d), d.legal_actions(seat), rng.random(), play_out(d, rng)]


def step(s, seat, action, ply: int):
    """Applies ``action``; every 11th ply on a clone made first too, the two checked alike
    (tests/invariants.py's ``check_clone``).  Returns the state to go on with."""
    if ply % 11 == 5:
        return check_clone(s, seat, action)
    s.apply(seat, action)
    return s


def fingerprint(s, seed: int, position, end=lambda s: ()) -> str:
    """One digest per position of a random game from ``s``, its actions drawn by ``seed``, then
    one of its end: ``position(s, seat, legal, ply)`` lists what the game fingerprints a position
    by (each game's own: views, refusals, determinizations), ``end(s)`` what it adds to the
    views, scores, winners and record at the end."""
    rng = random.Random(seed)
    out, ply = [], 0
    while not s.over:
        seat = s.to_move[0]
        legal = s.legal_actions(seat)
        parts = position(s, seat, legal, ply)
        s = step(s, seat, rng.choice(legal), ply)   # every 11th ply, on a clone too
        out.append(digest(parts))
        ply += 1
    out.append(digest(views(s), s.scores, s.winners, s.record(), *end(s)))
    return "".join(out)


def compare(got: dict, fixture) -> None:
    """Fails on the first game whose fingerprint (a 10-character digest per ply) differs from
    the fixture's, naming the ply.  FROZEN_WRITE=1 rewrites the fixture first (only when a
    change of behaviour is meant)."""
    if os.environ.get("FROZEN_WRITE"):
        with open(fixture, "w") as f:
            json.dump(got, f, indent=0)
    with open(fixture) as f:
        want = json.load(f)
    for k, g in got.items():
        w = want[k]
        if g != w:
            first = next(i for i in range(0, len(w), 10) if g[i:i + 10] != w[i:i + 10])
            raise AssertionError(f"game {k} differs from ply {first // 10} on")
