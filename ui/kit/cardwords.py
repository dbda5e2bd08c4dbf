"""Cards named in words, drawn small among them (pure Python): the one finder that every card
game's :meth:`~ui.kit.screen.GameScreen.inline` uses (Onexeno, Fennecs, Le Renard des Bois)."""

from __future__ import annotations

import re
from functools import partial
from collections.abc import Callable, Iterable

from ui.kit import i18n
from ui.kit.html import esc


class CardWords:
    """A game's cards as its texts name them, found in escaped words and drawn small there.

    ``name(tr, card)``: a card's words; ``chip(card)``: its small picture (SVG, hidden from
    screen readers: the span's label says the words); ``cls``: the span's class, for the
    game's style; ``before``/``after``: lookarounds that keep a name inside a longer word
    from being taken for a card ("1/5 cards" names no card)."""

    def __init__(self, cards: Iterable[str], name: Callable, chip: Callable[[str], str], cls: str,
                 before: str = "", after: str = ""):
        self.cards, self.name, self.chip, self.cls = tuple(cards), name, chip, cls
        self.before, self.after = before, after
        self._langs: dict = {}

    def names(self, lang: str) -> tuple:
        """``(names, pattern)`` in ``lang``: each card's name, escaped, and the pattern that
        finds them in escaped words, the longest name first.  Made once per language."""
        if lang not in self._langs:
            tr = partial(i18n.tr, lang)
            by = {esc(self.name(tr, c)): c for c in self.cards}
            alts = "|".join(re.escape(n) for n in sorted(by, key=len, reverse=True))
            self._langs[lang] = by, re.compile(f"{self.before}(?:{alts}){self.after}")
        return self._langs[lang]

    def inline(self, lang: str, escaped: str) -> str:
        """Escaped words with each card they name drawn small, its name as its label."""
        by, pattern = self.names(lang)
        return pattern.sub(lambda m: f'<span class="icard {self.cls}" role="img" aria-label="{m.group(0)}">'
                                     f'{self.chip(by[m.group(0)])}</span>', escaped)
