"""Issue 21, through the app on CPython (the fake page of tests/helpers/app.py): a hostile file, link,
store or second tab must never wedge the app nor change what it was not given to change.

Each ``test_bug_N_...`` reproduces bug N of the issue as it was found; each failed on the code
before the fix (commit 99e0a66) and passes now.
"""

from __future__ import annotations

import json
import random

import pytest

import game
from helpers.app import PAGES, DirectBot, FakePage, app_at, make_app, start, start_by_link, tap
from helpers.drawn import share_url, txt
from helpers.games import SEATS, good_save, random_game, store_with
from ui.store import links, saves
from ui.app import App
from ui.store.saves import MemoryStore

DEEP = 5_600   # the depth that stopped every start in Pyodide ("Maximum call stack size exceeded")


def deep_list(n=DEEP):
    return "[" * n + "]" * n


# -- bug 1: one imported file wedged the app for good ---------------------------------------

def test_bug_1_a_deeply_nested_import_is_refused_and_the_next_start_works(pyodide_json):
    store = store_with(good_save())
    before = dict(store.data)
    app, page = make_app(store)
    text = saves.export_text(good_save("evil1")).replace('"rev"', f'"junk": {deep_list()}, "rev"', 1)
    assert len(text) < 12_000
    app.import_text(text, "evil.json")
    assert "could not be opened" in txt(page) or "not a game this app can open" in txt(page)
    assert "nested far deeper" in txt(page)
    assert store.data == before                         # nothing stored, nothing changed
    # and the next start (a reload) is a normal one, with the game listed
    again, page2 = make_app(store)
    assert again.screen == "home" and 'data-save="good1"' in page2.html


def test_bug_1_a_nested_save_already_stored_is_set_aside_at_start(pyodide_json):
    evil = json.dumps(good_save("evil1")).replace('"rev"', f'"junk": {deep_list()}, "rev"', 1)
    store = store_with(good_save(), **{saves.key_of("evil1"): evil})
    app, page = make_app(store)
    assert app.screen == "home" and 'data-save="good1"' in page.html
    (aside,) = [k for k in store.keys() if k.startswith(saves.ASIDE_PREFIX)]
    assert json.loads(store.get(aside))["text"] == evil          # its text, unchanged
    assert "nested far deeper" in txt(page)
    # it can still be downloaded as it was
    app.on_click("aside-download", {"key": aside})
    assert page.downloads[-1][1] == evil


def test_an_unknown_top_level_key_is_dropped_on_import():
    app, page = make_app(MemoryStore())
    sv = dict(good_save("imp1"), extra={"a": [1, 2]}, sent=[[[0, "d1-d4N"]]])
    app.import_text(json.dumps(sv), "x.json")
    stored = json.loads(app.store.get(saves.key_of(app.play.session.id)))
    assert "extra" not in stored and "sent" not in stored and stored["record"] == sv["record"]


# -- bug 4: a malformed save wedged the start instead of being set aside ---------------------

@pytest.mark.parametrize("mangle", [
    lambda o: dict(o, record=dict(o["record"], game=[])),           # TypeError: unhashable
    lambda o: dict(o, record=dict(o["record"], game={"x": 1})),
    lambda o: dict(o, record=dict(o["record"], players=True)),
    lambda o: dict(o, record=dict(o["record"], options=[1])),
    lambda o: dict(o, record=dict(o["record"], actions=[[0, ["d1"]]])),
    lambda o: dict(o, record=dict(o["record"], actions={"0": 1})),
    lambda o: dict(o, seats=[{"kind": ["human"]}, {"kind": "bot"}]),
    lambda o: dict(o, seats=[{"kind": "human", "name": 5}, SEATS[1]]),
    lambda o: dict(o, rev=True),
    lambda o: dict(o, created=None),
    lambda o: dict(o, record=dict(o["record"], seed=10 ** 400)),
    lambda o: dict(o, id=["x"]),
    lambda o: dict(o, format=2.0),
])
def test_bug_4_a_malformed_save_is_set_aside_and_the_others_load(mangle, pyodide_json):
    bad = json.dumps(mangle(good_save("bad1")))
    store = store_with(good_save(), **{saves.key_of("bad1"): bad})
    app, page = make_app(store)
    assert app.screen == "home" and 'data-save="good1"' in page.html
    asides = [k for k in store.keys() if k.startswith(saves.ASIDE_PREFIX)]
    assert len(asides) == 1 and json.loads(store.get(asides[0]))["text"] == bad


@pytest.mark.parametrize("key", ["renardiere.save.deep1", "renardiere.aside.deep1", "renardiere.setup.fendo"])
def test_bug_4_deep_nesting_in_any_key_wedges_nothing(key, pyodide_json):
    store = store_with(good_save(), **{key: deep_list()})
    app, page = make_app(store)
    assert app.screen == "home" and 'data-save="good1"' in page.html
    page.go("#new/fendo")                           # the form reads renardiere.setup.fendo
    assert app.screen == "new" and [s["kind"] for s in app.home.form["seats"]] == ["human", "bot"]
    page.go("#")
    assert store.get(saves.key_of("good1")) is not None


def test_a_setup_key_of_the_wrong_types_gives_the_default_form():
    for junk in ('{"seats": [1, "x", null], "options": {"size": "7"}}', '{"seats": {"a": 1}}',
                 '[1, 2]', '"x"', '{"seats": [{"kind": ["bot"], "level": {}, "name": 7}]}'):
        store = MemoryStore({"renardiere.setup.fendo": junk})
        app, page = make_app(store)
        page.go("#new/fendo")
        assert app.screen == "new" and app.home.form["options"]["size"] == 7


# -- bug 2: a crafted move link wedged the app while it was open -----------------------------

def both_remote_link(gid_id="both1"):
    s = random_game("fendo", 2, 4, stop=1)
    seats = [{"kind": "remote", "name": "A", "level": None}, {"kind": "remote", "name": "B", "level": None}]
    return "#move/" + links.encode("move", s.record(), seats, gid_id)


def test_bug_2_a_link_with_both_seats_remote_is_refused_and_leaves_the_address():
    store = store_with(good_save())
    before = dict(store.data)
    app, page = make_app(store, both_remote_link())
    assert app.screen == "home" and "exactly one side" in txt(page)
    assert page.hash == "#" and store.data == before
    # a reload (the same page, booted again) is a normal start
    app2, page2 = make_app(store, page.hash)
    assert app2.screen == "home" and 'data-save="good1"' in page2.html


# -- bug 3: a friend's link rewrote history --------------------------------------------------

def bob_answers(a_url, *moves):
    """Bob's device opens Ann's link and plays ``moves``: his link back."""
    b, pb = app_at(MemoryStore(), a_url.split("renardiere/", 1)[1])
    for m in moves:
        tap(b, m)
    return b, pb


def test_bug_3a_a_reply_cannot_replace_a_move_that_was_not_taken_back():
    a, pa = app_at(MemoryStore())
    ses = start_by_link(a, pa)
    tap(a, "d1-a1E")
    assert a.play.session.state.actions == [[0, "d1-a1E"]]
    # a crafted reply: "a1" in place of Ann's move, then a move of Bob's
    forged = random_game("fendo", 2, ses.state.seed, stop=0)
    forged.apply(0, "a1")
    forged.apply(1, forged.legal_actions(1)[0])
    bob = [{"kind": "remote", "name": "Ann", "level": None}, {"kind": "human", "name": "Bob", "level": None}]
    pa.go("#move/" + links.encode("move", forged.record(), bob, ses.id))
    assert a.play.session.state.actions == [[0, "d1-a1E"]]
    assert json.loads(a.store.get(saves.key_of(ses.id)))["record"]["actions"] == [[0, "d1-a1E"]]
    assert "differ from move 1 on" in txt(pa) and "taken back" not in txt(pa)


def test_bug_3b_a_reply_cannot_carry_moves_for_your_own_side():
    a, pa = app_at(MemoryStore())
    ses = start_by_link(a, pa)
    tap(a, "d1-d4N")
    # Bob's reply plays his move, then Ann's next moves too, and so on
    s = game.replay(ses.state.record())
    rng = random.Random(1)
    for _ in range(5):
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    bob = [{"kind": "remote", "name": "Ann", "level": None}, {"kind": "human", "name": "Bob", "level": None}]
    pa.go("#move/" + links.encode("move", s.record(), bob, ses.id))
    assert a.play.session.state.actions == [[0, "d1-d4N"]]
    assert "moves for your side" in txt(pa) and "new moves came" not in txt(pa)


def test_the_answer_to_a_move_taken_back_after_it_was_sent_still_stands_after_a_reload():
    store = MemoryStore()
    a, pa = app_at(store)
    start_by_link(a, pa)
    tap(a, "d1-d4N")
    url1 = share_url(pa.html)
    a.on_click("undo", {})
    tap(a, "d1-d3E")
    b, pb = bob_answers(url1, "d7-d5W")
    a2, pa2 = app_at(store)                      # Ann's device, started again
    pa2.go(share_url(pb.html).split("renardiere/", 1)[1])
    assert a2.play.session.state.actions == [[0, "d1-d4N"], [1, "d7-d5W"]]
    assert "answers a move you had taken back" in txt(pa2)


# -- bug 6: a double tap played two actions -------------------------------------------------------

def _renard_against_the_bot():
    app, page = make_app()
    ses = start(app, page, "renard_des_bois")
    assert ses.human_to_move() == 0
    return app, page, ses


def _a_legal_card(ses):
    return next(a for a in ses.legal(0) if a != "keep").split()[-1]


def test_bug_6_the_second_half_of_a_double_tap_plays_nothing():
    app, page, ses = _renard_against_the_bot()
    page.clock = 10.0
    app.on_click("card", {"card": _a_legal_card(ses)}, at=10.0)
    page.run()                       # the bot answers at once: the person is to act again
    ply = ses.ply
    assert ply >= 2 and ses.human_to_move() == 0
    page.clock = 10.05
    app.render()
    app.on_click("card", {"card": _a_legal_card(ses)}, at=10.09)    # 90 ms after the first tap
    assert ses.ply == ply
    app.on_click("card", {"card": _a_legal_card(ses)}, at=10.4)     # a tap of its own
    assert ses.ply > ply


def test_bug_6_a_tap_that_waited_while_the_table_was_redrawn_plays_nothing():
    app, page, ses = _renard_against_the_bot()
    page.clock = 20.0
    app.on_click("card", {"card": _a_legal_card(ses)}, at=19.0)
    page.clock = 21.0                # the bot's answer drawn at 21.0 s
    page.run()
    ply = ses.ply
    app.on_click("card", {"card": _a_legal_card(ses)}, at=20.9)     # tapped before it was drawn
    assert ses.ply == ply
    app.on_click("card", {"card": _a_legal_card(ses)}, at=21.3)
    assert ses.ply > ply


def test_bug_6_picking_is_never_dropped_only_playing():
    """A Fendo pawn picked right after a move is picked: only a tap that plays waits."""
    app, page = make_app()
    page.go("#new/fendo")
    app.on_form("kind1", "human")
    app.on_click("start", {})
    ses = app.play.session
    for cell, at in (("d1", 1.0), ("d4", 1.1)):
        app.on_click("cell", {"cell": cell}, at=at)
    app.on_click("wall", {"side": "N"}, at=1.2)
    assert ses.ply == 1
    app.on_click("cell", {"cell": "d7"}, at=1.3)                    # Orange picks a pawn
    app.on_click("cell", {"cell": "d5"}, at=1.35)
    assert app.play.table.sel.active
    app.on_click("wall", {"side": "W"}, at=1.4)                     # too soon to play
    assert ses.ply == 1
    app.on_click("wall", {"side": "W"}, at=1.6)
    assert ses.ply == 2 and ses.state.actions[-1] == [1, "d7-d5W"]


# -- bug 7: the problem list grew on every visit -----------------------------------------------

def test_bug_7_the_problem_list_is_replaced_not_appended_and_close_sticks():
    newer = json.dumps(dict(good_save("new1"), format=saves.FORMAT + 1))
    full_bad = "{not json"
    store = store_with(good_save(), **{saves.key_of("new1"): newer, saves.key_of("bad1"): full_bad})
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) + 10   # nothing more fits
    app, page = make_app(store)
    assert len(app.home.problems) == 2
    for _ in range(3):
        page.go("#new/fendo")
        page.go("#")
    assert len(app.home.problems) == 2 and page.html.count("<li><strong>") == 2
    app.on_click("dismiss", {})
    page.go("#new/fendo")
    page.go("#")
    assert app.home.problems == [] and "could not be opened" not in txt(page)


# -- bug 8: deleted games came back ---------------------------------------------------------------

def test_bug_8_a_game_deleted_in_another_tab_stays_deleted():
    store = MemoryStore()
    one, p1 = make_app(store)
    p1.go("#new/fendo")
    one.on_form("kind1", "human")
    one.on_click("start", {})
    sid = one.play.session.id
    tap(one, "d1-d4N")
    two, p2 = make_app(store)
    two.on_click("delete", {"id": sid})
    two.on_click("delete", {"id": sid})
    assert store.get(saves.key_of(sid)) is None
    one.on_storage(saves.key_of(sid))    # tab 1 hears of it, and says so
    assert "deleted in another tab" in txt(p1) and "played on in another tab" not in txt(p1)
    tap(one, "d7-d5W")                   # tab 1 plays on the game it has open
    assert store.get(saves.key_of(sid)) is None
    one.on_click("to-games", {})
    assert one.screen == "home" and f'data-save="{sid}"' not in p1.html
    two.on_storage(saves.key_of(sid))
    p2.go("#")
    assert f'data-save="{sid}"' not in p2.html


# -- bug 9: Back was trapped after a move link -----------------------------------------------------

class HistoryPage(FakePage):
    """A fake page with the browser's history: ``go`` adds an entry, ``replace`` replaces it."""

    def __init__(self, start="#"):
        super().__init__()
        self.history = [start]

    def go(self, hash_):
        self.history.append(hash_)
        super().go(hash_)

    def replace(self, hash_):
        self.history[-1] = hash_
        self.hash = hash_
        self.app.route(hash_)

    def back(self):
        self.history.pop()
        self.hash = self.history[-1]
        self.app.route(self.hash)


def test_bug_9_back_leaves_a_move_link_for_the_screen_before_it():
    a, pa = app_at(MemoryStore())
    start_by_link(a, pa)
    tap(a, "d1-d4N")
    link = share_url(pa.html).split("renardiere/", 1)[1]
    page = HistoryPage("#about")
    PAGES.append(page)
    b = App(page, MemoryStore(), DirectBot(), bot_delay=0, rng=random.Random(5))
    page.app = b
    b.boot("#about")
    page.go(link)                         # the friend's link, opened from the about page
    assert b.screen == "play" and all(not h.startswith("#move/") for h in page.history)
    page.back()
    assert page.hash == "#about" and b.screen == "about"


# -- bug 10: a new game started on a full device was unsaved without a word ------------------------

def test_bug_10_a_new_game_that_cannot_be_saved_says_so_at_once():
    store = store_with(good_save())
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) + 10
    app, page = make_app(store)
    page.go("#new/fendo")
    app.on_form("kind1", "human")
    app.on_click("start", {})
    assert app.screen == "play" and store.get(saves.key_of(app.play.session.id)) is None
    assert "storage is full" in txt(page)


# -- bug 11: a set-aside save was deleted with one tap ---------------------------------------------

def test_bug_11_deleting_a_set_aside_save_asks_first():
    store = store_with(good_save(), **{saves.key_of("bad1"): "{not json"})
    app, page = make_app(store)
    (aside,) = [k for k in store.keys() if k.startswith(saves.ASIDE_PREFIX)]
    app.on_click("aside-delete", {"key": aside})
    assert store.get(aside) is not None and "Really delete?" in txt(page)
    app.on_click("aside-delete", {"key": aside})
    assert store.get(aside) is None


# -- mid-game exports of hidden-information games ----------------------------------------------------

@pytest.mark.parametrize("gid,stop,asks", [("renard_des_bois", 6, True), ("fennecs", 6, True),
                                           ("renard_des_bois", None, False), ("fendo", 6, False)])
def test_exporting_an_unfinished_card_game_warns_that_it_shows_every_hand(gid, stop, asks):
    s = random_game(gid, 2, 9, stop=stop)
    store = store_with(saves.make("cards1", s.record(), SEATS, 1_764_000_000))
    app, page = make_app(store)
    app.on_click("export", {"id": "cards1"})
    if not asks:
        assert len(page.downloads) == 1
        return
    assert page.downloads == [] and "work out every hand" in txt(page)
    app.on_click("export-anyway", {})
    assert len(page.downloads) == 1 and json.loads(page.downloads[0][1])["id"] == "cards1"
    assert "work out every hand" not in txt(page)


# -- a start that cannot be wedged ---------------------------------------------------------------------

@pytest.mark.parametrize("error", [MemoryError(), RecursionError("maximum recursion depth exceeded"),
                                   TypeError("unhashable type: 'list'")])
def test_a_start_that_fails_shows_the_recovery_screen(error, monkeypatch):
    store = store_with(good_save(), **{"renardiere.lang": "en", "renardiere.aside.x": "kept",
                                       "other.app": "not ours"})
    real = saves.load_all

    def broken(*a, **kw):
        raise error

    monkeypatch.setattr(saves, "load_all", broken)
    app, page = make_app(store)
    assert app.screen == "recovery" and type(error).__name__ in page.html
    for k in ("renardiere.save.good1", "renardiere.lang", "renardiere.aside.x"):
        assert f"<code>{k}</code>" in page.html
    assert "other.app" not in page.html
    app.on_click("recovery-download", {})
    backup = json.loads(page.downloads[-1][1])
    assert backup["keys"] == {k: v for k, v in store.data.items() if k.startswith("renardiere.")}
    app.on_click("recovery-aside", {"key": "renardiere.save.good1"})
    assert store.get("renardiere.save.good1") is None
    assert any(k.startswith("renardiere.aside.good1") for k in store.keys())
    monkeypatch.setattr(saves, "load_all", real)
    app.on_click("recovery-retry", {})
    assert app.screen == "home"


def test_the_recovery_screen_escapes_what_it_shows(monkeypatch):
    nasty = "renardiere.save.<img src=x onerror=alert(1)>"
    store = MemoryStore({nasty: "x"})
    monkeypatch.setattr(saves, "load_all", lambda *a, **k: (_ for _ in ()).throw(ValueError("<script>")))
    app, page = make_app(store)
    assert app.screen == "recovery" and "<img" not in page.html and "<script>" not in page.html


# -- the modules' own examples ------------------------------------------------------------------------

def test_doctests_of_the_guarded_reader_and_the_merge():
    import doctest

    from ui.store import reader as m1, merge as m2
    for m in (m1, m2):
        result = doctest.testmod(m)
        assert result.attempted > 0 and result.failed == 0, m.__name__


def test_the_download_all_file_imports_back_game_by_game():
    store = store_with(good_save("g1"), good_save("g2", gid="renard_des_bois", stop=7),
                       **{saves.key_of("bad1"): "{not json"})
    app, page = make_app(store)
    app.files.act_recovery_download({})          # the recovery screen's button, here from the home page
    name, text = page.downloads[-1]
    assert name.startswith("renardiere-all-") and json.loads(text)["renardiere_backup"] == 1
    other, opage = make_app(MemoryStore())
    other.import_text(text, name)
    assert "2 games imported, 0 already on this device, 0 that could not be read" in txt(opage)
    assert sorted(s["id"] for s, _ in other.home.games) == ["g1", "g2"]
    other.import_text(text, name)          # again: nothing more
    assert "0 games imported, 2 already on this device" in txt(opage) and len(other.home.games) == 2
    # the app's file and the watchdog's (assets/watchdog.js) are one format
    js = (__import__("pathlib").Path(__file__).parents[1] / "assets" / "watchdog.js").read_text()
    assert "renardiere_backup: 1" in js and '"renardiere-all-"' in js
