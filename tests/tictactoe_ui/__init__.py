"""The tests' tic-tac-toe's screen package, laid out as a game's in ``ui/games/``: its screen
(``screen.py``) and its styles (``style.css``, which the build puts in the page's stylesheet
when the game is registered).  The tests register it themselves (``tests/test_plug_in.py``)."""

from .screen import TicTacToeScreen  # noqa: F401  (the package names its screen)
