"""Saved positions the browser tests open, made on CPython by seeded random play: each game's
table mid-game, a round summary and its end (``SAVES``), a table of every game (``TABLES``), Le
Renard des Bois' first trick led and followed (``LEAD``, ``FOLLOW``)."""

from __future__ import annotations

import random

import game
from ui import games
from ui.kit import registry
from ui.store.session import Session

GAMES = {  # game id: (players, options)
    "fendo": (2, {}),
    "renard_des_bois": (2, {}),
    "fennecs": (5, {}),
    "onexeno": (7, {}),
}


HUMAN = {"kind": "human", "name": "Anna", "level": None}


BOT = {"kind": "bot", "name": "", "level": "novice"}


def play_until(game_id, players, options, seed, tag, stop):
    """A game played at random from ``seed`` until ``stop(state)`` holds with the human
    (seat 0) to move, or the game is over; its save's id ends with ``tag``."""
    rng = random.Random(seed)
    ses = Session.start(f"lay{seed:x}{tag}", game_id, [HUMAN] + [BOT] * (players - 1), options, seed, 1_764_000_000)
    for _ in range(5000):
        st = ses.state
        if st.over or (stop(st) and 0 in st.to_move):
            break
        seat = st.to_move[0]
        ses.apply(seat, rng.choice(st.legal_actions(seat)), 1_764_000_000)
    return ses


def rounds_of(state) -> int:
    v = state.view(None)
    if state.info.id == "fennecs":
        return sum(1 for e in v["log"] if e["type"] == "round_end")
    if state.info.id == "onexeno":
        return len(v["results"])
    return len(v.get("rounds") or [])


def made_saves() -> dict:
    """{game id: {screen: save}} for the table mid-game, a round summary and the end."""
    out = {}
    for i, (gid, (players, options)) in enumerate(GAMES.items()):
        seed = 1000 + i
        ses = play_until(gid, players, options, seed, "t", lambda s: len(s.actions) >= 12)
        ses.save["round_seen"] = rounds_of(ses.state)      # no summary due: the table itself
        shots = {"table": ses}
        if gid != "fendo":
            ses = play_until(gid, players, options, seed, "r", lambda s: rounds_of(s) >= 1)
            ses.save["round_seen"] = 0                    # the first round's summary is due
            shots["round"] = ses
        ses = play_until(gid, players, options, seed, "e", lambda s: False)
        assert ses.state.over
        ses.save["round_seen"] = rounds_of(ses.state)      # the summaries seen: the end screen shows
        shots["end"] = ses
        out[gid] = {k: s.save for k, s in shots.items()}
    return out


SAVES = made_saves()


# Each game's screen says what must be in view together (GameScreen.in_view): its board, or its
# table and the person's hand.
IN_VIEW = {gid: registry.screen(gid).in_view for gid in registry.playable()}


def fresh_renard(seed: int, tag: str):
    """A Renard game at its first trick, the person (seat 0) to play with 13 cards."""
    ses = Session.start("sizes" + tag, "renard_des_bois", [HUMAN, BOT], {}, seed, 1_764_000_000)
    while 0 not in ses.state.to_move:
        seat = ses.state.to_move[0]
        ses.apply(seat, ses.state.legal_actions(seat)[0], 1_764_000_000)
    assert len(ses.state.view(0)["hand"]) == 13
    return ses.save


def fowl_mid_game(seed: int = 7):
    """A 3-player Fowl Play game in its second round, the person (seat 0) moving birds."""
    import random
    rng = random.Random(seed)
    ses = Session.start("sizesfowl", "fowl_play", [HUMAN, BOT, BOT], {}, seed, 1_764_000_000)
    for _ in range(3000):
        st = ses.state
        v = st.view(None)
        if v["round"] >= 2 and v["phase"] == "birds" and st.to_move == (0,):
            break
        seat = st.to_move[0]
        ses.apply(seat, rng.choice(st.legal_actions(seat)), 1_764_000_000)
    assert ses.state.view(None)["phase"] == "birds" and ses.state.to_move == (0,)
    return ses.save


FOWL = fowl_mid_game()


TABLES = {gid: SAVES[gid]["table"] for gid in SAVES} | {"fowl_play": FOWL}


for _i, _gid in enumerate(g for g in IN_VIEW if g not in TABLES):   # a game with no table above
    _ses = play_until(_gid, game.GAMES[_gid].min_players, {}, 3000 + _i, "s", lambda s: len(s.actions) >= 12)
    TABLES[_gid] = _ses.save
LEAD = fresh_renard(5, "lead")        # the person leads: all 13 cards playable
FOLLOW = fresh_renard(2, "follow")    # the bot led: 5 of the 13 follow suit


def store_tables(page) -> None:
    """Every table of ``TABLES`` put in the page's storage, and the app started again on them."""
    import json

    from tools.browsers import wait_ready
    from ui.store import saves

    items = {saves.key_of(t["id"]): json.dumps(t) for t in TABLES.values()}
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    page.evaluate("window.renardiereRestart('')")
    wait_ready(page)


def open_table(page, gid: str) -> None:
    """``gid``'s table of ``TABLES`` on screen, with no motion in flight (reduced motion)."""
    page.emulate_media(reduced_motion="reduce")
    store_tables(page)
    page.evaluate("(h) => { location.hash = h; }", f"#play/{TABLES[gid]['id']}")
    page.wait_for_selector("main.play")
    page.wait_for_timeout(150)
