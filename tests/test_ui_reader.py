"""Issue 27, faults 4 to 6, through the app on CPython (the fake page of tests/helpers/app.py): what the
guarded reader lets in must stay writable, playable and harmless on the page.

Each test failed on the code before its fix (the commit's message says how) and passes now.
"""

from __future__ import annotations

import html
import json
import re

import pytest

import game
from helpers.app import app_at, make_app
from helpers.drawn import txt
from helpers.games import random_game
from ui.kit import html as isolating
from ui.kit import i18n
from ui.store import reader, links, saves
from ui.store.saves import MemoryStore

SEATS = [{"kind": "human", "name": "Ada", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
BIG = int("9" * 4300)      # the most digits Python reads as an int; one more and it writes none


def fendo_save(sid="n1", **top):
    """A Fendo game of four moves, the person (seat 0) to move, with ``top`` keys set."""
    s = random_game("fendo", 2, 3, stop=4)
    assert list(s.to_move) == [0]
    return {**saves.make(sid, s.record(), SEATS, 1_764_000_000), "hints": 0, **top}


# -- fault 4: a number the reader let in could not be written one up --------------------------

def test_a_save_of_4300_digit_hints_or_rev_is_set_aside_with_a_reason():
    for key in ("hints", "rev"):
        store = MemoryStore()
        store.set(saves.key_of("n1"), json.dumps(fendo_save(**{key: BIG})))
        app, page = make_app(store, "#play/n1")
        assert app.play.session is None and app.screen == "home"
        assert [p["code"] for p in app.home.problems] == ["details"] and key in app.home.problems[0]["reason"]
        assert store.get(saves.key_of("n1")) is None
        assert saves.list_aside(store)[0]["original"] == saves.key_of("n1")


def _ints(obj, path=()):
    """The path of every int (not bool) in a JSON value."""
    if type(obj) is int:
        yield path
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _ints(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _ints(v, path + (i,))


def _set(obj, path, value):
    obj = json.loads(json.dumps(obj))
    at = obj
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = value
    return obj


VALUES = (-1, 0, 1, 2, 35, 2 ** 31, 10 ** 9, 10 ** 9 + 1, 2 ** 63, 2 ** 63 + 1, 10 ** 100, BIG)


@pytest.mark.slow
def test_every_number_a_save_may_hold_writes_one_up():
    """Every int of a save (format, rev, round_seen, hints, the seed, players, options, the
    actions' seats), given each of VALUES: either the save is set aside, or a move, the
    bot's answer and a hint are all written, each write one revision up."""
    base = fendo_save()
    paths = list(_ints(base))
    assert {("rev",), ("hints",), ("record", "seed"), ("record", "options", "size")} <= set(paths)
    opened = 0
    for path in paths:
        for value in VALUES:
            store = MemoryStore()
            store.set(saves.key_of("n1"), json.dumps(_set(base, path, value)))
            app, page = make_app(store, "#play/n1")
            if app.play.session is None:              # not ours, or not a game: set aside, or left alone
                assert app.home.problems and app.home.problems[0]["reason"], (path, value)
                continue
            opened += 1
            ses = app.play.session
            rev, hints = ses.save["rev"], ses.save["hints"]
            app.play.move(0, ses.legal(0)[0])
            page.run()                           # the bot answers
            app.play.act_hint({})
            page.run()
            assert app.notice is None, (path, value, app.notice)
            stored = json.loads(store.get(saves.key_of("n1")))
            up = rev
            for _ in range(3):                   # a revision up goes round at the cap (ui/store/saves.py)
                up = up % reader.MAX_COUNT + 1
            assert (stored["rev"], stored["hints"]) == (up, min(hints + 1, reader.MAX_COUNT)), (path, value)
            assert stored["record"]["actions"] == ses.state.record()["actions"]
    assert opened >= 10


def test_a_link_whose_seed_no_save_holds_is_refused():
    """A move link's seed became the save's: one past what a save may hold was accepted, and
    the game set aside at the next start."""
    s = game.new_game("fendo", seed=0)
    record = dict(s.record(), seed=2 ** 64)
    seats = [{"kind": "human", "name": "Bob", "level": None}, {"kind": "remote", "name": "Ann", "level": None}]
    code = links.encode("move", record, seats, "big1")
    store = MemoryStore()
    app, page = app_at(store, "#move/" + code)
    assert app.play.session is None and "damaged" in txt(page)
    again, _ = make_app(store)
    assert again.home.problems == [] and store.data.get(saves.key_of("big1")) is None


# -- fault 5: a game that hides something took a seat played by link -----------------------

HIDDEN = sorted(g for g, info in game.GAMES.items() if info.hidden)
REMOTE = [{"kind": "human", "name": "Ada", "level": None}, {"kind": "remote", "name": "Bob", "level": None}]


@pytest.mark.parametrize("gid", HIDDEN)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hidden_game_with_a_seat_played_by_link_is_set_aside_or_refused(gid, lang):
    """A link carries the whole game: its move link would show the hand or target.  Stored by
    another page of the origin: set aside at start; imported: refused; said why either way."""
    text = json.dumps(saves.make("r1", random_game(gid, 2, 1, stop=3).record(), REMOTE, 1_764_000_000))
    why = i18n.tr(lang, "saveerr.remote")
    assert why != "saveerr.remote"
    store = MemoryStore({saves.key_of("r1"): text})
    app, page = make_app(store, "#play/r1", lang=lang)
    assert app.play.session is None and [p["code"] for p in app.home.problems] == ["remote"]
    assert why in txt(page) and saves.list_aside(store)[0]["text"] == text
    store = MemoryStore()
    app, page = make_app(store, lang=lang)
    app.import_text(text, "r1.json")
    assert app.play.session is None and why in txt(page) and store.data == {}


def test_a_game_played_by_link_keeps_its_remote_seat():
    """The same save of Fendo, the one game played by link, opens as ever."""
    assert [g for g, info in game.GAMES.items() if saves.linkable(g)] == ["fendo"]
    text = json.dumps(saves.make("r1", random_game("fendo", 2, 1, stop=3).record(), REMOTE, 1_764_000_000))
    app, page = make_app(MemoryStore({saves.key_of("r1"): text}), "#play/r1")
    assert app.play.session is not None and app.play.session.remotes == [1] and app.home.problems == []


# -- fault 6: a name in the list of saves that could not be opened was not bidi-isolated -------

EVIL = "\u202eevil"                 # RIGHT-TO-LEFT OVERRIDE: the rest of its line, reversed
CLOSER = "\u2069" + EVIL            # issue 54, fault 13: first the end of the app's isolate
HEBREW = "שלום 12"
ISOLATES = {"\u2066": 1, "\u2067": 1, "\u2068": 1, "\u2069": -1}


def unisolated(page: str) -> list:
    """The right-to-left characters of a page outside any isolate (FSI/LRI/RLI ... PDI, or
    ``<bdi>``), in its text and attributes alike; ``data-*`` attributes, neither shown nor
    read, left out."""
    page = re.sub(r'\sdata-[a-z-]+="[^"]*"', "", page).replace("<bdi>", "\u2068").replace("</bdi>", "\u2069")
    out, depth = [], 0
    for n, ch in enumerate(html.unescape(page)):
        depth = max(0, depth + ISOLATES.get(ch, 0))
        if depth == 0 and ch not in ISOLATES and isolating._BIDI.match(ch):
            out.append(html.unescape(page)[max(0, n - 30):n + 10])
    return out


def hostile_store(evil: str = EVIL) -> MemoryStore:
    """Everything of the home page that anyone of the origin may write, with hostile text."""
    store = MemoryStore()
    seats = [{"kind": "human", "name": evil, "level": None}, {"kind": "bot", "name": HEBREW, "level": "novice"}]
    good = saves.make("g1", random_game("fendo", 2, 3, stop=4).record(), seats, 1_764_000_000)
    saves.write(store, dict(good, updated=evil + " 2026"))                # a date that is none
    broken = saves.make("b1", dict(good["record"], actions=[[0, "z9"]]), seats, 1_764_000_000)
    store.set(saves.key_of("b1"), json.dumps(broken))                     # an illegal move
    store.set(saves.key_of(evil + "x"), json.dumps(broken))               # a key of its own
    store.set(saves.ASIDE_PREFIX + HEBREW, "not JSON")                    # set aside long ago
    return store


def test_a_broken_saves_name_is_isolated_in_the_list_of_saves_that_did_not_open():
    app, page = make_app(hostile_store())
    problems = re.search(r'<section class="notice notice-error" role="alert">.*?</section>', page.html, re.S).group(0)
    assert html.unescape(problems).count(f"\u2068{EVIL}\u2069") >= 2          # each broken save's
    assert f"\u2068{HEBREW}\u2069" in html.unescape(problems)


@pytest.mark.parametrize("evil", [EVIL, CLOSER], ids=["override", "closer"])
def test_no_text_from_outside_turns_a_line_of_the_home_page_around(evil):
    app, page = make_app(hostile_store(evil))
    app.import_text("not a save", HEBREW + ".json")                       # a notice names the file
    assert EVIL in page.html and HEBREW in page.html and "could not be" in page.html
    assert unisolated(page.html) == []
    from ui.parts import pages
    assert unisolated(pages.recovery(app.tr, f"KeyError: '{evil}'", [(saves.key_of(evil), 9, True)])) == []


@pytest.mark.parametrize("evil", [EVIL, CLOSER], ids=["override", "closer"])
@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_no_name_turns_a_line_of_a_table_around(gid, evil):
    """The same check on each game's table, hostile names at every seat (these were isolated
    before: a guard for what comes; a name that ends the isolate it is in, issue 54's fault 13,
    was not)."""
    st = random_game(gid, 3 if game.GAMES[gid].max_players > 2 else 2, 2, stop=12)
    seats = [{"kind": "human", "name": evil, "level": None}, {"kind": "bot", "name": HEBREW, "level": "novice"},
             {"kind": "human", "name": "\u202bX 1", "level": None}][:st.record()["players"]]
    store = MemoryStore()
    saves.write(store, saves.make("h1", st.record(), seats, 1_764_000_000))
    app, page = make_app(store, "#play/h1")
    page.run()
    assert app.screen == "play" and unisolated(page.html) == []
