"""Le Renard des Bois in Chromium: a game against the novice bot, a few cards played by clicking.

Uses the fixtures of tests/e2e/conftest.py (a static server, Chromium, and a watch that fails
the test on any console error or request to another origin).
"""

from __future__ import annotations


def _wait_our_turn(page, timeout=60_000):
    page.wait_for_function(
        """() => { const m = document.querySelector('main.play');
                   return m && (m.dataset.over === '1' || (!m.dataset.thinking &&
                          document.querySelector('#hand.active'))); }""", timeout=timeout)


def _ply(page) -> int:
    return int(page.get_attribute("main.play", "data-ply"))


def test_play_a_few_cards_against_the_novice_bot(page, server, wait_ready):
    page.goto(server.url)
    wait_ready(page)
    page.click("#new-renard_des_bois")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    page.check('input[name="opt-target"][value="16"]')
    page.click("#start")
    page.wait_for_selector("main.play-renard")
    played = 0
    while played < 4:
        _wait_our_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
        ply = _ply(page)
        if page.query_selector("#keep"):
            page.click("#keep")
        else:
            # a card we may not play (if any) is refused with the reason, and nothing moves
            bad = page.query_selector("#hand.active .hcard:not(.legal)")
            if bad is not None and not page.get_attribute("main.play", "data-mode"):
                bad.click(position={"x": 5, "y": 40}, force=True)  # its visible strip
                page.wait_for_selector("#status .st-error")
                assert _ply(page) == ply
            page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)
            played += 1
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    _wait_our_turn(page)
    assert page.is_visible("#decree") and page.is_visible("#trick")
    assert page.text_content(".rplayer.opp .tricks") and page.query_selector_all(".rplayer.opp .hcard")
    # the game is saved: a reload comes back to the same position
    ply = _ply(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("main.play-renard")
    assert _ply(page) == ply
