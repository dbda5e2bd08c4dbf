"""The examples in the packages' docstrings are tests too."""

import doctest
import sys
from pathlib import Path

import pytest

import bots
import game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import build  # noqa: E402  (tools/build.py: the stdlib's stripping)


@pytest.mark.parametrize("module", [game, bots, build], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
