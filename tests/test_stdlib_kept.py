"""Every standard-library module the app imports is in the trimmed python_stdlib.zip.

``make runtime`` ships only the packages of ``tools/build.py``'s ``STDLIB_KEEP`` to the
browser; CPython and the Pyodide-under-Node tests have the whole standard library, so an
import added to ``game/``, ``bots/`` or ``ui/`` outside that list would pass every other test
and fail only on the page.  This reads each module's imports (all of them, lazy ones too).
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from tools import build

APP_PACKAGES = ("game", "bots", "ui")
BROWSER_ONLY = {"js", "pyodide", "pyscript"}     # provided by the runtime itself


def imported_tops(path: Path) -> set[str]:
    tops = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            tops |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops


def pure_python(top: str) -> bool:
    """In the zip: written in Python (math, time, itertools... are compiled into Pyodide)."""
    spec = importlib.util.find_spec(top)
    return bool(spec and spec.origin and spec.origin.endswith(".py"))


def test_every_stdlib_import_of_the_app_is_kept():
    kept = {n for group in build.STDLIB_KEEP.values() for n in group}
    missing = {}
    for pkg in APP_PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            for top in imported_tops(path):
                if (top in sys.stdlib_module_names and top not in kept and top not in BROWSER_ONLY
                        and pure_python(top)):
                    missing.setdefault(top, []).append(str(path.relative_to(ROOT)))
    assert missing == {}, f"add these to STDLIB_KEEP in tools/build.py (and measure): {missing}"


def test_the_check_sees_an_import():
    assert "json" in imported_tops(ROOT / "ui" / "store" / "saves.py")
    assert pure_python("json") and pure_python("textwrap") and not pure_python("math")
