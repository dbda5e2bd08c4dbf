"""The live region in Chromium: #announce, outside the redrawn #app, tells our move and then
the bot's answer (tests/test_ui_announce.py checks the words of every game)."""

from __future__ import annotations


def test_the_live_region_tells_our_move_then_the_bots(app):
    page = app
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite" and region.text_content() == ""
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    page.click("#start")
    page.wait_for_selector("#board")
    page.click("#reserve")
    cell = page.get_attribute("#board .entry", "data-cell")
    page.click(f'#board [data-act="cell"][data-cell="{cell}"]')
    page.wait_for_function("(c) => document.getElementById('announce').textContent.includes(c)", arg=cell)
    mine = region.text_content()
    assert mine.startswith("White brings a new pawn in on " + cell), mine
    page.wait_for_function("(t) => document.getElementById('announce').textContent !== t", arg=mine,
                           timeout=90_000)
    assert region.text_content().startswith("Owl "), region.text_content()   # the bot, seat 2
    assert page.locator("#app #announce").count() == 0     # the redraws never touch it
