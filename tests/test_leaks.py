"""Nothing leaks: what a seat cannot know reaches neither its view, nor its worlds, nor its bot.

For each hidden-information game (Le Renard des Bois, Fennecs, Fowl Play), over positions of seeded
random games at every player count and option:

- **Views.** Two states that differ only in what a seat cannot know give that seat (and a
  spectator) identical views and legal actions.  The second state is built two ways: by
  ``determinize(seat, rng)`` (a world of the same information set), and by scrambling the
  seat's hidden cards at random, ignoring even what the seat inferred (tests/invariants.py's
  ``scramble``).  The scrambles do change other seats' views: the test has teeth.
- **Determinize.** ``determinize(seat)`` never contradicts the seat's view: same view, same
  turn and legal actions, the seat to move has a legal action, the same hidden cards dealt
  into the same hidden places, and (Renard) every fact the seat learnt from the other's plays
  (a suit they lacked, the old decree they took) still holds, by an account kept from the
  actions independently of the engine.  Worlds drawn with the same generator from two states
  of one information set are the same world: determinize depends on what the seat knows only.
- **Bots.** ``bots.choose(state, seat, level, seed)`` plays the same action in the real
  state and in other states of the same information set.

Then the regression tests of the leaks found while writing these (see each test).
"""

from __future__ import annotations

import random

import pytest

import bots
import game
from tools import soak
from game import fennecs
from game import renard_des_bois as rdb
from invariants import CHECKERS

HIDDEN = sorted(gid for gid, info in game.GAMES.items() if info.hidden)   # from the catalogue


def positions(gid: str, games_per_config: int = 1, every: int = 7):
    """(state, checker) at every ``every``-th ply of seeded random games of each configuration;
    the checker follows the game (it knows what each seat learnt)."""
    table = soak.configs(gid)
    for k in range(games_per_config * len(table)):
        players, options = table[k % len(table)]
        rng = random.Random(1000 + k)
        s = game.new_game(gid, players=players, seed=1000 + k, **options)
        checker = CHECKERS[gid](s, random.Random(k), determinize_every=0)
        while not s.over:
            if len(s.actions) % every == every // 2:
                yield s, checker
            p = rng.choice(s.to_move)
            action = rng.choice(s.legal_actions(p))
            checker.before(s, p, action)
            s.apply(p, action)
            checker.step(s, p, action)


def test_the_hidden_information_games_are_covered():
    for gid in HIDDEN:
        s = game.new_game(gid, seed=3)
        checker = CHECKERS[gid](s, random.Random(0), 0)
        assert checker.scramble(s, 0, random.Random(1)) is not None
        assert checker.world_key(s.determinize(0, random.Random(1))) is not None
    perfect = set(game.GAMES) - set(HIDDEN)
    for gid in perfect:     # nothing hidden: every seat sees the same, a world is a clone
        s = game.new_game(gid, seed=3)
        assert all(dict(s.view(p), seat=None) == s.view(None) for p in range(s.players))


@pytest.mark.slow
@pytest.mark.parametrize("gid", HIDDEN)
def test_views_ignore_what_a_seat_cannot_know(gid):
    rng = random.Random(5)
    scrambled = changed = worlds = 0
    for s, checker in positions(gid):
        for seat in [None, *range(s.players)]:
            v = s.view(seat)
            w = checker.scramble(s, seat, rng)
            scrambled += 1
            assert w.view(seat) == v, (gid, seat, len(s.actions))
            if seat is None:
                continue
            assert w.view(None) == s.view(None)
            assert w.legal_actions(seat) == s.legal_actions(seat)
            changed += any(w.view(q) != s.view(q) for q in range(s.players) if q != seat)
            d = s.determinize(seat, random.Random(rng.random()))
            worlds += 1
            assert d.view(seat) == v and d.view(None) == s.view(None)
            # and the other way round: the real state is a world of the determinized one's set
            assert s.view(seat) == d.view(seat)
    assert changed > scrambled // 3, (changed, scrambled)
    assert worlds > 50


@pytest.mark.slow
@pytest.mark.parametrize("gid", HIDDEN)
def test_determinize_never_contradicts_the_view(gid):
    n = 0
    for s, checker in positions(gid, every=3):
        for seat in range(s.players):
            for k in range(3):
                d = s.determinize(seat, random.Random(k))
                assert d.view(seat) == s.view(seat)
                assert d.to_move == s.to_move
                assert d.legal_actions(seat) == s.legal_actions(seat)
                assert all(d.legal_actions(q) for q in d.to_move), "a world where the mover is stuck"
                checker.check_world(s, d, seat)
                n += 1
    assert n > 300


@pytest.mark.slow
@pytest.mark.parametrize("gid", HIDDEN)
def test_worlds_depend_only_on_what_the_seat_knows(gid):
    n = 0
    for s, checker in positions(gid, every=5):
        for seat in range(s.players):
            sibling = s.determinize(seat, random.Random(99))
            for k in range(2):
                a = s.determinize(seat, random.Random(k))
                b = sibling.determinize(seat, random.Random(k))
                assert checker.world_key(a) == checker.world_key(b)
                n += 1
    assert n > 100


def bot_positions(gid, count):
    """Positions where the seat to move has a choice, from seeded random games."""
    out = []
    table = soak.configs(gid)
    k = 0
    while len(out) < count:
        players, options = table[(k * 5) % len(table)]
        rng = random.Random(k)
        s = game.new_game(gid, players=players, seed=500 + k, **options)
        target = rng.randrange(5, 40)
        while not s.over and len(s.actions) < target:
            p = s.to_move[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        if not s.over and len(s.legal_actions(s.to_move[0])) > 1:
            out.append(s)
        k += 1
    return out


@pytest.mark.slow
@pytest.mark.parametrize("level", ["novice", "standard"])
@pytest.mark.parametrize("gid", HIDDEN)
def test_the_bot_plays_the_same_whatever_the_hidden_cards(gid, level):
    count = 6 if level == "standard" else 12
    for s in bot_positions(gid, count):
        seat = s.to_move[0]
        checker = CHECKERS[gid](s, random.Random(0), 0)
        real = bots.choose(s, seat, level, seed=7)
        others = [s.determinize(seat, random.Random(k)) for k in (1, 2)]
        # a scramble ignores even what the seat inferred: still the same information for the bot
        others.append(checker.scramble(s, seat, random.Random(3)))
        for w in others:
            assert w.view(seat) == s.view(seat)
            assert bots.choose(w, seat, level, seed=7) == real, (gid, level, s.record())


# -- regressions -----------------------------------------------------------------------


def test_fennecs_world_leaves_the_seat_to_move_an_action():
    """Bug: determinize(seat) could deal the Supernova as the only card of the seat to move
    when it has no star and no column can be collected: a world where the seat to move has
    no legal action (the real one has one, or the round would have ended).  Bots searching
    from seat 0 while seat 1 is to move crashed on it (rng.choice of no action)."""
    s = fennecs.position(3, variant="renard_des_sables", hands=["3 4", "-1", "2 *"],
                          columns=["1", "5", None], stars=[4, 0, 4], turn=1, finished=[2])
    assert s.to_move == (1,) and s.legal_actions(1) == ["-1>A", "-1>B"]
    for k in range(200):
        for seat in (0, 2):
            d = s.determinize(seat, random.Random(k))
            assert d.legal_actions(1), (k, seat, d._hands)
            assert d.view(seat) == s.view(seat)
    # Seat 1's card is still redrawn (-1 or 2: only the Supernova is refused it).
    held = {s.determinize(0, random.Random(k))._hands[1] for k in range(50)}
    assert held == {(fennecs.M1,), (fennecs.TWO,)}


@pytest.mark.parametrize("gid", HIDDEN)
def test_worlds_of_one_information_set_are_the_same(gid):
    """Bug: determinize dealt the hidden cards from a pool listed in their real places, so
    two states a seat cannot tell apart gave different worlds for the same generator, and
    a bot played differently depending on where the hidden cards really were."""
    s = game.new_game(gid, players=3 if gid == "fennecs" else 2, seed=21)
    rng = random.Random(4)
    while len(s.actions) < 9:
        p = s.to_move[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    seat = s.to_move[0]
    other = s.determinize(seat, random.Random(1))
    assert other.view(seat) == s.view(seat)
    assert any(other.view(q) != s.view(q) for q in range(s.players) if q != seat)
    key = CHECKERS[gid](s, random.Random(0), 0).world_key
    assert key(s.determinize(seat, random.Random(5))) == key(other.determinize(
        seat, random.Random(5)))


def test_renard_worlds_redraw_the_deals_to_come():
    """Bug: a determinized world kept the game's seed for the rounds to come, so a bot's
    playouts past the round's end were dealt the real next hands."""
    s = game.new_game("renard_des_bois", seed=8)
    rng = random.Random(8)
    while s._tricks[0] + s._tricks[1] < 12:
        p = s.to_move[0]
        s.apply(p, rng.choice(s.legal_actions(p)))

    def next_deal(state):
        while state._round == 1:
            p = state.to_move[0]
            state.apply(p, state.legal_actions(p)[0])
        return state._hands, state._decree

    real = next_deal(s.clone())
    worlds = [next_deal(s.determinize(0, random.Random(k))) for k in range(10)]
    assert sum(w == real for w in worlds) <= 1
    assert len({repr(w) for w in worlds}) == 10


def test_renard_world_redraws_the_card_a_woodcutter_drew():
    """Bug: while the other player's Woodcutter waited for its card to put back, the world
    kept the real drawn card (``drawn`` in that player's view), which need not be in the
    redrawn hand."""
    hands = [["4K", "6K", "1B", "2B"], ["8B", "5M", "10M", "11M", "1M", "2M"]]
    deck = ["3B", "2K", "3K", "5K", "7K", "8K"]
    rest = [n for n in rdb.NAMES if n not in sum(hands, []) + deck + ["6B"]]
    s = rdb.position(hands, deck=deck, decree="6B", leader=0, won=[rest, []])
    s.apply(0, "4K")
    s.apply(1, "5M")                      # draws 3B; now seat 1 must put a card back
    assert s.view(1)["drawn"] == "3B" and s.view(0)["drawn"] is None
    drawn = set()
    for k in range(40):
        d = s.determinize(0, random.Random(k))
        v = d.view(1)
        assert v["drawn"] in v["hand"]
        drawn.add(v["drawn"])
        assert d.view(0) == s.view(0)
    assert len(drawn) > 3


@pytest.mark.slow
def test_renard_search_finds_a_world_when_sampling_fails(monkeypatch):
    """The old fallback, when 30 samples failed, kept the other hand as it really was: a
    world that told the bot the real cards.  Now a backtracking search deals one (checked
    here by making every sample fail)."""
    monkeypatch.setattr(rdb, "_sample", lambda *a: None)
    n = 0
    for s, checker in positions("renard_des_bois", every=4):
        seat = s.to_move[0]
        hands = set()
        for k in range(4):
            d = s.determinize(seat, random.Random(k))
            checker.check_world(s, d, seat)
            assert d.view(seat) == s.view(seat)
            hands.add(tuple(d._hands[1 - seat]))
            n += 1
        if len(s._hands[1 - seat]) > 3:
            assert len(hands) > 1 or s._cons[seat]
    assert n > 100
