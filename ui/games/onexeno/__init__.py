"""Onexeno's screen: the cards in SVG, the table, its taps, its texts and its rules page.

The home screen needs only the icon and the texts here: the screen, the rest, is imported
when the game first opens (:func:`ui.kit.registry.declare`)."""

from ui.kit import registry
from . import texts

ICON = ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#4c5d8a"/>'
        + "".join(f'<rect x="{14 + 12 * (i % 3)}" y="{14 + 12 * (i // 3)}" width="11" height="11" fill="{c}"/>'
                  for i, c in enumerate(["#1f2740", "#e9ecf5", "#1f2740", "#e9ecf5", "#e9ecf5", "#1f2740",
                                         "#e9ecf5", "#1f2740", "#1f2740"]))
        + '<text x="32" y="35.5" font-size="9" text-anchor="middle" fill="#1f2740" font-weight="700">5</text></svg>')

CARD = registry.declare("onexeno", __name__ + ".screen", "OnexenoScreen", ICON, texts.TEXTS)
