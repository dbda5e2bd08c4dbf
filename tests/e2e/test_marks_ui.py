"""The others' actions since your turn, marked and numbered on a phone, and Show again
(tests/test_ui_marks.py checks the markup on CPython; this, what a browser draws).

Uses the fixtures of tests/e2e/conftest.py (pace 0: the bots answer at once).
"""

from __future__ import annotations

from conftest import start_against_novices

_BADGES = """() => [...document.querySelectorAll('main.play [data-mark]')].map(e => {
  const r = e.getBoundingClientRect(), a = getComputedStyle(e, '::after');
  return [e.id, e.dataset.mark, a.content, a.backgroundColor, r.width, r.height];
})"""


def _person_to_act(page):
    page.wait_for_function(
        "() => { const m = document.querySelector('main.play');"
        " return m && m.dataset.acting === '0' && !m.dataset.thinking && document.querySelector('#hand.active'); }",
        timeout=60_000)


def test_after_the_bots_turns_each_is_numbered_and_show_again_plays_them_back(phone_page, server, wait_ready):
    page = phone_page
    page.goto(server.url + "#new/onexeno")
    wait_ready(page)
    start_against_novices(page, 7, tap=True)
    _person_to_act(page)
    ply = int(page.get_attribute("main.play", "data-ply"))
    page.click("#pass")            # the person's move: the six bots play after it
    page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply >= p + 7", arg=ply)
    _person_to_act(page)
    present = int(page.get_attribute("main.play", "data-ply"))
    badges = page.evaluate(_BADGES)
    numbers = sorted(int(n) for _, mark, _, _, _, _ in badges for n in mark.split("·"))
    assert numbers == [1, 2, 3, 4, 5, 6], badges
    for ident, mark, content, colour, w, h in badges:
        assert content == f'"{mark}"' and colour != "rgba(0, 0, 0, 0)" and w > 0 and h > 0, (ident, content)
    first = page.query_selector('main.play [data-mark="1"], main.play [data-mark^="1·"]')
    first.scroll_into_view_if_needed()
    assert first.is_visible()
    # Show again: the position before the first bot's move, then each, then the present
    page.click("#show-again")
    page.wait_for_selector('#show-again[aria-pressed="true"]')
    page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply < p", arg=present)
    page.wait_for_function(
        "(p) => +document.querySelector('main.play').dataset.ply === p"
        " && document.querySelector('#show-again[aria-pressed=\"false\"]')", arg=present, timeout=20_000)
    assert len(page.evaluate(_BADGES)) == len(badges)
    # a tap on a log entry flashes what it names
    page.click("#log li[data-act=flash]")
    page.wait_for_selector("main.play [data-flash]")
