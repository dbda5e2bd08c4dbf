"""The examples in the docstrings are tests too: every module of game/, bots/ and ui/
(subpackages included, found by walking the folders), tools/build.py, and the sessions in
docs/*.md.

A module that imports the browser (``js``, ``pyscript``, ``pyodide``) cannot run on CPython and
is skipped, found by the import failing on one of those names: any other import error fails.
A module without examples passes; the run as a whole must have tried some.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "bots", "ui")
BROWSER_ONLY = {"js", "pyscript", "pyodide"}     # what exists only in the page


def module_names() -> list[str]:
    names = []
    for package in PACKAGES:
        names.append(package)
        names += [m.name for m in pkgutil.walk_packages([str(ROOT / package)], package + ".")]
    return names


def load(name: str):
    """The module, or None if it needs the browser."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if (e.name or "").split(".")[0] in BROWSER_ONLY:
            return None
        raise


def build_module():
    from tools import build

    return build


MODULES = module_names()


@pytest.mark.parametrize("name", MODULES + ["tools/build.py"])
def test_docstring_examples(name):
    module = build_module() if name == "tools/build.py" else load(name)
    if module is None:
        pytest.skip(f"{name} imports the browser (js, pyscript or pyodide)")
    result = doctest.testmod(module, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def examples(module) -> int:
    return sum(len(t.examples) for t in doctest.DocTestFinder().find(module))


def test_the_walk_finds_the_packages_and_their_examples():
    """The walk reaches every package's modules, the browser-only ones are the ones skipped,
    and there are examples to run (a walk that finds nothing must not pass)."""
    assert {"game.fendo", "bots.fendo", "ui.store.saves", "ui.main"} <= set(MODULES)
    assert load("ui.main") is None and load("ui.web.dom") is None and load("ui.store.saves") is not None
    counts = {name: examples(m) for name in MODULES if (m := load(name)) is not None}
    for package in PACKAGES:
        assert sum(n for name, n in counts.items() if name.split(".")[0] == package), package
    assert examples(build_module()) > 0


@pytest.mark.parametrize("doc", sorted(p.name for p in (ROOT / "docs").glob("*.md")))
def test_docs_examples(doc):
    result = doctest.testfile(str(ROOT / "docs" / doc), module_relative=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {doc}"
    if doc == "ENGINE.md":
        assert result.attempted > 20, "docs/ENGINE.md's worked example did not run"
