"""The keys that read the table out (ui/kit/readout.py): T, R, L and V say what a sighted player
reads at a glance through the live region, in every game; ``?`` opens the list of keys, a
dialog Escape closes; and no read-out tells a seat what it may not know."""

from __future__ import annotations

import random
import re

import pytest

import game
from ui.kit import i18n, readout, registry
from test_leaks import HIDDEN, positions

from helpers.app import make_app, start

GAMES = sorted(game.GAMES)


def tr_of(lang):
    return lambda key, /, **p: i18n.tr(lang, key, **p)


def _played(game_id, lang="en", moves=5):
    """An app with a game of ``game_id`` against bots, a few moves in, the person to move."""
    app, page = make_app(lang=lang)
    kinds = ("human",) + ("bot",) * (game.GAMES[game_id].min_players - 1)
    ses = start(app, page, game_id, kinds=kinds)
    rng = random.Random(4)
    for _ in range(moves):
        seat = ses.human_to_move()
        if seat is None or ses.state.over:
            break
        app.play.move(seat, rng.choice(ses.legal(seat)))
        page.run()
    return app, page, ses


def _pressed(app, page, key, target="board"):
    said = len(page.said)
    assert app.on_key(key, target) is True, key
    assert len(page.said) == said + 1, f"{key} said nothing"
    return page.said[-1]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_key_reads_its_part_of_the_table(game_id):
    app, page, ses = _played(game_id)
    seat = ses.human_to_move()
    view = ses.view(seat)
    names = app.play.names()
    scr = registry.screen(game_id)
    tr = app.tr
    # T: the status bar's words, as drawn
    status = readout.status_words(page.html)
    assert status and _pressed(app, page, "t") == " ".join(status)
    assert names[seat] in _pressed(app, page, "T")
    # R: the scores, each seat named
    scores = _pressed(app, page, "r")
    assert scores.startswith("Scores: ") and all(n in scores for n in names)
    # L: the others' moves since this seat's last, in the log's words
    last = _pressed(app, page, "l")
    log = app.play.current().log
    assert log[-1][1] in last
    # V: the position, in the game's words, from this seat's view
    position = _pressed(app, page, "v")
    assert position == " ".join(scr.read_out(tr, view, names, seat))
    assert len(position) > 60 and position != i18n.tr("en", "read.nothing")
    assert app.play.session is ses and ses.ply == len(log)      # reading plays nothing


def test_the_keys_are_taken_anywhere_on_the_table_but_nowhere_else():
    app, page, ses = _played("fendo", moves=1)
    assert all(app.takes_key(k) for k in ("t", "R", "l", "V", "?"))
    assert not app.takes_key("x") and not app.takes_key("p")
    assert _pressed(app, page, "v", target="hand")         # the focus off the board
    assert app.on_key("p", "board") is True                  # Fendo's own P (the reserve) still works
    page.go("#")
    assert not app.takes_key("t")


def test_the_position_of_fendo_says_pawns_areas_walls_and_reserve():
    app, page, ses = _played("fendo", moves=3)
    said = _pressed(app, page, "v")
    view = ses.view(0)
    for cell in view["pawns"]:
        assert cell in said
    assert f"{view['reserve'][0]} in reserve" in said
    assert f"{len(view['walls'])} walls on the board" in said
    assert "still open" in said


def test_the_readout_is_in_french_too():
    app, page, ses = _played("renard_des_bois", lang="fr")
    said = _pressed(app, page, "v")
    assert "Votre main" in said and "atout" in said
    assert _pressed(app, page, "r").startswith("Scores\u00a0: ")


def test_question_mark_opens_the_list_of_keys_and_escape_closes_it():
    app, page, ses = _played("fennecs", moves=1)
    assert 'id="keys-dialog"' not in page.html
    said = len(page.said)
    assert app.on_key("?", "board")
    html = page.html
    assert 'role="dialog"' in html and 'id="keys-dialog"' in html and 'aria-labelledby="keys-title"' in html
    assert "data-takes-focus" in html
    for k, what in readout.KEYS:
        assert f"<kbd>{k.upper()}</kbd>" in html and i18n.tr("en", "read.key." + what) in html
    assert len(page.said) == said            # the dialog is read by focus, not the live region
    assert app.on_key("Escape", "keys-close")
    assert 'id="keys-dialog"' not in page.html
    app.on_key("?", "board")
    app.on_click("keys-close", {})
    assert 'id="keys-dialog"' not in page.html


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rules_page_lists_the_keys_in_both_languages(game_id):
    for lang in i18n.LANGS:
        app, page = make_app(hash_="#rules/" + game_id, lang=lang)
        assert 'class="read-keys"' in page.html
        assert i18n.tr(lang, "read.title") in page.html.replace("&#x27;", "'").replace("&#39;", "'")


def test_a_pass_screen_reads_only_whose_turn_it_is():
    app, page = make_app()
    ses = start(app, page, "renard_des_bois", kinds=("human", "human"))
    assert app.play.current().pass_to is not None
    said = _pressed(app, page, "v", target="")
    assert said == i18n.tr("en", "pass.title", name=app.play.names()[ses.human_to_move()])


# -- nothing the seat may not know ----------------------------------------------------------

def _words(gid, view, seat):
    scr = registry.screen(gid)
    tr = tr_of("en")
    names = [f"Seat{i}" for i in range(view["players"])]
    return " ".join(scr.read_out(tr, view, names, seat) + scr.read_scores(tr, view, names, seat))


@pytest.mark.parametrize("gid", HIDDEN)
def test_a_readout_tells_a_seat_nothing_it_cannot_see(gid):
    """Two states that differ only in what a seat cannot know (its hidden part scrambled at
    random, ignoring even what it inferred; and a world of its information set) read out the
    same words to it, though the others' hands (their views) differ."""
    rng = random.Random(9)
    read = changed = 0
    for s, checker in positions(gid):
        for seat in [None, *range(s.players)]:
            words = _words(gid, s.view(seat), seat)
            w = checker.scramble(s, seat, rng)
            if w is not None:
                assert _words(gid, w.view(seat), seat) == words, (gid, seat, len(s.actions))
                changed += any(w.view(q) != s.view(q) for q in range(s.players) if q != seat)
            if seat is not None:
                d = s.determinize(seat, random.Random(rng.random()))
                assert _words(gid, d.view(seat), seat) == words
            read += 1
    assert read > 20 and changed > read // 4, (read, changed)


def test_a_lesson_s_table_reads_out_too_and_t_says_the_step():
    app, page = make_app(hash_="#lesson/fendo")
    step = app.lesson.step
    assert app.takes_key("t")
    assert _pressed(app, page, "t", target="").startswith(step.say["en"])
    assert "White's pawns: d1" in _pressed(app, page, "v", target="")
    app.on_key("?", "")
    assert 'id="keys-dialog"' in page.html


def test_a_guest_reads_its_own_hand_and_never_the_host_s():
    """A seat played on another device reads the table from the frames it was sent: its own
    hand, the others' counted."""
    from helpers.devices import Net, host_game, join
    from ui.games.renard_des_bois import cards
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    said = _pressed(g, gpage, "v", target="")
    ses = host.play.session
    mine, theirs = ses.view(1)["hand"], ses.view(0)["hand"]
    tr = g.tr
    assert all(cards.card_label(tr, c) in said for c in mine)
    assert not any(re.search(r"(?<!\d)" + re.escape(cards.card_label(tr, c)), said) for c in theirs if c not in mine)
    assert g.takes_key("r") and _pressed(g, gpage, "r", target="").startswith("Scores: ")
