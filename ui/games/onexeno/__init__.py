"""Onexeno's screen: the cards in SVG, the table, its taps, its texts and its rules page."""

from ... import registry
from .screen import OnexenoScreen

SCREEN = registry.register(OnexenoScreen())
