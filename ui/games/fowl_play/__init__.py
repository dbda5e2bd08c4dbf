"""Fowl Play's screen: the hex board in SVG, its taps, its texts and its rules page."""

from ... import registry
from .screen import FowlPlayScreen

SCREEN = registry.register(FowlPlayScreen())
