"""The engine contract (docs/ENGINE.md), checked on every game in game.GAMES.

A game registered later is covered without touching this file.
"""

from __future__ import annotations

import random

import pytest

import game
import invariants
from game import IllegalAction
from invariants import snapshot

GAME_IDS = sorted(game.GAMES)


def seat_counts(info):
    return sorted({info.min_players, info.max_players})


CASES = [(gid, n) for gid in GAME_IDS for n in seat_counts(game.GAMES[gid])]


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
    """tests/invariants.py's Checker, the contract alone, after every action of seeded random
    games: legal lists, turn, views, scores, winners; every 5th action determinize, up to 25
    listed actions tried, the action played on a clone too; at the end, the record replays."""
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_game(gid, players=players, seed=seed)
        checker = invariants.Checker(s, random.Random(seed), determinize_every=5,
                                      try_actions=25, clone_every=5)
        while not s.over:
            seat = rng.choice(s.to_move)
            action = rng.choice(s.legal_actions(seat))
            s = checker.apply(s, seat, action)
            checker.step(s, seat, action)
        checker.finish(s)
        assert checker.stats["clones"] and checker.stats["determinizations"]
        assert checker.stats["actions_tried"] and checker.stats["replays"] == 1


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


def _new_or_none(gid, players, options):
    try:
        return game.new_game(gid, players=players, **options)
    except ValueError:
        return None


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
            # Some choices need some player counts (Onexeno's teams of two): the first that fits.
            seats = [n for n in range(info.min_players, info.max_players + 1)
                     if _new_or_none(gid, n, {opt.name: choice})]
            s = game.new_game(gid, players=seats[0], **{opt.name: choice})
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
    seat = s.to_move[0]
    other = [p for p in range(s.players) if p not in s.to_move]
    attempts = [(seat, "certainly not an action"), (seat, None), (-1, "x")]
    if other:
        attempts.append((other[0], s.legal_actions(seat)[0]))
    for p, action in attempts:
        assert isinstance(invariants.refused(s, p, action), ValueError)   # and changes nothing
    with pytest.raises(ValueError):
        s.view(s.players)


def test_the_shared_checks_have_teeth():
    """tests/invariants.py's contract checks fail on a game that breaks the contract: a clone
    sharing its board, a refusal that changes the state, a listed action that is refused."""
    from tictactoe import TicTacToe

    class Shared(TicTacToe):
        def _copy_into(self, other):
            other.board = self.board

    with pytest.raises(invariants.Failure, match="clone"):
        invariants.check_clone(Shared(), 0, "4")
    invariants.check_clone(TicTacToe(), 0, "4")

    class Sloppy(TicTacToe):
        def _apply(self, seat, action):
            if action not in self.legal_actions(seat):
                self.board[0] = seat
                raise IllegalAction("That cell is taken.", "taken")
            super()._apply(seat, action)

    with pytest.raises(invariants.Failure, match="changed the state"):
        invariants.refused(Sloppy(), 0, "x")

    class Lister(TicTacToe):
        def legal_actions(self, seat):
            legal = super().legal_actions(seat)
            return legal + ["9"] if legal else []

        def _apply(self, seat, action):
            if action not in TicTacToe.legal_actions(self, seat):
                raise IllegalAction("There is no cell 9.", "no_cell")
            self.board[int(action)] = seat

    with pytest.raises(IllegalAction):
        invariants.check_actions_playable(Lister(), random.Random(0), 10)
