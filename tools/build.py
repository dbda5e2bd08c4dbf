#!/usr/bin/env python3
"""Builds what the page needs from the repository: the runtime, the precache list, the site.

    python3 -m tools.build runtime    # node_modules -> assets/runtime/{pyodide,pyscript}/
    python3 -m tools.build check-stdlib  # imports the trimmed stdlib's modules in Pyodide (Node)
    python3 -m tools.build precache   # assets/runtime/app.zip (the app's modules as .pyc made by
                                      # Pyodide), app.css (the shell's and each game's styles),
                                      # then precache.js (the service worker's list)
    python3 -m tools.build site [DIR] # a deployable folder (default build/site/)
    python3 -m tools.build static     # index.html's static home, preloads and description, the
                                      # manifest's description, pyscript.toml
    python3 -m tools.build files      # prints the app's files, one a line

Standard library only (Python 3.11+), so that it runs before any venv exists; run from the
repository's root, which puts the app's packages on ``sys.path``.

The app's files are one list, :func:`app_files`, used three ways: the service worker
precaches exactly that list, ``make site`` copies exactly that list (plus the service
worker itself), and the e2e tests check it against ``pyscript.toml``.  The modules of
game/, bots/ and ui/ are in it as one file, assets/runtime/app.zip (:func:`build_app_zip`).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = Path("assets/runtime")
PRECACHE = RUNTIME / "precache.js"

# What the page needs from npm's pyodide package: these five files (PyScript's, below: what
# core.js reaches).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",  # trimmed on the way: see STDLIB_KEEP
    "pyodide-lock.json",
)

# -- PyScript: only the chunks the app loads -----------------------------------------------
# @pyscript/core's dist/ is core.js, core.css and chunks that core imports, statically or with
# import(). We copy what core.js reaches, following every import except the dynamic imports of
# features the app does not use (so their chunks are never requested, on the page nor in the
# bot worker; checked in Chromium: e2e tests fail on any failed request). A chunk is named
# "<name>-<8-char hash>.js"; these are names. Everything else is followed: an unknown import
# in a new version is kept, which is the safe side.
PYSCRIPT_ENTRY = ("core.js", "core.css")
PYSCRIPT_UNUSED = {
    # <script type="py-editor">: CodeMirror and its language support (index is lezer's)
    "codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language",
    "codemirror_state", "codemirror_view", "index",
    # [files] entries that are .zip/.whl archives (ours are plain .py files)
    "zip",
    # the `packages` list of the config, checked against Pyodide's package graph (we have none)
    "pyodide_graph",
}
# Plugins core loads at boot whose own dynamic imports only run when the page has their element
# (<py-editor>, <py-game>, a terminal): xterm.js, MicroPython's and Pyodide's terminals, and the
# editors' TOML parser (core has its own, toml-<hash>.js, which it imports itself).
PYSCRIPT_PLUGINS_NOT_FOLLOWED = {"py-editor", "py-game", "py-terminal"}
_IMPORT_RX = re.compile(r"""(?:\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)["']\./([\w.-]+\.(?:m?js|css))["']""")
_DYNAMIC_RX = re.compile(r"""\bimport\s*\(\s*["']\./""")


def _chunk_name(filename: str) -> str:
    """'codemirror_lang-python-r-dBg-Wd.js' -> 'codemirror_lang-python'; 'core.js' -> 'core'."""
    stem = filename.rsplit(".", 1)[0]
    return re.sub(r"-[\w-]{8}$", "", stem) if "-" in stem else stem


def pyscript_needed(dist: Path) -> list[str]:
    """The files of @pyscript/core's dist/ that core.js reaches, unused features left out."""
    keep, todo = set(), list(PYSCRIPT_ENTRY)
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        if not (dist / name).is_file():
            sys.exit(f"build.py: @pyscript/core/dist/{name} is imported but missing")
        keep.add(name)
        if not name.endswith((".js", ".mjs")):
            continue
        text = (dist / name).read_text(encoding="utf-8")
        follow_dynamic = _chunk_name(name) not in PYSCRIPT_PLUGINS_NOT_FOLLOWED
        for m in _IMPORT_RX.finditer(text):
            target = m.group(1)
            dynamic = bool(_DYNAMIC_RX.match(m.group(0)))
            if dynamic and (not follow_dynamic or _chunk_name(target) in PYSCRIPT_UNUSED):
                continue
            todo.append(target)
    return sorted(keep)


# -- Pyodide's standard library: only what can be imported -----------------------------------
# python_stdlib.zip (2.5 MB, a third of a first visit) holds all of CPython's pure-Python stdlib;
# Pyodide fetches it at boot and writes it to /lib/python3XY.zip for zipimport, with no hash or
# size check (pyodide.mjs, installStdlib; pyodide-lock.json does not list it). We rebuild it with
# the packages below, whole (minus STDLIB_DROP), plus the few codecs of ENCODINGS_KEEP.
# Measured (Pyodide 314.0.7): sys.modules after loadPyodide() under Node, and on the page and in
# the bot worker in Chromium after playing every game with every bot level. Groups by who needs
# them; a name may be in several. A listed name missing from the source zip fails the build, and
# `check-stdlib` (run by `runtime`) imports every module kept, under Node, to catch a kept module
# that needs one left out.
STDLIB_KEEP = {
    # Pyodide's own Python: the FFI, the import hook, the event loop, the package loader.
    "pyodide": ("_pyodide", "pyodide"),
    # The interpreter's start (site, io, codecs; encodings: see ENCODINGS_KEEP).
    "start": ("site", "_sitebuiltins", "abc", "codecs", "encodings", "io", "os", "posixpath",
              "genericpath", "ntpath", "stat", "_collections_abc", "zipimport", "importlib",
              "__future__", "_py_warnings", "warnings", "_colorize"),
    # What Pyodide imports at boot, before any page code: pyodide.webloop (asyncio, and asyncio's
    # socket/ssl/subprocess/selectors/signal/logging/concurrent), _pyodide._base (ast, tokenize,
    # inspect, dis, linecache, textwrap), pyodide._package_loader (zipfile, shutil, tempfile,
    # pathlib, glob, fnmatch; shutil and zipfile try bz2, lzma, compression.zstd), locale.
    "pyodide boot": ("asyncio", "concurrent", "contextvars", "socket", "ssl", "_ssl", "selectors",
                     "signal", "subprocess", "threading", "logging", "ast", "annotationlib",
                     "dis", "opcode", "_opcode_metadata", "inspect", "tokenize", "token",
                     "keyword", "linecache", "textwrap", "traceback", "codeop", "zipfile",
                     "shutil", "tempfile", "pathlib", "glob", "fnmatch", "bz2", "lzma",
                     "compression", "locale", "base64", "bisect", "heapq", "random", "struct",
                     "collections", "contextlib", "copy", "copyreg", "enum", "functools",
                     "operator", "re", "reprlib", "string", "types", "typing", "weakref",
                     "_weakrefset", "json", "dataclasses"),
    # PyScript's Python layer (written to the file system by core.js, not in the zip):
    # pyscript.display escapes with html.escape (html.entities).
    "pyscript": ("html", "json", "base64", "asyncio", "pathlib", "functools", "collections"),
    # The app (game/, bots/, ui/ and the bot worker import these; all loaded by the above anyway).
    "app": ("__future__", "asyncio", "base64", "dataclasses", "functools", "json", "random", "re",
            "traceback", "typing"),
}
# Parts of kept packages that nothing imports, and too big to carry for nothing.
STDLIB_DROP = (
    "importlib/metadata/", "importlib/resources/", "importlib/readers.py",  # package data,
    "importlib/simple.py",  # metadata and resources
    "pyodide/console.py", "pyodide/http/",  # the REPL, and HTTP from Python (needs urllib)
    "logging/config.py", "logging/handlers.py",
    "concurrent/interpreters/", "concurrent/futures/interpreter.py",  # subinterpreters
    "concurrent/futures/process.py", "concurrent/futures/thread.py",  # no processes, threads
    "asyncio/__main__.py", "asyncio/tools.py", "asyncio/windows_events.py",
    "asyncio/windows_utils.py", "asyncio/proactor_events.py",  # the REPL, ps tools, Windows
    "html/parser.py",  # only html.escape/unescape are used
    "json/__main__.py", "json/tool.py", "zipfile/__main__.py",  # command lines
    "compression/gzip.py",  # needs gzip; shutil and zipfile look for bz2, lzma and zstd only
)
# encodings/ is 0.3 MB of codecs; Python itself loads utf_8 and aliases. Kept besides: the
# Unicode forms, the byte-for-byte ones, and cp437 (zipfile's name decoding).
ENCODINGS_KEEP = (
    "__init__", "aliases", "utf_8", "utf_8_sig", "ascii", "latin_1", "charmap", "utf_16",
    "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "raw_unicode_escape",
    "unicode_escape", "cp437",
)


def _stdlib_wanted(name: str, tops: set[str]) -> bool:
    """Whether an entry of python_stdlib.zip ("asyncio/events.py") is kept."""
    top = name.split("/", 1)[0]
    if top == "encodings":
        rest = name[len("encodings/"):]
        return rest == "" or (rest.endswith(".py") and rest[:-3] in ENCODINGS_KEEP)
    if name.startswith(STDLIB_DROP):
        return False
    return (top[:-3] if top.endswith(".py") else top) in tops


def trim_stdlib(src: Path, dst: Path) -> tuple[int, int]:
    """Writes dst, python_stdlib.zip with only STDLIB_KEEP; returns (entries kept, of all).

    Byte-for-byte reproducible (the source's dates, fixed order), so that its precache hash
    changes only when the list or Pyodide does.
    """
    tops = {n for group in STDLIB_KEEP.values() for n in group}
    with zipfile.ZipFile(src) as zin:
        names = zin.namelist()
        have = set(names)
        missing = sorted(t for t in tops if f"{t}.py" not in have and f"{t}/__init__.py" not in have)
        missing += sorted(f"encodings/{e}.py" for e in ENCODINGS_KEEP if f"encodings/{e}.py" not in have)
        if missing:
            sys.exit("build.py: python_stdlib.zip has no " + ", ".join(missing)
                     + ": Pyodide changed; measure again and update STDLIB_KEEP in tools/build.py")
        kept = 0
        with zipfile.ZipFile(dst, "w") as zout:
            for info in zin.infolist():
                if not _stdlib_wanted(info.filename, tops):
                    continue
                out = zipfile.ZipInfo(info.filename, info.date_time)
                out.external_attr = info.external_attr
                out.create_system = info.create_system
                if info.is_dir():
                    zout.writestr(out, b"")
                else:
                    out.compress_type = zipfile.ZIP_DEFLATED
                    zout.writestr(out, zin.read(info), compresslevel=9)
                kept += 1
    return kept, len(names)



# The kept modules are sources (.py), fetched on every first visit: their docstrings and
# comments are about 40% of the zip, compressed, and nothing the app runs reads them (a
# stripped function's __doc__ is None).  strip_source() blanks them in place, line for line, so
# that the line numbers of a traceback still match the real sources.  Pyodide's own packages
# keep theirs: it reads docstrings at boot to document its JavaScript proxies.  The stdlib is
# newer than the CPython that builds, so this runs in Pyodide's Python, under Node.
#
# STDLIB_BYTECODE ships .pyc instead (made by Pyodide's own Python, read by zipimport as it
# reads sources): otherwise Python compiles every module the boot imports (148 on the page) at
# every start, on the page and again in the bot worker.  Measured in Chromium here, 8 cold and
# warm loads each: the home page ready in 2.7 s cold and 1.1 s warm, against 5.1 s and 3.5 s
# with the sources; loadPyodide() under Node, 1.0 s against 3.2 s.  The price: the zip is
# 1.04 MB instead of 0.50, so a first visit is about 0.54 MB heavier (5.22 MB gzipped), once.
# A renderer crash seen twice in the session that first tried it ("Target crashed", with an
# `async` core.js too) did not come back in 4 runs of the browser tests with it (160 tests).
STDLIB_BYTECODE = True
STRIP_KEEP = ("_pyodide/", "pyodide/")


def strip_source(src: str) -> str:
    r"""The module's source without its docstrings and comments, on the same lines.

    >>> print(strip_source("'Doc.'\nx = 1  # one\n\ndef f():\n    '''Doc\n    more.'''\n"))
    0
    x = 1
    <BLANKLINE>
    def f():
        0
    <BLANKLINE>
    <BLANKLINE>
    """
    import ast
    import io
    import tokenize

    spans = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                spans.append((first.lineno, first.col_offset, first.end_lineno, first.end_col_offset, "0"))
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            spans.append((*tok.start, *tok.end, None))
    lines = src.splitlines(keepends=True)
    for l1, c1, l2, c2, keep in sorted(spans, reverse=True):  # from the end: positions hold
        head = lines[l1 - 1][:c1]
        if keep is None:  # a comment, and the blanks before it
            head, keep = head.rstrip(" \t"), ""
        lines[l1 - 1:l2] = [head + keep + lines[l2 - 1][c2:]] + ["\n"] * (l2 - l1)
    return "".join(lines)


_COMPILE_STDLIB_JS = r"""
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
const [zipPath, code] = process.argv.slice(1);
const py = await loadPyodide({ env: NO_RANGES, stdout: () => {}, stderr: (l) => process.stderr.write(l + "\n") });
py.FS.writeFile("/tmp/in.zip", readFileSync(zipPath));
py.runPython(code);
writeFileSync(zipPath, py.FS.readFile("/tmp/out.zip"));
"""


# The bytecode we ship is compiled without column positions (PYTHONNODEBUGRANGES): a traceback
# through it still names every line, without the ^^^ under the expression, and the .pyc are
# about a fifth smaller (typing, inspect, zipfile, enum and three more: 312 -> 242 kB deflated).
_NO_RANGES_JS = 'const NO_RANGES = { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" };\n'


def _pyodide_node(what: str, js: str, *args: str, cwd: Path = ROOT) -> str:
    """Runs a JavaScript module (``js``, which loads Pyodide from node_modules) under Node with
    ``args``; returns its stdout, or stops the build with its stderr's end."""
    proc = subprocess.run(["node", "--input-type=module", "-e", _NO_RANGES_JS + js, *args],
                          cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"build.py: {what}: Pyodide under Node failed:\n{proc.stderr[-3000:]}")
    return proc.stdout


def compile_stdlib(path: Path, bytecode: bool = STDLIB_BYTECODE) -> tuple[int, int]:
    """Strips the docstrings and comments of each .py of a stdlib zip (see STRIP_KEEP), and with
    ``bytecode`` replaces it by its .pyc; returns the zip's size (before, after)."""
    import inspect

    code = inspect.getsource(strip_source) + f"""
import importlib.util, marshal, sys, zipfile
where = "/lib/python%d%d.zip/" % sys.version_info[:2]     # where Pyodide mounts the zip
header = importlib.util.MAGIC_NUMBER + bytes(12)   # flags, mtime, size: 0 (no source to check)
with zipfile.ZipFile("/tmp/in.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename.endswith(".py"):
            text = data.decode("utf-8")
            if not info.filename.startswith({STRIP_KEEP!r}):
                stripped = strip_source(text)
                assert stripped.count("\\n") == text.count("\\n"), info.filename
                text = stripped
            code = compile(text, where + info.filename, "exec", dont_inherit=True)
            if {bytecode!r}:
                data = header + marshal.dumps(code)
                info = zipfile.ZipInfo(info.filename + "c", info.date_time)
            else:
                data = text.encode("utf-8")
        zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
"""
    before = path.stat().st_size
    _pyodide_node("compile-stdlib", _COMPILE_STDLIB_JS, str(path), code)
    return before, path.stat().st_size


# Imports every module of the trimmed zip in Pyodide under Node; those that fail are tried again
# with the full zip, and only those that import there (a dependency was trimmed away) are errors.
_CHECK_STDLIB_JS = r"""
import { loadPyodide } from "pyodide";
const [trimmed, full] = process.argv.slice(1);
const CODE = `
import sys, zipfile
names = sorted({n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
                for n in zipfile.ZipFile(ZIP).namelist() if n.endswith((".py", ".pyc"))})
bad = []
for name in (ONLY or names):
    try:
        __import__(name)
    except BaseException as e:
        bad.append(name)
" ".join(bad)
`;
async function failing(zip, only) {
  const py = await loadPyodide({ stdLibURL: zip, stdout: () => {}, stderr: () => {} });
  py.globals.set("ZIP", `/lib/python${py.runPython("import sys; f'{sys.version_info[0]}{sys.version_info[1]}'")}.zip`);
  py.globals.set("ONLY", py.toPy(only));
  const out = py.runPython(CODE);
  return out ? out.split(" ") : [];
}
const bad = await failing(trimmed, []);
const alsoBad = bad.length ? new Set(await failing(full, bad)) : new Set();
console.log(JSON.stringify({ failing_in_trimmed: bad, trimmed_only: bad.filter((m) => !alsoBad.has(m)) }));
"""


def check_stdlib(root: Path = ROOT) -> None:
    """Fails if a module of the trimmed stdlib cannot be imported where it can with the full one."""
    trimmed = root / RUNTIME / "pyodide" / "python_stdlib.zip"
    full = root / "node_modules" / "pyodide" / "python_stdlib.zip"
    if not trimmed.is_file():
        sys.exit("build.py: no runtime: run `make runtime` first")
    out = _pyodide_node("check-stdlib", _CHECK_STDLIB_JS, str(trimmed), str(full), cwd=root)
    result = json.loads(out.strip().splitlines()[-1])
    if result["trimmed_only"]:
        sys.exit("build.py: the trimmed python_stdlib.zip cannot import "
                 + ", ".join(result["trimmed_only"])
                 + ": add what they need to STDLIB_KEEP (or drop them) in tools/build.py")
    print(f"check-stdlib: every module of the trimmed stdlib imports in Pyodide "
          f"({len(result['failing_in_trimmed'])} fail with the full zip too: "
          f"{' '.join(result['failing_in_trimmed']) or 'none'})")



# -- The app's Python in one zip, as bytecode --------------------------------------------------
# The page (and again the bot worker) gets every module of game/, bots/ and ui/ from one file,
# assets/runtime/app.zip: one request instead of one per module (28), which a cold load waits
# for after the interpreter is up.  PyScript writes it as it is ([files] "./app.zip"), and the
# two entry scripts put it first on sys.path: Python imports straight from the zip (zipimport),
# with nothing to unpack.
# It holds each module's bytecode, made by the Python of the pinned Pyodide, in its source's
# place (ui/app.py -> ui/app.pyc), and no source: compiling the app is most of what its own
# Python would cost at start (bench/bench_startup.py: about 0.3 s in Pyodide under Node, more on
# a phone), and without the sources the zip is 236 kB instead of 376 and needs neither reading
# nor hashing them.  Tracebacks keep their file names and line numbers, not the lines' text.
# The .pyc are "checked hash" ones, so the dev server can do without a compiler
# (compile=False): after an edit it puts every source in beside the older bytecode, zipimport
# hashes the source it finds beside a .pyc and takes the bytecode only if it was made from that
# very source, else the source; `make runtime` compiles again.
APP_ZIP = RUNTIME / "app.zip"
APP_ZIP_DEST = "./app.zip"  # where PyScript writes it, and what ENTRY_SCRIPTS put on sys.path
APP_PACKAGES = ("game", "bots", "ui")
# The scripts PyScript fetches by their own URL: the page's (index.html) and the bot worker's.
ENTRY_SCRIPTS = ("ui/main.py", "ui/worker.py")
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # every entry's date: the same sources give the same zip
_COMPILE_JS = r"""
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
const [out, ...files] = process.argv.slice(1);
const py = await loadPyodide({ env: NO_RANGES, stdout: () => {}, stderr: (l) => process.stderr.write(l + "\n") });
for (const f of files) {
  py.FS.mkdirTree("/app/" + f.split("/").slice(0, -1).join("/"));
  py.FS.writeFile("/app/" + f, readFileSync(f));
}
py.globals.set("FILES", py.toPy(files));
py.runPython(`
import os, py_compile, zipfile
os.chdir("/app")
with zipfile.ZipFile("/tmp/bytecode.zip", "w", zipfile.ZIP_STORED) as z:
    for f in FILES:
        py_compile.compile(f, cfile=f + "c", dfile=f, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        z.write(f + "c")
`);
writeFileSync(out, py.FS.readFile("/tmp/bytecode.zip"));
"""


def app_sources(root: Path = ROOT) -> list[str]:
    """The modules that travel in app.zip, as sorted relative paths ("game/core.py"): every .py
    of the app's packages but the entry scripts, which PyScript fetches by their URL."""
    return sorted(rel for d in APP_PACKAGES for p in (root / d).rglob("*.py")
                  if "__pycache__" not in p.parts
                  and (rel := p.relative_to(root).as_posix()) not in ENTRY_SCRIPTS)


def _zip_entry(z: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data)


def build_app_zip(root: Path = ROOT, quiet: bool = False, compile: bool = True) -> Path:
    """assets/runtime/app.zip, unless the one there is already of these sources.

    With ``compile``, the bytecode alone, and the zip's comment is the sources' stamp; without
    (the dev server), every source beside the older bytecode, and the comment is
    "sources <stamp>".
    """
    out = root / APP_ZIP
    files = app_sources(root)
    stamp = app_stamp(root, files)
    pyc: dict[str, bytes] = {}  # without compile: the older bytecode, kept beside the sources
    if out.is_file():
        with zipfile.ZipFile(out) as z:
            comment = z.comment.decode()
            if comment == stamp or (not compile and comment == f"sources {stamp}"):
                return out
            if not compile:
                pyc = {n: z.read(n) for n in z.namelist() if n.endswith(".pyc")}
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.{threading.get_ident()}")
    if compile:
        try:
            _pyodide_node("bytecode", _COMPILE_JS, str(tmp), *files, cwd=root)
            with zipfile.ZipFile(tmp) as z:
                pyc = {n: z.read(n) for n in z.namelist()}
        finally:
            tmp.unlink(missing_ok=True)
        missing = [f for f in files if f + "c" not in pyc]
        if missing:
            sys.exit(f"build.py: no bytecode made for {missing}")
    with zipfile.ZipFile(tmp, "w") as z:
        z.comment = (stamp if compile else f"sources {stamp}").encode()
        for f in files:
            if not compile:
                _zip_entry(z, f, (root / f).read_bytes())
            if f + "c" in pyc:
                _zip_entry(z, f + "c", pyc[f + "c"])
    os.replace(tmp, out)
    if not quiet:
        made = "as bytecode made by Pyodide's Python" if compile else "as sources, beside their older bytecode"
        print(f"app: {len(files)} modules, {made} -> {APP_ZIP} ({out.stat().st_size / 1e3:.0f} kB)")
    return out


def app_stamp(root: Path = ROOT, files: list[str] | None = None) -> str:
    """What app.zip is made of: the app's sources, the Pyodide that compiles them, and how."""
    h = hashlib.sha256(json.dumps(_lock_versions(root), sort_keys=True).encode())
    h.update((_NO_RANGES_JS + _COMPILE_JS).encode())
    for f in app_sources(root) if files is None else files:
        h.update(f"{f}\0{_sha256(root / f)}\n".encode())
    return h.hexdigest()[:16]


# -- The app's styles in one stylesheet --------------------------------------------------------
# The shell's styles are assets/app.css; each game's are style.css in its screen's package
# (ui/games/<game>/style.css), beside the markup they style, so that a game lives in its own
# folder.  The page loads one stylesheet, assets/runtime/app.css: the shell's, then each
# playable game's in the catalogue's order, made by `make runtime` (which `make play`, `make
# test` and `make site` run first), as app.zip is; a stylesheet holds back the first paint, so
# one request, and the sources are not in the site (:func:`app_files`).  The dev server makes
# it again when a source changed, at the page's request (tools/serve.py).
STYLESHEET = RUNTIME / "app.css"
SHELL_STYLE = Path("assets/app.css")
GAME_STYLE = "style.css"  # in a game's screen package


def playable(root: Path = ROOT) -> list[str]:
    """The ids of the games the page offers, in ``game.GAMES`` order (the UI's registry, as this
    process imports it from the repository's root): what the stylesheet, the static page, the
    manifest and the audit take their games from."""
    from ui import games
    from ui.kit import registry

    return registry.playable()


def game_styles(root: Path = ROOT) -> list[Path]:
    """The style.css of each playable game, in ``game.GAMES`` order: the file beside the
    module of its registered screen (ui/games/<game>/, or wherever a test's game lives)."""
    ids = playable(root)
    from ui.kit import registry

    found = []
    for game_id in ids:
        module = sys.modules[type(registry.screen(game_id)).__module__]
        css = Path(module.__file__).resolve().parent / GAME_STYLE
        if css.is_file():
            found.append(css)
    return found


def stylesheet(root: Path = ROOT) -> str:
    """The page's one stylesheet: the shell's, then each game's under a comment naming it."""
    parts = [(root / SHELL_STYLE).read_text(encoding="utf-8").rstrip("\n") + "\n"]
    for css in game_styles(root):
        where = css.relative_to(root).as_posix() if css.is_relative_to(root) else css.name
        parts.append(f"\n/* == {where} == */\n" + css.read_text(encoding="utf-8").rstrip("\n") + "\n")
    return "".join(parts)


def write_stylesheet(root: Path = ROOT, quiet: bool = False) -> Path:
    """Writes assets/runtime/app.css if its content changed."""
    out = root / STYLESHEET
    text = stylesheet(root)
    if not out.is_file() or out.read_text(encoding="utf-8") != text:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(f".{out.name}.{os.getpid()}.{threading.get_ident()}")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)  # atomic: the dev server may make it from two threads
    if not quiet:
        print(f"styles: {SHELL_STYLE} and {len(game_styles(root))} games' -> {STYLESHEET} "
              f"({out.stat().st_size / 1e3:.0f} kB)")
    return out


# -- What the page asks for, one file after another -------------------------------------------
# PyScript starts a chain: core.js imports its core chunk, which fetches pyscript.toml and
# imports its TOML parser, then imports pyodide.mjs, which fetches the wasm, the stdlib and the
# lock file at once; when the interpreter is up, PyScript fetches [files] (app.zip) and the page's
# script (ui/main.py).  Each link
# waits for the one before to arrive and run, and on the home page, with its HTML, styles and
# paint on the same thread, the chain's start came about 0.6 s later than on a bare page.
# index.html names the links up to pyodide.mjs, app.zip and ui/main.py, as preloads (generated by
# `build.py static`, below), so that the browser fetches them while it paints; each request
# PyScript makes then finds its response there (a fetch() preload needs `crossorigin` to match).
# Not the wasm, stdlib and lock (11 MB), which Pyodide asks for together anyway: preloaded,
# they competed with the first paint (here: 300 -> 420 ms) for no gain beyond the noise.
def preload_links(root: Path = ROOT) -> list[tuple[str, str]]:
    """[(kind, path)] for index.html: "module" (a module script) or "fetch" (fetch()).

    >>> [(k, p.rsplit("/", 1)[-1]) for k, p in preload_links()][:3]  # doctest: +ELLIPSIS
    [('module', 'core-....js'), ('module', 'toml-....js'), ('fetch', 'pyscript.toml')]
    """
    pyscript = root / RUNTIME / "pyscript"
    chunks = {_chunk_name(f.name): f.name for f in pyscript.glob("*.js")}
    missing = {"core", "toml"} - set(chunks)
    if missing:
        sys.exit(f"build.py: {pyscript} lacks the {', '.join(sorted(missing))} chunk: run `make runtime`")
    return [
        ("module", f"./{RUNTIME}/pyscript/{chunks['core']}"),
        ("module", f"./{RUNTIME}/pyscript/{chunks['toml']}"),
        ("fetch", "./pyscript.toml"),
        ("module", f"./{RUNTIME}/pyodide/pyodide.mjs"),
        ("fetch", f"./{APP_ZIP}"),
        ("fetch", f"./{ENTRY_SCRIPTS[0]}"),
    ]



# -- The static page: index.html's home screen and preloads, pyscript.toml ---------------------
# index.html holds a copy of the home screen, in each language, rendered by the same
# ui.parts.pages functions as the live app, so that the page paints at once, before Python is up;
# and the preloads above.  pyscript.toml has PyScript write app.zip.  `build.py static` writes
# all three; tests/test_ui_static.py fails when the committed files are not what it writes.
# Not part of `runtime`: the test must see the committed files, not ones rebuilt before it.
STATIC_BEGIN = "<!-- static:begin (generated by tools/build.py static) -->"
STATIC_END = "<!-- static:end -->"
PRELOAD_BEGIN = "<!-- preload:begin (generated by tools/build.py static) -->"
PRELOAD_END = "<!-- preload:end -->"


def static_home(root: Path = ROOT) -> str:
    """Both languages' home screens, inert (buttons disabled) until Python makes one live
    (ui/web/boot.py, start_on_static); their ids and labels' ``for`` as ``data-static-id`` and
    ``data-static-for``, since the page holds two copies."""
    from ui import games
    from ui.kit import i18n
    from ui.parts import pages

    parts = [STATIC_BEGIN]
    for lang in i18n.LANGS:
        def tr(key, /, _lang=lang, **params):
            return i18n.tr(_lang, key, **params)

        html = pages.header(tr, lang, "home") + pages.home(tr, lang, [], [], [], {})
        html = re.sub(r' (id|for)="', r' data-static-\1="', html)
        html = html.replace("<button ", "<button disabled ").replace("<input ", "<input disabled ")
        # a join link's first visit waits seconds for the runtime: it says what it does (lang.js)
        booting = (f'<p class="booting">{i18n.tr(lang, "home.booting")}</p>'
                   f'<p class="booting joining" role="status">{i18n.tr(lang, "home.booting_join")}</p>')
        html = html.replace("</p></section>", f"</p>{booting}</section>", 1)
        parts.append(f'<div class="static" data-l="{lang}" lang="{lang}">{html}</div>')
    parts.append(STATIC_END)
    return "\n".join(parts)


def pyscript_toml() -> str:
    lines = [
        "# PyScript's configuration, for the page (ui/main.py) and the bot worker (ui/worker.py).",
        "# Generated by tools/build.py static.",
        'interpreter = "./assets/runtime/pyodide/pyodide.mjs"',
        "",
        "[files]",
        "# Every module of game/, bots/ and ui/ as bytecode made by the runtime's own Python",
        "# (tools/build.py precache), in one zip that the two entry scripts import from.",
        f'"./{APP_ZIP}" = "{APP_ZIP_DEST}"',
    ]
    return "\n".join(lines) + "\n"


def preloads(root: Path = ROOT) -> str:
    """The preload links of :func:`preload_links`, between their markers."""
    links = [f'<link rel="modulepreload" href="{path}">' if kind == "module"
             else f'<link rel="preload" href="{path}" as="fetch" crossorigin>'
             for kind, path in preload_links(root)]
    return "\n".join([PRELOAD_BEGIN, *links, PRELOAD_END])


def _between(text: str, begin: str, end: str, new: str) -> str:
    """``text`` with what lies from ``begin`` to ``end`` (both kept in ``new``) replaced.

    >>> _between("a<b>old</b>c", "<b>", "</b>", "<b>new</b>")
    'a<b>new</b>c'
    """
    i, j = text.index(begin), text.index(end) + len(end)
    return text[:i] + new + text[j:]


# The page's description (index.html's <meta>, the install manifest's) names the games the page
# offers, from the catalogue: a new game is named there by `make static`, not by hand.
COUNTS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Eleven", "Twelve")


def _games_said(root: Path) -> tuple[str, str]:
    """("Five", "Fendo, Le Renard des Bois, ..."): how many games, and their titles."""
    ids = playable(root)
    from ui.kit import registry

    return (COUNTS[len(ids)] if len(ids) < len(COUNTS) else str(len(ids)),
            ", ".join(registry.title(g) for g in ids))


def index_with_static(text: str, root: Path = ROOT) -> str:
    """index.html's text with its static home, preloads and description as they should be."""
    text = _between(text, STATIC_BEGIN.split(" (")[0], STATIC_END, static_home(root))
    text = _between(text, PRELOAD_BEGIN.split(" (")[0], PRELOAD_END, preloads(root))
    count, titles = _games_said(root)
    said = html.escape(f"{count} board and card games to play in your browser, offline: {titles}.")
    return re.sub(r'(<meta name="description" content=")[^"]*(">)', lambda m: m[1] + said + m[2], text, count=1)


def manifest_with_games(text: str, root: Path = ROOT) -> str:
    """manifest.webmanifest's text with its description naming the games, the rest as it is."""
    count, titles = _games_said(root)
    said = json.dumps(f"{count} board and card games — {titles} — in Python, in your browser, offline.",
                      ensure_ascii=False)
    return re.sub(r'("description": )"(?:[^"\\]|\\.)*"', lambda m: m[1] + said, text, count=1)


def write_static(root: Path = ROOT) -> list[str]:
    """Rewrites index.html's generated parts, the manifest's description and pyscript.toml;
    returns the files changed."""
    changed = []
    for name, make in (("index.html", lambda old: index_with_static(old, root)),
                       ("manifest.webmanifest", lambda old: manifest_with_games(old, root)),
                       ("pyscript.toml", lambda old: pyscript_toml())):
        path = root / name
        old = path.read_text(encoding="utf-8")
        new = make(old)
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(name)
    return changed

# Top-level files of the app (those that exist are taken).
TOP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", "favicon.ico")
# Folders whose files all belong to the app (minus the skipped ones below).
APP_DIRS = ("game", "ui", "bots", "assets")
SKIP_DIRS = {"__pycache__", ".pytest_cache", "tests"}
SKIP_SUFFIXES = (".pyc", ".map", ".orig", ".rej", ".swp", "~")
SKIP_FILES = {
    "assets/screenshot.png",  # for the README only
    str(SHELL_STYLE),  # in STYLESHEET, with each game's style.css
    str(PRECACHE),  # imported by sw.js, never fetched by the page
    "assets/runtime/.stamp",
}
SKIP_NAMES = {".DS_Store", ".gitkeep", "Thumbs.db"}


def _lock_versions(root: Path) -> dict[str, str]:
    lock = json.loads((root / "package-lock.json").read_text())
    pkgs = lock["packages"]
    return {
        "pyodide": pkgs["node_modules/pyodide"]["version"],
        "@pyscript/core": pkgs["node_modules/@pyscript/core"]["version"],
    }


# Pyodide makes a shared WebAssembly.Memory as soon as pyodide.asm.mjs loads (for the sleep of
# its stdin retry loop).  On a page that is not cross-origin isolated, which GitHub Pages cannot
# make it, Chromium reports that as a deprecated use of SharedArrayBuffer, and Lighthouse's
# best-practices score of the home page drops to 82 (`make audit`).  Outside that isolation the
# sleep could only fail on the page and the app never reads stdin, so the copy makes the shared
# memory only where it is allowed; elsewhere the retry gives up at once, as on the page today.
SHARED_MEMORY = ("new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)",
                 "new Int32Array(globalThis.crossOriginIsolated?new WebAssembly.Memory("
                 "{shared:!0,initial:1,maximum:1}).buffer:new ArrayBuffer(4))")


def _patch_shared_memory(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    old, new = SHARED_MEMORY
    if text.count(old) != 1:
        print(f"build.py: {path.name} no longer makes its shared memory as expected: "
              f"the SharedArrayBuffer patch is skipped (check `make audit`)", file=sys.stderr)
        return
    path.write_text(text.replace(old, new), encoding="utf-8")


# On a first visit the page's service worker takes control before Pyodide asks for its runtime,
# so that the 11 MB come through it, into its cache, once, and the bot's worker and the
# precache take them from there (sw.js, assets/register-sw.js). The page holds Pyodide back
# with a promise, window.renardiereRuntimeGate, that register-sw.js makes: pyodide.mjs waits
# for it at its top, where the page set it; in a worker, under Node, or on a page without it
# (bench/bare/), nothing waits.
RUNTIME_GATE = "if(globalThis.renardiereRuntimeGate)await globalThis.renardiereRuntimeGate;\n"


def _patch_runtime_gate(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if not text.startswith(RUNTIME_GATE):
        path.write_text(RUNTIME_GATE + text, encoding="utf-8")


# A returning visitor's interpreter comes from a memory snapshot: Pyodide's memory just after
# its start, which assets/snapshot.js (a module worker, once the page is up) makes and keeps in
# Cache Storage, and from which the page's next start restores rather than starting Python
# again (Pyodide's ``_makeSnapshot`` and ``_loadSnapshot`` options).  pyodide.mjs's export of
# loadPyodide becomes the wrapper below, on the page only: with a snapshot made by this very
# runtime (snapshot_key: a hash of the files the memory comes from), it restores; with none, or
# when restoring throws, it starts as before (and drops the snapshot that failed).  A snapshot
# is kept with the SHA-256 of its memory in a header (``header``): one whose memory is not the
# hash's (damaged in the cache, which any page of the origin can write) is not restored but
# fails and is dropped, as one that throws; the hash is taken while pyodide.asm.mjs loads.  What
# happened is in ``globalThis.renardiereSnapshot.state``: "restored", "none", "failed", or
# "off" (a page that set ``renardiereNoSnapshot``, as the browser tests do); then ui/web/boot.py's
# "making", "made" or "unmade".  bench/bench_load.py, a warm start restored from it:
# 0.81-0.87x the bare page's, against 1.06-1.12x for the same site's plain start (2026-11-29).  Every restored start has the same
# string-hash seed and the same state of the random module's own generator: the app draws from
# random.Random() instances of its own, seeded at their making, never from the module's.
SNAPSHOT_EXPORT = re.compile(r"export\{(\w+) as loadPyodide,(\w+) as version\};")
SNAPSHOT_WRAPPER = """const renardiereSnapshotInfo={key:"%(key)s",
 cache:"renardiere-snapshot:"+new URL("../../../",import.meta.url).pathname,
 url:new URL("./snapshot-%(key)s",import.meta.url).href,
 header:"x-renardiere-sha256",
 async sha256(bytes){return Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256",bytes)),
  (b)=>b.toString(16).padStart(2,"0")).join("")}};
async function renardiereLoadPyodide(options={}){
 const info=renardiereSnapshotInfo;
 if(!globalThis.document||!globalThis.caches||options._makeSnapshot)return %(load)s(options);
 globalThis.renardiereSnapshot={...info,state:"off"};
 if(globalThis.renardiereNoSnapshot)return %(load)s(options);
 let found=null;
 try{found=await(await caches.open(info.cache)).match(info.url)}catch(err){}
 globalThis.renardiereSnapshot.state=found?"restored":"none";
 if(found){
  const checked=(async()=>{const bytes=await found.arrayBuffer();
   if(await info.sha256(bytes)!==found.headers.get(info.header))throw new Error("not the memory its hash says");
   return bytes})();
  checked.catch(()=>{});
  try{return await %(load)s({...options,_loadSnapshot:checked})}
  catch(err){
   console.warn("Renardiere: the interpreter's snapshot did not restore; a plain start:",err);
   globalThis.renardiereSnapshot.state="failed";
   caches.open(info.cache).then((c)=>c.delete(info.url)).catch(()=>{});
  }
 }
 return %(load)s(options);
}
export{renardiereLoadPyodide as loadPyodide,%(version)s as version,renardiereSnapshotInfo as snapshot};"""


def snapshot_key(pyodide_dir: Path) -> str:
    """What a snapshot's memory comes from: the interpreter, its JavaScript, its stdlib and lock."""
    h = hashlib.sha256()
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json"):
        h.update(name.encode() + b"\0" + (pyodide_dir / name).read_bytes())
    return h.hexdigest()[:16]


def _patch_snapshot(path: Path, key: str) -> None:
    text = path.read_text(encoding="utf-8")
    found = SNAPSHOT_EXPORT.findall(text)
    if len(found) != 1:
        sys.exit(f"build.py: {path.name} no longer exports loadPyodide as expected: "
                 f"the memory snapshot's wrapper (SNAPSHOT_WRAPPER) needs a look")
    (load, version), = found
    wrapper = SNAPSHOT_WRAPPER % {"key": key, "load": load, "version": version}
    path.write_text(SNAPSHOT_EXPORT.sub(lambda m: wrapper, text), encoding="utf-8")


# -- Loaded on demand: the QR codes of play across devices -------------------------------------
# ui/net/qr.py draws QR codes with segno (PyPI, pure Python): the page installs its wheel from
# assets/runtime/py/ the first time it draws one (ui/net/qr.py, ``ready``), never at the start.
# assets/rtc.js reads QR codes with the camera, through jsQR (npm) where the browser has no
# BarcodeDetector, loaded the first time it is needed.  Both are in the precache list (everything
# under assets/ is), so that a guest's page works offline.  segno's version and the wheel's hash
# are pinned in ui/net/qr.py (SEGNO, SEGNO_SHA256); jsQR's version in package-lock.json.
PY_WHEELS = RUNTIME / "py"
JSQR_FILE = ("jsqr", "dist/jsQR.js")   # the npm package, its browser build
JSQR_DEST = RUNTIME / "jsqr" / "jsQR.js"


def _pip() -> list[str]:
    """A Python with pip: this one, else the project's venv (Debian splits pip out)."""
    for python in (sys.executable, str(ROOT / ".venv" / "bin" / "python")):
        if Path(python).exists() and subprocess.run([python, "-m", "pip", "--version"],
                                                    capture_output=True).returncode == 0:
            return [python, "-m", "pip"]
    sys.exit("build.py: no pip to fetch segno's wheel: run `bash tools/ensure.sh pip`")


def fetch_wheels(root: Path = ROOT) -> Path:
    """assets/runtime/py/segno-<SEGNO>-py3-none-any.whl, from PyPI through pip (once: the one
    there is kept while its hash is the pinned one)."""
    from ui.net import qr

    out = root / PY_WHEELS
    wheel = root / qr.WHEEL
    if not (wheel.is_file() and _sha256(wheel) == qr.SEGNO_SHA256):
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        proc = subprocess.run([*_pip(), "download", f"segno=={qr.SEGNO}", "--no-deps",
                               "--only-binary=:all:", "--dest", str(out), "--quiet",
                               "--disable-pip-version-check"], capture_output=True, text=True)
        if proc.returncode != 0 or not wheel.is_file():
            sys.exit(f"build.py: pip could not fetch segno {qr.SEGNO}'s wheel:\n{proc.stderr[-2000:]}")
        if _sha256(wheel) != qr.SEGNO_SHA256:
            wheel.unlink()
            sys.exit(f"build.py: {wheel.name} is not the wheel pinned in ui/net/qr.py (SEGNO_SHA256)")
    return wheel


def build_runtime(root: Path = ROOT) -> None:
    """Copies the runtime files from node_modules, after checking them against the lockfile."""
    nm = root / "node_modules"
    want = _lock_versions(root)
    for name, version in want.items():
        pj = nm / name / "package.json"
        if not pj.exists():
            sys.exit(f"build.py: {pj.relative_to(root)} is missing: run `npm ci` first")
        have = json.loads(pj.read_text())["version"]
        if have != version:
            sys.exit(f"build.py: node_modules has {name} {have}, the lockfile {version}: run `npm ci`")
    out = root / RUNTIME
    for sub in ("pyodide", "pyscript"):
        shutil.rmtree(out / sub, ignore_errors=True)
        (out / sub).mkdir(parents=True)
    for f in PYODIDE_FILES:
        if f == "python_stdlib.zip":
            kept, total = trim_stdlib(nm / "pyodide" / f, out / "pyodide" / f)
        else:
            shutil.copy2(nm / "pyodide" / f, out / "pyodide" / f)
    sources, compiled = compile_stdlib(out / "pyodide" / "python_stdlib.zip")
    _patch_shared_memory(out / "pyodide" / "pyodide.asm.mjs")
    _patch_runtime_gate(out / "pyodide" / "pyodide.mjs")
    _patch_snapshot(out / "pyodide" / "pyodide.mjs", snapshot_key(out / "pyodide"))
    dist = nm / "@pyscript" / "core" / "dist"
    chunks = pyscript_needed(dist)
    for name in chunks:
        shutil.copy2(dist / name, out / "pyscript" / name)
    jsqr = nm / JSQR_FILE[0] / JSQR_FILE[1]
    jsqr_version = json.loads((root / "package-lock.json").read_text())["packages"]["node_modules/jsqr"]["version"]
    if not jsqr.is_file() or json.loads((nm / JSQR_FILE[0] / "package.json").read_text())["version"] != jsqr_version:
        sys.exit(f"build.py: node_modules lacks jsqr {jsqr_version} (the lockfile's): run `npm ci`")
    (root / JSQR_DEST).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(jsqr, root / JSQR_DEST)
    wheel = fetch_wheels(root)
    (out / "VERSIONS.json").write_text(json.dumps(want, indent=1) + "\n")
    n = sum(1 for _ in out.rglob("*") if _.is_file())
    skipped = sum(1 for f in dist.iterdir() if f.is_file() and not f.name.endswith(".map")) - len(chunks)
    zsize = (nm / "pyodide" / "python_stdlib.zip").stat().st_size
    print(f"runtime: {n} files in {RUNTIME}/ (pyodide {want['pyodide']}, "
          f"@pyscript/core {want['@pyscript/core']}); {skipped} unused PyScript chunks left out; "
          f"python_stdlib.zip: {kept} of {total} entries ({sources / 1e6:.2f} MB of {zsize / 1e6:.2f} MB), "
          f"without docstrings and comments{' and compiled' if STDLIB_BYTECODE else ''}: {compiled / 1e6:.2f} MB; "
          f"on demand: {wheel.name}, jsQR {jsqr_version}")
    check_stdlib(root)


def pyscript_files(config: dict) -> dict[str, str]:
    """The [files] of a PyScript config, placeholders resolved: {source: destination}.

    PyScript's rules: a key "{NAME}" defines a placeholder usable in other keys and values;
    a destination that is empty or ends with "/" takes the source's file name.
    """
    raw = dict(config.get("files") or {})
    names = {k: v for k, v in raw.items() if re.fullmatch(r"\{\w+\}", k)}

    def fill(text: str) -> str:
        for _ in range(10):
            new = re.sub(r"\{\w+\}", lambda m: names.get(m.group(0), m.group(0)), text)
            if new == text:
                break
            text = new
        return text

    out = {}
    for src, dst in raw.items():
        if src in names:
            continue
        src, dst = fill(src), fill(dst)
        if dst == "" or dst.endswith("/"):
            dst += src.rsplit("/", 1)[-1]
        out[src] = dst
    return out


def _config_files(root: Path) -> list[str]:
    """Local files named in the [files] of the top-level PyScript configs (they must be served)."""
    found = []
    for toml in sorted(root.glob("*.toml")):
        if toml.name == "pyproject.toml":
            continue
        try:
            cfg = tomllib.loads(toml.read_text())
        except tomllib.TOMLDecodeError as e:
            sys.exit(f"build.py: {toml.name}: {e}")
        for src in pyscript_files(cfg):
            if "://" in src:
                continue
            found.append(os.path.normpath(src).replace(os.sep, "/"))
    return found


def app_files(root: Path = ROOT) -> list[str]:
    """Every file the app needs, as sorted paths relative to the root ("ui/app.py").

    The service worker is not in it: it is the one file a browser fetches for itself.
    """
    files = {f for f in TOP_FILES if (root / f).is_file()}
    for d in APP_DIRS:
        base = root / d
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(x for x in dirnames if x not in SKIP_DIRS and not x.startswith(".")
                                 and not os.path.islink(os.path.join(dirpath, x)))
            for name in filenames:
                if os.path.islink(os.path.join(dirpath, name)):
                    continue  # links (to folders, or dangling) are no part of the site
                rel = Path(dirpath, name).relative_to(root).as_posix()
                if name.startswith(".") or name in SKIP_NAMES or name.endswith(SKIP_SUFFIXES) or rel in SKIP_FILES:
                    continue
                if d in APP_PACKAGES and name.endswith(".py") and rel not in ENTRY_SCRIPTS:
                    continue  # it travels in APP_ZIP
                if d in APP_PACKAGES and name == GAME_STYLE:
                    continue  # it travels in STYLESHEET
                files.add(rel)
    for rel in _config_files(root):
        if not (root / rel).is_file():
            sys.exit(f"build.py: pyscript config names {rel}, which does not exist")
        files.add(rel)
    return sorted(files)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def precache_manifest(root: Path = ROOT) -> dict:
    """{"version": ..., "files": {"./ui/app.py": "<sha256[:16]>", ...}}.

    The version hashes every path and content, so that any change makes a new cache.
    """
    files = {}
    total = hashlib.sha256()
    for rel in app_files(root):
        digest = _sha256(root / rel)[:16]
        files["./" + rel] = digest
        total.update(f"{rel}\0{digest}\n".encode())
    # The service worker's own code is part of the version too.
    sw = root / "sw.js"
    if sw.exists():
        total.update(b"sw.js\0" + _sha256(sw).encode())
    return {"version": total.hexdigest()[:16], "files": files}


def render_precache(manifest: dict) -> str:
    return (
        "// Generated by tools/build.py precache: the files sw.js precaches. Do not edit.\n"
        f"self.PRECACHE = {json.dumps(manifest, indent=1, sort_keys=True)};\n"
    )


def write_precache(root: Path = ROOT, quiet: bool = False) -> dict:
    """Writes assets/runtime/precache.js if its content changed; returns the manifest."""
    manifest = precache_manifest(root)
    text = render_precache(manifest)
    out = root / PRECACHE
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.exists() or out.read_text() != text:
        tmp = out.with_name(f".{out.name}.{os.getpid()}.{id(text)}")
        tmp.write_text(text)
        os.replace(tmp, out)  # atomic: the dev server may rebuild it from two threads
    if not quiet:
        size = sum((root / p).stat().st_size for p in manifest["files"])
        print(f"precache: {len(manifest['files'])} files, {size / 1e6:.1f} MB, "
              f"version {manifest['version']} -> {PRECACHE}")
    return manifest


def read_precache(root: Path = ROOT) -> dict:
    text = (root / PRECACHE).read_text()
    body = text[text.index("=") + 1:].strip().rstrip(";")
    return json.loads(body)


def build_site(root: Path = ROOT, out: Path | None = None) -> Path:
    """A deployable folder: the app's files, the service worker and its precache list."""
    out = Path(out) if out else root / "build" / "site"
    if not (root / RUNTIME / "pyodide" / "pyodide.mjs").exists():
        sys.exit("build.py: no runtime: run `make runtime` first")
    for required in ("index.html", "pyscript.toml"):
        if not (root / required).is_file():
            sys.exit(f"build.py: {required} is missing: no site to build")
    build_app_zip(root, quiet=True)
    write_stylesheet(root, quiet=True)
    manifest = write_precache(root, quiet=True)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for rel in list(app_files(root)) + ["sw.js", str(PRECACHE)]:
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, dst)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve __init__.py and friends as they are
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"site: {len(manifest['files']) + 2} files, {size / 1e6:.1f} MB in {out} "
          f"(version {manifest['version']})")
    return out


def main(argv: list[str]) -> None:
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "runtime":
        build_runtime()
    elif cmd == "check-stdlib":
        check_stdlib()
    elif cmd == "precache":
        build_app_zip()
        write_stylesheet()
        write_precache()
    elif cmd == "site":
        build_site(out=Path(argv[2]) if len(argv) > 2 else None)
    elif cmd == "files":
        print("\n".join(app_files()))
    elif cmd == "static":
        changed = write_static()
        print(f"static: rewrote {' and '.join(changed)}" if changed
              else "static: index.html, manifest.webmanifest and pyscript.toml are current")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
