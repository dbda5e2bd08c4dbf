"""Fennecs's screen: the cards in SVG, its taps, its texts and its rules page.

The home screen needs only the icon and the texts here: the screen, the rest, is imported
when the game first opens (:func:`ui.kit.registry.declare`)."""

from ui.kit import registry
from . import texts

ICON = ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#e8c27a"/>'
        '<path d="M32 14 L36 26 L49 26 L39 34 L43 47 L32 39 L21 47 L25 34 L15 26 L28 26 Z" fill="#fff7d6" stroke="#b67d2b" stroke-width="2"/></svg>')

CARD = registry.declare("fennecs", __name__ + ".screen", "FennecsScreen", ICON, texts.TEXTS)
