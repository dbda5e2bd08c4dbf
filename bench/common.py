"""What the benchmarks share (run as modules from the repository's root: ``python -m
bench.bench_load``; Makefile, make bench-*): a page that does nothing, Chromium's persistent
profile as they launch it, the taps' probe, and the engine's configurations.

Chromium's binaries and flags are tools/browsers.py's, as the browser tests take them.  This
module imports nothing at its top but the standard library: bench/bench_startup.py times the
app's imports with it loaded, in Pyodide too.
"""

from __future__ import annotations

SAVE_PREFIX = "renardiere.save."      # a save's key in localStorage (ui/store/saves.py)


class NullPage:
    """What the app asks of its page, doing nothing but keep the HTML and count the scrolls to
    the top: bot moves are left unrun, any other call (announce, set_title, persist...) does
    nothing."""

    html = ""

    def render(self, html, fresh=False):
        self.html = html

    def to_top(self, at=None):
        self.tops = getattr(self, "tops", 0) + 1

    def now(self):
        return 0.0

    def go(self, hash_):
        self.app.route(hash_)

    def spawn(self, coro):
        coro.close()

    async def sleep(self, s):
        pass

    def __getattr__(self, name):
        if name.startswith("__") or name in ("app", "tops"):
            raise AttributeError(name)
        return lambda *a, **k: None


def launch_persistent(pw, profile: str, sw: str = "block"):
    """Chromium as shipped in a persistent profile (``sw``: service workers "block" or
    "allow"), 1280x800, taps at a machine's pace (tools/serve.py, QUICK_TAPS)."""
    from tools import serve
    from tools.browsers import CHROMIUM_FULL, CHROMIUM_SHIPPED

    ctx = pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM_FULL, args=CHROMIUM_SHIPPED, headless=True,
        service_workers=sw, viewport={"width": 1280, "height": 800})
    ctx.add_init_script(serve.QUICK_TAPS)
    return ctx


# Each tap's click to the DOM change that answers it and the next frame, the spans the bot
# thought, and the long tasks (bench/bench_page.py respond, bench/bench_tap.py).
RESPOND_PROBE = """
(() => {
  const R = window.__rs = {taps: [], thinking: [], long: []};
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) R.long.push([e.startTime, e.duration]); })
      .observe({type: 'longtask', buffered: true});
  } catch (e) {}
  let pending = null, since = null;
  addEventListener('click', (e) => {
    const el = e.target && e.target.closest ? (e.target.closest('[data-act]') || e.target) : null;
    const m = document.querySelector('main.play');
    pending = {t: e.timeStamp, act: el ? (el.dataset.act || el.id || el.tagName) : '',
               ply: m ? +m.dataset.ply : null};
  }, true);
  new MutationObserver(() => {
    const now = performance.now();
    const m = document.querySelector('main.play');
    if (pending) {
      const p = pending; pending = null;
      p.dom = now; p.ply_after = m ? +m.dataset.ply : null;
      requestAnimationFrame(() => { p.frame = performance.now(); });
      R.taps.push(p);
    }
    const th = !!(m && m.dataset.thinking !== undefined);
    if (th && since === null) since = now;
    if (!th && since !== null) { R.thinking.push([since, now]); since = null; }
  }).observe(document, {attributes: true, childList: true, subtree: true});
  R.now = () => performance.now();
  R.openThinking = () => since;
})();
"""


# -- the engine's configurations (bench/bench_engine.py, bench/bench_decisions.py) ----------------

def configs(only: list[str] | None = None) -> list[tuple[str, int]]:
    """(game id, players): each game's minimum, and 4 players when it takes them."""
    import game

    out = []
    for gid in sorted(game.GAMES):
        info = game.GAMES[gid]
        counts = {info.min_players}
        if info.min_players < 4 <= info.max_players:
            counts.add(4)
        out += [(gid, p) for p in sorted(counts)]
    if only:
        out = [c for c in out if key(*c) in only or c[0] in only]
    return out


def key(gid: str, players: int) -> str:
    return f"{gid}:{players}"
