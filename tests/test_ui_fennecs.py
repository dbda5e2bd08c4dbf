"""Fennecs in the app's controller, on CPython, with the fake page of test_ui_app."""

from __future__ import annotations

import random
import re

import game
from ui import fennecs_ui, i18n, saves
from ui.saves import MemoryStore

from test_ui_app import PAGES, _close_pending_bot_moves, make_app  # noqa: F401  (the fixture)
from test_ui_renard import hand_cards  # the hand as drawn, the same markup in both card games

GID = "fennecs"


def start(app, page, kinds=("human", "bot", "bot"), variant=None):
    page.go("#new/" + GID)
    app.on_form("players", str(len(kinds)))
    for i, k in enumerate(kinds):
        app.on_form(f"kind{i}", k)
        if k == "bot":
            app.on_form(f"level{i}", "novice")
    if variant:
        app.on_form("opt-variant", variant)
    app.on_click("start", {})
    page.run()
    return app.session


def tap_for(app, action):
    """The taps that make ``action``: card, column, face up/down; Collect; a 1/5 choice and Confirm."""
    if action.startswith("take "):
        app.on_click("ftake", {"col": action[5:]})
    elif action.startswith("as "):
        app.on_click("fchoice", {"choice": action})
        app.on_click("fconfirm", {})
    else:
        m = re.match(r"^(.+?)(v?)>([A-E])$", action)
        app.on_click("fcard", {"card": m.group(1)})
        app.on_click("fcol", {"col": m.group(3)})
        app.on_click("fplay", {"down": "1" if m.group(2) else "0"})


def test_home_card_is_playable_and_the_form_offers_players_and_variant():
    app, page = make_app()
    assert 'href="#new/fennecs"' in page.html
    page.go("#new/" + GID)
    assert 'name="players"' in page.html and 'name="opt-variant"' in page.html
    assert "Renard des sables" in page.html
    app.on_form("players", "5")
    assert page.html.count('class="seat-box') == 5 and "Player 5" in page.html
    app.on_form("players", "4")
    assert page.html.count('class="seat-box') == 4
    app.on_form("opt-variant", "sahara")
    app.on_click("start", {})
    ses = app.session
    assert ses.state.options == {"variant": "sahara"} and ses.state.players == 4
    # the next form remembers the table
    page.go("#new/" + GID)
    assert page.html.count('class="seat-box') == 4


def test_a_whole_three_player_game_against_two_novice_bots_by_taps():
    app, page = make_app()
    ses = start(app, page)
    rng = random.Random(3)
    rounds_seen = 0
    for _ in range(3000):
        if ses.state.over:
            break
        page.run()
        if 'id="round-dialog"' in page.html:
            assert "End of round" in page.html and "Stars" in page.html
            rounds_seen += 1
            app.on_click("round-ok", {})
            assert 'id="round-dialog"' not in page.html
            continue
        seat = ses.human_to_move()
        if seat is None:
            continue
        view = ses.state.view(0)
        assert hand_cards(page.html) == view["hand"]
        # a bot's face-down card shows only its back
        for c in view["columns"]:
            for card in c["cards"]:
                if card["down"] and card["by"] != 0:
                    assert "card" not in card
        legal = ses.legal(seat)
        before = ses.ply
        tap_for(app, rng.choice(legal))
        assert ses.ply > before, page.html
    assert ses.state.over and rounds_seen >= 1
    assert 'id="end-dialog"' in page.html
    totals = [int(x) for x in re.findall(r'<td class="total" data-score="(\d+)"', page.html)]
    assert totals == ses.state.scores
    app.on_click("hide-end", {})
    assert 'id="end-dialog"' not in page.html and 'id="show-end"' in page.html


def _game_with(card, variant="standard", players=3):
    """A saved game whose first player (a human; the others novice bots) holds ``card``."""
    for seed in range(500):
        st = game.new_game(GID, players=players, seed=seed, variant=variant)
        p = st.to_move[0]
        if card in st.view(p)["hand"]:
            store = MemoryStore()
            seats = [{"kind": "bot", "name": "", "level": "novice"} for _ in range(players)]
            seats[p] = {"kind": "human", "name": "Ada", "level": None}
            saves.write(store, saves.make("f1", st.record(), seats, 0))
            return store, p
    raise AssertionError("no such deal")


def test_a_refused_choice_shows_the_reason_translated():
    for lang, text in (("en", "The Supernova is always played face down."),
                       ("fr", "La Supernova se joue toujours face cachée.")):
        store, p = _game_with("*", "renard_des_sables")
        app, page = make_app(store, "#play/f1", lang=lang)
        ses = app.session
        app.on_click("fcard", {"card": "*"})
        assert 'class="fstack lit"' in page.html
        col = fennecs_ui.columns_for(fennecs_ui.options(ses.legal(p)), "*").pop()
        app.on_click("fcol", {"col": col})
        assert re.search(r'id="face-up"[^>]*aria-disabled="true"|aria-disabled="true"[^>]*id="face-up"', page.html)
        app.on_click("fplay", {"down": "0"})
        assert ses.ply == 0
        assert 'class="st st-error"' in page.html and text in page.html.replace("&#x27;", "'")
        # the choice stays on screen: face down is fine, and the card is marked as ours
        assert 'id="face-down"' in page.html
        app.on_click("fplay", {"down": "1"})
        assert ses.ply >= 1 and ses.state.actions[0] == [p, f"*v>{col}"]
        assert i18n.tr(lang, "fennecs.yours") in page.html


def test_a_collected_column_with_too_few_cards_is_refused_with_a_reason():
    app, page = make_app()
    ses = start(app, page)
    seat = ses.human_to_move()
    while seat is None:
        page.run()
        seat = ses.human_to_move()
    view = ses.state.view(seat)
    one = next(c["name"] for c in view["columns"] if len(c["cards"]) == 1)
    assert f'id="take-{one}"' not in page.html
    app.on_click("ftake", {"col": one})
    assert "holds only its starting card" in page.html


def test_hot_seat_hides_each_hand_until_its_player_taps():
    app, page = make_app()
    ses = start(app, page, kinds=("human", "human", "bot"))
    for _ in range(6):
        page.run()
        seat = ses.human_to_move()
        assert seat is not None
        assert 'id="reveal"' in page.html and "Pass the device to Player" in page.html
        for p in (0, 1):
            for c in ses.state.view(p)["hand"]:
                assert fennecs_ui.card_label(app.tr, c) not in page.html
        assert 'id="hand"' not in page.html
        # taps do nothing until the hand is shown
        app.on_click("fcard", {"card": ses.state.view(seat)["hand"][0]})
        assert app.sel["card"] is None
        app.on_click("reveal", {"seat": str(seat)})
        assert hand_cards(page.html) == ses.state.view(seat)["hand"]
        plays = [a for a in ses.legal(seat) if not a.startswith(("take", "as"))]
        tap_for(app, plays[0])
        page.run()
        if ses.state.over or ses.human_to_move() == seat:
            break


def test_the_one_five_choice_offers_the_values_best_first_and_confirms():
    rng = random.Random(1)
    for attempt in range(40):
        store, p = _game_with("1/5", players=3)
        app, page = make_app(store, "#play/f1")
        ses = app.session
        ses.state  # noqa: B018
        for _ in range(60):
            page.run()
            app.on_click("round-ok", {})
            seat = ses.human_to_move()
            if seat is None:
                break
            view = ses.state.view(seat)
            if view["pending"]:
                pend = view["pending"]
                assert 'id="choice"' in page.html and 'id="confirm"' in page.html
                best = fennecs_ui.best_choice(pend)
                assert re.search(r'data-act="fconfirm" data-choice="' + re.escape(best) + '"', page.html)
                for ch, val in zip(pend["choices"], pend["values"]):
                    assert f'data-choice="{ch}"' in page.html
                    assert f"column worth {val}" in page.html
                other = [c for c in pend["choices"] if c != best][0]
                app.on_click("fchoice", {"choice": other})
                assert re.search(r'data-act="fconfirm" data-choice="' + re.escape(other) + '"', page.html)
                app.on_click("fconfirm", {})
                last = ses.state.view(seat)["last_collection"]
                assert last["values"] == [int(x) for x in other[3:].split(",")]
                assert 'id="last-collection"' in page.html and f'data-value="{last["value"]}"' in page.html
                return
            legal = ses.legal(seat)
            wild_cols = {c["name"] for c in view["columns"] if any(x.get("card") == "1/5" for x in c["cards"])}
            takes = [a for a in legal if a.startswith("take ") and a[5:] in wild_cols]
            plays = [a for a in legal if a.startswith("1/5") and ">" in a]
            onto = [a for a in legal if not a.startswith("take") and a[-1] in wild_cols]
            choice = (takes or plays or onto or [a for a in legal if not a.startswith("take")] or legal)[0]
            tap_for(app, choice)
        rng.random()
    raise AssertionError("no 1/5 choice reached")


def test_undo_guard_allows_only_an_unanswered_own_play():
    st = game.new_game(GID, players=3, seed=2)
    p = st.to_move[0]
    play = next(a for a in st.legal_actions(p) if not a.startswith("take"))
    st.apply(p, play)
    assert fennecs_ui.undo_guard(st.record(), 0) is None
    q = st.to_move[0]
    st.apply(q, next(a for a in st.legal_actions(q) if not a.startswith("take")))
    assert fennecs_ui.undo_guard(st.record(), 0) == "undo.fennecs.answered"
    # a collection is never taken back
    while not any(a.startswith("take") for a in st.legal_actions(st.to_move[0])):
        r = st.to_move[0]
        st.apply(r, st.legal_actions(r)[0])
    r = st.to_move[0]
    n = len(st.actions)
    st.apply(r, next(a for a in st.legal_actions(r) if a.startswith("take")))
    assert fennecs_ui.undo_guard(st.record(), n) == "undo.fennecs.revealed"


def test_the_games_words_are_translated():
    keys = [f"fennecs.short.{k}" for k in set(fennecs_ui.CARD_KIND.values())]
    keys += [f"fennecs.card.{k}" for k in set(fennecs_ui.CARD_KIND.values())]
    keys += [f"undo.fennecs.{r}" for r in ("answered", "revealed", "round")]
    keys += [f"fennecs.round_reason.{r}" for r in ("all_collected", "six", "stuck")]
    keys += [f"fennecs.end.{r}" for r in ("threshold", "reserve_empty")]
    keys += [f"{GID}.seat{i}" for i in range(5)]
    for o in game.GAMES[GID].options:
        keys += [f"opt.{GID}.{o.name}"] + [f"opt.{GID}.{o.name}.{c}" for c in o.choices]
    src = open(game.fennecs.__file__, encoding="utf-8").read()
    keys += ["err." + c for c in set(re.findall(r'"(fennecs\.[a-z_]+)"', src))]
    assert [k for k in keys if k not in i18n.TABLE] == []
