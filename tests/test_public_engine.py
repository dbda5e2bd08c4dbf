"""The bots and the interface reach the games through the engine's public names only: no
``x._name`` on a ``game`` module, no ``from game.x import _name``, in code or in doctests;
and a bot reads no private attribute of anything but itself (a state's ``_cell`` or ``_cols``:
the engine's public functions and view fields say what it may read, docs/ENGINE.md)."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _game_module(node, modules: set) -> bool:
    """``node`` names a module of ``game``: a name bound to one, or ``game.x``."""
    if isinstance(node, ast.Name):
        return node.id in modules
    return isinstance(node, ast.Attribute) and _game_module(node.value, modules)


def private_uses(source: str, modules: set | None = None) -> list:
    """``(line, text)`` of each private name of a ``game`` module that ``source`` uses;
    ``modules`` (the names bound to game modules so far) grows with its imports."""
    modules = set() if modules is None else modules
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "game" or alias.name.startswith("game."):
                    modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "game" or node.module.startswith("game.")):
            for alias in node.names:
                if _private(alias.name):
                    found.append((node.lineno, f"from {node.module} import {alias.name}"))
                elif node.module == "game":          # from game import fendo: a module
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) and _game_module(node.value, modules):
            found.append((node.lineno, ast.unparse(node)))
    return found


def foreign_attributes(source: str) -> list:
    """``(line, text)`` of each private attribute ``source`` reads on anything but ``self``."""
    return [(node.lineno, ast.unparse(node)) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and _private(node.attr)
            and not (isinstance(node.value, ast.Name) and node.value.id == "self")]


def _doctests(tree) -> str:
    """Every doctest example of a module's strings, one after another."""
    parser = doctest.DocTestParser()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and ">>>" in node.value:
            out += [e.source for e in parser.get_examples(node.value)]
    return "".join(out)


def test_the_check_finds_a_private_helper():
    code = "from game import fowl_play as fowl\nimport game.fennecs\ns = fowl._position({}, {})\n"
    assert private_uses(code) == [(3, "fowl._position")]
    assert private_uses("import game.fennecs\nt = game.fennecs._TAKES[0]\n") == [(2, "game.fennecs._TAKES")]
    assert private_uses("from game.onexeno import _position, parse\n") == [
        (1, "from game.onexeno import _position")]
    assert private_uses("from game import onexeno\nx = onexeno.parse('pass')\ny = s._cols\n") == []
    doc = '"""\n>>> from game import onexeno\n>>> onexeno._position(2)\n"""\n'
    assert private_uses(_doctests(ast.parse(doc))) == [(2, "onexeno._position")]
    assert foreign_attributes("def judge(state):\n    return state._cell, self._n, state.pieces()\n") == [
        (2, "state._cell")]


def test_bots_and_ui_use_public_engine_names_only():
    files = sorted(p for d in ("bots", "ui") for p in (ROOT / d).rglob("*.py"))
    assert len(files) > 30
    found = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        modules: set = set()
        uses = private_uses(source, modules)
        examples = _doctests(ast.parse(source))
        if examples:
            uses += [(0, text) for _, text in private_uses(examples, set(modules))]
        if path.parent.name == "bots":
            uses += foreign_attributes(source)
        found += [f"{path.relative_to(ROOT)}:{line}: {text}" for line, text in uses]
    assert not found, "\n".join(found)
