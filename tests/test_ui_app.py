"""The app's controller on CPython, with a fake page and the bots called directly
(tests/helpers/app.py)."""

from __future__ import annotations

import json
import random
import re

import pytest

import bots
import game
from ui.kit import registry
from ui.store import saves, session
from ui.store.saves import MemoryStore

from helpers.app import FORCED_PASS, human_move, make_app, novices_play_it_out, start_vs_bot, tap_d1_d4N



def test_home_lists_every_game_of_the_catalogue():
    app, page = make_app()
    assert len(game.GAMES) >= 5
    for gid in game.GAMES:
        assert f'data-game="{gid}"' in page.html
    assert "Coming soon" not in page.html              # every one is playable


def test_default_new_game_is_you_against_the_standard_bot():
    app, page = make_app()
    page.go("#new/fendo")
    f = app.home.form
    assert [s["kind"] for s in f["seats"]] == ["human", "bot"]
    assert f["seats"][1]["level"] == bots.DEFAULT_LEVEL
    assert f["options"] == {"size": 7, "handicap": 7, "stronger": 0}
    assert 'placeholder="Owl"' in page.html and 'placeholder="White"' in page.html
    app.on_form("opt-size", "9")
    app.on_form("opt-handicap", "6")
    app.on_form("opt-stronger", "1")
    app.on_form("name0", "Ada")
    app.on_click("start", {})
    ses = app.play.session
    assert ses.state.options == {"size": 9, "handicap": 6, "stronger": 1}
    assert ses.seats[0] == {"kind": "human", "name": "Ada", "level": None}
    assert page.hash == "#play/" + ses.id
    # the next new game remembers these settings
    page.go("#new/fendo")
    assert app.home.form["options"]["size"] == 9 and app.home.form["seats"][0]["name"] == "Ada"


def test_taps_play_a_move_the_bot_answers_and_every_action_is_saved():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    app.on_click("cell", {"cell": "d1"})
    assert 'class="cell reach' in page.html or " reach" in page.html
    app.on_click("cell", {"cell": "d4"})
    assert 'data-act="wall"' in page.html
    app.on_click("wall", {"side": "N"})
    assert ses.state.actions == [[0, "d1-d4N"]]
    assert app.play.thinking == 1 and 'data-thinking="1"' in page.html
    stored = json.loads(app.store.get(saves.key_of(ses.id)))
    assert stored["record"]["actions"] == [[0, "d1-d4N"]]
    page.run()
    assert len(ses.state.actions) == 2 and app.play.thinking is None
    stored = json.loads(app.store.get(saves.key_of(ses.id)))
    assert stored["record"] == ses.state.record()
    # the bot's seed comes from the game's seed and the ply
    assert app.bot.calls == [(1, "novice", session.bot_seed(ses.state.seed, 1, 1))]


def test_an_illegal_tap_shows_the_reason_in_the_players_language():
    app, page = make_app(lang="fr")
    start_vs_bot(app, page)
    app.on_click("cell", {"cell": "d7"})
    assert "Le pion en d7 n&#x27;est pas à vous." in page.html
    assert 'class="st st-error"' in page.html
    # and told once to screen readers (the status line is redrawn, so it is not a live region)
    assert page.said[-1] == "Le pion en d7 n'est pas à vous."
    app.render()
    assert page.said.count("Le pion en d7 n'est pas à vous.") == 1
    assert 'id="status" role' not in page.html and 'aria-live' not in page.html.split('id="status"')[1][:40]


def test_undo_takes_back_the_human_action_and_the_bot_reply():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    tap_d1_d4N(app)
    page.run()
    app.on_click("reserve", {})
    entry = sorted(app.play.session.legal(0))[0]
    app.on_click("cell", {"cell": entry})
    page.run()
    assert len(ses.state.actions) == 4
    app.on_click("undo", {})
    assert ses.state.actions[:1] == [[0, "d1-d4N"]] and len(ses.state.actions) == 2
    app.on_click("undo", {})
    assert ses.state.actions == []
    assert json.loads(app.store.get(saves.key_of(ses.id)))["record"]["actions"] == []
    assert 'id="undo" disabled' in page.html or ('id="undo"' in page.html and "disabled" in page.html)


def test_undo_while_the_bot_thinks_drops_its_answer():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    tap_d1_d4N(app)
    app.on_click("undo", {})          # before the bot's move lands
    page.run()
    assert ses.state.actions == []


class _Pause:
    def __await__(self):
        yield


def test_a_bot_answer_to_a_position_undone_and_replayed_otherwise_is_dropped():
    """Issue 21, bug 5: a move, Undo, another move while the bot thinks: the bot's answer to
    the first move is not played on the second; the bot is asked again."""
    app, page = make_app()
    ses = start_vs_bot(app, page)
    held = []

    async def think(record_json, seat, level, seed):    # answers, then waits to be let go
        held.append(json.loads(record_json)["actions"])
        answer = bots.choose(game.replay(json.loads(record_json)), seat, level, seed)
        while len(held) == 1 and not getattr(app, "_let_go", False):
            await _Pause()
        return answer

    app.bot.think = think
    tap_d1_d4N(app)
    thinking = next(t for t in page.tasks if t.__name__ == "_bot_move")
    page.tasks.remove(thinking)
    thinking.send(None)                # the worker has the position after d1-d4N, and thinks
    assert held == [[[0, "d1-d4N"]]]
    app.on_click("undo", {})
    app.on_click("cell", {"cell": "d1"})
    app.on_click("cell", {"cell": "d3"})
    app.on_click("wall", {"side": "E"})   # as many actions as before, another position
    assert ses.state.actions == [[0, "d1-d3E"]]
    app._let_go = True
    page.tasks.insert(0, thinking)
    page.run()
    assert held == [[[0, "d1-d4N"]], [[0, "d1-d3E"]]]      # asked again, about the new position
    assert ses.state.actions[0] == [0, "d1-d3E"] and len(ses.state.actions) == 2
    assert app.play.bot_error is None


def test_undo_guard_hook_can_refuse(monkeypatch):
    app, page = make_app()
    ses = start_vs_bot(app, page)
    tap_d1_d4N(app)
    page.run()
    monkeypatch.setattr(registry.screen("fendo"), "undo_guard", lambda record, keep: "undo.nothing")
    app.on_click("undo", {})
    assert len(ses.state.actions) == 2


def test_reload_resumes_exactly():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    tap_d1_d4N(app)
    page.run()
    app2, page2 = make_app(app.store, "#play/" + ses.id)
    assert app2.play.session.state.record() == ses.state.record()
    moves = lambda html: re.findall(r'<td class="mv[^"]*">([^<]*)</td>', html)
    assert moves(page2.html) == moves(page.html)
    # and the home screen offers to continue it
    page2.go("")
    assert 'href="#play/%s"' % ses.id in page2.html and "2 moves played" in page2.html


def test_a_broken_save_is_reported_and_kept_aside_while_the_others_load():
    store = MemoryStore()
    app, page = make_app(store)
    ses = start_vs_bot(app, page)
    store.set("renardiere.save.broken1", '{"format": 1, "id": "broken1"')
    app2, page2 = make_app(store)
    assert "renardiere.save.broken1" in page2.html and "could not be opened" in page2.html
    assert store.get("renardiere.save.broken1") is None
    assert any(k.startswith("renardiere.aside.broken1") for k in store.keys())
    assert 'href="#play/%s"' % ses.id in page2.html
    # opening a broken game by its URL lands on home with the report, not a crash
    store.set("renardiere.save.broken2", "[]")
    app3, page3 = make_app(store, "#play/broken2")
    assert app3.screen == "home" and "renardiere.save.broken2" in page3.html


def test_a_game_played_in_two_tabs_is_never_silently_overwritten():
    store = MemoryStore()
    a, page_a = make_app(store)
    ses = start_vs_bot(a, page_a)
    tap_d1_d4N(a)
    page_a.run()                                                # 2 actions saved
    b, page_b = make_app(store, "#play/" + ses.id)             # the same game in a second tab
    assert b.play.session.state.record() == ses.state.record()
    human_move(a)                                              # tab A plays on
    page_a.run()
    saved = json.loads(store.get(saves.key_of(ses.id)))["record"]
    assert len(saved["actions"]) == 4
    # tab B is told at once (the page's storage event) and offers to reload
    b.on_storage(saves.key_of(ses.id))
    assert b.play.stale and "played on in another tab" in page_b.html and 'data-act="reload-game"' in page_b.html
    # a tap in B changes nothing, in memory or saved
    human_move(b, -1)
    b.on_click("undo", {})
    assert len(b.play.session.state.actions) == 2 and not page_b.tasks
    assert json.loads(store.get(saves.key_of(ses.id)))["record"] == saved
    # without the event (a missed one), the tap itself notices before playing
    c, page_c = make_app(store, "#play/" + ses.id)
    human_move(a)
    page_a.run()
    human_move(c, -1)
    assert c.play.stale and len(c.play.session.state.actions) == 4
    # reloading B shows A's moves, and B plays on from there
    b.on_click("reload-game", {})
    assert not b.play.stale and b.play.session.state.record() == a.play.session.state.record()
    assert "played on in another tab" not in page_b.html


def test_a_full_device_says_so_and_the_game_goes_on_in_memory():
    store = MemoryStore()
    app, page = make_app(store)
    ses = start_vs_bot(app, page)
    other = saves.make("keepme1", game.new_game("fendo", seed=3).record(), ses.seats, 0)
    saves.write(store, other)
    before = dict(store.data)
    store.quota = sum(len(k) + len(v) for k, v in store.data.items())   # not one more character
    tap_d1_d4N(app)
    page.run()
    assert len(ses.state.actions) == 2                    # played, and the bot answered
    assert app.play.unsaved and "storage is full" in page.html
    assert store.data == before                           # nothing saved was touched
    store.quota = None                                     # the player made room
    human_move(app)
    assert not app.play.unsaved and "storage is full" not in page.html
    assert json.loads(store.get(saves.key_of(ses.id)))["record"] == ses.state.record()


def test_a_new_version_is_offered_as_reload_to_update():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    tap_d1_d4N(app)
    page.run()
    app.on_update()
    assert "A new version of Renardière is ready" in page.html and 'data-act="update"' in page.html
    app.on_click("update", {})
    assert page.updated
    # what the reload then finds: the game, exactly
    app2, _ = make_app(app.store, "#play/" + ses.id)
    assert app2.play.session.state.record() == ses.state.record()


def test_why_a_save_did_not_open_is_said_in_the_players_language():
    store = MemoryStore()
    store.set("renardiere.save.cut1", '{"format": 2, "id": "cut1", "rec')
    app, page = make_app(store, lang="fr")
    shown = re.sub(r'data-detail="[^"]*"', "", page.html)   # the English detail, for a bug report
    assert "le fichier est abîmé ou tronqué" in shown and "not JSON" not in shown
    assert "not JSON" in page.html


def test_unknown_game_url_goes_home_with_a_notice():
    app, page = make_app(hash_="#play/nope")
    assert app.screen == "home" and "not saved on this device" in page.html


def test_language_switch_is_persisted():
    app, page = make_app()
    app.on_click("lang", {"lang": "fr"})
    assert app.store.get("renardiere.lang") == "fr" and page.lang == "fr"
    assert "Nouvelle partie" in page.html and 'aria-pressed="true" title="Français"' in page.html


def test_forced_pass_is_announced_and_confirmed():
    store = MemoryStore()
    record = game.new_game("fendo", seed=1).record()
    record["actions"] = FORCED_PASS
    seats = [{"kind": "bot", "name": "", "level": "novice"}, {"kind": "human", "name": "", "level": None}]
    saves.write(store, saves.make("pass1", record, seats, 0))
    app, page = make_app(store, "#play/pass1")
    assert app.play.session.legal(1) == ["pass"]
    assert "Orange has no legal action and must pass." in page.html and 'data-act="pass"' in page.html
    assert 'data-flip="1"' in page.html   # the only human is Orange: the board turns round
    app.on_click("pass", {})
    assert app.play.session.state.actions[-1] == [1, "pass"]


def test_export_downloads_the_save():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    app.on_click("export", {"id": ses.id})
    (name, text), = page.downloads
    assert name.endswith(".json") and json.loads(text)["id"] == ses.id
    # and importing that file opens it as a new game
    app.import_text(text, name)
    assert app.play.session.id != ses.id and app.screen == "play"
    assert "Game imported" in page.html
    app.import_text("nonsense", "x.json")
    assert app.screen == "home" and "is not a game this app can open" in page.html


def test_a_whole_game_between_bots_ends_on_the_count():
    store = MemoryStore()
    app, page = make_app(store)
    novices_play_it_out(app, page)
    st = app.play.session.state
    assert st.over
    assert 'id="end-dialog"' in page.html
    totals = [int(x) for x in re.findall(r'<td class="total" data-score="(\d+)"', page.html)]
    assert totals == st.scores
    old_id = app.play.session.id
    app.on_click("again", {})
    assert app.play.session.id != old_id and app.play.session.state.actions == []  # a new game, same seats
    assert [s["kind"] for s in app.play.session.seats] == ["bot", "bot"]


@pytest.mark.slow
def test_the_same_game_seed_gives_the_same_bot_game():
    def play():
        store = MemoryStore()
        app, page = make_app(store)
        app.rng.seed(42)
        novices_play_it_out(app, page)
        return app.play.session.state.record()
    assert play() == play()


def test_keyboard_plays_a_move():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    assert 'tabindex="0" aria-label="d1: ' in page.html      # the board's tab stop: your pawn
    assert app.on_key("Enter", "board")        # select d1
    assert app.play.table.sel.cursor == "d1" and 'class="cursor"' in page.html
    for _ in range(3):
        app.on_key("ArrowUp", "board")
    app.on_key("Enter", "board")               # destination d4
    app.on_key("n", "board")                   # wall on its north side
    assert ses.state.actions == [[0, "d1-d4N"]]
    assert not app.on_key("x", "board")
    app.on_key("Escape", "")


def test_dates_are_shown_in_local_time():
    from ui.parts.pages import _when
    tr = lambda key, /, **p: __import__("ui.kit.i18n").kit.i18n.tr("en", key, **p)
    assert _when(tr, "2026-11-25T23:30:00Z", 0) == "Nov 25, 2026, 23:30"
    assert _when(tr, "2026-11-25T23:30:00Z", -60) == "Nov 26, 2026, 00:30"   # Paris in winter
    assert _when(tr, "garbage") == "garbage"


def test_delete_asks_once_more():
    app, page = make_app()
    ses = start_vs_bot(app, page)
    page.go("")
    app.on_click("delete", {"id": ses.id})
    assert app.store.get(saves.key_of(ses.id)) is not None and "Really delete?" in page.html
    app.on_click("delete", {"id": ses.id})
    assert app.store.get(saves.key_of(ses.id)) is None and "#play/" + ses.id not in page.html


def test_a_tap_off_the_cells_cancels():
    app, page = make_app()
    start_vs_bot(app, page)
    assert 'data-act="cancel-bg"' in page.html
    app.on_click("cell", {"cell": "d1"})
    assert app.play.table.sel.mode == "pawn"
    app.on_click("cancel-bg", {})
    assert app.play.table.sel.mode is None


def test_esc_is_html_escape():
    import html

    from ui.kit.html import esc
    for text in ["a&b<c>d\"e'f", "<img src=x onerror=alert(1)>", "plain", "&amp;", 42]:
        assert esc(text) == html.escape(str(text), quote=True)


def test_bigger_boards_offer_bigger_cells_and_the_default_board_does_not():
    app, page = make_app()
    start_vs_bot(app, page)
    assert 'id="zoom"' not in page.html                      # 7x7: 44 px cells everywhere
    page.go("#new/fendo")
    app.on_form("opt-size", "9")
    app.on_click("start", {})
    assert app.play.session.state.view(None)["size"] == 9
    assert 'id="zoom"' in page.html and "zoomed" not in page.html
    app.on_click("zoom", {})
    assert 'class="play play-fendo size-9 zoomed"' in page.html and 'aria-pressed="true"' in page.html
    app.on_click("zoom", {})
    assert "zoomed" not in page.html


def test_a_tap_builds_the_view_once():
    """A tap reads the position once: the table, the tap and the live region share one view
    per seat and position (``Session.view``)."""
    app, page = make_app()
    ses = start_vs_bot(app, page)
    built = []
    real = type(ses.state).view

    def counting(state, seat=None):
        if state is ses.state:       # not the copies a table plays a choice on (a preview)
            built.append(seat)
        return real(state, seat)

    type(ses.state).view = counting
    try:
        app.on_click("cell", {"cell": "d1"})          # picks the pawn, then its destination:
        app.on_click("cell", {"cell": "d4"})          # the position drawn at the start serves
        assert built == []
        app.on_click("wall", {"side": "N"})           # plays: the new position is read once, for
        assert built == [0]                           # the live region, the table and the bot's turn
    finally:
        type(ses.state).view = real


HIDDEN = sorted(g for g, info in game.GAMES.items() if info.hidden)


@pytest.mark.parametrize("gid", HIDDEN)
def test_undo_never_takes_back_another_seats_answer_in_a_hidden_game(gid):
    """Issue 27, fault 3: in a game that hides something, a bot's answer to the person's
    action is never taken back with it (the card it placed, seen, would go back into its
    hidden hand), whatever the game's own guard says."""
    info = game.GAMES[gid]
    seats = [{"kind": "human", "name": "", "level": None}] + [
        {"kind": "bot", "name": "", "level": "novice"}] * (info.min_players - 1)
    rng = random.Random(27)
    checked = 0
    for seed in range(3):
        st = game.new_game(gid, players=info.min_players, seed=seed)
        while not st.over and len(st.actions) < 300:
            seat = st.to_move[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            acts = st.actions
            if len(acts) > 1 and acts[-2][0] == 0 and acts[-1][0] != 0 and not st.over:
                keep, reason = session.Session(saves.make("u", st.record(), seats, 0), st.clone()).undo_keep()
                assert keep is None and reason, (seed, len(acts))
                checked += 1
    assert checked > 5


def test_onexeno_end_phase_undo_keeps_the_bots_answer():
    """Issue 27, fault 3, as reported: the deck empty, the person places a card, the bot
    answers; Undo is refused and says why, the bot's answer stays."""
    st, rng = game.new_game("onexeno", players=2, seed=0), random.Random(0)
    while True:      # random placements up to a placement, deck empty, that the bot answers
        me = st.to_move[0]
        mine = [a for a in st.legal_actions(me) if a != "pass"]
        going = [a for a in mine if _answered(st, me, a)]
        if not st.view(None)["deck"] and going:
            break
        st.apply(me, rng.choice(mine or ["pass"]))
    seats = [{"kind": "bot", "name": "", "level": "novice"}, {"kind": "bot", "name": "", "level": "novice"}]
    seats[me] = {"kind": "human", "name": "", "level": None}
    store = MemoryStore()
    saves.write(store, saves.make("ox1", st.record(), seats, 0))
    app, page = make_app(store, "#play/ox1")
    ses = app.play.session
    n = len(ses.state.actions)
    app.play.move(me, going[0])
    page.run()
    answered = [list(a) for a in ses.state.actions]
    assert len(answered) > n + 1 and answered[n + 1][0] != me
    app.on_click("undo", {})
    assert [list(a) for a in ses.state.actions] == answered
    assert "before another player acts" in page.html


def _answered(st, seat, action) -> bool:
    """``action`` leaves the round going, another seat to answer it."""
    after = st.clone()
    after.apply(seat, action)
    return (not after.over and after.to_move[0] != seat
            and after.view(None)["round"] == st.view(None)["round"])
