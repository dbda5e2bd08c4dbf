"""Fennecs in the app's controller, on CPython, with the fake page of tests/helpers/app.py."""

from __future__ import annotations

import dataclasses
import html
import random
import re

import pytest

import game
from game import fennecs
from ui.kit import i18n
from ui.store import saves
from ui.games.fennecs import cards as fennecs_ui
from ui.store.saves import MemoryStore

from helpers.app import guarded, make_app, start
from helpers.drawn import click, found, hand_cards, status_text

GID = "fennecs"


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
    ses = app.play.session
    assert ses.state.options == {"variant": "sahara"} and ses.state.players == 4
    # the next form remembers the table
    page.go("#new/" + GID)
    assert page.html.count('class="seat-box') == 4


# -- taps read from the page, as a person sees it ---------------------------------------

RAW_KEY = re.compile(r"\b(?:fennecs|undo|err|msg|renard)\.[a-z_]+\.?[a-z_]*\b")


def check_table(page, view, tr):
    """What must always be on screen: the Reserve, each player's stars, owed stars and
    whether they have finished the round; and the stars and cards all add up."""
    h = page.html
    assert f'id="reserve" data-reserve="{view["reserve"]}"' in h
    for seat, (stars, owed, done) in enumerate(zip(view["stars"], view["owed"], view["finished"])):
        m = re.search(r'<li class="fplayer[^"]*" data-seat="%d" data-stars="(\d+)" data-owed="(\d+)">(.*?)</li>'
                      % seat, h)
        assert m and (int(m.group(1)), int(m.group(2))) == (stars, owed)
        shown = html.unescape(m.group(3))
        # one tag: "round done", unless still to play (choosing what collected 1/5 cards are worth)
        assert (tr("fennecs.finished") in shown) == (done and not view["over"] and seat not in view["to_move"])
        assert (tr("fennecs.finished") in shown) + (tr("play.to_play") in shown) <= 1
        assert (tr("fennecs.stars_owed", n=stars, owed=owed) if owed else tr("fennecs.stars", n=stars)) in shown
    # real stars: Reserve + players + stars on face-down cards; owed stars are counted apart
    on_cards = sum(c["stars"] for c in view["columns"])
    assert view["reserve"] + sum(view["stars"]) + on_cards == fennecs.STARS
    assert min(view["owed"]) >= 0 and min(view["stars"]) >= 0 and view["reserve"] >= 0
    # cards: hands, set aside, on the table and collected this round make the deck
    collected = sum(len(c["cards"]) for c in fennecs_ui.round_summary(view, view["round"])["collections"])
    if view["pending"]:
        collected += len(view["pending"]["cards"])
    table = sum(len(c["cards"]) for c in view["columns"])
    if not view["over"]:
        assert sum(view["hand_counts"]) + view["set_aside"] + table + collected == len(view["deck"])
    assert not RAW_KEY.search(re.sub(r'(class|href|id|data-[a-z]+)="[^"]*"', "", h)), RAW_KEY.search(h)


def human_turn(app, page, ses, seat, rng):
    """One decision of the person at ``seat``, by taps on what the screen offers."""
    view = ses.state.view(seat)
    legal = ses.legal(seat)
    if view["pending"]:
        # the 1/5 choice: the best value preselected, sometimes another picked, then Confirm
        best = fennecs_ui.best_choice(view["pending"])
        assert found(page, r'data-act="fconfirm" data-choice="([^"]+)"') == [best]
        assert f'data-total="{view["pending"]["values"][view["pending"]["choices"].index(best)]}"' in page.html
        if rng.random() < .3:
            click(app, page, 'data-choice="%s"' % re.escape(rng.choice(view["pending"]["choices"])))
        assert click(app, page, r'id="confirm"')
        return
    opts = fennecs_ui.options(legal)
    assert hand_cards(page.html) == view["hand"]
    cards = found(page, r'class="hcard legal[^"]*" id="fcard-\d+" data-act="fcard" data-card="([^"]+)"')
    assert set(cards) == {k for k, _ in opts["up"] | opts["down"]}
    takes = found(page, r'data-act="ftake" data-col="([A-E])"')
    assert set(takes) == opts["take"]
    if takes and (not cards or rng.random() < .3):
        assert click(app, page, 'id="take-%s"' % rng.choice(takes))
        return
    assert click(app, page, 'data-card="%s"' % re.escape(rng.choice(cards)))
    lit = found(page, r'class="fstack lit[^"]*" data-act="fcol" data-col="([A-E])"')
    assert lit
    assert click(app, page, 'data-col="%s"' % rng.choice(lit))
    up = not re.search(r'id="face-up"[^>]*aria-disabled', page.html)
    down = not re.search(r'id="face-down"[^>]*aria-disabled', page.html)
    assert up or down
    face = "face-down" if (down and (not up or rng.random() < .4)) else "face-up"
    assert click(app, page, 'id="%s"' % face)


PLAYERS_VARIANTS = [(n, v) for n in fennecs.PLAYERS for v in fennecs.VARIANTS]


@pytest.mark.parametrize("players,variant", PLAYERS_VARIANTS)
def test_a_person_plays_a_whole_game_against_novice_bots_by_taps(players, variant):
    """Each table size and variant, to the end screen: the person's seat taps hand cards,
    columns, face up or down, Collect, the 1/5 choice and each round's OK; nothing else.
    The Renard des sables games are played in French."""
    app, page = make_app(lang="fr" if variant == "renard_des_sables" else "en")
    tr = app.tr
    human = (players + fennecs.VARIANTS.index(variant)) % players
    kinds = ["bot"] * players
    kinds[human] = "human"
    ses = start(app, page, GID, kinds, variant=variant)
    assert ses.state.players == players and ses.state.options["variant"] == variant
    rng = random.Random(players * 10 + fennecs.VARIANTS.index(variant))
    rounds_seen, turns = 0, 0
    for _ in range(2000):
        page.run()
        if 'id="round-dialog"' in page.html:
            rnd = int(found(page, r'id="round-dialog" data-round="(\d+)"')[0])
            assert rnd == rounds_seen + 1 and tr("fennecs.round_over", n=rnd) in page.html
            assert f'<tr class="round-row" data-round="{rnd}">' in page.html
            check_round_rows(page.html, players)
            # the cards left on the table: a back for each face-down one gone back unseen
            (end,) = [e for e in ses.state.view(human)["log"] if e["type"] == "round_end" and e["round"] == rnd]
            unseen = sum(c is None for col in end["left"].values() for c in col)
            assert page.html.count(f'aria-label="{tr("fennecs.unseen")}"') == unseen
            last = 'data-last=1' in page.html
            assert last == (ses.state.over and rnd == ses.state.view(None)["round"])
            assert found(page, r'id="round-ok">([^<]*)<') == [tr("fennecs.see_result" if last else "round.next")]
            rounds_seen += 1
            assert click(app, page, r'id="round-ok"')
            # the next summary, if the bots ended another round meanwhile, else the table
            assert found(page, r'id="round-dialog" data-round="(\d+)"') in ([], [str(rnd + 1)])
            if last:
                break
            continue
        check_table(page, ses.state.view(human), tr)
        seat = ses.human_to_move()
        assert not ses.state.over and seat == human
        before = ses.ply
        human_turn(app, page, ses, seat, rng)
        turns += 1
        assert ses.ply > before, status_text(page)
    view = ses.state.view(human)
    assert ses.state.over and rounds_seen == view["round"] and turns > 0
    check_table(page, view, tr)
    # the end screen: who won, why, and the score round by round, then stars + owed = total
    assert 'id="end-dialog"' in page.html
    names = app.names(ses.game_id, ses.seats)
    title = html.unescape(found(page, r'<h2 id="end-title">(.*?)</h2>')[0])
    winners = ses.state.winners
    assert all(names[w] in title for w in winners) and winners == [
        i for i, s in enumerate(ses.state.scores) if s == max(ses.state.scores)]
    assert found(page, r'class="end-reason" data-reason="([a-z_]+)"') == [view["end_reason"]]
    dialog = page.html[page.html.index('id="end-dialog"'):]
    rows = re.findall(r'<tr class="round-row" data-round="(\d+)">(.*?)</tr>', dialog)
    assert [int(r) for r, _ in rows] == list(range(1, view["round"] + 1))
    gains = [[int(g) for g in re.findall(r'data-gain="(-?\d+)"', cells)] for _, cells in rows]
    start_stars = fennecs.START_STARS[players]
    assert [start_stars + sum(g[i] for g in gains) for i in range(players)] == ses.state.scores
    totals = [int(x) for x in re.findall(r'<td class="total[^"]*" data-score="(\d+)"', dialog)]
    assert totals == ses.state.scores == [s + o for s, o in zip(view["stars"], view["owed"])]
    best = re.findall(r'<td class="total best" data-score="(\d+)"', dialog)
    assert len(best) == len(winners)
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
        ses = app.play.session
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
    ses = start(app, page, GID, ("human", "bot", "bot"))
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
    ses = start(app, page, GID, ("human", "human", "bot"))
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
        assert app.play.table.sel.card is None
        app.on_click("reveal", {"seat": str(seat)})
        assert hand_cards(page.html) == ses.state.view(seat)["hand"]
        plays = [a for a in ses.legal(seat) if not a.startswith(("take", "as"))]
        tap_for(app, plays[0])
        page.run()
        if ses.state.over or ses.human_to_move() == seat:
            break


def test_the_one_five_choice_offers_the_values_best_first_and_confirms():
    rng = random.Random(1)
    for _attempt in range(40):
        store, p = _game_with("1/5", players=3)
        app, page = make_app(store, "#play/f1")
        ses = app.play.session
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
                assert f'class="fsum" data-total="{pend["values"][pend["choices"].index(best)]}"' in page.html
                app.on_click("fchoice", {"choice": other})
                assert re.search(r'data-act="fconfirm" data-choice="' + re.escape(other) + '"', page.html)
                # the sum follows the choice
                assert f'class="fsum" data-total="{pend["values"][pend["choices"].index(other)]}"' in page.html
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
    from ui.store.session import Session
    st = game.new_game(GID, players=3, seed=2)
    p = st.to_move[0]
    play = next(a for a in st.legal_actions(p) if not a.startswith("take"))
    st.apply(p, play)
    assert guarded(fennecs_ui.undo_guard, st.record(), 0) is None
    seats = [{"kind": "bot", "name": "", "level": "novice"} for _ in range(3)]
    seats[p] = {"kind": "human", "name": "", "level": None}
    assert Session(saves.make("f", st.record(), seats, 0), st.clone()).undo_keep() == (0, None)
    q = st.to_move[0]
    st.apply(q, next(a for a in st.legal_actions(q) if not a.startswith("take")))
    assert guarded(fennecs_ui.undo_guard, st.record(), 0) is None          # the guard lets it be...
    ses = Session(saves.make("f", st.record(), seats, 0), st)
    assert ses.undo_keep() == (None, "undo.answered")             # ...the shell does not
    # a collection is never taken back
    while not any(a.startswith("take") for a in st.legal_actions(st.to_move[0])):
        r = st.to_move[0]
        st.apply(r, st.legal_actions(r)[0])
    r = st.to_move[0]
    n = len(st.actions)
    st.apply(r, next(a for a in st.legal_actions(r) if a.startswith("take")))
    assert guarded(fennecs_ui.undo_guard, st.record(), n) == "undo.fennecs.revealed"


def _draw(view, acting=None, **kw):
    """The Fennecs screen, straight from its ``render``, for three seats A, B, C."""
    from ui.kit import registry
    from ui.kit.screen import Context
    ctx = Context(tr=lambda k, **p: i18n.tr("en", k, **p), names=("Ana", "Ben", "Cy"),
                  seats=({"kind": "human"},) * 3, acting=acting, save_id="x", **kw)
    scr = registry.screen("fennecs")
    return scr.render(view, scr.new_selection(), ctx)


def test_a_collection_reveals_the_face_down_cards_and_counts_the_column_out():
    # -2 (start), 4 face down by Ben, then 0→+ face up by Cy: Ana collects 2 + 4 + 0 = 6
    s = fennecs.position(3, hands=["3", "4 1", "+ 2"], columns=["-2", "1/5", "5"], turn=1)
    s.apply(1, "4v>A")
    s.apply(2, "+>A")
    h = _draw(s.view(0))
    assert 'class="fc down"' in h and 'data-card="?"' in h      # Ana sees only the back
    s.apply(0, "take A")           # a 6 ends the round: its summary shows the collection
    h = _draw(s.view(0), show_round=True, round_shown=0)
    section = h[h.index('id="round-dialog"'):]
    section = section[:section.index("</li>")]
    text = html.unescape(re.sub(r"<svg.*?</svg>", "", section))
    assert "Ana collected column A: worth 6. Wins 6 ★." in text
    assert "Took the 1 ★ on the face-down cards." in text and "Exactly 6: the round ends." in text
    # each card with the value it counts for; the face-down one marked revealed; 0→+ explained
    minis = re.findall(r'<span class="mini( revealed)?" role="img" aria-label="([^"]*)">', section)
    assert [bool(r) for r, _ in minis] == [False, True, False]
    assert "counts +2" in html.unescape(minis[0][1]) and "was face down" in minis[1][1]
    assert re.findall(r'<small class="as( flip)?">([^<]*)</small>', section) == [
        (" flip", "+2"), ("", "4"), ("", "0")]
    assert "Sum: 2 + 4 + 0 = 6" in text and "0→+: the negative cards count positive." in text


def test_an_over_six_or_negative_column_says_what_it_costs():
    s = fennecs.position(3, hands=["", "5", "4"], columns=["3 2", "1", "1/5"], stars=[1, 3, 3],
                          turn=1, finished=())
    s.apply(1, "5>A")          # 3 + 2 + 5 = 10: 4 over 6, Ana holds 1 star
    s.apply(2, "4>B")
    s.apply(0, "take A")
    text = html.unescape(re.sub(r"<[^>]+>", " ", _draw(s.view(0))))
    assert "worth 10. That is 4 over 6. Loses 1 ★. That was all they had." in text
    assert "Sum: 3 + 2 + 5 = 10" in text


def _saved(record, human, players):
    store = MemoryStore()
    seats = [{"kind": "bot", "name": "", "level": "novice"} for _ in range(players)]
    seats[human] = {"kind": "human", "name": "Ada", "level": None}
    saves.write(store, saves.make("f1", record, seats, 0))
    return store


def test_a_full_column_is_refused_with_the_reason():
    # everybody plays face up on column A until it holds 7 cards, nobody collecting
    for seed in range(200):
        st = game.new_game(GID, players=3, seed=seed)
        while len(st.view(None)["columns"][0]["cards"]) < fennecs.FULL:
            p = st.to_move[0]
            st.apply(p, next(a for a in st.legal_actions(p) if a.endswith(">A") and "v" not in a))
        p = st.to_move[0]
        if st.view(p)["hand"]:
            break
    app, page = make_app(_saved(st.record(), p, 3), "#play/f1")
    assert 'data-col="A" data-room="0"' in page.html and ">full<" in page.html
    card = st.view(p)["hand"][0]
    click(app, page, 'data-card="%s"' % re.escape(card))
    assert not re.search(r'class="fstack lit[^"]*" data-act="fcol" data-col="A"', page.html)
    assert click(app, page, r'id="col-A"')
    assert app.play.session.ply == len(st.actions) and "Column A is full: 7 cards at most." in status_text(page)
    assert 'id="face-up"' not in page.html


def test_face_down_without_a_star_is_refused_with_the_reason():
    # five players start with 2 stars and 3 cards: the person hides two cards, then has none
    st = game.new_game(GID, players=5, seed=4)
    human = st.to_move[0]
    while st.view(None)["stars"][human] or st.to_move[0] != human:
        p = st.to_move[0]
        legal = st.legal_actions(p)
        downs = [a for a in legal if "v>" in a and a[-1] == "ABCDE"[p]] if p == human else []
        ups = [a for a in legal if ">" in a and "v" not in a and a[-1] == "ABCDE"[p]]
        st.apply(p, (downs or ups or legal)[0])
    assert st.view(human)["hand"] and not st.over
    app, page = make_app(_saved(st.record(), human, 5), "#play/f1")
    card = next(c for c in st.view(human)["hand"] if c != "*")
    click(app, page, 'data-card="%s"' % re.escape(card))
    col = found(page, r'class="fstack lit[^"]*" data-act="fcol" data-col="([A-E])"')[0]
    click(app, page, 'data-col="%s"' % col)
    assert re.search(r'id="face-down"[^>]*aria-disabled="true"', page.html)
    assert "Face down needs one of your stars: you have none." in status_text(page)
    assert click(app, page, r'id="face-down"')
    assert app.play.session.ply == len(st.actions)
    assert "You have no star to put on a face-down card" in status_text(page)
    assert click(app, page, r'id="face-up"')
    assert app.play.session.ply > len(st.actions)


def test_a_refused_undo_says_why_only_when_tapped():
    app, page = make_app()
    ses = start(app, page, GID, ("human", "bot", "bot"))
    for _ in range(200):        # up to a turn of ours after our own collection
        page.run()
        click(app, page, r'id="round-ok"')
        seat = ses.human_to_move()
        if seat is not None and ses.undo_keep()[1] == "undo.fennecs.revealed":
            break
        if seat is not None:
            legal = ses.legal(seat)
            tap_for(app, next((a for a in legal if a.startswith(("take", "as"))), legal[0]))
    keep, reason = ses.undo_keep()
    assert keep is None and reason == "undo.fennecs.revealed"
    why = "A collection cannot be taken back: its cards have been seen."
    undo = re.search(r'<button[^>]*id="undo"[^>]*>', page.html).group(0)
    # a greyed button that still takes the tap (no "disabled"), the reason as its tooltip only
    assert 'aria-disabled="true"' in undo and not re.search(r"\sdisabled\b", undo)
    assert html.unescape(undo).count(why) == 1 and why not in status_text(page)
    assert "undo-why" not in page.html
    n = ses.ply
    assert click(app, page, r'id="undo"')
    assert ses.ply == n and why in status_text(page)
    # the next action clears it
    tap_for(app, ses.legal(ses.human_to_move())[0])
    assert why not in status_text(page)


def test_table_tools_undo_is_a_button_with_its_reason_as_title_for_every_game():
    from ui.kit import registry, widgets
    from ui.kit.screen import Context
    # Undo is in the status bar (widgets.status), beside whose turn it is
    tr = lambda k, **p: i18n.tr("fr", k, **p)
    for gid, reason in (("fennecs", "undo.fennecs.round"), ("renard_des_bois", "undo.renard.trick"),
                        ("fendo", "undo.nothing")):
        assert gid in registry.SCREENS
        h = widgets.status(Context(tr=tr, undo=(False, reason), save_id="s1"), [])
        assert 'aria-disabled="true"' in h and " disabled" not in h.replace("aria-disabled", "")
        assert f'title="{i18n.tr("fr", reason)}"'.replace("'", "&#x27;") in h
        assert h.count(i18n.tr("fr", reason).replace("'", "&#x27;")) == 1
        h = widgets.status(Context(tr=tr, undo=(True, None), save_id="s1"), [])
        assert "aria-disabled" not in h and "title=" not in h


def test_the_games_words_are_translated():
    keys = [f"fennecs.short.{k}" for k in set(fennecs_ui.CARD_KIND.values())]
    keys += [f"fennecs.card.{k}" for k in set(fennecs_ui.CARD_KIND.values())]
    keys += [f"undo.fennecs.{r}" for r in ("revealed", "round")]
    keys += [f"fennecs.round_reason.{r}" for r in ("all_collected", "six", "stuck")]
    keys += [f"fennecs.end.{r}" for r in ("threshold", "reserve_empty")]
    keys += [f"{GID}.seat{i}" for i in range(5)]
    for o in game.GAMES[GID].options:
        keys += [f"opt.{GID}.{o.name}"] + [f"opt.{GID}.{o.name}.{c}" for c in o.choices]
    src = open(game.fennecs.__file__, encoding="utf-8").read()
    keys += ["err." + c for c in set(re.findall(r'"(fennecs\.[a-z_]+)"', src))]
    assert [k for k in keys if k not in i18n.TABLE] == []


def _tags(h, seat):
    li = re.search(r'<li class="fplayer[^"]*" data-seat="%d".*?</li>' % seat, h, re.S).group(0)
    return re.findall(r'<span class="ftag ([^"]*)">', li), li


def test_a_player_shows_one_tag_to_play_while_choosing_then_round_done():
    s = fennecs.position(3, hands=["3", "4 2", "5"], columns=["1/5 2", "1", "3"], turn=0)
    s.apply(0, "take A")          # Ana's round is done, but she still chooses what her 1/5 is worth
    view = s.view(0)
    assert view["pending"] and view["finished"][0] and 0 in view["to_move"]
    tags, _ = _tags(_draw(view, acting=0), 0)
    assert tags == ["turn-tag"]
    s.apply(0, view["pending"]["choices"][0])
    view = s.view(1)
    tags, li = _tags(_draw(view, acting=1), 0)
    assert tags == ["done"] and "to-move" not in li.split(">")[0]
    assert _tags(_draw(view, acting=1), 1)[0] == ["turn-tag"]


def _round_rows(h):
    """The round summary's table: {row class: [value of each seat]} (signs as drawn)."""
    table = h[h.index('ftotals fround"'):]
    table = table[:table.index("</table>")]
    out = {}
    for cls, cells in re.findall(r'<tr class="([a-z]+)-row"[^>]*>(.*?)</tr>', table):
        out[cls] = [int(html.unescape(v).replace("−", "-")) for v in re.findall(r"<td[^>]*>([^<]*)</td>", cells)]
    return out


def check_round_rows(h, n_seats):
    """Every star of the round is listed: before + face up + face down + collected = total."""
    r = _round_rows(h)
    assert set(r) >= {"before", "up", "down", "collected", "round", "stars", "owed", "count"}
    for i in range(n_seats):
        assert r["up"][i] + r["down"][i] + r["collected"][i] == r["round"][i]
        assert r["before"][i] + r["round"][i] == r["count"][i] == r["stars"][i] + r["owed"][i]
        assert r["up"][i] >= 0 and r["down"][i] <= 0
    return r


def test_the_round_summary_lists_every_star_the_face_up_ones_included():
    """Issue 28: the round's row said +8 while its text said "Wins 6 ★": the stars of the
    cards played face up (and put on face-down ones) were not listed.  Ana plays face up (+1),
    Ben face down (−1), Cy face up (+1), Ana collects 2 + 4 + 0 = 6 and the star on Ben's card."""
    s = fennecs.position(3, hands=["2 3", "4 -1", "+ 2"], columns=["-2", "1/5", "5"], turn=0)
    before = s.view(None)["stars"]
    s.apply(0, "2>B")
    s.apply(1, "4v>A")
    s.apply(2, "+>A")
    s.apply(0, "take A")
    h = _draw(s.view(0), show_round=True, round_shown=0)
    text = html.unescape(re.sub(r"<[^>]+>", " ", h))
    assert "Wins 6 ★." in text and "Cards face up: 1 ★ each from the Reserve" in text
    r = check_round_rows(h, 3)
    assert r["before"] == before
    assert (r["up"], r["down"], r["collected"], r["round"]) == ([1, 0, 1], [0, -1, 0], [7, 0, 0], [8, -1, 1])


def test_the_end_dialog_says_look_at_the_table():
    """Issue 28: the end dialog's button names what the game is played on (a card game said board)."""
    from helpers.drawn import end_look
    assert (end_look(GID, "en"), end_look(GID, "fr")) == ("Look at the table", "Voir la table")


def test_a_hint_is_worded_as_what_to_do():
    """The hint says what to do, as an instruction, in both languages (the log says what was done)."""
    from helpers.drawn import hint_says
    hint_says('fennecs', (
        ('5>B', 'Play the 5 card face up on column B', 'Jouez la carte 5 face visible sur la colonne B'),
        ('take C', 'Collect column C', 'Ramassez la colonne C'),
    ))


def test_a_screen_reader_hears_which_columns_are_lit_for_the_card():
    """Issue 53: once a card is picked, every column is a button; those it cannot go on are
    aria-disabled and the lit ones say so, as their light shows (the help says "a lit column")."""
    from ui.kit import registry
    from ui.kit.screen import Context
    s = fennecs.position(3, hands=["3", "1", "+"], columns=["2 4 -1 -2 1/5 4 2", "-2", "5"], turn=0)   # A full
    ctx = Context(tr=lambda k, **p: i18n.tr("en", k, **p), names=("Ana", "Ben", "Cy"),
                  seats=({"kind": "human"},) * 3, acting=0, legal=tuple(s.legal_actions(0)), save_id="x")
    scr = registry.screen("fennecs")
    sel = dataclasses.replace(scr.new_selection(), mode="card", card="3")
    lit = fennecs_ui.columns_for(fennecs_ui.options(s.legal_actions(0)), "3")
    h = scr.render(s.view(0), sel, ctx)
    named = dict(re.findall(r'data-act="fcol" data-col="(\w)" id="col-\w" aria-label="([^"]*)"', h))
    assert set(named) == {"A", "B", "C"} and lit and lit != set(named), (named, lit)
    for col, label in named.items():
        assert label == (f"Column {col}, lit" if col in lit else f"Column {col}"), (col, label, lit)
        disabled = re.search(f'id="col-{col}" aria-label="[^"]*" aria-disabled="true"', h)
        assert bool(disabled) == (col not in lit), col
