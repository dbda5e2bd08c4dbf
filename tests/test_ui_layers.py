"""What a part of the shell may ask of its host (read from the sources, by ast), and what the
start imports.  Which layer may import which: pyproject.toml, checked by lint-imports."""

import ast
from pathlib import Path

from ui.host import Host

UI = Path(__file__).resolve().parents[1] / "ui"
# The layers, and who may import whom: pyproject.toml's contracts, which `make check` runs
# (lint-imports).  Here: what a part may ask of its host, and what the start imports.
ASKERS = ["parts", "table"]         # the packages whose modules are handed a host


def test_a_part_asks_its_host_only_what_the_host_interface_declares():
    """ui/host.py is the one place that says what crosses from a part to the rest."""
    declared = {n for n in dir(Host) if not n.startswith("__")} | set(Host.__annotations__)
    paths = [p for pkg in ASKERS for p in sorted((UI / pkg).glob("*.py")) if p.stem != "__init__"]
    assert len(paths) > 10
    for path in paths:
        name = path.stem
        tree = ast.parse(path.read_text(encoding="utf-8"))
        asked = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "host" and isinstance(node.value.value, ast.Name):
                asked.add(node.attr)                   # self.host.x
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "host":
                asked.add(node.attr)                   # host = self.host; host.x
        assert asked <= declared, (name, asked - declared)


def test_the_app_is_the_host_it_declares():
    from ui.app import App
    from ui.store.saves import MemoryStore
    app = App(None, MemoryStore(), None)
    declared = {n for n in dir(Host) if not n.startswith("_")} | set(Host.__annotations__)
    assert all(hasattr(app, n) for n in declared), [n for n in declared if not hasattr(app, n)]


def test_the_home_screen_starts_with_no_game_s_rules_loaded():
    """The start imports what home draws: every game's card (its title and author from
    ``game.GAMES.about``), not the rules nor a game's screen; asking for a game's GameInfo
    loads its module, and that one only."""
    import subprocess
    import sys

    code = """
import sys
from bench.common import NullPage
from ui.app import App
from ui.store.saves import MemoryStore
import game
page = NullPage(); app = App(page, MemoryStore(), None, lang="en"); page.app = app; app.boot("")
assert all(game.GAMES.about(g)[0] in page.html for g in game.GAMES) and len(game.GAMES) >= 5
engines = {"game." + g for g in game.GAMES}
print(sorted(m for m in sys.modules if m in engines or m.startswith("ui.games.") and m.endswith(".screen")))
last = list(game.GAMES)[-1]
game.GAMES[last]
print(sorted(m for m in sys.modules if m in engines) == ["game." + last])
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=UI.parent, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "True"], out.stdout


# What the home screen does not need at the start: a game on the table, a replay, a game by
# link, and the bots' search (in the bot worker). The parts that use them import them when first used, and the page
# imports them once it is idle (ui/web/boot.py), so the first tap does not wait for them either.
NOT_AT_HOME = {"ui.parts.play", "ui.table.tabletop", "ui.table.pacing", "ui.kit.screen", "ui.parts.replays", "ui.parts.bylink",
               "ui.store.links", "ui.store.merge", "ui.parts.guest", "ui.parts.devices", "ui.net.hosting", "ui.net.pairing",
               "ui.net.wire", "ui.store.session", "ui.parts.files", "bots.mcts", "bots.heuristic", "bots.profile"}


def test_the_home_screen_starts_without_the_modules_of_play_replays_and_links():
    """The start's imports are most of the app's own start in Pyodide (its dataclasses above all):
    home imports what it draws; playing, a replay, a link import the rest."""
    import subprocess
    import sys

    code = """
import sys
from bench.common import NullPage
from ui.app import App
from ui.store.saves import MemoryStore
page = NullPage(); app = App(page, MemoryStore(), None, lang="en"); page.app = app; app.boot("")
app.act_lang({"lang": "fr"})
print(sorted(sys.modules))
app.warm()
print(sorted(sys.modules))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=UI.parent, capture_output=True, text=True, check=True)
    home, warmed = (set(eval(line)) for line in out.stdout.splitlines())
    assert not home & NOT_AT_HOME, sorted(home & NOT_AT_HOME)
    # warmed once idle: what a game, a replay or a link needs (not play across devices, nor the
    # bots' search, which the page's bot worker runs)
    assert {"ui.parts.play", "ui.table.tabletop", "ui.kit.screen", "ui.parts.replays", "ui.parts.bylink", "ui.store.session", "ui.parts.files"} <= warmed, sorted(NOT_AT_HOME - warmed)
