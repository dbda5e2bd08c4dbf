"""Fendo's screen: the board in SVG, its taps, its texts and its rules page."""

from ... import registry
from .screen import FendoScreen

SCREEN = registry.register(FendoScreen())
