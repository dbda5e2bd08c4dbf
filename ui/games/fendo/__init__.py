"""Fendo's screen: the board in SVG, its taps, its texts and its rules page.

The home screen needs only the icon and the texts here: the screen, the rest, is imported
when the game first opens (:func:`ui.kit.registry.declare`)."""

from ui.kit import registry
from . import texts

ICON = ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#e2bd85"/>'
        + "".join(f'<rect x="{8 + 10 * (i % 5)}" y="{8 + 10 * (i // 5)}" width="8" height="8" rx="1.5" fill="#f1dcb2"/>'
                  for i in range(25))
        + '<rect x="16.5" y="6" width="3" height="32" rx="1.5" fill="#1d1a17"/>'
        '<rect x="6" y="37.5" width="32" height="3" rx="1.5" fill="#1d1a17"/>'
        '<circle cx="22" cy="52" r="3.6" fill="#fff" stroke="#8d826f"/><circle cx="42" cy="22" r="3.6" fill="#f08a24" stroke="#a4500f"/></svg>')

CARD = registry.declare("fendo", __name__ + ".screen", "FendoScreen", ICON, texts.TEXTS)
