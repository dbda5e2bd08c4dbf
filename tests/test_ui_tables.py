"""The tables tell the story (issue 16): the bugs found by playing, each as a test."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

import game
from game import renard_des_bois as rdb
from ui.kit import i18n, registry
from ui.games.fendo import board
from ui.kit.screen import Context, Turn
from helpers.app import make_app, start, start_vs_bot
from helpers.drawn import status_of

ROOT = Path(__file__).resolve().parents[1]


def _tr(key, **p):
    return i18n.tr("en", key, **p)


def test_the_woodcutters_prompt_names_the_card_drawn():
    """Bug 2: "your Woodcutter drew 1M" read as code; it says "1 of Moons – Swan"."""
    s = rdb.position([["5B", "2K"], ["3M", "4M"]], deck=["1M", "9B"], decree="6K")
    s.apply(0, "5B")                                    # the Woodcutter: draw, then one under the deck
    view = s.view(0)
    assert view["pending"]["ability"] == "woodcutter"
    scr = registry.screen("renard_des_bois")
    ctx = Context(tr=_tr, names=("Ann", "Bot"), seats=({"kind": "human"}, {"kind": "bot"}),
                  acting=0, legal=tuple(s.legal_actions(0)), humans=(0,))
    text = status_of(scr.render(view, scr.new_selection(), ctx))
    assert "drew 1 of Moons" in text and "drew 1M" not in text


def _bots_play_fendo_out():
    """A Fendo game between two novice bots, played to its end through the app."""
    app, page = make_app()
    page.go("#new/fendo")
    app.on_form("kind0", "bot")
    app.on_form("level0", "novice")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    for _ in range(400):
        page.run()
        if app.play.session.state.over:
            break
    return app, page


def test_a_finished_game_cannot_be_undone():
    """Bug 3: Undo on a finished game's board took two plies back and reopened it."""
    app, page = _bots_play_fendo_out()
    ses = app.play.session
    assert ses.state.over
    n = len(ses.state.actions)
    app.on_click("hide-end", {})
    app.on_click("undo", {})
    assert len(ses.state.actions) == n and ses.state.over
    assert "it stays as it ended" in status_of(page.html)


def test_fendos_refused_undo_says_why_in_the_status_line():
    """Bug 4: Fendo's greyed Undo explained itself only in a tooltip, which a phone never shows."""
    app, page = make_app()
    start_vs_bot(app, page)
    assert 'id="undo"' in page.html and 'aria-disabled="true"' in re.search(r'<button[^>]*id="undo"[^>]*>', page.html).group(0)
    app.on_click("undo", {})
    assert "Nothing to undo." in status_of(page.html)


def test_the_thinking_pulse_is_defined_once():
    """Bug 5: a second ``@keyframes pulse`` (a scale) overrode the bot's thinking pulse."""
    from tools import build
    names = re.findall(r"@keyframes\s+([\w-]+)", build.stylesheet(ROOT))     # the shell's and every game's
    assert len(names) == len(set(names)), names


def test_a_walled_in_pawn_is_settled_not_a_choice():
    """Bug 7: a tap on a pawn in a closed area gave an error; it is drawn as settled, and a
    tap on it says nothing."""
    s = game.fendo.position({"a1": 0, "d4": 0, "d7": 1}, walls=["a1N", "a1E"])
    view = s.view(0)
    legal = s.legal_actions(0)
    turn = Turn(0, view, legal, lambda a: None)
    reply = board.tap_cell(turn, board.options(legal), board.EMPTY_SEL, "a1")
    assert reply.message is None and reply.action is None and not reply.sel.active
    svg = board.render_board(view, seat=0)
    assert re.search(r'<g class="pawn pawn-white settled">', svg)
    assert svg.count("settled") == 1                  # d4 and d7 still roam


def test_a_replay_opens_at_its_end():
    """Bug 9: a finished game's replay opened at move 0."""
    app, page = _bots_play_fendo_out()
    n = len(app.play.session.state.actions)
    app.on_click("replay", {})
    assert f'data-step="{n}" data-total="{n}"' in page.html and 'data-over="1"' in page.html


def test_default_bot_names_are_short_and_distinct():
    """Bug 6: "Bot (Standard) 2" is gone: each bot has a short name of its own, its level
    said beside it."""
    app, page = make_app()
    page.go("#new/fennecs")
    app.on_form("players", "5")
    for i in range(5):
        app.on_form(f"kind{i}", "bot")
    app.on_click("start", {})
    names = app.play.names()
    assert len(set(names)) == 5 and all(len(n) <= 8 and "(" not in n for n in names), names
    assert "Bot · Standard" in page.html or "Bot · Novice" in page.html


def test_a_name_cannot_turn_the_text_around_it():
    """Issue 21, bug 12: a name with a right-to-left override reordered the text around it.
    A typed name holding anything right-to-left is isolated (FSI ... PDI, as ``<bdi>``)."""
    evil = "\u202eAnn"
    app, page = make_app()
    page.go("#new/fendo")
    app.on_form("name0", evil)
    app.on_click("start", {})
    assert evil in page.html
    for m in re.finditer(re.escape(evil), page.html):
        before, after = page.html[m.start() - 1], page.html[m.end()]
        assert (before, after) == ("\u2068", "\u2069"), (before, after)
    page.go("#")
    assert "\u2068" + evil + "\u2069" in page.html          # the home page's saved game


@pytest.mark.parametrize("gid,players", [("fendo", 2), ("renard_des_bois", 2), ("fennecs", 3), ("fennecs", 5)])
def test_the_log_tells_every_action_and_the_table_marks_the_last(gid, players):
    """A person against bots: after the bots' turns the log names each action in words (the
    bots' by their names), the newest marked, and the table marks the last action."""
    app, page = make_app()
    page.go(f"#new/{gid}")
    if players > 2:
        app.on_form("players", str(players))
    for i in range(1, players):
        app.on_form(f"kind{i}", "bot")
        app.on_form(f"level{i}", "novice")
    app.on_click("start", {})
    ses = app.play.session
    names = app.names(ses.game_id, ses.seats)
    rng = random.Random(players)
    # Eight moves of the person's, then on until a bot's action is the last one: the person's
    # own collection may end a Fennecs round, whose summary then covers a table dealt anew.
    moves = 0
    for _ in range(40):
        page.run()
        if ses.state.over or (moves >= 8 and ses.state.actions[-1][0] != 0):
            break
        if 'id="round-ok"' in page.html:
            app.on_click("round-ok", {})
            continue
        app.play.move(0, rng.choice(ses.legal(0)))
        moves += 1
    assert ses.state.over or ses.state.actions[-1][0] != 0
    log = re.search(r'<div class="log-box" id="log" role="log"[^>]*><ol class="log-list" reversed[^>]*>(.*?)</ol>',
                    page.html, re.S).group(1)
    entries = re.findall(r'<li data-seat="(\d)"( class=last)?(?: data-act="flash" data-ids="[^"]*")?>(.*?)</li>', log)[::-1]   # newest first
    assert entries and entries[-1][1] and not any(last for _, last, _ in entries[:-1])
    bots = [(int(seat), words) for seat, _, words in entries if seat != "0"]
    assert bots and all(names[seat] in html.unescape(words) for seat, words in bots)
    acted = {seat for seat, _ in ses.state.actions}
    assert acted == {int(seat) for seat, _, _ in entries}
    assert re.search(r'class="[^"]*\b(last-to|last)\b', page.html.split('id="log"')[0]) or \
        'id="last-collection"' in page.html


def test_a_long_log_draws_its_newest_entries_and_the_rest_when_asked():
    """A tap costs the same at move 5 and at move 300: the log on the page holds its newest
    ``LOG_SHOWN`` entries, numbered as in the whole game, under a button for the earlier ones;
    tapped, the whole log, until another game opens."""
    from ui.kit import widgets
    from helpers.app import BOT, HUMAN, opened
    from helpers.games import game_at

    st = game_at("fowl_play", 300)
    app, page = opened(st, [HUMAN] + [BOT] * (st.players - 1))

    def entries():
        m = re.search(r'<ol class="log-list" reversed start="(\d+)"[^>]*>(.*?)</ol>', page.html, re.S)
        return int(m.group(1)), re.findall(r'<li data-seat="\d"(?: class=last)?(?: data-act="flash" data-ids="[^"]*")?>(.*?)</li>', m.group(2))

    start, shown = entries()
    assert len(shown) == widgets.LOG_SHOWN and start > widgets.LOG_SHOWN
    assert 'id="log-all"' in page.html and f"Show the {start - widgets.LOG_SHOWN} earlier actions" in page.html
    app.on_click("log-all", {})
    start_all, every = entries()
    assert start_all == start and len(every) == start and every[:widgets.LOG_SHOWN] == shown
    assert 'id="log-all"' not in page.html
    app.play.move(0, app.play.session.legal(0)[0])       # still the whole log, one more entry
    assert len(entries()[1]) >= start + 1
    page.go("#new/fendo")
    app.on_click("start", {})                             # another game opens...
    page.go("#play/t1")                                   # ...then this one again: its newest entries
    assert len(entries()[1]) == widgets.LOG_SHOWN


def test_since_your_last_turn_sums_up_the_others():
    """In a five-player Fennecs game, when the person's turn comes back the status says what
    the four bots did meanwhile."""
    app, page = make_app()
    page.go("#new/fennecs")
    app.on_form("players", "5")
    for i in range(1, 5):
        app.on_form(f"kind{i}", "bot")
    app.on_click("start", {})
    ses = app.play.session
    while ses.human_to_move() is None:
        page.run()
    app.play.move(0, ses.legal(0)[0])
    page.run()
    assert ses.human_to_move() == 0
    status = status_of(page.html)
    assert "Since your last turn:" in status
    for seat in range(1, 5):
        assert app.names(ses.game_id, ses.seats)[seat] in status


def test_renards_last_trick_can_be_looked_at_again():
    """Renard's tricks vanished: once the next trick starts, the one before is one tap away,
    with who won it and why."""
    app, page = make_app()
    page.go("#new/renard_des_bois")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    ses = app.play.session
    rng = random.Random(4)
    seen = False
    for _ in range(60):
        page.run()
        if ses.state.over:
            break
        view = ses.view(0)
        if view["trick"]["cards"] and view["last_trick"] and view["last_trick"]["round"] == view["round"]:
            block = re.search(r'<details class="last-trick" id="last-trick">(.*?)</details>', page.html, re.S)
            assert block and "won the trick" in block.group(1)
            assert block.group(1).count("<li") == 2 and block.group(1).count("class=won") == 1
            seen = True
        seat = ses.human_to_move()
        if seat is not None:
            app.play.move(seat, rng.choice(ses.legal(seat)))
    assert seen


def test_fendo_previews_what_a_wall_would_close():
    """While a wall is being chosen, the area it would close, its size and its owner show."""
    s = game.fendo.position({"a1": 0, "d4": 0, "d7": 1}, walls=["a1N"])
    scr = registry.screen("fendo")

    def preview(action):
        st = s.clone()
        st.apply(0, action)
        return st.view(0)

    ctx = Context(tr=_tr, names=("Ann", "Owl"), seats=({"kind": "human"}, {"kind": "bot"}), acting=0,
                  legal=tuple(s.legal_actions(0)), humans=(0,), preview=preview)
    sel = board.Selection(mode="dest", pawn="a1", dest="a1")
    page = scr.render(s.view(0), sel, ctx)
    assert "East: closes 1 cell for Ann" in page
    assert re.search(r'data-cell="a1"[^>]*>.*?class="would-close"', page)
    assert page.count('class="would-close"') == 1


def test_the_wall_previews_come_just_after_the_taps_frame():
    """Through the app: the tap that picks a destination is drawn at once; what each wall
    would close follows in the next redraw, worked out on copies of the game."""
    app, page = make_app()
    start_vs_bot(app, page)
    app.on_click("cell", {"cell": "d1"})
    app.on_click("cell", {"cell": "d4"})
    assert 'id="wall-N"' in page.html and "closes" not in page.html
    page.run()                            # the previews (nothing closes on an empty board)
    assert 'id="wall-N"' in page.html and app.play.session.state.actions == []
    app.on_click("wall", {"side": "N"})
    assert app.play.session.state.actions == [[0, "d1-d4N"]]


@pytest.mark.parametrize("gid", ["fendo", "renard_des_bois", "fennecs"])
def test_a_hint_shows_the_default_bots_move_without_playing_it(gid):
    """Hint asks the default bot for a move, says it in words, plays nothing; the save
    counts it, and the end of the game says how many were used."""
    app, page = make_app()
    ses = start(app, page, gid)
    before = [list(a) for a in ses.state.actions]
    app.on_click("hint", {})
    assert "Looking for a good move" in status_of(page.html)
    page.run()
    status = status_of(page.html)
    assert "Hint:" in status and ses.state.actions == before
    assert ses.save["hints"] == 1 and json.loads(app.store.get("renardiere.save." + ses.id))["hints"] == 1
    app.on_click("hint", {})                          # the same position: nothing more
    page.run()
    assert ses.save["hints"] == 1
    app.play.move(0, ses.legal(0)[0])
    assert "Hint:" not in status_of(page.html)            # a hint is for its own position


@pytest.mark.slow
def test_the_end_says_how_many_hints_were_used():
    app, page = make_app()
    page.go("#new/fendo")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    ses = app.play.session
    for _ in range(200):
        page.run()
        if ses.state.over:
            break
        app.on_click("hint", {})
        page.run()
        app.play.move(0, ses.legal(0)[0])
    page.run()
    assert ses.state.over and ses.save["hints"] > 0
    assert f'data-hints="{ses.save["hints"]}"' in page.html and "hints were used" in page.html


# -- pacing: a finished trick stays until a tap or a moment; each bot move is seen ---------

def settled(app):
    """What the table's pacing says of the position on screen: "held", "moving" or None."""
    ses = app.play.session
    return app.play.table.pacing.settle((ses, ses.position()), app.now())


def _until_held(gid="renard_des_bois", players=2, seed=4):
    """A game against novice bots, the person playing at random, until a trick or a
    collection finishes: returns (app, page) with it held on the table."""
    app, page = make_app()
    page.go("#new/" + gid)
    if players > 2:
        app.on_form("players", str(players))
    for i in range(1, players):
        app.on_form(f"level{i}", "novice")
    app.on_click("start", {})
    ses, rng = app.play.session, random.Random(seed)
    for _ in range(300):
        seat = ses.human_to_move()
        if seat is None:
            task = page.tasks.pop(0)        # the bot's move, driven by hand
            try:
                while True:
                    task.send(None)
            except StopIteration:
                pass
        else:
            app.play.move(seat, rng.choice(ses.legal(seat)))
        if settled(app) == "held":
            return app, page
    raise AssertionError("nothing finished")


def _renard_until_trick_held(seed=4):
    return _until_held("renard_des_bois", 2, seed)


def test_a_finished_trick_stays_on_the_table_until_a_tap():
    """Renard's finished trick showed for 0.4 s before the bot's lead replaced it: it stays,
    held, and no bot moves until the player taps it (or the hold runs out); then it goes
    to its winner's side."""
    app, page = _renard_until_trick_held()
    ses = app.play.session
    ply = ses.ply
    trick = re.search(r'<div class="trick last held" id="trick"[^>]*>', page.html)
    assert trick and 'data-act="release"' in trick.group(0)
    winner = ses.view(0)["last_trick"]["winner"]
    assert f'data-to="{"me" if winner == 0 else "opp"}"' in trick.group(0)
    app.kick()
    assert app.play.thinking is None and ses.ply == ply          # the bots wait
    app.on_click("release", {})
    assert re.search(r'<div class="trick last gather" id="trick"', page.html)
    assert 'data-act="release"' not in page.html
    if ses.bot_to_move() is not None:
        assert app.play.thinking is not None                     # and now play goes on


def test_the_hold_runs_out_by_itself_and_a_pace_of_0_has_none():
    app, page = _renard_until_trick_held(seed=7)
    slept = []

    async def sleep(s):
        slept.append(s)

    page.sleep = sleep
    timer = next(t for t in page.tasks if t.cr_code.co_name == "_hold_ends")
    page.tasks.remove(timer)
    try:
        while True:
            timer.send(None)
    except StopIteration:
        pass
    assert slept == [app.play.table.pacing.HOLD] and app.play.table.pacing.HOLD == 1.5
    assert settled(app) == "moving" and 'class="trick last gather"' in page.html
    app.play.table.pacing.MOVING = -1                                          # a while later: gone to the pile
    app.render()
    assert 'class="trick empty"' in page.html and 'id="last-trick"' in page.html   # still one tap away
    # at pace 0 (the browser tests) nothing is held
    app.play.table.pacing.pace = 0
    ses = app.play.session
    app.play._paced(ses, 1, ses.view(0) | {"last_trick": None}, ses.view(0))
    assert settled(app) is None


def test_a_bot_move_stays_in_view_before_the_next_bot_move():
    """Fennecs against four bots: each bot move after another bot's waits BOT_GAP (0.8 s),
    so its "last" mark is seen before the next replaces it; a collection is held too."""
    app, page = make_app()
    page.go("#new/fennecs")
    app.on_form("players", "5")
    app.on_click("start", {})
    slept = []

    async def sleep(s):
        slept.append(round(s, 2))

    page.sleep = sleep
    app.clock = lambda: 1_764_000_000.0       # a bot that answers at once: the whole gap is slept
    ses, rng = app.play.session, random.Random(3)
    held = False
    for _ in range(60):
        page.run()
        if ses.state.over:
            break
        held = held or settled(app) is not None
        seat = ses.human_to_move()
        if seat is not None:
            app.play.move(seat, rng.choice(ses.legal(seat)))
    gaps = [s for s in slept if s not in (app.play.table.pacing.HOLD, 0.03)]
    assert gaps and min(gaps) >= app.play.table.pacing.BOT_GAP and app.play.table.pacing.BOT_GAP == 0.8
    assert app.play.table.pacing.HOLD in slept                                 # a collection was held


# -- motion and sound ---------------------------------------------------------------

def test_the_last_action_arrives_once_and_sound_is_off_until_turned_on():
    """Just after an action <main> is marked "arrive" (app.css slides the card or pawn in);
    a redraw a moment later is not (nothing moves again).  Sound and vibration are off by
    default; turned on, they are remembered on the device and signal the person's turn."""
    app, page = make_app()
    signals = []
    page.signal = signals.append
    now = [1_764_000_000.0]
    app.clock = lambda: now[0]
    start_vs_bot(app, page)
    assert 'id="sound"' in page.html and 'aria-pressed="false"' in re.search(r'<button[^>]*id="sound"[^>]*>', page.html).group(0)
    ses = app.play.session
    app.play.move(0, ses.legal(0)[0])
    assert re.search(r'<main class="play [^"]*\barrive\b', page.html)
    assert 'class="pawn pawn-white arrived' in page.html
    page.run()                               # the bot answers: its move arrives
    assert re.search(r'<main class="play [^"]*\barrive\b', page.html)
    assert signals == []                     # off by default
    now[0] += 1
    app.render()
    assert not re.search(r'<main class="play [^"]*\barrive\b', page.html)
    app.on_click("sound", {})
    assert app.store.get("renardiere.sound") == "1" and signals == ["turn"]
    assert 'aria-pressed="true"' in re.search(r'<button[^>]*id="sound"[^>]*>', page.html).group(0)
    app.play.move(0, ses.legal(0)[0])
    page.run()
    assert signals == ["turn", "turn"]       # the bot played: the person's turn again
    app.on_click("sound", {})
    assert app.store.get("renardiere.sound") == "0" and signals == ["turn", "turn"]


def test_a_finished_collection_is_held_then_its_collector_takes_it_in():
    app, page = _until_held("fennecs", 4, seed=2)
    section = re.search(r'<section class="flast held" id="last-collection"[^>]*>', page.html)
    assert section and 'data-act="release"' in section.group(0)
    collector = app.play.session.view(0)["last_collection"]["seat"]
    app.on_click("release", {})
    assert re.search(r'<section class="flast gather" id="last-collection"', page.html)
    assert re.search(rf'<li class="fplayer[^"]* gains" data-seat="{collector}"', page.html)


def test_a_replay_step_just_after_a_trick_shows_that_trick():
    """A replay has no pacing: the step after a trick shows it on the table, as it ended."""
    from ui.kit.screen import Context
    st = game.new_game("renard_des_bois", players=2, seed=3)
    rng = random.Random(1)
    while not st.view(None)["last_trick"]:
        seat = st.to_move[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    view = st.view(0)
    assert not view["trick"]["cards"]
    scr = registry.screen("renard_des_bois")
    base = dict(tr=_tr, names=("Ann", "Bot"), seats=({"kind": "human"}, {"kind": "bot"}))
    html = scr.render(view, scr.new_selection(), Context(**base, replay=True))
    assert '<div class="trick last" id="trick"' in html
    html = scr.render(view, scr.new_selection(), Context(**base))        # at the table, let go
    assert '<div class="trick empty" id="trick"' in html and 'id="last-trick"' in html


def test_a_tap_on_an_odd_card_that_may_not_go_now_says_why_and_what_it_does():
    """Renard's abilities are explained on the card: a greyed odd card, tapped, says why it
    may not be played and what its ability does (a playable one is played)."""
    s = rdb.position([["2K", "8B"], ["4K", "5M"]], deck=["1M", "9B"], decree="6K")
    s.apply(0, "2K")                                   # Keys led: 5M (the Woodcutter) may not go
    scr = registry.screen("renard_des_bois")
    seat = s.to_move[0]
    view = s.view(seat)
    turn = Turn(seat, view, s.legal_actions(seat), lambda a: _refusal(s, seat, a), (seat,))
    odd = next(c for c in view["hand"] if c not in s.legal_actions(seat) and int(c[:-1]) % 2 == 1)
    reply = scr.tap("card", {"card": odd}, scr.new_selection(), turn)
    assert reply.action is None and reply.message is not None
    text = reply.message.text("en")
    assert "(5 Woodcutter: draw the top card of the deck" in text and text.index("(") > 5, text
    assert "(5 Bûcheron : piochez la première carte" in reply.message.text("fr").replace("\xa0", " ")
    legal = s.legal_actions(seat)[0]
    assert scr.tap("card", {"card": legal}, scr.new_selection(), turn).action == legal


def _refusal(state, seat, action):
    try:
        st = state.clone()
        st.apply(seat, action)
    except Exception as e:
        return e
    return None


def test_the_first_turn_sums_up_the_game_so_far_not_a_last_turn():
    """Issue 28: on a person's first turn the status said "Since your last turn" (there was
    none): it says "Since the game began", and "Since your last turn" once the person played."""
    for human in range(4, 0, -1):
        app, page = make_app()
        page.go("#new/fennecs")
        app.on_form("players", "5")
        for i in range(5):
            app.on_form(f"kind{i}", "human" if i == human else "bot")
            if i != human:
                app.on_form(f"level{i}", "novice")
        app.on_click("start", {})
        ses = app.play.session
        while ses.human_to_move() is None:
            page.run()
        if len(ses.state.actions) >= 2:
            break
    else:
        raise AssertionError("the person always played first")
    status = status_of(page.html)
    assert "Since your last turn" not in status and "Since the game began:" in status
    app.play.move(human, ses.legal(human)[0])
    page.run()
    assert ses.human_to_move() == human
    assert "Since your last turn:" in status_of(page.html)


def test_the_bot_levels_description_is_shown_whole_under_its_list():
    """Issue 28: at 390 px the level's <select> cut its option "Standard – searches a little,
    a fair o...": the options hold the names, the chosen level's description is under the list."""
    from ui.kit import i18n
    app, page = make_app()
    page.go("#new/fendo")
    app.on_form("kind1", "bot")
    for level in ("novice", "standard"):
        app.on_form("level1", level)
        options = re.findall(r'<select name="level1"[^>]*>(.*?)</select>', page.html)[0]
        assert "–" not in options and i18n.tr("en", f"level.{level}.help") not in options
        assert 'aria-describedby="level1-help"' in page.html
        help_ = html.unescape(re.search(r'<small class="level-help" id="level1-help">([^<]*)<', page.html).group(1))
        assert help_ == i18n.tr("en", f"level.{level}.help")
