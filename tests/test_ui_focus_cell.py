"""A board's keys from the cell a screen reader focused (ui.kit.roving, ui.table.tabletop).

A reader's focus mode, or a click, may put the focus on any cell of a walkable board, not
only on its one tab stop: the arrows then walk on from that cell, and Enter taps it.  Found
by the virtual reader: the arrows moved the hidden tab stop and the focus stayed put, silent.
"""

from __future__ import annotations

import re

import pytest

from ui.kit import registry

from helpers.app import make_app, start

GRIDS = sorted(gid for gid in registry.SCREENS if "ArrowLeft" in registry.screen(gid).board_keys)
_CELL = re.compile(r'data-cell="([^"]+)"[^>]*role="gridcell" tabindex="(-?\d)"')


def stops(html: str) -> tuple[str, list[str]]:
    """The tab stop's cell, and the others, as drawn."""
    cells = _CELL.findall(html)
    return [c for c, t in cells if t == "0"][0], [c for c, t in cells if t == "-1"]


@pytest.mark.parametrize("gid", GRIDS)
def test_the_arrows_walk_on_from_the_cell_with_the_focus(gid):
    app, page = make_app()
    start(app, page, gid, kinds=("human", "bot"))
    stop, others = stops(page.html)
    assert others, gid
    walked = 0
    for cell in others[len(others) // 3:]:        # away from the first row's edges
        assert app.on_key("ArrowRight", "board", cell)
        there, _ = stops(page.html)
        if there == cell:
            continue                              # the right edge held it: another cell
        assert app.on_key("ArrowLeft", "board", there)
        back, _ = stops(page.html)
        assert back == cell, (gid, cell, there, back)     # from the focused cell, not the old stop
        walked += 1
        if walked == 3:
            break
    assert walked == 3, gid
