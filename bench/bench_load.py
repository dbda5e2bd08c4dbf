#!/usr/bin/env python3
"""How long the app takes to load, against the floor: a bare PyScript page on the same runtime.

    make bench-load                      # or: .venv/bin/python -m bench.bench_load [--reps 5]

In one run, in headless Chromium (Debian's, as the tests use it), for the home page and
for bench/bare/ (which runs one line of Python):
  cold  a new browser profile (empty cache, service workers blocked), first navigation;
  warm  the same profile, a second navigation (HTTP cache warm, on disk as in a real browser),
        once the first visit made its interpreter's memory snapshot (ui/web/boot.py, make_snapshot),
        which this start restores, as a returning visitor's does;
  sw    (--sw, the app only) in a new profile with service workers allowed: the first visit
        ("sw cold": the service worker's gate included, and its bytes until the service
        worker's cache is complete), then a visit served by that cache ("sw").
  reload (the app, then the bare page's warm load in the same repetition, at 1x and 4x CPU:
        Chromium's throttling) a first visit with service workers allowed, then a reload 0, 1
        and 3 s after its first ready, while its background work (the precache, the bot's
        worker, the snapshot being made) goes on; --reload-reps 0 leaves them out.
Each time is from the navigation's start to body[data-ready="1"], read in the page
(performance.now()). The pages alternate, repetition after repetition, and the table gives
medians; "MB" is what the server sent (its own count, bodies and headers, 304s included: the
page's requests, its bot worker's and any service worker's), the server sending GitHub Pages'
caching headers (tools/serve.py --pages). A benchmark, not a test: it asserts nothing.

Each ratio comes with a 90% interval: the repetitions resampled (a bootstrap, each repetition's
pages kept together, as they loaded side by side), so that "within 1.10x" is read against the
noise of this shared machine rather than from one median.  ``--cold-only`` times first visits
alone (no warm load, no snapshot to wait for): about 3 s a load rather than 30, for the 30 or
more repetitions that such an interval needs to be narrow.

``--against DIR`` adds a third page, another checkout's (or built site's) home page, served
from DIR: an A/B of two versions in one run, each against the same bare page.  On this shared
2-core machine one repetition's ratio can move by 50%; take 6 repetitions or more.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools import build, serve
from tools.browsers import CHROMIUM_FULL
from tools.browsers import CHROMIUM_SHIPPED as CHROMIUM_ARGS
from tools.serve import wait_precached

ROOT = Path(__file__).resolve().parent.parent
# Records when the page says it is ready, in the page's own clock.
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === "1")
      window.__readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true,
                                                attributeFilter: ["data-ready"]});
  addEventListener("py:ready", () => performance.mark("pyscript:ready"), true);
})();
"""
# Where a start went, in the page's clock (ms): PyScript's interpreter ready (py:ready), the
# app's ui/main.py begun and its imports done (its performance marks), the page ready.
PHASES = """() => { const at = (n) => (performance.getEntriesByName(n)[0] || {}).startTime ?? null;
    return {py_ready: at("pyscript:ready"), python: at("renardiere:python"),
            imported: at("renardiere:imported"), ready: window.__readyAt}; }"""
PAGES = {"app": "", "bare": "bench/bare/"}
# The page's first contentful paint (ms), or null.
FCP = "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"


class Meter:
    """What a server sent since the last take(): (bytes, requests), as it counted them."""

    def __init__(self, server):
        self.server, self.start = server, len(server.sent)

    def take(self) -> tuple[int, int]:
        done = self.server.sent[self.start:]
        self.start += len(done)
        return sum(s.bytes for s in done), len(done)




def until_ready(page, url: str, timeout: float) -> float:
    """Navigates, waits for data-ready; returns the page's time to ready, in ms."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout, polling=50)
    return page.evaluate("window.__readyAt")


def load(page, url: str, timeout: float) -> float:
    """until_ready, then the page's work after ready left to finish."""
    ready = until_ready(page, url, timeout)
    # Let the rest (the bot worker booting, say) finish, so it neither counts nor overlaps the next.
    try:
        page.wait_for_load_state("networkidle", timeout=20_000)
    except Exception:
        pass
    return ready


# The interpreter's memory snapshot (tools/build.py, SNAPSHOT_WRAPPER): what the page's start
# did with it ("restored", "none", ...), or null on a page without it (the bare page).
SNAPSHOT_STATE = "(window.renardiereSnapshot || {}).state ?? null"


def wait_snapshot(page, timeout_s: float = 60) -> str | None:
    """A returning visitor's start: once the first visit is up, the app makes its interpreter's
    snapshot in a worker (ui/web/boot.py, make_snapshot); the warm load comes after it, as a
    visitor's next visit would.  Returns the state it ended in (None: a page without it)."""
    end = time.monotonic() + timeout_s
    while True:
        state = page.evaluate(SNAPSHOT_STATE)
        if state in (None, "off", "made", "unmade", "failed", "restored") or time.monotonic() > end:
            return state
        page.wait_for_timeout(100)


def ratio_interval(pairs: list[tuple[float, float]], level: float = 0.9, draws: int = 4000,
                   seed: int = 0) -> tuple[float, float, float]:
    """(ratio, low, high): median(a) / median(b) over the repetitions' (a, b), and the central
    `level` of that ratio over `draws` resamples of the repetitions (a bootstrap), with a fixed
    seed so that the same figures give the same interval.

    >>> ratio_interval([(110, 100)] * 5)
    (1.1, 1.1, 1.1)
    >>> r, lo, hi = ratio_interval([(105, 100), (118, 101), (99, 97), (121, 110), (108, 99)])
    >>> round(r, 3), lo <= r <= hi, lo < hi
    (1.08, True, True)
    """
    ratio = lambda ps: statistics.median(a for a, _ in ps) / statistics.median(b for _, b in ps)
    rng = random.Random(seed)
    ratios = sorted(ratio(rng.choices(pairs, k=len(pairs))) for _ in range(draws))
    cut = int(draws * (1 - level) / 2)
    return ratio(pairs), ratios[cut], ratios[draws - 1 - cut]


@contextlib.contextmanager
def new_profile(pw, chromium: str, service_workers: str = "block"):
    """A page in a browser of its own, on a new profile, closed at the end.  A real profile (a
    user-data dir) rather than an incognito context: its HTTP cache is on disk and keeps
    pyodide.asm.wasm (9.6 MB), as a visitor's browser does."""
    with tempfile.TemporaryDirectory(prefix="bench-load-") as profile:
        ctx = pw.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, headless=True,
            service_workers=service_workers)
        try:
            ctx.add_init_script(READY_PROBE)
            yield ctx.new_page()
        finally:
            ctx.close()


def run_cold(pw, chromium: str, url: str, timeout: float) -> dict:
    """One first visit, closed once the page is ready (so its bytes, which go on after ready,
    are not counted)."""
    with new_profile(pw, chromium) as page:
        return {"cold": until_ready(page, url, timeout), "cold_fcp": page.evaluate(FCP),
                "cold_phases": page.evaluate(PHASES)}


def run_one(pw, chromium: str, url: str, timeout: float, sw: bool, server) -> dict:
    """One cold and one warm load in a new profile, and the service worker's (if sw) in another."""
    out = {}
    with new_profile(pw, chromium) as page:
        meter = Meter(server)
        out["cold"] = load(page, url, timeout)
        out["cold_fcp"] = page.evaluate(FCP)
        out["cold_phases"] = page.evaluate(PHASES)
        out["cold_bytes"], out["cold_requests"] = meter.take()
        out["snapshot_made"] = wait_snapshot(page)
        out["warm"] = load(page, url, timeout)
        out["warm_snapshot"] = page.evaluate(SNAPSHOT_STATE)
        out["warm_fcp"] = page.evaluate(FCP)
        out["warm_phases"] = page.evaluate(PHASES)
        out["warm_bytes"], out["warm_requests"] = meter.take()
    if sw:
        with new_profile(pw, chromium, service_workers="allow") as page:
            meter = Meter(server)
            out["sw_cold"] = load(page, url, timeout)
            if not wait_precached(page):
                raise RuntimeError("the service worker's cache never held every listed file")
            wait_snapshot(page)
            page.wait_for_timeout(500)
            out["sw_cold_bytes"], out["sw_cold_requests"] = meter.take()
            out["sw"] = load(page, url, timeout)
            out["sw_snapshot"] = page.evaluate(SNAPSHOT_STATE)
            out["sw_bytes"], out["sw_requests"] = meter.take()
    return out


# Quick reloads (issue 55): a person who reloads, or taps a link to the site, while the first
# visit's background work (the precache, the bot's worker, the snapshot being made) goes on.
RELOAD_AFTER_S = (0, 1, 3)
RELOAD_CPU = (1, 4)


def throttled(page, rate: float) -> None:
    """The page's CPU `rate` times slower (Chromium's throttling), for every load in this tab."""
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def run_reload(pw, chromium: str, url: str, timeout: float, rate: float, after_s: float) -> dict:
    """The app's first visit (service workers allowed, its gate included), then a reload
    `after_s` seconds after its first ready, CPU `rate` times slower."""
    with new_profile(pw, chromium, service_workers="allow") as page:
        throttled(page, rate)
        first = until_ready(page, url, timeout)
        page.wait_for_timeout(after_s * 1000)
        return {"first": first, "reload": until_ready(page, url, timeout)}


def run_bare(pw, chromium: str, url: str, timeout: float, rate: float) -> dict:
    """The bare page's cold and warm loads, CPU `rate` times slower."""
    with new_profile(pw, chromium) as page:
        throttled(page, rate)
        return {"cold": load(page, url, timeout), "warm": load(page, url, timeout)}


def once_more(what: str, run, *args):
    """``run(*args)``, and once more if its renderer crashed or its navigation was aborted
    (rarely, here; both seen in the quick reloads)."""
    try:
        return run(*args)
    except Exception as e:
        if "crashed" not in str(e) and "ERR_ABORTED" not in str(e):
            raise
        print(f"  {what}: the page crashed ({e}); once more", flush=True)
        return run(*args)


def quick_reloads(pw, chromium: str, servers: dict, reps: int, timeout: float,
                  rates: tuple = RELOAD_CPU) -> dict:
    """{rate: [{"bare": {...}, "bare_reload": {after_s: {...}}, after_s: {...}}, ...]}: side by
    side, repetition by repetition (with an "against" server, its page's in r["against"][after_s]
    too).  The bare page is reloaded the same way: a reload right after a first visit is slower
    for it too (the browser has not yet cached the wasm's compiled code), the floor of the app's."""
    out: dict = {}
    apps = [n for n in ("app", "against") if n in servers]
    for rate in rates:
        out[rate] = []
        for rep in range(reps):
            r = {"bare": once_more(f"reload rep {rep + 1} bare", run_bare, pw, chromium,
                                   servers["bare"].url + PAGES["bare"], timeout, rate)}
            for after in RELOAD_AFTER_S:
                r.setdefault("bare_reload", {})[after] = once_more(
                    f"reload rep {rep + 1} bare", run_reload, pw, chromium, servers["bare"].url + PAGES["bare"],
                    timeout, rate, after)
                for name in apps if rep % 2 == 0 else reversed(apps):
                    run = once_more(f"reload rep {rep + 1} {name}", run_reload, pw, chromium,
                                    servers[name].url + PAGES["app"], timeout, rate, after)
                    (r if name == "app" else r.setdefault("against", {}))[after] = run
            out[rate].append(r)
            print(f"  reload rep {rep + 1}/{reps} CPU {rate}x: bare cold {r['bare']['cold']:6.0f} warm "
                  f"{r['bare']['warm']:6.0f} ms; app first {r[0]['first']:6.0f}, reload "
                  + ", ".join(f"{a} s after: {r[a]['reload']:6.0f}" for a in RELOAD_AFTER_S) + " ms"
                  + "; bare's own: " + ", ".join(f"{r['bare_reload'][a]['reload']:6.0f}" for a in RELOAD_AFTER_S)
                  + ("; --against: " + ", ".join(f"{r['against'][a]['reload']:6.0f}" for a in RELOAD_AFTER_S)
                     if "against" in r else ""), flush=True)
    return out


def reload_figures(runs: dict, page: str | None = None) -> dict:
    """{rate: {"first": (ratio, low, high) against the bare page's cold, after_s: (ratio, low,
    high, median ms, the bare page's warm median ms), "same": {after_s: (ratio, low, high,
    median ms, the bare page's own reload's median ms)}}}, from quick_reloads' runs (page
    "against": the --against page's)."""
    out = {}
    for rate, reps in runs.items():
        reps = [{**r[page], "bare": r["bare"], "bare_reload": r["bare_reload"]} for r in reps] if page else reps
        pairs = lambda f, g, reps=reps: [(f(r), g(r)) for r in reps]
        bare = statistics.median(r["bare"]["warm"] for r in reps)
        out[rate] = {"first": ratio_interval(pairs(lambda r: r[RELOAD_AFTER_S[0]]["first"], lambda r: r["bare"]["cold"]))}
        for after in RELOAD_AFTER_S:
            out[rate][after] = ratio_interval(pairs(lambda r, after=after: r[after]["reload"], lambda r: r["bare"]["warm"])) + (
                statistics.median(r[after]["reload"] for r in reps), bare)
        out[rate]["same"] = {after: ratio_interval(pairs(lambda r, after=after: r[after]["reload"],
                                                         lambda r, after=after: r["bare_reload"][after]["reload"]))
                             + (statistics.median(r[after]["reload"] for r in reps),
                                statistics.median(r["bare_reload"][after]["reload"] for r in reps))
                             for after in RELOAD_AFTER_S}
    return out


def print_reloads(runs: dict) -> None:
    print("Quick reloads, service workers allowed: the app's first visit, then a reload N s after its "
          "first ready, against the bare page's cold and warm loads in the same repetition "
          "(90% intervals, ratio_interval):")
    pages = ["app"] + (["against"] if "against" in next(iter(runs.values()))[0] else [])
    for page in pages:
        for rate, f in reload_figures(runs, None if page == "app" else page).items():
            print(f"  {page}, CPU {rate:g}x, first visit / bare cold: {f['first'][0]:.2f}x "
                  f"({f['first'][1]:.2f}-{f['first'][2]:.2f}), {len(runs[rate])} repetitions")
            for after in RELOAD_AFTER_S:
                r, lo, hi, ms, bare = f[after]
                print(f"  {page}, CPU {rate:g}x, reload {after} s after ready / bare warm: {r:.2f}x "
                      f"({lo:.2f}-{hi:.2f}), {ms:.0f} ms against {bare:.0f}")
                r, lo, hi, ms, bare = f["same"][after]
                print(f"  {page}, CPU {rate:g}x, reload {after} s after ready / bare's own reload then: {r:.2f}x "
                      f"({lo:.2f}-{hi:.2f}), {ms:.0f} ms against {bare:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5, help="repetitions of each page (default 5)")
    ap.add_argument("--root", default=str(ROOT), help="the folder to serve (e.g. build/site)")
    ap.add_argument("--sw", action="store_true", help="also time the app served by its service worker")
    ap.add_argument("--cold-only", action="store_true",
                    help="first visits only (no warm load, no bytes to the end of the page's work)")
    ap.add_argument("--chromium", default=CHROMIUM_FULL)
    ap.add_argument("--timeout", type=float, default=90_000, help="ms to wait for data-ready")
    ap.add_argument("--reload-reps", type=int, default=5,
                    help="repetitions of the quick reloads, at each CPU slowdown (default 5; 0: none)")
    ap.add_argument("--reload-cpu", default=",".join(map(str, RELOAD_CPU)),
                    help="the CPU slowdowns of the quick reloads (default 1,4)")
    ap.add_argument("--json", help="also write the raw figures to this file")
    ap.add_argument("--against", metavar="DIR",
                    help="also time another checkout's (or site's) home page, for an A/B of two versions: "
                         "e.g. `git worktree add /tmp/old HEAD~1 && make -C /tmp/old runtime`")
    a = ap.parse_args()

    from playwright.sync_api import sync_playwright

    root = Path(a.root).resolve()
    pages = {"app": PAGES["app"]}
    if (root / PAGES["bare"] / "index.html").exists():
        pages["bare"] = PAGES["bare"]
    else:  # a built site has no bench/: serve the bare page from the repository
        print(f"(no bench/bare/ in {root}: the bare page is served from {ROOT})")
    if not (root / "index.html").exists():
        sys.exit(f"bench_load: no {root}/index.html")
    if (root / "package.json").exists():
        # The repository: its app.zip, stylesheet and precache list made once, here, then served
        # as a static host serves them.  The dev server's live precache checks the sources at
        # each request for them, about 5 ms of this machine's two cores inside the app's load.
        build.build_app_zip(root, quiet=True)
        build.write_stylesheet(root, quiet=True)
        build.write_precache(root, quiet=True)
    servers = {"app": serve.make_server(root, live_precache=False, pages=True).start()}
    servers["bare"] = servers["app"] if "bare" in pages else serve.make_server(
        ROOT, live_precache=False, pages=True).start()
    pages["bare"] = PAGES["bare"]
    if a.against:
        other = Path(a.against).resolve()
        if not (other / "index.html").exists():
            sys.exit(f"bench_load: no {other}/index.html")
        # As built there: this checkout's dev server would remake that checkout's app.zip with
        # this checkout's build code on each request, so it times another app than its own.
        servers["against"] = serve.make_server(other, live_precache=False, pages=True).start()
        pages["against"] = PAGES["app"]

    results: dict[str, list[dict]] = {k: [] for k in pages}
    t0 = time.time()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=a.chromium, args=CHROMIUM_ARGS)
        version = browser.version
        browser.close()
        for rep in range(a.reps):
            order = list(pages) if rep % 2 == 0 else list(reversed(pages))
            for name in order:
                url = servers[name].url + pages[name]
                what = f"rep {rep + 1} {name}"
                if a.cold_only:
                    r = once_more(what, run_cold, p, a.chromium, url, a.timeout)
                else:
                    r = once_more(what, run_one, p, a.chromium, url, a.timeout, a.sw and name != "bare",
                                  servers[name])
                results[name].append(r)
                extra = f"  sw cold {r['sw_cold']:6.0f} sw {r['sw']:6.0f}" if "sw" in r else ""
                warm = "" if a.cold_only else f"  warm {r['warm']:6.0f} ms"
                print(f"  rep {rep + 1}/{a.reps} {name:4}: cold {r['cold']:6.0f} ms{warm}{extra}",
                      flush=True)
        reloads = quick_reloads(p, a.chromium, servers, a.reload_reps, a.timeout,
                                tuple(float(x) for x in a.reload_cpu.split(","))) if a.reload_reps else {}
    for s in set(servers.values()):
        s.stop()

    def med(name, key):
        vals = [r[key] for r in results[name] if r.get(key) is not None]
        return statistics.median(vals) if vals else None

    def num(v, spec):
        return "-" if v is None else format(v, spec)

    kinds = ("cold",) if a.cold_only else ("cold", "warm")
    print()
    print(f"Time to body[data-ready=\"1\"], Chromium {version}, median of {a.reps} "
          f"(total run {time.time() - t0:.0f} s)")
    print(f"{'page':<16}{'cold ms':>10}{'warm ms':>10}{'cold MB':>10}{'warm MB':>10}{'requests':>10}"
          f"{'cold FCP':>10}")
    labels = {"app": "app (index)", "bare": "bare PyScript", "against": "--against"}
    for name in pages:
        mb = {k: med(name, k) and med(name, k) / 1e6 for k in ("cold_bytes", "warm_bytes")}
        print(f"{labels[name]:<16}{num(med(name, 'cold'), '.0f'):>10}{num(med(name, 'warm'), '.0f'):>10}"
              f"{num(mb['cold_bytes'], '.2f'):>10}{num(mb['warm_bytes'], '.2f'):>10}"
              f"{num(med(name, 'cold_requests'), '.0f'):>10}{num(med(name, 'cold_fcp'), '.0f'):>10}")
    for name in [n for n in pages if n != "bare"]:
        cells = "".join(f"{med(name, k) / med('bare', k):>9.2f}x" if med(name, k) else f"{'-':>10}"
                        for k in ("cold", "warm", "cold_bytes"))
        print(f"{labels[name].split(' ')[0] + ' / bare':<16}{cells}")

    def against_bare(name, key, bare_key=None):
        """(ratio, low, high): `name`'s `key` against the bare page's `bare_key` (the same key by
        default), repetition by repetition."""
        return ratio_interval([(r[key], b[bare_key or key]) for r, b in zip(results[name], results["bare"])])

    print("Each ratio's 90% interval, the repetitions resampled (ratio_interval):")
    for name in [n for n in pages if n != "bare"]:
        for kind in kinds:
            r, lo, hi = against_bare(name, kind)
            print(f"  {labels[name].split(' ')[0]} / bare, {kind}: {r:.2f}x ({lo:.2f}-{hi:.2f}), "
                  f"{a.reps} repetitions")
    if a.against:
        print(f"--against = {a.against}")
    for name in [n for n in pages if n != "bare" and a.sw]:
        label = labels[name].split(" ")[0]
        print(f"{label}, first visit with its service worker: {med(name, 'sw_cold'):.0f} ms "
              "({:.2f}x ({:.2f}-{:.2f}) the bare page's cold), ".format(*against_bare(name, "sw_cold", "cold")) +
              f"{med(name, 'sw_cold_bytes') / 1e6:.2f} MB once its cache is complete")
        print(f"{label}, served by its service worker: {med(name, 'sw'):.0f} ms "
              "({:.2f}x ({:.2f}-{:.2f}) the bare page's warm), ".format(*against_bare(name, "sw", "warm")) +
              f"{med(name, 'sw_bytes') / 1e6:.2f} MB from the network")
    for kind in kinds:
        print(f"Where the {kind} start goes (ms, medians): to PyScript's py:ready | on to the page ready "
              "(the app: to ui/main.py, its imports, the home drawn)")
        for name in pages:
            ph = [r[f"{kind}_phases"] for r in results[name]
                  if r.get(f"{kind}_phases", {}).get("py_ready") is not None]
            if not ph:
                continue
            m = lambda f, ph=ph: statistics.median(f(p) for p in ph)
            line = f"  {labels[name]:<16}{m(lambda p: p['py_ready']):>6.0f} | {m(lambda p: p['ready'] - p['py_ready']):>5.0f}"
            if all(p.get("imported") is not None for p in ph):
                line += (f"  = {m(lambda p: p['python'] - p['py_ready']):.0f} + {m(lambda p: p['imported'] - p['python']):.0f}"
                         f" + {m(lambda p: p['ready'] - p['imported']):.0f}")
            print(line)
    if reloads:
        print_reloads(reloads)
    if a.json:
        Path(a.json).write_text(json.dumps({"chromium": version, "reps": a.reps, "results": results,
                                            "reloads": reloads}, indent=1))


if __name__ == "__main__":
    main()
