"""The status bar (ui/kit/widgets.py status): the line that says whose turn it is and what to do, with
Undo and Hint, stays on the screen while the board or the hand is, at every size, in every game;
and a refused tap moves nothing on the table.

- At each size, each game's table mid-game (the saves of tests/e2e/positions.py, the person to play): at
  rest, what the screen keeps in view together (``GameScreen.in_view``) and the status's main
  line, ``#undo`` and ``#hint`` lie on the screen, uncovered, the bar over none of the former
  (on a small phone, 360x640, only the three are asserted: the table is taller than the screen);
  scrolled down until half of the board or hand has gone, the three are still on the screen.
- A refused tap (the Renard card that may not go, at 390x844; an empty Fendo cell tapped with no pawn picked,
  at 390x844 and 844x390) leaves the table, the hand, Undo and Hint where they were, and its
  message is on the screen, whole (it does not scroll in its box).

Screenshots: test-results/status/<game>-<size>.png, and of the refusals.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from conftest import wait_ready
from positions import FOLLOW, IN_VIEW, TABLES
from ui.store import saves

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "status"
SIZES = {   # the sizes of issue 16 (test_sizes.py), a tablet held either way and a small phone
    "phone": (390, 844),
    "phone-landscape": (844, 390),
    "small-phone": (360, 640),
    "tablet": (820, 1180),
    "tablet-768": (768, 1024),
    "tablet-landscape": (1024, 768),
    "laptop": (1280, 800),
}
BAR = ("#status .st-main", "#undo", "#hint")
# A small phone cannot show the table and the bar at once: there the bar stays on the screen (over
# the table's foot at rest, the table scrolling under it), and no more is asserted.
CRAMPED = {"small-phone"}

# Each selector's box, and whether the element (or a child) is what a tap at its centre reaches.
_BOXES = """(sels) => sels.map((s) => {
    const e = document.querySelector(s);
    if (!e) return {sel: s, missing: true};
    const r = e.getBoundingClientRect();
    const cx = Math.min(Math.max((r.left + r.right) / 2, 0), innerWidth - 1);
    const cy = Math.min(Math.max((r.top + r.bottom) / 2, 0), innerHeight - 1);
    const t = document.elementFromPoint(cx, cy);
    return {sel: s, x: r.left, y: r.top, right: r.right, bottom: r.bottom, top: !!t && (t === e || e.contains(t))};
})"""


def _outside(box, w, h) -> bool:
    return box.get("missing") or box["x"] < -0.5 or box["y"] < -0.5 or box["right"] > w + 0.5 or box["bottom"] > h + 0.5


def _overlap(a, b) -> bool:
    return min(a["right"], b["right"]) - max(a["x"], b["x"]) > 1 and min(a["bottom"], b["bottom"]) - max(a["y"], b["y"]) > 1


@pytest.fixture(scope="module")
def tables(browser, server):
    """One phone-like page with every table's save in its storage, resized at each test."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              device_scale_factor=1, service_workers="block")
    ctx.set_default_timeout(30_000)
    ctx.add_init_script("window.renardierePace = 0;")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    wait_ready(page)
    items = {saves.key_of(s["id"]): json.dumps(s) for s in list(TABLES.values()) + [FOLLOW]}
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield page
    ctx.close()
    assert not errors, errors


def _open(page, save, wait: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", "#")
    page.wait_for_selector("main.home")
    page.evaluate("(h) => { location.hash = h; }", f"#play/{save['id']}")
    page.wait_for_selector(wait)
    page.wait_for_selector("#hint")
    page.wait_for_timeout(250)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_status_undo_and_hint_stay_in_view_with_the_table(tables, size):
    page = tables
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    problems = []
    for gid, sels in IN_VIEW.items():
        _open(page, TABLES[gid], sels[-1])
        assert page.evaluate("window.scrollY") == 0
        page.screenshot(path=str(SHOTS / f"{gid}-{size}.png"))
        table = page.evaluate(_BOXES, list(sels))
        bar = page.evaluate(_BOXES, list(BAR) + ["#status-bar"])
        for box in (bar[:3] if size in CRAMPED else table + bar[:3]):
            if _outside(box, w, h):
                problems.append(f"{gid}: {box['sel']} not on the {w}x{h} screen at rest: {box}")
        problems += [f"{gid}: {b['sel']} covered at rest" for b in bar[:3] if not b.get("missing") and not b["top"]]
        if not bar[3].get("missing") and size not in CRAMPED:
            problems += [f"{gid}: the status bar lies over {t['sel']}" for t in table if _overlap(bar[3], t)]
        # scrolled down until half the board or hand has gone: the bar still on the screen
        top = min(b["y"] for b in table)
        bottom = max(b["bottom"] for b in table)
        page.evaluate("(y) => window.scrollTo(0, y)", top + (bottom - top) / 2)
        page.wait_for_timeout(100)
        scrolled = page.evaluate("window.scrollY")
        page.screenshot(path=str(SHOTS / f"{gid}-{size}-scrolled.png"))
        for box in page.evaluate(_BOXES, list(BAR)):
            if _outside(box, w, h) or not box["top"]:
                problems.append(f"{gid}: {box['sel']} not on the screen scrolled by {scrolled} px: {box}")
        page.evaluate("window.scrollTo(0, 0)")
    assert not problems, f"{size} ({w}x{h}):\n" + "\n".join(problems)


def _refused(page, name: str, tap, measured: list, before: list) -> list:
    """Taps (``tap()``) what the table refuses: the boxes of ``measured`` that moved from
    ``before``, and the message off the screen."""
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    said = page.evaluate("() => document.querySelector('#status .st-error')?.textContent || ''")
    tap()
    page.wait_for_function("(s) => (document.querySelector('#status .st-error')?.textContent || s) !== s", arg=said)
    page.wait_for_timeout(150)
    page.screenshot(path=str(SHOTS / f"refused-{name}.png"))
    after = page.evaluate(_BOXES, measured)
    problems = [f"{name}: {a['sel']} moved: {a} -> {b}" for a, b in zip(before, after)
                if any(abs(a[k] - b[k]) > 0.5 for k in ("x", "y", "right", "bottom"))]
    msg = page.evaluate(_BOXES, ["#status .st-error"])[0]
    if _outside(msg, w, h) or not msg["top"]:
        problems.append(f"{name}: the refusal is not on the screen: {msg}")
    inside = page.evaluate("() => { const e = document.querySelector('#status .st-error'); return [e.scrollHeight, e.clientHeight]; }")
    if inside[0] > inside[1] + 1:
        problems.append(f"{name}: the refusal scrolls in its box (issue 54): {inside}")
    return problems


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_card_moves_neither_the_hand_nor_the_table(tables, lang):
    """Renard on a phone: a card that may not go (one with an ability too: its longer words,
    longer still in French)."""
    page = tables
    page.set_viewport_size({"width": 390, "height": 844})
    _open(page, FOLLOW, "#hand.active .hcard.legal")
    if page.evaluate("document.documentElement.lang") != lang:
        page.click(f'button[data-lang="{lang}"]')
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    measured = [".rtable", "#hand", "#undo", "#hint"]
    odd = page.evaluate("""() => [...document.querySelectorAll('#hand .hcard:not(.legal)')]
        .map((e) => e.dataset.card).filter((c) => [1, 3, 5, 7, 9, 11].includes(parseInt(c)))""")
    plain = page.evaluate("""() => [...document.querySelectorAll('#hand .hcard:not(.legal)')]
        .map((e) => e.dataset.card).filter((c) => ![1, 3, 5, 7, 9, 11].includes(parseInt(c)))""")
    assert odd and plain, (odd, plain)
    before = page.evaluate(_BOXES, measured)      # no message yet
    problems = []
    for card in (plain[0], odd[0]):
        def tap(card=card):
            page.click(f'#hand .hcard[data-card="{card}"]', position={"x": 5, "y": 40}, force=True)
        problems += _refused(page, f"renard-{card}-phone-{lang}", tap, measured, before)
    if lang != "en":
        page.click('button[data-lang="en"]')
        page.wait_for_function("document.documentElement.lang === 'en'")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", ["phone", "phone-landscape"])
def test_a_refused_pawn_moves_nothing_on_the_fendo_table(tables, size):
    page = tables
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    _open(page, TABLES["fendo"], "#board")
    view = game.replay(TABLES["fendo"]["record"]).view(None)
    cell = "d4"          # an empty cell in the open, nothing picked: "pick one of your pawns first"
    assert cell not in view["pawns"] and all(cell not in a["cells"] for a in view["areas"] if not a["open"])

    def tap():
        page.click(f'#board [data-act="cell"][data-cell="{cell}"]')

    if page.query_selector("#status .st-error"):        # said at the other size: a tap on the frame
        page.click(".play-board", position={"x": 2, "y": 2}, force=True)   # lets it go
        page.wait_for_selector("#status .st-error", state="detached")
    measured = ["#board", ".players", "#undo", "#hint"]
    problems = _refused(page, f"fendo-{size}", tap, measured, page.evaluate(_BOXES, measured))
    assert not problems, "\n".join(problems)
