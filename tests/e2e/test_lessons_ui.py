"""Learn by playing in Chromium, on a phone (390x844, touch): every game's lesson from its home
card to the hand-over, by taps on what the table lights (the taps found on CPython from what the
table draws, as tests/test_ui_lesson.py finds them, then tapped on the page), and by keyboard
alone (Tab to each of those places and Enter; Fendo's board by its own keys, a reload on the way
resuming the step). At every asking step the words and the lit places are in the viewport
together, uncovered, without a scroll: upright on the phone, sideways (844x390) and on a laptop
(1280x800), where the lesson's bar stands beside the table.

``LESSON_PACE=1.5`` waits that many seconds before each tap (a person's pace) and prints each
lesson's steps, taps and time (``-s``); ``LESSON_SHOTS=dir`` writes three steps of each lesson,
one a wrong tap taught, into ``dir`` (docs/screenshots/lessons/)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from conftest import PHONE, shared_device, wait_ready
from helpers.lessons import GAMES, plan, selector

from ui.games.fendo.lesson import LESSON
from ui.kit import registry

PACE = float(os.environ.get("LESSON_PACE") or 0)
SHOTS = os.environ.get("LESSON_SHOTS")
phone = shared_device(service_workers="allow", **PHONE)


def bar(page) -> tuple[int, str]:
    el = page.locator("#lesson-bar")
    return int(el.get_attribute("data-step")), el.get_attribute("data-phase")


def wait_phase(page, step: int, phase: str) -> None:
    page.wait_for_function(
        "([n, p]) => { const b = document.getElementById('lesson-bar');"
        " return b && b.dataset.step === String(n) && b.dataset.phase === p; }", arg=[step, phase])




FITS = """() => {
  const box = e => e.getBoundingClientRect();
  const say = document.getElementById('lesson-say');
  const lit = [...document.querySelectorAll('#main [data-hint]')].filter(e => box(e).width > 0);
  const out = [say, ...lit].filter(e => { const b = box(e);
    return b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth; }).map(e => e.id);
  const seen = e => { const b = box(e);
    for (const fy of [.5, .25, .75, .1, .9]) for (const fx of [.5, .25, .75, .1, .9]) {
      const at = document.elementFromPoint(b.left + b.width * fx, b.top + b.height * fy);
      if (at && (e.contains(at) || at.contains(e) || (e.closest('svg') && e.closest('svg') === at.closest('svg')))) return true; }
    return false; };
  const what = e => { const b = box(e); const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return e.id + ' under ' + (at ? at.tagName + '#' + at.id + '.' + at.getAttribute('class') + ' in ' + (at.closest('[id]') || {}).id : 'nothing'); };
  const covered = [say, ...lit].filter(e => !out.includes(e.id) && !seen(e)).map(what);
  const stuck = at => { for (let n = at; n; n = n.parentElement) {
    const p = getComputedStyle(n).position; if (p === 'sticky' || p === 'fixed') return n; } return null; };
  const under = lit.filter(e => !out.includes(e.id)).filter(e => { const b = box(e);
    for (const fy of [.1, .5, .9]) for (const fx of [.1, .5, .9]) {
      const at = document.elementFromPoint(b.left + b.width * fx, b.top + b.height * fy), n = at && stuck(at);
      if (n && !n.contains(e)) return true; }
    return false; }).map(e => e.id);
  return {lit: lit.length, out, covered, under, height: innerHeight, scrollY};
}"""


def fits(page, where, scrolled: bool = False) -> None:
    """The step's words and every lit place inside the viewport at once, as the page stands,
    each seen (a part of it its own), and no part of a lit place under a bar that sticks.
    ``scrolled``: the person scrolled to tap (a wrong tap), and their scroll is kept: the words
    in view, and no lit place hidden under a bar."""
    f = page.evaluate(FITS)
    assert f["lit"], f"{where}: nothing lit"
    out = [x for x in f["out"] if x == "lesson-say"] if scrolled else f["out"]
    assert not out and not f["covered"] and not f["under"], f"{where}: {f}"


def shoot(page, name: str) -> None:
    if SHOTS and page.viewport_size == PHONE["viewport"]:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


SEEN_AT = """(el) => {
  el.scrollIntoView({block: 'nearest'});
  const b = el.getBoundingClientRect();
  for (const fy of [.5, .25, .75, .1, .9]) for (const fx of [.5, .25, .75, .1, .9]) {
    const x = b.left + b.width * fx, y = b.top + b.height * fy, at = document.elementFromPoint(x, y);
    if (at && el.contains(at)) return [x, y];
  }
  return null;
}"""


def tap(page, sel: str) -> None:
    """A tap where the element shows (a card of a fanned hand lies half under the next one)."""
    if PACE:
        time.sleep(PACE)
    el = page.locator(sel).locator("visible=true").first
    el.wait_for()
    at = el.evaluate(SEEN_AT)
    if at:
        page.touchscreen.tap(*at)
    else:                                  # over nothing else, for all the page knows (a dialog's)
        el.tap()


def next_step(page, i: int, press=None) -> None:
    if press:
        press("#lesson-next")
    else:
        tap(page, "#lesson-next")
    page.wait_for_function("(n) => document.getElementById('lesson-bar').dataset.step === String(n)", arg=i + 1)


def play_lesson(page, gid: str, press) -> tuple[int, int]:
    """The lesson from its first step to its last, each tap by ``press(selector)``; at each
    asking step, the words and the lit places in view; the wrong tap's words taught once."""
    steps, wrong_at, wrong = plan(gid)
    lesson = registry.screen(gid).lesson()
    n, taps = len(lesson.steps), 0
    for i, (step, path) in enumerate(zip(lesson.steps, steps, strict=True), 1):
        assert f"Step {i} of {n}" in page.inner_text("#lesson-count")
        assert page.inner_text("#lesson-say") == step.say["en"]
        assert page.get_attribute("#lesson-words", "aria-live") == "polite"
        if path is not None:
            wait_phase(page, i, "ask")
            fits(page, (gid, i, page.viewport_size["width"]))
            lit = page.eval_on_selector_all("#main [data-hint]", "els => els.map(e => e.id)")
            assert all(page.get_attribute(f"#{x}", "aria-describedby") == "lesson-say" for x in lit)
            if i - 1 == wrong_at:
                shoot(page, f"{gid}-1-asks-en")
                for act, data in wrong:
                    press(selector(act, data))
                page.wait_for_selector('#lesson-note[data-note="other"]')
                assert page.inner_text("#lesson-note") == step.other["en"]
                wait_phase(page, i, "ask")
                page.wait_for_timeout(50)        # the page's scroll, a frame after the words grew
                fits(page, (gid, i, page.viewport_size["width"], "taught"), scrolled=True)
                shoot(page, f"{gid}-2-wrong-tap-taught-en")
            for act, data in path:
                press(selector(act, data))
            taps += len(path)
            page.wait_for_selector('#lesson-note[data-note="done"]')
        wait_phase(page, i, "read")
        if i < n:
            next_step(page, i, press)
    shoot(page, f"{gid}-3-hand-over-en")
    assert page.locator("#lesson-play").is_visible()
    return n, taps


# Every animation or transition that starts on the page, counted from the lesson's first step.
COUNT_MOTION = """() => { window.__moved = 0; if (window.__counting) return; window.__counting = true;
  for (const ev of ['animationstart', 'transitionrun']) document.addEventListener(ev, () => { window.__moved++; }, true); }"""


@pytest.mark.parametrize("gid", GAMES)
def test_a_lesson_by_taps_to_its_end_its_words_and_lit_places_in_view(gid, phone, shared_at):
    page = shared_at(phone, PHONE["viewport"])
    started = time.monotonic()
    page.locator(f"#lesson-{gid}").tap()
    page.wait_for_selector("#lesson-bar")
    page.evaluate(COUNT_MOTION)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    n, taps = play_lesson(page, gid, lambda sel: tap(page, sel))
    took = time.monotonic() - started
    moved = page.evaluate("() => window.__moved")
    print(f"\n{gid}: {n} steps, {taps} taps on the table and {n - 1} on Next, {took:.1f} s"
          + (f" waiting {PACE} s before each tap" if PACE else "") + f"; {moved} animations")
    assert moved > 0, "the lesson's table moves (what the test with reduced motion counts)"
    page.goto(page.url.split("#")[0] + "#")
    page.wait_for_selector(f"#lesson-{gid}[data-done]")
    page.tap(f"#lesson-{gid}")
    page.wait_for_selector("#lesson-play")
    page.tap("#lesson-play")
    # The address changes before the table is drawn: wait for the play page itself, which
    # never comes while the lesson's bar stays.
    page.wait_for_function("() => location.hash.startsWith('#play/') && document.querySelector('#main')"
                           " && !document.querySelector('#lesson-bar')", timeout=15_000)


@pytest.mark.parametrize("gid", GAMES)
def test_a_lesson_with_reduced_motion_moves_nothing(gid, phone, shared_at):
    """The system asks for reduced motion: the whole lesson, its answers and its hand-over
    included, starts no animation and no transition (the test above counts them otherwise)."""
    page = shared_at(phone, PHONE["viewport"])
    page.emulate_media(reduced_motion="reduce")
    page.locator(f"#lesson-{gid}").tap()
    page.wait_for_selector("#lesson-bar")
    page.evaluate(COUNT_MOTION)
    play_lesson(page, gid, lambda sel: tap(page, sel))
    assert page.evaluate("() => window.__moved") == 0


# A laptop with a touch screen: a page of its own (a phone's page made that wide keeps its zoom)
laptop = shared_device(service_workers="allow", viewport={"width": 1280, "height": 800}, has_touch=True)


@pytest.mark.parametrize("device, size", [("phone", {"width": 844, "height": 390}),
                                          ("laptop", {"width": 1280, "height": 800})], ids=["844x390", "1280x800"])
@pytest.mark.parametrize("gid", GAMES)
def test_a_lesson_sideways_and_wide_its_words_and_lit_places_in_view(gid, device, size, request, shared_at):
    """A phone turned sideways and a laptop: the lesson's bar beside the table, every asking
    step's words and lit places on the screen together."""
    page = shared_at(request.getfixturevalue(device), size)
    page.locator(f"#lesson-{gid}").tap()
    page.wait_for_selector("#lesson-bar")
    play_lesson(page, gid, lambda sel: tap(page, sel))


phone_fr = shared_device(service_workers="allow", locale="fr-FR", **PHONE)


@pytest.mark.skipif(not SHOTS, reason="LESSON_SHOTS=dir writes the lessons' screenshots")
def test_screenshots_of_a_lesson_in_french(phone_fr, shared_at):
    """The first lesson's first asking step, its wrong tap taught and its hand-over, in French."""
    gid = GAMES[0]
    steps, wrong_at, wrong = plan(gid)
    lesson = registry.screen(gid).lesson()
    page = shared_at(phone_fr, PHONE["viewport"])
    page.locator(f"#lesson-{gid}").tap()
    for i, path in enumerate(steps, 1):
        if path is not None:
            wait_phase(page, i, "ask")
            if i - 1 == wrong_at:
                page.screenshot(path=str(Path(SHOTS) / f"{gid}-1-asks-fr.png"))
                for act, data in wrong:
                    tap(page, selector(act, data))
                page.wait_for_selector('#lesson-note[data-note="other"]')
                assert page.inner_text("#lesson-note") == lesson.steps[i - 1].other["fr"]
                page.screenshot(path=str(Path(SHOTS) / f"{gid}-2-wrong-tap-taught-fr.png"))
            for act, data in path:
                tap(page, selector(act, data))
            page.wait_for_selector('#lesson-note[data-note="done"]')
        wait_phase(page, i, "read")
        if i < len(steps):
            next_step(page, i)
    page.screenshot(path=str(Path(SHOTS) / f"{gid}-3-hand-over-fr.png"))


REACH = """(el) => {
  const a = document.activeElement;
  if (a === el) return 'on';
  const g = el.closest('[data-keys]');
  if (g && a && g.contains(a)) {
    const items = [...g.querySelectorAll('button')];
    return items.indexOf(el) > items.indexOf(a) ? 'ArrowRight' : 'ArrowLeft';
  }
  return 'Tab';
}"""


def press_on(page, sel: str, limit: int = 150) -> None:
    """The element by keys alone: Tab to it (to its [data-keys] group, then the arrows along
    it), then Enter."""
    if PACE:
        time.sleep(PACE)
    el = page.locator(sel).locator("visible=true").first
    el.wait_for()
    for _ in range(limit):
        how = el.evaluate(REACH)
        if how == "on":
            page.keyboard.press("Enter")
            return
        page.keyboard.press(how)
    raise AssertionError(f"the keys never reached {sel}")


@pytest.mark.parametrize("gid", [g for g in GAMES if not registry.screen(g).board_keys])
def test_a_lesson_by_keyboard_alone_to_its_end(gid, phone, shared_at):
    """A game whose table is buttons (not a board of its own keys: Fendo's, below)."""
    page = shared_at(phone, PHONE["viewport"])
    press_on(page, f"#lesson-{gid}")
    page.wait_for_selector("#lesson-bar")
    play_lesson(page, gid, lambda sel: press_on(page, sel))
    press_on(page, "#lesson-play")
    page.wait_for_selector("#main")
    page.wait_for_function("() => location.hash.startsWith('#play/')")


def focus_on(page, ident: str, limit: int = 120) -> None:
    """Tab (forward) until ``ident`` has the focus (a walkable board: one of its cells)."""
    for _ in range(limit):
        if page.evaluate("""(i) => { const a = document.activeElement;
                return !!a && (a.id === i || !!(a.closest && a.closest('[data-roving]') && a.closest('#' + i))); }""", ident):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{ident}")


def cursor(page) -> str | None:
    """The board's cell with the focus (ui.kit.roving: the cursor)."""
    return page.evaluate("() => { const a = document.activeElement; return a && a.closest && a.closest('#board') && "
                         "a.getAttribute('data-cell') || null; }")


def move_cursor(page, cell: str) -> None:
    for _ in range(20):
        cur = cursor(page)
        assert cur, "the focus is not on a cell of the board"
        if cur == cell:
            return
        key = ("ArrowRight" if cell[0] > cur[0] else "ArrowLeft") if cell[0] != cur[0] else \
              ("ArrowUp" if cell[1] > cur[1] else "ArrowDown")
        page.keyboard.press(key)
        page.wait_for_function("(c) => document.activeElement && document.activeElement.getAttribute('data-cell') !== c",
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

