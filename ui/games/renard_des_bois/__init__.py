"""Le Renard des Bois's screen: the cards in SVG, its taps, its texts and its rules page."""

from ... import registry
from .screen import RenardScreen

SCREEN = registry.register(RenardScreen())
