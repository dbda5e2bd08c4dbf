"""Games played at random to a point, and saves of them in a store."""

from __future__ import annotations

import random

import game
from ui.store import saves
from ui.store.saves import MemoryStore


def random_game(gid, players, seed, stop=None, **options):
    """A seeded random game, to its end (or ``stop`` actions)."""
    rng = random.Random(seed)
    s = game.new_game(gid, players, seed=seed, **options)
    while not s.over and (stop is None or len(s.actions) < stop):
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def long_choice(st, seat, rng):
    """A random action that makes a long game: Fowl Play's foxes catch what they can (a round
    without a catch turns a clear-turn card) and its birds take every step; Onexeno's players
    pass while the deck lasts, then place all they hold."""
    legal = st.legal_actions(seat)
    gid = st.info.id
    if gid == "fowl_play":
        moves = [a for a in legal if a != "done"]
        birds = st.view(None)["birds"]
        catch = [a for a in moves if a.startswith("fox ") and "-" in a and a.split("-")[1] in birds]
        return rng.choice(catch or moves or legal)
    if gid == "onexeno" and st.view(None)["deck"] and "pass" in legal:
        return "pass"
    return rng.choice([a for a in legal if a != "pass"] or legal)


def game_at(gid: str, ply: int):
    """A game of ``gid`` at ``ply`` actions or more, seat 0 to move alone."""
    players, options = {"fowl_play": (4, {}), "onexeno": (2, {"rounds": 3})}.get(gid, (2, {}))
    for seed in range(20):
        st, rng = game.new_game(gid, players=players, seed=seed, **options), random.Random(seed)
        while not st.over:
            if len(st.actions) >= ply and st.to_move == (0,):
                return st
            seat = st.to_move[0]
            st.apply(seat, long_choice(st, seat, rng))
    raise AssertionError(f"no {gid} game reaches {ply} actions")


SEATS = [{"kind": "human", "name": "Ada", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]


def good_save(sid="good1", gid="fendo", stop=4, seed=3):
    """The save of a random game of ``gid``, ``stop`` actions in: Ada against a novice."""
    s = random_game(gid, 2, seed, stop=stop)
    return saves.make(sid, s.record(), SEATS, 1_764_000_000)


def store_with(*saves_, **raw):
    """A store holding ``saves_``, and each ``raw`` key's text as it is."""
    store = MemoryStore()
    for sv in saves_:
        saves.write(store, sv)
    for k, v in raw.items():
        store.set(k, v)
    return store
