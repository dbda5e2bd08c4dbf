"""Reading what the fake page drew (``page.html``), and tapping what it shows."""

from __future__ import annotations

import html as html_
import random
import re

import game


def txt(page) -> str:
    """The page's markup with its entities read (``'`` is ``&#x27;`` there)."""
    return html_.unescape(page.html)


def found(page, pattern):
    return re.findall(pattern, page.html)


def click(app, page, pattern):
    """Taps the first element whose opening tag matches ``pattern``, handing the app its
    data-act and data-* attributes as the page's one click handler does; False if none."""
    for m in re.finditer(r"<(?:button|a|span|div|li)\b([^>]*)>", page.html):
        tag = m.group(1)
        if re.search(pattern, tag) and 'data-act="' in tag:
            attrs = dict(re.findall(r'\s([a-z-]+)="([^"]*)"', tag))
            data = {k[5:]: html_.unescape(v) for k, v in attrs.items()
                    if k.startswith("data-") and k != "data-act"}
            app.on_click(attrs["data-act"], data)
            return True
    return False


def status_text(page):
    """The status line's words, entities read ("" if none is drawn)."""
    m = re.search(r'<div class="status" id="status"[^>]*>(.*?)</div>', page.html)
    return html_.unescape(re.sub(r"<[^>]+>", " ", m.group(1))) if m else ""


def status_of(html: str) -> str:
    """The status line's markup, its tags taken out (entities left as drawn)."""
    return re.sub(r"<[^>]+>", " ", re.search(r'id="status">(.*?)</div>', html, re.S).group(1))


def hand_cards(html):
    """The cards of the hand as drawn, in order (the same markup in every card game)."""
    m = re.search(r'<div class="hand fan[^"]*" id="hand".*?</div>', html)
    return re.findall(r'data-card="([^"]+)"', m.group(0)) if m else []


def marks(html: str) -> dict:
    """id -> its numbers, as drawn."""
    return {i: m.split("·") for i, m in re.findall(r' id="([^"]+)" data-mark="([^"]+)"', html)}


def share_url(html: str) -> str:
    return re.search(r'id="share-url" readonly value="([^"]+)"', html).group(1)


# -- each game's words ----------------------------------------------------------------------

def end_look(gid: str, lang: str) -> str:
    """The end dialog's button that hides it, in a finished two-player game of ``gid`` (each
    game's tests say its word: issue 28, the card games said "Look at the board")."""
    from ui.kit import i18n, registry
    from ui.kit.screen import Context
    st = game.new_game(gid, players=2, seed=1)
    rng = random.Random(1)
    while not st.over:
        seat = st.to_move[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    scr = registry.screen(gid)
    ctx = Context(tr=lambda k, **p: i18n.tr(lang, k, **p), lang=lang, names=("Ann", "Bob"),
                  seats=({"kind": "human"}, {"kind": "bot", "level": "novice"}), save_id="x")
    h = scr.render(st.view(0), scr.new_selection(), ctx)
    return re.search(r'id="hide-end">([^<]*)<', h).group(1)


def hint_says(gid: str, cases, view: dict | None = None) -> None:
    """Each ``(action, english, french)``: the hint's words for seat 0 of a two-player game of
    ``gid`` (seed 1; ``view``: another of its views), an instruction in both languages (each
    game's tests give their own; issue 28, the hint said what was done, as the log does)."""
    from ui.kit import i18n, registry
    scr = registry.screen(gid)
    view = view if view is not None else game.new_game(gid, players=2, seed=1).view(0)
    for action, en, fr in cases:
        for lang, words in (("en", en), ("fr", fr)):
            tr = lambda key, _l=lang, **p: i18n.tr(_l, key, **p)
            assert scr.hint_words(tr, view, ["Ann", "Bob"], 0, action) == words.replace(" :", "\u00a0:")
