#!/usr/bin/env python3
"""The bot's first answer after a page load, in Chromium and in WebKit, side by side.

    make bench-bot-start      # or: .venv/bin/python -m bench.bench_bot_start [--reps 3]
                              #     [--engines chromium,webkit] [--modes prewarm,noprewarm]

One browser session per engine (Chromium headless through Playwright; WebKit: Debian's
WebKitGTK MiniBrowser through its WebDriver, tools/engines.py), one server, the same
steps in each.  A first visit installs the service worker and fills its cache; then, for
each repetition and each mode, two fresh page loads (a repeat visit, as a person's):

  link   a saved Fendo game whose first move is a standard bot's, opened by its link
         (#play/<id>): from the navigation's start to the bot's answer on the table;
  form   the home page, HOME_S seconds on it, the Fendo new-game form, FORM_S seconds on it
         with the first seat given to a standard bot, Start: from the Start tap to the bot's
         answer on the table (and from the navigation's start).

``--engines chromium,webkit,webkit-no-omg`` adds WebKit with its top WebAssembly tier off
(JSC_useOMGJIT=0, as tools/engines.py runs it): what of WebKit's time is that tier's
compiling Pyodide's code, which no page can change.

Modes: ``prewarm``, the app as shipped (the bot's worker starts once the page is ready and
idle, ui/web/botworker.py); ``noprewarm``, the address with ``?noprewarm``, which keeps the older
start (the worker starts on leaving home): the "before" of the change, in the same run.
Each time is read in the page's own clock (performance.now(), from the navigation's start),
with the worker's boot (the marks renardiere:worker-start and renardiere:worker-ready) and
data-ready (renardiere:ready).  Prints medians per engine and the WebKit/Chromium ratios; a
benchmark, not a test: it asserts nothing.  ``--json`` prints the raw figures on one line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from tools import engines, serve

ROOT = Path(__file__).resolve().parent.parent

HOME_S = 3.0      # a person on the home page before tapping "New game"
FORM_S = 3.0      # ... and on the form before "Start"
MODES = ["prewarm", "noprewarm"]
SCENARIOS = ["link", "form"]
ENGINES = ["chromium", "webkit"]

READY = "() => !!document.body && document.body.dataset.ready === '1'"
# Installed after each load (WebDriver has no init scripts): when the bot's answer is on the
# table, in the page's clock, and when Start was tapped.
PROBE = """() => { if (window.__bs) return true;
  const B = window.__bs = {};
  const look = () => {
    const m = document.querySelector('main.play');
    if (B.answered === undefined && m && +m.dataset.ply >= 1 && m.dataset.thinking === undefined) {
      B.answered = performance.now(); B.bot_ms = m.dataset.botMs === undefined ? null : +m.dataset.botMs;
    }
  };
  B.late = !!document.querySelector('main.play[data-ply]:not([data-ply="0"])');
  look();
  new MutationObserver(look).observe(document, {attributes: true, childList: true, subtree: true});
  addEventListener('click', (e) => { if (e.target.closest && e.target.closest('#start')) B.start = e.timeStamp; }, true);
  return true; }"""
FIGURES = """() => { const at = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
  const B = window.__bs || {};
  return {ready: at('renardiere:ready'), worker_start: at('renardiere:worker-start'),
          worker_ready: at('renardiere:worker-ready'), answered: B.answered ?? null, start: B.start ?? null,
          bot_ms: B.bot_ms ?? null, late: !!B.late, worker: document.body.dataset.botWorker || null,
          on_page: +(document.body.dataset.botOnPage || 0)}; }"""
ANSWERED = "() => !!window.__bs && window.__bs.answered !== undefined"
SEED = """(key, value) => { localStorage.setItem(key, value); return true; }"""
# the form's first seat to a bot (radios and selects set as a person's choice would)
BOT_FIRST = """() => { const r = document.querySelector('input[name="kind0"][value="bot"]');
  if (!r) return false;
  r.checked = true; r.dispatchEvent(new Event('input', {bubbles: true}));
  r.dispatchEvent(new Event('change', {bubbles: true})); return true; }"""
SEATS_OK = """() => { const a = document.querySelector('input[name="kind0"][value="bot"]');
  const b = document.querySelector('input[name="kind1"][value="human"]');
  return !!a && a.checked && (!b || b.checked); }"""
HUMAN_SECOND = """() => { const r = document.querySelector('input[name="kind1"][value="human"]');
  if (!r) return true;
  r.checked = true; r.dispatchEvent(new Event('input', {bubbles: true}));
  r.dispatchEvent(new Event('change', {bubbles: true})); return true; }"""


def _session(engine: str, pw):
    if engine == "chromium":
        return engines.ChromiumSession(pw)
    base = engine.split("-")[0]
    gone = engines.missing(base)
    if gone:
        raise RuntimeError(f"{engine}: {', '.join(gone)} missing (bash tools/ensure.sh {base})")
    if base == "webkit":    # as shipped, or with the top wasm tier off as the tests run it
        return engines.webkit_session(engines.TEST_JSC if engine == "webkit-no-omg" else {})
    return engines.SESSIONS[engine]()


def bot_first_save() -> dict:
    """A new Fendo game, two seats, the first to move a standard bot's."""
    import bots
    import game
    from ui.store import saves

    for seed in range(1000):
        state = game.new_game("fendo", 2, seed=seed)
        if state.to_move == (0,):
            break
    seats = [{"kind": "bot", "name": "", "level": bots.DEFAULT_LEVEL},
             {"kind": "human", "name": "", "level": None}]
    return saves.make("benchbotstart", state.record(), seats, time.time())


def _load(ses, url: str, timeout: float) -> None:
    ses.goto("about:blank")
    ses.goto(url)
    ses.evaluate(PROBE)
    ses.wait(READY, timeout=timeout, every=0.1)


def one(ses, base: str, scenario: str, mode: str, save: dict, timeout: float = 180.0) -> dict:
    """One page load and the bot's first answer after it: the page's figures (ms)."""
    q = "?noprewarm" if mode == "noprewarm" else "?prewarm"   # the same URL shape in both modes
    if scenario == "link":
        ses.evaluate(SEED, "renardiere.save." + save["id"], json.dumps(save))
        _load(ses, f"{base}{q}#play/{save['id']}", timeout)
    else:
        _load(ses, f"{base}{q}#", timeout)
        time.sleep(HOME_S)
        ses.click("#new-fendo")
        ses.wait_for("#newgame-form")
        ses.evaluate(BOT_FIRST)
        ses.evaluate(HUMAN_SECOND)
        if not ses.evaluate(SEATS_OK):
            raise RuntimeError(f"{ses.name}: the form's seats could not be set: bot first, then a person")
        time.sleep(FORM_S)
        ses.click("#start")
    ses.wait(ANSWERED, timeout=timeout, every=0.05)
    f = ses.evaluate(FIGURES)
    f["load_to_answer"] = f["answered"]
    f["ready_to_answer"] = f["answered"] - f["ready"] if f["ready"] is not None else None
    f["start_to_answer"] = f["answered"] - f["start"] if f["start"] is not None else None
    f["worker_boot"] = (f["worker_ready"] - f["worker_start"]
                        if f["worker_ready"] is not None and f["worker_start"] is not None else None)
    # the figure a person feels: from the load (link) or from the Start tap (form)
    f["wait"] = f["load_to_answer"] if scenario == "link" else f["start_to_answer"]
    return f


def run(pw=None, engines_: list[str] = ENGINES, modes: list[str] = MODES, reps: int = 3,
        log=lambda *a: print(*a, file=sys.stderr, flush=True)) -> dict:
    if pw is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return run(p, engines_, modes, reps, log)
    save = bot_first_save()
    out: dict = {"reps": reps, "modes": modes, "home_s": HOME_S, "form_s": FORM_S, "engines": {}}
    srv = serve.make_server(ROOT).start()
    try:
        for engine in engines_:
            t0 = time.monotonic()
            try:
                ses = _session(engine, pw)
            except Exception as e:
                log(f"  {engine}: skipped: {e}")
                continue
            runs: dict = {m: {s: [] for s in SCENARIOS} for m in modes}
            try:
                # a first visit: the service worker installed and its cache full, as for a
                # person who comes back
                ses.goto(srv.url)
                ses.wait(READY, timeout=180, every=0.25)
                try:
                    ses.wait(serve.PRECACHED, timeout=180, every=0.5)
                except Exception:
                    log(f"  {engine}: the service worker's cache is not complete after 180 s")
                for rep in range(reps):
                    for mode in (modes if rep % 2 == 0 else modes[::-1]):
                        for scenario in SCENARIOS:
                            f = one(ses, srv.url, scenario, mode, save)
                            runs[mode][scenario].append(f)
                            log(f"  {engine:8s} rep {rep + 1}/{reps} {mode:9s} {scenario}: "
                                f"answer {f['wait'] / 1000:5.1f} s after the {'load' if scenario == 'link' else 'Start tap'}"
                                f" (load->answer {f['load_to_answer'] / 1000:5.1f} s; ready {_s(f['ready'])}, "
                                f"worker {_s(f['worker_start'])} -> {_s(f['worker_ready'])}, boot {_s(f['worker_boot'])}"
                                f"{', chosen on the page' if f['on_page'] else ''})")
            finally:
                ses.close()
            out["engines"][engine] = {"version": getattr(ses, "version", ""), "runs": runs,
                                      "seconds": time.monotonic() - t0}
    finally:
        srv.stop()
    summarize(out)
    return out


def _s(ms) -> str:
    return "-" if ms is None else f"{ms / 1000:.1f} s"


def _med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def summarize(out: dict) -> None:
    """Medians per engine, mode and scenario, and WebKit's over Chromium's."""
    med: dict = {}
    for engine, e in out["engines"].items():
        for mode, by in e["runs"].items():
            for scenario, rs in by.items():
                med[f"{engine}/{mode}/{scenario}"] = {
                    k: _med([r[k] for r in rs]) for k in ("wait", "load_to_answer", "ready_to_answer", "ready",
                                                      "worker_boot")}
                med[f"{engine}/{mode}/{scenario}"]["all"] = [r["wait"] for r in rs]
                med[f"{engine}/{mode}/{scenario}"]["on_page"] = sum(1 for r in rs if r["on_page"])
    out["median"] = med
    out["ratio"] = {}
    for mode in out["modes"]:
        for scenario in SCENARIOS:
            w, c = med.get(f"webkit/{mode}/{scenario}"), med.get(f"chromium/{mode}/{scenario}")
            if w and c and w["wait"] and c["wait"]:
                out["ratio"][f"{mode}/{scenario}"] = w["wait"] / c["wait"]


def table(out: dict) -> str:
    lines = [f"the bot's first answer after a load (standard bot, Fendo), median of {out['reps']}; "
             f"form: {out['home_s']:g} s on home, {out['form_s']:g} s on the form",
             f"{'':34s}" + "".join(f"{e:>24s}" for e in out["engines"]) + "   webkit/chromium"]
    for mode in out["modes"]:
        for scenario in SCENARIOS:
            what = "load -> answer (link)" if scenario == "link" else "Start tap -> answer (form)"
            cells = ""
            for engine in out["engines"]:
                m = out["median"].get(f"{engine}/{mode}/{scenario}")
                cells += f"{_s(m['wait']):>12s} ({', '.join(_s(x) for x in m['all'])})".rjust(24) if m else " " * 24
            r = out["ratio"].get(f"{mode}/{scenario}")
            lines.append(f"{mode + ': ' + what:34s}{cells}   {'' if r is None else f'{r:.2f}x'}")
        for engine in out["engines"]:
            m = out["median"].get(f"{engine}/{mode}/link")
            if m:
                lines.append(f"  {mode}, {engine} (link): data-ready {_s(m['ready'])}, then the answer "
                             f"{_s(m['ready_to_answer'])}; the worker's boot {_s(m['worker_boot'])}; "
                             f"answers chosen on the page {m['on_page']} of {len(m['all'])}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = run(None, a.engines.split(","), a.modes.split(","), a.reps)
    if a.json:
        print(json.dumps(out, default=list))
    print(table(out))


if __name__ == "__main__":
    main()
