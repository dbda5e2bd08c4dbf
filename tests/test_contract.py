"""The engine contract (shared/ENGINE.md), checked on every game in game.GAMES.

A game registered later is covered without touching this file.
"""

from __future__ import annotations

import json
import random

import pytest

import game
from game import IllegalAction

GAME_IDS = sorted(game.GAMES)
MAX_PLIES = 3000


def seat_counts(info):
    return sorted({info.min_players, info.max_players})


CASES = [(gid, n) for gid in GAME_IDS for n in seat_counts(game.GAMES[gid])]


def snapshot(state):
    """Everything observable about a state, as JSON text."""
    views = [state.view(None)] + [state.view(p) for p in range(state.players)]
    legal = [state.legal_actions(p) for p in range(state.players)]
    return json.dumps([state.record(), views, legal, list(state.to_move), state.over,
                       list(state.scores), list(state.winners)], sort_keys=True)


def random_step(state, rng):
    seat = rng.choice(state.to_move)
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_registry():
    assert GAME_IDS, "no game registered"
    for gid, info in game.GAMES.items():
        assert info.id == gid and info.title
        assert 1 <= info.min_players <= info.max_players
        assert info.state_class is not None
        assert issubclass(info.state_class, game.State)


@pytest.mark.parametrize("gid,players", CASES)
def test_random_play(gid, players):
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_game(gid, players=players, seed=seed)
        plies = 0
        while True:
            for p in range(players):
                legal = s.legal_actions(p)
                assert legal == sorted(legal)
                assert all(isinstance(a, str) for a in legal)
                assert bool(legal) == (p in s.to_move), (p, s.to_move)
            for p in [None, *range(players)]:
                json.dumps(s.view(p))
            assert s.over == (not s.to_move)
            assert len(s.scores) == players
            if s.over:
                break
            if plies % 5 == 0:
                check_clone_independence(s, rng)
                check_every_action_playable(s, rng)
                check_determinize(s, rng)
            random_step(s, rng)
            plies += 1
            assert plies <= MAX_PLIES, "the game does not end"
        assert s.winners and set(s.winners) <= set(range(players))
        assert s.legal_actions(0) == [] and s.to_move == ()
        rec = json.loads(json.dumps(s.record()))
        assert rec == s.record()
        again = game.replay(rec)
        assert snapshot(again) == snapshot(s)


def check_clone_independence(s, rng):
    before = snapshot(s)
    c = s.clone()
    assert snapshot(c) == before
    for _ in range(6):
        if c.over:
            break
        random_step(c, rng)
    assert snapshot(s) == before
    # and the other way round: playing on the original leaves the clone alone
    d = s.clone()
    d_before = snapshot(d)
    t = s.clone()
    for _ in range(3):
        if t.over:
            break
        random_step(t, rng)
    assert snapshot(d) == d_before


def check_every_action_playable(s, rng):
    before = snapshot(s)
    for seat in s.to_move:
        legal = s.legal_actions(seat)
        for action in rng.sample(legal, min(len(legal), 25)):
            c = s.clone()
            c.apply(seat, action)
            assert c.actions[-1] == [seat, action]
    assert snapshot(s) == before


def check_determinize(s, rng):
    for seat in range(s.players):
        d = s.determinize(seat, random.Random(rng.random()))
        assert d.view(seat) == s.view(seat)
        assert d.to_move == s.to_move


@pytest.mark.parametrize("gid", GAME_IDS)
def test_same_seed_same_game(gid):
    info = game.GAMES[gid]

    def run():
        rng = random.Random(11)
        s = game.new_game(gid, players=info.max_players, seed=11)
        for _ in range(60):
            if s.over:
                break
            random_step(s, rng)
        return snapshot(s)

    assert run() == run()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_options_and_players_are_checked(gid):
    info = game.GAMES[gid]
    with pytest.raises(ValueError):
        game.new_game(gid, no_such_option=1)
    for opt in info.options:
        assert any(opt.default == c and type(opt.default) is type(c) for c in opt.choices)
        for bad in (object(), "no such value", None):
            with pytest.raises(ValueError):
                game.new_game(gid, **{opt.name: bad})
        for choice in opt.choices:
            s = game.new_game(gid, **{opt.name: choice})
            assert s.options[opt.name] == choice
            assert s.view()["options"][opt.name] == choice
    for players in (info.min_players - 1, info.max_players + 1, "2", 2.0, True):
        with pytest.raises(ValueError):
            game.new_game(gid, players=players)
    with pytest.raises(ValueError):
        game.new_game(gid, seed="7")
    with pytest.raises(ValueError):
        game.new_game("no_such_game")


@pytest.mark.parametrize("gid", GAME_IDS)
def test_bad_records(gid):
    good = game.new_game(gid).record()
    seat = game.new_game(gid).to_move[0]
    bad = [
        None, [], "record",
        {k: v for k, v in good.items() if k != "game"},
        {k: v for k, v in good.items() if k != "actions"},
        {k: v for k, v in good.items() if k != "players"},
        {**good, "game": "no_such_game"},
        {**good, "game": ["fendo"]},
        {**good, "players": 99},
        {**good, "seed": "x"},
        {**good, "options": {"no_such_option": 1}},
        {**good, "options": 5},
        {**good, "options": {1: 2}},
        {**good, "options": [["a", 1]]},
        {**good, "actions": "d1E"},
        {**good, "actions": [["x"]]},
        {**good, "actions": [[seat, "no such action"]]},
        {**good, "actions": [[seat, 42]]},
        {**good, "actions": [[99, "pass"]]},
    ]
    for rec in bad:
        with pytest.raises(ValueError):
            game.replay(rec)
    assert game.replay(good).record() == good


@pytest.mark.parametrize("gid", GAME_IDS)
def test_illegal_action_is_a_value_error(gid):
    assert issubclass(IllegalAction, ValueError)
    s = game.new_game(gid)
    before = snapshot(s)
    seat = s.to_move[0]
    other = [p for p in range(s.players) if p not in s.to_move]
    attempts = [(seat, "certainly not an action"), (seat, None), (-1, "x")]
    if other:
        attempts.append((other[0], s.legal_actions(seat)[0]))
    for p, action in attempts:
        with pytest.raises(IllegalAction) as info:
            s.apply(p, action)
        assert isinstance(info.value, ValueError) and str(info.value)
        assert isinstance(info.value.code, str) and isinstance(info.value.params, dict)
    assert snapshot(s) == before
    with pytest.raises(ValueError):
        s.view(s.players)
