#!/usr/bin/env python3
"""`make bench`: load, engine, bots, responsiveness and strength, in one run, one table.

    make bench                          # about 15 minutes here
    make bench BENCH_ARGS=--quick       # fewer repetitions, about half that
    make bench BENCH_ARGS="--games 100 --only strength"   # the full win-rate figures
    .venv/bin/python -m bench.bench_all --only load,engine --reps 5

Measures, in this order (one after the other: the machine's cores are shared):

  load      cold and warm time to data-ready, the app's home page against the bare PyScript
            page (bench/bench_load.py, alternating, median of --reps), with service workers
            blocked, then with the app's (a first visit, its gate included; a visit served by its
            cache); the home page's first-visit bytes against the site's, with and without it;
            first contentful paint; at 1x and 4x CPU, a first visit with the service worker and
            a reload 0, 1 and 3 s after its ready, against the bare page's cold and warm loads,
            with 90% intervals (bench_load.py's quick reloads)
  visits    bytes the host sends on a first visit with a game against the bot (page, bot worker,
            service worker's install), counted by the server with GitHub Pages' headers, raw and
            gzipped, against the site's own size, in a new profile and in an incognito context;
            a repeat visit through the service worker; the start-up timeline; modules loaded
            (bench/bench_page.py visits)
  slow      a first visit on a slow phone (a Fast 3G-like link shaped by the server, which gzips
            as GitHub Pages does; CPU 4x slower): home painted, data-ready, a game's board, the bot's first answer, beside
            the bare PyScript page's data-ready (bench/bench_page.py slow, median of --slow-reps)
  boards    time to the first board of each game, from a saved game (cold, warm) and from the
            new-game form's Start button (bench/bench_page.py boards)
  engine    random playouts per second on CPython, then in Pyodide under Node on the same seeds
            and counts; clone, apply and legal_actions per second (bench/bench_engine.py); each
            figure the best of 3 rounds (2 with --quick), the least disturbed by other work
  startup   the app's own Python at start (imports, first render) on CPython and in Pyodide
            (bench/bench_startup.py)
  bots      time per decision (median, p95) and simulated actions per second, every game and
            strength, in Pyodide under Node (bench/bench_decisions.py)
  respond   in Chromium, a human against the expert bot: tap to update, long tasks while the bot
            thinks (bench/bench_page.py respond)
  botstart  the bot's first answer after a page load, in Chromium and in WebKit side by side (a
            game opened by its link, a bot to move; a game started from the new-game form), the
            app as shipped and with ?noprewarm, its older start, in the same run
            (bench/bench_bot_start.py; WebKit skipped where it is not installed)
  devices   a whole game across two pages over WebRTC, in a network namespace: a guest's tap to its
            table redrawn with the host's answer (median, p95), the pairing codes' sizes
            (bench/bench_devices.py)
  tap       in Chromium, a tap to the next frame at move 5 and after 300 actions, Fowl Play and
            Onexeno, this app against an older commit's, side by side; then the same taps through
            the app's Python alone in Pyodide under Node (bench/bench_tap.py)
  strength  the strongest level against random and against novice, seeded games on CPython
            (bench/bench_bots.py match), two processes at once

Prints one table with the goals of issue 5 next to each figure (met / NOT MET), and writes
build/bench/bench.json (everything measured, raw) and build/bench/bench.md (the table); a run of
every section puts the table in docs/PERFORMANCE.md too, between its markers (``with_figures``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tools.browsers import CHROMIUM_FULL

ROOT = Path(__file__).resolve().parent.parent

SECTIONS = ["load", "visits", "slow", "boards", "engine", "startup", "bots", "respond", "botstart", "tap", "devices",
            "strength"]
NODE_RUN = ["node", "tools/pyodide_run.mjs", "."]

# The goals of issue 5.
RATIO_LOAD = 1.10          # the home page's start, cold and warm, against a bare PyScript page
FIRST_VISIT_MB = 5.0
FIRST_VISIT_RATIO = 1.10  # issue 20: bytes the host sends on a first visit / the site's own
FIRST_PAINT_MS = 300
PYODIDE_RATIO = 2.0
PLAYOUTS_PER_S = 2000
DEFAULT_MEDIAN_S = 0.3      # issue 19: the default level's median per decision, Pyodide
STRONGEST_MEDIAN_S = 1.0    # the expert's median ...
STRONGEST_P95_S = 3.0       # ... and its 95th percentile
LONG_TASK_MS = 100
TAP_MS = 100
TAP_LONG_RATIO = 1.2        # a tap after 300 actions / at move 5


def log(*a) -> None:
    print(*a, file=sys.stderr, flush=True)


def loadavg() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


# -- sections -----------------------------------------------------------------------------

def sec_load(pw, a) -> dict:
    from bench import bench_load
    from tools import serve

    srv = serve.make_server(ROOT, pages=True).start()
    runs: dict = {"app": [], "bare": []}
    try:
        for rep in range(a.reps):
            for name in (["app", "bare"] if rep % 2 == 0 else ["bare", "app"]):
                url = srv.url + bench_load.PAGES[name]
                r = bench_load.run_one(pw, a.chromium, url, 120_000, name == "app", srv)
                runs[name].append(r)
                log(f"  load rep {rep + 1}/{a.reps} {name:4s}: cold {r['cold']:6.0f} ms, warm {r['warm']:6.0f} ms, "
                    f"fcp {r.get('cold_fcp') or 0:5.0f} ms")
        # a first visit with its service worker, then a quick reload, CPU 1x and 4x (issue 55)
        reloads = bench_load.quick_reloads(pw, a.chromium, {"app": srv, "bare": srv}, a.reps, 120_000)
    finally:
        srv.stop()

    def med(name, k):
        vals = [r[k] for r in runs[name] if r.get(k) is not None]
        return statistics.median(vals) if vals else None

    def spread(name, k):
        vals = [r[k] for r in runs[name] if r.get(k) is not None]
        return [min(vals), max(vals)] if vals else None

    out = {"runs": runs, "reps": a.reps, "reloads": bench_load.reload_figures(reloads)}
    for name in ("app", "bare"):
        for k in ("cold", "warm", "cold_fcp", "warm_fcp", "cold_bytes", "warm_bytes",
                  "sw_cold", "sw", "sw_cold_bytes"):
            out[f"{name}_{k}"] = med(name, k)
        out[f"{name}_cold_range"] = spread(name, "cold")
        out[f"{name}_warm_range"] = spread(name, "warm")
    out["ratio_cold"] = out["app_cold"] / out["bare_cold"]
    out["ratio_warm"] = out["app_warm"] / out["bare_warm"]
    # with its service worker: a first visit (its gate included) and a visit served by its cache
    out["ratio_sw_cold"] = out["app_sw_cold"] / out["bare_cold"]
    out["ratio_sw_warm"] = out["app_sw"] / out["bare_warm"]
    # a first visit's bytes (the home page, with no service worker / with one until its cache is
    # complete) against the site's own
    from bench import bench_page
    out["site_bytes"] = bench_page.site_size(ROOT)["bytes"]
    out["bytes_ratio"] = out["app_cold_bytes"] / out["site_bytes"]
    out["bytes_ratio_sw"] = out["app_sw_cold_bytes"] / out["site_bytes"]
    # the same ratio rep by rep (each pair measured back to back): how noisy it is
    out["ratio_cold_by_rep"] = [x["cold"] / y["cold"] for x, y in zip(runs["app"], runs["bare"])]
    out["ratio_warm_by_rep"] = [x["warm"] / y["warm"] for x, y in zip(runs["app"], runs["bare"])]
    return out


def sec_visits(pw, a) -> dict:
    from bench import bench_page

    r = bench_page.visits(pw)
    r["timeline_summary"] = bench_page.timeline_summary(r["timeline"])
    r["bare_timeline_summary"] = bench_page.timeline_summary(r["bare_timeline"])
    app, bare = set(r["modules"]), set(r["bare_modules"])
    r["modules_added_by_app"] = sorted(app - bare)
    r["stdlib_added_by_app"] = sorted(m for m in app - bare if m.split(".")[0] not in ("game", "bots", "ui"))
    for k in ("first", "first_incognito"):
        f = r[k]
        log(f"  {k.replace('_', ' ')}: {f['bytes'] / 1e6:.2f} MB sent = {f['ratio']:.3f}x the site "
            f"({f['site']['bytes'] / 1e6:.2f} MB); {f['gzip_bytes'] / 1e6:.2f} MB gzipped = {f['gzip_ratio']:.3f}x; "
            f"sent whole more than once: {f['sent_twice'] or 'none'}")
    log(f"  repeat {r['repeat']['bytes'] / 1e3:.1f} kB")
    return r


def sec_slow(pw, a) -> dict:
    from bench import bench_page

    r = bench_page.slow(pw, reps=a.slow_reps, log=log)

    def med(name, k):
        vals = [x[k] for x in r[name] if x.get(k) is not None]
        return statistics.median(vals) if vals else None

    for name in ("app", "bare"):
        for k in ("fcp", "gate", "ready", "board", "answered", "bot_ms", "bytes"):
            r[f"{name}_{k}"] = med(name, k)
    return r


def sec_boards(pw, a) -> dict:
    from bench import bench_page

    r = bench_page.boards(pw, a.game_list, reps=a.board_reps)
    for gid, v in r.items():
        log(f"  board {gid}: cold {statistics.median(v['cold']):.0f} ms, warm {statistics.median(v['warm']):.0f} ms, "
            f"Start -> board {statistics.median(v['start_tap']):.0f} ms")
    return r


def _node(script: str, args: list[str], timeout: float = 3600) -> tuple[dict, str]:
    p = subprocess.run(NODE_RUN + [script] + args, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError(f"{script} in Pyodide failed:\n{p.stderr[-3000:]}")
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    return json.loads(lines[-1]), p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""


def sec_engine(pw, a) -> dict:
    from bench import bench_engine

    log("  CPython:")
    cp = bench_engine.run(a.games_only, a.engine_target, None, True, lambda *x: log(*x), a.rounds)
    counts = ",".join(f"{k}={v['playouts']}" for k, v in cp["games"].items())
    log(f"  Pyodide under Node (same seeds, counts {counts}):")
    py, note = _node("bench/bench_engine.py", ["--json", "--rounds", str(a.rounds), "--counts", counts]
                     + (a.games_only or []))
    log(f"  {note}")
    out = {"cpython": cp, "pyodide": py, "pyodide_note": note, "games": {},
           "floor_ratio": cp["floor"]["plies_per_s"] / py["floor"]["plies_per_s"]}
    log(f"  the playout loop alone, no game: Pyodide slower by {out['floor_ratio']:.2f}x")
    for k, c in cp["games"].items():
        p = py["games"][k]
        out["games"][k] = {
            "cpython_per_s": c["per_s"], "pyodide_per_s": p["per_s"], "ratio": c["per_s"] / p["per_s"],
            "same_games": c["check"] == p["check"],
            **{f"{op}_{side}": r[f"{op}_per_s"] for op in ("clone", "apply", "legal")
               for side, r in (("cpython", c), ("pyodide", p))},
        }
        log(f"  {k:20s} CPython {c['per_s']:8.1f}/s  Pyodide {p['per_s']:8.1f}/s  ratio {c['per_s'] / p['per_s']:.2f}"
            f"  same games: {c['check'] == p['check']}")
    return out


def sec_startup(pw, a) -> dict:
    p = subprocess.run([sys.executable, "-m", "bench.bench_startup", "--json"], cwd=ROOT,
                       capture_output=True, text=True, check=True)
    cp = json.loads(p.stdout.splitlines()[-1])
    py, note = _node("bench/bench_startup.py", ["--json", str(ROOT)])
    bc, note = _node("bench/bench_startup.py", ["--json", "--bytecode", str(ROOT)])
    log(f"  app start: CPython {cp['total_ms']:.0f} ms, Pyodide {py['total_ms']:.0f} ms "
        f"(compiling the sources alone: {py['compile_ms']:.0f} ms), Pyodide with the shipped "
        f"bytecode {bc['total_ms']:.0f} ms")
    return {"cpython": cp, "pyodide": py, "pyodide_bytecode": bc}


def sec_bots(pw, a) -> dict:
    args = ["--json", "--decisions", str(a.decisions), "--count", str(a.count)] + (a.games_only or [])
    py, note = _node("bench/bench_decisions.py", args)
    for k, res in py["games"].items():
        for level, r in res.items():
            if isinstance(r, dict):
                log(f"  {k:20s} {level:9s} median {r['median_s'] * 1000:7.0f} ms  p95 {r['p95_s'] * 1000:7.0f} ms"
                    f"  {r['sims_per_s'] or 0:8.0f} sims/s")
    py["note"] = note
    return py


def sec_respond(pw, a) -> dict:
    from bench import bench_page

    r = bench_page.respond(pw, a.game_list, moves=a.moves)
    for gid, v in r.items():
        log(f"  {gid}: tap->frame p95 {v['tap_frame_ms']['p95'] or 0:.0f} ms, longest task while thinking "
            f"{v['longest_task_while_thinking_ms']:.0f} ms ({v['moves_played']} moves)")
    return r


def sec_botstart(pw, a) -> dict:
    from bench import bench_bot_start

    return bench_bot_start.run(pw, reps=a.botstart_reps, log=log)


def sec_tap(pw, a) -> dict:
    from bench import bench_tap

    games = [g for g in bench_tap.GAMES if g in a.game_list]
    out = bench_tap.run(pw, reps=a.tap_reps, games=games, log=log)
    out["pyodide"] = bench_tap.pyodide(reps=3 * a.tap_reps, games=games, log=log)
    return out


def sec_devices(pw, a) -> dict:
    from bench import bench_devices

    r = bench_devices.measure()
    log(f"  guest tap -> its table with the host's answer: median {r['median_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms "
        f"({r['taps']} taps); codes {r['offer_chars']}/{r['answer_chars']} characters, join link {r['join_link_chars']}")
    return r


def _match(job):
    from bench import bench_bots

    gid, players, strong, weak, games = job
    t = time.time()
    r = bench_bots.match(gid, strong, weak, games, players)
    r["seconds"] = time.time() - t
    return r


def sec_strength(pw, a) -> dict:
    from bench import bench_engine
    import bots

    strong = bots.LEVELS[-1]["id"]
    jobs = [(gid, p, strong, weak, a.games)
            for gid, p in bench_engine.configs(a.games_only) for weak in ("random", "novice")]
    jobs.sort(key=lambda j: j[0] != "fendo")  # the longest first
    out = {"strongest": strong, "games": a.games, "results": []}
    # spawn, not fork: this process holds Playwright's threads
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as ex:
        for r in ex.map(_match, jobs):
            out["results"].append(r)
            log(f"  {r['game']}:{r['players']} {strong} vs {r['b']}: {r['win_rate_a']:.0%} of {r['games']} "
                f"({r['seconds']:.0f} s)")
    return out


RUNNERS = {"load": sec_load, "visits": sec_visits, "slow": sec_slow, "boards": sec_boards, "engine": sec_engine,
           "startup": sec_startup, "bots": sec_bots, "respond": sec_respond, "botstart": sec_botstart, "tap": sec_tap,
           "devices": sec_devices, "strength": sec_strength}


# -- the table ----------------------------------------------------------------------------

def _ok(cond) -> str:
    if cond is None:
        return ""
    return "met" if cond else "NOT MET"


def _ms(x) -> str:
    return "-" if x is None else f"{x:,.0f} ms"


def rows(res: dict) -> list[tuple]:
    """(section, figure, value, goal, status) for everything measured."""
    out = []
    add = lambda *r: out.append(r)
    L = res.get("load")
    if L:
        add("load", f"home data-ready, cold, no service worker (bare PyScript page: {_ms(L['bare_cold'])})",
            f"{_ms(L['app_cold'])} = {L['ratio_cold']:.2f}x bare", f"<= {RATIO_LOAD}x bare",
            _ok(L["ratio_cold"] <= RATIO_LOAD))
        add("load", f"home data-ready, warm, no service worker (bare: {_ms(L['bare_warm'])})",
            f"{_ms(L['app_warm'])} = {L['ratio_warm']:.2f}x bare", f"<= {RATIO_LOAD}x bare",
            _ok(L["ratio_warm"] <= RATIO_LOAD))
        if L.get("ratio_sw_cold") is not None:
            add("load", "home data-ready with the service worker: first visit (its gate included) / "
                "served by its cache, against the bare page's cold / warm",
                f"{_ms(L['app_sw_cold'])} = {L['ratio_sw_cold']:.2f}x / {_ms(L['app_sw'])} = "
                f"{L['ratio_sw_warm']:.2f}x bare", f"<= {RATIO_LOAD}x bare",
                _ok(max(L["ratio_sw_cold"], L["ratio_sw_warm"]) <= RATIO_LOAD))
            add("load", "first visit to the home page, bytes the host sent / the site's own: no service "
                "worker / with it, until its cache is complete",
                f"{L['app_cold_bytes'] / 1e6:.2f} MB = {L['bytes_ratio']:.2f}x / {L['app_sw_cold_bytes'] / 1e6:.2f} MB "
                f"= {L['bytes_ratio_sw']:.2f}x the site ({L['site_bytes'] / 1e6:.2f} MB)",
                "<= 1.00x the site", _ok(max(L["bytes_ratio"], L["bytes_ratio_sw"]) <= 1.005))
        for rate, f in L.get("reloads", {}).items():
            add("load", f"CPU {rate:g}x: first visit with the service worker / bare cold (90% interval)",
                "{:.2f}x ({:.2f}-{:.2f})".format(*f["first"]), f"<= {RATIO_LOAD}x bare", _ok(f["first"][0] <= RATIO_LOAD))
            for after, (r, lo, hi, ms, bare) in ((k, v) for k, v in f.items() if k not in ("first", "same")):
                add("load", f"CPU {rate:g}x: a reload {after} s after the first visit's ready / bare warm ({_ms(bare)})",
                    f"{_ms(ms)} = {r:.2f}x ({lo:.2f}-{hi:.2f})", f"<= {RATIO_LOAD}x bare", _ok(r <= RATIO_LOAD))
                r, lo, hi, ms, bare = f["same"][after]
                add("load", f"  the same / the bare page's own reload {after} s after its ready ({_ms(bare)})",
                    f"{r:.2f}x ({lo:.2f}-{hi:.2f})", f"<= {RATIO_LOAD}x bare", _ok(r <= RATIO_LOAD))
        by = ", ".join(f"{c:.2f}/{w:.2f}" for c, w in zip(L["ratio_cold_by_rep"], L["ratio_warm_by_rep"]))
        add("load", f"  ratio rep by rep (cold/warm), {L['reps']} reps", by, "", "")
        add("load", "first contentful paint (static home page), cold / warm",
            f"{_ms(L['app_cold_fcp'])} / {_ms(L['app_warm_fcp'])}", f"< {FIRST_PAINT_MS} ms",
            _ok(L["app_cold_fcp"] is not None and max(L["app_cold_fcp"], L["app_warm_fcp"] or 0) < FIRST_PAINT_MS))
    V = res.get("visits")
    if V:
        f, fi, r = V["first"], V["first_incognito"], V["repeat"]
        worst = max(f["ratio"], fi["ratio"])
        add("load", "first visit with a game against the bot: bytes the host sent (page + bot worker + "
            "service worker), new profile / incognito",
            f"{f['bytes'] / 1e6:.2f} MB = {f['ratio']:.2f}x / {fi['bytes'] / 1e6:.2f} MB = {fi['ratio']:.2f}x "
            f"the site ({f['site']['bytes'] / 1e6:.2f} MB)",
            f"<= {FIRST_VISIT_RATIO:.2f}x the site", _ok(worst <= FIRST_VISIT_RATIO))
        twice = {**f["sent_twice"], **fi["sent_twice"]}
        add("load", "  files sent whole more than once (new profile / incognito)",
            f"{', '.join(f'{p} {n}x' for p, n in f['sent_twice'].items()) or 'none'} / "
            f"{', '.join(f'{p} {n}x' for p, n in fi['sent_twice'].items()) or 'none'}", "none", _ok(not twice))
        gz = max(f["gzip_bytes"], fi["gzip_bytes"])
        add("load", "  the same from a host that gzips (estimate)",
            f"~{gz / 1e6:.2f} MB = {max(f['gzip_ratio'], fi['gzip_ratio']):.2f}x the site gzipped "
            f"({f['site']['gzip_bytes'] / 1e6:.2f} MB)", f"< {FIRST_VISIT_MB:.0f} MB", _ok(gz / 1e6 < FIRST_VISIT_MB))
        add("load", "repeat visit through the service worker",
            f"{r['bytes'] / 1e3:.1f} kB from the network ({r['requests']} requests, {r['not_modified']} of "
            f"them 304), ready in {_ms(r['ready_ms'])}", "", "")
        kinds = sorted(f["by_kind"].items(), key=lambda kv: -kv[1]["gzip_bytes"])
        add("load", "  first visit by kind (gzipped MB)",
            ", ".join(f"{k} {v['gzip_bytes'] / 1e6:.2f}" for k, v in kinds if v["gzip_bytes"] > 20_000), "", "")
        m = V["timeline_summary"]["marks"]
        bm = V["bare_timeline_summary"]["marks"]
        lp, ready = m.get("Loaded Pyodide"), m.get("data-ready")
        add("load", "  first visit timeline: interpreter loaded / files / data-ready",
            f"{_ms(m.get('Loaded interpreter'))} / {_ms(m.get('Loaded files'))} / {_ms(ready)}", "", "")
        if lp and ready and bm.get("Loaded Pyodide") and bm.get("data-ready"):
            add("load", "  app's own Python on the page (data-ready - Loaded Pyodide); bare page",
                f"{_ms(ready - lp)}; {_ms(bm['data-ready'] - bm['Loaded Pyodide'])}", "", "")
        add("load", "  longest main-thread task before data-ready (app)",
            _ms(V["timeline_summary"]["longest_task_before_ready_ms"]), "", "")
        add("load", "  modules the app adds to the bare page's: stdlib",
            " ".join(V["stdlib_added_by_app"]) or "none", "", "")
    SL = res.get("slow")
    if SL:
        s_ = lambda x: "-" if x is None else f"{x / 1000:,.1f} s"
        bare = SL["bare_ready"]
        x_ = lambda x: "" if x is None or not bare else f" = {x / bare:.2f}x bare"
        n = len(SL["app"])
        add("slow", f"first visit, slow phone ({SL['link'][0] / 1e6:g} Mbit/s, {SL['link'][1] * 1000:.0f} ms link, "
            f"gzipping host; CPU {SL['cpu']}x), median of {n}: bare PyScript page, its first Python line (data-ready)",
            s_(bare), "", "")
        add("slow", "  app: home page painted (first contentful paint); Pyodide let go by the service worker's gate",
            f"{s_(SL['app_fcp'])}; {s_(SL['app_gate'])}", "", "")
        add("slow", "  app: data-ready", s_(SL["app_ready"]) + x_(SL["app_ready"]), "", "")
        add("slow", "  app: a first game against a bot shows its board", s_(SL["app_board"]) + x_(SL["app_board"]), "", "")
        add("slow", "  app: the bot answers the first move (standard bot)",
            s_(SL["app_answered"]) + x_(SL["app_answered"]) +
            (f" (its decision, worker's boot included: {s_(SL['app_bot_ms'])})" if SL.get("app_bot_ms") else ""), "", "")
        add("slow", "  bytes the host sent: app (to the bot's answer) / bare",
            f"{(SL['app_bytes'] or 0) / 1e6:.2f} MB / {(SL['bare_bytes'] or 0) / 1e6:.2f} MB", "", "")
    B = res.get("boards")
    if B:
        for gid, v in B.items():
            add("load", f"first board, {gid} (saved game): cold / warm; Start tap -> board",
                f"{_ms(statistics.median(v['cold']))} / {_ms(statistics.median(v['warm']))}; "
                f"{_ms(statistics.median(v['start_tap']))}", "", "")
    E = res.get("engine")
    if E:
        for k, g in E["games"].items():
            add("engine", f"{k} random playouts/s: CPython / Pyodide",
                f"{g['cpython_per_s']:,.0f} / {g['pyodide_per_s']:,.0f}", f">= {PLAYOUTS_PER_S:,} in Pyodide",
                _ok(g["pyodide_per_s"] >= PLAYOUTS_PER_S))
            add("engine", f"{k} Pyodide slower than CPython by" + ("" if g["same_games"] else " (GAMES DIFFER)"),
                f"{g['ratio']:.2f}x", f"<= {PYODIDE_RATIO}x", _ok(g["ratio"] <= PYODIDE_RATIO))
            add("engine", f"  {k} clone / apply / legal_actions per s, Pyodide (CPython)",
                " / ".join(f"{g[op + '_pyodide'] / 1e3:,.0f}k ({g[op + '_cpython'] / 1e3:,.0f}k)"
                           for op in ("clone", "apply", "legal")), "", "")
    if E and E.get("floor_ratio"):
        add("engine", "  the playout loop alone (a random choice per ply, no game): Pyodide slower by",
            f"{E['floor_ratio']:.2f}x", "", "")
    S = res.get("startup")
    if S:
        steps = ", ".join(f"{s['step'].replace('import ', '')} {s['ms']:.0f}" for s in S["pyodide"]["steps"])
        add("engine", "  app start in Pyodide (ms): " + steps,
            f"{_ms(S['pyodide']['total_ms'])} (CPython {_ms(S['cpython']['total_ms'])})", "", "")
        add("engine", "  compiling the app's .py sources alone, Pyodide", _ms(S["pyodide"]["compile_ms"]), "", "")
        if S.get("pyodide_bytecode"):
            bc = S["pyodide_bytecode"]
            steps = ", ".join(f"{s['step'].replace('import ', '')} {s['ms']:.0f}" for s in bc["steps"])
            add("engine", "  app start in Pyodide with the shipped bytecode, as on the page (ms): " + steps,
                f"{_ms(bc['total_ms'])} = {bc['total_ms'] / S['pyodide']['total_ms']:.2f}x from sources",
                "", "")
    BO = res.get("bots")
    if BO:
        for k, res_k in BO["games"].items():
            for level, r in res_k.items():
                if not isinstance(r, dict):
                    continue
                goal, ok = "", None
                if level == "standard":
                    goal, ok = f"median <= {DEFAULT_MEDIAN_S:g} s", r["median_s"] <= DEFAULT_MEDIAN_S
                elif level == "expert":
                    goal = f"median <= {STRONGEST_MEDIAN_S:g} s, p95 <= {STRONGEST_P95_S:g} s"
                    ok = r["median_s"] <= STRONGEST_MEDIAN_S and r["p95_s"] <= STRONGEST_P95_S
                sims = f", {r['sims_per_s']:,.0f} sims/s" if r.get("sims_per_s") else ""
                add("bots", f"{k} {level}: median / p95 per decision (Pyodide, {r['n']} positions)",
                    f"{_ms(r['median_s'] * 1000)} / {_ms(r['p95_s'] * 1000)}{sims}", goal, _ok(ok))
    R = res.get("respond")
    if R:
        for gid, v in R.items():
            add("respond", f"{gid} vs expert: longest main-thread task while the bot thinks",
                f"{_ms(v['longest_task_while_thinking_ms'])} ({v['long_tasks_while_thinking']} long tasks in "
                f"{v['thinking_s']:.0f} s of thinking; {_ms(v['longest_task_while_thinking_after_first_ms'])} "
                f"after the worker's boot)", f"<= {LONG_TASK_MS} ms",
                _ok(v["longest_task_while_thinking_ms"] <= LONG_TASK_MS))
            t = v["tap_frame_ms"]
            d = v["tap_dom_ms"]
            add("respond", f"{gid}: tap -> next frame, p95 (median, max; DOM p95), {v['taps']} taps",
                f"{_ms(t['p95'])} ({_ms(t['median'])}, {_ms(t['max'])}; {_ms(d['p95'])})", f"< {TAP_MS} ms",
                _ok(t["p95"] is not None and t["p95"] < TAP_MS))
    BS = res.get("botstart")
    if BS:
        s_ = lambda x: "-" if x is None else f"{x / 1000:,.1f} s"
        med = BS["median"]

        def pair(mode, scenario):
            c, w = med.get(f"chromium/{mode}/{scenario}"), med.get(f"webkit/{mode}/{scenario}")
            r = BS["ratio"].get(f"{mode}/{scenario}")
            return (f"{s_(c and c['wait'])} / {s_(w and w['wait'])}" + (f" = {r:.2f}x" if r else ""))

        what = {"link": "a game opened by its link, a bot to move: load -> the bot's answer",
                "form": f"a game from the form ({BS['home_s']:g} s on home, {BS['form_s']:g} s on the form): "
                        "Start tap -> the bot's answer"}
        for scenario in ("link", "form"):
            before = f" (before, ?noprewarm: {pair('noprewarm', scenario)})" if "noprewarm" in BS["modes"] else ""
            add("respond", f"{what[scenario]}, Chromium / WebKit, median of {BS['reps']}",
                pair("prewarm", scenario) + before, "WebKit near Chromium", "")
        for engine in BS["engines"]:
            m, b = med.get(f"{engine}/prewarm/link"), med.get(f"{engine}/noprewarm/link")
            if m:
                add("respond", f"  {engine}: link, data-ready -> answer; the worker's boot; answers chosen on the page"
                    + (" (before)" if b else ""),
                    f"{s_(m['ready_to_answer'])}; {s_(m['worker_boot'])}; {m['on_page']} of {len(m['all'])}"
                    + (f" ({s_(b['ready_to_answer'])}; {s_(b['worker_boot'])}; {b['on_page']})" if b else ""), "", "")
    D = res.get("devices")
    if D:
        add("respond", f"across devices: a guest's tap -> its table redrawn with the host's answer, p95 "
            f"(median, max), {D['taps']} taps of a game over WebRTC",
            f"{_ms(D['p95_ms'])} ({_ms(D['median_ms'])}, {_ms(D['max_ms'])})", "<= 150 ms", _ok(D["p95_ms"] <= 150))
        add("respond", "  pairing codes: offer, answer; join link (its QR code)",
            f"{D['offer_chars']}, {D['answer_chars']} characters; {D['join_link_chars']} "
            f"(version {D['qr_version']}, {D['qr_modules']} modules)", "", "")
    T = res.get("tap")
    if T:
        for gid in sorted({k.split("@")[0] for k in T["cases"]}):
            short, long_ = T["cases"][f"{gid}@5"], T["cases"][f"{gid}@300"]
            new, old = T[f"{gid}_new_best_ratio"], T[f"{gid}_old_best_ratio"]
            add("respond", f"{gid}: tap that plays -> next frame, after {long_['ply']} actions / at move "
                f"{short['ply']}, best of {T['reps']} (old: {T['against']})",
                f"{_ms(long_['new_play_best_ms'])} / {_ms(short['new_play_best_ms'])} = {new:.2f}x "
                f"(old {_ms(long_['old_play_best_ms'])} / {_ms(short['old_play_best_ms'])} = {old:.2f}x)",
                f"<= {TAP_LONG_RATIO}x", _ok(new <= TAP_LONG_RATIO))
            add("respond", f"  {gid}: the same, medians: new (old)",
                f"{_ms(long_['new_play_ms'])} / {_ms(short['new_play_ms'])} = {T[f'{gid}_new_ratio']:.2f}x "
                f"({_ms(long_['old_play_ms'])} / {_ms(short['old_play_ms'])} = {T[f'{gid}_old_ratio']:.2f}x)", "", "")
            P = T.get("pyodide")
            if P:
                a_, b_ = P["new"][f"{gid}@5"], P["new"][f"{gid}@300"]
                oa, ob = P["old"][f"{gid}@5"], P["old"][f"{gid}@300"]
                add("respond", f"  {gid}: the app's Python alone (Pyodide under Node), best of {P['reps']}, "
                    f"after {b_['ply']} / at {a_['ply']}: new (old)",
                    f"{b_['play_best_ms']:.1f} / {a_['play_best_ms']:.1f} ms = {P[f'{gid}_new_best_ratio']:.2f}x "
                    f"({ob['play_best_ms']:.1f} / {oa['play_best_ms']:.1f} ms = {P[f'{gid}_old_best_ratio']:.2f}x)",
                    f"<= {TAP_LONG_RATIO}x", _ok(P[f"{gid}_new_best_ratio"] <= TAP_LONG_RATIO))
            add("respond", f"  {gid}: a tap that selects -> next frame, at move {short['ply']} / after "
                f"{long_['ply']} actions, new (old)",
                f"{_ms(short['new_select_ms'])} / {_ms(long_['new_select_ms'])} "
                f"({_ms(short['old_select_ms'])} / {_ms(long_['old_select_ms'])})", "", "")
    ST = res.get("strength")
    if ST:
        for r in ST["results"]:
            share = 1 / r["players"]
            add("strength", f"{r['game']}:{r['players']} {ST['strongest']} vs {r['b']} "
                f"({r['games']} seeded games, fair share {share:.0%})",
                f"{r['win_rate_a']:.0%}", "", "")
    return out


def render_text(rows_: list[tuple]) -> str:
    w = [max(len(str(r[i])) for r in rows_) for i in range(5)]
    head = ("section", "figure", "measured", "goal", "")
    w = [max(w[i], len(head[i])) for i in range(5)]
    line = "  ".join("-" * x for x in w)
    out = ["  ".join(str(h).ljust(w[i]) for i, h in enumerate(head)), line]
    last = None
    for r in rows_:
        if last is not None and r[0] != last:
            out.append(line)
        last = r[0]
        out.append("  ".join(str(c).ljust(w[i]) for i, c in enumerate(r)).rstrip())
    return "\n".join(out)


def render_table(rows_: list[tuple]) -> str:
    """The figures as one Markdown table, the goals not met in bold."""
    out = ["| section | figure | measured | goal | |", "| --- | --- | --- | --- | --- |"]
    for r in rows_:
        cells = [str(c).replace("|", "\\|") for c in r]
        if cells[4] == "NOT MET":
            cells[4] = "**NOT MET**"
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def render_md(rows_: list[tuple], meta: dict) -> str:
    return "\n".join([f"# make bench, {meta['date']}", "",
                      f"{meta['machine']}; {meta['chromium']}; {meta['pyodide']}; CPython {meta['python']}. "
                      f"Load average {meta['load_before']} before, {meta['load_after']} after; "
                      f"{meta['seconds']:.0f} s in all. Arguments: `{meta['args']}`.", "",
                      render_table(rows_)])


# docs/PERFORMANCE.md holds the latest figures of a whole run between these markers, rewritten by
# each `make bench`: the figures and what they ran on, no date (the history is git's).
PERFORMANCE = ROOT / "docs" / "PERFORMANCE.md"
BEGIN, END = "<!-- bench:start -->", "<!-- bench:end -->"


def with_figures(text: str, figures: str) -> str | None:
    """``text`` with what stands between BEGIN and END replaced by ``figures``; None if it has
    not the two markers, in that order, once each."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        return None
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    return f"{head}{BEGIN}\n{figures.strip()}\n{END}{tail}"


def figures_md(rows_: list[tuple], meta: dict) -> str:
    """What docs/PERFORMANCE.md shows of a run: the table, and what it ran on."""
    return (render_table(rows_) + f"\n{meta['machine']}; {meta['chromium']}; {meta['pyodide']} under Node "
            f"{meta['node']}; CPython {meta['python']} (`make bench {meta['args']}`).\n")


def write_figures(path: Path, figures: str) -> bool:
    """Puts ``figures`` between the markers of ``path``; where the file or its markers are
    missing, prints the figures and says so, and writes nothing.  True if written."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    new = with_figures(text, figures)
    if new is None:
        print(figures)
        print(f"({path} lacks the markers {BEGIN} and {END}: the table above is not written there)")
        return False
    if new != text:
        path.write_text(new, encoding="utf-8")
    return True


def machine() -> str:
    cpu = ""
    try:
        for ln in Path("/proc/cpuinfo").read_text().splitlines():
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores {cpu}".strip()


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (about half the time)")
    ap.add_argument("--only", default="", help=f"comma-separated sections: {','.join(SECTIONS)}")
    ap.add_argument("--skip", default="", help="sections to leave out")
    ap.add_argument("--games", type=int, default=None, help="seeded games per strength match (default 6, quick 2)")
    ap.add_argument("--reps", type=int, default=None, help="load repetitions, app and bare (default 6, quick 2)")
    ap.add_argument("--decisions", type=int, default=None, help="positions per game for the bots (default 20, quick 10)")
    ap.add_argument("--slow-reps", type=int, default=None, help="slow-phone first visits, app and bare (default 3, quick 1)")
    ap.add_argument("--moves", type=int, default=None, help="human moves per game in respond (default 12, quick 4)")
    ap.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    ap.add_argument("--out", default=str(ROOT / "build" / "bench"))
    ap.add_argument("--chromium", default=CHROMIUM_FULL)
    ap.add_argument("--sw", action="store_true", help=argparse.SUPPRESS)  # make bench-load's default; always on here
    a = ap.parse_args(argv)
    q = a.quick
    a.games = a.games or (2 if q else 6)
    a.reps = a.reps or (2 if q else 6)
    a.slow_reps = a.slow_reps or (1 if q else 3)
    a.decisions = a.decisions or (10 if q else 20)
    a.count = 3 if q else 5
    a.moves = a.moves or (4 if q else 12)
    a.tap_reps = 3 if q else 7
    a.botstart_reps = 1 if q else 3
    a.board_reps = 1
    a.engine_target = 0.7 if q else 1.0
    a.rounds = 2 if q else 3
    a.games_only = a.game
    import game

    a.game_list = [g for g in sorted(game.GAMES) if not a.game or g in a.game]
    sections = [s for s in (a.only.split(",") if a.only else SECTIONS) if s and s not in a.skip.split(",")]
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        sys.exit(f"bench_all: unknown sections {sorted(unknown)}; known: {SECTIONS}")

    from playwright.sync_api import sync_playwright

    meta = {"date": time.strftime("%Y-%m-%d %H:%M"), "machine": machine(), "python": platform.python_version(),
            "args": " ".join(argv), "load_before": loadavg(), "sections": {}}
    res: dict = {}
    t_all = time.time()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=a.chromium, args=["--no-sandbox", "--disable-gpu"])
        meta["chromium"] = f"Chromium {b.version} headless"
        b.close()
        for s in sections:
            t = time.time()
            before = loadavg()
            log(f"[{s}] (load average {before})")
            try:
                res[s] = RUNNERS[s](pw, a)
            except Exception as e:  # one section failing still leaves the others' figures
                import traceback

                log(traceback.format_exc())
                res[s] = None
                meta.setdefault("failed", {})[s] = f"{type(e).__name__}: {e}"
            meta["sections"][s] = {"seconds": time.time() - t, "load_before": before, "load_after": loadavg()}
            log(f"[{s}] {time.time() - t:.0f} s")
    meta["seconds"] = time.time() - t_all
    meta["load_after"] = loadavg()
    note = (res.get("engine") or {}).get("pyodide_note") or (res.get("bots") or {}).get("note") or ""
    meta["pyodide"] = note.split(":")[0] if note else "pyodide"
    try:
        meta["node"] = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        meta["node"] = "?"

    table = rows({k: v for k, v in res.items() if v})
    text = render_text(table)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "bench.json").write_text(json.dumps({"meta": meta, "results": res}, indent=1, default=list))
    (out / "bench.md").write_text(render_md(table, meta))
    print()
    print(f"make bench, {meta['date']}: {meta['machine']}; {meta['chromium']}; {meta['pyodide']} under Node "
          f"{meta['node']}; CPython {meta['python']}")
    print(f"load average {meta['load_before']} before, {meta['load_after']} after; {meta['seconds']:.0f} s in all "
          f"(" + ", ".join(f"{s} {v['seconds']:.0f} s" for s, v in meta["sections"].items()) + ")")
    print(text)
    if meta.get("failed"):
        print("FAILED sections: " + "; ".join(f"{k}: {v}" for k, v in meta["failed"].items()))
    print(f"(written to {out / 'bench.json'} and {out / 'bench.md'})")
    if sections != SECTIONS or meta.get("failed"):
        print(f"(a part of the sections: {PERFORMANCE.relative_to(ROOT)} is left as it was)")
    elif write_figures(PERFORMANCE, figures_md(table, meta)):
        print(f"(and the table to {PERFORMANCE.relative_to(ROOT)})")


if __name__ == "__main__":
    main(sys.argv[1:])
