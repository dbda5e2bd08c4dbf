"""The examples in the packages' docstrings are tests too."""

import doctest

import pytest

import bots
import game


@pytest.mark.parametrize("module", [game, bots], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
