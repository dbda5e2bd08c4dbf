"""Issue 53, WCAG 2.2's 1.4.1 (Use of Color): colour is never the only signal.  Each game's
table mid-game (tests/e2e/positions.py), on a phone upright (390x844), seen by Chromium as a
person with deuteranopia (no green cone: reds and greens alike) and with achromatopsia (no
colour at all) would see it (CDP ``Emulation.setEmulatedVisionDeficiency``): the pictures go
to ``docs/screenshots/vision/<game>-<kind>.png``, to be looked at: seats, birds, bands and
marks must be told apart by a shape, a pattern or a label too.  A person judges them, not
this file: it runs only when asked, as the lessons' pictures are,

    VISION_SHOTS=1 .venv/bin/python -m pytest tests/e2e/test_vision.py
"""

from __future__ import annotations

import os
import pathlib

import pytest
from conftest import shared_device
from positions import TABLES, open_table


OUT = pathlib.Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "vision"
KINDS = ("deuteranopia", "achromatopsia")

phone = shared_device(service_workers="block", is_mobile=True, has_touch=True, device_scale_factor=1,
                      viewport={"width": 390, "height": 844})


@pytest.mark.skipif(not os.environ.get("VISION_SHOTS"), reason="VISION_SHOTS=1 draws the pictures")
@pytest.mark.parametrize("gid", sorted(TABLES))
def test_each_table_seen_without_colours(gid, phone, shared_at):
    page = shared_at(phone, {"width": 390, "height": 844})
    open_table(page, gid)
    cdp = page.context.new_cdp_session(page)
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        for kind in KINDS:
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
            page.wait_for_timeout(50)
            shot = page.screenshot(path=str(OUT / f"{gid}-{kind}.png"))
            assert len(shot) > 10_000, (gid, kind)        # a table drawn, not a blank page
    finally:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        cdp.detach()
