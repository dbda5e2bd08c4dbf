"""Fuzzing every engine: random legal play mixed with garbage, wrong seats and moves out of turn.

For every game, every player count and every option value (tools/soak.py's ``configs``),
hypothesis drives a game: runs of seeded random legal actions, single legal actions, and
attempts that the rules must refuse or accept as listed:

- garbage strings (any text, near-misses of the notation, legal actions mutated);
- stale actions (legal earlier in the game), actions of another seat, other games' actions;
- non-strings (None, ints, bytes, lists...);
- wrong seats (other seats, out of range, bools, floats, strings, None), and actions after
  the game is over.

Properties: an attempt is accepted exactly when its seat is to move and the action is in
that seat's ``legal_actions``; anything else raises ``game.IllegalAction`` (no other
exception, ever) with a readable message, a string code and a params dict; and a refused
call changes nothing: ``record()``, every seat's ``view`` and the spectator's, the legal
actions, the turn, the scores and the winners are identical before and after.  Bad seats
also get no legal actions and no view (a ValueError).

The default run is short (derandomized, so CI is reproducible): RENARDIERE_FUZZ_EXAMPLES
sets the examples per configuration (default 10).
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from tools import soak
from game import IllegalAction
from invariants import readable, snapshot

EXAMPLES = int(os.environ.get("RENARDIERE_FUZZ_EXAMPLES", "10"))
CONFIGS = [(gid, n, opts) for gid in sorted(game.GAMES) for n, opts in soak.configs(gid)]

SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Strings close to each game's notation (most are illegal in any given position).
NEAR_MISSES = st.one_of(
    st.from_regex(r"[a-l](0|[1-9]|1[0-2])(-[a-l](0|[1-9]|1[0-2]))?[NESWnx]?", fullmatch=True),
    st.from_regex(r"((swap|bottom) )?(0|[1-9]|1[0-2])[BKMX]|keep|swap|bottom", fullmatch=True),
    st.from_regex(r"(-[125]|[0-6]|1/5|5/1|\+|\*)v?>[A-F]|take [A-F]|as [15](,[15]){0,3}|as 5,1",
                  fullmatch=True),
    st.from_regex(r"[0-9][a-u]@[a-j](0|[1-9]|10)(\+(0|45|90|180|270|360))?", fullmatch=True),
    st.sampled_from(["pass", "PASS", "", " ", "pass ", "d1-d1E", "d1-d4", "keep ", "take",
                     "as", "as ", "as 1,", "3>", ">A", "3v>", "\x00", "d1E\n", "7B\t",
                     "１B", "d１E", "ⅰB", "-0>A", "+v>A", "as 1,1,1,1,1,1"]),
)
NON_STRINGS = st.sampled_from([None, 0, 7, -1, 3.5, True, b"pass", b"7B", ["7B"], ("take", "A"),
                               {"action": "pass"}, object()])
def bad_seats(players: int):
    """Seats no table of ``players`` has (Onexeno seats up to 7)."""
    return st.one_of(
        st.integers(-3, -1), st.integers(players, players + 4), st.just(10 ** 20),
        st.sampled_from([None, True, False, 0.0, 1.0, "0", "1", b"0", [0], (0,)]),
    )


def attempt(s, seat, action) -> bool:
    """Tries ``seat`` playing ``action``: accepted exactly when listed, else refused with an
    IllegalAction that changed nothing.  Returns whether it was accepted.  The state is
    snapshot only before an attempt that must be refused: a listed action refused fails
    whatever it changed (half of the module's time went to snapshots no assert read)."""
    listed = (type(seat) is int and seat in s.to_move and isinstance(action, str)
              and action in s.legal_actions(seat))
    before = None if listed else snapshot(s)
    plies = len(s.actions)
    try:
        s.apply(seat, action)
    except IllegalAction as e:
        assert not listed, f"{seat!r} {action!r} is listed as legal but was refused: {e}"
        readable(e)
        after = snapshot(s)
        assert after == before, f"refusing {seat!r} {action!r} ({e.code}) changed the state"
        return False
    assert listed, f"{seat!r} {action!r} is not listed as legal but was accepted"
    assert len(s.actions) == plies + 1 and s.actions[-1] == [seat, action]
    return True


def mutate(data, text: str) -> str:
    """A near-miss of a legal action: one edit, or a change of case or spacing."""
    how = data.draw(st.sampled_from(["drop", "insert", "replace", "double", "case", "space",
                                     "strip_last", "swap_ends"]))
    if not text:
        return " "
    i = data.draw(st.integers(0, len(text) - 1))
    ch = data.draw(st.sampled_from(list("0123456789ABCDEFKMNSWabcdek -,/>v*+\u00e9\u200b")))
    if how == "drop":
        return text[:i] + text[i + 1:]
    if how == "insert":
        return text[:i] + ch + text[i:]
    if how == "replace":
        return text[:i] + ch + text[i + 1:]
    if how == "double":
        return text + text
    if how == "case":
        return text.swapcase()
    if how == "space":
        return data.draw(st.sampled_from([" " + text, text + " ", text.replace(" ", "  "),
                                          text.replace(" ", "")]))
    if how == "strip_last":
        return text[:-1]
    return text[-1] + text[1:-1] + text[0] if len(text) > 1 else text + text


def other_games_actions(gid: str) -> list[str]:
    """A few legal actions of the other games' openings (wrong for this game, mostly)."""
    out = []
    for other in sorted(game.GAMES):
        if other != gid:
            s = game.new_game(other, seed=1)
            out += s.legal_actions(s.to_move[0])[:8]
    return out


OTHER = {gid: other_games_actions(gid) for gid in game.GAMES}


def fuzz(data, gid: str, players: int, options: dict) -> None:
    seed = data.draw(st.integers(0, 2 ** 20), label="seed")
    s = game.new_game(gid, players=players, seed=seed, **options)
    rng = random.Random(seed)
    seen: list[str] = []                  # every action listed so far: stale ones later
    refused = accepted = 0
    for _ in range(data.draw(st.integers(1, 25), label="steps")):
        kind = data.draw(st.sampled_from(
            ["advance", "advance", "legal", "garbage", "near", "mutated", "stale", "other_game",
             "non_string", "wrong_seat", "bad_seat", "finish"]), label="kind")
        mover = s.to_move[0] if s.to_move else 0
        legal = s.legal_actions(mover)
        seen.extend(legal[:10])
        if kind == "advance":
            for _ in range(data.draw(st.integers(1, 40))):
                if s.over:
                    break
                p = rng.choice(s.to_move)
                assert attempt(s, p, rng.choice(s.legal_actions(p)))
            continue
        if kind == "finish":
            while not s.over and len(s.actions) < 4000:
                p = rng.choice(s.to_move)
                s.apply(p, rng.choice(s.legal_actions(p)))
            assert s.over
            continue
        seat = mover
        if kind == "legal":
            if not legal:
                action = data.draw(st.sampled_from(seen or ["pass"]))
            else:
                action = data.draw(st.sampled_from(legal))
        elif kind == "garbage":
            action = data.draw(st.text(max_size=14))
        elif kind == "near":
            action = data.draw(NEAR_MISSES)
        elif kind == "mutated":
            action = mutate(data, data.draw(st.sampled_from(legal or seen or ["pass"])))
        elif kind == "stale":
            action = data.draw(st.sampled_from(seen or ["pass"]))
        elif kind == "other_game":
            action = data.draw(st.sampled_from(OTHER[gid]))
        elif kind == "non_string":
            action = data.draw(NON_STRINGS)
        elif kind == "wrong_seat":
            others = [p for p in range(players) if p not in s.to_move]
            if not others:
                others = list(range(players))
            seat = data.draw(st.sampled_from(others))
            action = data.draw(st.sampled_from(legal or seen or ["pass"]))
        else:
            seat = data.draw(bad_seats(players))
            action = data.draw(st.sampled_from(legal or seen or ["pass"]))
            assert s.legal_actions(seat) == []
            if seat is not None:            # None is the spectator
                with pytest.raises(ValueError):
                    s.view(seat)
        if attempt(s, seat, action):
            accepted += 1
        else:
            refused += 1
    # And once over, every attempt is refused.
    if s.over:
        for action in seen[-3:] + ["pass", "x"]:
            assert not attempt(s, data.draw(st.integers(0, players - 1)), action)


@pytest.mark.parametrize("gid,players,options", CONFIGS,
                         ids=[f"{g}-{n}p-" + "-".join(str(v) for v in o.values())
                              for g, n, o in CONFIGS])
@SETTINGS
@given(data=st.data())
def test_fuzz(gid, players, options, data):
    fuzz(data, gid, players, options)


def test_every_game_is_fuzzed():
    assert {g for g, _, _ in CONFIGS} == set(game.GAMES)
    for gid, info in game.GAMES.items():
        counts = {n for g, n, _ in CONFIGS if g == gid}
        assert counts == set(range(info.min_players, info.max_players + 1))
        for opt in info.options:
            assert {o[opt.name] for g, _, o in CONFIGS if g == gid} == set(opt.choices)


def test_a_refusal_names_any_seat_in_json():
    """Regression: a wrong seat that is not an int (bytes, a list...) went into the refusal's
    params as it was, so the params were not JSON-ready (the UI and the bot worker pass them
    on as JSON); now it is its repr, as a bad action already was."""
    for gid in sorted(game.GAMES):
        s = game.new_game(gid)
        for seat in (b"0", [0], object(), 1.5, None, True, 99):
            with pytest.raises(IllegalAction) as info:
                s.apply(seat, s.legal_actions(s.to_move[0])[0])
            assert info.value.code == "wrong_turn"
            json.dumps(info.value.params)
            assert isinstance(info.value.params["seat"], (int, str))
