"""Le Renard des Bois in the app's controller, on CPython, with the fake page of tests/helpers/app.py."""

from __future__ import annotations

import re

import pytest

import game
from ui.store import saves
from ui.games.renard_des_bois import cards as renard_ui
from ui.store.saves import MemoryStore

from helpers.app import guarded, make_app, start
from helpers.drawn import hand_cards, marks

GID = "renard_des_bois"


def tap_for(app, seat, action):
    """The taps that make ``action``: a hand card, or the Keep button."""
    if action == "keep":
        app.on_click("keep", {})
    else:
        app.on_click("card", {"card": action.split()[-1]})


def human_turns(app, page, ses, limit=1500):
    """Runs the bots and yields the human seat each time it is to act, until the game ends."""
    for _ in range(limit):
        if ses.state.over:
            return
        page.run()
        seat = ses.human_to_move()
        if seat is not None:
            yield seat


def test_home_card_is_playable_and_the_form_offers_the_target():
    app, page = make_app()
    assert 'href="#new/renard_des_bois"' in page.html
    page.go("#new/" + GID)
    assert 'name="opt-target"' in page.html and "35 points" in page.html
    app.on_form("opt-target", "16")
    app.on_click("start", {})
    assert app.play.session.state.options == {"target": 16}


@pytest.mark.slow
def test_a_whole_game_against_the_novice_bot_by_taps():
    app, page = make_app()
    ses = start(app, page, GID)
    bot_seat = 1
    rounds_seen = 0
    for seat in human_turns(app, page, ses):
        # never the bot's hand on screen; ours, with the legal cards raised
        bot_hand = ses.state.view(bot_seat)["hand"]
        assert not set(bot_hand) & set(hand_cards(page.html))
        assert hand_cards(page.html) == ses.state.view(0)["hand"]
        if 'id="round-dialog"' in page.html:
            assert "Round points" in page.html and "tricks)" in page.html
            rounds_seen += 1
            app.on_click("round-ok", {})
            assert 'id="round-dialog"' not in page.html
        legal = ses.legal(seat)
        before = ses.ply
        tap_for(app, seat, legal[-1])
        assert ses.ply > before, page.html
    assert ses.state.over and rounds_seen >= 1
    assert 'id="end-dialog"' in page.html
    totals = [int(x) for x in re.findall(r'<td class="total" data-score="(\d+)"', page.html)]
    assert totals == ses.state.scores
    app.on_click("hide-end", {})
    assert 'id="end-dialog"' not in page.html and 'id="show-end"' in page.html


def _to_a_refusal(app, page, ses):
    """Plays (by taps) until the human follows holding a card they may not play."""
    for _ in range(400):
        page.run()
        seat = ses.human_to_move()
        if seat is None:
            continue
        app.on_click("round-ok", {})
        v = ses.state.view(seat)
        legal = ses.legal(seat)
        if v["trick"]["cards"] and not v["pending"]:
            bad = [c for c in v["hand"] if c not in legal]
            if bad:
                return seat, bad[0], v
        tap_for(app, seat, legal[0])
    raise AssertionError("no refusal found")


def test_a_refused_card_shows_the_engines_reason_translated():
    for lang, text in (("en", "You must follow"), ("fr", "Vous devez jouer")):
        app, page = make_app(lang=lang)
        ses = start(app, page, GID)
        seat, bad, v = _to_a_refusal(app, page, ses)
        ply = ses.ply
        app.on_click("card", {"card": bad})
        assert ses.ply == ply
        assert 'class="st st-error"' in page.html
        if v["trick"]["cards"][0][1].startswith("11"):
            continue   # a Monarch's refusal has its own sentence
        assert text in page.html, page.html
        suit = {"en": {"B": "Bells", "K": "Keys", "M": "Moons"},
                "fr": {"B": "Cloches", "K": "Clefs", "M": "Lunes"}}[lang][v["trick"]["led"]]
        assert suit in page.html


def test_hot_seat_shows_a_pass_screen_before_each_hand():
    app, page = make_app()
    ses = start(app, page, GID, ("human", "human"))
    seat = ses.human_to_move()
    hand = ses.state.view(seat)["hand"]
    other = ses.state.view(1 - seat)["hand"]
    assert 'id="reveal"' in page.html and "Pass the device to Player" in page.html
    for c in hand + other:
        assert f'data-card="{c}"' not in page.html
        assert renard_ui.card_label(app.tr, c) not in page.html
    # taps on cards do nothing until the hand is shown
    app.on_click("card", {"card": hand[0]})
    assert ses.ply == 0
    app.on_click("reveal", {"seat": str(seat)})
    assert hand_cards(page.html) == hand
    assert not set(other) & set(hand_cards(page.html))
    action = ses.legal(seat)[0]
    tap_for(app, seat, action)
    while ses.human_to_move() == seat:         # a Fox or a Woodcutter: its follow-up
        tap_for(app, seat, ses.legal(seat)[0])
    nxt = ses.human_to_move()
    assert nxt == 1 - seat and 'id="reveal"' in page.html
    for c in ses.state.view(nxt)["hand"] + ses.state.view(seat)["hand"]:
        assert f'data-card="{c}"' not in page.html
    app.on_click("reveal", {"seat": str(nxt)})
    assert hand_cards(page.html) == ses.state.view(nxt)["hand"]


@pytest.mark.parametrize("seed", range(6))
def test_undo_is_refused_after_a_trick_and_says_why(seed):
    app, page = make_app()
    app.rng.seed(seed)
    ses = start(app, page, GID)
    for _ in range(60):
        page.run()
        seat = ses.human_to_move()
        if seat is None:
            continue
        # Stop at our turn once a trick is over, unless a Fox or Woodcutter of ours waits for
        # its follow-up (that card alone may still be taken back: nothing was revealed).
        follow_up = any(a == "keep" or a.startswith(("swap ", "bottom ")) for a in ses.legal(seat))
        if sum(ses.state.view(0)["tricks"]) >= 1 and not follow_up:
            break
        tap_for(app, seat, ses.legal(seat)[0])
    page.run()
    assert sum(ses.state.view(0)["tricks"]) >= 1
    keep, reason = ses.undo_keep()
    assert keep is None and reason.startswith("undo.renard.")
    n = ses.ply
    app.on_click("undo", {})
    assert ses.ply == n
    assert 'id="undo" disabled' in page.html or re.search(r'id="undo"[^>]*disabled', page.html)
    assert app.tr(reason) in page.html.replace("&#x27;", "'")


def test_undo_guard_allows_only_an_unanswered_own_action():
    rec = game.new_game(GID, seed=5).record()
    st = game.replay(rec)
    first = st.to_move[0]
    st.apply(first, st.legal_actions(first)[0])
    rec = st.record()
    # the other player has not answered: the lead may be taken back... by rule, only if the
    # same player still acts (a Fox's follow-up); otherwise someone else is to play
    reason = guarded(renard_ui.undo_guard, rec, 0)
    if st.to_move[0] == first:
        assert reason is None
    else:
        assert reason == "undo.renard.answered"
    other = st.to_move[0]
    st.apply(other, st.legal_actions(other)[0])
    while sum(st.view(None)["tricks"]) == 0:
        p = st.to_move[0]
        st.apply(p, st.legal_actions(p)[0])
    assert guarded(renard_ui.undo_guard, st.record(), 0) == "undo.renard.trick"


def test_a_fox_offers_swap_or_keep_and_keep_can_be_undone():
    store = MemoryStore()
    st = game.new_game(GID, seed=1)
    for seed in range(200):
        st = game.new_game(GID, seed=seed)
        p = st.to_move[0]
        if any(a.startswith("3") for a in st.legal_actions(p)):
            break
    p = st.to_move[0]
    seats = [{"kind": "bot", "name": "", "level": "novice"}] * 2
    seats[p] = {"kind": "human", "name": "Ada", "level": None}
    saves.write(store, saves.make("fox1", st.record(), seats, 0))
    app, page = make_app(store, "#play/fox1")
    ses = app.play.session
    fox = next(a for a in ses.legal(p) if a.startswith("3"))
    app.on_click("card", {"card": fox})
    assert 'id="keep"' in page.html and 'data-mode="fox"' in page.html
    assert ses.legal(p)[0] == "keep"
    # nothing was revealed yet: the Fox may be taken back
    assert ses.undo_keep()[0] == 0
    app.on_click("undo", {})
    assert ses.ply == 0 and 'id="keep"' not in page.html
    app.on_click("card", {"card": fox})
    swap = ses.legal(p)[1].split()[1]
    app.on_click("card", {"card": swap})
    assert ses.state.view(p)["decree"] == swap


def test_the_games_words_are_translated():
    from ui.kit import i18n
    keys = [f"renard.ability.{a}" for a in renard_ui.ABILITIES.values()]
    keys += [f"renard.suit.{s}" for s in renard_ui.SUITS]
    keys += [f"renard.band.{b}" for b in ("humble", "defeated", "victorious", "greedy")]
    keys += [f"renard.reason.{r}" for r in ("trump", "led_suit", "witch", "witches_cancel")]
    keys += [f"undo.renard.{r}" for r in ("trick", "woodcutter", "answered")]
    keys += [f"{GID}.seat{i}" for i in (0, 1)]
    for o in game.GAMES[GID].options:
        keys += [f"opt.{GID}.{o.name}"] + [f"opt.{GID}.{o.name}.{c}" for c in o.choices]
    src = open(game.renard_des_bois.__file__, encoding="utf-8").read()
    keys += ["err." + c for c in set(re.findall(r'"(renard\.[a-z_]+)"', src))]
    assert [k for k in keys if k not in i18n.TABLE] == []


def _status(html):
    m = re.search(r'<div class="status" id="status".*?</div>', html, re.S)
    return m.group(0) if m else ""


@pytest.mark.slow
def test_fox_and_woodcutter_are_explained_when_they_fire_and_hide_what_they_should():
    """Whole games against the novice bot, human playing the abilities whenever it can:
    each Fox and Woodcutter of the trick on the table is told in the status, the bot's
    Woodcutter never names a card, ours names both, and a swap marks the decree."""
    seen = {"swap": 0, "keep": 0, "wood_mine": 0, "wood_bot": 0, "monarch": 0}
    for n in range(3):
        app, page = make_app()
        ses = start(app, page, GID)
        for seat in human_turns(app, page, ses):
            app.on_click("round-ok", {})
            v = ses.state.view(seat)
            status = _status(page.html)
            for e in renard_ui.ability_events(v):
                if e["event"] == "swap":
                    seen["swap"] += 1
                    assert "Fox: " in status and renard_ui.card_label(app.tr, e["decree"]) in status
                    assert 'class="decree changed"' in page.html
                    assert f'data-trump="{e["decree"][-1]}"' in page.html or v["decree"] != e["decree"]
                elif e["event"] == "keep":
                    seen["keep"] += 1
                    assert "kept the decree" in status
                elif e["seat"] == seat:
                    seen["wood_mine"] += 1
                    assert ('Woodcutter: you drew <span class="icard rcard-i" role="img" aria-label="'     # drawn small, named
                            + renard_ui.card_label(app.tr, e["drew"]) + '"') in status
                else:
                    seen["wood_bot"] += 1
                    assert "Woodcutter: " in status and "drew the top card" in status
                    said = status.split("Woodcutter: ")[1].split("</p>")[0]
                    assert "drew" not in e and not re.search(r"\d+ of (Bells|Keys|Moons)", said)
            if v["trick"]["cards"] and v["trick"]["cards"][0][1].startswith("11"):
                seen["monarch"] += 1
                assert "Monarch: " in status
            legal = ses.legal(seat)
            # play abilities eagerly (3s, 5s, swaps), else the highest card
            pick = next((a for a in legal if a.startswith(("3", "5", "swap"))), legal[-1])
            if n == 1 and "keep" in legal:
                pick = "keep"
            tap_for(app, seat, pick)
        assert ses.state.over
    assert all(seen.values()), seen


def test_a_round_summary_nobody_closed_comes_back_after_a_reload():
    app, page = make_app()
    ses = start(app, page, GID)
    for _ in range(600):
        page.run()
        if 'id="round-dialog"' in page.html:
            break
        seat = ses.human_to_move()
        if seat is not None:
            tap_for(app, seat, ses.legal(seat)[-1])
    assert 'id="round-dialog"' in page.html
    store, sid = app.store, ses.id
    app2, page2 = make_app(store, "#play/" + sid)       # the tab was closed and opened again
    assert 'id="round-dialog"' in page2.html and 'data-round="1"' in page2.html
    app2.on_click("round-ok", {})
    assert 'id="round-dialog"' not in page2.html
    app3, page3 = make_app(store, "#play/" + sid)
    assert 'id="round-dialog"' not in page3.html


def test_a_long_press_on_an_odd_card_explains_it_and_plays_nothing():
    """Issue 16: a long press (ui/web/dom.py sends the card's data-hold act) explains the card's
    ability, on the person's turn or not; an even card, or no card, says nothing."""
    app, page = make_app()
    ses = start(app, page, GID)
    hand = ses.view(0)["hand"]
    odd = next(c for c in hand if renard_ui.ABILITIES.get(renard_ui.split(c)[0]))
    assert f'data-card="{odd}" data-hold="explain"' in page.html
    ply = ses.ply
    app.on_click("explain", {"card": odd})
    rank = renard_ui.split(odd)[0]
    name = app.tr("renard.ability." + renard_ui.ABILITIES[rank])
    assert f"{rank} {name}: " in _status(page.html) and ses.ply == ply
    before = page.html
    app.on_click("explain", {"card": "99Z"})
    assert page.html == before


def test_the_end_dialog_says_look_at_the_table():
    """Issue 28: the end dialog's button names what the game is played on (a card game said board)."""
    from helpers.drawn import end_look
    assert (end_look(GID, "en"), end_look(GID, "fr")) == ("Look at the table", "Voir la table")


def test_a_hint_is_worded_as_what_to_do():
    """The hint says what to do, as an instruction, in both languages (the log says what was done)."""
    from helpers.drawn import hint_says
    hint_says('renard_des_bois', (
        ('7M', 'Play the 7 of Moons – Treasure', 'Jouez le 7 de Lunes – Trésor'),
        ('swap 4K', 'Exchange the 4 of Keys with the decree', 'Échangez le 4 de Clefs avec le décret'),
    ))


# -- the others' actions since your turn, on the two-player table (issue 54, item 6) ---------

def _since_mine(ses) -> list:
    """The bot's actions since the person's (seat 0) last one."""
    acts = ses.state.actions
    last = max((i for i, (s, _) in enumerate(acts) if s == 0), default=None)
    return [] if last is None else acts[last + 1:]


def _bot_turns(app, page, ses, want, games=6):
    """Plays the person's turns at random (seeded) until ``want(ses)`` holds at one of them;
    a new game after each that ends."""
    import random
    rng = random.Random(7)
    for _ in range(games):
        for seat in human_turns(app, page, ses):
            app.on_click("round-ok", {})
            if want(ses):
                return ses
            tap_for(app, seat, rng.choice(ses.legal(seat)))
        ses = start(app, page, GID)
    raise AssertionError("never came")


def test_show_again_plays_the_bots_cards_back_on_the_two_player_table():
    """Renard sums nothing up (sum_up), but Show again is offered as in the other games when the
    bot played more than once since the person's turn: it draws the position before the
    bot's first action, then after each (a trick it ended on the table, its card numbered),
    then the present."""
    app, page = make_app()
    ses = start(app, page, GID)
    tricks = lambda s, ply: sum(s.state_at(ply).view(0)["tricks"])
    ses = _bot_turns(app, page, ses, lambda s: len(_since_mine(s)) > 1     # the bot ended a trick, and led
                     and tricks(s, s.ply - len(_since_mine(s))) < tricks(s, s.ply))
    n = len(_since_mine(ses))
    present = page.html
    assert 'id="show-again"' in present and 'id="status"' in present
    drawn = []
    real = page.render
    page.render = lambda h, fresh=False: (drawn.append(h), real(h, fresh))
    app.on_click("show-again", {})
    page.run()
    page.render = real
    plies = [int(re.search(r'id="main" data-ply="(\d+)"', h).group(1)) for h in drawn]
    assert plies == list(range(ses.ply - n, ses.ply + 1)) + [ses.ply]
    scr, ended = app.play.screen, False
    st = ses.state_at(ses.ply - n)
    for k, (seat, action) in enumerate(ses.state.actions[ses.ply - n:], 1):
        before = st.view(0)
        st.apply(seat, action)
        first = scr.places(before, st.view(0), seat, action)[0]
        assert k == max(int(x) for xs in marks(drawn[k]).values() for x in xs)
        assert str(k) in marks(drawn[k]).get(first, ()), (k, action, first, marks(drawn[k]))   # never its fallback
        v = st.view(0)
        if not v["trick"]["cards"]:     # the trick it ended, on the table under its own number
            assert f'trick {v["last_trick"]["number"]} of 13' in drawn[k] and 'id="last-trick"' not in drawn[k]
            ended = True
    assert ended and page.html == present


def test_a_woodcutters_draw_and_discard_is_numbered_on_the_deck():
    """The bot's Woodcutter: its card numbered on the table, then its discard on the deck (the
    card it put back is named nowhere), like any other action."""
    app, page = make_app()
    ses = start(app, page, GID)
    ses = _bot_turns(app, page, ses, lambda s: any(a.startswith("bottom") for _, a in _since_mine(s)))
    acts = [a for _, a in _since_mine(ses)]
    k = next(i for i, a in enumerate(acts, 1) if a.startswith("bottom"))
    assert marks(page.html).get("deck") == [str(k)], (acts, marks(page.html))
    assert sorted(int(x) for xs in marks(page.html).values() for x in xs) == list(range(1, len(acts) + 1))
    put = acts[k - 1].split()[1].lower()
    assert f'id="tc-{put}"' not in page.html


def test_the_marks_are_the_same_after_a_reload():
    """A reload draws the marks where the page drew them, and offers Show again as it did: a
    trick the bot ended, gathered since, numbers its card on its player's name on both (it
    used to stay on the card, fading out, until the page was reloaded)."""
    import random
    app, page = make_app()
    ses = start(app, page, GID)
    rng, checked, gathered = random.Random(2), 0, 0
    for seat in human_turns(app, page, ses):
        app.on_click("round-ok", {})
        if _since_mine(ses):
            app2, page2 = make_app(app.store, "#play/" + ses.id)
            page2.run()
            assert marks(page.html) == marks(page2.html), (_since_mine(ses), marks(page.html), marks(page2.html))
            assert ('id="show-again"' in page.html) == ('id="show-again"' in page2.html)
            checked += 1
            gathered += "rp-1" in marks(page.html)
        if checked >= 25:
            break
        tap_for(app, seat, rng.choice(ses.legal(seat)))
    assert checked >= 25 and gathered


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_odd_card_says_what_it_does_once_after_its_name(lang):
    """A card's title is what a screen reader says after its name: the ability's help alone
    ("3 of Keys – Fox, You may exchange…"), not the name a second time."""
    from ui.kit import i18n
    tr = lambda key, /, **p: i18n.tr(lang, key, **p)
    hand = ["3K", "5B", "9M", "11K", "4M"]
    html = renard_ui.render_hand(tr, hand, set(hand), True)
    buttons = re.findall(r'<button\b[^>]*\btitle="([^"]*)"[^>]*>.*?<span class="visually-hidden">([^<]*)</span>', html, re.S)
    assert len(buttons) == 4, buttons          # the Fox, the Woodcutter, the Witch, the Monarch
    for title, name in buttons:
        assert name not in title and not title.startswith(name.split(" – ")[0]), (name, title)
        assert title[:1].isupper() and len(title) > 20, title
