"""Le Renard des Bois: each ability and ruling as a scenario, the scoring, and random games.

Positions are set up with ``renard_des_bois.position`` (hands, deck, decree,
leader).  Set ``RENARD_RANDOM_GAMES`` to change how many random games the
invariant tests play (default 250: all with the cheap invariants, an eighth
with views and determinizations checked too; `make soak` plays 2000).
"""

from __future__ import annotations

import json
import os
import random

import pytest

import frozen
import game
import invariants
from game import IllegalAction
from invariants import refused, snapshot
from game import renard_des_bois as rdb

RANDOM_GAMES = int(os.environ.get("RENARD_RANDOM_GAMES", "250"))
CHECKED_GAMES = max(1, RANDOM_GAMES // 8)   # with views and determinizations checked too
NAMES = rdb.NAMES


def pos(hands, deck=None, decree="6M", **kw):
    """A position; by default the deck is six cards named nowhere else."""
    if deck is None:
        named = set(hands[0]) | set(hands[1]) | {decree} | set(kw.get("trick", ()))
        deck = [n for n in reversed(NAMES) if n not in named][:6]
    return rdb.position(hands, deck=list(deck), decree=decree, **kw)


def play(s, *moves):
    """Applies (seat, action) pairs written "0:7B"."""
    for m in moves:
        seat, action = m.split(":", 1)
        s.apply(int(seat), action)
    return s


def last(s):
    t = s.view(None)["last_trick"]
    return t["winner"], t["reason"], t["next_leader"]


# -- notation ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["7B", "11M", "1K", "10B", "swap 4K", "keep", "bottom 9M"])
def test_parse_round_trip(text):
    assert str(rdb.parse(text)) == text


@pytest.mark.parametrize("text", ["", "0B", "12K", "7X", "7b", "swap", "swap keep", "Keep",
                                  "bottom  9M", "play 7B", "07B", " 7B", None, 7])
def test_parse_refusals(text):
    with pytest.raises(IllegalAction) as info:
        rdb.parse(text)
    assert info.value.code == "renard.syntax"


def test_card_names():
    assert len(NAMES) == 33 and len(set(NAMES)) == 33
    assert all(rdb.parse(n).card == n for n in NAMES)


# -- following suit -----------------------------------------------------------------


def test_must_follow_and_void_play_anything():
    s = pos([["4K"], ["2K", "8B", "9M"]], decree="6M")
    play(s, "0:4K")
    assert s.legal_actions(1) == ["2K"]
    e = refused(s, 1, "8B", "renard.must_follow")
    assert e.params == {"suit": "Keys"}
    refused(s, 1, "5B", "renard.not_in_hand")
    refused(s, 1, "keep", "renard.no_ability")
    refused(s, 0, "2K", "wrong_turn")
    t = pos([["4K"], ["8B", "9M"]], decree="6M")
    play(t, "0:4K")
    assert t.legal_actions(1) == ["8B", "9M"]


def test_highest_trump_then_highest_of_led_suit():
    s = pos([["4K", "1B"], ["10K", "2M"]], decree="6M")
    play(s, "0:4K", "1:10K")
    assert last(s) == (1, "led_suit", 1)
    s = pos([["4K", "1B"], ["2M", "10B"]], decree="6M")
    play(s, "0:4K", "1:2M")
    assert last(s) == (1, "trump", 1)
    s = pos([["4K", "1B"], ["10B", "2M"]], decree="6M")
    play(s, "0:4K", "1:10B")          # off-suit, not trump: the lead wins
    assert last(s) == (0, "led_suit", 0)
    s = pos([["4M", "1B"], ["10M", "2K"]], decree="6M")
    play(s, "0:4M", "1:10M")          # both trumps: the higher
    assert last(s) == (1, "trump", 1)


# -- the abilities and the rulings ----------------------------------------------------


def test_fox_changes_trump_in_the_middle_of_the_trick():
    # Moons are trump; player 2 cannot follow Moons, plays the Fox and makes Keys trump.
    s = pos([["4M", "1B"], ["3K", "7K", "10B"]], decree="6M", leader=0)
    play(s, "0:4M", "1:3K")
    assert s.to_move == (1,)
    assert s.legal_actions(1) == ["keep", "swap 10B", "swap 7K"]
    refused(s, 1, "10B", "renard.fox_pending")
    refused(s, 1, "swap 9K", "renard.not_in_hand")
    play(s, "1:swap 7K")
    v = s.view(1)
    assert v["decree"] == "7K" and v["trump"] == "K"
    assert v["hand"] == ["10B", "6M"]           # the old decree came to the hand
    assert last(s) == (1, "trump", 1)          # 3K is a trump now, 4M no longer
    assert {"event": "swap", "seat": 1, "decree": "7K", "took": "6M"} in v["log"]
    assert s.view(None)["last_trick"]["trump"] == "K"


def test_fox_kept_and_fox_of_the_leader():
    s = pos([["4M", "1B"], ["3K", "7K", "10B"]], decree="6M", leader=0)
    play(s, "0:4M", "1:3K", "1:keep")
    assert last(s) == (0, "trump", 0)
    assert s.view(0)["decree"] == "6M"
    # A leader's Fox: swapped before the other card is played.
    s = pos([["3K", "8B", "9B"], ["2B", "10K"]], decree="6M", leader=0)
    play(s, "0:3K", "0:swap 8B")
    assert s.legal_actions(1) == ["10K"]
    play(s, "1:10K")
    assert last(s) == (1, "led_suit", 1)


def test_fox_with_an_empty_hand_has_nothing_to_choose():
    s = pos([["3K"], ["2K"]], decree="6M", leader=0, tricks=(6, 6))
    play(s, "0:3K")
    assert s.to_move == (1,) and s.legal_actions(1) == ["2K"]


def test_woodcutter_draws_the_top_card_and_puts_one_under():
    s = pos([["5B", "2K"], ["7B", "8K"]], deck=["1M", "2M", "3M", "4M", "5M", "6B"],
            decree="6M", leader=0)
    play(s, "0:5B")
    assert s.to_move == (0,)
    v = s.view(0)
    assert v["hand"] == ["2K", "1M"] and v["drawn"] == "1M" and v["deck_count"] == 5
    assert s.view(1)["drawn"] is None and s.view(1)["hand_counts"] == [2, 2]
    assert s.legal_actions(0) == ["bottom 1M", "bottom 2K"]
    refused(s, 0, "2K", "renard.woodcutter_pending")
    refused(s, 0, "bottom 8K", "renard.not_in_hand")
    play(s, "0:bottom 1M")                      # the card just drawn goes back
    assert s._deck == [rdb.INDEX[n] for n in ["2M", "3M", "4M", "5M", "6B", "1M"]]
    assert s.view(0)["deck_known"] == [[5, "1M"]]
    assert s.view(1)["deck_known"] == [] and s.view(None)["deck_known"] == []
    assert s.view(0)["hand"] == ["2K"]
    theirs = [e for e in s.view(1)["log"] if e["event"] == "woodcutter"]
    assert theirs == [{"event": "woodcutter", "seat": 0}]
    mine = [e for e in s.view(0)["log"] if e["event"] == "woodcutter"]
    assert mine == [{"event": "woodcutter", "seat": 0, "drew": "1M", "bottom": "1M"}]
    assert "1M" not in json.dumps(s.view(1)) and "1M" not in json.dumps(s.view(None))
    play(s, "1:7B")
    assert last(s) == (1, "led_suit", 1)


def test_woodcutter_keeps_a_drawn_card():
    s = pos([["2K", "5B"], ["7B", "8K"]], deck=["9M", "2M", "3M", "4M", "5M", "6B"],
            decree="6M", leader=0)
    play(s, "0:5B", "0:bottom 2K", "1:7B")
    assert s.view(0)["hand"] == ["9M"]
    assert s.view(0)["deck_known"] == [[5, "2K"]]
    assert s.view(0)["deck_count"] == 6


def test_woodcutter_with_one_card_puts_it_back_by_itself():
    s = pos([["5B"], ["7B"]], deck=["9M", "2M"], decree="6M", leader=0, tricks=(6, 6))
    play(s, "0:5B")
    assert s.to_move == (1,)
    assert s._deck == [rdb.INDEX["2M"], rdb.INDEX["9M"]]


def test_witch_answering_a_monarch():
    # Bells are trump.  The Monarch of Moons binds the answer to the highest Moon,
    # the 9, a lone Witch: it counts as a trump and beats the Monarch.
    s = pos([["11M", "2K"], ["9M", "4M", "8K"]], decree="6B", leader=0)
    play(s, "0:11M")
    assert s.legal_actions(1) == ["9M"]
    e = refused(s, 1, "4M", "renard.monarch")
    assert e.params == {"suit": "Moons", "cards": ["9M"]}
    refused(s, 1, "8K", "renard.must_follow")
    play(s, "1:9M")
    assert last(s) == (1, "witch", 1)


def test_two_witches_cancel():
    # Neither 9 is trump: the 9 of the led suit wins.
    s = pos([["9K", "1B"], ["9B", "2M"]], decree="6M", leader=0)
    play(s, "0:9K")
    assert s.legal_actions(1) == ["2M", "9B"]
    play(s, "1:9B")
    assert last(s) == (0, "witches_cancel", 0)
    # The trump 9 wins.
    s = pos([["9K", "1B"], ["9M", "2B"]], decree="6M", leader=0)
    play(s, "0:9K", "1:9M")
    assert last(s) == (1, "witches_cancel", 1)
    # One Witch alone beats a higher card of the led suit and loses to a higher trump.
    s = pos([["9K", "1B"], ["10K", "2B"]], decree="6M", leader=0)
    play(s, "0:9K", "1:10K")
    assert last(s) == (0, "witch", 0)
    s = pos([["9K", "1B"], ["10M", "2B"]], decree="6M", leader=0)
    play(s, "0:9K", "1:10M")
    assert last(s) == (1, "trump", 1)
    s = pos([["9K", "1B"], ["8M", "2B"]], decree="6M", leader=0)
    play(s, "0:9K", "1:8M")
    assert last(s) == (0, "witch", 0)


def test_witch_may_not_answer_a_trump_lead_while_holding_trumps():
    s = pos([["4B", "1K"], ["2B", "9M"]], decree="6B", leader=0)
    play(s, "0:4B")
    assert s.legal_actions(1) == ["2B"]
    e = refused(s, 1, "9M", "renard.must_follow")
    assert e.params == {"suit": "Bells"}
    # Without trumps it may, and wins as a Witch.
    s = pos([["4B", "1K"], ["2K", "9M"]], decree="6B", leader=0)
    play(s, "0:4B")
    assert s.legal_actions(1) == ["2K", "9M"]
    play(s, "1:9M")
    assert last(s) == (1, "witch", 1)


def test_swan():
    # The Swan loses, and its player leads next.
    s = pos([["1B", "2K"], ["4B", "3M"]], decree="6M", leader=0)
    play(s, "0:1B", "1:4B")
    assert last(s) == (1, "led_suit", 0)
    assert s.to_move == (0,) and s.view(None)["last_trick"]["swan"] is True
    # A Swan that wins: the winner leads, as usual.
    s = pos([["1B", "2K"], ["4K", "3M"]], decree="6M", leader=0)
    play(s, "0:1B", "1:4K")
    assert last(s) == (0, "led_suit", 0)


def test_two_swans_the_loser_leads():
    s = pos([["1B", "2K"], ["1K", "3M"]], decree="6M", leader=0)
    play(s, "0:1B")
    assert s.legal_actions(1) == ["1K", "3M"]
    play(s, "1:1K")
    assert last(s) == (0, "led_suit", 1)
    assert s.to_move == (1,)
    s = pos([["1B", "2K"], ["1M", "3K"]], decree="6M", leader=0)
    play(s, "0:1B", "1:1M")                    # the trump Swan wins; the led one leads
    assert last(s) == (1, "trump", 0)


def test_monarch_answered_by_the_1():
    s = pos([["11K", "2B"], ["1K", "4K", "8K", "10B"]], decree="6M", leader=0)
    play(s, "0:11K")
    assert s.legal_actions(1) == ["1K", "8K"]
    e = refused(s, 1, "4K", "renard.monarch")
    assert e.params["cards"] == ["1K", "8K"]
    refused(s, 1, "10B", "renard.must_follow")
    play(s, "1:1K")
    assert last(s) == (0, "led_suit", 1)       # the Swan lost: its player leads
    # Without the suit, anything; a Monarch played second binds nothing.
    s = pos([["11K", "2B"], ["10B", "3M"]], decree="6M", leader=0)
    play(s, "0:11K")
    assert s.legal_actions(1) == ["10B", "3M"]
    s = pos([["4K", "2B"], ["11K", "2K"]], decree="6M", leader=0)
    play(s, "0:4K")
    assert s.legal_actions(1) == ["11K", "2K"]


def test_treasure():
    s = pos([["7K", "1B"], ["7M", "2B"]], decree="6M", leader=0)
    play(s, "0:7K", "1:7M")
    assert s.view(None)["treasure"] == [0, 2]
    assert s.view(None)["last_trick"]["treasure"] == 2
    s = pos([["7K", "1B"], ["8K", "2B"]], decree="6M", leader=0)
    play(s, "0:7K", "1:8K")
    assert s.view(None)["treasure"] == [0, 1]


# -- scoring and the end --------------------------------------------------------------


@pytest.mark.parametrize("tricks,points,name", [
    (0, 6, "humble"), (3, 6, "humble"), (4, 1, "defeated"), (5, 2, "defeated"),
    (6, 3, "defeated"), (7, 6, "victorious"), (9, 6, "victorious"), (10, 0, "greedy"),
    (13, 0, "greedy"),
])
def test_bands(tricks, points, name):
    assert rdb.band(tricks) == (points, name)


@pytest.mark.parametrize("before", [2, 3, 5, 6, 8, 9, 12])
def test_round_scoring_at_each_boundary(before):
    # Seat 0 wins the last trick: it ends with before + 1 tricks, seat 1 with 12 - before.
    s = pos([["10B"], ["2B"]], decree="6M", leader=0, tricks=(before, 12 - before))
    play(s, "0:10B", "1:2B")
    r = s.view(None)["last_round"]
    assert r["tricks"] == [before + 1, 12 - before]
    expected = [rdb.band(before + 1)[0], rdb.band(12 - before)[0]]
    assert r["points"] == expected == s.scores
    assert s.view(None)["round"] == 2 and not s.over
    assert s.view(None)["dealer"] != 1                # the dealer alternates


def test_round_points_add_treasure():
    s = pos([["7B"], ["7K"]], decree="6M", leader=0, tricks=(3, 9))
    s._treasure = [1, 2]
    play(s, "0:7B", "1:7K")
    r = s.view(None)["last_round"]
    assert r["tricks"] == [4, 9] and r["treasure"] == [3, 2]
    assert r["band_points"] == [1, 6] and r["points"] == [4, 8] == s.scores


def test_game_ends_when_the_target_is_reached():
    s = pos([["10B"], ["2B"]], decree="6M", leader=0, tricks=(2, 10), totals=(15, 12))
    play(s, "0:10B", "1:2B")                  # 3 tricks: +6 -> 21
    assert s.over and s.scores == [21, 12] and s.winners == [0]
    assert s.legal_actions(0) == s.legal_actions(1) == s.legal_actions(-1) == []
    with pytest.raises(IllegalAction) as info:
        s.apply(0, "1B")
    assert info.value.code == "game_over"
    assert s.view(None)["log"][-1] == {"event": "end", "winners": [0]}
    # 20 is not enough with the default target, and 16 is with target=16.
    s = pos([["10B"], ["2B"]], decree="6M", leader=0, tricks=(2, 10), totals=(14, 0))
    play(s, "0:10B", "1:2B")
    assert not s.over and s.scores == [20, 0]
    s = pos([["10B"], ["2B"]], decree="6M", leader=0, tricks=(2, 10), totals=(10, 0),
            target=16)
    play(s, "0:10B", "1:2B")
    assert s.over and s.winners == [0]


def test_tie_at_the_end_the_last_round_decides():
    # 21-21: seat 1 scored 6 in the last round, seat 0 only 3.
    s = pos([["2B"], ["10B"]], decree="6M", leader=1, tricks=(6, 6), totals=(18, 15))
    play(s, "1:10B", "0:2B")
    assert s.scores == [21, 21] and s.over and s.winners == [1]
    # Equal in the last round too: a shared win.
    s = pos([["2B"], ["10B"]], decree="6M", leader=1, tricks=(6, 6), totals=(15, 15))
    s._treasure = [3, 0]
    play(s, "1:10B", "0:2B")
    assert s.scores == [21, 21] and s.view(None)["last_round"]["points"] == [6, 6]
    assert s.winners == [0, 1]
    # The higher total wins even if it scored less in the last round.
    s = pos([["2B"], ["10B"]], decree="6M", leader=1, tricks=(6, 6), totals=(19, 15))
    play(s, "1:10B", "0:2B")
    assert s.scores == [22, 21] and s.winners == [0]


# -- the deal ----------------------------------------------------------------------


def test_a_new_game():
    s = game.new_game("renard_des_bois", seed=3)
    v = s.view(None)
    dealer = v["dealer"]
    assert s.to_move == (1 - dealer,) and v["leader"] == 1 - dealer
    assert v["hand_counts"] == [13, 13] and v["deck_count"] == 6 and v["hand"] is None
    assert v["round"] == 1 and v["tricks"] == [0, 0] and v["totals"] == [0, 0]
    assert v["target"] == 21 and v["trump"] == v["decree"][-1]
    assert v["log"] == [{"event": "deal", "round": 1, "dealer": dealer, "decree": v["decree"]}]
    assert {game.new_game("renard_des_bois", seed=k).view()["dealer"] for k in range(20)} == {0, 1}
    hands = [s.view(p)["hand"] for p in (0, 1)]
    assert len(set(hands[0] + hands[1] + [v["decree"]])) == 27


# -- random games ----------------------------------------------------------------------


R = invariants.RenardChecker


def random_game(seed, checked):
    """A seeded random game, checked by tests/invariants.py's Renard invariants: the cheap ones
    after every action; if ``checked``, views (against a scramble of what each seat cannot
    know) and determinized worlds (against what each seat learnt) too.  Returns how many
    worlds were checked."""
    rng = random.Random(seed)
    target = rdb.TARGETS[seed % 3]
    s = game.new_game("renard_des_bois", seed=seed, target=target)
    checker = R(s, random.Random(seed), determinize_every=0)    # follows what each seat learns
    plies = determinized = 0
    while not s.over:
        R.conservation(s)
        for seat in (0, 1):
            R.engine_inferences_hold(s, seat)    # what a seat infers is true of the real game
        if checked and (seed < 10 or plies % 5 == 0):
            for seat in (None, 0, 1):
                v = s.view(seat)
                R.view_shows_only_what_it_may(s, seat, v)
                assert checker.scramble(s, seat, random.Random(plies)).view(seat) == v
        if checked and plies % 3 == 0:
            for seat in (0, 1):
                d = s.determinize(seat, random.Random(rng.random()))
                determinized += 1
                assert d.view(seat) == s.view(seat)
                assert d.legal_actions(seat) == s.legal_actions(seat)
                checker.check_world(s, d, seat)     # the cards, and what the seat learnt
                R.engine_inferences_hold(d, seat)
                checker.knowledge.check(s, seat)
        seat = s.to_move[0]
        legal = s.legal_actions(seat)
        assert legal == sorted(set(legal))
        action = rng.choice(legal)
        checker.before(s, seat, action)
        s.apply(seat, action)
        checker.knowledge.after(s)
        plies += 1
        assert plies <= checker.max_plies(s)
    R.scores_add_up(s, s.view(None))
    return determinized


@pytest.mark.slow
def test_random_games_keep_the_invariants():
    for seed in range(CHECKED_GAMES, RANDOM_GAMES):
        random_game(seed, checked=False)


@pytest.mark.slow
def test_random_games_views_and_determinizations():
    assert sum(random_game(seed, checked=True) for seed in range(CHECKED_GAMES)) > CHECKED_GAMES


def test_determinize_redraws_the_hidden_cards():
    s = game.new_game("renard_des_bois", seed=4)
    seen = set()
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        seen.add(tuple(d._hands[1]))
        assert d._hands[0] == s._hands[0] and d._decree == s._decree
        R.conservation(d)
    assert len(seen) == 30


def test_determinize_respects_a_void_and_a_drawn_card():
    # Seat 1 shows it has no Keys, then draws with a Woodcutter: it may hold one Key at most.
    hands = [["4K", "6K", "1B", "2B"], ["8B", "5M", "10M", "11M", "1M", "2M"]]
    deck = ["3B", "2K", "3K", "5K", "7K", "8K"]
    rest = [n for n in NAMES if n not in sum(hands, []) + deck + ["6B"]]
    s = rdb.position(hands, deck=deck, decree="6B", leader=0, won=[rest, []])
    play(s, "0:4K", "1:5M", "1:bottom 8B")
    assert s._cons[0] == ((rdb.SUIT_MASK[1], 1, 1),)
    keys = set()
    for k in range(200):
        d = s.determinize(0, random.Random(k))
        R.engine_inferences_hold(d, 0)
        held = [c for c in d._hands[1] if rdb.SUIT[c] == 1]
        bottom = d._deck[-1]
        assert len(held) + (rdb.SUIT[bottom] == 1) <= 1
        keys.add(len(held))
    assert keys == {0, 1}


def test_determinize_keeps_the_old_decree_taken_by_a_fox():
    hands = [["4K", "6K", "1B", "2B"], ["3M", "5B", "10M", "11M"]]
    rest = [n for n in NAMES if n not in sum(hands, []) + ["6B"]]
    s = rdb.position(hands, deck=rest[:6], decree="6B", leader=0, won=[rest[6:], []])
    play(s, "0:4K", "1:3M", "1:swap 10M")
    for k in range(50):
        d = s.determinize(0, random.Random(k))
        assert rdb.INDEX["6B"] in d._hands[1]
        assert not any(rdb.SUIT[c] == 1 for c in d._hands[1])   # void in Keys


def test_determinize_after_a_monarch_answer():
    hands = [["11K", "1B", "2B"], ["4K", "9M", "10M"]]
    rest = [n for n in NAMES if n not in sum(hands, []) + ["6B"]]
    s = rdb.position(hands, deck=rest[:6], decree="6B", leader=0, won=[rest[6:], []])
    play(s, "0:11K", "1:4K")
    for k in range(50):
        d = s.determinize(0, random.Random(k))
        assert not any(rdb.SUIT[c] == 1 and rdb.RANK[c] > 4 for c in d._hands[1])


def test_same_seed_same_game_and_replay():
    def run(seed):
        rng = random.Random(seed)
        s = game.new_game("renard_des_bois", seed=seed, target=16)
        while not s.over:
            p = s.to_move[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        return s

    a, b = run(5), run(5)
    assert snapshot(a) == snapshot(b)
    again = game.replay(json.loads(json.dumps(a.record())))
    assert snapshot(again) == snapshot(a)
    assert snapshot(run(6)) != snapshot(a)


def test_illegal_actions_change_nothing():
    s = game.new_game("renard_des_bois", seed=2)
    seat = s.to_move[0]
    for action in ("keep", "swap 1B", "bottom 1B", "12B", "", "7B "):
        refused(s, seat, action)
    missing = next(n for n in NAMES if n not in s.view(seat)["hand"] and n != s.view()["decree"])
    refused(s, seat, missing, "renard.not_in_hand")
    refused(s, 1 - seat, s.legal_actions(seat)[0], "wrong_turn")


# -- frozen behaviour -------------------------------------------------------------------
#
# The engine may be rewritten for speed, never changed: seeded random games (every target)
# are fingerprinted position by position (the legal actions, every view, the refusals of a
# sample of illegal actions, determinized worlds played to the end, clones played on) and
# compared with tests/fixtures/renard_des_bois_frozen.json, written by the engine as it was
# before.  FROZEN_WRITE=1 rewrites the fixture (only when a change of behaviour is meant).

FROZEN = os.path.join(os.path.dirname(__file__), "fixtures", "renard_des_bois_frozen.json")
FROZEN_GAMES = [(target, seed) for target in rdb.TARGETS for seed in (1, 2)]
ILLEGAL = (list(NAMES) + list(rdb.SWAP) + list(rdb.BOTTOM)
           + ["keep", "12B", "", "7B ", "swap", "keep 3B", "bottom", "0M", 7, None])


def fingerprint(target, seed):
    """One digest per position of a seeded random game (see above)."""
    bad = random.Random(-seed)

    def position(s, seat, legal, ply):
        views = frozen.views(s)
        parts = [s.to_move, legal, s.legal_actions(1 - seat), views, s.scores, s.winners]
        held = [n for n in views[1 + seat]["hand"] if n not in legal]   # e.g. must follow
        for action in bad.sample(ILLEGAL, 4) + held[:1]:
            if action not in legal:
                parts.append(frozen.refusal(s, seat, action))
        parts.append(frozen.refusal(s, 1 - seat, legal[0]))
        parts.append(frozen.refusal(s, True, legal[0]))
        assert frozen.views(s) == views                     # refusals change nothing
        if ply % 7 == 0:
            for p in (0, 1):
                r = random.Random(ply * 2 + p)
                parts.append(frozen.determinized(s, p, seat, r))
        return parts

    s = game.new_game("renard_des_bois", seed=seed, target=target)
    return frozen.fingerprint(s, seed, position, lambda s: [frozen.refusal(s, 0, "1B")])


@pytest.mark.slow
def test_behaviour_is_frozen():
    frozen.compare({f"{t}:{seed}": fingerprint(t, seed) for t, seed in FROZEN_GAMES}, FROZEN)
