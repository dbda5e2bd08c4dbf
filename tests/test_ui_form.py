"""The new-game form on CPython (issue 54, item 7): what a count of players cannot play is greyed
as the count is chosen (Onexeno's teams of two at 3, 5 or 7), not refused only at Start."""

from __future__ import annotations

import re

import game
from helpers.app import make_app


def _teams(html: str) -> dict:
    """Each teams choice on the form: "checked", "disabled", both or ""."""
    return {v: " ".join(w for w in ("checked", "disabled") if w in rest)
            for v, rest in re.findall(r'<input type="radio" name="opt-teams" value="(\d)"([^>]*)>', html)}


def test_onexenos_teams_are_greyed_at_a_count_they_cannot_play():
    app, page = make_app()
    page.go("#new/onexeno")
    assert _teams(page.html) == {"0": "checked", "2": "disabled", "3": "disabled"}
    assert "Greyed out: not with 2 players." in page.html
    app.on_form("players", "4")
    assert _teams(page.html) == {"0": "checked", "2": "", "3": "disabled"}
    app.on_form("opt-teams", "2")
    assert _teams(page.html) == {"0": "", "2": "checked", "3": "disabled"}
    for n in (3, 5, 7):                 # the teams chosen cannot be played: back to each for themselves
        app.on_form("players", str(n))
        assert _teams(page.html) == {"0": "checked", "2": "disabled", "3": "disabled"}, n
        assert f"Greyed out: not with {n} players." in page.html
        app.on_form("players", "4")
        app.on_form("opt-teams", "2")
    app.on_form("players", "6")
    assert _teams(page.html) == {"0": "checked", "2": "disabled", "3": ""}
    app.on_form("opt-teams", "3")
    app.on_click("start", {})
    assert app.play.session.state.options["teams"] == 3


def test_french_says_it_too_and_other_forms_grey_nothing():
    app, page = make_app(lang="fr")
    page.go("#new/onexeno")
    app.on_form("players", "5")
    assert "En gris\u00a0: impossible à 5 joueurs." in page.html
    for gid in (g for g in game.GAMES if g != "onexeno"):
        page.go(f"#new/{gid}")
        assert "En gris" not in page.html and not re.search(r"opt-[a-z]+-help", page.html), gid
