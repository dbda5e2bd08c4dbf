"""Fennecs in Chromium: four players (one human, three novice bots), a few moves by clicking.

Uses the fixtures of tests/e2e/conftest.py (a static server, Chromium, and a watch that fails
the test on any console error or request to another origin).
"""

from __future__ import annotations


def _wait_our_turn(page, timeout=60_000):
    page.wait_for_function(
        """() => { const m = document.querySelector('main.play');
                   return m && (m.dataset.over === '1' || document.querySelector('#round-ok') ||
                          (!m.dataset.thinking && (document.querySelector('#hand.active') ||
                                                   document.querySelector('#confirm')))); }""",
        timeout=timeout)


def _ply(page) -> int:
    return int(page.get_attribute("main.play", "data-ply"))


def test_play_a_few_moves_at_a_four_player_table(page, server, wait_ready):
    page.goto(server.url)
    wait_ready(page)
    page.click("#new-fennecs")
    page.wait_for_selector("#newgame-form")
    page.check('input[name="players"][value="4"]')
    page.wait_for_selector("#level3")
    for i in (1, 2, 3):
        page.select_option(f"#level{i}", "novice")
    page.click("#start")
    page.wait_for_selector("main.play-fennecs")
    assert len(page.query_selector_all(".fcol")) == 4
    assert len(page.query_selector_all(".fplayer")) == 4
    played = 0
    while played < 3:
        _wait_our_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
            continue
        if page.get_attribute("main.play", "data-over"):
            break
        ply = _ply(page)
        if page.query_selector("#confirm"):
            page.click("#confirm")
        else:
            page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 30}, force=True)
            page.wait_for_selector("button.fstack.lit")
            page.click("button.fstack.lit >> nth=0", position={"x": 10, "y": 10})
            page.wait_for_selector("#face-up")
            if page.get_attribute("#face-up", "aria-disabled"):
                page.click("#face-down")
            else:
                page.click("#face-up")
            played += 1
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    assert page.is_visible("#table") and page.is_visible("#reserve")
    # the game is saved: a reload comes back to the same position
    _wait_our_turn(page)
    ply = _ply(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("main.play-fennecs")
    assert _ply(page) == ply
