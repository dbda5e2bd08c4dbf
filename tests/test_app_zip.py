"""assets/runtime/app.zip: the app's modules in one download (tools/build.py build_app_zip).

Here without Node: the dev server's rebuild (compile=False), which must put an edited source
in at once and keep the older bytecode beside it (Python ignores a .pyc made from another
source: checked hash), and the site's file list, which carries the modules in the zip alone.
The compiled zip itself is checked in the browser (tests/e2e/test_platform.py).
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402

PYC = "game/__pycache__/a.cpython-314.pyc"


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
    assert sorted(files) == ["bots/__init__.py", "game/__init__.py", "game/a.py",
                             "ui/__init__.py", "ui/main.py", "ui/worker.py"]
    assert files["game/a.py"] == b"A = 1\n"

    # as if `make runtime` had compiled: bytecode beside the sources, the comment a bare stamp
    stamp = comment.split()[1]
    with zipfile.ZipFile(root / build.APP_ZIP, "w") as z:
        z.comment = stamp.encode()
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr(PYC, b"old bytecode")
    made = (root / build.APP_ZIP).stat().st_mtime_ns
    build.build_app_zip(root, quiet=True, compile=False)          # nothing changed: kept as is
    assert (root / build.APP_ZIP).stat().st_mtime_ns == made

    (root / "game/a.py").write_text("A = 2\n")
    build.build_app_zip(root, quiet=True, compile=False)
    comment, files = _read(root)
    assert files["game/a.py"] == b"A = 2\n"
    assert files[PYC] == b"old bytecode"                           # stale, so Python ignores it
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
