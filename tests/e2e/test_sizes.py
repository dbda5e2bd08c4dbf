"""Each game's table at the four sizes of issue 16: phone 390x844, phone on its side 844x390,
tablet 820x1180 and laptop 1280x800.  The whole board (Fendo), or the table and the person's
hand together (Le Renard des Bois, Fennecs), lie inside the viewport with no scrolling; the
cards grow with the screen; Renard's 13 cards make one row on a phone, the playable ones
raised and never covered by another card.

A screenshot of each game mid-game at each size: test-results/sizes/<game>-<size>.png.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui import games
from ui.store import saves
from conftest import QUICK, shared_device
from positions import FOLLOW, IN_VIEW, LEAD, TABLES

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "sizes"
SIZES = {
    "phone": (390, 844, True),
    "phone-landscape": (844, 390, True),
    "tablet": (820, 1180, True),
    "laptop": (1280, 800, False),
}
_MEASURE = """(sels) => sels.map((s) => { const r = document.querySelector(s).getBoundingClientRect();
    return {sel: s, x: r.left, y: r.top, right: r.right, bottom: r.bottom}; })"""

# each hand card: its box, whether it is playable, and whether any other card lies over its
# top-left corner strip (the part a fan shows)
_HAND = """() => [...document.querySelectorAll('#hand .hcard')].map((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + 6, y = r.top + 14;
    const top = document.elementFromPoint(x, y);
    return {card: el.dataset.card, legal: el.classList.contains('legal'), top: r.top, left: r.left,
            width: r.width, covered: !(top && el.contains(top))};
})"""


# The module's started pages: a touch screen (the phones and the tablet, is_mobile) and the
# laptop's; a test takes the one of its size, so a page boots only if a test asks for it.
touch_screen = shared_device([QUICK], is_mobile=True, has_touch=True, device_scale_factor=1, service_workers="block")
laptop_screen = shared_device([QUICK], is_mobile=False, has_touch=False, device_scale_factor=1, service_workers="block")


@pytest.mark.parametrize("size", list(SIZES))
def test_each_table_lies_in_view_at_four_sizes(request, shared_at, size):
    w, h, mobile = SIZES[size]
    problems, widths = [], {}
    page = shared_at(request.getfixturevalue("touch_screen" if mobile else "laptop_screen"), {"width": w, "height": h})
    items = {saves.key_of(s["id"]): json.dumps(s) for s in
             list(TABLES.values()) + [LEAD, FOLLOW]}
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for gid, sels in IN_VIEW.items():
        page.evaluate("(h) => { location.hash = h; }", f"#play/{TABLES[gid]['id']}")
        page.wait_for_selector(sels[-1])
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"{gid}-{size}.png"))
        assert page.evaluate("window.scrollY") == 0
        for box in page.evaluate(_MEASURE, list(sels)):
            if box["x"] < -0.5 or box["y"] < -0.5 or box["right"] > w + 0.5 or box["bottom"] > h + 0.5:
                problems.append(f"{gid}: {box['sel']} outside the {w}x{h} viewport: {box}")
        if gid in ("renard_des_bois", "fennecs"):
            widths[gid] = page.evaluate("document.querySelector('#hand .hcard').getBoundingClientRect().width")
    # Renard's 13 cards: one row, the playable ones raised, uncovered, with the wider strips
    for save in (LEAD, FOLLOW):
        page.evaluate("(h) => { location.hash = h; }", f"#play/{save['id']}")
        page.wait_for_selector("#hand.active .hcard.legal")
        page.wait_for_timeout(200)
        tag = "lead" if save is LEAD else "follow"
        page.screenshot(path=str(SHOTS / f"renard_des_bois-13-cards-{tag}-{size}.png"))
        hand = page.evaluate(_HAND)
        assert len(hand) == 13
        legal_tops = {round(c["top"]) for c in hand if c["legal"]}
        other_tops = {round(c["top"]) for c in hand if not c["legal"]}
        if len(legal_tops) > 1 or len(other_tops) > 1:
            problems.append(f"{tag}: 13 cards in more than one row: {legal_tops}, {other_tops}")
        if legal_tops and other_tops and not max(legal_tops) < min(other_tops):
            problems.append(f"{tag}: playable cards not raised: {legal_tops} vs {other_tops}")
        covered = [c["card"] for c in hand if c["legal"] and c["covered"]]
        if covered:
            problems.append(f"{tag}: playable cards covered: {covered}")
        strips = [(b["left"] - a["left"], a["legal"]) for a, b in zip(hand, hand[1:])]
        legal = [round(w, 1) for w, ok in strips if ok]
        # a lead of 13 on a phone: an equal share each (WCAG 2.5.8's 24 px at least);
        # following suit, the playable cards get a thumb's width
        floor = 44 if save is FOLLOW or size in ("tablet", "laptop") else 24
        if min(legal) < floor - 0.5:
            problems.append(f"{tag}: playable strips under {floor} px: {legal}")
        for box in page.evaluate(_MEASURE, [".rtable", "#hand"]):
            if box["right"] > w + 0.5 or box["bottom"] > h + 0.5:
                problems.append(f"{tag}: {box['sel']} outside the viewport: {box}")
    if size in ("tablet", "laptop"):      # bigger cards than a phone's 58 px
        small = {g: x for g, x in widths.items() if x < 80}
        if small:
            problems.append(f"hand cards no bigger than a phone's: {small}")
    print(f"{size}: hand card widths {widths}")
    assert not problems, f"{size}:\n" + "\n".join(problems)
