"""Issue 54, faults 11, 12, 14, 16 and 17, through the app on CPython (the fake page of
test_ui_app, the fake network of test_devices): a damaged guest key, two tabs hosting one game,
the tokens in *Download all*, a save at the reader's caps, a broken answer link.

Each test failed on the code before its fix (the report: /work/notes/faultsb.md).
"""

from __future__ import annotations

import json

from test_ui_app import PAGES, _close_pending_bot_moves, human_move, make_app  # noqa: F401
from test_ui_hostile import good_save, store_with
from test_ui_links import txt
from ui import inbox, saves

TOKEN_A = "hostTokenOfSeat1_AAAAAAAAAAAA"
TOKEN_B = "guestTokenKept_BBBBBBBBBBBBBB"
TOKEN_C = "inADamagedSave_CCCCCCCCCCCCCC"


# -- fault 14: Download all held the tokens ------------------------------------------------------

def test_download_all_drops_every_token_as_export_does():
    hosted = dict(good_save("host1"), seats=[{"kind": "human", "name": "Ada", "level": None},
                                             {"kind": "device", "name": "Bo", "level": None, "token": TOKEN_A}])
    broken = dict(good_save("bad1"), rev=True, seats=hosted["seats"])     # set aside, its text kept
    guest_key = json.dumps({"game": "fendo", "token": TOKEN_B, "names": ["Ada", "Bo"], "log": [], "places": []})
    cut = json.dumps(dict(hosted, id="bad2")).replace(TOKEN_A, TOKEN_C)[:-40]      # cut short: not JSON
    store = store_with(hosted, **{saves.key_of("bad1"): json.dumps(broken), saves.key_of("bad2"): cut,
                                  "renardiere.guest.x1.1": guest_key})
    app, page = make_app(store)
    assert any(k.startswith(saves.ASIDE_PREFIX) for k in store.keys())
    app.files.act_recovery_download({})
    name, text = page.downloads[-1]
    assert TOKEN_A not in text and TOKEN_B not in text and TOKEN_C not in text
    assert TOKEN_A not in saves.export_text(saves.load(store, "host1")[0])
    # what is left still imports back: the game, its seat on another device without a token
    other, opage = make_app(saves.MemoryStore())
    other.import_text(text, name)
    assert "1 game imported" in txt(opage) or "1 games imported" in txt(opage), txt(opage)
    (save, _), = other.home.games
    assert save["seats"][1] == {"kind": "device", "name": "Bo", "level": None}


# -- fault 16: a save at the cap was written past it, then set aside ---------------------------

def test_a_save_at_the_caps_plays_on_and_opens_again():
    sv = dict(good_save("cap1", stop=2), rev=inbox.MAX_COUNT, hints=inbox.MAX_COUNT)
    store = saves.MemoryStore({saves.key_of("cap1"): json.dumps(sv)})
    app, page = make_app(store, "#play/cap1")
    assert app.screen == "play"
    app.on_click("hint", {})
    page.run()
    human_move(app)
    page.run()
    assert app.play.session.ply > 2 and app.play.session.save["hints"] == inbox.MAX_COUNT and not app.play.stale
    again, page2 = make_app(store)
    assert [s["id"] for s, _ in again.home.games] == ["cap1"], txt(page2)
    assert not any(k.startswith(saves.ASIDE_PREFIX) for k in store.keys())
    stored = json.loads(store.get(saves.key_of("cap1")))
    assert stored["rev"] <= inbox.MAX_COUNT and stored["hints"] <= inbox.MAX_COUNT


# -- fault 17: a broken answer link said it was handed to another tab ---------------------------

def test_a_broken_answer_link_says_it_is_broken():
    for bad, lang in (("A" * 100_000, "en"), ("<b>x</b>", "fr"), ("a1.9.XyZ", "en")):
        app, page = make_app(saves.MemoryStore(), lang=lang)
        page.go("#answer/" + bad)
        assert app.screen == "handed"
        words = txt(page)
        assert "another tab" not in words and "autre onglet" not in words
        assert ("broken" in words) if lang == "en" else ("cassé" in words), words
