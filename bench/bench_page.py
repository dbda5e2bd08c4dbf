"""The app in headless Chromium: first visit and repeat visit, first board, responsiveness.

    .venv/bin/python -m bench.bench_page visits        # bytes, start-up timeline, modules loaded
    .venv/bin/python -m bench.bench_page boards        # time to the first board of each game
    .venv/bin/python -m bench.bench_page respond       # taps and long tasks while an expert thinks

Used by bench/bench_all.py (``make bench``); each part also runs alone and prints its JSON.

visits   A first visit as a user pays it, counted by the server (tools/serve.py, with GitHub
         Pages' caching headers: --pages): a new browser profile, service workers allowed, the
         home page to data-ready, a Fendo game against the bot (the first move and the bot's
         answer), then until the service worker's cache is complete and the server has been
         quiet for 2 s.  Everything the host sent is in it, whoever asked: the page, the bot's
         worker, the service worker's install; bodies and headers, 200s and 304s.  Each file is
         also gzipped here to give what a compressing host would send; both are set against the
         site's own size (every file of the precache list, sw.js and the list).  Twice: in a
         profile on disk (an HTTP cache that keeps the 9.6 MB wasm) and in an incognito context
         (an HTTP cache in memory, which does not).  Repeat visit: the same URL again in the
         profile, served by the service worker.  The first visit's timeline: first contentful
         paint (the static home page), PyScript's progress events, data-ready, long tasks; then
         the Python modules loaded, read in the page (and in the bare page).
slow     First visits on a slow phone: every response crosses one Fast 3G-like link shaped by
         the server (1.6 Mbit/s shared, 150 ms before each response: tools/serve.py --link; CDP
         network throttling misses the service worker's fetches), from a host that gzips as
         GitHub Pages does (wasm included: --gzip), and the page's CPU is slowed 4x
         (CDP Emulation.setCPUThrottlingRate).  A fresh context each time, service workers
         allowed, the app and the bare PyScript page alternating: the times, from the
         navigation's start, of the first contentful paint (the static home page), data-ready,
         a Fendo game's board (the new-game form submitted as soon as the app is ready) and the
         bot's answer to the first move (standard bot); for the bare page, its data-ready.
boards   For each game, a saved game (a human to move against a standard bot) is put in
         localStorage and ``#play/<id>`` opened: time from navigation to ``main.play`` on the
         page, cold (new profile) and warm (same profile again); then, on the warm page, the
         new-game form: time from the tap on Start to the new board.
respond  For each game, a human against the expert bot, from the new-game form.  The
         benchmark plays the human's moves by taps; for each tap, the time from the click
         event to the DOM update (the MutationObserver's callback) and to the next frame.
         Long tasks (PerformanceObserver 'longtask') are kept with their start, and those
         that start while main.play has data-thinking are "while the bot thinks" (the one
         that takes the answer and draws it included); the first decision also waits for the
         bot worker's own boot, so the longest task is also given without it.
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from bench.common import RESPOND_PROBE, SAVE_PREFIX, launch_persistent
from tools import serve
from tools.browsers import CHROMIUM_FULL as CHROMIUM
from tools.browsers import CHROMIUM_SHIPPED as CHROMIUM_ARGS
from tools.browsers import READY
from tools.serve import wait_precached, wait_quiet

ROOT = Path(__file__).resolve().parent.parent

# -- what the server sent ----------------------------------------------------------------


def counting_server(root: Path = ROOT, **kw):
    """A started serve.py server over root with GitHub Pages' headers; ``.sent`` lists what it sent."""
    return serve.make_server(root, pages=True, **kw).start()






def site_files(root: Path = ROOT) -> list[str]:
    """The site's files, as the server names them: the precache list's, sw.js and the list."""
    return ["/" + p.removeprefix("./") for p in serve.build.read_precache(root)["files"]] + [
        "/sw.js", "/" + serve.build.PRECACHE.as_posix()]


def site_size(root: Path = ROOT) -> dict:
    """The site's own size, raw and with each file gzipped (as a compressing host would send it)."""
    files = site_files(root)
    raw = {f: (root / f.lstrip("/")).stat().st_size for f in files}
    return {"files": len(files), "bytes": sum(raw.values()),
            "gzip_bytes": sum(min(gzip_size(root, f), raw[f]) for f in files)}


KINDS = [  # (label, path regex), first match wins
    ("wasm", r"\.wasm$"),
    ("stdlib zip", r"python_stdlib\.zip$"),
    ("pyodide js", r"/pyodide/.*\.m?js$"),
    ("pyodide lock", r"pyodide-lock\.json$"),
    ("pyscript js", r"/pyscript/.*\.m?js$"),
    ("app python", r"(\.py|/app\.zip)$"),
    ("html", r"(\.html|/)$"),
    ("css", r"\.css$"),
    ("images", r"\.(svg|png|ico)$"),
    ("config/manifest", r"\.(toml|json|webmanifest)$"),
    ("js (app)", r"\.m?js$"),
]
_GZ: dict = {}


def kind_of(path: str) -> str:
    for label, rx in KINDS:
        if re.search(rx, path):
            return label
    return "other"


def gzip_size(root: Path, path: str) -> int | None:
    """Bytes of the file at path once gzipped (level 6, as most hosts), or None if no file."""
    p = root / path.lstrip("/")
    if path.endswith("/"):
        p = p / "index.html"
    if not p.is_file():
        return None
    if p not in _GZ:
        _GZ[p] = len(gzip.compress(p.read_bytes(), 6))
    return _GZ[p]


def summarize(sent: list, root: Path = ROOT) -> dict:
    """What the server sent (serve.Sent): bytes (bodies and headers), requests, 304s, the files
    sent whole more than once, the same by kind of file, with the gzip estimate, and the ratios
    to the site's own size."""
    out = {"bytes": 0, "gzip_bytes": 0, "body_bytes": 0, "header_bytes": 0, "requests": len(sent),
           "not_modified": 0, "by_kind": {}}
    whole: dict = {}
    for s in sent:
        k = out["by_kind"].setdefault(kind_of(s.path), {"bytes": 0, "gzip_bytes": 0, "requests": 0, "files": set()})
        k["requests"] += 1
        gz = 0
        if s.status == 304:
            out["not_modified"] += 1
        elif s.body:
            gz = gzip_size(root, s.path)
            gz = s.body if gz is None or gz > s.body else gz  # an already compressed file is not gzipped again
            k["files"].add(s.path)
            if s.status == 200:
                name = s.path + "index.html" if s.path.endswith("/") else s.path
                whole[name] = whole.get(name, 0) + 1
        out["body_bytes"] += s.body
        out["header_bytes"] += s.headers
        out["bytes"] += s.body + s.headers
        out["gzip_bytes"] += gz + s.headers
        k["bytes"] += s.body + s.headers
        k["gzip_bytes"] += gz + s.headers
    for k in out["by_kind"].values():
        k["files"] = len(k["files"])
    out["site"] = site = site_size(root)
    out["ratio"] = out["bytes"] / site["bytes"]
    out["gzip_ratio"] = out["gzip_bytes"] / site["gzip_bytes"]
    out["sent_twice"] = {p: n for p, n in sorted(whole.items()) if n > 1}
    out["sent"] = [[s.path, s.status, s.body, s.headers, s.dest] for s in sent]
    return out


# -- probes -------------------------------------------------------------------------------

TIMELINE_PROBE = """
(() => {
  const T = window.__tl = {events: [], long: []};
  addEventListener('py:progress', (e) => T.events.push([String(e.detail), performance.now()]));
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) T.events.push([e.name, e.startTime]); })
      .observe({type: 'paint', buffered: true});
    new PerformanceObserver((l) => { for (const e of l.getEntries()) T.long.push([e.startTime, e.duration]); })
      .observe({type: 'longtask', buffered: true});
  } catch (e) {}
  new MutationObserver(() => {
    if (T.ready === undefined && document.body && document.body.dataset.ready === '1') {
      T.ready = performance.now(); T.events.push(['data-ready', T.ready]);
    }
    const m = document.querySelector('main.play');
    if (T.board === undefined && m) {
      T.board = performance.now(); T.events.push(['board', T.board]);
    }
    if (T.answered === undefined && m && +m.dataset.ply >= 2 && m.dataset.thinking === undefined) {
      T.answered = performance.now(); T.events.push(['bot answered', T.answered]);
      T.bot_ms = +m.dataset.botMs || null;
    }
  }).observe(document, {attributes: true, childList: true, subtree: true});
})();
"""

MODULES_SCRIPT = """() => {
  const s = document.createElement('script'); s.type = 'py';
  s.textContent = 'import sys\\nfrom pyscript import document\\n' +
                  'document.body.dataset.benchModules = " ".join(sorted(sys.modules))';
  document.body.append(s);
}"""



def _idle(page, timeout: float = 30_000) -> None:
    try:
        page.wait_for_load_state("networkidle", timeout=timeout)
    except Exception:
        pass


def _modules(page) -> list[str]:
    page.evaluate(MODULES_SCRIPT)
    page.wait_for_function("document.body.dataset.benchModules !== undefined", timeout=60_000)
    return page.evaluate("document.body.dataset.benchModules").split()


# -- visits -------------------------------------------------------------------------------

PLAYED = ("() => { const m = document.querySelector('main.play');"
          " return m && +m.dataset.ply >= 2 && m.dataset.thinking === undefined; }")


def play_first_move(page, timeout: float, level: str | None = None) -> None:
    """A new Fendo game against the bot (the form's default bot, or level), the human's first
    move by taps, and the bot's answer."""
    page.click("#new-fendo", timeout=timeout)
    page.wait_for_selector("#newgame-form", timeout=timeout)
    if level:
        page.select_option("#level1", level, timeout=timeout)
    page.click("#start", timeout=timeout)
    page.click('#board [data-act="cell"][data-cell="d1"]', timeout=timeout)
    page.click('#board [data-act="cell"][data-cell="d4"]', timeout=timeout)
    page.click('#board .wall-hit[data-side="N"]', timeout=timeout)
    page.wait_for_function(PLAYED, timeout=timeout, polling=50)


def first_visit(page, srv, timeout: float, modules: bool = False) -> dict:
    """A first visit on a new page: home to data-ready, a game against the bot, the service
    worker's cache complete, the server quiet; what the server sent meanwhile, summarized."""
    start = len(srv.sent)
    page.goto(srv.url, wait_until="commit")
    page.wait_for_selector(READY, state="attached", timeout=timeout)
    mods = _modules(page) if modules else None
    play_first_move(page, timeout, level="novice")
    if not wait_precached(page, timeout):
        raise RuntimeError("the service worker's cache never held every listed file")
    wait_quiet(page, lambda: len(srv.sent), limit_s=120)
    out = summarize(srv.sent[start:], srv.root)
    if modules:
        out["modules"] = mods
    return out


def visits(pw, timeout: float = 120_000, root: Path = ROOT) -> dict:
    """First visit (profile on disk, then incognito) and repeat visit: bytes, timeline, modules."""
    srv = counting_server(root, live_precache=None if root == ROOT else False)
    out: dict = {}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-visit-") as profile:
            ctx = launch_persistent(pw, profile, "allow")
            ctx.add_init_script(TIMELINE_PROBE)
            page = ctx.new_page()
            out["first"] = first_visit(page, srv, timeout, modules=True)
            out["modules"] = out["first"].pop("modules")
            tl = page.evaluate("window.__tl")
            out["first"]["ready_ms"] = tl["ready"]
            out["timeline"] = tl
            start = len(srv.sent)
            page.goto(srv.url, wait_until="commit")
            page.wait_for_selector(READY, state="attached", timeout=timeout)
            ready = page.evaluate("window.__tl.ready")
            wait_quiet(page, lambda: len(srv.sent), limit_s=120)
            out["repeat"] = summarize(srv.sent[start:], root)
            out["repeat"]["ready_ms"] = ready
            out["repeat"]["paths"] = sorted({s.path for s in srv.sent[start:] if s.body})
            ctx.close()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
            out["first_incognito"] = first_visit(ctx.new_page(), srv, timeout)
            ctx.close()
        finally:
            browser.close()
        with tempfile.TemporaryDirectory(prefix="bench-visit-") as profile:
            ctx = launch_persistent(pw, profile, "block")
            ctx.add_init_script(TIMELINE_PROBE)
            page = ctx.new_page()
            page.goto(srv.url + "bench/bare/", wait_until="commit")
            page.wait_for_selector(READY, state="attached", timeout=timeout)
            out["bare_timeline"] = page.evaluate("window.__tl")
            out["bare_modules"] = _modules(page)
            ctx.close()
    finally:
        srv.stop()
    return out


# -- a slow phone -------------------------------------------------------------------------

SLOW_LINK = (1.6e6, 0.150)  # Fast 3G-like: bits per second down, round trip (s)
SLOW_CPU = 4                # times slower


def slow(pw, reps: int = 2, timeout: float = 600_000, log=None, against: Path | None = None) -> dict:
    """First visits over a Fast 3G-like link with a 4x slower CPU: the app and the bare page (and
    the app of another checkout, against, built: an A/B in one run)."""
    srv = counting_server(link=SLOW_LINK, gzip=True)
    servers = {"app": srv, "bare": srv}
    if against:
        servers["against"] = serve.make_server(against, pages=True, link=SLOW_LINK, gzip=True,
                                               live_precache=False).start()
    out: dict = {"link": SLOW_LINK, "cpu": SLOW_CPU, **{k: [] for k in servers}}
    for x in set(servers.values()):  # gzipped before the first visit, so that none waits for it
        for f in site_files(x.root) + ["/bench/bare/index.html", "/bench/bare/pyscript.toml"]:
            path = x.root / f.lstrip("/")
            if path.is_file() and f.endswith(serve.GZIP_SUFFIXES):
                x.gzipped(str(path), path.stat().st_mtime)
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        for rep in range(reps):
            for name in (list(servers) if rep % 2 == 0 else list(reversed(servers))):
                srv = servers[name]
                ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
                ctx.add_init_script(TIMELINE_PROBE)
                page = ctx.new_page()
                ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOW_CPU})
                start, t0 = len(srv.sent), time.time()
                page.goto(srv.url + ("bench/bare/" if name == "bare" else ""), wait_until="commit")
                page.wait_for_selector(READY, state="attached", timeout=timeout)
                if name != "bare":
                    play_first_move(page, timeout)
                tl = page.evaluate("window.__tl")
                marks = timeline_summary(tl)["marks"]
                r = {"fcp": marks.get("first-contentful-paint"), "ready": tl.get("ready"),
                     "board": tl.get("board"), "answered": tl.get("answered"), "bot_ms": tl.get("bot_ms"),
                     "bytes": sum(x.bytes for x in srv.sent[start:]), "seconds": time.time() - t0,
                     # when register-sw.js let Pyodide fetch its runtime (the page under its service worker)
                     "gate": page.evaluate("(performance.getEntriesByName('renardiere:gate-open')[0] || {}).startTime ?? null")}
                ctx.close()
                out[name].append(r)
                if log:
                    log(f"  slow rep {rep + 1}/{reps} {name:4s}: " + ", ".join(
                        f"{k} {v / 1000:.1f} s" for k, v in r.items() if k in ("fcp", "gate", "ready", "board", "answered") and v))
    finally:
        browser.close()
        for x in set(servers.values()):
            x.stop()
    return out


def timeline_summary(tl: dict) -> dict:
    """The first time of each named event, and the longest task before data-ready."""
    first: dict = {}
    for name, t in tl["events"]:
        first.setdefault(name, t)
    ready = tl.get("ready")
    before = [d for s, d in tl["long"] if ready is None or s < ready]
    return {"marks": first, "longest_task_before_ready_ms": max(before, default=0),
            "long_tasks_before_ready_ms": sum(before)}


# -- first board --------------------------------------------------------------------------

def _seed_with_human_first(gid: str) -> int:
    import game

    for seed in range(1000):
        if game.new_game(gid, 2, seed=seed).to_move == (0,):
            return seed
    return 0


def _save_for(gid: str) -> dict:
    import game
    from ui.store import saves

    state = game.new_game(gid, 2, seed=_seed_with_human_first(gid))
    seats = [{"kind": "human", "name": "", "level": None},
             {"kind": "bot", "name": "", "level": "standard"}]
    return saves.make(f"bench{gid.replace('_', '')}", state.record(), seats, time.time())


def _board_nav(page, url: str, timeout: float) -> float:
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__tl && window.__tl.board !== undefined", timeout=timeout, polling=50)
    board = page.evaluate("window.__tl.board")
    _idle(page, 20_000)
    return board


def boards(pw, games: list[str], reps: int = 1, timeout: float = 120_000) -> dict:
    srv = serve.make_server(ROOT).start()
    out: dict = {g: {"cold": [], "warm": [], "start_tap": []} for g in games}
    try:
        for _ in range(reps):
            for gid in games:
                save = _save_for(gid)
                seed_js = (f"try {{ localStorage.setItem({json.dumps(SAVE_PREFIX + save['id'])}, "
                           f"{json.dumps(json.dumps(save))}); }} catch (e) {{}}")
                with tempfile.TemporaryDirectory(prefix="bench-board-") as profile:
                    ctx = launch_persistent(pw, profile, "block")
                    ctx.add_init_script(seed_js)
                    ctx.add_init_script(TIMELINE_PROBE)
                    page = ctx.new_page()
                    url = f"{srv.url}#play/{save['id']}"
                    out[gid]["cold"].append(_board_nav(page, url, timeout))
                    page.goto("about:blank")
                    out[gid]["warm"].append(_board_nav(page, url, timeout))
                    # the new-game form: Start -> the new board
                    page.evaluate("location.hash = '#new/' + %s" % json.dumps(gid))
                    page.wait_for_selector("#newgame-form", timeout=timeout)
                    page.evaluate("""() => { window.__startAt = null; window.__boardAt = null;
                        addEventListener('click', (e) => { window.__startAt = e.timeStamp; }, {capture: true, once: true});
                        new MutationObserver((_, o) => { if (document.querySelector('main.play')) {
                          window.__boardAt = performance.now(); o.disconnect(); } })
                          .observe(document.getElementById('app'), {childList: true, subtree: true}); }""")
                    page.click("#start")
                    page.wait_for_function("window.__boardAt !== null", timeout=timeout)
                    out[gid]["start_tap"].append(page.evaluate("window.__boardAt - window.__startAt"))
                    ctx.close()
    finally:
        srv.stop()
    return out


# -- responsiveness -----------------------------------------------------------------------

OUR_TURN = """() => { const m = document.querySelector('main.play');
  if (!m) return false;
  if (m.dataset.over === '1' || document.querySelector('#round-ok')) return true;
  if (m.dataset.thinking) return false;
  if (m.classList.contains('play-fendo')) return !!document.querySelector('.player-white.to-move');
  return !!(document.querySelector('#hand.active') || document.querySelector('#confirm') ||
            document.querySelector('#keep')); }"""

FENDO_MOVE = re.compile(r"([a-k]\d+)(?:-([a-k]\d+))?([NESW])")


def _fendo_turn(page, rng: random.Random) -> None:
    """Plays a random legal Fendo action for seat 0 by taps (the record read from the save)."""
    import game

    save_id = page.url.split("#play/")[1]
    text = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_PREFIX + save_id)})")
    state = game.replay(json.loads(text)["record"])
    legal = state.legal_actions(0)
    action = rng.choice([a for a in legal if a != "pass"] or legal)
    if action == "pass":
        page.click("#pass")
        return
    m = FENDO_MOVE.fullmatch(action)
    if m:
        src, dst, side = m.group(1), m.group(2) or m.group(1), m.group(3)
        page.click(f'#board [data-act="cell"][data-cell="{src}"]')
        page.wait_for_selector(f'#board [data-cell="{src}"].selected')
        page.click(f'#board [data-act="cell"][data-cell="{dst}"]')
        page.wait_for_selector(f'#board .wall-hit[data-side="{side}"]')
        page.click(f'#board .wall-hit[data-side="{side}"]')
    else:
        page.click("#reserve")
        page.wait_for_selector(f'#board [data-cell="{action}"].entry')
        page.click(f'#board [data-act="cell"][data-cell="{action}"]')


def _renard_turn(page, rng) -> None:
    if page.query_selector("#keep"):
        page.click("#keep")
    else:
        page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)


def _fennecs_turn(page, rng) -> None:
    if page.query_selector("#confirm"):
        page.click("#confirm")
        return
    if not page.query_selector("#hand.active .hcard.legal"):  # no card to play: collect a column
        page.click('[data-act="ftake"] >> nth=0')
        return
    page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 30}, force=True)
    page.wait_for_selector("button.fstack.lit")
    page.click("button.fstack.lit >> nth=0", position={"x": 10, "y": 10})
    page.wait_for_selector("#face-up")
    page.click("#face-down" if page.get_attribute("#face-up", "aria-disabled") else "#face-up")


TURNS = {"fendo": _fendo_turn, "renard_des_bois": _renard_turn, "fennecs": _fennecs_turn}


def respond(pw, games: list[str], moves: int = 6, level: str = "expert", timeout: float = 180_000) -> dict:
    srv = serve.make_server(ROOT).start()
    out: dict = {}
    try:
        for gid in games:
            turn = TURNS.get(gid)
            if turn is None:
                continue
            rng = random.Random(7)
            with tempfile.TemporaryDirectory(prefix="bench-respond-") as profile:
                ctx = launch_persistent(pw, profile, "block")
                ctx.set_default_timeout(30_000)  # a tap; the bot's answers have their own timeout
                ctx.add_init_script(RESPOND_PROBE)
                page = ctx.new_page()
                page.goto(srv.url)
                page.wait_for_selector(READY, state="attached", timeout=timeout)
                page.click(f"#new-{gid}")
                page.wait_for_selector("#newgame-form")
                page.select_option("#level1", level)
                t_start = page.evaluate("window.__rs.now()")
                page.click("#start")
                page.wait_for_selector("main.play")
                played, errors = 0, []
                t0 = time.time()
                while played < moves and time.time() - t0 < timeout / 1000:
                    page.wait_for_function(OUR_TURN, timeout=timeout, polling=20)
                    if page.get_attribute("main.play", "data-over") == "1":
                        break
                    if page.query_selector("#round-ok"):
                        page.click("#round-ok")
                        continue
                    ply = int(page.get_attribute("main.play", "data-ply"))
                    try:
                        turn(page, rng)
                    except Exception as e:  # a tap the UI refused: note it, try another turn
                        errors.append(f"{type(e).__name__}: {str(e)[:200]}")
                        if len(errors) > 3:
                            break
                        continue
                    page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply > p",
                                           arg=ply, timeout=timeout)
                    played += 1
                # the bot's last answer, so that its thinking interval closes
                try:
                    page.wait_for_function(OUR_TURN, timeout=timeout, polling=20)
                except Exception:
                    pass
                page.wait_for_timeout(300)
                rs = page.evaluate("window.__rs")
                ctx.close()
            out[gid] = _respond_summary(rs, t_start, played, errors)
    finally:
        srv.stop()
    return out


def _overlaps(task, intervals) -> bool:
    """Whether the task starts while the bot thinks (the tap's own task, which starts the bot,
    is before; the task that takes the bot's answer and draws it is in)."""
    s, d = task
    return any(a <= s < b for a, b in intervals)


def _respond_summary(rs: dict, t_start: float, played: int, errors: list) -> dict:
    taps = [t for t in rs["taps"] if t["t"] >= t_start]
    game_taps = [t for t in taps if t.get("dom") is not None and t["act"] != "start"]
    dom = sorted(t["dom"] - t["t"] for t in game_taps)
    frame = sorted(t["frame"] - t["t"] for t in game_taps if t.get("frame") is not None)
    moves = sorted(t["dom"] - t["t"] for t in game_taps
                   if t.get("ply_after") is not None and t.get("ply") is not None and t["ply_after"] > t["ply"])
    long = [t for t in rs["long"] if t[0] >= t_start]
    thinking = rs["thinking"]
    while_thinking = [t for t in long if _overlaps(t, thinking)]
    after_first = [t for t in long if _overlaps(t, thinking[1:])]  # the first waits for the worker's boot

    def q(v, p):
        return v[min(len(v) - 1, int(round(p * (len(v) - 1))))] if v else None

    return {
        "moves_played": played, "errors": errors, "taps": len(game_taps),
        "tap_dom_ms": {"median": q(dom, 0.5), "p95": q(dom, 0.95), "max": q(dom, 1.0)},
        "tap_frame_ms": {"median": q(frame, 0.5), "p95": q(frame, 0.95), "max": q(frame, 1.0)},
        "move_tap_dom_ms": {"median": q(moves, 0.5), "max": q(moves, 1.0), "n": len(moves)},
        "thinking_intervals": len(thinking),
        "thinking_s": sum(b - a for a, b in thinking) / 1000,
        "longest_task_while_thinking_ms": max((d for _, d in while_thinking), default=0),
        "long_tasks_while_thinking": len(while_thinking),
        "longest_task_while_thinking_after_first_ms": max((d for _, d in after_first), default=0),
        "first_thinking_s": (thinking[0][1] - thinking[0][0]) / 1000 if thinking else None,
        "longest_task_in_game_ms": max((d for _, d in long), default=0),
        "long_tasks": [[round(s), round(d), _overlaps((s, d), thinking)] for s, d in long],
    }


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("part", choices=["visits", "boards", "respond", "slow"])
    ap.add_argument("--games", default="fendo,renard_des_bois,fennecs")
    ap.add_argument("--moves", type=int, default=6)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--root", type=Path, default=ROOT, help="visits: the folder to serve")
    ap.add_argument("--against", type=Path, help="slow: another checkout's app too (built: make runtime)")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    games = a.games.split(",")
    with sync_playwright() as pw:
        if a.part == "visits":
            r = visits(pw, root=a.root.resolve())
            r["timeline_summary"] = timeline_summary(r["timeline"])
        elif a.part == "slow":
            r = slow(pw, a.reps, log=lambda m: print(m, file=sys.stderr, flush=True), against=a.against)
        elif a.part == "boards":
            r = boards(pw, games, a.reps)
        else:
            r = respond(pw, games, a.moves)
    print(json.dumps(r, indent=1, default=list))


if __name__ == "__main__":
    main(sys.argv[1:])
