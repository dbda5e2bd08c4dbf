"""What the app's own Python costs at start: its imports and the first render of the home screen.

    python3 -m bench.bench_startup                              # CPython
    node tools/pyodide_run.mjs . bench/bench_startup.py "$PWD"  # Pyodide under Node (the
                                                            # repository's path: ui/ is mounted)
    node tools/pyodide_run.mjs . bench/bench_startup.py "$PWD" --bytecode
                                    # the same with the bytecode of assets/runtime/app.zip
                                    # first on sys.path, as on the page (tools/build.py)

Does what ui/web/boot.py does, minus the browser (no js, no pyscript): ``import game``,
``import bots``, ``from ui.app import App``, then ``App(...).boot("")`` with a fake page
(bench/common.py's NullPage), which renders the home screen once.  Each step is timed, with the
modules it loaded (standard library apart).  Run in a fresh interpreter each time: a second import is free.
"""

from __future__ import annotations

import json
import sys
import time

from bench.common import NullPage

STEPS = [
    ("import game", "import game"),
    ("import bots", "import bots"),
    ("import ui.app", "from ui.app import App"),
]
APP_PACKAGES = ("game", "bots", "ui")


def _mount(root: str) -> str:
    """In Pyodide under Node: copies the host's ui/ into the in-memory FS, next to game/ and
    bots/ (tools/pyodide_run.mjs copied those), as PyScript's [files] does in the page."""
    import os
    import shutil

    import js
    import pyodide_js
    from pyodide.ffi import to_js

    fs = pyodide_js.FS
    fs.mkdirTree("/mnt/repo")
    fs.mount(fs.filesystems.NODEFS, to_js({"root": root}, dict_converter=js.Object.fromEntries), "/mnt/repo")
    for pkg in APP_PACKAGES:
        if not os.path.isdir(pkg):
            shutil.copytree(f"/mnt/repo/{pkg}", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    return os.getcwd()


def run(root: str | None = None, bytecode: bool = False) -> dict:
    repo = root or "."
    if sys.platform == "emscripten" and root:
        repo = "/mnt/repo"
        root = _mount(root)
    for name in [m for m in sys.modules if m.split(".")[0] in APP_PACKAGES]:
        del sys.modules[name]
    sys.path.insert(0, root or ".")
    if bytecode:  # first on the path, as the entry scripts put it
        sys.path.insert(0, f"{repo}/assets/runtime/app.zip")
    steps = []
    ns: dict = {}
    for label, code in STEPS:
        before = set(sys.modules)
        t = time.perf_counter()
        exec(code, ns)
        dt = time.perf_counter() - t
        new = sorted(set(sys.modules) - before)
        steps.append({"step": label, "ms": dt * 1000,
                      "app_modules": [m for m in new if m.split(".")[0] in APP_PACKAGES],
                      "stdlib_modules": [m for m in new if m.split(".")[0] not in APP_PACKAGES]})
    from ui.store.saves import MemoryStore

    page = NullPage()
    t = time.perf_counter()
    app = ns["App"](page, MemoryStore(), None, lang="en")
    page.app = app
    app.boot("")
    steps.append({"step": "App().boot: home screen", "ms": (time.perf_counter() - t) * 1000,
                  "html_bytes": len(page.html.encode()), "app_modules": [], "stdlib_modules": []})
    compile_ms = _compile_all(root or ".")  # after the imports: the interpreter is as warm
    return {"python": sys.version.split()[0], "platform": sys.platform, "steps": steps,
            "total_ms": sum(s["ms"] for s in steps), "compile_ms": compile_ms, "bytecode": bytecode}


def _compile_all(root: str) -> float:
    """ms to compile every .py of the app to bytecode (what shipping .pyc would save), nothing run."""
    from pathlib import Path

    t = time.perf_counter()
    for pkg in APP_PACKAGES:
        for f in sorted((Path(root) / pkg).glob("*.py")):
            compile(f.read_text(encoding="utf-8"), str(f), "exec")
    return (time.perf_counter() - t) * 1000


def main(argv: list[str]) -> None:
    as_json = "--json" in argv
    bytecode = "--bytecode" in argv
    argv = [a for a in argv if a not in ("--json", "--bytecode")]
    result = run(argv[0] if argv else None, bytecode)
    if as_json:
        print(json.dumps(result))
        return
    print(f"Python {result['python']} ({result['platform']}): the app's start"
          f"{' with the shipped bytecode' if bytecode else ''}, {result['total_ms']:.0f} ms"
          f" (of which compiling the sources: about {result['compile_ms']:.0f} ms)")
    for s in result["steps"]:
        print(f"  {s['step']:28s}{s['ms']:8.1f} ms  +{len(s['app_modules'])} app modules, "
              f"stdlib: {' '.join(s['stdlib_modules']) or '-'}")


if __name__ == "__main__":
    main(sys.argv[1:])
