"""A tap goes to the one part that declares its act (ui/acts.py, ACTS), never to the first of
several parts that happen to have a method of its name."""

from __future__ import annotations

import pytest
from helpers.app import make_app

import ui.app
from ui.acts import ACTS, routes
from ui.app import App
from ui.parts.devices import Devices
from ui.parts.files import Files
from ui.parts.guest import Guest
from ui.parts.home import Home
from ui.parts.lesson import Lessons
from ui.parts.play import Play
from ui.parts.replays import Replays
from ui.store.saves import MemoryStore
from ui.table.tabletop import Tabletop

# The classes each owner of ACTS stands for (App._part): those of the screen on show take theirs.
CLASSES = {"app": [App], "home": [Home], "files": [Files], "replays": [Replays], "play": [Play],
           "devices": [Devices], "guest": [Guest], "lesson": [Lessons], "table": [Tabletop], "keys": [Tabletop, Replays], "game": [Play, Guest],
           "link": [Play, Replays]}


def test_each_act_is_declared_once_and_each_part_takes_the_acts_declared_for_it():
    assert set(CLASSES) == set(ACTS)
    table = routes(ACTS)
    method = {act: "act_" + act.replace("-", "_") for act in table}
    for act, owner in table.items():
        for cls in CLASSES[owner]:
            assert callable(getattr(cls, method[act], None)), (act, owner, cls.__name__)
    for cls in {c for cs in CLASSES.values() for c in cs}:
        mine = {method[act] for act, owner in table.items() if cls in CLASSES[owner]}
        acts = {name for name in dir(cls) if name.startswith("act_")}
        assert acts <= mine, (cls.__name__, sorted(acts - mine))


def test_an_act_declared_by_two_parts_stops_the_start(monkeypatch):
    """Which of two parts took an act hung on their order in a list (five acts, once)."""
    with pytest.raises(ValueError, match="'undo'.*'play'.*'guest'"):
        routes({"play": ("undo", "again"), "guest": ("undo",)})
    monkeypatch.setattr(ui.app, "ACTS", dict(ACTS, files=ACTS["files"] + ("hint",)))
    with pytest.raises(ValueError, match="'hint'"):
        App(None, MemoryStore(), None)


def test_the_acts_of_the_game_on_screen_go_to_its_part_and_nowhere_else(monkeypatch):
    """Undo, hint, a round's OK and a release go to the game on screen (this device's, or a
    guest's seat); share to the link on screen (a game by link's, a replay's).  Elsewhere
    they go nowhere: an undo from a replay's screen once undid the game left open."""
    calls = []
    for cls, names in ((Play, ("undo", "hint", "round_ok", "release", "share")),
                       (Guest, ("undo", "hint", "round_ok", "release")), (Replays, ("share",))):
        for name in names:
            monkeypatch.setattr(cls, "act_" + name, lambda self, data, _c=cls.__name__, _n=name: calls.append((_c, _n)))
    app, page = make_app()
    page.go("#new/fendo")
    app.on_click("start", {})
    assert app.screen == "play"
    for act in ("undo", "hint", "round-ok", "release", "share"):
        app.on_click(act, {})
    assert calls == [("Play", n) for n in ("undo", "hint", "round_ok", "release", "share")]
    calls.clear()
    page.go("#join/not-a-link")             # a guest's screen, the game here still open
    assert app.screen == "guest" and app.play.session is not None
    for act in ("undo", "hint", "round-ok", "release", "share"):
        app.on_click(act, {})
    assert calls == [("Guest", n) for n in ("undo", "hint", "round_ok", "release")]
    calls.clear()
    app.show("replay", "code")              # a replay's screen (none read: it draws home)
    app.on_click("share", {})
    app.on_click("undo", {})
    assert calls == [("Replays", "share")]
    calls.clear()
    page.go("#about")
    for act in ("undo", "hint", "round-ok", "release", "share"):
        app.on_click(act, {})
    assert calls == []
