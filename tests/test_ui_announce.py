"""Every move is told to screen readers in plain words, in the player's language (``announce``
of each game's screen module, through ``dom.announce``), bots' moves included, and never
tells a card the listener may not see."""

from __future__ import annotations

import random

import pytest

import game
from ui.kit import i18n
from ui.games.fendo import board as fendo_ui
from ui.games.fennecs import cards as fennecs_ui
from ui.games.renard_des_bois import cards as renard_ui

from helpers.app import FORCED_PASS, make_app

NAMES = ["Anna", "Bot"]


def tr_of(lang):
    return lambda key, /, **p: i18n.tr(lang, key, **p)


def told(module, state, seat, action, me=None, lang="en", names=NAMES):
    """The words for ``action``, as the app says them: the views before and after, from ``me``."""
    before = state.view(me)
    state.apply(seat, action)
    return module.announce(tr_of(lang), before, state.view(me), names, seat, action)


def _random_game(game_id, seed, players=2):
    """(state, seat, action) at each turn of a seeded random game: the caller applies it."""
    rng = random.Random(seed)
    state = game.new_game(game_id, players=players, seed=seed)
    while not state.over:
        seat = state.to_move[0]
        yield state, seat, rng.choice(state.legal_actions(seat))


# -- Fendo --------------------------------------------------------------------------

def test_fendo_says_where_the_pawn_went_and_the_wall_in_both_languages():
    s = game.new_game("fendo", seed=1)
    assert told(fendo_ui, s, 0, "d3") == "Anna brings a new pawn in on d3."
    s = game.new_game("fendo", seed=1)
    s.apply(0, "d3")
    assert told(fendo_ui, s, 1, "d7-c3W", lang="fr") == "Bot va de d7 à c3 et pose un mur à l'ouest de c3."
    s = game.replay({"game": "fendo", "seed": 1, "players": 2, "options": {}, "actions": FORCED_PASS})
    assert told(fendo_ui, s, 1, "pass") == "Bot passes."
    stay = next(a for a in s.legal_actions(0) if a[-1] == "E" and "-" not in a)
    cell = stay[:-1]
    assert told(fendo_ui, s, 0, stay) == f"Anna stays on {cell} and places a wall east of {cell}."


def test_fendo_says_the_cells_a_closed_area_gives_and_the_result():
    said = [told(fendo_ui, s, seat, a) for s, seat, a in _random_game("fendo", 7)]
    assert any("now holds" in t for t in said)
    assert any(w in said[-1] for w in (" wins, ", "Draw, "))


# -- Le Renard des Bois ---------------------------------------------------------------

def test_renard_says_the_card_the_trick_the_round_and_the_end():
    said = []
    for s, seat, a in _random_game("renard_des_bois", 3):
        said.append(told(renard_ui, s, seat, a, me=0))
    assert all(said), "a move said nothing"
    assert said[0].startswith(NAMES[0] + " plays the ") or said[0].startswith(NAMES[1] + " plays the ")
    assert any("won the trick" in t for t in said)
    assert any("End of round 1: Anna " in t for t in said)
    assert any("Round 2 is dealt. The decree is the " in t for t in said)
    assert any(" wins, " in t or "Draw, " in t for t in said[-1:])


def test_renard_in_french():
    s = game.new_game("renard_des_bois", seed=3)
    seat = s.to_move[0]
    card = s.legal_actions(seat)[0]
    text = told(renard_ui, s, seat, card, lang="fr")
    rank, suit = renard_ui.split(card)
    assert text.startswith(f"{NAMES[seat]} joue le {rank} de ")
    assert i18n.tr("fr", "renard.suit." + suit) in text


def test_renard_keeps_the_woodcutters_cards_from_the_other_player():
    for s, seat, a in _random_game("renard_des_bois", 5):
        if a.startswith("bottom "):
            card = renard_ui.card_label(tr_of("en"), a[7:])
            other = 1 - seat
            clone = s.clone()
            assert card not in told(renard_ui, clone, seat, a, me=other)
            assert card in told(renard_ui, s.clone(), seat, a, me=seat)
            return
        s.apply(seat, a)
    pytest.skip("no Woodcutter in this game")


# -- Fennecs ------------------------------------------------------------------------

def test_fennecs_says_plays_and_collections_in_both_languages():
    said, fr = [], []
    for s, seat, a in _random_game("fennecs", 11, players=3):
        fr.append(told(fennecs_ui, s.clone(), seat, a, me=0, lang="fr", names=["Anna", "Bot 2", "Bot 3"]))
        said.append(told(fennecs_ui, s, seat, a, me=0, names=["Anna", "Bot 2", "Bot 3"]))
    assert any(" face up on column " in t for t in said)
    assert any(" collected column " in t for t in said)
    assert any("End of round 1." in t for t in said)
    assert "Game over." in said[-1]
    assert any(" face visible sur la colonne " in t for t in fr)
    assert "Partie terminée." in fr[-1]


def test_fennecs_hides_a_face_down_card_from_the_others():
    s = game.fennecs.position(2, hands=["3 -2", "5 1"], columns=["4 2 -1", "3"])
    s.apply(0, "take A")
    assert told(fennecs_ui, s.clone(), 1, "5v>B", me=0) == "Bot plays a card face down on column B, with a star."
    assert told(fennecs_ui, s.clone(), 1, "5v>B", me=1) == "Bot plays the 5 card face down on column B, with a star."


# -- the app --------------------------------------------------------------------------

@pytest.mark.parametrize("lang,word", [("en", "brings a new pawn in on"), ("fr", "fait entrer un nouveau pion en")])
def test_the_app_tells_the_players_move_and_the_bots_answer(lang, word):
    app, page = make_app(lang=lang)
    page.go("#new/fendo")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    ses = app.play.session
    cell = next(a for a in ses.legal(0) if len(a) == 2)
    app.on_click("reserve", {})
    app.on_click("cell", {"cell": cell})
    assert page.said and word in page.said[-1] and cell in page.said[-1]
    page.run()                       # the bot answers
    assert len(page.said) == 2 and page.said[-1].startswith(app.names(ses.game_id, ses.seats)[1])
    app.on_click("undo", {})
    assert page.said[-1] == i18n.tr(lang, "say.undo")


def test_the_app_tells_every_move_of_a_card_game_between_bots():
    app, page = make_app()
    for gid in ("renard_des_bois", "fennecs"):
        page.go("#new/" + gid)
        app.on_form("kind0", "bot")
        app.on_form("level0", "novice")
        app.on_form("level1", "novice")
        app.on_click("start", {})
        n = len(page.said)
        for _ in range(12):
            page.run()
        ses = app.play.session
        assert len(page.said) - n == ses.ply and all(page.said[n:]), gid
