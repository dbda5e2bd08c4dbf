"""The tables tell the story (issue 16), in Chromium: what only a real page can show."""

from __future__ import annotations

from conftest import wait_ready


def test_a_new_screen_opens_at_its_top_with_the_focus_on_its_heading(phone_page, server):
    """Bug 1: scrolled to Fennecs, New game opened the form at scrollY 324, its title off
    screen.  Every screen change starts at the top and moves the focus to its heading."""
    page = phone_page
    page.goto(server.url)
    wait_ready(page)
    page.locator("#new-fennecs").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 100
    page.tap("#new-fennecs")
    page.wait_for_selector("#newgame-form")
    page.wait_for_function("window.scrollY === 0")
    assert page.evaluate("document.activeElement.tagName") == "H1"
    assert "Fennecs" in page.evaluate("document.activeElement.textContent")
    # the rules page, opened from the form's foot, starts at its top too
    page.locator('a[href="#rules/fennecs"]').last.scroll_into_view_if_needed()
    page.locator('a[href="#rules/fennecs"]').last.tap()
    page.wait_for_selector("article.rules")
    page.wait_for_function("window.scrollY === 0")
    assert page.evaluate("document.activeElement.tagName") == "H1"


def test_a_phone_on_its_side_shows_the_whole_fendo_board(browser, server, wait_ready):
    """Phone landscape (844x390): the 7x7 board lies wholly inside the viewport, cells of 44 px."""
    ctx = browser.new_context(viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True,
                              service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(server.url + "#new/fendo")
        wait_ready(page)
        page.wait_for_selector("#start")
        page.tap("#start")
        page.wait_for_selector("#board")
        box = page.locator("#board").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 390 + 0.5, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 844 + 0.5, box
        cell = page.locator('#board [data-cell="d4"] .cell-hit').bounding_box()
        assert min(cell["width"], cell["height"]) >= 43.5, cell
    finally:
        ctx.close()


def test_a_phone_on_its_side_shows_the_table_and_the_hand_together(browser, server, wait_ready):
    """Phone landscape (844x390): Renard's and Fennecs' table and the person's hand are both
    wholly on the screen, with no scrolling."""
    ctx = browser.new_context(viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True,
                              service_workers="block")
    try:
        page = ctx.new_page()
        for gid, table in (("renard_des_bois", ".rtable"), ("fennecs", "#table")):
            page.goto(server.url + "#new/" + gid)
            wait_ready(page)
            page.wait_for_selector("#start")
            page.tap("#start")
            page.wait_for_selector("#hand .hcard")
            assert page.evaluate("window.scrollY") == 0
            for sel in (table, "#hand"):
                box = page.locator(sel).bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= 390 + 0.5, (gid, sel, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= 844 + 0.5, (gid, sel, box)
    finally:
        ctx.close()
