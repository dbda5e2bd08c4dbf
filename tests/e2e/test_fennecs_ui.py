"""Fennecs in Chromium: four players (one human, three novice bots), a few moves by clicking,
then a whole game to its end screen on a phone.

Uses the fixtures of tests/e2e/conftest.py (a static server, Chromium, and a watch that fails
the test on any console error or request to another origin).
"""

from __future__ import annotations

import time
from conftest import box_of, quick
from playing import ply_of


def _wait_our_turn(page, timeout=60_000):
    page.wait_for_function(
        """() => { const m = document.querySelector('main.play');
                   return m && (m.dataset.over === '1' || document.querySelector('#round-ok') ||
                          (!m.dataset.thinking && (document.querySelector('#hand.active') ||
                                                   document.querySelector('#confirm')))); }""",
        timeout=timeout)


def test_play_a_few_moves_at_a_four_player_table(app, wait_ready):
    page = app
    page.click("#new-fennecs")
    page.wait_for_selector("#newgame-form")
    page.check('input[name="players"][value="4"]')
    page.wait_for_selector("#level3")
    for i in (1, 2, 3):
        page.select_option(f"#level{i}", "novice")
    page.click("#start")
    page.wait_for_selector("main.play-fennecs")
    assert len(page.query_selector_all(".fcol")) == 4
    assert len(page.query_selector_all(".fplayer")) == 4
    played = 0
    while played < 3:
        _wait_our_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
            continue
        if page.get_attribute("main.play", "data-over"):
            break
        ply = ply_of(page)
        if page.query_selector("#confirm"):
            page.click("#confirm")
        else:
            page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 30}, force=True)
            page.wait_for_selector("button.fstack.lit")
            page.click("button.fstack.lit >> nth=0", position={"x": 10, "y": 10})
            page.wait_for_selector("#face-up")
            if page.get_attribute("#face-up", "aria-disabled"):
                page.click("#face-down")
            else:
                page.click("#face-up")
            played += 1
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    assert page.is_visible("#table") and page.is_visible("#reserve")
    # the game is saved: a reload comes back to the same position
    _wait_our_turn(page)
    ply = ply_of(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("main.play-fennecs")
    assert ply_of(page) == ply


def test_a_whole_four_player_game_on_a_phone(browser, server, wait_ready, watch, open_watched):
    """One person and three novice bots, to the end screen, by taps on a 390x844 phone:
    every round's summary, then the result; the page never scrolls sideways."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                              service_workers="allow")
    ctx.set_default_timeout(30_000)
    quick(ctx)      # the bots answer at once: the pacing has tests of its own (test_tables)
    try:
        watch.attach_context(ctx)
        page = open_watched(ctx, watch)
        page.goto(server.url + "#new/fennecs")
        wait_ready(page)
        page.tap('input[name="players"][value="4"]')
        page.wait_for_selector("#level3")
        for i in (1, 2, 3):
            page.select_option(f"#level{i}", "novice")
        t0 = time.monotonic()
        page.tap("#start")
        page.wait_for_selector("main.play-fennecs")

        def no_side_scroll():
            assert page.evaluate("document.documentElement.scrollWidth") <= 390

        rounds, turns, collected = 0, 0, 0
        while True:
            _wait_our_turn(page, timeout=90_000)
            no_side_scroll()
            if page.query_selector("#round-ok"):
                rounds += 1
                assert page.get_attribute("#round-dialog", "data-round") == str(rounds)
                assert page.is_visible("#round-dialog .ftotals")
                last = page.get_attribute("#round-dialog", "data-last") is not None
                page.tap("#round-ok")
                if last:
                    break
                continue
            assert not page.get_attribute("main.play", "data-over")
            # always in sight: the Reserve, and each player's stars (and round done)
            assert page.is_visible("#reserve") and len(page.query_selector_all(".fplayer .fstars")) == 4
            ply = ply_of(page)
            if page.query_selector("#confirm"):
                assert page.is_visible("#choice .fsum") and page.query_selector(".fopt.chosen")
                page.tap("#confirm")
                collected += 1
            else:
                takes = page.query_selector_all(".ftake")
                cards = page.query_selector_all("#hand.active .hcard.legal")
                if takes and (not cards or turns % 3 == 2):
                    takes[-1].tap()
                    collected += 1
                else:
                    page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 30}, force=True)
                    page.wait_for_selector("button.fstack.lit")
                    page.click("button.fstack.lit >> nth=-1", position={"x": 10, "y": 10})
                    page.wait_for_selector("#face-up")
                    no_side_scroll()
                    down = turns % 2 == 1 and not page.get_attribute("#face-down", "aria-disabled")
                    if page.get_attribute("#face-up", "aria-disabled"):
                        down = True
                    page.tap("#face-down" if down else "#face-up")
            turns += 1
            page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
        # the end screen: the winner, why, and the score round by round
        page.wait_for_selector("#end-dialog")
        no_side_scroll()
        assert page.get_attribute("main.play", "data-over") == "1"
        assert "wins" in page.inner_text("#end-title") or "Shared" in page.inner_text("#end-title")
        assert len(page.query_selector_all("#end-dialog tr.round-row")) == rounds
        totals = [int(t.get_attribute("data-score")) for t in page.query_selector_all("#end-dialog td.total")]
        assert len(totals) == 4 and page.query_selector("#end-dialog td.total.best")
        box = box_of(page, "#end-dialog")
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        elapsed = time.monotonic() - t0
        print(f"\nFennecs, a whole 4-player game on a phone: {rounds} rounds, {turns} human turns "
              f"({collected} collections), {elapsed:.1f} s")
        assert turns > 0 and collected > 0
    finally:
        ctx.close()


# The box of each mark's badge (an ::after: its element's box and its offsets), and the boxes
# of the columns' letters and room, of the table's cards: whether any badge lies over a label.
_BADGES = """() => {
  const boxes = [];
  for (const el of document.querySelectorAll('#main [data-mark]')) {
    const cs = getComputedStyle(el, '::after'), r = el.getBoundingClientRect();
    const w = parseFloat(cs.width), h = parseFloat(cs.height);
    let box;
    if (cs.position === 'absolute') {
      const right = r.right - parseFloat(cs.right), top = r.top + parseFloat(cs.top);
      box = {left: right - w, right, top, bottom: top + h};
    } else box = {left: r.right, right: r.right + w, top: r.top, bottom: r.top + h};   // inline, after it
    boxes.push({id: el.id, mark: el.dataset.mark, ...box});
  }
  const labels = [...document.querySelectorAll('.fcol-head strong, .fcol-head .room')].map(e => {
    const r = e.getBoundingClientRect(); return {text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; });
  const over = [];
  for (const b of boxes) for (const l of labels)
    if (b.left < l.right - 0.5 && l.left < b.right - 0.5 && b.top < l.bottom - 0.5 && l.top < b.bottom - 0.5)
      over.push(b.id + ' ' + b.mark + ' over ' + l.text);
  return {boxes, over};
}"""


def test_no_mark_covers_a_column_label_on_a_phone(app, server):
    """Issue 54, item 5, in Chromium at 390x844: the person played in round 1, then waited
    through round 2 (seed 233, tests/test_ui_marks.py); at its turn in round 3 the others'
    actions are numbered on this round's cards and on the collectors' piles, and no badge
    lies over a column's letter or its room; the sentence says round 2 passed."""
    import random

    import game
    from conftest import open_save
    from ui.store.session import Session

    page = app
    page.set_viewport_size({"width": 390, "height": 844})
    seats = [{"kind": "human", "name": "Anna", "level": None}] + [{"kind": "bot", "name": "", "level": "novice"}] * 4
    ses = Session.start("marks233", "fennecs", seats, {}, 233, 1_764_000_000)
    rng = random.Random(233)
    st = game.new_game("fennecs", 5, seed=233)
    while not (st.to_move[0] == 0 and st.view(None)["round"] == 3):
        seat = st.to_move[0]
        action = rng.choice(st.legal_actions(seat))
        st.apply(seat, action)
        ses.apply(seat, action, 1_764_000_000)
    ses.save["round_seen"] = 2
    open_save(page, ses.save)
    page.wait_for_selector("#main [data-mark]")
    page.wait_for_selector("#hand.active")
    found = page.evaluate(_BADGES)
    assert len(found["boxes"]) >= 3 and not found["over"], found
    assert "Round 2 ended while you waited" in page.inner_text("#status")
    page.screenshot(path="test-results/fennecs-marks-390.png")
