"""A visit downloads each file once (issue 20), counted where a host bills it: at the server.

The server sends GitHub Pages' caching headers (``Cache-Control: max-age=600``, Last-Modified,
304s: ``tools/serve.py --pages``) and counts every response it sends, whoever asked for it: the
page, the bot's worker, the service worker. A first visit is a fresh browser context (Playwright's
are incognito: an HTTP cache in memory, which does not keep the 9.6 MB wasm, so that only the
service worker's cache can share it), service workers allowed: the home page loads, a Fendo game
against the bot starts and the bot answers the first move, the service worker's cache completes,
and the server falls quiet. Before sw.js took control at once (2026-11-26), the wasm went three
times: the page's, the bot worker's and the precache's.
"""

from __future__ import annotations

import collections
import zipfile
from pathlib import Path

from playing import play_against_the_bot
from tools import build
from tools.serve import wait_precached, wait_quiet

# The site's own bytes: what a visit must download at least once, and should at most.
SW_FILES = ("sw.js", str(build.PRECACHE))
MAX_RATIO = 1.10


def site_bytes(root: Path) -> int:
    files = [p.removeprefix("./") for p in build.read_precache(root)["files"]] + list(SW_FILES)
    return sum((root / f).stat().st_size for f in files)


def full_bodies(sent) -> dict[str, int]:
    """{file: how many times the server sent it whole}; "/" is index.html, as "dir/" is."""
    out = collections.Counter()
    for s in sent:
        if s.status == 200 and s.body:
            out[s.path + "index.html" if s.path.endswith("/") else s.path] += 1
    return out


def first_visit(browser, srv, new_watch, open_watched, wait_ready):
    """(context, watch, page) after a first visit with a game against the bot, the network quiet."""
    context = browser.new_context(service_workers="allow")
    watch = new_watch(srv.url)
    watch.attach_context(context)
    page = open_watched(context, watch)
    page.goto(srv.url)
    wait_ready(page)
    play_against_the_bot(page)
    assert wait_precached(page), "the service worker's cache never held every listed file"
    wait_quiet(page, lambda: len(srv.sent))
    return context, watch, page


def test_a_first_visit_fetches_each_file_once(browser, serve, site_root, new_watch, open_watched, wait_ready):
    srv = serve(pages=True)
    context, watch, page = first_visit(browser, srv, new_watch, open_watched, wait_ready)
    try:
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        watch.check()
    finally:
        context.close()
    counts = full_bodies(srv.sent)
    twice = {path: n for path, n in counts.items() if n > 1}
    sent = sum(s.bytes for s in srv.sent)
    size = site_bytes(site_root)
    assert not twice, (f"sent whole more than once on a first visit: {twice}; "
                       f"{sent / 1e6:.1f} MB sent for a {size / 1e6:.1f} MB site")
    assert sent <= MAX_RATIO * size, f"{sent / 1e6:.2f} MB sent for a {size / 1e6:.2f} MB site"


def test_a_repeat_visit_and_an_update_fetch_only_what_changed(browser, serve, site_root, new_watch,
                                                              open_watched, wait_ready, tmp_path):
    """A second visit takes nothing whole but the service worker's own two files (the browser
    checks them past every cache); a new version whose only change is app.zip downloads app.zip
    alone, not the runtime."""
    site = build.build_site(site_root, tmp_path / "site")  # a copy that this test may edit
    srv = serve(site, pages=True)
    context, watch, page = first_visit(browser, srv, new_watch, open_watched, wait_ready)
    try:
        start = len(srv.sent)
        page.goto(srv.url)
        wait_ready(page)
        page.wait_for_selector("main.play, main.home")
        wait_quiet(page, lambda: len(srv.sent))
        again = full_bodies(srv.sent[start:])
        assert set(again) <= {"/" + f for f in SW_FILES}, f"a repeat visit downloaded {dict(again)}"

        start = len(srv.sent)
        with zipfile.ZipFile(site / build.APP_ZIP, "a") as z:   # a new app.zip, the same modules
            z.comment += b" (an update)"
        build.write_precache(site, quiet=True)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector('.notice [data-act="update"]', timeout=90_000)
        wait_quiet(page, lambda: len(srv.sent))
        update = full_bodies(srv.sent[start:])
        assert "/" + str(build.APP_ZIP) in update
        assert set(update) <= {"/" + f for f in SW_FILES} | {"/" + str(build.APP_ZIP)}, (
            f"an update of app.zip alone downloaded {dict(update)}")
        assert max(update.values()) == 1, update
        watch.check()
    finally:
        context.close()


# -- a slow or busy phone (issue 55) --------------------------------------------------------

PRECACHE = "/" + str(build.PRECACHE)
WASM = "/assets/runtime/pyodide/pyodide.asm.wasm"
# Five first visits, each as a slow phone's may go: the server holds some answers back (seconds).
TIMINGS = [
    ("as it comes", {}),
    ("the service worker slower to start than the page (its list held 11 s)", {PRECACHE: 11}),
    ("as it comes", {}),
    ("the precache's fill (10 s after load) while the page's wasm is on its way (held 5 s)",
     {PRECACHE: 8, WASM: 5}),
    ("as it comes", {}),
]
CPU_SLOWDOWN = 4
# Everything a first visit starts once the page is ready has ended: the service worker's cache
# complete is checked apart (wait_precached).
SETTLED = """() => ["made", "unmade"].includes((window.renardiereSnapshot || {}).state)
    && ["ready", "failed"].includes(document.body.dataset.botWorker)"""


def client(s, base: str) -> str:
    """Who asked, from the request's Referer: the service worker's own fetches name sw.js, the
    snapshot's worker its script; the page's own (or passed on by the service worker) the page
    or one of its modules."""
    ref = s.referer.removeprefix(base.rstrip("/"))
    if ref.endswith("/sw.js"):
        return "service worker"
    if ref.endswith("/snapshot.js"):
        return "snapshot's worker"
    return f"page ({s.dest or 'fetch'}, from {ref or '-'})"


def by_file(sent, base: str) -> dict[str, list[str]]:
    """{file: the clients it was sent whole to, in order}."""
    out = collections.defaultdict(list)
    for s in sent:
        if s.status == 200 and s.body:
            out[s.path + "index.html" if s.path.endswith("/") else s.path].append(client(s, base))
    return out


def test_first_visits_on_a_busy_phone_fetch_each_file_once(browser, serve, new_watch, open_watched, wait_ready):
    """As shipped: the bot's worker started once the page is idle, the interpreter's snapshot
    made; the CPU 4x slower (Chromium's throttling); five first visits, two with a slow start."""
    srv = serve(pages=True)
    twice = {}
    for n, (what, delay) in enumerate(TIMINGS, 1):
        srv.delay.clear()
        srv.delay.update(delay)
        start = len(srv.sent)
        context = browser.new_context(worker_on_demand=False, snapshot=True, service_workers="allow")
        watch = new_watch(srv.url)
        watch.attach_context(context)
        try:
            page = open_watched(context, watch)
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            page.goto(srv.url)
            wait_ready(page, 120_000)
            page.wait_for_function(SETTLED, timeout=120_000)
            assert wait_precached(page), "the service worker's cache never held every listed file"
            wait_quiet(page, lambda: len(srv.sent))
            watch.check()
        finally:
            context.close()
        sent = by_file(srv.sent[start:], srv.url)
        twice.update({f"visit {n} ({what}): {path}": who for path, who in sent.items() if len(who) > 1})
    assert not twice, "sent whole more than once on a first visit:\n" + "\n".join(
        f"  {k}: {', '.join(v)}" for k, v in twice.items())
