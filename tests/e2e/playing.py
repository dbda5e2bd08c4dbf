"""Driving the app in Chromium as a person plays it: games started from the form, Fendo's
moves clicked, the page's own save read back (the browser tests of several games share them)."""

from __future__ import annotations

import json
import re

import game

SAVE_PREFIX = "renardiere.save."


def ply_of(page) -> int:
    """The ply of the table drawn (main.play's data-ply)."""
    return int(page.get_attribute("main.play", "data-ply"))


def record_of(page, save_id=None):
    """The record of the game ``save_id`` (the one open, by default) as the page saved it."""
    if save_id is None:
        save_id = page.evaluate("location.hash").split("/")[1]
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", SAVE_PREFIX + save_id))["record"]


def moves_of(page):
    """The move list as shown, in order (the empty cell of an unfinished last row left out)."""
    return [m for m in page.eval_on_selector_all(".movelist td.mv", "tds => tds.map(td => td.textContent)") if m]


def new_fendo_game(page, server, wait_ready, **options):
    """Home page, a new Fendo game against the novice bot (``options``: the form's), started;
    returns its save id."""
    page.goto(server.url + "#")      # a hash change on a page already started (conftest's app)
    wait_ready(page)
    page.click("#new-fendo")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    for name, value in options.items():
        page.check(f'input[name="opt-{name}"][value="{value}"]')
    page.click("#start")
    page.wait_for_selector("#board")
    return page.url.split("#play/")[1]


def wait_fendo_turn(page, ply, timeout=90_000):
    """Waits until the bot has answered (our turn again) or the game is over."""
    page.wait_for_function(
        """(ply) => { const m = document.querySelector('main.play');
                      return m && (m.dataset.over === '1' ||
                                   (+m.dataset.ply > ply && !m.dataset.thinking &&
                                    document.querySelector('.player-white.to-move'))); }""",
        arg=ply, timeout=timeout)


def click_cell(page, cell):
    page.click(f'#board [data-act="cell"][data-cell="{cell}"]')


def play_by_clicks(page, action):
    if action == "pass":
        page.click("#pass")
        return
    m = re.fullmatch(r"([a-k]\d+)(?:-([a-k]\d+))?([NESW])", action)
    if m:
        src, dst, side = m.group(1), m.group(2) or m.group(1), m.group(3)
        click_cell(page, src)
        page.wait_for_selector(f'#board [data-cell="{src}"].selected')
        click_cell(page, dst)
        page.wait_for_selector(f'#board .wall-hit[data-side="{side}"]')
        page.click(f'#board .wall-hit[data-side="{side}"]')
    else:
        page.click("#reserve")
        page.wait_for_selector(f'#board [data-cell="{action}"].entry')
        click_cell(page, action)


def start_renard(page, server, wait_ready, target=None, tap=False):
    """Home page, new game of Le Renard des Bois, seat 2 a novice bot, started."""
    press = page.tap if tap else page.click
    page.goto(server.url + "#")      # a hash change on a page already started (conftest's app)
    wait_ready(page)
    press("#new-renard_des_bois")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    if target:
        page.check(f'input[name="opt-target"][value="{target}"]')
    press("#start")
    page.wait_for_selector("main.play-renard")


def wait_person(page, timeout=60):
    """Until the person (seat 0) is to act on a drawn table, or the game is over."""
    import time
    end = time.time() + timeout
    while time.time() < end:
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
        main = page.query_selector("main.play")
        if main and not main.get_attribute("data-thinking"):
            rec = record_of(page)
            st = game.replay(rec)
            if str(len(rec["actions"])) == main.get_attribute("data-ply") and (st.over or 0 in st.to_move) \
                    and not page.query_selector("#round-ok"):
                return st
        page.wait_for_timeout(100)
    raise AssertionError("the person's turn did not come")


PLAYED = ("() => { const m = document.querySelector('main.play');"
          " return m && +m.dataset.ply >= 2 && !m.dataset.thinking; }")


def play_against_the_bot(page) -> None:
    """A Fendo game against the novice bot: the human's first move, and the bot's answer."""
    page.click("#new-fendo")
    page.select_option("#level1", "novice")
    page.click("#start")
    page.click('#board [data-act="cell"][data-cell="d1"]')
    page.click('#board [data-act="cell"][data-cell="d4"]')
    page.click('#board .wall-hit[data-side="N"]')
    page.wait_for_function(PLAYED, timeout=90_000)


FOCUSED = """() => { const a = document.activeElement;
    return a && a.closest && a.closest('#board') ? [a.getAttribute('role'), a.getAttribute('aria-label')] : null; }"""


def said_after(page, key: str, before) -> list:
    """Presses ``key`` and returns what the focused cell then says (role, accessible name)."""
    page.keyboard.press(key)
    page.wait_for_function(f"(b) => JSON.stringify(({FOCUSED})()) !== JSON.stringify(b)", arg=before)
    return page.evaluate(FOCUSED)
