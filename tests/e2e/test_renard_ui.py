"""Le Renard des Bois in Chromium: a game against the novice bot, a few cards played by clicking.

Uses the fixtures of tests/e2e/conftest.py (a static server, Chromium, and a watch that fails
the test on any console error or request to another origin).
"""

from __future__ import annotations


def _wait_our_turn(page, timeout=60_000):
    page.wait_for_function(
        """() => { const m = document.querySelector('main.play');
                   return m && (m.dataset.over === '1' || (!m.dataset.thinking &&
                          document.querySelector('#hand.active'))); }""", timeout=timeout)


def _ply(page) -> int:
    return int(page.get_attribute("main.play", "data-ply"))


def _start_against_novice(page, server, wait_ready, target=None, tap=False):
    """Home page, new game of Le Renard des Bois, seat 2 a novice bot, started."""
    press = page.tap if tap else page.click
    page.goto(server.url)
    wait_ready(page)
    press("#new-renard_des_bois")
    page.wait_for_selector("#newgame-form")
    page.select_option("#level1", "novice")
    if target:
        page.check(f'input[name="opt-target"][value="{target}"]')
    press("#start")
    page.wait_for_selector("main.play-renard")


def test_play_a_few_cards_against_the_novice_bot(page, server, wait_ready):
    _start_against_novice(page, server, wait_ready, target=16)
    played = 0
    while played < 4:
        _wait_our_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
        ply = _ply(page)
        if page.query_selector("#keep"):
            page.click("#keep")
        else:
            # a card we may not play (if any) is refused with the reason, and nothing moves
            bad = page.query_selector("#hand.active .hcard:not(.legal)")
            if bad is not None and not page.get_attribute("main.play", "data-mode"):
                bad.click(position={"x": 5, "y": 40}, force=True)  # its visible strip
                page.wait_for_selector("#status .st-error")
                assert _ply(page) == ply
            page.click("#hand.active .hcard.legal >> nth=0", position={"x": 5, "y": 40}, force=True)
            played += 1
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    _wait_our_turn(page)
    assert page.is_visible("#decree") and page.is_visible("#trick")
    assert page.text_content(".rplayer.opp .tricks") and page.query_selector_all(".rplayer.opp .hcard")
    # the game is saved: a reload comes back to the same position
    ply = _ply(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("main.play-renard")
    assert _ply(page) == ply


# The visible strip of each hand card but the last (the fan overlaps them in one row), and
# whether it is playable now.
_STRIPS = """() => {
  const cards = [...document.querySelectorAll('#hand button.hcard')];
  return cards.slice(0, -1).map((b, i) => [cards[i + 1].getBoundingClientRect().left - b.getBoundingClientRect().left,
                                           b.classList.contains('legal')]);
}"""


def test_a_whole_game_to_21_on_a_phone_by_tapping(phone_page, server, wait_ready):
    from conftest import no_horizontal_scroll
    page = phone_page
    _start_against_novice(page, server, wait_ready, tap=True)
    assert no_horizontal_scroll(page)
    _wait_our_turn(page)              # the bot may lead the first trick
    strips = page.evaluate(_STRIPS)
    # 13 cards in one row: up to 5 playable ones get a thumb's width (the others keep 12 px),
    # more share the row (a lead: all playable), WCAG 2.5.8's 24 px at least
    legal = [w for w, ok in strips if ok]
    n_legal = len(page.query_selector_all("#hand button.hcard.legal"))
    assert len(strips) == 12 and n_legal, strips
    assert not legal or min(legal) >= (44 if n_legal <= 5 else 24), strips
    explained, rounds = set(), 0
    for _ in range(400):
        _wait_our_turn(page)
        for line in page.query_selector_all("#status .st-ability"):
            explained.add(line.text_content().split(":")[0])
        if page.get_attribute("main.play", "data-over"):
            break
        if page.query_selector("#round-ok"):
            assert page.is_visible(".round-table")
            page.tap("#round-ok")
            rounds += 1
            continue
        ply = _ply(page)
        if page.query_selector("#keep"):
            page.tap("#keep")
        else:
            page.tap("#hand.active .hcard.legal >> nth=0", position={"x": 8, "y": 20})
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
    assert page.get_attribute("main.play", "data-over") == "1"
    page.wait_for_selector("#end-dialog")
    totals = [int(t.get_attribute("data-score")) for t in page.query_selector_all("#end-dialog td.total")]
    assert max(totals) >= 21 and rounds >= 1
    assert no_horizontal_scroll(page)
    assert {"Fox", "Woodcutter"} & explained, explained


def test_keyboard_play_walks_the_hand_and_keeps_the_focus(page, server, wait_ready):
    _start_against_novice(page, server, wait_ready)
    active = "() => document.activeElement && document.activeElement.id"
    for _ in range(3):
        _wait_our_turn(page)
        if page.query_selector("#round-ok"):
            page.click("#round-ok")
            continue
        ply = _ply(page)
        if page.query_selector("#keep"):
            page.focus("#keep")
            page.keyboard.press("Enter")
        else:
            ids = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.id)")
            page.focus("#" + ids[0])
            page.keyboard.press("ArrowRight")
            assert page.evaluate(active) == ids[1]
            page.keyboard.press("End")
            assert page.evaluate(active) == ids[-1]
            page.keyboard.press("Home")
            legal = page.eval_on_selector_all("#hand button.legal", "bs => bs.map(b => b.id)")
            for _ in range(ids.index(legal[0])):
                page.keyboard.press("ArrowRight")
            assert page.evaluate(active) == legal[0]
            page.keyboard.press("Enter")
        page.wait_for_function("(ply) => +document.querySelector('main.play').dataset.ply > ply", arg=ply)
        # the card played is gone; once the hand is playable again the focus is back in it
        _wait_our_turn(page)
        if not page.query_selector("#round-ok, #keep") and not page.get_attribute("main.play", "data-over"):
            page.wait_for_function("() => !!document.activeElement.closest('#hand')")


def test_a_name_is_text_never_markup(page, server, wait_ready):
    """A player's name that looks like HTML shows as those characters, on every screen it
    reaches (the table, the home page's saved game), and nothing of it runs."""
    evil = '<img src=x onerror="window.pwned=1">'
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server.url)
    wait_ready(page)
    page.click("#new-renard_des_bois")
    page.wait_for_selector("#newgame-form")
    page.fill("#name0", evil)
    page.select_option("#level1", "novice")
    page.click("#start")
    page.wait_for_selector("main.play-renard")
    _wait_our_turn(page)
    assert evil in page.text_content(".rplayer.me .pname")
    page.click("#home-link")
    page.wait_for_selector("li.saved")
    assert evil in page.text_content("body")
    assert page.evaluate("() => document.querySelectorAll('img[src=x]').length") == 0
    assert page.evaluate("() => window.pwned === undefined") and dialogs == []
