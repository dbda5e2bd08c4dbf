"""Fendo: the rulebook's illustrations as scenarios, the notation, and random games.

Positions are set up with ``fendo.position`` (pawns, walls, reserve, turn), or
reached by replaying actions.  Set ``FENDO_RANDOM_GAMES`` to change how many
random games the invariant test plays (default 125; `make soak` plays 1000).
"""

from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

import game
import invariants
from game import IllegalAction, fendo
from invariants import refused

RANDOM_GAMES = int(os.environ.get("FENDO_RANDOM_GAMES", "125"))


def pos(pawns, walls=(), **kw):
    return fendo.position(pawns, walls, **kw)


def entries(state, seat=None):
    """The cells where the seat to move may enter a pawn."""
    seat = state.to_move[0] if seat is None else seat
    return {a for a in state.legal_actions(seat) if a[-1].isdigit()}


# -- notation -------------------------------------------------------------------


@pytest.mark.parametrize("text,parsed", [
    ("c4", ("enter", None, "c4", None)),
    ("d1-d4N", ("move", "d1", "d4", "N")),
    ("d1E", ("wall", "d1", "d1", "E")),
    ("g7-a7S", ("move", "g7", "a7", "S")),
    ("pass", ("pass", None, None, None)),
])
def test_parse_round_trip(text, parsed):
    a = fendo.parse(text)
    assert tuple(a) == parsed
    assert str(a) == text


@pytest.mark.parametrize("text,size,code", [
    ("", 7, "fendo.syntax"), ("Pass", 7, "fendo.syntax"), ("D1E", 7, "fendo.syntax"),
    ("d1-d4", 7, "fendo.syntax"), ("d1-d1N", 7, "fendo.syntax"), ("d1X", 7, "fendo.syntax"),
    ("d01", 7, "fendo.syntax"), ("d1 E", 7, "fendo.syntax"), ("l1", 11, "fendo.syntax"),
    ("h1", 7, "fendo.no_cell"), ("a8", 7, "fendo.no_cell"), ("a1-a8N", 7, "fendo.no_cell"),
    ("k12", 11, "fendo.no_cell"), ("j10", 9, "fendo.no_cell"),
])
def test_parse_refusals(text, size, code):
    with pytest.raises(IllegalAction) as info:
        fendo.parse(text, size)
    assert info.value.code == code


def test_big_board_cells_parse():
    assert tuple(fendo.parse("k11-a11S", 11)) == ("move", "k11", "a11", "S")
    assert tuple(fendo.parse("i9", 9)) == ("enter", None, "i9", None)


# -- set-up and options -----------------------------------------------------------


@pytest.mark.parametrize("size,white,orange,target,last", [
    (7, "d1", "d7", 25, "g7"), (9, "e1", "e9", 41, "i9"), (11, "f1", "f11", 61, "k11"),
])
def test_start(size, white, orange, target, last):
    s = game.new_game("fendo", size=size)
    v = s.view()
    assert s.to_move == (0,)
    assert v["size"] == size and v["target"] == target
    assert v["pawns"] == {white: 0, orange: 1}
    assert v["reserve"] == [6, 6]
    assert v["cells"][:2] == ["a1", "b1"] and v["cells"][size] == "a2"
    assert v["cells"][-1] == last and len(v["cells"]) == size * size
    assert v["walls"] == [] and v["history"] == [] and v["last"] is None
    assert v["areas"] == [{"cells": sorted(v["cells"]), "owner": None, "open": True}]
    assert v["end_reason"] is None and v["passes"] == 0
    assert s.scores == [0, 0] and s.winners == [] and not s.over


@pytest.mark.parametrize("handicap,stronger,reserve", [
    (7, 0, [6, 6]), (7, 1, [6, 6]), (6, 0, [5, 6]), (6, 1, [6, 5]), (5, 0, [4, 6]), (5, 1, [6, 4]),
])
def test_handicap_reserve(handicap, stronger, reserve):
    s = game.new_game("fendo", handicap=handicap, stronger=stronger)
    assert s.view()["reserve"] == reserve


def test_handicap_runs_out_of_pawns():
    s = game.new_game("fendo", handicap=5)
    orange = ["d6", "c6", "e6", "b6", "f6", "a6"]
    for white, o in zip(["c1", "e1", "b1", "f1"], orange):
        s.apply(0, white)
        s.apply(1, o)
    assert s.view()["reserve"] == [0, 2]
    assert entries(s) == set()
    refused(s, 0, "a1", "fendo.no_reserve")


def test_view_keys_and_json():
    v = game.new_game("fendo").view(0)
    json.dumps(v)
    assert {"size", "cells", "pawns", "reserve", "walls", "areas", "history", "last",
            "passes", "end_reason", "target"} <= set(v)


# -- moving -------------------------------------------------------------------------

# Ill. 5-like position: White on d4, Orange on d6 and b4, a wall on c4's N side.
ILL5 = dict(pawns={"d4": 0, "d6": 1, "b4": 1}, walls=["c4N"])


def test_ill5_entry_cells():
    s = pos(**ILL5)
    expected = set("""d5 e5 f5 g5 c5 b5 a5  d3 d2 d1  a3 b3 c3 e3 f3 g3  a2 b2 c2 e2 f2 g2
                      a1 b1 c1 e1 f1 g1  e4 f4 g4  e6 e7 f6 f7 g6 g7  c4""".split())
    assert entries(s) == expected
    # Two turns needed (a4 behind Orange's b4, d7 behind d6, b6 via b5), or a wall in the way (c6).
    for cell in ("a4", "a6", "a7", "b6", "b7", "d7", "c6", "c7"):
        refused(s, 0, cell, "fendo.bad_entry")
    refused(s, 0, "d6", "fendo.occupied")


def test_entry_needs_a_path_not_a_wall():
    # The open area is two blocks joined through d4 alone, two pawns in each once White
    # stands on d4: no wall there is legal, so White may not move to d4, yet may enter there.
    walls = ["c1E", "c2E", "c3E", "c5E", "c6E", "c7E", "d1E", "d2E", "d3E", "d5E", "d6E",
             "d7E", "d4N", "d3N"]
    s = pos({"a4": 0, "a1": 1, "a7": 1, "g4": 1, "g1": 0, "d2": 1, "d6": 0}, walls)
    assert s.scores == [3, 3]
    assert "d4" in entries(s)
    assert not [a for a in s.legal_actions(0) if a.startswith("a4-d4")]
    refused(s, 0, "a4-d4E", "fendo.second_open_area")
    refused(s, 0, "a4-d4W", "fendo.second_open_area")
    s.apply(0, "d4")
    assert s.view()["pawns"]["d4"] == 0


def test_one_turn_allowed_two_refused():
    s = game.new_game("fendo")
    assert "d1-a4N" in s.legal_actions(0)        # west along row 1, then north
    assert "d1-g6W" in s.legal_actions(0)
    t = pos(**ILL5)
    assert "d4-a5S" in t.legal_actions(0)         # north to d5, then west
    assert not [a for a in t.legal_actions(0) if a.startswith("d4-a4")]
    refused(t, 0, "d4-a4N", "fendo.blocked_path")  # would need two turns
    s.apply(0, "d1-a4N")
    assert s.view()["pawns"] == {"a4": 0, "d7": 1}
    assert s.view()["walls"] == ["a4N"]


def test_no_moving_through_walls_or_pawns():
    s = pos({"d1": 0, "d7": 1}, ["d2N"])
    refused(s, 0, "d1-d5E", "fendo.blocked_path")
    assert "d1-d2E" in s.legal_actions(0)
    assert "d1-e5W" in s.legal_actions(0)         # around the wall, one turn
    t = pos({"d1": 0, "d3": 1, "d7": 1})
    refused(t, 0, "d1-d5E", "fendo.blocked_path")
    refused(t, 0, "d1-d3E", "fendo.occupied")
    assert "d1-d2E" in t.legal_actions(0)
    u = pos({"a1": 0, "a5": 1, "g7": 1})
    refused(u, 0, "a1-a6E", "fendo.blocked_path")
    # Pawns block after the turn, too: both L-shaped ways from d1 to b5 are cut there.
    w = pos({"d1": 0, "b3": 1, "c5": 1, "d7": 1})
    refused(w, 0, "d1-b5E", "fendo.blocked_path")
    assert "d1-b2E" in w.legal_actions(0) and "d1-d5E" in w.legal_actions(0)


def test_only_own_open_pawns_play():
    # White's a1 is walled in: its own closed area, out of play.
    s = pos({"a1": 0, "d1": 0, "d7": 1}, ["a1N", "a1E"])
    assert s.scores == [1, 0]
    refused(s, 0, "a1N", "fendo.closed_pawn")
    refused(s, 0, "d7S", "fendo.not_your_pawn")
    refused(s, 0, "c3N", "fendo.no_pawn")
    refused(s, 0, "d1S", "fendo.board_edge")
    refused(s, 0, "d1-b1W", "fendo.wall_exists")    # b1's W side is a1's E wall
    assert not [a for a in s.legal_actions(0) if a.startswith("a1")]


def test_staying_put_then_wall():
    s = game.new_game("fendo")
    s.apply(0, "d1E")
    assert s.view()["walls"] == ["d1E"]
    assert s.view()["pawns"] == {"d1": 0, "d7": 1}
    s.apply(1, "d7W")
    assert s.view()["walls"] == ["c7E", "d1E"]     # normalised to the N or E side


def test_walls_are_normalised_and_sorted():
    s = game.new_game("fendo")
    for seat, a in enumerate(["d1-d4S", "d7-c6W", "d4-a4E", "c6-c2N"]):
        s.apply(seat % 2, a)
    assert s.view()["walls"] == ["a4E", "b6E", "c2N", "d3N"]


# -- walls (Ill. 8, 9) ---------------------------------------------------------------

POCKET = ["a1N", "b1N", "c1N", "d1N", "e1N"]    # a1..e1 open only through e1's E side


def test_ill8a_wall_inside_open_area():
    s = game.new_game("fendo")
    s.apply(0, "d1-d4N")
    v = s.view()
    assert v["walls"] == ["d4N"]
    assert len(v["areas"]) == 1 and v["areas"][0]["open"]
    assert s.scores == [0, 0] and s.to_move == (1,)


def test_ill8b_closing_an_area_with_one_pawn():
    s = pos({"b1": 0, "f3": 0, "d7": 1}, POCKET)
    assert "f3-f1W" in s.legal_actions(0)
    s.apply(0, "f3-f1W")
    v = s.view()
    assert s.scores == [5, 0]
    assert v["areas"][0]["open"] and len(v["areas"][0]["cells"]) == 44
    assert v["areas"][1] == {"cells": ["a1", "b1", "c1", "d1", "e1"], "owner": 0, "open": False}
    assert "e1E" in v["walls"]
    # The closed pawn no longer plays; the open one does.
    s.apply(1, "d7S")
    assert not [a for a in s.legal_actions(0) if a.startswith("b1")]
    assert [a for a in s.legal_actions(0) if a.startswith("f1")]


def test_closing_an_area_for_the_opponent():
    s = pos({"b1": 1, "f3": 0, "d7": 1}, POCKET)
    s.apply(0, "f3-f1W")
    assert s.scores == [0, 5]


def test_ill9a_no_empty_area():
    s = pos({"f3": 0, "d7": 1}, POCKET)
    e = refused(s, 0, "f3-f1W", "fendo.empty_area")
    assert e.params == {"wall": "f1W"}
    assert "f3-f1W" not in s.legal_actions(0)
    assert "f3-f1N" in s.legal_actions(0)


def test_ill9b_no_second_open_area():
    s = pos({"b1": 0, "c1": 1, "f3": 0, "d7": 1}, POCKET)
    refused(s, 0, "f3-f1W", "fendo.second_open_area")
    assert "f3-f1W" not in s.legal_actions(0)
    # With a single pawn left outside, the pocket stays the open area: legal.
    t = pos({"b1": 0, "c1": 1, "f3": 0}, POCKET)
    t.apply(0, "f3-f1W")
    v = t.view()
    assert v["areas"][0]["cells"] == ["a1", "b1", "c1", "d1", "e1"] and v["areas"][0]["open"]
    assert t.scores == [44, 0] and t.over and v["end_reason"] == "majority"


def test_the_moving_pawn_counts_where_it_lands():
    # White alone in the pocket: walling its mouth from outside would leave it empty,
    # walling it from inside closes both parts (one pawn each) and ends the game.
    s = pos({"e1": 0, "d7": 1}, POCKET)
    refused(s, 0, "e1-f1W", "fendo.empty_area")
    assert "e1E" in s.legal_actions(0)
    # Orange's b1 in the pocket too: now stepping out and walling it behind is legal.
    t = pos({"b1": 1, "e1": 0, "d7": 1}, POCKET)
    assert {"e1-f1W", "e1W", "e1E"} <= set(t.legal_actions(0))
    t.apply(0, "e1-f1W")
    assert t.scores == [0, 5] and not t.over


# -- the end --------------------------------------------------------------------------

# Rows 1-3 and a4..d4 (25 cells) against e4..g4 and rows 5-7 (24 cells), with a1 already
# White's and g7 already Orange's: the last wall d4E ends the game 25 to 24 (Ill. 6).
ILL6_WALLS = ["a4N", "b4N", "c4N", "d4N", "e3N", "f3N", "g3N", "a1N", "a1E", "f7E", "g6N"]


def test_ill6_white_wins_25_to_24():
    s = pos({"a1": 0, "d4": 0, "g7": 1, "e5": 1}, ILL6_WALLS)
    assert s.scores == [1, 1] and not s.over
    s.apply(0, "d4E")
    v = s.view()
    assert s.over and s.to_move == ()
    assert s.scores == [25, 24] and s.winners == [0]
    assert v["end_reason"] == "no_open_area"
    assert not any(a["open"] for a in v["areas"])
    assert sorted(len(a["cells"]) for a in v["areas"]) == [1, 1, 23, 24]
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []
    with pytest.raises(IllegalAction) as info:
        s.apply(1, "pass")
    assert info.value.code == "game_over"


def test_ill7_careless_start_loses_1_to_48():
    s = game.new_game("fendo")
    s.apply(0, "d1-a1N")            # White into the corner, walls its top
    s.apply(1, "d7-b1W")            # Orange down the d file, then west: a1 is shut
    v = s.view()
    assert s.over and v["end_reason"] == "no_open_area"
    assert s.scores == [1, 48] and s.winners == [1]
    assert {"cells": ["a1"], "owner": 0, "open": False} in v["areas"]
    assert v["walls"] == ["a1E", "a1N"] and v["reserve"] == [6, 6]


def test_end_at_majority_with_an_open_area_left():
    s = pos({"a1": 0, "d4": 0, "g7": 1, "e5": 1, "f6": 1}, ILL6_WALLS)
    s.apply(0, "d4E")
    v = s.view()
    assert s.over and v["end_reason"] == "majority"
    assert s.scores == [25, 1] and s.winners == [0]
    assert v["areas"][0]["open"] and len(v["areas"][0]["cells"]) == 23


def test_no_majority_yet_goes_on():
    # 24 cells closed for White (a1 is Orange's now): not yet more than half.
    s = pos({"a1": 1, "d4": 0, "g7": 1, "e5": 1, "f6": 0}, ILL6_WALLS)
    s.apply(0, "d4E")
    assert not s.over and s.scores == [24, 2] and s.to_move == (1,)


def test_forced_pass():
    # White's only pawn is walled in on a1; with no pawn in the open area, White may
    # not even enter one, so White must pass.
    s = pos({"a1": 0, "d4": 1, "d7": 1}, ["a1N", "a1E"])
    assert s.legal_actions(0) == ["pass"]
    e = refused(s, 0, "b2", "fendo.must_pass")
    assert "must pass" in str(e)
    refused(s, 0, "zz", "fendo.syntax")
    s.apply(0, "pass")
    assert s.view()["passes"] == 1 and s.to_move == (1,) and not s.over
    assert s.view()["last"] == [0, "pass"]
    refused(s, 1, "pass", "fendo.cannot_pass")
    s.apply(1, "d4-b4N")
    assert s.view()["passes"] == 0
    assert s.legal_actions(0) == ["pass"]


def test_end_after_two_passes():
    # The mechanism: one pass already made, White must pass too.  (In play this cannot
    # happen: whoever owns a pawn at a leaf of the pawns' tree always has a wall.)
    s = pos({"a1": 0, "d4": 1, "d7": 1}, ["a1N", "a1E"], passes=1)
    s.apply(0, "pass")
    v = s.view()
    assert s.over and v["end_reason"] == "passes" and v["passes"] == 2
    assert s.scores == [1, 0] and s.winners == [0]


def test_draw_after_two_passes():
    # Boards have an odd number of cells, so only this (unplayable) end can be a draw.
    s = pos({"a1": 0, "g7": 1, "d4": 1, "d7": 1}, ["a1N", "a1E", "f7E", "g6N"], passes=1)
    s.apply(0, "pass")
    assert s.over and s.scores == [1, 1] and s.winners == [0, 1]


# -- an independent oracle ------------------------------------------------------------------

DIRS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def reference_legal(v):
    """The legal actions of the seat to move, by brute force from the view alone.

    Written from the rules, unlike the engine: moves are checked as the two
    L-shaped paths to each cell, walls by flood-filling the board.
    """
    size, seat = v["size"], v["to_move"][0]
    name = {(c, r): "abcdefghijk"[c] + str(r + 1) for c in range(size) for r in range(size)}
    coord = {n: x for x, n in name.items()}
    pawns = {coord[n]: p for n, p in v["pawns"].items()}
    walls = set()
    for w in v["walls"]:
        (c, r), (dc, dr) = coord[w[:-1]], DIRS[w[-1]]
        walls.add(frozenset({(c, r), (c + dc, r + dr)}))

    def step_ok(a, b, walls):
        return b in name and frozenset({a, b}) not in walls

    def regions(walls):
        left, out = set(name), []
        while left:
            todo = [left.pop()]
            part = set(todo)
            while todo:
                a = todo.pop()
                for dc, dr in DIRS.values():
                    b = (a[0] + dc, a[1] + dr)
                    if b in left and step_ok(a, b, walls):
                        left.discard(b)
                        part.add(b)
                        todo.append(b)
            out.append(part)
        return out

    opens = [p for p in regions(walls) if sum(x in pawns for x in p) >= 2]
    assert len(opens) == 1
    open_area = opens[0]

    def clear(a, b):
        """The straight segment from a to b (excluded) crosses no wall and no pawn."""
        dc = (b[0] > a[0]) - (b[0] < a[0])
        dr = (b[1] > a[1]) - (b[1] < a[1])
        x = a
        while x != b:
            y = (x[0] + dc, x[1] + dr)
            if not step_ok(x, y, walls) or y in pawns:
                return False
            x = y
        return True

    def reach(src):
        out = set()
        for dst in open_area:
            if dst in pawns:
                continue
            for corner in ((src[0], dst[1]), (dst[0], src[1])):
                if clear(src, corner) and clear(corner, dst):
                    out.add(dst)
        return out

    split_cache = {}

    def split(wall):
        if wall not in split_cache:
            split_cache[wall] = [p & open_area for p in regions(walls | {wall}) if p & open_area]
        return split_cache[wall]

    actions = set()
    own = [x for x, p in pawns.items() if p == seat and x in open_area]
    for src in own:
        targets = reach(src)
        if v["reserve"][seat]:
            actions |= {name[x] for x in targets}
        for dst in targets | {src}:
            after = {**{x: p for x, p in pawns.items() if x != src}, dst: seat}
            for side, (dc, dr) in DIRS.items():
                other = (dst[0] + dc, dst[1] + dr)
                if not step_ok(dst, other, walls):
                    continue
                counts = [sum(x in after for x in part) for part in split(frozenset({dst, other}))]
                if min(counts) == 0 or sum(c >= 2 for c in counts) > 1:
                    continue
                actions.add(name[dst] + side if dst == src else f"{name[src]}-{name[dst]}{side}")
    return actions or {"pass"}


@pytest.mark.slow
def test_legal_actions_match_the_oracle():
    checked = 0
    for n in range(30):
        rng = random.Random(1000 + n)
        size = 9 if n % 10 == 9 else 7
        s = game.new_game("fendo", seed=n, size=size)
        while not s.over:
            seat = s.to_move[0]
            legal = s.legal_actions(seat)
            if rng.random() < 0.4 or size == 9:
                assert set(legal) == reference_legal(s.view()), (n, s.record())
                checked += 1
            s.apply(seat, rng.choice(legal))
    assert checked > 400


@pytest.mark.parametrize("setup", [ILL5, dict(pawns={"d1": 0, "b3": 1, "c5": 1, "d7": 1})])
def test_oracle_on_the_scenarios(setup):
    s = pos(**setup)
    assert set(s.legal_actions(0)) == reference_legal(s.view())


# From d1, White reaches all 47 empty cells.  Walls: d1 itself has 3 free sides; the 47
# others have 2 * 84 (inner sides of the 7x7 grid) - 3 (d1) - 3 (d7) = 162; no single
# wall can split an open board.  Plus 47 entries.
GOLDEN_START_COUNT = 3 + 162 + 47


def test_perft_start():
    """Golden counts from the start (rulebook position): checked by the oracle too."""
    s = game.new_game("fendo")
    legal = s.legal_actions(0)
    assert set(legal) == reference_legal(s.view())
    assert len([a for a in legal if a[-1].isdigit()]) == 47          # every empty cell
    assert len(legal) == GOLDEN_START_COUNT


# -- invariants over random games ----------------------------------------------------------


def test_views_are_fresh_copies():
    # The view's lists are built from tuples the state keeps between moves: editing a
    # view must not reach them.
    s = game.new_game("fendo")
    s.apply(0, "d1-d4N")
    before = s.view()
    v = s.view()
    v["walls"].append("a1N")
    v["areas"][0]["cells"].clear()
    v["pawns"].clear()
    v["history"][0][1] = "pass"
    assert s.view() == before


@pytest.mark.slow
def test_random_games_keep_the_invariants():
    """tests/invariants.py's FendoChecker after every action: pawns conserved, the areas
    partition the board and agree with the walls, scores, the end, two passes never follow..."""
    ends = set()
    for n in range(RANDOM_GAMES):
        rng = random.Random(n)
        options = {}
        if n % 10 == 9:
            options["handicap"] = rng.choice(fendo.HANDICAPS)
            options["stronger"] = rng.choice((0, 1))
        s = game.new_game("fendo", seed=n, **options)
        checker = invariants.FendoChecker(s, random.Random(n), determinize_every=0)
        while not s.over:
            seat = s.to_move[0]
            action = rng.choice(s.legal_actions(seat))
            s.apply(seat, action)
            checker.step(s, seat, action)
        ends.add(s.view()["end_reason"])
    assert ends <= {"majority", "no_open_area"}
    if RANDOM_GAMES >= 100:
        assert ends == {"majority", "no_open_area"}


@pytest.mark.parametrize("size", [9, 11])
def test_random_games_big_boards(size):
    for n in range(5):
        rng = random.Random(n)
        s = game.new_game("fendo", seed=n, size=size)
        checker = invariants.FendoChecker(s, random.Random(n), determinize_every=0)
        while not s.over:
            seat = s.to_move[0]
            action = rng.choice(s.legal_actions(seat))
            s.apply(seat, action)
            checker.step(s, seat, action)
        checker.finish(s)


def test_kept_search_matches_a_fresh_one():
    # The engine keeps its DFS tree and bridges of the open area through entries, passes
    # and walls that close an area, and mends them after most other walls
    # (FendoState._put_wall): what it keeps must be what a search from scratch finds.
    def bridges(graph, bars):
        tin, size, order, up, split, cuts, free, low = graph
        cells = sorted(order)
        return (cells, {frozenset((k, split[k] * 4 + (k & 3 ^ 2))) for k in cuts},
                [free[c] for c in cells],
                [c * 4 + d for c in cells for d in range(4)           # sides with no wall
                 if not bars[c] >> d & 1 and split[c * 4 + d] >= 0])

    kept = 0
    for n in range(12):
        rng = random.Random(n)
        s = game.new_game("fendo", seed=n, size=9 if n % 4 == 3 else 7)
        while not s.over:
            seat = s.to_move[0]
            fresh = s.clone()
            kept += fresh._graph is not None
            fresh._graph = fresh._cache = None
            legal, graph = s._legal()
            assert fresh._legal()[0] == legal
            if graph is not None:
                assert bridges(fresh._legal()[1], s._bars) == bridges(graph, s._bars)
            s.apply(seat, rng.choice(legal))
    assert kept > 300


# -- records, determinism, refusals --------------------------------------------------------


def play(seed, plies=40, **options):
    rng = random.Random(seed)
    s = game.new_game("fendo", seed=seed, **options)
    for _ in range(plies):
        if s.over:
            break
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def test_same_seed_same_game():
    a, b = play(5), play(5)
    assert a.record() == b.record() and a.view() == b.view()
    assert play(6).record() != a.record()


def test_record_replay_round_trip():
    for seed in range(5):
        s = play(seed, 200, size=9)
        rec = json.loads(json.dumps(s.record()))
        t = game.replay(rec)
        assert t.record() == s.record()
        for seat in (None, 0, 1):
            assert t.view(seat) == s.view(seat)
        assert t.scores == s.scores and t.winners == s.winners


def test_replay_refuses_an_illegal_record():
    rec = play(3, 10).record()
    rec["actions"].append([rec["actions"][-1][0], "pass"])
    with pytest.raises(ValueError):
        game.replay(rec)


def test_illegal_actions_change_nothing():
    s = play(2, 12)
    seat = s.to_move[0]
    before = (s.record(), s.view(), s.view(0), s.scores)
    for action in ["zz", "pass", "a1-a1N", "h9", "d4-d4", "", "d1-g7W", "a1S"]:
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
    for bad in [None, 3, ["d1E"]]:
        with pytest.raises(IllegalAction):
            s.apply(seat, bad)
    with pytest.raises(IllegalAction) as info:
        s.apply(1 - seat, s.legal_actions(seat)[0])
    assert info.value.code == "wrong_turn"
    assert (s.record(), s.view(), s.view(0), s.scores) == before
    # and the state still plays
    s.apply(seat, s.legal_actions(seat)[0])


def test_every_refusal_says_why():
    # Each illegal action of a sample of positions is refused with a fendo code.
    for seed in range(4):
        s = play(seed, 10)
        if s.over:
            continue
        seat = s.to_move[0]
        legal = set(s.legal_actions(seat))
        names = s.view()["cells"]
        candidates = [c + side for c in names for side in "NESW"] + names
        candidates += [f"{a}-{b}N" for a in names[::3] for b in names[1::4]]
        for action in candidates:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                s.apply(seat, action)
            assert info.value.code.startswith("fendo.") and info.value.code != "fendo.illegal"


# -- frozen behaviour: legal_actions order, views, refusals --------------------------------
#
# Replay links encode each action as its index in legal_actions, and seeded games and bots
# depend on that order, so the engine may get faster but must not change what it says.
# tests/fixtures/fendo_frozen.json holds, for seeded random games on each board size, one
# sha256 per game over every position's legal_actions (in order), the view, scores and
# winners every few plies and at the end, and the code, params and message of illegal
# actions tried there; plus a few full lists.  It was written by the engine as of commit
# 11ea607 (`PYTHONPATH=. python3 tests/test_fendo.py freeze`): rewrite it only for a change of
# the rules.

FROZEN = os.path.join(os.path.dirname(__file__), "fixtures", "fendo_frozen.json")
FROZEN_GAMES = ([(7, seed, {}) for seed in range(24)]
                + [(7, seed, {"handicap": 5 + seed % 2, "stronger": seed % 3 % 2})
                   for seed in range(24, 30)]
                + [(9, seed, {}) for seed in range(6)] + [(11, seed, {}) for seed in range(3)])
FROZEN_SAMPLE = 5        # every 5th position: view, scores, winners, refusals


def refusal_candidates(s, legal, rng):
    """Illegal-looking actions worth asking about: walls around every pawn, moves to random
    cells, other sides of legal moves (edges, walls, empty or second open areas), entries."""
    v = s.view()
    out = ["pass", "zz", "a1-a1N"]
    for cell in v["pawns"]:
        out += [cell + side for side in "NESW"]
        out.append(cell + "-" + rng.choice(v["cells"]) + rng.choice("NESW"))
    empty = [c for c in v["cells"] if c not in v["pawns"]]
    out.append(rng.choice(empty) + "-" + rng.choice(v["cells"]) + "S")
    moves = [a for a in legal if "-" in a]
    for a in rng.sample(moves, min(8, len(moves))):
        out += [a[:-1] + side for side in "NESW"]
    out += rng.sample(v["cells"], 4)
    return [a for a in out if a not in legal]


def frozen_trace(size, seed, options):
    """(plies, sha256 hex) of one seeded random game, through the engine contract only."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    probe = random.Random(-1 - seed)          # apart, so that probing never changes the game
    s = game.new_game("fendo", seed=seed, size=size, **options)
    plies = 0
    while True:
        over = s.over
        if over or plies % FROZEN_SAMPLE == 0:
            h.update(json.dumps([s.view(), s.view(0), s.scores, s.winners],
                                sort_keys=True).encode())
        if over:
            return plies, h.hexdigest()
        seat = s.to_move[0]
        legal = s.legal_actions(seat)
        h.update("\n".join(legal).encode() + b"\0")
        assert s.legal_actions(1 - seat) == []
        if plies % FROZEN_SAMPLE == 0:
            for a in refusal_candidates(s, legal, probe):
                try:
                    s.apply(seat, a)
                except IllegalAction as e:
                    h.update(json.dumps([a, e.code, e.params, str(e)], sort_keys=True).encode())
                else:
                    raise AssertionError(f"{a} is not in legal_actions but was applied")
        s.apply(seat, rng.choice(legal))
        plies += 1


def frozen_lists():
    """A few positions' full legal_actions, to read when the digests disagree."""
    out = {}
    for size in fendo.SIZES:
        s = play(size, 30, size=size)
        out[f"{size}x{size} seed {size} after 30 plies"] = s.legal_actions(s.to_move[0])
    return out


def freeze():
    games = []
    for size, seed, options in FROZEN_GAMES:
        plies, digest = frozen_trace(size, seed, options)
        games.append({"size": size, "seed": seed, "options": options, "plies": plies,
                      "sha256": digest})
    with open(FROZEN, "w") as f:
        json.dump({"games": games, "lists": frozen_lists()}, f, indent=0)
        f.write("\n")


def test_frozen_behaviour():
    with open(FROZEN) as f:
        frozen = json.load(f)
    assert frozen_lists() == frozen["lists"]
    assert [(g["size"], g["seed"], g["options"]) for g in frozen["games"]] == \
        [(size, seed, options) for size, seed, options in FROZEN_GAMES]
    for g in frozen["games"]:
        plies, digest = frozen_trace(g["size"], g["seed"], g["options"])
        assert (plies, digest) == (g["plies"], g["sha256"]), g


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["freeze"]:
        freeze()
