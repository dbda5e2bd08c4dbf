"""What a tap costs as a game goes on: tap to next frame at move 5 and after 300 actions.

    .venv/bin/python -m bench.bench_tap                 # this checkout against b4ac6f5
    .venv/bin/python -m bench.bench_tap --reps 5 --against 0123abc
    .venv/bin/python -m bench.bench_tap --pyodide       # the app's Python alone, in Pyodide

In headless Chromium, through the real page, for Fowl Play (four players) and Onexeno (two,
three rounds): a saved game is put in localStorage (a person at seat 0 against bots, seat 0
to move), ``#play/<id>`` opened, and the person's next action played by taps: Fowl Play
selects a bird then taps where it goes, Onexeno selects a card, a cell, then *Place*.  For
each tap, the time from the click event to the next animation frame after the DOM changed
(bench_page's respond probe); a tap that plays an action and one that only selects are
given apart.  Each position is opened --reps times (a page of each site, loaded again), old
and new alternating.

The old site is the app of another commit (``--against``, default b4ac6f5, before issue
"a tap costs more the longer the game has run"), extracted from git into
build/bench/site-<commit>/ with this checkout's runtime (the same Pyodide: package-lock.json
did not change) and its own app.zip (``tools/build.py precache`` there).  The goal: the
playing tap at move 300 within 1.2x of the same at move 5, in the new site.  Each figure is
given as the median and as the best of the reps: on a machine busy with other work, the best
is the least disturbed.

``--pyodide``: the same taps through the app's Python alone (``App.on_click`` with a page that
keeps the HTML: no DOM), in Pyodide under Node, one process per checkout, best of --reps
loads of the position: the Python share of a tap, steadier than a browser's on a busy machine.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from bench.common import RESPOND_PROBE, SAVE_PREFIX, NullPage, launch_persistent
from tools import serve

ROOT = Path(__file__).resolve().parent.parent

AGAINST = "b4ac6f5"
PLIES = (5, 300)
GAMES = {"fowl_play": (4, {}), "onexeno": (2, {"rounds": 3})}
RATIO = 1.2   # the goal: a tap at move 300 / at move 5


# -- the positions ------------------------------------------------------------------------

def _long_choice(st, seat, rng):
    """A random action that makes a long game (Fowl Play's foxes catch what they can, its birds
    take every step; Onexeno's players pass four times in five while the deck lasts)."""
    legal = st.legal_actions(seat)
    if st.info.id == "fowl_play":
        moves = [a for a in legal if a != "done"]
        birds = st.view(None)["birds"]
        catch = [a for a in moves if a.startswith("fox ") and "-" in a and a.split("-")[1] in birds]
        return rng.choice(catch or moves or legal)
    if st.view(None)["deck"] and "pass" in legal and rng.random() < .8:
        return "pass"
    return rng.choice([a for a in legal if a != "pass"] or legal)


def _tappable(st) -> str | None:
    """Seat 0's action to play by taps here, if this position is one to measure: a bird step
    with steps to follow (Fowl Play), a card placed from a hand of 6 to 10 (Onexeno: a
    hand of 8 at move 5; a hand's size, not the game's length, sets what its taps cost)."""
    if st.to_move != (0,):
        return None
    legal = st.legal_actions(0)
    if st.info.id == "fowl_play":
        if st.view(0)["phase"] != "birds" or st.view(0)["steps_left"] < 2:
            return None
        steps = [a for a in legal if "-" in a and not a.startswith("fox")]
    else:
        if not 6 <= len(st.view(0)["hand"]) <= 10:
            return None
        steps = [a for a in legal if a != "pass" and "+" not in a]
    return steps[0] if steps else None


def position(gid: str, ply: int):
    """(state, action): a game of ``gid`` at ``ply`` actions or more, seat 0 to play ``action``."""
    players, options = GAMES[gid]
    import game

    for seed in range(50):
        st, rng = game.new_game(gid, players=players, seed=seed, **options), random.Random(seed)
        while not st.over:
            if len(st.actions) >= ply and _tappable(st):
                return st, _tappable(st)
            seat = st.to_move[0]
            st.apply(seat, _long_choice(st, seat, rng))
    raise RuntimeError(f"no {gid} position at {ply} actions")


def _content(st) -> tuple:
    """What an Onexeno table costs to draw and to play on, whatever the game's length: its
    cards on the table, the cards taken this round, seat 0's hand."""
    v = st.view(0)
    return len(v["table"]), sum(len(t) for t in v["taken"]), len(v["hand"])


def control(gid: str, like):
    """(state, action): an Onexeno position of the first round with a table and takes at least
    as full as ``like``'s (a late round's): the same tap without the long history, to tell
    what the history costs from what a full table costs."""
    import game

    players, options = GAMES[gid]
    table, taken, _ = _content(like)
    for seed in range(50):
        st, rng = game.new_game(gid, players=players, seed=seed, **options), random.Random(seed)
        while not st.over and st.view(None)["round"] == 1:
            if _tappable(st) and _content(st)[:2] >= (table, taken):
                return st, _tappable(st)
            seat = st.to_move[0]
            st.apply(seat, _long_choice(st, seat, rng))
    raise RuntimeError(f"no {gid} position like {_content(like)} in a first round")


def _save(st, gid: str, ply) -> dict:
    import importlib

    from ui.kit import registry
    from ui.store import saves

    importlib.import_module(f"ui.games.{gid}")      # the game's screen, registered
    seats = [{"kind": "human", "name": "", "level": None}] + [
        {"kind": "bot", "name": "", "level": "novice"}] * (st.players - 1)
    save = saves.make(f"tap{gid.replace('_', '')}{ply}", st.record(), seats, time.time())
    save["round_seen"] = registry.screen(gid).rounds_done(st.view(None))   # no round's summary open
    return save


def _taps(gid: str, action: str) -> list[tuple[str, bool]]:
    """(selector, plays) of each tap that plays ``action``."""
    if gid == "fowl_play":
        frm, to = action.split("-")
        return [(f'#board [data-act="hex"][data-cell="{frm}"]', False),
                (f'#board [data-act="hex"][data-cell="{to}"]', True)]
    card, cell = action.split("@")
    return [(f'[data-act="ocard"][data-card="{card}"]', False),
            (f'[data-act="ocell"][data-cell="{cell}"]', False), ("#place", True)]


# -- the old site -------------------------------------------------------------------------

def old_site(commit: str) -> Path:
    """build/bench/site-<commit>/: that commit's files, this runtime, its own app.zip."""
    target = ROOT / "build" / "bench" / f"site-{commit}"
    stamp = target / "COMMIT"
    if stamp.exists() and stamp.read_text() == commit:
        return target
    shutil.rmtree(target, ignore_errors=True)
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(target, filter="data")
    runtime = target / "assets" / "runtime"
    runtime.mkdir(parents=True, exist_ok=True)
    for part in ("pyodide", "pyscript", "VERSIONS.json"):
        src = ROOT / "assets" / "runtime" / part
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, runtime / part)
    (target / "node_modules").symlink_to(ROOT / "node_modules")   # Pyodide under Node compiles app.zip
    subprocess.run([sys.executable, "tools/build.py", "precache"], cwd=target, check=True,
                   capture_output=True)
    (target / "node_modules").unlink()
    stamp.write_text(commit)
    return target


# -- the measure --------------------------------------------------------------------------

def one(page, url: str, save: dict, taps: list, timeout: float = 120_000) -> list[dict]:
    """Opens the saved game (the init script puts it back in localStorage at every load) and
    plays its taps: per tap, click -> DOM change, -> the next frame after it."""
    page.goto("about:blank")
    page.goto(f"{url}#play/{save['id']}")
    page.wait_for_selector("main.play", timeout=timeout)
    page.wait_for_timeout(1000)                 # the first board's own work settled
    out = []
    for selector, plays in taps:
        n = page.evaluate("window.__rs.taps.length")
        page.click(selector, timeout=timeout)
        page.wait_for_function(f"window.__rs.taps.length > {n} && window.__rs.taps[{n}].frame",
                               timeout=timeout, polling=10)
        t = page.evaluate(f"window.__rs.taps[{n}]")
        out.append({"plays": plays, "dom": t["dom"] - t["t"], "frame": t["frame"] - t["t"]})
        page.wait_for_timeout(300)
    return out


def run(pw, reps: int = 5, against: str = AGAINST, games=None, log=print) -> dict:
    root_old = old_site(against)
    servers = {"new": serve.make_server(ROOT).start(), "old": serve.make_server(root_old).start()}
    cases = {(gid, ply): position(gid, ply) for gid in (games or GAMES) for ply in PLIES}
    saves = {k: _save(st, *k) for k, (st, _) in cases.items()}
    out: dict = {"against": against, "reps": reps, "cases": {}}
    with tempfile.TemporaryDirectory(prefix="bench-tap-") as profiles:
        ctxs, pages = {}, {}
        try:
            for site in servers:
                ctxs[site] = ctx = launch_persistent(pw, f"{profiles}/{site}", "block")
                ctx.add_init_script("try { localStorage.clear(); " + "".join(
                    f"localStorage.setItem({json.dumps(SAVE_PREFIX + sv['id'])}, {json.dumps(json.dumps(sv))}); "
                    for sv in saves.values()) + "} catch (e) {}")
                ctx.add_init_script(RESPOND_PROBE)
                pages[site] = ctx.new_page()
            for (gid, ply), (st, action) in cases.items():
                taps = _taps(gid, action)
                res = {"ply": len(st.actions), "action": action, "new": [], "old": []}
                for rep in range(reps):
                    for site in (["new", "old"] if rep % 2 == 0 else ["old", "new"]):
                        res[site].append(one(pages[site], servers[site].url, saves[gid, ply], taps))
                for site in ("new", "old"):
                    plays = [t["frame"] for r in res[site] for t in r if t["plays"]]
                    picks = [t["frame"] for r in res[site] for t in r if not t["plays"]]
                    res[f"{site}_play_ms"] = statistics.median(plays)
                    res[f"{site}_select_ms"] = statistics.median(picks)
                    res[f"{site}_play_best_ms"] = min(plays)
                    res[f"{site}_select_best_ms"] = min(picks)
                out["cases"][f"{gid}@{ply}"] = res
                log(f"  {gid} at {res['ply']} actions: tap that plays -> frame, new {res['new_play_ms']:.0f} ms, "
                    f"old {res['old_play_ms']:.0f} ms; a selection: new {res['new_select_ms']:.0f} ms, "
                    f"old {res['old_select_ms']:.0f} ms")
        finally:
            for ctx in ctxs.values():
                ctx.close()
            for s in servers.values():
                s.stop()
    for gid in games or GAMES:
        a, b = out["cases"][f"{gid}@{PLIES[0]}"], out["cases"][f"{gid}@{PLIES[1]}"]
        for site in ("new", "old"):
            out[f"{gid}_{site}_ratio"] = b[f"{site}_play_ms"] / a[f"{site}_play_ms"]
            out[f"{gid}_{site}_best_ratio"] = b[f"{site}_play_best_ms"] / a[f"{site}_play_best_ms"]
    return out


# -- the app's Python alone, in Pyodide ---------------------------------------------------

_ACTS = {"fowl_play": lambda a: [("hex", {"cell": c}) for c in a.split("-")],
         "onexeno": lambda a: [("ocard", {"card": a.split("@")[0]}), ("ocell", {"cell": a.split("@")[1]}),
                               ("oplace", {})]}


def python_taps(reps: int, games=None) -> dict:
    """In this interpreter (Pyodide under Node, or CPython): per game and position, the app
    loaded --reps times, its taps played; ms of the tap that plays and of the selections."""
    from ui.app import App
    from ui.store.saves import MemoryStore, write

    out = {}
    for gid in games or GAMES:
        for ply in PLIES + (("ctl",) if gid == "onexeno" else ()):
            st, action = control(gid, position(gid, PLIES[-1])[0]) if ply == "ctl" else position(gid, ply)
            save = _save(st, gid, ply)
            plays, picks = [], []
            for _ in range(reps):
                store = MemoryStore()
                write(store, dict(save))
                page = NullPage()
                app = App(page, store, None, lang="en", bot_delay=0, rng=random.Random(0))
                page.app = app
                app.boot("#play/" + save["id"])
                for act, data in _ACTS[gid](action):
                    t = time.perf_counter()
                    app.on_click(act, data)
                    dt = (time.perf_counter() - t) * 1000
                    (plays if act in ("oplace",) or (gid == "fowl_play" and data["cell"] == action.split("-")[1])
                     else picks).append(dt)
                ses = app.play.session if hasattr(app, "play") else app.session   # b4ac6f5: one App
                assert len(ses.state.actions) == len(st.actions) + 1, (gid, ply)
            out[f"{gid}@{ply}"] = {"ply": len(st.actions), "play_best_ms": min(plays), "content": _content(st)
                                   if gid == "onexeno" else None,
                                   "play_ms": statistics.median(plays), "select_best_ms": min(picks),
                                   "select_ms": statistics.median(picks)}
    return out


def pyodide(reps: int = 15, against: str = AGAINST, games=None, log=print) -> dict:
    """python_taps in Pyodide under Node, this checkout and the old one."""
    old = old_site(against)
    shutil.copy2(Path(__file__), old / "bench" / Path(__file__).name)   # the same measure there
    out: dict = {"against": against, "reps": reps}
    for site, root in (("new", ROOT), ("old", old)):
        args = ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(root), str(root / "bench" / "bench_tap.py"),
                "--in-python", "--reps", str(reps)] + [x for g in (games or []) for x in ("--game", g)]
        p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=3600)
        if p.returncode != 0:
            raise RuntimeError(f"bench_tap in Pyodide ({site}) failed:\n{p.stderr[-3000:]}")
        out[site] = json.loads([ln for ln in p.stdout.splitlines() if ln.startswith("{")][-1])
    for gid in games or GAMES:
        for site in ("new", "old"):
            a, b = out[site][f"{gid}@{PLIES[0]}"], out[site][f"{gid}@{PLIES[1]}"]
            out[f"{gid}_{site}_best_ratio"] = b["play_best_ms"] / a["play_best_ms"]
            log(f"  Pyodide, {site}: {gid} tap that plays, best of {reps}: {a['play_best_ms']:.1f} ms at "
                f"{a['ply']} actions, {b['play_best_ms']:.1f} ms at {b['ply']} = "
                f"{out[f'{gid}_{site}_best_ratio']:.2f}x")
            c = out[site].get(f"{gid}@ctl")
            if c:
                out[f"{gid}_{site}_ctl_ratio"] = b["play_best_ms"] / c["play_best_ms"]
                log(f"  Pyodide, {site}: {gid} the same table, takes and hand in a first round ({c['content']} at "
                    f"{c['ply']} actions; {b['content']} at {b['ply']}): {c['play_best_ms']:.1f} ms, the long game "
                    f"{out[f'{gid}_{site}_ctl_ratio']:.2f}x that")
    return out


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--against", default=AGAINST, help="the old commit (default %(default)s)")
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    ap.add_argument("--pyodide", action="store_true", help="the app's Python alone, in Pyodide under Node")
    ap.add_argument("--in-python", action="store_true", help=argparse.SUPPRESS)   # the measure itself
    a = ap.parse_args(argv)
    logged = lambda m: print(m, file=sys.stderr, flush=True)
    if a.in_python:
        print(json.dumps(python_taps(a.reps, a.game)))
        return
    if a.pyodide:
        print(json.dumps(pyodide(a.reps, a.against, a.game, log=logged), indent=1))
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        r = run(pw, a.reps, a.against, a.game, log=logged)
    print(json.dumps(r, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
