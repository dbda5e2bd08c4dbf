"""A sixth game plugs in: the tests' tic-tac-toe, registered in ``game.GAMES`` and, with one
line, in the UI's registry, is offered, started, played to its end, reloaded and replayed
through the app on CPython (the fake page), with no edit to the shell; and its styles, in its
own package, are in the page's stylesheet as the build makes it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import bots
import tictactoe_bot
from bots import mcts, profile
from tictactoe import TicTacToe, position
from tictactoe_ui import TicTacToeScreen
from ui.kit import registry
from helpers.app import make_app

ROOT = Path(__file__).resolve().parents[1]
from tools import build


def test_the_shell_names_no_game():
    """What the issue asks to be shown: not one game named in the shell, every ui/*.py.  Its
    code names none (a docstring may give one as an example: a doctest needs a real game,
    and the app is called Renardière); the parts that draw and route name none at all."""
    import ast
    from pathlib import Path
    games = re.compile(r"fendo|renard(?!i[eè]re)|fennecs|fowl|onexeno", re.I)
    ui = Path(__file__).resolve().parents[1] / "ui"
    files = sorted(p for p in ui.rglob("*.py") if "games" not in p.relative_to(ui).parts)
    assert len(files) > 40
    for path in files:
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                body[0].value.value = ""           # the docstring
        assert not games.search(ast.unparse(tree)), path.name     # unparse drops the comments
        if path.stem in ("app", "pages", "host", "play", "tabletop", "pacing", "home", "replays",
                         "bylink", "files", "widgets", "screen"):
            assert not games.search(text), path.name


def test_its_styles_reach_the_stylesheet_the_build_makes_when_it_is_registered(sixth_game):
    """Its style.css lies in its own package, found as a real game's is (beside its screen)."""
    own = (Path(sys.modules[TicTacToeScreen.__module__].__file__).parent / "style.css").read_text(encoding="utf-8")
    assert ".play-tictactoe .grid" in own
    made = build.stylesheet(ROOT)
    shell = (ROOT / build.SHELL_STYLE).read_text(encoding="utf-8").strip()
    assert made.index(shell) < made.index(own.strip())          # the shell's first, then the games'
    for css in build.game_styles(ROOT):
        assert css.read_text(encoding="utf-8").strip() in made  # every real game's too
    registry.unregister("tictactoe")
    assert own.strip() not in build.stylesheet(ROOT)            # taken out: not in the page


def test_a_sixth_game_is_played_to_its_end_through_the_app(sixth_game):
    app, page = make_app()
    assert 'data-game="tictactoe"' in page.html and 'href="#new/tictactoe"' in page.html
    page.go("#rules/tictactoe")
    assert "three in a row wins" in page.html
    page.go("#new/tictactoe")
    assert "Crosses" in page.html and "Noughts" in page.html
    app.on_form("level1", "novice")
    app.on_click("start", {})
    ses = app.play.session
    assert ses.game_id == "tictactoe" and [s["kind"] for s in ses.seats] == ["human", "bot"]
    for _ in range(9):
        if ses.state.over:
            break
        assert "tap an empty square" in page.html
        free = re.findall(r'data-act="square" data-n="(\d)"', page.html)
        app.on_click("square", {"n": free[0]})
        page.run()                                  # the bot answers through the worker's API
    assert ses.state.over and 'id="end-dialog"' in page.html
    assert any("marks square" in said for said in page.said)
    record = ses.state.record()
    # reloading resumes the very game; its replay opens at a link of its own
    app2, page2 = make_app(app.store, "#play/" + ses.id)
    assert app2.play.session.state.record() == record and 'id="end-dialog"' in page2.html
    app2.on_click("replay", {})
    assert page2.hash.startswith("#replay/") and 'id="replay-bar"' in page2.html


def test_its_bot_plays_by_its_profile(sixth_game, monkeypatch):
    """The expert is the profile's own chooser (perfect play: two experts draw, and O answers
    X's two corners on an edge); the standard level searches the profile's budget."""
    assert profile.of("tictactoe") is tictactoe_bot.PROFILE
    assert bots.choose(position([0, 4, 8]), 1, "expert") == "1"
    s = TicTacToe()
    while not s.over:
        seat = s.to_move[0]
        action = bots.choose(s, seat, "expert", seed=len(s.actions))
        assert action == tictactoe_bot.perfect(s, seat)
        s.apply(seat, action)
    assert s.winners == [0, 1]
    budgets = []
    search = mcts.search
    monkeypatch.setattr(mcts, "search", lambda *a, **kw: budgets.append(a[3]) or search(*a, **kw))
    bots.choose(position([0, 4]), 0, "standard", seed=1)
    assert budgets == [tictactoe_bot.PROFILE.budgets["standard"]] == [300]


def test_undo_asks_the_game_and_a_refused_tap_says_why(sixth_game):
    app, page = make_app()
    page.go("#new/tictactoe")
    app.on_form("kind1", "human")
    app.on_click("start", {})
    app.on_click("square", {"n": "4"})
    app.on_click("square", {"n": "4"})            # taken: the engine's sentence, in the status
    assert app.play.session.state.actions == [[0, "4"]]
    assert "That move is not allowed." in page.html   # the engine gave no code: the generic words
    app.on_click("undo", {})
    assert app.play.session.state.actions == []


def test_a_game_to_come_has_a_home_card_and_a_page_but_no_new_game():
    """A game announced before it can be played: a teaser (all five games are playable now)."""
    teaser = registry.tease(registry.Teaser(
        "sixth", "The Sixth", "Folk", icon='<svg viewBox="0 0 8 8"></svg>',
        texts={"game.sixth.players": {"en": "2 players", "fr": "2 joueurs"},
               "game.sixth.tagline": {"en": "Soon.", "fr": "Bientôt."}},
        rules={"en": "<h1>The Sixth</h1><p>Coming.</p>", "fr": "<h1>La Sixième</h1>"}))
    try:
        app, page = make_app()
        assert 'data-game="sixth"' in page.html and "Coming soon" in page.html
        assert registry.listed()[-1] == ("sixth", teaser) and "sixth" not in registry.playable()
        page.go("#rules/sixth")
        assert "<h1>The Sixth</h1>" in page.html
        page.go("#new/sixth")
        assert app.screen != "new" or 'value="sixth"' not in page.html
    finally:
        registry.TEASERS.pop("sixth")
