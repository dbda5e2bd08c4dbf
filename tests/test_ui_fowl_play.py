"""Fowl Play in the app's controller, on CPython, with the fake page of tests/helpers/app.py."""

from __future__ import annotations

import html
import random
import re

import pytest

import game
from game import fowl_play as fowl
from ui.kit import i18n
from ui.store import saves
from ui.games.fowl_play import screen as fowl_ui
from ui.store.saves import MemoryStore

from helpers.app import guarded, make_app, start
from helpers.drawn import click, found, status_text

GID = "fowl_play"
RAW_KEY = re.compile(r"\b(?:fowl_play|undo|err|msg|say)\.[a-z_]+\.?[a-z_0-9]*\b")


def visible(h: str) -> str:
    """The page without its attributes (where ids and classes hold our own words)."""
    return re.sub(r'(class|href|id|data-[a-z-]+)="[^"]*"', "", h)


def check_table(page, ses, seat):
    """What must always be on screen: birds left, clear turns, each player's catches; and no
    raw key; and nothing of another seat's hand or target."""
    h = page.html
    view = ses.state.view(seat)
    assert f'id="birds-left" data-n="{view["birds_left"]}"' in h
    ct = view["clear_turns"]
    assert f'data-turned="{ct["turned"]}" data-total="{ct["total"]}"' in h
    for s, caught in enumerate(view["captured"]):
        assert re.search(r'class="fowl-player[^"]*" data-seat="%d" data-caught="%d"' % (s, len(caught)), h)
    svg = re.search(r'<svg class="board fowl-board".*?<g class="pieces".*?</svg>', h, re.S).group(0)
    assert len(re.findall(r'<g class="bird[ "]', svg)) == view["birds_left"]
    assert len(re.findall(r'<g class="fox[ "]', svg)) == sum(1 for f in view["foxes"] if f)
    assert not RAW_KEY.search(visible(h)), RAW_KEY.search(visible(h))
    if not ses.state.over:
        hand_cards = {int(c) for c in found(page, r'class="fcard[^"]*" data-card="(\d+)"')}
        hand_cards |= {int(c) for c in found(page, r'class="fcard[^"]*" data-act="fcard" data-card="(\d+)"')}
        assert hand_cards <= set(view["hand"] or [])
        for other in range(ses.state.players):
            if other == seat:
                continue
            secret = set(ses.state._hands[other]) | {ses.state._targets[other]}
            if view["phase"] == "choose" and ses.state._chosen[other]:
                secret.add(ses.state._chosen[other])
            secret.discard(0)
            # a secret card's words may be on screen only as a bird on the board or caught,
            # never as a card: no data-card carries it
            shown = {int(c) for c in re.findall(r'data-card="(\d+)"', h)}
            public = {c for c in view["chosen"] if isinstance(c, int) and not isinstance(c, bool)}
            reveals = [e for e in view["log"] if e["type"] == "reveal"]
            if reveals:      # the cards played last round, shown while the next are chosen (seen by all)
                public |= set(reveals[-1]["cards"])
            assert not (shown & secret) - public, (other, shown & secret)


def human_turn(app, page, ses, seat, rng):
    """One decision of the person at ``seat``, by taps on what the screen offers."""
    view = ses.state.view(seat)
    legal = ses.legal(seat)
    phase = view["phase"]
    if phase in ("target", "choose"):
        cards = [int(c) for c in found(page, r'class="fcard legal" data-act="fcard" data-card="(\d+)"')]
        assert sorted(cards) == sorted(view["hand"])
        assert click(app, page, r'data-card="%d"' % rng.choice(cards))
        return
    if phase == "place":
        cells = found(page, r'class="hex[^"]* place[^"]*" data-act="hex" data-cell="([a-k]\d+)"')
        assert set(cells) == {a[4:] for a in legal}
        app.on_click("hex", {"cell": rng.choice(cells)})
        return
    if phase == "birds":
        steps = int(found(page, r'id="steps-left" data-steps="(\d)"')[0])
        assert steps == view["steps_left"]
        movable = found(page, r'class="hex[^"]* movable[^"]*" data-act="hex" data-cell="([a-k]\d+)"')
        assert set(movable) == {a.split("-")[0] for a in legal if a != "done"}
        if not movable or rng.random() < .15:
            assert click(app, page, r'id="done"')
            return
        cell = rng.choice(movable)
        app.on_click("hex", {"cell": cell})
        reach = found(page, r'class="hex[^"]* reach(?: [^"]*)?" data-act="hex" data-cell="([a-k]\d+)"')
        assert set(reach) == {a.split("-")[1] for a in legal if a.startswith(cell + "-")}
        app.on_click("hex", {"cell": rng.choice(reach)})
        return
    assert phase == "foxes"
    reach = found(page, r'class="hex[^"]* reach(?: [^"]*)?" data-act="hex" data-cell="([a-k]\d+)"')
    assert set(reach) == {a.split("-")[1] for a in legal if a.startswith("fox ")}
    if not reach or (fowl.DONE in legal and rng.random() < .2):
        assert click(app, page, r'id="done"')
        return
    # prefer a catch
    birds = [c for c in reach if c in view["birds"]]
    app.on_click("hex", {"cell": rng.choice(birds or reach)})


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_person_plays_a_whole_game_against_novice_bots_by_taps(players):
    app, page = make_app(lang="fr" if players == 4 else "en")
    tr = app.tr
    human = players - 1
    kinds = ["bot"] * players
    kinds[human] = "human"
    ses = start(app, page, GID, kinds)
    rng = random.Random(players)
    turns = 0
    for _ in range(3000):
        page.run()
        if ses.state.over:
            break
        check_table(page, ses, human)
        seat = ses.human_to_move()
        assert seat == human, (ses.state.to_move, status_text(page))
        before = ses.ply
        human_turn(app, page, ses, seat, rng)
        turns += 1
        assert ses.ply > before, status_text(page)
    assert ses.state.over and turns > 10
    check_table(page, ses, human)
    view = ses.state.view(human)
    # the end: the score sheet as a table, a column per player, diagram 8's rows, the totals
    assert 'id="end-dialog"' in page.html and 'id="sheet"' in page.html
    dialog = page.html[page.html.index('id="end-dialog"'):]
    head = re.search(r"<thead>(.*?)</thead>", dialog).group(1)
    assert len(re.findall(r'<th scope="col" data-seat="\d"', head)) == players
    rows = re.findall(r'<tr class="sheet-[a-z]+" data-row="([a-z]+\.[a-z]+)">(.*?)</tr>', dialog)
    assert [r for r, _ in rows] == [f"{s}.{r}" for s, r, _ in view["sheet"]]
    for (row, cells), (_, _, values) in zip(rows, view["sheet"]):
        got = re.findall(r'data-score="(\d*)"', cells)
        assert got == ["" if v is None else str(v) for v in values], row
    totals = [int(x) for x in re.findall(r'data-score="(\d+)"', dict(rows)["total.total"])]
    assert totals == ses.state.scores
    targets = [int(t) for t in re.findall(r'<td data-card="(\d+)">', dialog)]
    assert targets == view["targets"]
    title = html.unescape(found(page, r'<h2 id="end-title">(.*?)</h2>')[0])
    names = app.names(ses.game_id, ses.seats)
    assert all(names[w] in title for w in ses.state.winners) or len(ses.state.winners) > 1
    assert found(page, r'class="end-reason" data-reason="([a-z_]+)"') == [view["end_reason"]]
    # the log told every bird moved and every fox move, in the page's language
    log = re.search(r'id="log"[^>]*>(.*?)</div>', page.html, re.S).group(1)
    said = html.unescape(log)
    moves = [e for e in view["log"] if e["type"] == "bird"]
    assert said.count(tr("say.fowl_play.bird", name="", bird="", frm="", to="").split(" ")[1]) >= 0
    for e in moves[-3:]:
        assert tr("say.fowl_play.bird", name=names[e["seat"]], bird=fowl_ui.bird_words(tr, e["bird"]),
                  frm=e["from"], to=e["to"]) in said


def _saved(st, seats, sid="w1"):
    store = MemoryStore()
    saves.write(store, saves.make(sid, st.record(), seats, 0))
    return store


HUMAN = {"kind": "human", "name": "", "level": None}
BOT = {"kind": "bot", "name": "", "level": "novice"}


def _play_until(st, stop, rng=None):
    rng = rng or random.Random(0)
    while not stop(st):
        seat = st.to_move[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


def test_two_people_choose_in_secret_with_a_pass_screen_before_each():
    """Two people and a bot: the target, then every round's card, chosen one person after the
    other, a pass screen before each, and nobody's choice on screen before all have chosen."""
    app, page = make_app()
    ses = start(app, page, GID, ("human", "human", "bot"))
    seen_choose = 0
    for _ in range(60):
        page.run()
        st = ses.state
        phase = st.view(None)["phase"]
        seat = ses.human_to_move()
        if phase not in ("target", "choose") or seat is None:
            # play on (bird steps: done; fox: the first step) through the pass screens
            if 'id="reveal"' in page.html:
                click(app, page, r'id="reveal"')
            if seat is not None:
                legal = ses.legal(seat)
                app.play.move(seat, "done" if "done" in legal else legal[0])
            continue
        # the pass screen: nothing of the game but whose turn it is
        assert 'id="reveal"' in page.html and 'data-pass="%d"' % seat in page.html
        assert 'id="board"' not in page.html and 'id="hand"' not in page.html
        other = 1 - seat
        assert all(f'data-card="{c}"' not in page.html for c in st._hands[other])
        app.on_click("fcard", {"card": str(st._hands[seat][0])})        # nothing before the reveal
        assert ses.state.view(None)["to_move"] == list(st.to_move) and seat in st.to_move
        click(app, page, r'id="reveal"')
        # now this person's cards, and not the other's
        mine = st.view(seat)["hand"]
        assert {int(c) for c in found(page, r'class="fcard legal" data-act="fcard" data-card="(\d+)"')} == set(mine)
        for c in st._hands[other]:
            if c not in mine:
                assert f'data-card="{c}"' not in page.html
        if st._chosen[other]:
            assert f'data-card="{st._chosen[other]}"' not in page.html
            assert 'data-chosen="1"' in page.html      # only that the other has chosen
        click(app, page, r'class="fcard legal" data-act="fcard" data-card="%d"' % mine[0])
        if phase == "choose":
            seen_choose += 1
            # another person still to choose: the next screen is a pass screen again
            if ses.human_to_move() is not None and ses.state.view(None)["phase"] == "choose":
                assert 'id="reveal"' in page.html and f'data-card="{mine[0]}"' not in page.html
        if seen_choose >= 4:
            break
    assert seen_choose >= 4


def test_undo_never_takes_back_a_blind_choice_nor_a_reveal():
    """One person, two bots: the card chosen, the bots choosing after it, the reveal: no undo;
    a bird step of the person's own, in the round: undone."""
    st = game.new_game(GID, players=3, seed=3)
    # the person (seat 0) chooses first, then the bots: the bots chose blind after
    _play_until(st, lambda s: s.view(None)["phase"] == "choose")
    st.apply(0, st.legal_actions(0)[0])
    st.apply(1, st.legal_actions(1)[0])
    store = _saved(st, [HUMAN, BOT, BOT])
    app, page = make_app(store, "#play/w1")
    ses = app.play.session
    page.run()
    keep, reason = ses.undo_keep()
    assert keep is None and reason in ("undo.blind", "undo.fowl_play.secret")
    app.on_click("undo", {})
    assert i18n.tr("en", reason) in html.unescape(page.html).replace("&#x27;", "'")
    # the guard alone: a card played is never taken back, a bird step is
    rec = st.record()
    assert guarded(fowl_ui.undo_guard, rec, len(rec["actions"]) - 2) == "undo.fowl_play.secret"
    st2 = game.new_game(GID, players=2, seed=5)
    _play_until(st2, lambda s: s.view(None)["phase"] == "birds" and s.legal_actions(s.to_move[0]) != ["done"])
    mover = st2.to_move[0]
    st2.apply(mover, next(a for a in st2.legal_actions(mover) if a != "done"))
    rec = st2.record()
    assert guarded(fowl_ui.undo_guard, rec, len(rec["actions"]) - 1) is None
    seats = [BOT, BOT]
    seats[mover] = HUMAN
    app, page = make_app(_saved(st2, seats, "w2"), "#play/w2")
    assert app.play.session.undo_keep()[0] == len(rec["actions"]) - 1


def test_the_shell_refuses_to_undo_a_simultaneous_choice_generically(monkeypatch):
    """Session._blind: a choice made while another seat was to move too, or the one that
    completed such a choice, is never taken back (by the shell, whatever the game's guard:
    here a guard that allows everything)."""
    from ui.kit import registry
    from ui.store.session import Session
    monkeypatch.setattr(registry.screen(GID), "undo_guard", lambda record, keep: None)
    st = game.new_game(GID, players=3, seed=3)
    _play_until(st, lambda s: s.view(None)["phase"] == "choose")
    n = len(st.actions)
    st.apply(1, st.legal_actions(1)[0])          # a bot, blind
    st.apply(0, st.legal_actions(0)[0])          # the person, while seat 2 is still to choose
    ses = Session(saves.make("x", st.record(), [HUMAN, BOT, BOT], 0), st)
    assert ses._blind(n + 1) is True
    assert ses._blind(n + 2) is False            # nothing taken back
    st.apply(2, st.legal_actions(2)[0])          # the last: the cards are revealed
    ses = Session(saves.make("x", st.record(), [BOT, BOT, HUMAN], 0), st)
    assert ses._blind(n + 2) is True             # completed the others' blind choices
    assert ses.undo_keep() == (None, "undo.blind")


def _birds_position(lang="en"):
    """A person's bird steps on a constructed board: seat 0's fox on f4, card 5 (a brown
    duck circle) played; the duck on c4 may not come closer (the docstring's example)."""
    s = fowl.position({"f4": 0, "f9": 1}, {"c4": 5, "f7": 21, "a1": 6}, hands=[[5, 9, 30], [2, 3, 4]],
                       targets=[1, 36], round=2)
    return s


def _turn_of(s, seat):
    from ui.kit.screen import Turn

    def try_action(a):
        try:
            s.clone().apply(seat, a)
        except game.IllegalAction as e:
            return e
        return None
    return Turn(seat, s.view(seat), s.legal_actions(seat), try_action, (seat,))


def _draw(s, seat, sel, lang="en"):
    from ui.kit.screen import Context
    ctx = Context(tr=lambda k, **p: i18n.tr(lang, k, **p), lang=lang, names=("Ann", "Bob"),
                  seats=(HUMAN, BOT), acting=seat, legal=tuple(s.legal_actions(seat)))
    return fowl_ui.FowlPlayScreen().render(s.view(seat), sel, ctx)


def test_a_refused_bird_step_shows_the_engines_reason_translated():
    scr = fowl_ui.FowlPlayScreen()
    for lang, words in (("en", "may not come closer to a fox"), ("fr", "ne peut pas s'approcher d'un renard"),):
        s = _birds_position()
        s.apply(0, "play 5")
        s.apply(1, "play 2")
        s.apply(1, "done")
        assert s.to_move == (0,)
        sel = fowl_ui.Selection()
        h = _draw(s, 0, sel, lang)
        assert 'class="hex movable" data-act="hex" data-cell="c4"' in h
        r = scr.tap("hex", {"cell": "c4"}, sel, _turn_of(s, 0))
        sel = r.sel
        assert sel.bird == "c4" and r.action is None
        h = _draw(s, 0, sel, lang)
        assert re.search(r'class="hex[^"]*reach[^"]*" data-act="hex" data-cell="c3"', h)
        assert not re.search(r'class="hex[^"]*reach[^"]*" data-act="hex" data-cell="d4"', h)
        r = scr.tap("hex", {"cell": "d4"}, sel, _turn_of(s, 0))
        assert r.action is None and words in r.message.text(lang)
        # a bird that shares nothing with the card: why, in words
        r = scr.tap("hex", {"cell": "a1"}, sel, _turn_of(s, 0))
        assert r.message.text(lang) == i18n.tr(lang, "err.fowl_play.unlike")
        # a legal step plays
        r = scr.tap("hex", {"cell": "c3"}, sel, _turn_of(s, 0))
        assert r.action == "c4-c3"
        s.apply(0, "c4-c3")
        assert 'data-steps="2"' in _draw(s, 0, fowl_ui.Selection(), lang)


def test_a_refused_step_in_a_real_game_is_said_in_the_status():
    """The same through the app: a person's tap on a bird that may not move says why."""
    for seed in range(40):
        st = game.new_game(GID, players=2, seed=seed)
        _play_until(st, lambda s: s.view(None)["phase"] == "birds", random.Random(seed))
        mover = st.to_move[0]
        v = st.view(mover)
        card = v["chosen"][mover]
        unlike = [c for c, b in v["birds"].items() if not fowl.SHARED[card][b]]
        if unlike:
            break
    seats = [BOT, BOT]
    seats[mover] = HUMAN
    app, page = make_app(_saved(st, seats, "r1"), "#play/r1", lang="fr")
    app.on_click("hex", {"cell": unlike[0]})
    assert 'class="st st-error"' in page.html
    assert i18n.tr("fr", "err.fowl_play.unlike") in html.unescape(page.html).replace("&#x27;", "'")
    assert len(app.play.session.state.actions) == len(st.actions)


def test_the_log_names_each_bot_action():
    app, page = make_app()
    ses = start(app, page, GID, ("human", "bot", "bot"))
    names = app.names(ses.game_id, ses.seats)
    rng = random.Random(9)
    page.run()
    while not ses.state.over and not (ses.state.view(0)["round"] >= 3 and ses.state.view(0)["phase"] == "choose"):
        human_turn(app, page, ses, 0, rng)
        page.run()
    log = html.unescape(re.search(r'id="log"[^>]*>(.*?)</div>', page.html, re.S).group(1)).replace("&#x27;", "'")
    view = ses.state.view(0)
    tr = app.tr
    for e in view["log"]:
        if e.get("seat") in (1, 2):
            assert fowl_ui.event_words(tr, e, names) in log, e
    reveals = [e for e in view["log"] if e["type"] == "reveal"]
    assert reveals and fowl_ui.event_words(tr, reveals[-1], names) in log
    assert view["phase"] == "choose"     # the cards played last round stay in view, in their order
    last = re.search(r'<ol id="last-order">(.*?)</ol>', page.html).group(1)
    cards = reveals[-1]["cards"]
    assert [int(c) for c in re.findall(r'data-card="(\d+)"', last)] == sorted(cards)
    # the last move is marked on the board
    frm, to, _ = fowl_ui.board.last_cells(view)
    assert re.search(r'class="hex[^"]*last-to[^"]*"[^>]*data-cell="%s"' % to, page.html)


def test_the_target_is_shown_only_on_a_press_and_hidden_again():
    app, page = make_app()
    ses = start(app, page, GID, ("human", "bot"))
    rng = random.Random(1)
    while ses.state.view(0)["target"] is None:
        page.run()
        human_turn(app, page, ses, 0, rng)
    page.run()
    target = ses.state.view(0)["target"]
    assert 'id="peek"' in page.html and 'id="target"' not in page.html
    click(app, page, r'id="peek"')
    assert f'id="target" data-card="{target}"' in page.html
    assert 'aria-pressed="true"' in page.html
    click(app, page, r'id="peek"')
    assert 'id="target"' not in page.html


def test_home_lists_fowl_play_as_playable_and_its_rules_page():
    app, page = make_app()
    assert 'href="#new/fowl_play"' in page.html
    page.go("#rules/" + GID)
    assert "clear-turn" in page.html
    app.lang = "fr"
    page.go("#rules/" + GID)


def test_the_games_words_are_translated():
    from ui.games.fowl_play import texts
    for key, entry in texts.TEXTS.items():
        assert entry["en"] and entry["fr"], key


def test_fox_moves_show_the_reachable_cells_tunnel_jumps_included_and_a_capture():
    s = fowl.position({"d3": 0, "k12": 1}, {"a1": 6, "d4": 5, "k1": 36}, hands=[[5, 9, 30], [2, 3, 4]],
                       targets=[1, 36], round=2)
    s.apply(0, "play 5")
    s.apply(1, "play 2")
    s.apply(1, "done")
    s.apply(0, "done")
    s.apply(1, "done")             # seat 1's fox stays
    assert s.to_move == (0,) and s.view(0)["phase"] == "foxes"
    h = _draw(s, 0, fowl_ui.Selection())
    reach = set(re.findall(r'class="hex[^"]* reach[ "][^>]*data-cell="([a-k]\d+)"', h))
    assert reach == {a.split("-")[1] for a in s.legal_actions(0) if a.startswith("fox ")}
    assert {"f6", "d9", "h3", "h9", "f2", "f10"} <= reach and "d4" in reach      # the tunnels, a catch
    second = set(re.findall(r'class="hex[^"]* reach2[ "][^>]*data-cell="([a-k]\d+)"', h))
    assert "b3" in second and not second & reach            # beyond the first step, not counted twice
    assert "e6" in second and "g9" in second                 # a jump to f6 or h9, then a step
    scr = fowl_ui.FowlPlayScreen()
    r = scr.tap("hex", {"cell": "h9"}, fowl_ui.Selection(), _turn_of(s, 0))
    assert r.action == "fox d3-h9"
    r = scr.tap("hex", {"cell": "k1"}, fowl_ui.Selection(), _turn_of(s, 0))
    assert r.action is None and r.message.key == "fowl_play.fox_far"
    s.apply(0, "fox d3-d4")                 # a catch on the first step ends the move
    h = _draw(s, 0, fowl_ui.Selection())
    assert re.search(r'class="hex[^"]*last-to[^"]*"[^>]*data-cell="d4"', h) and 'class="caught-ring"' in h
    words = fowl_ui.announce(lambda k, **p: i18n.tr("en", k, **p), {"log": [], "phase": "foxes"},
                             s.view(0), ["Ann", "Bob"], 0, "fox d3-d4")
    assert "Ann's fox went from d3 to d4. It caught the brown duck (circle)." in words


def test_the_rules_page_draws_the_lost_diagrams_from_engine_positions():
    from ui.kit import registry
    for lang in ("en", "fr"):
        p = registry.screen(GID).rules_page(lang)
        assert re.findall(r'data-diagram="(\w+)"', p) == ["d2", "d4", "d5", "d6", "d7", "tunnel", "d8"]
        figs = dict(re.findall(r'data-diagram="(\w+)">(.*?)</figure>', p, re.S))
        # diagram 4: the bird on d8 may go to d7, c8 and c9 only: its steps show on a tap (focus)
        pick = re.search(r'<g class="dpick" tabindex="0" data-cell="d8">(.*?)</g></g>', figs["d4"]).group(1)
        assert len(re.findall(r'class="reach-dot"', pick)) == 3
        assert set(re.findall(r'class="hex[^"]* reach[ "][^>]*data-cell="([a-k]\d+)"', figs["d4"])) == {"d7", "c8", "c9"}
        # diagram 7: from i6, no step to i7
        assert "i7" not in re.findall(r'class="hex[^"]* reach[ "][^>]*data-cell="([a-k]\d+)"', figs["d7"])
        # diagram 2: the birds card 5 lets move are ringed, the white chicken square (27) is not
        ringed = set(re.findall(r'<g class="dpick" tabindex="0" data-cell="([a-k]\d+)"', figs["d2"]))
        assert ringed == {"b3", "c3", "c4", "b5", "c5"} and "b4" not in ringed
        assert {"f6", "d9", "h3", "h9", "f2", "f10"} <= set(
            re.findall(r'class="hex[^"]* reach[ "][^>]*data-cell="([a-k]\d+)"', figs["tunnel"]))
        total = re.search(r'data-row="total.total">(.*?)</tr>', figs["d8"]).group(1)
        assert re.findall(r'data-score="(\d+)"', total) == ["13", "8", "22", "23"]
        assert not RAW_KEY.search(visible(p))


def test_a_hint_for_the_last_card_chosen_reveals_nothing():
    """The bots chose; the person, last, asks for a hint: it names the card to play, from
    the person's own view, never the bots' cards (the copy's future would reveal them)."""
    st = game.new_game(GID, players=3, seed=4)
    _play_until(st, lambda s: s.view(None)["phase"] == "choose")
    st.apply(1, st.legal_actions(1)[0])
    st.apply(2, st.legal_actions(2)[-1])
    hidden = [st._chosen[1], st._chosen[2]]
    app, page = make_app(_saved(st, [HUMAN, BOT, BOT], "h1"), "#play/h1")
    page.run()
    app.on_click("hint", {})
    page.run()
    status = status_text(page)
    assert "Hint: Play card " in status, status
    shown = html.unescape(page.html)
    for c in hidden:
        assert fowl_ui.card_words(app.tr, c) not in shown
        assert f'data-card="{c}"' not in page.html
    assert "revealed" not in status


def test_bigger_cells_on_a_phone_stay_through_the_moves():
    app, page = make_app()
    ses = start(app, page, GID, ("human", "bot"))
    assert 'id="zoom"' in page.html and 'class="play play-fowl"' in page.html.replace(" arrive", "")
    click(app, page, r'id="zoom"')
    assert re.search(r'<main class="play play-fowl zoomed', page.html)
    assert 'aria-pressed="true"' in page.html
    human_turn(app, page, ses, 0, random.Random(2))        # the target: an action clears the rest
    page.run()
    assert re.search(r'<main class="play play-fowl zoomed', page.html)
    click(app, page, r'id="zoom"')
    assert not re.search(r'<main class="play play-fowl zoomed', page.html)


# -- issue 27: the second half of a double tap never reveals -----------------------------------

ANN, BOB = dict(HUMAN, name="Ann"), dict(HUMAN, name="Bob")


def _step(st):
    """Seat 0's bird step that ends its turn, if it is at its last one."""
    if st.view(None)["phase"] != "birds" or st.to_move != (0,) or st.view(0)["steps_left"] != 1:
        return None
    return next((a for a in st.legal_actions(0) if "-" in a and not a.startswith("fox")), None)


def _after(st, action):
    after = st.clone()
    after.apply(0, action)
    return after.to_move


def _last_step_of_ann(seats, then):
    """Two people (and maybe a bot) at one device, Ann (seat 0) at her last bird step, her
    hand on screen, the seat ``then`` to move after it: the app, the page, the step's cells."""
    st = game.new_game(GID, players=len(seats), seed=3)
    _play_until(st, lambda s: _step(s) is not None and _after(s, _step(s)) == (then,))
    app, page = make_app(_saved(st, seats, "dbl"), "#play/dbl")
    app.on_click("reveal", {"seat": "0"})
    return app, page, _step(st).split("-")


def _ann_choosing_her_target(seats):
    """Two people (and maybe a bot) at one device, a new game, Ann's cards on screen: the
    app, the page, and the card Ann keeps as her target (Bob chooses his next, in secret)."""
    st = game.new_game(GID, players=len(seats), seed=3)
    app, page = make_app(_saved(st, seats, "dbl"), "#play/dbl")
    app.on_click("reveal", {"seat": "0"})
    return app, page, st.view(0)["hand"][0]


def test_issue_27_the_second_half_of_a_double_tap_never_shows_the_next_hand():
    """Ann's target chosen ends her turn; the pass screen's button appears under her finger:
    the tap 90 ms after hers, or one that waited while Python drew the pass screen, reveals
    nothing; a tap of its own, once the screen has been up 250 ms, does."""
    app, page, card = _ann_choosing_her_target([ANN, BOB])
    page.clock = 10.0
    app.on_click("fcard", {"card": str(card)}, at=10.0)
    page.run()
    assert app.play.session.human_to_move() == 1 and 'data-pass="1"' in page.html
    secrets = [f'data-card="{c}"' for c in app.play.session.state._hands[1]]
    for at in (9.99, 10.09, 10.24):
        app.on_click("reveal", {"seat": "1"}, at=at)
        assert 'data-pass="1"' in page.html and not any(s in page.html for s in secrets), at
    app.on_click("reveal", {"seat": "1"}, at=10.5)
    assert 'data-pass="1"' not in page.html and all(s in page.html for s in secrets)


def test_issue_54_a_burst_of_taps_never_shows_the_next_hand():
    """Fault 10: Ann's card, then the reveal at 130 and 260 ms: the first is dropped, and the
    quiet time starts again from it, so the second is dropped too; so is the next tap of the
    burst; a tap of its own, 250 ms after the last, shows the hand."""
    app, page, card = _ann_choosing_her_target([ANN, BOB])
    page.clock = 10.0
    app.on_click("fcard", {"card": str(card)}, at=10.0)
    page.run()
    secrets = [f'data-card="{c}"' for c in app.play.session.state._hands[1]]
    for at in (10.13, 10.26, 10.39):
        app.on_click("reveal", {"seat": "1"}, at=at)
        assert 'data-pass="1"' in page.html and not any(s in page.html for s in secrets), at
    app.on_click("reveal", {"seat": "1"}, at=10.65)
    assert 'data-pass="1"' not in page.html and all(s in page.html for s in secrets)


def test_issue_27_nor_is_the_reveal_the_first_half_of_a_double_tap():
    """Bob's double tap on "show my hand": the second tap lands on his cards, and chooses
    nothing there; a tap of its own does."""
    app, page, card = _ann_choosing_her_target([ANN, BOB])
    page.clock = 10.0
    app.on_click("fcard", {"card": str(card)}, at=10.0)
    ses = app.play.session
    mine = ses.state.view(1)["hand"][0]
    page.clock = 12.0
    app.on_click("reveal", {"seat": "1"}, at=12.0)
    assert 'data-pass="1"' not in page.html
    ply = ses.ply
    app.on_click("fcard", {"card": str(mine)}, at=12.09)
    assert ses.ply == ply
    app.on_click("fcard", {"card": str(mine)}, at=12.3)
    assert ses.ply == ply + 1 and ses.state.actions[-1] == [1, f"target {mine}"]


def test_issue_27_a_pass_screen_after_a_bots_move_waits_as_long():
    """Ann ends her fox's move, then the bot's fox ends the round: the pass screen before the
    next card chosen in secret comes with the bot's move, long after Ann's last tap; a tap
    within 250 ms of its coming still reveals nothing."""
    seats = [ANN, BOT, BOB]

    def ann_done_then_the_bot_last(s):
        v = s.view(None)
        return s.over or (v["phase"] == "foxes" and s.to_move == (0,) and "done" in s.legal_actions(0)
                          and v["order"][-1] == 1 and _after(s, "done") == (1,))
    for seed in range(3, 40):
        st = _play_until(game.new_game(GID, players=3, seed=seed), ann_done_then_the_bot_last)
        if not st.over:
            break
    app, page = make_app(_saved(st, seats, "dbl"), "#play/dbl")
    assert 'data-pass="' not in page.html and 'id="hand"' not in page.html    # a move in the open
    page.clock = 5.0
    app.on_click("fdone", {}, at=5.0)
    assert 'data-pass="' not in page.html                  # the bot's turn: the table, no hand
    page.clock = 20.0                                       # the bot answers 15 s later
    page.run()
    seat = app.play.session.human_to_move()
    assert app.play.session.state.view(None)["phase"] == "choose" and f'data-pass="{seat}"' in page.html
    app.on_click("reveal", {"seat": str(seat)}, at=20.1)
    assert f'data-pass="{seat}"' in page.html
    app.on_click("reveal", {"seat": str(seat)}, at=20.4)
    assert f'data-pass="{seat}"' not in page.html


def test_issue_27_the_export_of_a_hidden_game_is_never_confirmed_by_a_double_tap():
    """Export asks first (the file holds the seed); its "Export anyway" appears at the tap."""
    app, page, _ = _last_step_of_ann([ANN, BOB], then=1)
    page.clock = 30.0
    app.on_click("export", {"id": "dbl"}, at=30.0)
    assert 'data-act="export-anyway"' in page.html
    app.on_click("export-anyway", {}, at=30.1)
    assert page.downloads == [] and 'data-act="export-anyway"' in page.html
    app.on_click("export-anyway", {}, at=30.4)
    assert len(page.downloads) == 1


def _whole_game_at_one_device(kinds, seed):
    """A whole game with several people at one device, through the app: the pass screens
    shown (how many), the rounds played, and what each public move's page showed."""
    app, page = make_app()
    ses = start(app, page, GID, kinds)
    rng = random.Random(seed)
    passes, public_pages = 0, 0
    for _ in range(3000):
        page.run()
        if ses.state.over:
            break
        if 'id="reveal"' in page.html:
            passes += 1
            click(app, page, r'id="reveal"')
            continue
        seat = ses.human_to_move()
        if seat is None:
            continue
        st = ses.state
        if st.view(None)["phase"] not in ("target", "choose"):
            # a public move, in the open: nobody's hand nor target on screen
            public_pages += 1
            assert 'id="hand"' not in page.html and 'id="peek"' not in page.html
            assert 'id="board"' in page.html and 'data-pass=' not in page.html
        legal = ses.legal(seat)
        app.play.move(seat, rng.choice(legal))
    assert ses.state.over
    return passes, ses.state.view(None)["round"], public_pages


@pytest.mark.parametrize("kinds", [("human", "human"), ("human", "human", "bot")])
def test_at_one_device_a_pass_screen_comes_only_before_a_secret_choice(kinds):
    """Issue 28: two people at one device saw a pass screen before every change of player,
    bird and fox moves included (about 4 a round, over 100 a game).  Only the target and each
    round's card are secret: a pass screen before each person's choice, so 2 a round with
    two people (one more for the targets), and the public moves in the open."""
    passes, rounds, public = _whole_game_at_one_device(kinds, seed=3)
    assert public > rounds                  # the people did move birds and foxes in the open
    assert passes <= 2 * rounds + 2, (passes, rounds)


def test_the_score_sheet_shows_what_each_row_counts_and_its_points():
    """Issue 28: the Owl caught a bird and its column showed "–" everywhere: each row shows
    how many birds it counts and their points ("1 → 0": not the most circles)."""
    circles = [b for b in range(1, fowl.N_CARDS + 1) if fowl.SHAPE[b] == 0]
    two = [circles[0], next(b for b in circles if fowl.TYPE[b] != fowl.TYPE[circles[0]])]
    owl = next(b for b in circles if b not in two)
    survivors = [b for b in range(1, fowl.N_CARDS + 1) if b not in two + [owl]][:12]
    captured, targets = [two, [owl]], [survivors[0], survivors[1]]
    view = {"players": 2, "captured": captured, "birds": {f"x{i}": b for i, b in enumerate(survivors)},
            "targets": targets, "sheet": fowl.score_sheet(captured, targets, survivors), "winners": [0],
            "end_reason": "few_birds"}
    h = fowl_ui.end_body(lambda k, **p: i18n.tr("en", k, **p), view, ["Ann", "Owl"])
    row = re.search(r'data-row="captured.circles">(.*?)</tr>', h).group(1)
    assert [html.unescape(c) for c in re.findall(r'data-score="\d*">([^<]*)</td>', row)] == ["2 → 2", "1 → 0"]
    assert "how many birds it counts" in html.unescape(h)
    for sec, name in (("survivors", "target"),):
        row = re.search(rf'data-row="{sec}.{name}">(.*?)</tr>', h).group(1)
        assert [html.unescape(c) for c in re.findall(r'data-score="\d*">([^<]*)</td>', row)] == ["1 → 1", "1 → 1"]
    t = fowl.TYPE[targets[0]]
    key = ("chickens", "ducks", "geese", "turkeys")[t]
    row = re.search(rf'data-row="survivors.{key}">(.*?)</tr>', h).group(1)
    n = sum(1 for b in survivors if fowl.TYPE[b] == t)
    assert html.unescape(re.findall(r'data-score="\d*">([^<]*)</td>', row)[0]) == f"{n} → {n}"


def test_the_end_dialog_says_look_at_the_board():
    """Issue 28: the end dialog's button names what the game is played on."""
    from helpers.drawn import end_look
    assert (end_look(GID, "en"), end_look(GID, "fr")) == ("Look at the board", "Voir le plateau")


def test_a_hint_is_worded_as_what_to_do():
    """The hint says what to do, as an instruction, in both languages (the log says what was done)."""
    from helpers.drawn import hint_says
    view = dict(game.new_game('fowl_play', players=2, seed=1).view(0), birds={})   # nobody on the fox's cells
    hint_says('fowl_play', (
        ('fox f6-d3', 'Move your fox from f6 to d3', 'Déplacez votre renard de f6 à d3'),
        ('fox e6', 'Place your fox on e6', 'Placez votre renard sur e6'),
    ), view)


# -- a board a screen reader walks (ui.kit.roving) ------------------------------------------

def _cells(h: str) -> dict:
    """The walkable board's cells: name -> (tabindex, aria-label)."""
    return {c: (t, html.unescape(n)) for c, t, n in re.findall(
        r'data-cell="([a-k]\d+)" id="hex-[a-k]\d+" role="gridcell" tabindex="(-?\d)" aria-label="([^"]*)"', h)}


def test_the_keys_walk_the_hexes_in_their_six_directions_and_back():
    from ui.games.fowl_play import board
    for i, cell in enumerate(fowl.NAMES):
        assert set(board.DIRECTIONS[cell].values()) == {fowl.NAMES[j] for j in fowl.NEIGHBOURS[i]}
        x, y = board.centre(cell)
        for key, back in (("ArrowRight", "ArrowLeft"), ("ArrowUp", "ArrowDown"), ("Shift+ArrowUp", "Shift+ArrowDown"),
                          ("e", "z"), ("q", "c"), ("d", "a")):
            to = board.walk(cell, key)
            if to != cell:
                assert board.walk(to, back) == cell
    x, y = board.centre("f6")
    ways = {k: board.centre(board.walk("f6", k)) for k in ("ArrowRight", "ArrowUp", "Shift+ArrowUp", "ArrowDown")}
    assert ways["ArrowRight"][0] > x and abs(ways["ArrowRight"][1] - y) < 1          # east, in its row
    assert ways["ArrowUp"][0] < x and ways["ArrowUp"][1] < y                          # up-left
    assert ways["Shift+ArrowUp"][0] > x and ways["Shift+ArrowUp"][1] < y              # up-right
    assert ways["ArrowDown"][0] > x and ways["ArrowDown"][1] > y                      # down-right
    assert board.walk("a1", "ArrowLeft") == "a1"                                      # the edge holds it


def test_every_hex_is_one_tab_stop_away_from_the_start():
    app, page = make_app()
    start(app, page, GID, ["human", "bot"])
    cells = _cells(page.html)
    assert len(cells) == len(fowl.NAMES) and page.html.count('<g role="row">') == len({c[0] for c in fowl.NAMES})
    stops = [c for c, (t, _) in cells.items() if t == "0"]
    assert len(stops) == 1               # before: not one hex in the Tab order while the target is chosen
    assert app.on_key("ArrowRight", "board")
    assert [c for c, (t, _) in _cells(page.html).items() if t == "0"] == [board_walk(stops[0], "ArrowRight")]
    tunnel = fowl.NAMES[fowl.TUNNELS[0]]
    assert cells[tunnel][1] == f"{tunnel}, empty, tunnel"


def board_walk(cell, key):
    from ui.games.fowl_play import board
    return board.walk(cell, key)


def test_each_hex_says_what_stands_there_in_the_log_s_words_and_enter_taps_it():
    s = fowl.position({"d3": 0, "k12": 1}, {"a1": 6, "d4": 5, "k1": 36}, hands=[[5, 9, 30], [2, 3, 4]],
                      targets=[1, 36], round=2)
    for seat, a in ((0, "play 5"), (1, "play 2"), (1, "done"), (0, "done"), (1, "done")):
        s.apply(seat, a)
    cells = _cells(_draw(s, 0, fowl_ui.Selection()))
    assert cells["d3"] == ("0", "d3, Ann's fox, tunnel, picked")               # the fox to move: the tab stop
    assert cells["d4"][1] == "d4, brown duck (circle), you may go here"
    assert cells["k12"][1] == "k12, Bob's fox"
    assert cells["f6"][1] == "f6, empty, tunnel, den, you may go here"
    assert cells["a1"][1].startswith("a1, ") and "empty" not in cells["a1"][1]
    fr = _cells(_draw(s, 0, fowl_ui.Selection(), lang="fr"))
    assert fr["d4"][1] == "d4, canard brun (rond), vous pouvez aller ici"
    scr = fowl_ui.FowlPlayScreen()
    turn = _turn_of(s, 0)
    sel = scr.key("ArrowRight", fowl_ui.Selection(), s.view(0), turn).sel
    assert sel.cursor == "d4" and _cells(_draw(s, 0, sel))["d4"][0] == "0"
    assert scr.key("Enter", sel, s.view(0), turn).action == "fox d3-d4"


def test_a_screen_reader_hears_the_game_is_over_and_who_won_and_no_pieces_twice():
    """Issue 53, by the virtual screen reader: at the end, T read the reason alone ("The last
    clear-turn card was turned."), neither that the game was over nor who won; and the pieces
    drawn over the cells were read after the grid, 36 times "group, C", each already said by
    its cell's name."""
    from helpers.games import random_game
    from ui.kit import readout
    from ui.kit.screen import Context
    s = random_game(GID, 2, 3)
    ctx = Context(tr=lambda k, **p: i18n.tr("en", k, **p), lang="en", names=("Ann", "Bob"),
                  seats=(HUMAN, BOT), acting=None, legal=())
    h = fowl_ui.FowlPlayScreen().render(s.view(0), fowl_ui.Selection(), ctx)
    said = " ".join(readout.status_words(h))
    who = "A draw!" if len(s.view(0)["winners"]) > 1 else ("Ann" if s.view(0)["winners"] == [0] else "Bob") + " wins!"
    assert said.startswith("Game over. ") and said.endswith(who), said
    assert '<g class="pieces" pointer-events="none" aria-hidden="true">' in h
