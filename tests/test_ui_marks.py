"""Every action since your turn marked and numbered on the table, played back on request; a
log entry's tap flashes what it names; a hint lit on the table (in all five games)."""

from __future__ import annotations

import dataclasses
import html as html_mod
import json
import random
import re
from pathlib import Path

import pytest

import bots
import game
import ui.games
from ui.kit import i18n, registry
from ui.kit.screen import Context
from helpers.app import against_novices
from helpers.drawn import marks

ROOT = Path(__file__).resolve().parents[1]
GAMES = [g for g in registry.playable() if (ROOT / "ui" / "games" / g).is_dir()]     # every game of the site
PLAYERS = {g: min(game.GAMES[g].max_players, 4) for g in GAMES}


def shown_places(ids, present) -> list:
    """An action's places drawn: its ids in the markup, else its first fallback (``~id``)
    that is (the card gathered since: its player, its column)."""
    main = [i for i in ids if not i.startswith("~") and present(i)]
    return main or [i[1:] for i in ids if i.startswith("~") and present(i[1:])][:1]


def person_plays(app, page, rng):
    ses = app.play.session
    seat = ses.human_to_move()
    assert seat is not None
    app.play.move(seat, rng.choice(ses.legal(seat)))


def _expected(scr, ses, html, n):
    """The id each of the last ``n`` actions should carry its number on, in order, from the
    views of the one person (seat 0) before and after it."""
    st = ses.state_at(ses.ply - n)
    out = []
    for seat, action in ses.state.actions[ses.ply - n:]:
        before = st.view(0)
        st.apply(seat, action)
        ids = shown_places(scr.places(before, st.view(0), seat, action), lambda i: f' id="{i}"' in html)
        out.append(ids[0])
    return out


@pytest.mark.parametrize("game_id,players", [("onexeno", 7), ("fennecs", 4)])
def test_every_action_since_your_turn_is_marked_and_numbered(game_id, players):
    """Onexeno at 7 and Fennecs at 4: after the person's move, the others' moves are numbered
    1..n in order on the cards, cells or columns they touched (only the last one was marked
    before), until the person's next action."""
    app, page = against_novices(game_id, players)
    rng = random.Random(3)
    person_plays(app, page, rng)
    page.run()                         # every bot, one after another
    ses, scr = app.play.session, registry.screen(game_id)
    n = players - 1
    assert all(s != 0 for s, _ in ses.state.actions[-n:]) and ses.state.actions[-n - 1][0] == 0
    drawn = marks(page.html)
    assert sorted(int(k) for ks in drawn.values() for k in ks) == list(range(1, n + 1))
    for k, ident in enumerate(_expected(scr, ses, page.html, n), 1):
        assert str(k) in drawn.get(ident, ()), (k, ident, drawn)
    assert 'id="show-again"' in page.html
    person_plays(app, page, rng)       # the person acts: the marks are gone
    assert not marks(page.html) and "data-marked" not in page.html
    assert 'id="show-again"' not in page.html


def _random_game(game_id, seed):
    """A game between novice bots, as ``(state before, seat, action)`` one by one."""
    st = game.new_game(game_id, PLAYERS[game_id], seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if st.over:
            return
        seat = st.to_move[0]
        legal = st.legal_actions(seat)
        action = rng.choice(legal) if rng.random() < .5 else bots.choose(st, seat, "novice", seed)
        yield st, seat, action
        st.apply(seat, action)


def _ctx(legal, players, settle):
    tr = lambda key, **p: i18n.tr("en", key, **p)
    names = tuple(f"P{i}" for i in range(players))
    seats = tuple({"kind": "human" if i == 0 else "bot", "level": "novice"} for i in range(players))
    acting = 0 if legal else None
    return Context(tr=tr, names=names, seats=seats, acting=acting, legal=tuple(legal), humans=(0,), settle=settle)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_place_is_on_the_table_drawn_after_it(game_id):
    """For every action of a random game, every id ``places`` names is an element of the
    table drawn right after it, from the one person's view (ids that drift from the markup
    would mark nothing), but a card gathered at once, whose fallback is (one of them: a
    Fennecs card's collector's pile, else its player's name); and no place names a
    card that person may not see."""
    scr = registry.screen(game_id)
    n = whole = 0
    for seed in (1, 2):
        for st, seat, action in _random_game(game_id, seed):
            before = st.view(0)
            nxt = st.clone()
            nxt.apply(seat, action)
            after = nxt.view(0)
            ids = scr.places(before, after, seat, action)
            if not ids:
                continue
            legal = nxt.legal_actions(0) if not nxt.over and 0 in nxt.to_move else []
            settle = "held" if scr.settles(before, after) else None
            html = scr.render(after, scr.new_selection(), _ctx(legal, PLAYERS[game_id], settle))
            drawn = [f' id="{ident.lstrip("~")}"' in html for ident in ids]
            main = [d for ident, d in zip(ids, drawn) if not ident.startswith("~")]
            fallback = [d for ident, d in zip(ids, drawn) if ident.startswith("~")]
            assert not fallback or any(fallback), (seed, seat, action, ids)    # a mark always lands
            # the card gathered with its trick or its column at once: its fallback marks it
            assert all(main) or (fallback and not any(main)), (seed, seat, action, ids)
            whole += all(main)
            if game_id in ("onexeno", "renard_des_bois"):     # a card by its name: one this person sees
                seen = (json.dumps(before) + json.dumps(after)).lower()
                for ident in ids:
                    if ident.startswith(("ox-", "tc-")):
                        assert f'"{ident[3:]}"' in seen, (action, ident)
            n += 1
    assert n > 20 and whole > .8 * n


def test_a_secret_choice_marks_its_player_never_its_card():
    """Fowl Play's secret card, Renard's card under the deck, a Fennecs card face down: the
    places name a player or a position, never the card."""
    fowl = registry.screen("fowl_play")
    assert fowl.places({}, {}, 2, "play 17") == ("fp-2",) and fowl.places({}, {}, 1, "target 5") == ("fp-1",)
    assert registry.screen("renard_des_bois").places({}, {}, 1, "bottom 7B") == ("deck",)
    fen = registry.screen("fennecs")
    view = {"columns": [{"name": "B", "collected": False, "cards": [{"card": "3", "down": False},
                                                                     {"down": True, "stars": 1}]}]}
    assert fen.places(view, view, 1, "-2v>B") == ("fc-r1-b-1", "~fpile-r1-b", "~fname-1")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_lights_what_it_would_use(game_id):
    """The hint was a sentence only; now what it would move or play is lit on the table
    (``data-hint``), and a card that is not on the table yet is drawn (a Fendo wall:
    tests/test_ui_fendo.py)."""
    app, page = against_novices(game_id, PLAYERS[game_id])
    app.on_click("hint", {})
    page.run()
    hint = app.play.hint
    assert hint is not None and hint.action
    ses = app.play.session
    ids = registry.screen(game_id).hint_places(ses.view(ses.human_to_move()), ses.human_to_move(), hint.action)
    assert ids
    for ident in ids:
        assert re.search(r' id="%s"[^>]* data-hint' % re.escape(ident), page.html), (hint.action, ident)
    if game_id == "onexeno" and hint.action != "pass":
        assert "ocell empty preview hinted" in page.html


def test_a_tap_on_a_log_entry_flashes_what_it_names():
    app, page = against_novices("onexeno", 4)
    entries = re.findall(r'<li data-seat="\d"(?: class=last)? data-act="flash" data-ids="([^"]+)"', page.html)
    assert entries
    ids = entries[-1].split()              # the oldest entry shown
    app.on_click("flash", {"ids": entries[-1]})
    lit = shown_places(ids, lambda i: f' id="{i}"' in page.html)
    assert lit and all(re.search(r' id="%s"[^>]* data-flash' % i, page.html) for i in lit)
    page.run()                              # the flash ends
    assert "data-flash" not in page.html
    app.on_click("flash", {"ids": '"><script>x</script> ' + "a" * 80})    # nothing an id is not
    assert "data-flash" not in page.html and "<script>x" not in page.html


def test_show_again_plays_the_positions_back_then_the_present():
    """Show again draws the position before the others' first action, then after each of
    them with the marks so far, at a bot's pace, then the present; a tap ends it."""
    app, page = against_novices("onexeno", 4)
    rng = random.Random(5)
    person_plays(app, page, rng)
    page.run()
    ses = app.play.session
    present = page.html
    drawn = []
    real = page.render
    page.render = lambda h, fresh=False: (drawn.append(h), real(h, fresh))
    app.on_click("show-again", {})
    page.run()
    page.render = real
    plies = [int(re.search(r'id="main" data-ply="(\d+)"', h).group(1)) for h in drawn]
    assert plies == [ses.ply - 3, ses.ply - 2, ses.ply - 1, ses.ply, ses.ply]
    assert [len(marks(h)) and max(int(k) for ks in marks(h).values() for k in ks) for h in drawn[:4]] == [0, 1, 2, 3]
    assert 'aria-pressed="true"' in drawn[0] and 'data-acting' not in drawn[0]
    assert page.html == present
    # a tap ends it, and plays nothing
    app.on_click("show-again", {})
    assert app.play.table.playback is not None
    app.on_click("ocard", {"card": (ses.view(0)["hand"] or ["x"])[0]})
    assert app.play.table.playback is None and page.html == present
    app.on_click("show-again", {})                  # and so does Escape
    assert app.on_key("Escape", "") and app.play.table.playback is None and page.html == present


def _fennecs_waiting(seed=233, players=5):
    """A random 5-player Fennecs game (seed 233) in which the person (seat 0) played in
    round 1, then had no turn in the whole of round 2: its states up to the person's next
    turn, in round 3, as ``(state before, seat, action)``, then the state at that turn."""
    st = game.new_game("fennecs", players, seed=seed)
    rng = random.Random(seed)
    played = []
    while True:
        seat = st.to_move[0]
        if seat == 0 and st.view(None)["round"] == 3:
            return played, st
        action = rng.choice(st.legal_actions(seat))
        played.append((st.clone(), seat, action))
        st.apply(seat, action)


def _fennecs_marked():
    """The table at the person's turn in round 3, with the others' actions since its last
    one (in round 1) marked as the table marks them: ``(markup, steps, actions)``."""
    from ui.table.tabletop import lit, mark_attrs, marked

    scr = registry.screen("fennecs")
    played, st = _fennecs_waiting()
    entries = [(seat, action) for _, seat, action in played]
    places = []
    for before, seat, action in played:
        after = before.clone()
        after.apply(seat, action)
        places.append(tuple(scr.places(before.view(0), after.view(0), seat, action)))
    steps = marked(0, entries, places, (0,))
    view = st.view(0)
    markup = scr.render(view, scr.new_selection(), _ctx(st.legal_actions(0), 5, None))
    extra, _ = mark_attrs(steps, present=lambda i: f' id="{i}"' in markup)
    return lit(markup, extra), steps, played


def test_fennecs_marks_only_what_is_still_on_the_table():
    """Issue 54, item 5: after the person's card in round 1, the others played on through
    rounds 1 and 2 into round 3; the old table put those numbers on round 3's cards and
    columns (same column, same place), over the column letters.  Now a number is on a card
    only if its action put that very card there, this round; a card collected since is
    marked on its collector's pile (beside the name), one gone back at a round's end on its
    player's name; nothing on a column."""
    html, steps, played = _fennecs_marked()
    rounds = {played[i][0].view(None)["round"] for i, _ in steps}
    assert rounds == {1, 2, 3} and len(steps) >= 5
    drawn = marks(html)
    assert sorted(int(k) for ks in drawn.values() for k in ks) == list(range(1, len(steps) + 1))
    assert not [i for i in drawn if i.startswith("fcol-")], drawn
    for ident, ns in drawn.items():
        for n in ns:
            before, seat, action = played[steps[int(n) - 1][0]]
            if ident.startswith("fc-"):      # a card: this action's, in this round
                a = game.fennecs.parse(action)
                assert a.kind == "play" and before.view(None)["round"] == 3, (ident, n, action)
                assert re.search(r' id="%s" [^>]*data-card="%s"' % (ident, re.escape(a.card if not a.down else "?")),
                                 html), (ident, action)
    # the cards of a column collected since: on the collector's pile, in the player's chip
    piles = [i for i in drawn if i.startswith("fpile-")]
    assert piles
    for ident in piles:
        seat = re.search(r'<li class="fplayer[^"]*"[^>]* data-seat="(\d)"(?:(?!</li>).)*id="%s"' % ident, html)
        assert seat, ident


def test_fennecs_says_which_rounds_ended_while_the_person_waited():
    """Issue 54, item 5: a whole round passed with no turn of the person's, and nothing
    said so.  Now one sentence, in English and French, says which, and the stars they
    brought each player."""
    from game import fennecs
    from ui.games.fennecs import cards

    scr = registry.screen("fennecs")
    _, st = _fennecs_waiting()
    view = st.view(0)
    for lang, words in (("en", "Round 2 ended while you waited"),
                        ("fr", "La manche 2 s'est terminée pendant que vous attendiez")):
        ctx = _ctx(st.legal_actions(0), 5, None)
        ctx = dataclasses.replace(ctx, tr=lambda key, _l=lang, **p: i18n.tr(_l, key, **p), lang=lang)
        html = scr.render(view, scr.new_selection(), ctx)
        (line,) = re.findall(r'<p class="st st-rounds">([^<]*)</p>', html)
        line = html_mod.unescape(line)
        assert line.startswith(words), line
        start = fennecs.START_STARS[5]
        (_, _, gains), = [r for r in cards.round_totals(view, start) if r[0] == 2]
        for i, g in enumerate(gains):
            assert f"P{i} {'+' if g > 0 else ''}{g}".replace("-", "−") in line, (line, gains)
    # the person acts: the sentence is gone
    st.apply(0, st.legal_actions(0)[0])
    if 0 in st.to_move:
        html = scr.render(st.view(0), scr.new_selection(), _ctx(st.legal_actions(0), 5, None))
        assert "st-rounds" not in html


PLAYING = 'id="show-again" aria-pressed="true"'


class _Tick:
    """An await that suspends once: a coroutine driven by hand stops there."""

    def __await__(self):
        yield


def test_show_again_cut_short_by_a_bots_move_leaves_no_tap_swallowed():
    """Issue 54, fault 15: Show again under way while the bots play on; their move ends it,
    and the person's next tap plays (it was taken to end a playback no longer drawn)."""
    app, page = against_novices("onexeno", 4)
    rng = random.Random(5)
    person_plays(app, page, rng)               # the bots' turns next
    page.run_one()                             # the first bot's move, played back...
    app.on_click("show-again", {})
    playback = page.tasks.pop()
    page.sleep = lambda s: _Tick()             # the playback waits between its steps
    playback.send(None)                        # its first step drawn, waiting for the next
    assert app.play.table.playback is not None
    page.run()                                 # ...while the others play, up to the person's turn
    ses = app.play.session
    assert ses.human_to_move() == 0 and PLAYING not in page.html
    card = ses.view(0)["hand"][0]
    app.on_click("ocard", {"card": card})     # a tap of the person's: it picks the card
    assert re.search(r'class="hcard ocardh[^"]* selected"', page.html), "the tap was swallowed"
    playback.close()
