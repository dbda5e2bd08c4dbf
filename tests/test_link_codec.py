"""The links that carry a whole game (ui/store/links.py): round trips, damage, length.

Pure Python: random whole games of every playable game at every player count and
option, written into a code and read back through the engine.
"""

from __future__ import annotations

import base64
import doctest
import json
import random
from pathlib import Path

import pytest

import game
import invariants
from ui.store import links
from helpers.games import random_game

# A realistic address in front of the fragment (a GitHub Pages project site).
BASE = "https://renardiere-games.github.io/renardiere/"
LONG_NAME = "Wilhelmina Featherstonehaugh-Cholmondeley"[:40]


def seats_for(players, rng):
    kinds = ["human", "bot", "remote"]
    out = []
    for _ in range(players):
        k = rng.choice(kinds)
        out.append({"kind": k, "name": rng.choice(["", "Ann", "Zoé 🦊", LONG_NAME]),
                    "level": rng.choice(["novice", "standard", "expert"]) if k == "bot" else None})
    return out


def configurations():
    for gid in ("fendo", "renard_des_bois", "fennecs"):
        info = game.GAMES[gid]
        for players in range(info.min_players, info.max_players + 1):
            for opt in info.options:
                for choice in opt.choices:
                    yield gid, players, {opt.name: choice}


CONFIGS = list(configurations())


def test_the_docstring_examples():
    result = doctest.testmod(links)
    assert result.attempted > 5 and result.failed == 0


@pytest.mark.parametrize("gid,players,options", CONFIGS,
                         ids=[f"{g}-{p}p-{'-'.join(f'{k}{v}' for k, v in o.items())}" for g, p, o in CONFIGS])
def test_round_trip_of_random_whole_games(gid, players, options):
    rng = random.Random(f"{gid}{players}{options}")
    for n in range(3):
        seed = rng.randrange(-2**40, 2**40) if n == 2 else rng.randrange(2**31)   # negative and huge seeds too
        s = random_game(gid, players, seed, **options)
        assert s.over
        seats = seats_for(players, rng)
        for kind, gid_ in (("replay", ""), ("move", "18c2f0a1b2c3d4")):
            code = links.encode(kind, s.record(), seats, gid_)
            link, state = links.read(code)
            assert link == links.Link(kind, s.record(), seats, gid_)
            assert state.view(None) == s.view(None)


def test_round_trip_mid_game_and_at_the_start():
    for gid, players in (("fendo", 2), ("renard_des_bois", 2), ("fennecs", 5)):
        for stop in (0, 1, 7, 30):
            s = random_game(gid, players, 11, stop=stop)
            seats = [{"kind": "human", "name": "", "level": None}] * players
            assert links.decode(links.encode("move", s.record(), seats, "abc")).record == s.record()


def _one_code():
    s = random_game("fendo", 2, 4)
    seats = [{"kind": "human", "name": "Ann", "level": None}, {"kind": "remote", "name": "Bob", "level": None}]
    return links.encode("move", s.record(), seats, "18c2f0a1b2c3d4"), s


@pytest.mark.slow
def test_any_changed_character_is_refused_or_changes_nothing():
    """Every one-character change of a code is refused, or reads as the very same game
    (the last character's unused padding bits; a number written with a needless extra
    byte): a change never gives another game."""
    code, s = _one_code()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    rng = random.Random(3)
    refused = same = 0
    for i in range(len(code)):
        for c in rng.sample([c for c in alphabet if c != code[i]], 6):
            bad = code[:i] + c + code[i + 1:]
            try:
                link = links.decode(bad)
            except links.LinkError as e:
                assert e.reason in ("damaged", "format", "version")
                refused += 1
            else:
                assert link == links.decode(code)
                same += 1
    assert refused > 6 * len(code) - 12 and same < 12


def test_every_cut_of_a_code_is_refused():
    code, _ = _one_code()
    for n in range(len(code)):
        with pytest.raises(links.LinkError) as e:
            links.decode(code[:n])
        assert e.value.reason in ("damaged", "format")


def test_swapped_actions_and_a_changed_name_are_caught_by_the_checksum():
    code, s = _one_code()
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    i = raw.index(b"Bob")
    raw[i] = ord("R")                       # "Rob": a valid link, but not the one that was sent
    bad = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    with pytest.raises(links.LinkError, match="checksum"):
        links.decode(bad)


def test_a_newer_version_and_junk_say_so():
    code, _ = _one_code()
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[0] = links.VERSION + 1
    with pytest.raises(links.LinkError) as e:
        links.decode(base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))
    assert e.value.reason == "version"
    for junk in ("", "a", "abc$def", "AAAAAAAA", "x" * (links.MAX_CODE + 4), None):
        with pytest.raises(links.LinkError):
            links.decode(junk)


def test_an_illegal_record_cannot_be_written():
    s = game.new_game("fendo", seed=1)
    rec = s.record()
    rec["actions"] = [[0, "d1-d7N"]]
    with pytest.raises(ValueError):
        links.encode("replay", rec, [{"kind": "human", "name": "", "level": None}] * 2)


def longest(gid, games, players=2, kind="move", **options):
    """The longest whole-game link of ``games`` random games, with 40-character names."""
    best = ("", None)
    seats = [{"kind": "human", "name": LONG_NAME, "level": None}]
    seats += [{"kind": "remote", "name": LONG_NAME, "level": None}] * (players - 1)
    for seed in range(games):
        s = random_game(gid, players, seed, **options)
        code = links.encode(kind, s.record(), seats, "18c2f0a1b2c3d4" if kind == "move" else "")
        url = BASE + links.fragment(kind, code)
        if len(url) > len(best[0]):
            best = (url, s)
    return best


def test_a_whole_fendo_game_fits_in_a_link_of_under_1000_characters():
    url, s = longest("fendo", 150)
    print(f"\nlongest of 150 whole 7x7 Fendo games ({len(s.actions)} actions): {len(url)} characters")
    assert len(url) < 1000
    # every game, however long: each move and wall puts up a wall (84 grooves inside a 7x7
    # board), entries are at most 12, a pass (legal only alone) takes no bit, and at most
    # 11 bits a move (7 pawns x 49 cells x 4 sides + 49 entries < 2**11).  The bound, with 40 four-byte characters a name:
    worst_bytes = 1 + 2 + 1 + 3 + 5 + 15 + 2 * (1 + 2 + 160) + 2 + (84 + 12 + 2) * 11 // 8 + 1 + 4
    worst = len(BASE) + len("#move/") + (worst_bytes * 4 + 2) // 3
    print(f"bound for any 7x7 Fendo game: {worst} characters")
    assert worst < 1000


@pytest.mark.parametrize("size", [9, 11])
def test_bigger_fendo_boards_fit_too(size):
    url, s = longest("fendo", 20, size=size)
    print(f"\nlongest of 20 whole {size}x{size} Fendo games ({len(s.actions)} actions): {len(url)} characters")
    assert len(url) < 1000


@pytest.mark.parametrize("gid,players,options", [("renard_des_bois", 2, {"target": 21}),
                                                 ("renard_des_bois", 2, {"target": 35}),
                                                 ("fennecs", 2, {}), ("fennecs", 5, {})])
def test_card_game_replay_links_are_short(gid, players, options):
    url, s = longest(gid, 20, players, "replay", **options)
    print(f"\nlongest of 20 whole {gid} games, {players} players, {options} "
          f"({len(s.actions)} actions): {len(url)} characters")
    assert len(url) < 1000


def test_an_onexeno_link_of_version_1_opens_on_the_same_game():
    """A replay link the app wrote on 2026-11-26 (version 1; tests/fixtures/links/, with the
    record it carried), of an Onexeno game through issue 27's case: its fifth move left one
    card on d2, which the table of then left there.  It is read by the rules of then, and
    its record renamed: the same game, move for move."""
    fixture = json.loads((Path(__file__).parent / "fixtures" / "links" /
                          "version1-e943f4e-onexeno.json").read_text())
    old = fixture["record"]
    then = game.new_game_of(0, "onexeno", old["players"], old["seed"], **old["options"])
    for seat, action in old["actions"]:
        then.apply(seat, action)
    link, state = links.read(fixture["code"])
    assert link.kind == "replay" and [s["name"] for s in link.seats] == ["Ana", ""]
    assert link.record["actions"][:5] == old["actions"][:5]
    assert link.record["actions"][5] == [0, "6c@e4+90"] != old["actions"][5]   # d1 then
    assert state.over and state.scores == then.scores == [113, 100]
    invariants.same_onexeno_game(then, state)
    again = links.encode("replay", link.record, link.seats)      # written today: version 2
    assert again[:2] == "Ag" and links.decode(again).record == link.record


def test_the_newest_link_version_is_written_by_todays_rules():
    """A change of the rules' epoch (game.RULES) takes a new link version, read by the old
    rules: links.EPOCH names each version's."""
    assert links.EPOCH[links.VERSION] == game.RULES
    assert sorted(links.EPOCH) == list(range(1, links.VERSION + 1))
