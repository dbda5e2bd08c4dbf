"""Le Renard des Bois's screen: the cards in SVG, its taps, its texts and its rules page.

The home screen needs only the icon and the texts here: the screen, the rest, is imported
when the game first opens (:func:`ui.kit.registry.declare`)."""

from ui.kit import registry
from . import texts

ICON = ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#2f5d50"/>'
        '<rect x="14" y="12" width="24" height="36" rx="4" fill="#fbf3e4" transform="rotate(-10 26 30)"/>'
        '<rect x="26" y="14" width="24" height="36" rx="4" fill="#fbf3e4" stroke="#2f5d50" transform="rotate(8 38 32)"/>'
        '<path d="M32 24 L36 30 L42 30 L46 24 L45 34 C43 39 41 41 39 41 C37 41 35 39 33 34 Z" fill="#e07a1f"/></svg>')

CARD = registry.declare("renard_des_bois", __name__ + ".screen", "RenardScreen", ICON, texts.TEXTS)
