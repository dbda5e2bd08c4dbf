"""Onexeno in Chromium: a person against novice bots by clicking (the log names each bot
action, the last card placed is marked), and games to their end on a phone: at 7 players
whole, from the new-game form; at 2 and in two teams of two from near their end.

Uses the fixtures of tests/e2e/conftest.py (a static server, Chromium, and a watch that fails
the test on any console error or request to another origin).
"""

from __future__ import annotations

import functools
import random
import time

import pytest

import bots
import game
from game import onexeno
import ui.games  # each game registers its screen
from ui.kit import i18n, registry
from ui.games.onexeno import cards as ox_ui

from conftest import QUICK, box_of, near_the_end, open_save, shared_device, start_against_novices
from playing import FOCUSED, ply_of, record_of, said_after, wait_person


def _click_action(page, action):
    """``action`` by clicks: Pass; or the card, the cell, Turn until the rotation shows, Place."""
    if action == "pass":
        page.click("#pass")
        return
    a = onexeno.parse(action)
    page.click(f'#hand .hcard.legal[data-card="{a.card}"]', position={"x": 5, "y": 30}, force=True)
    page.wait_for_selector(f"#cell-{a.cell}.lit")
    page.click(f"#cell-{a.cell}")
    page.wait_for_selector("#place")
    for _ in range(4):
        turn = page.get_attribute(f"#cell-{a.cell}", "data-turn")
        if int(turn) == a.turn:
            break
        page.click("#turn")
        page.wait_for_function("([c, t]) => document.querySelector('#cell-' + c).dataset.turn !== t",
                               arg=[a.cell, turn])
    page.click("#place")


def test_against_bots_the_log_names_each_bot_action_and_the_last_card_is_marked(app, server, wait_ready):
    page = app
    page.goto(server.url + "#new/onexeno")
    wait_ready(page)
    start_against_novices(page, 3)
    page.wait_for_selector("main.play-onexeno")
    assert len(page.query_selector_all(".oplayer")) == 3
    scr, tr = registry.screen("onexeno"), (lambda k, **p: i18n.tr("en", k, **p))
    rng, marks, checked, placed = random.Random(18), 0, 0, 0
    for _ in range(8):
        st = wait_person(page)
        if st.over:
            break
        rec = record_of(page)
        acts = rec["actions"]
        mine = [i for i, (s, _) in enumerate(acts) if s == 0]
        theirs = acts[mine[-1] + 1 if mine else 0:]
        replay = game.replay(dict(rec, actions=acts[:len(acts) - len(theirs)]))
        expected = []
        for seat, action in theirs:
            before = replay.view(0)
            replay.apply(seat, action)
            if scr.announce(tr, before, replay.view(0), [f"P{i}" for i in range(3)], seat, action):
                expected.append((seat, action))
        items = page.eval_on_selector_all(
            "#log li[data-seat]", "lis => lis.map(li => [+li.dataset.seat, li.textContent, li.className, "
            "[...li.querySelectorAll('[role=img]')].map(e => e.getAttribute('aria-label'))])")
        newest = items[:len(expected)]
        assert [s for s, _, _, _ in reversed(newest)] == [s for s, _ in expected], (theirs, items[:6])
        for (seat, text, _, pictures), (_, action) in zip(reversed(newest), expected):
            name = page.text_content(f'#players [data-seat="{seat}"] .oname bdi')
            assert name and text.startswith(name), (seat, name, text)
            if action == "pass":
                assert "passed" in text
            else:
                a = onexeno.parse(action)
                # the card drawn small, its words as its label
                assert "placed the" in text and f" on {a.cell}" in text, text
                assert pictures[0] == ox_ui.card_name(tr, a.card), pictures
        if expected:
            assert newest[0][2] == "last"
            checked += 1
        if theirs and theirs[-1][1] != "pass":
            view = st.view(0)
            if ox_ui.fresh_take(view):
                assert page.is_visible("#last-take")
            else:
                cell = view["last"]["cell"]
                assert page.query_selector(f'#table .ocell.card.last[data-cell="{cell}"]'), cell
            marks += 1
        # the person's move: the novice's choice, by clicks, rather a placement than a pass
        legal = st.legal_actions(0)
        action = bots.choose(st, 0, "novice", rng.randrange(2**31))
        if action == "pass" and len(legal) > 1:
            action = rng.choice(legal[1:])
        ply = len(acts)
        _click_action(page, action)
        page.wait_for_function("(p) => +document.querySelector('main.play').dataset.ply > p", arg=ply)
        if action != "pass":
            placed += 1
            rec = record_of(page)
            assert rec["actions"][ply] == [0, action]
    assert checked >= 3 and marks >= 2 and placed >= 3, (checked, marks, placed)


def _wait_our_turn(page, timeout=90_000):
    page.wait_for_function(
        """() => { const m = document.querySelector('main.play');
                   return m && (m.dataset.over === '1' || document.querySelector('#round-ok') ||
                          (!m.dataset.thinking && document.querySelector('#hand.active'))); }""",
        timeout=timeout)


# (players, teams, actions left): the 7-player game is played whole, from the new-game form;
# at 2 and in two teams of two, the game's end (near_the_end: a save, opened by its link)
PHONE_SIZE = {"width": 390, "height": 844}
# What reaches past a phone's right edge: the innermost elements that end beyond 390 px (none
# of their children does), so that a failure says what made the page wider.
PAST_THE_RIGHT = """() => { const past = (e) => e.getBoundingClientRect().right > 390.5;
  return [...document.querySelectorAll('body *')].filter((e) => past(e) && ![...e.children].some(past))
  .slice(0, 8).map((e) => `${e.tagName}.${e.className.baseVal ?? e.className} ${Math.round(e.getBoundingClientRect().right)}: ${(e.textContent || '').slice(0, 30)}`); }"""
# The module's started page on a 390x844 touch phone; the bots answer at once (QUICK: the
# pacing has tests of its own, in test_tables).
phone = shared_device([QUICK], viewport=PHONE_SIZE, has_touch=True, is_mobile=True, service_workers="allow")


@pytest.mark.parametrize("players,teams,left", [(7, 0, None), (4, 2, 30), (2, 0, 20)])
def test_a_game_to_its_end_on_a_phone(phone, shared_at, server, players, teams, left):
    """One person and novice bots, at 7, at 2 and in two teams of two, to the end screen, by
    taps on a 390x844 phone: every player's count, points and pass state in view with the table
    and the hand."""
    page = shared_at(phone, PHONE_SIZE)
    t0 = time.monotonic()
    if left is None:
        page.goto(server.url + "#new/onexeno")
        if teams:
            page.tap(f'input[name="players"][value="{players}"]')
            page.tap(f'input[name="opt-teams"][value="{teams}"]')
        start_against_novices(page, players, tap=True)
    else:
        open_save(page, near_the_end("onexeno", players, {"teams": teams} if teams else {}, 8, left))
    page.wait_for_selector("main.play-onexeno")
    turns = placed = widest = 0
    while True:
        _wait_our_turn(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.evaluate(PAST_THE_RIGHT)
        if page.query_selector("#round-ok"):
            page.tap("#round-ok")
            break
        if page.get_attribute("main.play", "data-over"):
            break
        # in view at the top of the page: the players (their stats), the table and the hand
        page.evaluate("window.scrollTo(0, 0)")
        for sel in ("#players", "#table", "#hand"):
            box = box_of(page, sel)
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844 + 0.5, (sel, box)
        assert len(page.query_selector_all(".oplayer[data-team]" if teams else ".oplayer")) == players
        grid, inner, scroll = page.evaluate(TABLE_IN_BOX)     # up to 7 columns: the whole table
        cols = int(page.evaluate("getComputedStyle(document.querySelector('#table')).getPropertyValue('--cols')"))
        if cols <= 7:
            assert grid <= inner + 0.5 and scroll <= inner, (cols, grid, inner, scroll)
        widest = max(widest, cols)
        ply = ply_of(page)
        cards = page.query_selector_all("#hand.active .hcard.legal")
        if cards and turns % 7 != 6:
            # in the middle of the screen, clear of the status bar that sticks to its foot
            page.locator("#hand.active .hcard.legal >> nth=-1").evaluate("e => e.scrollIntoView({block: 'center'})")
            page.click("#hand.active .hcard.legal >> nth=-1", position={"x": 5, "y": 30}, force=True)
            page.wait_for_selector(".ocell.lit[data-act]")
            page.click(".ocell.lit[data-act] >> nth=0")
            page.wait_for_selector("#place")
            if page.query_selector("#turn"):
                page.tap("#turn")
            page.tap("#place")
            placed += 1
        else:
            page.tap("#pass")
        turns += 1
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    page.wait_for_selector("#end-dialog")
    assert page.get_attribute("main.play", "data-over") == "1"
    assert len(page.query_selector_all("#end-dialog td[data-team]")) == (players if teams else 0)
    assert len(page.query_selector_all("#end-dialog tr.player-row td.round-cell")) == players
    box = box_of(page, "#end-dialog")
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    print(f"\nOnexeno, {'a whole' if left is None else 'the end of a'} {players}-player game"
          f"{' in teams' if teams else ''} on a phone: "
          f"{turns} human turns ({placed} placed), the table up to {widest} columns, {time.monotonic() - t0:.1f} s")
    assert placed > 0


def test_the_rules_page_demo_lights_where_a_tapped_card_fits(app, server, wait_ready):
    page = app
    from ui.games.onexeno import rules
    page.goto(server.url + "#rules/onexeno")
    wait_ready(page)
    page.wait_for_selector(".odemo")
    assert len(page.query_selector_all("figure.odiag")) == 13
    fits = rules.demo_fits()
    lit_js = """() => [...document.querySelectorAll('.odemo .ogrid .ocell.empty')]
        .filter(e => getComputedStyle(e).backgroundColor === 'rgb(207, 232, 196)')
        .map(e => e.textContent.trim()).sort()"""
    for i, card in enumerate(rules.DEMO[1]):
        page.click(f'label[for="odemo-{i}"]')
        assert page.evaluate(lit_js) == sorted(fits[card]), card
        assert page.is_visible(f".odemo-say.s{i}") and not page.is_visible(f".odemo-say.s{(i + 1) % 3}")
    page.locator(".odemo").screenshot(path="test-results/onexeno-rules-demo.png")


def _a_table_of(page, cols: int) -> None:
    """The table of ``cols`` columns (its cards and a cell round them), drawn by the screen
    beside the app's page (home, which the app may draw again meanwhile), in ``#wide``."""
    from ui.games.onexeno.screen import _board

    tr = functools.partial(i18n.tr, "en")
    table = {"a5": {"card": "3i", "turn": 0}, onexeno.cell_name(cols - 2, 4): {"card": "4f", "turn": 0}}
    view = {"table": table, "box": {"fixed_columns": None, "fixed_rows": None}, "last": None}
    # inside an element of the app's id, "main", as the app draws it: what marks a place asks for it
    html = (f'<div id="wide"><main class="play play-onexeno" id="main">'
            f'{_board(tr, view, set(), False, None, None, None)}</main></div>')
    page.evaluate("(html) => document.body.insertAdjacentHTML('beforeend', html)", html)


# The table's grid against its box: [grid's width, box's inner width, box's scroll width]
TABLE_IN_BOX = """() => { const t = document.querySelector('#table');
  return [t.querySelector('.ogrid').getBoundingClientRect().width, t.clientWidth, t.scrollWidth]; }"""


# A badge on the table's top right cell: how far it stands out of the box, [above, right]
BADGE_OUT_OF_BOX = """() => { const t = document.querySelector('#table'), cells = [...t.querySelectorAll('.ocell')];
  const top = Math.min(...cells.map(c => c.getBoundingClientRect().top));
  const cell = cells.filter(c => c.getBoundingClientRect().top === top).pop();
  cell.dataset.mark = '1';
  const badge = getComputedStyle(cell, '::after'), r = cell.getBoundingClientRect(), box = t.getBoundingClientRect();
  const above = box.top - (r.top + parseFloat(badge.top));
  const right = r.right - parseFloat(badge.right) - (box.left + t.clientWidth);
  return [Math.max(0, Math.round(above)), Math.max(0, Math.round(right))]; }"""


@pytest.mark.parametrize("cols", [5, 6, 7])
def test_a_table_of_seven_columns_fits_its_box_on_a_phone(phone, shared_at, server, cols):
    """Issue 54: a full 5x5 box and the cells round it are 7 columns; at 390 px the grid was
    378 px in a 374 px box, its last column clipped.  Up to 7 columns it fits, unscrolled."""
    page = shared_at(phone, PHONE_SIZE)
    _a_table_of(page, cols)
    grid, inner, scroll = page.evaluate(TABLE_IN_BOX)
    assert grid <= inner + 0.5 and scroll <= inner, (grid, inner, scroll)
    assert box_of(page, "#table .ocell")["width"] >= 44
    # the others' last card marked at the top right corner: its badge inside the box, unscrolled
    # (in a 6-column table, a badge past the last column scrolled the box by 9 px)
    out = page.evaluate(BADGE_OUT_OF_BOX)
    assert out == [0, 0] and page.evaluate(TABLE_IN_BOX)[2] <= inner, (out, page.evaluate(TABLE_IN_BOX))
    page.locator("#wide #table").screenshot(path=f"test-results/onexeno-table-{cols}-columns-390.png")
    page.evaluate("document.getElementById('wide').remove()")


@pytest.mark.parametrize("cols", [8, 9])
def test_a_table_wider_than_a_phone_scrolls_in_itself(phone, shared_at, server, cols):
    """The table draws a cell round its cards, and the cards just taken where they lay, up to the
    frame's 9 columns; its cells keep a finger's width (44 px).  Wider than a 390 px phone, it
    scrolls sideways in itself, and the page does not (at 9 columns it made the page 411 px wide)."""
    page = shared_at(phone, PHONE_SIZE)
    _a_table_of(page, cols)
    assert page.evaluate("getComputedStyle(document.querySelector('#table')).getPropertyValue('--cols')") == str(cols)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("(() => { const t = document.querySelector('#table'); return t.scrollWidth > t.clientWidth; })()")
    cell = box_of(page, "#table .ocell")
    assert cell["width"] >= 44
    page.evaluate("document.getElementById('wide').remove()")


def test_keyboard_only_placement(app, server, wait_ready):
    """The table is one tab stop: Tab enters it on one cell, named for a screen reader; the
    arrows move the focus cell to cell, each saying what lies there (a card by its pattern,
    whether the picked card fits, and why not); Enter taps the cell with the focus."""
    from conftest import open_save
    from ui.store import saves

    st = onexeno.position(2, table={"c5": "8a", "d5": "7a", "e5": "7b", "f5": "6a", "g5": "5a"},
                          hands=["0a 1a", "2a"], deck="3a 3b 3c")
    seats = [{"kind": "human", "name": "Anna", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
    page = app
    page.goto(server.url + "#")
    wait_ready(page)
    open_save(page, saves.make("oxkeys1", st.record(), seats, 1_764_000_000))
    page.wait_for_selector("main.play-onexeno #hand.active")
    tr = lambda k, **p: i18n.tr("en", k, **p)
    stops = page.evaluate("() => [...document.querySelectorAll('#board [tabindex=\"0\"]')].length")
    assert stops == 1 and not page.query_selector("#table button")
    for _ in range(80):                          # Tab from the top of the table into it: once
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED) == ["gridcell", f"c5: the {ox_ui.card_name(tr, '8a')}"]
    said = said_after(page, "ArrowUp", page.evaluate(FOCUSED))
    assert said == ["gridcell", "c6: empty"]
    assert said_after(page, "ArrowRight", said) == ["gridcell", "d6: empty"]
    page.keyboard.press("Tab")                   # one tab stop: Tab leaves the table...
    assert page.evaluate(FOCUSED) is None
    for _ in range(10):                          # ...for the hand, whose arrows walk it
        if page.evaluate("() => !!document.activeElement.closest('#hand')"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("End")                   # the card just drawn, the last of the hand
    assert page.evaluate("() => document.activeElement.dataset.card") == "3a"
    page.keyboard.press("Enter")
    page.wait_for_selector('#hand [data-card="3a"][aria-pressed="true"]')
    for _ in range(10):                          # back onto the table, on the first cell where it fits
        page.keyboard.press("Shift+Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED) == ["gridcell", "c6: empty, your card fits here"]
    said = said_after(page, "ArrowLeft", page.evaluate(FOCUSED))
    assert said == ["gridcell", "b6: empty, your card does not fit here: the cards must fit in a 5x5 square"]
    page.keyboard.press("Enter")                 # refused, in the engine's words; the card stays picked
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('5x5')")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.dataset.cell === 'd6'")
    page.keyboard.press("Space")                 # d6: the card shown there, turned the one way it fits
    page.wait_for_selector('#cell-d6.preview[data-turn="180"]')
    assert page.evaluate(FOCUSED) == ["gridcell", f"d6: the {ox_ui.card_label(tr, '3a', 180)}, "
                                      "shown here until you place it"]
    page.focus("#place")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('main.play').dataset.ply !== '0'")
    assert record_of(page)["actions"][0] == [0, "3a@d6+180"]
