"""The status line's hint on CPython (issue 54, item 2): a hint belongs to one position of one
game, so a game opened next never shows the last game's hint, and Hint works there."""

from __future__ import annotations

from test_ui_app import _close_pending_bot_moves, make_app
from test_ui_tables import _status


def _start(app, page, gid):
    page.go(f"#new/{gid}")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    ses = app.play.session
    while ses.human_to_move() is None:
        page.run()
    return ses


def test_a_hint_stays_with_its_game():
    """Fendo, Hint, home, Le Renard des Bois: both start at an empty record (the person leads),
    yet the Renard status shows no Fendo hint, and Hint asks the bot anew."""
    app, page = make_app()
    fendo = _start(app, page, "fendo")
    app.on_click("hint", {})
    page.run()
    assert "Hint:" in _status(page.html) and fendo.save["hints"] == 1
    page.go("#")
    renard = _start(app, page, "renard_des_bois")
    assert renard.state.actions == [] and renard.human_to_move() == 0
    assert "Hint:" not in _status(page.html), _status(page.html)
    app.on_click("hint", {})
    page.run()
    assert "Hint:" in _status(page.html) and renard.save["hints"] == 1
    assert app.play.hint.action in renard.legal(0)       # Renard's own suggestion, lit
    assert "data-hint" in page.html
