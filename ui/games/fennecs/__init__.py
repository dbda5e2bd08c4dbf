"""Fennecs's screen: the cards in SVG, its taps, its texts and its rules page."""

from ... import registry
from .screen import FennecsScreen

SCREEN = registry.register(FennecsScreen())
