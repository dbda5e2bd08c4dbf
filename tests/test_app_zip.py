"""assets/runtime/app.zip: the app's modules in one download (tools/build.py build_app_zip).

Here without Node: the dev server's rebuild (compile=False), which must put the sources in at
once, an edited one included, and keep the older bytecode beside them (zipimport ignores a .pyc
made from another source: checked hash), and the site's file list, which carries the modules
in the zip alone.  The compiled zip itself is checked in the browser (tests/e2e/test_platform.py).
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
from tools import build

PYC = "game/a.pyc"


def _site(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "package-lock.json", tmp_path)
    for rel, text in {"game/__init__.py": "", "game/a.py": "A = 1\n", "bots/__init__.py": "",
                      "ui/__init__.py": "", "ui/main.py": "import game\n", "ui/worker.py": "",
                      "ui/notes.txt": "not a module\n"}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def _read(root: Path) -> tuple[str, dict[str, bytes]]:
    with zipfile.ZipFile(root / build.APP_ZIP) as z:
        return z.comment.decode(), {n: z.read(n) for n in z.namelist()}


def test_the_dev_rebuild_takes_an_edit_and_keeps_the_bytecode(tmp_path):
    root = _site(tmp_path)
    build.build_app_zip(root, quiet=True, compile=False)
    comment, files = _read(root)
    assert comment.startswith("sources ")
    assert sorted(files) == ["bots/__init__.py", "game/__init__.py", "game/a.py", "ui/__init__.py"]
    assert files["game/a.py"] == b"A = 1\n"

    # as if `make runtime` had compiled: the bytecode alone, the comment a bare stamp
    stamp = comment.split()[1]
    assert stamp == build.app_stamp(root)
    with zipfile.ZipFile(root / build.APP_ZIP, "w") as z:
        z.comment = stamp.encode()
        for name in files:
            z.writestr(name + "c", b"old bytecode")
    made = (root / build.APP_ZIP).stat().st_mtime_ns
    build.build_app_zip(root, quiet=True, compile=False)          # nothing changed: kept as is
    assert (root / build.APP_ZIP).stat().st_mtime_ns == made

    (root / "game/a.py").write_text("A = 2\n")
    build.build_app_zip(root, quiet=True, compile=False)
    comment, files = _read(root)
    assert files["game/a.py"] == b"A = 2\n" and files["game/__init__.py"] == b""
    assert files[PYC] == b"old bytecode"                           # stale, so zipimport ignores it
    assert comment.startswith("sources ") and comment.split()[1] != stamp   # the next build compiles
    names = list(files)
    assert names.index(PYC) == names.index("game/a.py") + 1


def test_the_site_carries_the_modules_in_the_zip_alone(tmp_path):
    root = _site(tmp_path)
    build.build_app_zip(root, quiet=True, compile=False)
    files = build.app_files(root)
    assert str(build.APP_ZIP) in files
    assert [f for f in files if f.endswith(".py")] == list(build.ENTRY_SCRIPTS)
    assert "ui/notes.txt" in files


# Imports game.a from app.zip in Pyodide under Node, as the entry scripts do on the page.
_IMPORT_JS = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
py.FS.writeFile("/home/pyodide/app.zip", readFileSync(process.argv[1]));
console.log(py.runPython(`
import os, sys
sys.path.insert(0, os.path.abspath("app.zip"))
import game.a
f"{game.a.A} {game.a.__file__}"
`));
"""


def _import_a(root: Path) -> str:
    return build._pyodide_node("import game.a", _IMPORT_JS, str(root / build.APP_ZIP), cwd=root).strip()


@pytest.mark.slow
def test_zipimport_takes_the_bytecode_or_else_a_newer_source(tmp_path):
    """In Pyodide: the compiled zip's module comes from its .pyc; after an edit, the dev
    rebuild's zip gives the new source, not the older bytecode beside it."""
    root = _site(tmp_path)
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    build.build_app_zip(root, quiet=True)
    assert _import_a(root) == "1 /home/pyodide/app.zip/game/a.pyc"
    (root / "game/a.py").write_text("A = 2\n")
    build.build_app_zip(root, quiet=True, compile=False)
    assert PYC in _read(root)[1]
    assert _import_a(root) == "2 /home/pyodide/app.zip/game/a.py"
