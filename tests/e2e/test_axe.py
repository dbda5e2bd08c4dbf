"""Issue 53: every screen passes axe-core's WCAG 2.2 A and AA rules, with no violation, at a
phone's size (390x844) and a laptop's (1280x800).

axe-core comes from npm (pinned in package.json) and is put into the page as it runs; it checks
the whole document at each screen: home, the storage notice (opened), each game's new-game form,
its rules, its table mid-game, its round summary (the games that have rounds), its end dialog
and its replay, the pass screen, the list of keys (``?``) over a table, the host's devices bar and its invitation, the guest's pairing
screen (the join link opened on the same page: its answer is made, no channel comes up) and the
recovery screen (a start whose stored key cannot be read).  Motion reduced, so that no screen is
checked halfway through its fade-in.

One page for all of them, on saves made on CPython (tests/e2e/positions.py); with -s, a table:
screen x size -> elements in the page, the rules axe ran, the nodes it checked, violations.
"""

from __future__ import annotations

import json

import pytest
from conftest import ROOT, RESTARTABLE, Watch, quick, wait_ready
from positions import HUMAN, SAVES, TABLES, play_until, rounds_of

from ui.store import links, saves

AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES = {"390x844": {"width": 390, "height": 844}, "1280x800": {"width": 1280, "height": 800}}

# The storage notice as on a browser that refused to keep the saves (tests/e2e/test_storage_notice.py).
REFUSED = """(() => { if (navigator.storage) {
  navigator.storage.persisted = () => Promise.resolve(false);
  navigator.storage.persist = () => Promise.resolve(false); } })();"""

# A stored key that cannot be read: the start fails, and the recovery screen shows.
BROKEN = "renardiere.save.unreadable"
BREAK = """(key) => { const get = Storage.prototype.getItem;
  window.axeUnbreak = () => { Storage.prototype.getItem = get; };
  Storage.prototype.getItem = function (k) { if (k === key) throw new Error('unreadable'); return get.call(this, k); };
  localStorage.setItem(key, '{}'); window.renardiereRestart(''); }"""

RUN = """async (tags) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
  const nodes = (xs) => xs.reduce((n, x) => n + x.nodes.length, 0);
  return {elements: document.querySelectorAll('*').length,
          rules: r.passes.length + r.violations.length + r.incomplete.length,
          checked: nodes(r.passes) + nodes(r.violations) + nodes(r.incomplete),
          incomplete: r.incomplete.length,
          violations: r.violations.map((v) => ({id: v.id, help: v.help,
            nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary}))}))};
}"""


def _fowl_saves() -> dict:
    """Fowl Play's end (positions.SAVES has its table only; it has no round summary)."""
    out = {"table": TABLES["fowl_play"]}
    ses = play_until("fowl_play", 3, {}, 1005, "e", lambda s: False)
    ses.save["round_seen"] = rounds_of(ses.state)
    out["end"] = ses.save
    return out


def _two_at_one_device() -> dict:
    """Le Renard des Bois between two people at one device: a pass screen before each hand."""
    ses = play_until("renard_des_bois", 2, {}, 77, "p", lambda s: True)
    save = dict(ses.save, id="axepass", seats=[dict(HUMAN, name="Ann"), dict(HUMAN, name="Bob")])
    return save


GAMES = dict(SAVES) | {"fowl_play": _fowl_saves()}
PASS = _two_at_one_device()
WAIT = {"table": "main.play", "round": "#round-dialog", "end": "#end-dialog"}


@pytest.fixture(scope="module")
def axe_page(browser, server, open_watched):
    ctx = browser.new_context(service_workers="block", viewport=SIZES["1280x800"])
    ctx.set_default_timeout(30_000)
    quick(ctx)
    ctx.add_init_script(REFUSED)
    ctx.add_init_script(RESTARTABLE)
    watch = Watch(server.url)
    watch.attach_context(ctx)
    page = open_watched(ctx, watch)
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url)
    wait_ready(page)
    yield page, watch
    ctx.close()


class Checker:
    """Runs axe on the screen shown, at each size; keeps a row per (screen, size)."""

    def __init__(self, page):
        self.page, self.rows, self.found = page, [], []
        self.source = AXE.read_text(encoding="utf-8")

    def check(self, screen: str, ready: str) -> None:
        page = self.page
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            try:
                page.wait_for_selector(ready)
            except Exception:
                page.screenshot(path=str(ROOT / "test-results" / f"axe-{screen}-{size}.png".replace(" ", "-")))
                raise AssertionError(f"{screen} at {size}: {ready} not shown") from None
            page.wait_for_timeout(120)           # a redraw after the resize
            if not page.evaluate("() => !!window.axe"):
                page.evaluate(self.source)
            r = page.evaluate(RUN, TAGS)
            self.rows.append((screen, size, r))
            for v in r["violations"]:
                for n in v["nodes"]:
                    self.found.append(f"{screen} at {size}: {v['id']} ({v['help']}) at {n['target']}: "
                                      f"{(n['summary'] or '').splitlines()[-1].strip() if n['summary'] else ''}")

    def go(self, screen: str, hash_: str, ready: str) -> None:
        self.page.evaluate("(h) => { location.hash = h; }", hash_)
        self.check(screen, ready)

    def table(self) -> str:
        lines = [f"{'screen':<30} {'size':>9} {'elements':>9} {'rules':>6} {'nodes checked':>14} {'violations':>11}"]
        for screen, size, r in self.rows:
            bad = sum(len(v["nodes"]) for v in r["violations"])
            lines.append(f"{screen:<30} {size:>9} {r['elements']:>9} {r['rules']:>6} {r['checked']:>14} {bad:>11}")
        total = sum(r["checked"] for *_, r in self.rows)
        lines.append(f"{len(self.rows)} checks, {total} nodes checked, {len(self.found)} violations "
                     f"(axe-core {json.loads((AXE.parent / 'package.json').read_text())['version']}, tags {', '.join(TAGS)})")
        return "\n".join(lines)


def test_every_screen_passes_axe_at_both_sizes(axe_page):
    page, watch = axe_page
    ax = Checker(page)
    items = {saves.key_of(s["id"]): json.dumps(s) for shots in GAMES.values() for s in shots.values()}
    items[saves.key_of(PASS["id"])] = json.dumps(PASS)
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    page.evaluate("window.renardiereRestart('')")
    ax.check("home", "main.home .continue")
    page.click("#keep summary")
    ax.check("storage notice", "#keep[open]")
    for gid, shots in GAMES.items():
        ax.go(f"{gid} new game", f"#new/{gid}", "#newgame-form")
        ax.go(f"{gid} rules", f"#rules/{gid}", "main.rules-page")
        for screen, save in shots.items():
            ax.go(f"{gid} {screen}", f"#play/{save['id']}", WAIT[screen])
        end = shots["end"]
        ax.go(f"{gid} replay", links.fragment("replay", links.encode("replay", end["record"], end["seats"])),
              "#replay-bar")
    ax.go("pass screen", f"#play/{PASS['id']}", "main[data-pass] #reveal")
    # the list of the keys that read the table (?), open over a table
    page.evaluate("(h) => { location.hash = h; }", f"#play/{GAMES['fendo']['table']['id']}")
    page.wait_for_selector(WAIT["table"])
    page.keyboard.press("?")
    ax.check("keys dialog", "#keys-dialog")
    # the devices bar, the invitation, and the guest's pairing screen on its join link
    page.evaluate("(h) => { location.hash = h; }", "#new/renard_des_bois")
    page.wait_for_selector("#newgame-form")
    page.check('input[name="kind1"][value="device"]')
    page.click("#start")
    ax.check("devices bar", "#devices #invite-1")
    page.click("#invite-1")
    ax.check("invitation", "#invite #join-link")
    join = page.get_attribute("#join-link", "href")
    ax.go("guest pairing", "#" + join.split("#", 1)[1], "#guest #answer-link")
    page.evaluate(BREAK, BROKEN)
    ax.check("recovery", "main.recovery #recovery-keys")
    page.evaluate("() => { window.axeUnbreak(); localStorage.clear(); }")
    print("\n" + ax.table())
    assert not ax.found, f"{len(ax.found)} violations:\n" + "\n".join(ax.found)
    watch.check()
