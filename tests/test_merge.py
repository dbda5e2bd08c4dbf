"""ui/store/merge.py, case by case: what a friend's move link may change on this device."""

from __future__ import annotations

import pytest

import game
from ui.store.links import Link
from ui.store.merge import merge, turned

ANN, BOB = 0, 1     # this device is Ann's: she plays White (seat 0), Bob plays by link
HERE = [{"kind": "human", "name": "Ann", "level": None}, {"kind": "remote", "name": "Bob", "level": None}]
FROM_BOB = [{"kind": "remote", "name": "Ann", "level": None}, {"kind": "human", "name": "Bob", "level": None}]


def record(*moves, seed=5, **options):
    s = game.new_game("fendo", seed=seed, **options)
    for m in moves:
        s.apply(s.to_move[0], m)
    return s.record()


def local(*moves, sent=(), seats=HERE):
    out = {"record": record(*moves), "seats": seats}
    if sent:
        out["sent"] = [record(*h)["actions"] for h in sent]
    return out


def link(*moves, seats=FROM_BOB, **kw):
    return Link("move", record(*moves, **kw), seats, "g1")


A1, B1, A2, B2 = "d1-d4N", "d7-d5W", "d4-c4N", "d5-e5E"
A1_OTHER = "d1-d3E"


def test_no_game_here_a_new_one_with_the_seats_turned_round():
    d = merge(None, link(A1, B1))
    assert (d.kind, d.take, d.me) == ("new", True, ANN)
    assert d.seats == HERE
    d = merge(None, Link("move", record(A1), [HERE[0], dict(HERE[1])], "g1"))
    assert (d.kind, d.me) == ("new", BOB) and [s["kind"] for s in d.seats] == ["remote", "human"]


@pytest.mark.parametrize("kinds", [["remote", "remote"], ["human", "human"], ["human", "bot"],
                                   ["remote", "bot"], ["bot", "bot"]])
def test_a_link_must_leave_exactly_one_side_here(kinds):
    seats = [{"kind": k, "name": "", "level": "novice" if k == "bot" else None} for k in kinds]
    assert turned(seats) is None
    assert merge(None, link(A1, seats=seats)).kind == "sides"
    assert merge(local(A1), link(A1, B1, seats=seats)).kind == "sides"


def test_up_to_date_and_older():
    assert merge(local(A1, B1), link(A1, B1)).kind == "same"
    d = merge(local(A1, B1, A2), link(A1, B1))
    assert (d.kind, d.take, d.n, d.m) == ("older", False, 2, 3)


def test_a_link_that_continues_the_game_with_the_friends_moves():
    d = merge(local(A1), link(A1, B1))
    assert (d.kind, d.take, d.new_moves) == ("continue", True, [[BOB, B1]])


def test_a_link_that_adds_moves_for_our_side_changes_nothing():
    d = merge(local(A1), link(A1, B1, A2, B2))
    assert (d.kind, d.take) == ("not_theirs", False)


def test_a_link_that_went_another_way_changes_nothing():
    d = merge(local(A1, B1), link(A1, "d7-d6W"))
    assert (d.kind, d.take, d.n) == ("diverged", False, 2)


def test_a_move_replaced_without_being_taken_back_is_not_accepted():
    """Bug 3a: Ann sent A1; the reply carries another first move of hers."""
    d = merge(local(A1), link(A1_OTHER, B1))
    assert (d.kind, d.take, d.n) == ("diverged", False, 1)


def test_the_answer_to_a_move_sent_then_taken_back_replaces_what_was_played_since():
    here = local(A1_OTHER, sent=[(A1,)])
    d = merge(here, link(A1, B1))
    assert (d.kind, d.take, d.new_moves) == ("replaced", True, [[BOB, B1]])
    # but it may bring only the friend's moves on top of what was sent
    assert merge(here, link(A1, B1, A2)).kind == "not_theirs"
    # and a history never sent is no base
    assert merge(local(A1_OTHER, sent=[(A1, B1, A2)]), link(A1, B1)).kind == "diverged"


def test_a_sent_history_cannot_wipe_out_the_friends_later_moves():
    """Ann sent A1 B1 A2, took A2 back, played A2' and Bob answered that: an old answer to A2
    must not replace Bob's later move."""
    a2_other = "d4-d3W"
    here = local(A1, B1, a2_other, B2, sent=[(A1, B1, A2)])
    b2_old = game.replay(record(A1, B1, A2)).legal_actions(BOB)[0]
    old_answer = link(A1, B1, A2, b2_old)
    assert merge(here, old_answer).kind == "diverged"


def test_the_game_here_must_be_played_by_link_and_be_the_same_game():
    not_by_link = local(A1, seats=[HERE[0], {"kind": "bot", "name": "", "level": "novice"}])
    assert merge(not_by_link, link(A1, B1)).kind == "not_by_link"
    assert merge(local(A1), link(A1, B1, seed=6)).kind == "other_game"
    assert merge(local(A1), link(size=9)).kind == "other_game"


def test_a_link_made_for_the_other_device_changes_nothing():
    """Ann's own link (its remote seat is Bob's), opened on Ann's device."""
    own = Link("move", record(A1, B1, A2), HERE, "g1")
    assert merge(local(A1, B1, A2), own).kind == "same"
    assert merge(local(A1, B1, A2, B2), own).kind == "older"
    assert merge(local(A1), own).kind == "wrong_side"


def test_a_friends_first_move_when_they_start():
    """Ann plays Orange: Bob, White, moves first."""
    here = local(seats=[FROM_BOB[0] | {"kind": "remote", "name": "Bob"}, {"kind": "human", "name": "Ann", "level": None}])
    from_bob = [{"kind": "human", "name": "Bob", "level": None}, {"kind": "remote", "name": "Ann", "level": None}]
    d = merge(here, Link("move", record(A1), from_bob, "g1"))
    assert (d.kind, d.new_moves) == ("continue", [[0, A1]])
