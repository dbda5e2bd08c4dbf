"""The map of ui/ in the README, checked: which module may import which, and what a part of
the shell may ask of its host.  Read from the sources (ast), so the map cannot go stale."""

import ast
from pathlib import Path

from ui.host import Host

UI = Path(__file__).resolve().parents[1] / "ui"

PAGE = {"main", "boot", "worker", "dom", "botworker", "channels", "webextras"}   # the browser, on top
APP = {"app"}                                           # the router, host of the parts
PARTS = {"play", "home", "replays", "bylink", "files", "guest"}  # each owns its state
TABLE = {"tabletop", "pacing"}                          # draws what it is handed
HELD = {"devices": "play", "sound": "play"}                              # state a part holds in a module of its own
BELOW = {"host", "screen", "table", "screens", "session", "saves", "links", "merge", "inbox",
         "i18n", "html", "registry", "storage", "games", "wire", "hosting", "pairing", "qr",
         "invites", "pairscreens", "cardwords", "hints", "seatlog", "morph", "keys"}
GAME_MAY = {"screen", "table", "html", "i18n", "registry", "cardwords"}


def imports(path: Path) -> set:
    """The ui modules ``path`` imports (``ui.x`` or ``.x``: "x"; a game package: "games")."""
    package = path.relative_to(UI.parent).with_suffix("").parts[:-1]      # ("ui", "games", "fendo")
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name.split(".") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            mod = base + (node.module.split(".") if node.module else [])
            names = [mod + [a.name] for a in node.names] if not node.module else [mod]
        else:
            continue
        for parts in names:
            if parts[0] == "ui" and len(parts) > 1:
                out.add(parts[1] if parts[1] != "games" or len(parts) < 3 else "games." + parts[2])
    return out


def shell() -> dict:
    return {p.stem: imports(p) for p in UI.glob("*.py") if p.stem != "__init__"}


def test_every_shell_module_is_on_the_map():
    assert set(shell()) == PAGE | APP | PARTS | TABLE | set(HELD) | (BELOW - {"games"})


def test_only_the_boot_imports_the_browser_and_nothing_imports_the_page_or_the_app():
    """Only boot imports the page's modules, and main (the entry script PyScript compiles) only
    boot; dom and channels (the page's side of play across devices, split off dom) use each
    other's, dom's lazily; dom is built on webextras (the saves kept, the sound), which imports
    no other."""
    for name, deps in shell().items():
        if name == "main":
            assert deps == {"boot"}, deps
        elif name == "dom":
            assert deps & PAGE == {"channels", "webextras"}, deps & PAGE
        elif name == "channels":
            assert deps & PAGE == {"dom"}, deps & PAGE
        elif name == "webextras":
            assert not deps & PAGE, deps & PAGE
        elif name != "boot":
            assert not deps & PAGE, name
        if name not in PAGE:
            assert "app" not in deps, name


def test_a_part_imports_no_other_part_and_the_table_knows_no_session():
    mods = shell()
    for name in PARTS:
        assert not mods[name] & (PARTS - {name}), name
    for name in TABLE:
        assert not mods[name] & (PARTS | {"session", "saves"}), name
    for name in BELOW - {"games"}:
        assert not mods[name] & (PARTS | TABLE | set(HELD) | APP | PAGE), name
    for name, owner in HELD.items():
        assert not mods[name] & (PARTS | APP | PAGE), name
        assert [m for m, deps in mods.items() if name in deps] == [owner], name


def test_a_game_imports_the_interface_and_never_the_shell_nor_another_game():
    for path in (UI / "games").glob("*/*.py"):
        deps = imports(path) - {"games." + path.parent.name}
        assert deps <= GAME_MAY, (path, deps - GAME_MAY)


def test_a_part_asks_its_host_only_what_the_host_interface_declares():
    """ui/host.py is the one place that says what crosses from a part to the rest."""
    declared = {n for n in dir(Host) if not n.startswith("__")} | set(Host.__annotations__)
    for name in PARTS | TABLE | set(HELD):
        tree = ast.parse((UI / f"{name}.py").read_text(encoding="utf-8"))
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
    from ui.saves import MemoryStore
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
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
from bench_startup import _Page
from ui.app import App
from ui.saves import MemoryStore
import game
page = _Page(); app = App(page, MemoryStore(), None, lang="en"); page.app = app; app.boot("")
assert all(game.GAMES.about(g)[0] in page.html for g in game.GAMES) and len(game.GAMES) >= 5
engines = {"game." + g for g in game.GAMES}
print(sorted(m for m in sys.modules if m in engines or m.startswith("ui.games.") and m.endswith(".screen")))
last = list(game.GAMES)[-1]
game.GAMES[last]
print(sorted(m for m in sys.modules if m in engines) == ["game." + last])
"""
    out = subprocess.run([sys.executable, "-c", code, str(UI.parent)], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "True"], out.stdout


# What the home screen does not need at the start: a game on the table, a replay, a game by
# link, and the bots' search (in the bot worker). The parts that use them import them when first used, and the page
# imports them once it is idle (ui/boot.py), so the first tap does not wait for them either.
NOT_AT_HOME = {"ui.play", "ui.tabletop", "ui.pacing", "ui.screen", "ui.replays", "ui.bylink",
               "ui.links", "ui.merge", "ui.guest", "ui.devices", "ui.hosting", "ui.pairing",
               "ui.wire", "ui.session", "ui.files", "bots.mcts", "bots.heuristic", "bots.profile"}


def test_the_home_screen_starts_without_the_modules_of_play_replays_and_links():
    """The start's imports are most of the app's own start in Pyodide (its dataclasses above all):
    home imports what it draws; playing, a replay, a link import the rest."""
    import subprocess
    import sys

    code = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
from bench_startup import _Page
from ui.app import App
from ui.saves import MemoryStore
page = _Page(); app = App(page, MemoryStore(), None, lang="en"); page.app = app; app.boot("")
app.act_lang({"lang": "fr"})
print(sorted(sys.modules))
app.warm()
print(sorted(sys.modules))
"""
    out = subprocess.run([sys.executable, "-c", code, str(UI.parent)], capture_output=True, text=True, check=True)
    home, warmed = (set(eval(line)) for line in out.stdout.splitlines())
    assert not home & NOT_AT_HOME, sorted(home & NOT_AT_HOME)
    # warmed once idle: what a game, a replay or a link needs (not play across devices, nor the
    # bots' search, which the page's bot worker runs)
    assert {"ui.play", "ui.tabletop", "ui.screen", "ui.replays", "ui.bylink", "ui.session", "ui.files"} <= warmed, sorted(NOT_AT_HOME - warmed)
