"""Learn by playing in Chromium, on a phone (390x844, touch): Fendo's lesson from its home
card to the hand-over, by taps on what the table lights; then by keyboard alone (Tab to the
board and the lesson's buttons, the board's keys), a reload on the way resuming the step.
tests/test_ui_lesson.py plays every game's lesson on CPython."""

from __future__ import annotations

import re

from conftest import PHONE, shared_device, wait_ready

from ui.games.fendo.lesson import LESSON

phone = shared_device(service_workers="allow", **PHONE)


def bar(page) -> tuple[int, str]:
    el = page.locator("#lesson-bar")
    return int(el.get_attribute("data-step")), el.get_attribute("data-phase")


def wait_phase(page, step: int, phase: str) -> None:
    page.wait_for_function(
        "([n, p]) => { const b = document.getElementById('lesson-bar');"
        " return b && b.dataset.step === String(n) && b.dataset.phase === p; }", arg=[step, phase])


def tap_action(page, action: str) -> None:
    """A Fendo action by taps on the board: the pawn, its cell, the wall; or New pawn, a cell."""
    m = re.fullmatch(r"([a-g]\d)(?:-([a-g]\d))?([NESW])", action)
    if m:
        src, dst, side = m.group(1), m.group(2) or m.group(1), m.group(3)
        page.tap(f'#board [data-act="cell"][data-cell="{src}"]')
        page.wait_for_selector(f'#board [data-cell="{src}"].selected')
        page.tap(f'#board [data-act="cell"][data-cell="{dst}"]')
        page.wait_for_selector(f'#board .wall-hit[data-side="{side}"]')
        page.tap(f'#board .wall-hit[data-side="{side}"]')
    else:
        page.tap("#reserve")
        page.wait_for_selector(f'#board [data-cell="{action}"].entry')
        page.tap(f'#board [data-act="cell"][data-cell="{action}"]')


def test_fendo_s_lesson_by_taps_to_its_end(phone, shared_at):
    page = shared_at(phone, PHONE["viewport"])
    page.tap("#lesson-fendo")
    page.wait_for_selector("#lesson-bar")
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    n = len(LESSON.steps)
    for i, step in enumerate(LESSON.steps, 1):
        assert f"Step {i} of {n}" in page.inner_text("#lesson-count")
        assert page.inner_text("#lesson-say") == step.say["en"]
        assert page.get_attribute("#lesson-words", "aria-live") == "polite"
        if step.asks:
            wait_phase(page, i, "ask")
            lit = page.eval_on_selector_all("#board [data-hint]", "els => els.map(e => e.id)")
            assert lit and all(page.get_attribute(f"#{x}", "aria-describedby") == "lesson-say" for x in lit)
            tap_action(page, step.do[0])
            page.wait_for_selector('#lesson-note[data-note="done"]')
            wait_phase(page, i, "read")
        else:
            wait_phase(page, i, "read")
        if i < n:
            page.tap("#lesson-next")
            page.wait_for_function("(n) => document.getElementById('lesson-bar').dataset.step === String(n)", arg=i + 1)
    assert page.locator("#lesson-play").is_visible()
    page.goto(page.url.split("#")[0] + "#")
    page.wait_for_selector("#lesson-fendo[data-done]")
    page.tap("#lesson-fendo")
    page.wait_for_selector("#lesson-play")
    page.tap("#lesson-play")
    page.wait_for_selector("#board")
    assert "#play/" in page.url and page.locator("#lesson-bar").count() == 0


def focus_on(page, ident: str, limit: int = 120) -> None:
    """Tab (forward) until ``ident`` has the focus."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == ident:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{ident}")


def cursor(page) -> str | None:
    m = re.search(r"Cursor on ([a-g]\d)", page.get_attribute("#board", "aria-label") or "")
    return m.group(1) if m else None


def move_cursor(page, cell: str) -> None:
    if cursor(page) is None:
        page.keyboard.press("ArrowUp")                     # the cursor shows, on a pawn of ours
        page.wait_for_function("() => /Cursor on/.test(document.getElementById('board').getAttribute('aria-label'))")
    for _ in range(20):
        cur = cursor(page)
        if cur == cell:
            return
        key = ("ArrowRight" if cell[0] > cur[0] else "ArrowLeft") if cell[0] != cur[0] else \
              ("ArrowUp" if cell[1] > cur[1] else "ArrowDown")
        page.keyboard.press(key)
        page.wait_for_function("(c) => !document.getElementById('board').getAttribute('aria-label').includes('Cursor on ' + c + ':')",
                               arg=cur)
    raise AssertionError(f"the cursor never reached {cell}")


def keys_action(page, action: str) -> None:
    """A Fendo action by the board's keys: the cursor to the pawn, Enter, to its cell, Enter,
    the wall's letter; or P, the cursor to the cell, Enter."""
    m = re.fullmatch(r"([a-g]\d)(?:-([a-g]\d))?([NESW])", action)
    if m:
        src, dst, side = m.group(1), m.group(2) or m.group(1), m.group(3)
        move_cursor(page, src)
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#board [data-cell="{src}"].selected')
        move_cursor(page, dst)
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#board .wall-hit[data-side="{side}"]')
        page.keyboard.press(side.lower())
    else:
        page.keyboard.press("p")
        page.wait_for_selector(f'#board [data-cell="{action}"].entry')
        move_cursor(page, action)
        page.keyboard.press("Enter")


def test_fendo_s_lesson_by_keyboard_alone_and_a_reload_resumes_it(phone, shared_at):
    page = shared_at(phone, PHONE["viewport"])
    focus_on(page, "lesson-fendo")
    page.keyboard.press("Enter")
    page.wait_for_selector("#lesson-bar")
    n = len(LESSON.steps)
    for i, step in enumerate(LESSON.steps, 1):
        if i == 4:                                         # a reload: back at the same step
            page.reload()
            wait_ready(page)
            page.wait_for_selector("#lesson-bar")
            assert bar(page)[0] == 4
        if step.asks:
            wait_phase(page, i, "ask")
            focus_on(page, "board")
            keys_action(page, step.do[0])
            page.wait_for_selector('#lesson-note[data-note="done"]')
        wait_phase(page, i, "read")
        if i < n:
            focus_on(page, "lesson-next")
            page.keyboard.press("Enter")
            page.wait_for_function("(n) => document.getElementById('lesson-bar').dataset.step === String(n)", arg=i + 1)
    focus_on(page, "lesson-play")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board")
    assert "#play/" in page.url
