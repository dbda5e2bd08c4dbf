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
