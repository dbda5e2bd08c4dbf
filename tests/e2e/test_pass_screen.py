"""Issue 27, fault 1: a double tap through Fowl Play's pass screen showed the next player's hand.

Two people at one device; a step that ends a round is followed by each player's card, chosen in
secret, so the pass screen's "show my hand" button appears under the stepping finger (rows i-j
on a phone, row e on a desktop).  (Public moves have no pass screen since issue 28.)  Three taps
90 ms apart on the cell of that step, by touch and by mouse, at three sizes: the step is
played, the next player's hand and target stay hidden, and a tap of its own afterwards shows
the hand.  (That the reveal is not the first half of a double tap either is tested on CPython,
tests/test_ui_fowl_play.py::test_issue_27_nor_is_the_reveal_the_first_half_of_a_double_tap: in
a browser, no card of the hand shown lies under the button at these sizes.)
The taps carry a finger's times (CDP timestamps), whatever the machine's load does to their
delivery; the double-tap guard is as shipped (not the tests' QUICK_TAPS).  One page for the
phone (turned for landscape), one for the desktop.

Issue 54, fault 10: a burst (Ann's card, then two taps 130 and 260 ms after it on the pass
screen's button, or on its Home link), in Le Renard des Bois and Fowl Play, by touch and by
mouse: Bob's hand stays hidden and the game stays on screen.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from conftest import Watch, box_of, quick, wait_ready

import game
from ui.store import saves

SIZES = {"phone": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}
ROWS = {"phone": "ij", "landscape": "ij", "desktop": "e"}     # the rows under the button, measured
SEATS = [{"kind": "human", "name": "Ann", "level": None}, {"kind": "human", "name": "Bob", "level": None}]
SET_ITEMS = "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }"


def _a_step(rows: str):
    """A two-person game at a bird or fox step onto a cell of ``rows`` (columns 3-9) that ends a
    round: the next is each player's card, chosen in secret, so a pass screen follows the step
    (public moves have none, issue 28).  The record, the seat stepping, its step (action,
    from, to), and the seat the device then goes to."""
    for seed in range(300):
        st = game.new_game("fowl_play", 2, seed)
        rng = random.Random(seed)
        while not st.over:
            seat = st.to_move[0]
            if len(st.to_move) == 1 and st.view(seat)["phase"] in ("birds", "foxes"):
                for a in st.legal_actions(seat):
                    frm, _, to = a.removeprefix("fox ").partition("-")
                    if to[:1] in rows and 3 <= int(to[1:] or 0) <= 9:
                        after = st.clone()
                        after.apply(seat, a)
                        if not after.over and after.view(None)["phase"] == "choose":
                            return st.record(), seat, (a, frm, to), after.to_move[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
    raise AssertionError(f"no round-ending step to rows {rows} in 300 seeds")


def _open(page, sid: str, record: dict, seat: int) -> None:
    """Stores the game as ``sid`` and opens it: its pass screen for ``seat``, up for 300 ms
    (None: a public move, no pass screen)."""
    page.evaluate(SET_ITEMS, {saves.key_of(sid): json.dumps(dict(saves.make(sid, record, SEATS, 1_764_000_000),
                                                                  rev=1))})
    page.evaluate("(sid) => { location.hash = '#play/' + sid; }", sid)
    if seat is None:                 # a public move: the table, in the open
        page.wait_for_selector("main.play #board")
        return
    page.wait_for_selector(f'main[data-pass="{seat}"] #reveal')
    page.wait_for_timeout(300)


def _actions(page, sid: str) -> list:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(saves.key_of(sid))})"))["record"]["actions"]


def _under_reveal(page, x: float, y: float) -> bool:
    return page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#reveal')", [x, y])


@pytest.fixture(scope="module")
def pages(browser, server):
    """``pages(size)``: a page of the app at that size, ready, with touch and a mouse:
    (page, cdp, watch).  One page for the phone, turned for landscape; one for the desktop."""
    made = {}

    def get(size):
        device = "desktop" if size == "desktop" else "phone"
        if device not in made:
            ctx = browser.new_context.__wrapped__(    # a person's taps: the double-tap guard as shipped
                has_touch=True, is_mobile=device == "phone", service_workers="block")
            quick(ctx)
            ctx.set_default_timeout(30_000)
            watch = Watch(server.url)
            watch.attach_context(ctx)
            page = ctx.new_page()
            watch.attach_page(page)
            page.goto(server.url)
            wait_ready(page)
            made[device] = (ctx, page, ctx.new_cdp_session(page), watch)
        ctx, page, cdp, watch = made[device]
        w, h = SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        return page, cdp, watch

    yield get
    for ctx, *_ in made.values():
        ctx.close()


def _taps(cdp, kind: str, x: float, y: float, n: int = 1, gap: float = 0.09) -> None:
    """``n`` taps on (x, y), ``gap`` seconds apart, each 20 ms long, by finger or by mouse."""
    _burst(cdp, kind, [(x, y)] * n, gap)


def _burst(cdp, kind: str, points: list, gap: float) -> None:
    """A tap on each of ``points`` in turn, ``gap`` seconds apart, each 20 ms long."""
    t0 = time.time()
    for i, (x, y) in enumerate(points):
        t = t0 + i * gap
        if kind == "touch":
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}],
                                                  "timestamp": t})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": t + 0.02})
        else:
            for typ, dt in (("mousePressed", 0), ("mouseReleased", 0.02)):
                cdp.send("Input.dispatchMouseEvent", {"type": typ, "x": x, "y": y, "button": "left",
                                                      "clickCount": i + 1, "timestamp": t + dt})


def _centre(page, selector: str) -> tuple:
    box = box_of(page, selector)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("kind", ["touch", "mouse"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_double_tap_that_ends_a_turn_never_shows_the_next_hand(pages, size, kind):
    page, cdp, watch = pages(size)
    record, seat, (action, frm, to), nxt = _a_step(ROWS[size])
    sid = f"dbl-{size}-{kind}"
    _open(page, sid, record, None)                   # a public step: no pass screen before it
    page.wait_for_selector(f'#board .hex[data-cell="{frm}"]')
    x, y = _centre(page, f'#board .hex[data-cell="{to}"]')
    _taps(cdp, kind, *_centre(page, f'#board .hex[data-cell="{frm}"]'))
    page.wait_for_selector(f'#board .hex.reach[data-cell="{to}"]')
    _taps(cdp, kind, x, y, n=3)                      # the step, then two taps more
    page.wait_for_selector(f'main[data-pass="{nxt}"], #hand .fcard')
    page.wait_for_timeout(400)                       # every tap handled
    assert _actions(page, sid) == record["actions"] + [[seat, action]]
    assert page.query_selector(f'main[data-pass="{nxt}"]'), f"{size}, {kind}: a hand shown by the double tap"
    assert not page.query_selector("#hand") and not page.query_selector("#target")
    assert _under_reveal(page, x, y), f"{size}: the pass screen's button is not under the step's cell"
    _taps(cdp, kind, x, y)                           # a tap of its own: the hand
    page.wait_for_selector("#hand .fcard")
    hand = sorted(int(c) for c in page.eval_on_selector_all("#hand .fcard", "els => els.map(e => e.dataset.card)"))
    assert hand == sorted(game.replay(dict(record, actions=_actions(page, sid))).view(nxt)["hand"])
    assert not page.query_selector("#target")        # the target: a tap on its own button
    watch.check()


# Issue 54, fault 10: Ann's card, then two taps where the pass screen's button (or its Home link)
# comes, 130 and 260 ms after it: the first is dropped, and the quiet time starts again from it.
# A card of Ann's that ends her turn at once: Renard's first lead of an even card (no ability),
# Fowl Play's secret target.
ANN_CARD = {"renard_des_bois": "#hand .hcard.legal:is([data-card^='2'],[data-card^='4'],[data-card^='6'],"
                               "[data-card^='8'],[data-card^='10'])",
            "fowl_play": "#hand .fcard"}


@pytest.mark.parametrize("aim", ["reveal", "home-link"])
@pytest.mark.parametrize("kind", ["touch", "mouse"])
@pytest.mark.parametrize("gid", list(ANN_CARD))
def test_a_burst_of_taps_through_the_pass_screen_neither_shows_the_next_hand_nor_leaves(pages, gid, kind, aim):
    page, cdp, watch = pages("phone")
    sid = f"burst-{gid}-{kind}-{aim}"
    st = game.new_game(gid, 2, 3)
    ann = st.to_move[0]
    record, bob = st.record(), 1 - ann
    _open(page, sid, record, ann)                    # Ann's pass screen: Bob's will be the same
    target = _centre(page, "#" + aim)
    _taps(cdp, kind, *_centre(page, "#reveal"))
    box = box_of(page, ANN_CARD[gid])
    page.wait_for_timeout(400)                       # past the reveal's own quiet time
    card = (box["x"] + 8, box["y"] + box["height"] / 2)     # the fans overlap to the right
    assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#hand [data-act]')", list(card))
    _burst(cdp, kind, [card, target, target], gap=0.13)
    page.wait_for_selector(f'main[data-pass="{bob}"], #hand, main:not(.play)')
    page.wait_for_timeout(600)                       # every tap handled
    assert len(_actions(page, sid)) == len(record["actions"]) + 1
    assert page.evaluate("location.hash") == "#play/" + sid, f"{gid}, {kind}: the burst left the game"
    assert page.query_selector(f'main[data-pass="{bob}"]'), f"{gid}, {kind}: Bob's hand shown to Ann"
    assert not page.query_selector("#hand")
    _taps(cdp, kind, *_centre(page, "#reveal"))      # a tap of its own: Bob's hand
    page.wait_for_selector("#hand [data-act]")
    watch.check()
