"""A game lives in its three homes, plus one registration line each (docs/ARCHITECTURE.md, "How a
new game plugs in"): its rules, ``game/<id>.py``; its screen package, ``ui/games/<id>/`` (its texts,
rules page and styles with it); its bot, ``bots/<id>.py``.  For every game of the catalogue,
and the tests' tic-tac-toe, this lists the repository's files outside its homes that name it
(its id, or a module named for it) and allows only what is written here, each with why.

What counts as naming: the id as a word ("fendo" in ``play-fendo``, ``FENDO_RANDOM_GAMES``,
``test_fendo``), in any case.  In Python files, the code alone: a comment or a docstring that
cites a game as an example touches nothing when a game comes or goes.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

import game

ROOT = Path(__file__).resolve().parents[1]
TICTACTOE = "tictactoe"

# The one line each catalogue has per game: the import that registers its rules, and the one
# that registers its screen.  (The bot has none: bots/profile.py finds bots/<id>.py by name.)
REGISTRATIONS = ("game/__init__.py", "ui/games/__init__.py")

# Files that name games and are not touched to add one, and why.
PROSE = ("docs/", "README.md")             # they describe the games, for people
GENERATED = ("index.html",                 # the static home and the description, and the
             "manifest.webmanifest")       # manifest's: written by `make static` from the
                                           # catalogue (tests/test_ui_static.py says when due)
DATA = ("tests/fixtures/",)                # saves, links and fingerprints of real games
# Tests and benchmarks: one that names a game uses it as its scenario (a Fendo link, a Renard
# trick, a game's own tests/test_<id>*.py); adding a game touches none of them.  One that names
# every game of the catalogue is a hand-kept list of them, which a new game would have to join:
# that is what this test catches there (tests/e2e/test_sizes.py's, tools/audit.mjs's were).
SCENARIOS = ("tests/", "bench/")
# Hand-kept lists left, each with the reason it stays for now.
KNOWN = {
    "tests/invariants.py": "each game's invariant checker, a class per game (CHECKERS): a new "
                           "game may add one, none is required",
    "bench/ladder.py": "the ladder's tables (players, options, pairs per game) are measurement "
                       "choices, tuned per game",
    "bench/soak_bots.py": "the worker soak's tables (players, options per game), as the ladder's",
    "Makefile": "`make soak`'s large counts, one knob per game's own random-game test",
    "tests/e2e/positions.py": "the browser tests' saved positions: the layouts' games, each at a "
                              "count of players and a Fowl Play table mid-round, are choices of "
                              "scenario; a game with none gets a table by itself (TABLES)",
    "tests/e2e/test_engines.py": "what to click next in WebKit and Firefox, a pattern per game (NEXT); "
                                 "a new game without one fails there, saying so; to move into "
                                 "each game's screen package",
}
# The bots' settings by game (judges, playout policies, mistakes, budgets) are being moved into
# each game's bot module, bots/<id>.py, with its PROFILE (branch botprof); until that lands,
# these files name games.  The xfail below lifts by itself once they no longer exist or no
# longer name a game.
BOTPROF = ("bots/evaluate.py", "bots/heuristic.py", "bots/playouts.py", "bots/levels.py",
           "bots/fendo_judge.py", "bots/fennecs_policy.py", "bots/fowl_judge.py", "bots/onexeno_bot.py")


def homes(game_id: str) -> tuple[str, ...]:
    if game_id == TICTACTOE:   # the tests' game lives in tests/, with the test that registers it
        return ("tests/tictactoe.py", "tests/tictactoe_ui/", "tests/tictactoe_bot.py",
                "tests/test_plug_in.py")
    return (f"game/{game_id}.py", f"ui/games/{game_id}/", f"bots/{game_id}.py")


def _files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return sorted(f for f in out.splitlines() if (ROOT / f).is_file())


def _code(text: str) -> str:
    """A Python file's text without its comments and docstrings."""
    docs = set()
    for node in ast.walk(ast.parse(text)):
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)):
            docs.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
    lines = text.splitlines()
    kept = [line for i, line in enumerate(lines, 1) if i not in docs]
    out = []
    for tok in tokenize.generate_tokens(io.StringIO("\n".join(kept) + "\n").readline):
        if tok.type != tokenize.COMMENT:
            out.append(tok.string)
    return " ".join(out)


@functools.cache
def texts() -> dict[str, str]:
    """Every file's text, Python files as :func:`_code` reads them: read when a test first
    asks (seconds: not at collection, in every process of a parallel run)."""
    texts = {}
    for f in _files():
        try:
            text = (ROOT / f).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue                                   # pictures and other binaries
        texts[f] = _code(text) if f.endswith(".py") else text
    return texts



def _rx(game_id: str) -> re.Pattern:
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(game_id)}(?![A-Za-z0-9])", re.I)


def _naming(game_id: str) -> list[str]:
    rx = _rx(game_id)
    return [f for f, text in texts().items() if rx.search(text)]


def _touched(game_id: str, real: list[str]) -> list[str]:
    """The files outside ``game_id``'s homes that name it and are allowed by nothing above."""
    bad = []
    for f in _naming(game_id):
        if f.startswith(homes(game_id)) or f.startswith(PROSE + GENERATED + DATA) or f in KNOWN:
            continue
        if f in REGISTRATIONS:
            lines = [line for line in texts()[f].splitlines() if _rx(game_id).search(line)]
            if len(lines) == 1:
                continue
        if f.startswith(SCENARIOS) and not all(_rx(g).search(texts()[f]) for g in real):
            continue
        bad.append(f)
    return bad


REAL = list(game.GAMES)


@pytest.mark.parametrize("game_id", REAL + [TICTACTOE])
def test_a_game_is_named_outside_its_homes_only_where_allowed(game_id):
    bad = [f for f in _touched(game_id, REAL) if f not in BOTPROF]
    assert not bad, f"{game_id} is named outside its homes {homes(game_id)} in {bad}"


def _botprof_names_a_game() -> bool:
    return any((ROOT / f).is_file() and any(_rx(g).search(texts().get(f, "")) for g in REAL)
               for f in BOTPROF)


@pytest.mark.xfail("_botprof_names_a_game()",       # a string: read when the test runs
                   reason="the bots' settings by game move to bots/<id>.py (branch botprof)", strict=True)
def test_the_bots_shared_modules_name_no_game():
    bad = sorted({f for g in REAL for f in _touched(g, REAL) if f in BOTPROF})
    assert not bad, f"bots' modules naming a game: {bad}"


def test_every_game_is_registered_on_one_line_of_each_catalogue():
    for f in REGISTRATIONS:
        for g in REAL:
            assert len([line for line in texts()[f].splitlines() if _rx(g).search(line)]) == 1, (f, g)


def test_a_hand_kept_list_of_the_games_is_caught():
    """The check itself: a test naming every game is caught; one naming a game is not."""
    texts()["tests/test_made_up.py"] = repr(tuple(REAL))
    texts()["tests/test_made_up_too.py"] = repr(REAL[0])
    texts()["ui/made_up.py"] = repr(REAL[-1])
    try:
        assert "tests/test_made_up.py" in _touched(REAL[0], REAL)
        assert "tests/test_made_up_too.py" not in _touched(REAL[0], REAL)
        assert "ui/made_up.py" in _touched(REAL[-1], REAL)
    finally:
        for f in ("tests/test_made_up.py", "tests/test_made_up_too.py", "ui/made_up.py"):
            del texts()[f]
