"""Every text a player reads names things as players say them: no internal code.

A whole game of each game is played through the app (one person against bots, in
English and in French): at every step the table's texts are read (the status, the log,
the dialogs of the rounds and of the end, the labels of the pictures), a hint is asked at
a few positions, a few taps are tried that the table refuses, and once the game is over
its replay is stepped through.  What a player reads must never hold the game's notation
(an action string, a card's code), an untranslated key, a ``{placeholder}`` or a Python
repr.  Places are named as the board draws them (cells like ``e5`` are drawn on every
board), so they are allowed.
"""

from __future__ import annotations

import html
import random
import re

import pytest

import ui.games
from ui.kit import i18n, registry
from ui.kit.screen import GameScreen

from helpers.app import make_app

GAMES = registry.playable()
# What no text may hold in any game: a key left untranslated, a placeholder, a Python repr.
# (Each game's notation is its screen's ``notation``: cells alone are allowed, the boards draw them.)
KEYS = r"\b(?:say|err|play|end|round|undo|replay|log|name|msg|opt|hint|" + "|".join(GAMES) + r")\.[a-z_]+"
COMMON = KEYS + r"|\{[a-z_]+\}|\bNone\b|\[|\]|\{'|\bTrue\b|\bFalse\b|(?<!\.)\.\.(?!\.)"   # and a doubled full stop


def draws_cards(gid: str) -> bool:
    """A game whose words name cards draws them small (its screen has its own ``inline``)."""
    return type(registry.screen(gid)).inline is not GameScreen.inline


# The shell's own acts: a random tap among the table's acts leaves them alone.
SHELL_ACTS = {"undo", "hint", "export", "sound", "again", "replay", "hide-end", "show-end", "log-all",
              "retry", "round-ok", "release", "share", "reveal", "lang", "rp-step", "rp-seat"}


def read(markup: str) -> str:
    """The words a page holds: its text (visually hidden text too) and what screen readers
    read of its pictures and buttons, their labels, descriptions and titles."""
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    labels = re.findall(r'(?:aria-label|aria-description|aria-valuetext|title|alt|placeholder)="([^"]*)"',
                        markup)
    text = re.sub(r"<[^>]+>", "\n", markup)       # one element's words never run into the next's
    return html.unescape("\n".join([text] + labels))


def unlabelled(markup: str) -> list:
    """The pictures a screen reader would announce without words: a ``role="img"`` with no
    label, an ``<img>`` with no ``alt``."""
    pictures = re.findall(r'<[a-z]+\b[^>]*\brole="img"[^>]*>', markup)
    return ([t for t in pictures if not re.search(r'\baria-label(?:ledby)?="[^"]+"', t)]
            + [t for t in re.findall(r"<img\b[^>]*>", markup) if not re.search(r'\balt="', t)])


def main_of(page) -> str:
    """What the screen shows, but Fendo's score sheet and the line that explains it: its
    moves in the game's published notation (``d1-d4N``, Abstract Play's), the one place a
    notation is meant to be read (its "pass" in words: tests/test_ui_fendo.py)."""
    return re.sub(r'<table class="movelist">.*?</table>|<p class="moves-note">.*?</p>', " ", page.html,
                  flags=re.S)


def taps_of(markup: str) -> list:
    """The table's own taps on screen: ``(act, data)``."""
    out = []
    for tag in re.findall(r"<(?:button|span|div|section|li|a)\b[^>]*\bdata-act=\"[^\"]*\"[^>]*>", markup):
        act = re.search(r'data-act="([^"]*)"', tag).group(1)
        if act in SHELL_ACTS:
            continue
        data = {k.replace("-", "_"): html.unescape(v) for k, v in re.findall(r'data-([a-z-]+)="([^"]*)"', tag)
                if k != "act"}
        out.append((act, data))
    return out


def play_through(gid: str, lang: str, seed: int) -> list:
    """A whole game of ``gid``, a person (seat 0) against novice bots: every text read on
    the way, as ``(where, text)``."""
    app, page = make_app(lang=lang)
    rng = random.Random(seed)
    page.go(f"#new/{gid}")
    for i in range(1, 8):
        app.on_form(f"level{i}", "novice")
    app.on_click("start", {})
    ses = app.play.session
    seen: list = []

    def look(where):
        seen.append((where, read(main_of(page))))
        seen.extend(("unlabelled picture", t) for t in unlabelled(page.html))
        for part in ("status", "log"):        # a card named there is drawn small
            if 'class="icard' in page.html.partition(f'id="{part}"')[2].partition("</div>")[0]:
                seen.append((f"card in {part}", ""))

    hints = refusals = 0
    for _step in range(3000):
        page.run()
        look("table")
        if ses.state.over:
            break
        if 'id="round-ok"' in page.html:
            app.on_click("round-ok", {})
            continue
        seat = ses.human_to_move()
        if seat is None:
            app.on_click("release", {})
            continue
        legal = ses.legal(seat)
        if hints < 2 or (hints < 6 and rng.random() < 0.2):     # a hint, said without being played
            hints += 1
            app.on_click("hint", {})
            page.run()
            look("hint")
        for _ in range(3):                            # a few taps: selections, refusals, or a move
            taps = taps_of(page.html)
            if not taps or ses.human_to_move() != seat or ses.state.over:
                break
            act, data = rng.choice(taps)
            ply = ses.ply
            app.on_click(act, data)
            look("refused" if "st st-error" in page.html else "tap")
            if ses.ply != ply:
                break
        past = [a for _, a in ses.state.actions if a not in legal]
        if past and ses.human_to_move() == seat and ses.legal(seat) == legal and (refusals < 4 or rng.random() < 0.2):
            app.play.move(seat, rng.choice(past))    # a move of the game's past, refused now: the reason
            refusals += 1
            look("refused" if "st st-error" in page.html else "tap")
        if ses.human_to_move() == seat and not ses.state.over and ses.legal(seat) == legal:
            app.on_click("cancel", {})
            app.play.move(seat, rng.choice(legal))
    else:
        raise AssertionError("the game did not end")
    page.run()
    look("end")
    seen += [("said", t) for t in page.said]
    app.on_click("replay", {"id": ses.id})
    assert app.screen == "replay"
    look("replay")
    for _ in range(len(ses.state.actions)):
        app.replays.step("prev")
        look("replay")
    return seen


def leaks(gid: str, seen: list) -> dict:
    bad = re.compile(registry.screen(gid).notation + "|" + COMMON)
    found = {}
    for where, text in seen:
        if where == "unlabelled picture":
            found[text] = (where, text)
            continue
        for m in bad.finditer(text):
            found.setdefault(m.group(0), (where, text[max(0, m.start() - 80):m.end() + 80]))
    return found


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("gid", GAMES)
def test_every_text_of_a_whole_game_names_things_in_words(gid, lang):
    seen = play_through(gid, lang, seed=3)
    wheres = {w for w, _ in seen}
    assert {"table", "hint", "refused", "end", "said", "replay"} <= wheres, wheres
    hint = i18n.tr(lang, "play.hint", what="")
    assert any(hint in t for w, t in seen if w == "hint")
    found = leaks(gid, seen)
    assert not found, found
    if draws_cards(gid):
        assert {"card in status", "card in log"} <= wheres, wheres


def rules_of(page) -> str:
    """The rules page on screen, but its notation section's examples (``<code>d1-d4N</code>``),
    where the notation is what is taught."""
    return re.sub(r"<code>.*?</code>", " ", page.html, flags=re.S)


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("gid", GAMES)
def test_the_rules_pages_and_their_demos_name_things_in_words(gid, lang):
    """Issue 54: the rules pages' pictures and demos (Onexeno's "tap a card of the hand"),
    their words and what screen readers read of them, hold no code either."""
    app, page = make_app(lang=lang)
    page.go(f"#rules/{gid}")
    page.run()
    assert 'class="rules-page"' in page.html and "<h2" in page.html
    seen = [("rules", read(rules_of(page)))] + [("unlabelled picture", t) for t in unlabelled(page.html)]
    found = leaks(gid, seen)
    assert not found, found


@pytest.mark.parametrize("gid", GAMES)
def test_the_notation_is_caught_and_the_words_let_through(gid):
    """The game's notation pattern finds its own actions (as a replay used to show them), and
    a game's words for them, said by the log and the hints, hold none."""
    import game
    st = game.new_game(gid, players=game.GAMES[gid].min_players, seed=2)
    scr = registry.screen(gid)
    rng = random.Random(2)
    tr = lambda key, **p: i18n.tr("en", key, **p)
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
    caught = 0
    for _ in range(40):
        if st.over:
            break
        seat = st.to_move[0]
        action = rng.choice(st.legal_actions(seat))
        caught += bool(leaks(gid, [("replay", f"Owl: {action}")]))
        hint = scr.hint_words(tr, st.view(seat), names, seat, action)
        before = st.view(seat)
        st.apply(seat, action)
        said = scr.announce(tr, before, st.view(seat), names, seat, action)
        assert not leaks(gid, [("hint", hint), ("log", said)]), (action, hint, said)
        # a hint says what to do, in the game's own words: not the log's sentence of what was done
        assert hint and hint[0].isupper() and not hint.startswith("Ann"), (action, hint)
    assert caught >= 20, "the notation pattern misses the game's actions"
    assert leaks(gid, [("status", "{card} None")]) and leaks(gid, [("status", f"{gid}.turn_help")])
