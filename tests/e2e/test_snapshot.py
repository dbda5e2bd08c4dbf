"""A returning visitor's interpreter comes from a memory snapshot (tools/build.py,
SNAPSHOT_WRAPPER; assets/snapshot.js; ui/web/boot.py, make_snapshot).

A first visit, at the person's first input or after a few quiet seconds, makes the snapshot in a
worker and keeps it in Cache Storage, in place of any other runtime's; the next start restores it, and the app runs on it: home, a game against a
bot played on, the game saved and back after one more start.  A snapshot that does not restore
is dropped, the start goes on as a plain one, and no other is made; nor one where making it
failed before, for this runtime.  A damaged one (issue 54, fault 9) is found out by its hash
before it restores; one that restores and then fails is dropped by the watchdog, which loads
the page again.  In Chromium, WebKit and
Firefox.  The other browser tests neither make nor use one (conftest.NO_SNAPSHOT).
"""

from __future__ import annotations

import json
import time

import pytest

from tools import engines
from conftest import quick, wait_hand_turn
from tools.serve import make_server

STATE = "() => (window.renardiereSnapshot || {}).state ?? null"
DONE = "() => ['made', 'unmade'].includes((window.renardiereSnapshot || {}).state)"
# The snapshots' cache: the URLs it holds.
KEYS = """async () => { const s = window.renardiereSnapshot;
  return (await (await caches.open(s.cache)).keys()).map((r) => r.url); }"""
READY = 'body[data-ready="1"]'


@pytest.fixture
def context(browser):
    """A context that makes and uses the snapshot, as a visitor's browser does."""
    ctx = browser.new_context(snapshot=True, service_workers="block", viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(30_000)
    quick(ctx)
    yield ctx
    ctx.close()


def before_the_app(page, server, entry: str, body: str) -> str:
    """Puts ``body`` in the snapshots' cache under the snapshot's URL + ``entry`` before the app's
    first start, from another page of the site (its manifest), with the cache and key that
    pyodide.mjs names; returns the snapshot's URL."""
    page.goto(server.url + "manifest.webmanifest")
    return page.evaluate("""async ([entry, body]) => {
        const {snapshot: s} = await import(new URL('./assets/runtime/pyodide/pyodide.mjs', location.href).href);
        await (await caches.open(s.cache)).put(s.url + entry, new Response(new TextEncoder().encode(body)));
        return s.url; }""", [entry, body])


def made(page) -> None:
    page.wait_for_function(DONE, timeout=90_000, polling=200)
    assert page.evaluate(STATE) == "made"


def test_a_returning_visitor_starts_from_the_snapshot(page, server, wait_ready):
    url = before_the_app(page, server, "-older", "another runtime's")
    page.goto(server.url)
    wait_ready(page)
    assert page.evaluate(STATE) in ("none", "making")
    made(page)
    assert page.evaluate(KEYS) == [url], "the other runtime's snapshot stays"

    page.reload()
    wait_ready(page)
    assert page.evaluate(STATE) == "restored"
    # The app on the restored interpreter: a game against a bot, played on (as
    # tests/e2e/test_renard_ui.py plays it).
    page.click("#new-renard_des_bois")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    page.click("#start")
    page.wait_for_selector("main.play-renard")
    played = 0
    while played < 3:
        wait_hand_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
        ply = int(page.get_attribute("main.play", "data-ply"))
        if page.query_selector("#keep"):
            page.click("#keep")
        else:
            page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)
            played += 1
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    wait_hand_turn(page)
    saved = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('renardiere.save.'))")
    assert len(saved) == 1
    record = json.loads(page.evaluate("(k) => localStorage.getItem(k)", saved[0]))["record"]
    assert len(record["actions"]) >= 3

    page.reload()           # restored again: the game is back where it was
    wait_ready(page)
    assert page.evaluate(STATE) == "restored"
    page.evaluate("(id) => { location.hash = '#play/' + id; }", saved[0].split(".")[-1])
    page.wait_for_selector("main.play-renard")
    wait_hand_turn(page)
    assert int(page.get_attribute("main.play", "data-ply")) == len(record["actions"])
    assert page.evaluate(KEYS) == [url]


def test_the_snapshot_waits_for_the_first_input(page, server, wait_ready):
    """Not at ready: a reload in the first seconds would meet its Pyodide compiling (the quick
    reloads of bench/bench_load.py).  A key pressed starts it."""
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_timeout(2000)
    assert page.evaluate(STATE) == "none", "the snapshot was begun with no input, 2 s after ready"
    page.keyboard.press("Shift")
    page.wait_for_function("() => (window.renardiereSnapshot || {}).state !== 'none'", timeout=5_000)
    made(page)


def test_a_snapshot_that_does_not_restore_is_dropped(page, server, wait_ready, watch):
    watch.allow(r"did not restore")   # the wrapper's warning (console.warn: not a failure)
    url = before_the_app(page, server, "", "not an interpreter's memory")
    page.goto(server.url)
    wait_ready(page)
    assert page.evaluate(STATE) == "failed"
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")
    page.wait_for_function("async () => !(await (await caches.open(window.renardiereSnapshot.cache)).match("
                           "window.renardiereSnapshot.url))", timeout=10_000)
    page.wait_for_timeout(7_000)       # past the idle that makes one: none is made after a failure
    assert page.evaluate(STATE) == "failed" and url not in page.evaluate(KEYS)


# 4 KB of the snapshot flipped at 1% of its length, its headers kept (or its hash made again:
# ``rehash``): memory that still restores.
DAMAGE = """async (rehash) => { const s = window.renardiereSnapshot, c = await caches.open(s.cache);
  const found = await c.match(s.url), bytes = new Uint8Array(await found.arrayBuffer());
  const at = Math.floor(bytes.length / 100);
  for (let i = at; i < at + 4096; i++) bytes[i] ^= 0xff;
  const headers = new Headers(found.headers);
  if (rehash) headers.set(s.header, await s.sha256(bytes));
  await c.put(s.url, new Response(bytes, {headers})); }"""


def test_a_damaged_snapshot_costs_one_plain_start(page, server, wait_ready, watch):
    """A snapshot damaged in the cache (any page of the origin can write it) is found out before
    it is restored: the start goes on as a plain one and drops it, and the next makes a new one."""
    watch.allow(r"did not restore")
    page.goto(server.url)
    wait_ready(page)
    made(page)
    page.evaluate(DAMAGE, False)
    page.reload()
    wait_ready(page, timeout=45_000)
    assert page.evaluate(STATE) == "failed"
    page.wait_for_function("async () => !(await (await caches.open(window.renardiereSnapshot.cache)).match("
                           "window.renardiereSnapshot.url))", timeout=10_000)
    page.reload()           # a plain start, which makes a new snapshot; the next restores it
    wait_ready(page)
    made(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate(STATE) == "restored"
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")


def test_a_snapshot_that_restores_but_does_not_run_costs_one_more_start(page, server, wait_ready, watch):
    """The same damage with its hash made again (what the check cannot see): the start that
    restored it fails, so the watchdog drops it and loads the page again, a plain start."""
    watch.allow(r"PythonError|Traceback|zlib")      # the failed start's own report
    page.goto(server.url)
    wait_ready(page)
    made(page)
    page.evaluate(DAMAGE, True)
    page.reload()
    wait_ready(page, timeout=60_000)
    assert page.evaluate(STATE) in ("none", "making", "made"), "not a plain start"
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")


def test_no_snapshot_is_made_where_making_one_failed(page, server, wait_ready, watch):
    watch.allow(r"no snapshot of the interpreter")   # ui/web/boot.py's warning
    url = before_the_app(page, server, "-unmade", "")
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_function(DONE, timeout=30_000, polling=200)
    assert page.evaluate(STATE) == "unmade"
    assert page.evaluate(KEYS) == [url + "-unmade"]


@pytest.mark.parametrize("name", [pytest.param(e, marks=pytest.mark.xdist_group("e2e-snapshot-" + e))
                                  for e in ("webkit", "firefox")])
def test_webkit_and_firefox_start_from_the_snapshot(name, site_root):
    gone = engines.missing(name)
    if gone:
        pytest.skip(f"{name}: {', '.join(gone)} missing: `bash tools/ensure.sh {name}` installs them")
    srv = make_server(site_root, live_precache=False).start()
    ses = engines.SESSIONS[name]()
    started = time.monotonic()
    try:
        ses.goto(srv.url)
        ses.wait(f"() => !!document.querySelector('{READY}')", timeout=120)
        ses.wait(DONE, timeout=180, every=0.5)
        assert ses.evaluate(STATE) == "made"
        ses.reload()
        ses.wait(f"() => !!document.querySelector('{READY}')", timeout=120)
        assert ses.evaluate(STATE) == "restored"
        ses.click("#new-onexeno")
        ses.wait_for("#newgame-form")
        print(f"\n{name}: made and restored in {time.monotonic() - started:.1f} s")
    finally:
        ses.close()
        srv.stop()
