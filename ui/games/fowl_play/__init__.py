"""Fowl Play's screen: the hex board in SVG, its taps, its texts and its rules page.

The home screen needs only the icon and the texts here: the screen, the rest, is imported
when the game first opens (:func:`ui.kit.registry.declare`)."""

from ui.kit import registry
from . import texts

ICON = ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#8fb569"/>'
        '<path d="M32 12 L48 21 L48 39 L32 48 L16 39 L16 21 Z" fill="#d9ecc2" stroke="#5d7f3c" stroke-width="2"/>'
        '<circle cx="32" cy="30" r="7" fill="#fff"/><path d="M38 30 L43 31 L38 33 Z" fill="#e0a01f"/></svg>')

CARD = registry.declare("fowl_play", __name__ + ".screen", "FowlPlayScreen", ICON, texts.TEXTS)
