#!/usr/bin/env python3
"""Builds what the page needs from the repository: the runtime, the precache list, the site.

    python3 tools/build.py runtime    # node_modules -> assets/runtime/{pyodide,pyscript}/
    python3 tools/build.py precache   # assets/runtime/precache.js (the service worker's list)
    python3 tools/build.py site [DIR] # a deployable folder (default build/site/)
    python3 tools/build.py files      # prints the app's files, one a line

Standard library only (Python 3.11+), so that it runs before any venv exists.

The app's files are one list, :func:`app_files`, used three ways: the service worker
precaches exactly that list, ``make site`` copies exactly that list (plus the service
worker itself), and the e2e tests check it against ``pyscript.toml``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = Path("assets/runtime")
PRECACHE = RUNTIME / "precache.js"

# What the page needs from each npm package (see shared/PLATFORM.md).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Top-level files of the app (those that exist are taken).
TOP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", "favicon.ico")
# Folders whose files all belong to the app (minus the skipped ones below).
APP_DIRS = ("game", "ui", "bots", "assets")
SKIP_DIRS = {"__pycache__", ".pytest_cache", "tests"}
SKIP_SUFFIXES = (".pyc", ".map", ".orig", ".rej", ".swp", "~")
SKIP_FILES = {
    "assets/screenshot.png",  # for the README only
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
        shutil.copy2(nm / "pyodide" / f, out / "pyodide" / f)
    dist = nm / "@pyscript" / "core" / "dist"
    for f in sorted(dist.iterdir()):
        if f.is_file() and not f.name.endswith(".map"):
            shutil.copy2(f, out / "pyscript" / f.name)
    (out / "VERSIONS.json").write_text(json.dumps(want, indent=1) + "\n")
    n = sum(1 for _ in out.rglob("*") if _.is_file())
    print(f"runtime: {n} files in {RUNTIME}/ (pyodide {want['pyodide']}, "
          f"@pyscript/core {want['@pyscript/core']})")


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
    elif cmd == "precache":
        write_precache()
    elif cmd == "site":
        build_site(out=Path(argv[2]) if len(argv) > 2 else None)
    elif cmd == "files":
        print("\n".join(app_files()))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
