"""Every screen of every landed game on four screens, with a screenshot of each.

Devices (Playwright emulation; touch and a mobile viewport for the phones and the tablet):
phone 390x844, phone on its side 844x390, small phone 360x640, tablet 1024x768.  Screens:
home; per game the new-game form, the rules, the table mid-game, a round summary (Le Renard
des Bois, Fennecs) and the end screen, from saves made here on CPython (seeded random play)
and put in localStorage, as a player's own saves would be.

On each: no sideways scroll; every tap target (button, link, field, card, board cell) at
least 44 px in its smaller dimension; HTML text at least 12 px; every control reachable
(scrolled into view, part of it on top).  ``layout_checks.js`` does the measuring.

Documented exceptions: the labels drawn inside pictures (the Fendo board's coordinates and
area badges, the words under a card's value) are SVG that scales with the board or card and
stays legible through the value, colour and shape; the page can be pinch-zoomed. A Fendo
board of 9x9 or 11x11 fitted to a phone's width has cells under 44 px (9x9 35.5 px at 360 px
wide and 38.6 at 390, 11x11 29.5 and 32.0): there "Bigger cells" draws them at 44 px or more
in a strip that scrolls sideways (test_bigger_fendo_boards_get_cells_of_44_px_on_a_phone_at_a_tap);
the default 7x7 keeps 44 px on every device (its cells are tapped by their whole pitch).
A hand of cards is one row (issue 16: Renard's 13 on a phone): a playable card shows a strip of
44 px, or its equal share of the row when more cards are playable than fit so (8 on a 360 px
phone: 40 px; a lead of 13 at 390 px: 27 px), never under WCAG 2.5.8's 24 px; a card that
cannot be played now is greyed, and a tap on it only says why, so it is not counted.

Screenshots: test-results/screens/<game>-<screen>-<device>.jpg (CI keeps test-results/): JPEG at
quality 80, as Chromium spent about a fifth of the four devices' CPU encoding a hundred
full-page PNGs (40 s of CPU against 31, 2026-11-29).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from ui.store import saves
from ui.store.session import Session
from conftest import box_of, shared_device
from positions import BOT, HUMAN, SAVES

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screens"
CHECKS = (Path(__file__).parent / "layout_checks.js").read_text(encoding="utf-8")
DEVICES = {
    "phone": {"width": 390, "height": 844, "mobile": True},
    "phone-landscape": {"width": 844, "height": 390, "mobile": True},
    "small-phone": {"width": 360, "height": 640, "mobile": True},
    "tablet": {"width": 1024, "height": 768, "mobile": True},
}
def screens():
    """(game, screen, hash, selector) in the order they are visited."""
    out = [("app", "home", "#", "main.home")]
    for gid, shots in SAVES.items():
        out += [(gid, "new", f"#new/{gid}", "#newgame-form"),
                (gid, "rules", f"#rules/{gid}", "main.rules-page")]
        for screen, save in shots.items():
            sel = {"table": "main.play", "round": "#round-dialog", "end": "#end-dialog"}[screen]
            out.append((gid, screen, f"#play/{save['id']}", sel))
    return out


# The module's started page: every device here is a touch screen, is_mobile, at a device pixel
# ratio of 1; each test sets its size.
touch_screen = shared_device(is_mobile=True, has_touch=True, device_scale_factor=1, service_workers="block")


@pytest.fixture
def on_device(touch_screen, shared_at):
    """``on_device(name)``: the module's page at that device's size, as if just opened."""
    return lambda device: shared_at(touch_screen, _size(device))


def _size(device: str) -> dict:
    return {"width": DEVICES[device]["width"], "height": DEVICES[device]["height"]}


def _seed(page):
    items = {saves.key_of(s["id"]): json.dumps(s) for shots in SAVES.values() for s in shots.values()}
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def _go(page, hash_, selector):
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_selector(selector)
    page.wait_for_timeout(150)     # the fade-in of a dialog


@pytest.mark.parametrize("device", list(DEVICES))
def test_every_screen_fits(on_device, device):
    page = on_device(device)
    problems = []
    _seed(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for gid, screen, hash_, selector in screens():
        _go(page, hash_, selector)
        page.screenshot(path=str(SHOTS / f"{gid}-{screen}-{device}.jpg"), full_page=True, quality=80)
        report = page.evaluate(CHECKS)
        where = f"{gid} {screen}"
        if report["hscroll"]:
            problems.append(f"{where}: scrolls sideways ({report['hscroll']} px wide)")
        problems += [f"{where}: target under 44 px: {x}" for x in report["small"]]
        problems += [f"{where}: text under 12 px: {x}" for x in report["tiny"]]
        problems += [f"{where}: not reachable: {x}" for x in report["unreachable"]]
    assert not problems, f"{device} ({len(problems)}):\n" + "\n".join(problems)


def test_rotation_mid_game(on_device):
    """A phone turned on its side and back during a Fendo move: the board fits each time,
    and the move begun in portrait ends in landscape and is played."""
    page = on_device("phone")
    _seed(page)
    save = SAVES["fendo"]["table"]
    _go(page, f"#play/{save['id']}", "#board")
    state = game.replay(save["record"])
    move = next(a for a in state.legal_actions(0) if "-" in a)
    src, rest = move.split("-")
    dst, side = rest[:-1], rest[-1]
    ply = int(page.get_attribute("main.play", "data-ply"))

    def fits(w, h):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(100)
        box = box_of(page, "#board")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (w, h)
        assert box["x"] >= 0 and box["x"] + box["width"] <= w + 0.5, (w, h, box)
        cell = box_of(page, f'#board [data-cell="{src}"] .cell-hit')
        assert min(cell["width"], cell["height"]) >= 43.5, (w, h, cell)

    fits(390, 844)
    page.click(f'#board [data-act="cell"][data-cell="{src}"]')
    page.wait_for_selector(f'#board [data-cell="{src}"].selected')
    fits(844, 390)
    page.click(f'#board [data-act="cell"][data-cell="{dst}"]')
    page.wait_for_selector(f'#board .wall-hit[data-side="{side}"]')
    fits(390, 844)
    fits(844, 390)
    page.click(f'#board .wall-hit[data-side="{side}"]')
    page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply > p", arg=ply)
    fits(390, 844)
    page.screenshot(path=str(SHOTS / "fendo-rotated-phone.png"))


def test_bigger_fendo_boards_get_cells_of_44_px_on_a_phone_at_a_tap(on_device):
    """A 9x9 or 11x11 Fendo board that fits a phone's width has cells under 44 px (measured
    against the floors below); "Bigger cells" (#zoom) draws them at 44 px or more in a strip
    that scrolls sideways, the page never does, and a cell tapped there is played."""
    floors = {(9, 360): 35, (9, 390): 38, (11, 360): 29, (11, 390): 31.5}
    big = {n: Session.start(f"big{n}", "fendo", [HUMAN, BOT], {"size": n}, n, 1_764_000_000).save for n in (9, 11)}
    measured, zoomed = {}, {}

    def cell(page):
        box = box_of(page, '#board [data-cell="a1"] .cell-hit')
        return round(min(box["width"], box["height"]), 1)

    page = on_device("small-phone")
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  {saves.key_of(s["id"]): json.dumps(s) for s in big.values()})
    for n, width in floors:
        page.set_viewport_size({"width": width, "height": 844 if width == 390 else 640})
        _go(page, f"#play/{big[n]['id']}", f'#board[data-size="{n}"]')
        if page.get_attribute("#zoom", "aria-pressed") == "true":
            page.click("#zoom")
        measured[(n, width)] = cell(page)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (n, width)
        page.click("#zoom")
        page.wait_for_selector("main.play-fendo.zoomed")
        zoomed[(n, width)] = cell(page)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (n, width)
        zoom_box = box_of(page, "#zoom")
        assert min(zoom_box["width"], zoom_box["height"]) >= 44
    # in the strip, a tap on a cell at its far side plays: a pawn comes in from the reserve
    page.click("#reserve")
    target = page.locator('#board [data-cell].entry').last
    target.scroll_into_view_if_needed()
    cell_name = target.get_attribute("data-cell")
    across = page.evaluate("document.querySelector('.play-board').scrollLeft")
    assert across > 0                       # the strip was scrolled to reach it...
    target.click()
    page.wait_for_function("+document.querySelector('main.play').dataset.ply >= 1")
    # ...and stays where it was through the redraws (the pawn just entered is in sight)
    assert page.evaluate("document.querySelector('.play-board').scrollLeft") == across
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(SHOTS / "fendo-11x11-bigger-cells-phone.png"))
    print(f"Fendo cell, px, by (size, screen width): fitted {measured}, bigger cells {zoomed} (entered {cell_name})")
    low = {k: v for k, v in measured.items() if v < floors[k]}
    assert not low, f"cells smaller than documented: {low} (measured {measured})"
    small = {k: v for k, v in zoomed.items() if v < 44}
    assert not small, f"bigger cells under 44 px: {small}"
