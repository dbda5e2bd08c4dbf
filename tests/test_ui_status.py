"""The status line's hint on CPython (issue 54, item 2): a hint belongs to one position of one
game, so a game opened next never shows the last game's hint, and Hint works there."""

from __future__ import annotations

from helpers.app import make_app, start
from helpers.drawn import status_of


def test_a_hint_stays_with_its_game():
    """Fendo, Hint, home, Le Renard des Bois: both start at an empty record (the person leads),
    yet the Renard status shows no Fendo hint, and Hint asks the bot anew."""
    app, page = make_app()
    fendo = start(app, page, "fendo")
    app.on_click("hint", {})
    page.run()
    assert "Hint:" in status_of(page.html) and fendo.save["hints"] == 1
    page.go("#")
    renard = start(app, page, "renard_des_bois")
    assert renard.state.actions == [] and renard.human_to_move() == 0
    assert "Hint:" not in status_of(page.html), status_of(page.html)
    app.on_click("hint", {})
    page.run()
    assert "Hint:" in status_of(page.html) and renard.save["hints"] == 1
    assert app.play.hint.action in renard.legal(0)       # Renard's own suggestion, lit
    assert "data-hint" in page.html
