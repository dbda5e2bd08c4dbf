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


def test_the_keys_read_the_table_and_question_mark_opens_their_list(app):
    """Issue 53: ``?`` opens the list of keys, a dialog that takes the focus (Tab stays in it)
    and gives it back on Escape; ``V`` reads the position into the live region."""
    page = app
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    page.click("#start")
    page.wait_for_selector("#board[data-roving] [tabindex='0']")
    page.locator("#board [tabindex='0']").first.focus()
    on_board = "() => document.activeElement.matches('#board [tabindex=\"0\"]')"
    assert page.evaluate(on_board)
    page.keyboard.press("?")
    page.wait_for_selector("#keys-dialog[role=dialog]")
    inside = "() => !!document.activeElement.closest('#keys-dialog')"
    page.wait_for_function(inside)
    assert page.get_attribute("#keys-dialog", "aria-labelledby") == "keys-title"
    assert page.locator("#keys-dialog kbd").count() == 5
    page.keyboard.press("Tab")
    assert page.evaluate(inside)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('keys-dialog')")
    page.wait_for_function(on_board)          # the focus back on the board's cursor
    before = page.locator("#announce").text_content()
    page.keyboard.press("v")
    page.wait_for_function("(t) => document.getElementById('announce').textContent !== t", arg=before)
    said = page.locator("#announce").text_content()
    assert "White's pawns" in said or "White has no pawn" in said, said
    assert "walls on the board" in said or "wall on the board" in said, said
