"""Replays and games by link, through the app's controller on CPython (a fake page)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import game

from helpers.app import BASE, app_at, novices_play_it_out, start_by_link, tap
from helpers.drawn import share_url, txt
from helpers.games import random_game
from ui.kit import readout
from ui.store import links, saves
from ui.store.saves import MemoryStore

def fragment(url: str) -> str:
    assert url.startswith(BASE)
    return url[len(BASE):]


def step(html: str) -> tuple[int, int]:
    m = re.search(r'id="replay-bar" data-step="(\d+)" data-total="(\d+)"', html)
    return int(m.group(1)), int(m.group(2))


def saved_finished(store, gid, players, seed, sid="done1"):
    """A finished random game, saved as if it had been played here."""
    s = random_game(gid, players, seed)
    seats = [{"kind": "human", "name": f"P{i}", "level": None} for i in range(players)]
    saves.write(store, saves.make(sid, s.record(), seats, 1_764_000_000))
    return s


# -- replays -------------------------------------------------------------------------------

def test_replay_from_the_end_screen_steps_with_buttons_and_keys():
    app, page = app_at()
    novices_play_it_out(app, page)
    ses = app.play.session
    assert ses.state.over and 'id="replay"' in page.html
    n = len(ses.state.actions)
    app.on_click("replay", {})
    assert app.screen == "replay" and page.hash.startswith("#replay/")
    print(f"\nreplay link of a whole novice-against-novice Fendo game ({n} actions): "
          f"{len(BASE + page.hash)} characters")
    assert step(page.html) == (n, n) and 'data-over="1"' in page.html   # it opens at its end
    assert app.on_key("Home", "") and step(page.html) == (0, n) and 'data-ply="0"' in page.html
    app.on_click("rp-step", {"to": "next"})
    assert step(page.html) == (1, n) and 'data-ply="1"' in page.html
    assert ses.state.actions[0][1] in page.html         # "White: d1-…" under the steps
    assert app.on_key("ArrowRight", "") and step(page.html)[0] == 2
    assert app.on_key("ArrowLeft", "") and step(page.html)[0] == 1
    assert app.on_key("End", "") and step(page.html) == (n, n) and 'data-over="1"' in page.html
    app.on_click("rp-step", {"to": "next"})             # past the end: stays there
    assert step(page.html) == (n, n)
    assert app.on_key("Home", "") and step(page.html)[0] == 0
    assert not app.takes_key("n") and app.takes_key("ArrowLeft")
    # the replay has no controls of a game being played
    assert 'id="undo"' not in page.html and 'id="end-dialog"' not in page.html
    # sharing offers the page's own link
    app.on_click("share", {})
    assert page.shares[-1][0] == BASE + page.hash and "Link copied" in txt(page)


@pytest.mark.parametrize("gid,players", [("fendo", 2), ("renard_des_bois", 2), ("fennecs", 2), ("fennecs", 5)])
def test_a_replay_link_opens_on_a_fresh_device(gid, players):
    store = MemoryStore()
    s = saved_finished(store, gid, players, 8)
    app, page = app_at(store)
    assert 'data-act="replay" data-id="done1"' in page.html      # the home page's finished games
    app.on_click("replay", {"id": "done1"})
    url = BASE + page.hash
    fresh, fpage = app_at(MemoryStore(), fragment(url))          # another device: no save at all
    assert fresh.screen == "replay" and step(fpage.html) == (len(s.actions), len(s.actions))
    fresh.on_click("rp-step", {"to": "first"})
    assert step(fpage.html) == (0, len(s.actions))
    fresh.on_click("rp-step", {"to": "end"})
    assert 'data-over="1"' in fpage.html and "P0" in txt(fpage)
    assert fresh.store.keys() == []                            # watching saves nothing


def test_a_card_game_replay_shows_the_hand_of_any_seat():
    store = MemoryStore()
    saved_finished(store, "renard_des_bois", 2, 3)
    app, page = app_at(store)
    app.on_click("replay", {"id": "done1"})
    app.on_click("rp-step", {"to": "first"})
    app.on_click("rp-step", {"to": "next"})
    hand0 = re.search(r'id="hand".*?</div>', page.html, re.S).group(0)
    assert 'aria-pressed="true"' in page.html and "every hand may be seen" in txt(page)
    app.on_click("rp-seat", {"seat": "1"})
    hand1 = re.search(r'id="hand".*?</div>', page.html, re.S).group(0)
    assert hand0 != hand1 and 'data-seat="1"' in page.html
    app.on_click("rp-seat", {"seat": "7"})                     # no such seat: nothing happens
    assert re.search(r'id="hand".*?</div>', page.html, re.S).group(0) == hand1


@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_a_replay_reads_out_on_the_keys_of_a_table(gid):
    """T says the move shown and where the replay stands, L the moves that led to it, V and R
    the position and the scores at that move, ? the keys (Escape closes them)."""
    store = MemoryStore()
    s = saved_finished(store, gid, game.GAMES[gid].min_players, 5)
    app, page = app_at(store)
    app.on_click("replay", {"id": "done1"})
    n = len(s.actions)
    assert app.takes_key("t") and app.takes_key("?") and not app.takes_key("n")

    def said(key):
        before = len(page.said)
        assert app.on_key(key, "") is True, key
        assert len(page.said) == before + 1, f"{key} said nothing"
        return page.said[-1]

    assert app.on_key("Home", "")
    assert said("t").startswith("Start of the game.")
    assert said("l") == "Nothing played yet."
    app.on_key("ArrowRight", "")
    app.on_key("ArrowRight", "")
    t = said("T")
    assert t.startswith(f"Move 2 of {n}.") and t.split(". ", 1)[1].split(" The arrow")[0] in readout.text_of(page.html)
    last = said("l")
    assert last.startswith(f"Move 1 of {n}: ") and f"Move 2 of {n}: " in last
    assert said("v") and said("v") != said("t")
    app.on_key("End", "")
    scores = said("r")
    assert scores and scores != "Nothing to read here.", scores
    assert said("l").count(f" of {n}: ") == min(5, n)
    assert 'id="keys-dialog"' not in page.html
    app.on_key("?", "")
    assert 'id="keys-dialog"' in page.html
    app.on_click("keys-close", {})
    assert 'id="keys-dialog"' not in page.html
    app.on_key("?", "")
    assert app.on_key("Escape", "") and 'id="keys-dialog"' not in page.html
    app.on_click("log-all", {})          # a table's act with no replay part: nothing happens


@pytest.mark.parametrize("lang,text", [("en", "damaged or incomplete"), ("fr", "abîmé ou incomplet")])
def test_a_cut_replay_link_says_so_in_both_languages(lang, text):
    s = random_game("fennecs", 3, 5)
    code = links.encode("replay", s.record(), [{"kind": "human", "name": "", "level": None}] * 3)
    app, page = app_at(MemoryStore(), "#replay/" + code[:-6], lang=lang)
    assert app.screen == "home" and text in page.html and "notice-error" in txt(page)
    app, page = app_at(MemoryStore(), "#replay/not*a*link", lang=lang)
    assert ("not a Renardière game link" if lang == "en" else "pas un lien de partie Renardière") in page.html


def test_an_unfinished_game_has_no_replay_link():
    s = random_game("renard_des_bois", 2, 5, stop=20)
    code = links.encode("replay", s.record(), [{"kind": "human", "name": "", "level": None}] * 2)
    app, page = app_at(MemoryStore(), "#replay/" + code)
    assert app.screen == "home" and "not finished" in txt(page)


# -- Fendo by link ---------------------------------------------------------------------------

def test_two_devices_play_fendo_by_link():
    a, pa = app_at(MemoryStore())
    ses = start_by_link(a, pa)
    assert [s["kind"] for s in ses.seats] == ["human", "remote"]
    assert "You play White; Bob plays Orange" in txt(pa) and 'id="share"' not in pa.html
    tap(a, "d1-d4N")
    assert ses.state.actions == [[0, "d1-d4N"]]
    assert "Send them this link" in txt(pa) and "Bob to play." in txt(pa) and "Bob to play: tap" not in txt(pa)
    a.on_click("cell", {"cell": "d7"})                 # Bob's pawn is not Ann's to move here
    assert a.play.table.sel.mode is None and 'id="reserve" data-act="reserve"' not in pa.html
    url1 = share_url(pa.html)
    a.on_click("share", {})
    assert pa.shares[-1][0] == url1 and "Link copied" in txt(pa)
    # B opens it: a new game here, B plays Orange, and it is B's turn
    b, pb = app_at(MemoryStore(), fragment(url1))
    assert pb.hash == "#play/" + ses.id and b.play.session.id == ses.id
    assert [s["kind"] for s in b.play.session.seats] == ["remote", "human"]
    assert "You joined Ann's game by link: you play Orange." in txt(pb)
    assert "You play Orange; Ann plays White" in txt(pb) and "Bob to play: tap" in txt(pb)
    tap(b, "d7-d5W")
    assert b.play.session.state.actions[-1] == [1, "d7-d5W"]
    url2 = share_url(pb.html)
    assert url2 != url1
    # B cannot take A's move back, but can take back their own, before sending
    b.on_click("undo", {})
    assert b.play.session.state.actions == [[0, "d1-d4N"]]
    b.on_click("undo", {})
    assert b.play.session.state.actions == [[0, "d1-d4N"]] and "cannot be taken back" in txt(pb)
    tap(b, "d7-d5W")
    assert share_url(pb.html) == url2
    # A opens B's link: the move arrives, A's turn
    pa.go(fragment(url2))
    assert a.play.session.state.actions == [[0, "d1-d4N"], [1, "d7-d5W"]]
    assert "Bob played d7-d5W." in txt(pa) and "Ann to play: tap" in txt(pa)
    # both devices keep the game, in Continue, each knowing whose turn it is
    pa.go("#")
    assert "Continue" in txt(pa) and f'href="#play/{ses.id}"' in pa.html and "your turn" in txt(pa)
    pb.go("#")
    assert f'href="#play/{ses.id}"' in pb.html and "waiting for Ann" in txt(pb)
    rec = json.loads(b.store.get(saves.key_of(ses.id)))["record"]
    assert rec["actions"] == [[0, "d1-d4N"], [1, "d7-d5W"]]
    # an older link, the same link again, and a link of another game under this id
    pa.go(fragment(url1))
    assert "older than the game on this device" in txt(pa) and len(a.play.session.state.actions) == 2
    pa.go(fragment(url2))
    assert "brings nothing new" in txt(pa)
    other = random_game("fendo", 2, 99, stop=3)
    seats = [{"kind": "human", "name": "X", "level": None}, {"kind": "remote", "name": "Y", "level": None}]
    pa.go("#move/" + links.encode("move", other.record(), seats, ses.id))
    assert "another game" in txt(pa) and len(a.play.session.state.actions) == 2
    # a link that went another way from move 2 on
    fork = random_game("fendo", 2, ses.state.seed, stop=0)
    fork.apply(0, "d1-d4N")
    fork.apply(1, "d7-d6W")
    bob_seats = [dict(seats[0], kind="remote"), dict(seats[1], kind="human")]   # as Bob's device sees them
    pa.go("#move/" + links.encode("move", fork.record(), bob_seats, ses.id))
    assert "differ from move 2 on" in txt(pa) and a.play.session.state.actions[-1] == [1, "d7-d5W"]


def test_a_friend_who_moves_first_gets_the_first_link():
    a, pa = app_at(MemoryStore())
    ses = start_by_link(a, pa, me=1)                 # Ann plays Orange: Bob, White, starts
    assert ses.humans == [1] and "It is Bob's turn" in txt(pa)
    b, pb = app_at(MemoryStore(), fragment(share_url(pa.html)))
    assert b.play.session.humans == [0] and "you play White" in txt(pb) and b.play.session.state.actions == []


def test_a_bad_move_link_says_so_in_french():
    app, page = app_at(MemoryStore(), "#move/AQgCAwAAAAgOMThj", lang="fr")
    assert app.screen == "home" and "abîmé ou incomplet" in txt(page)
    # a replay link is not a move link, and card games are not played by link
    s = random_game("renard_des_bois", 2, 1, stop=2)
    seats = [{"kind": "human", "name": "", "level": None}, {"kind": "remote", "name": "", "level": None}]
    app, page = app_at(MemoryStore(), "#move/" + links.encode("move", s.record(), seats, "abc"))
    assert "not a Renardière game link" in txt(page)


def test_only_fendo_offers_a_friend_by_link():
    app, page = app_at(MemoryStore())
    page.go("#new/fendo")
    assert 'value="remote"' in page.html
    app.on_form("kind1", "remote")
    assert "sends one back" in txt(page) or "send them a link" in txt(page)
    page.go("#new/renard_des_bois")
    assert 'value="remote"' not in page.html
    app.on_form("kind1", "remote")
    assert app.home.form["seats"][1]["kind"] != "remote"


def tap_any(app, action):
    if action == "pass":
        app.on_click("pass", {})
    else:
        tap(app, action)


def test_a_whole_game_by_link_to_its_end_on_both_devices():
    import random
    rng = random.Random(5)
    a, pa = app_at(MemoryStore())
    start_by_link(a, pa)
    devices = [(a, pa)]
    longest = 0
    while True:
        mover, mpage = next((d, p) for d, p in devices if d.play.session.human_to_move() is not None)
        seat = mover.play.session.human_to_move()
        tap_any(mover, rng.choice(mover.play.session.legal(seat)))
        url = share_url(mpage.html)
        longest = max(longest, len(url))
        if len(devices) == 1:
            devices.append(app_at(MemoryStore(), fragment(url)))
        else:
            other, opage = next((d, p) for d, p in devices if d is not mover)
            opage.go(fragment(url))
            assert other.play.session.state.actions == mover.play.session.state.actions
        if mover.play.session.state.over:
            break
    (b, pb) = devices[1]
    print(f"\nlongest link of a random whole Fendo game by link ({len(a.play.session.state.actions)} actions): "
          f"{longest} characters")
    assert longest < 1000
    for app, page in devices:
        assert app.play.session.state.over and 'id="end-dialog"' in page.html
    # the one who made the last move found the link in the end dialog; both have a replay
    b.on_click("replay", {})
    assert b.screen == "replay"


def test_a_move_taken_back_after_it_was_sent_gives_way_to_the_friends_answer():
    a, pa = app_at(MemoryStore())
    start_by_link(a, pa)
    tap(a, "d1-d4N")
    url1 = share_url(pa.html)
    a.on_click("undo", {})                            # Ann changes her mind after sending...
    tap(a, "d1-d3E")
    assert a.play.session.state.actions == [[0, "d1-d3E"]]
    assert links.decode(share_url(pa.html).split("#move/")[1]).record["actions"] == [[0, "d1-d3E"]]
    b, pb = app_at(MemoryStore(), fragment(url1))     # ...but Bob answers the move he got
    tap(b, "d7-d5W")
    pa.go(fragment(share_url(pb.html)))
    assert a.play.session.state.actions == [[0, "d1-d4N"], [1, "d7-d5W"]]
    assert "answers a move you had taken back" in txt(pa) and "Ann to play: tap" in txt(pa)


def test_a_move_link_never_changes_a_game_that_is_not_played_by_link():
    store = MemoryStore()
    s = random_game("fendo", 2, 6, stop=2)
    seats = [{"kind": "human", "name": "", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
    saves.write(store, saves.make("mine1", s.record(), seats, 1_764_000_000))
    s.apply(s.to_move[0], s.legal_actions(s.to_move[0])[0])
    code = links.encode("move", s.record(), [seats[0], dict(seats[1], kind="remote")], "mine1")
    app, page = app_at(store, "#move/" + code)
    assert "another game" in txt(page) and len(app.play.session.state.actions) == 2
    assert len(json.loads(store.get(saves.key_of("mine1")))["record"]["actions"]) == 2


NASTY = "<img src=x onerror=alert(1)>"


def test_names_in_an_imported_file_or_a_link_are_text_never_markup():
    """A file or a link comes from anyone: its names are shown escaped, never as markup."""
    s = random_game("renard_des_bois", 2, 3)
    seats = [{"kind": "human", "name": NASTY, "level": None}, {"kind": "bot", "name": NASTY[:20], "level": "novice"}]
    save = saves.make("evil1", s.record(), seats, 1_764_000_000)
    app, page = app_at()
    app.import_text(saves.export_text(save), NASTY + ".json")
    assert "<img src=x" not in page.html and html.escape(NASTY) in page.html
    code = links.encode("replay", s.record(), seats)
    app2, page2 = app_at(hash_=links.fragment("replay", code))
    assert app2.screen == "replay" and "<img src=x" not in page2.html and html.escape(NASTY) in page2.html


def test_an_onexeno_replay_link_of_version_1_opens_in_the_app():
    """The link of tests/fixtures/links/ (written on 2026-11-26, through issue 27's case) opens
    as a replay of its 77 moves, to the end and back to the start."""
    fixture = json.loads((Path(__file__).parent / "fixtures" / "links" /
                          "version1-e943f4e-onexeno.json").read_text())
    app, page = app_at(MemoryStore(), "#replay/" + fixture["code"])
    assert app.screen == "replay" and step(page.html) == (77, 77) == (len(fixture["record"]["actions"]),) * 2
    app.on_click("rp-step", {"to": "first"})
    assert step(page.html) == (0, 77)
    app.on_click("rp-step", {"to": "end"})
    assert 'data-over="1"' in page.html and "Ana" in txt(page)
