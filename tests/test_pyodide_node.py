"""The engine plays the same games in Pyodide as on CPython.

Seeded random games of every game in game.GAMES (tools/random_play.py, the one policy both
sides run) are played here on CPython and in Pyodide under Node
(tools/pyodide_run.mjs, with node_modules/pyodide), and the JSON results must be
identical: records, scores, winners, every seat's final view, and a determinized playout.

Needs node and node_modules (`make test` installs both): their absence is a failure, not
a skip. RENARDIERE_NODE_GAMES sets the number of games per game (default 12).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import game
from tools import random_play

N = int(os.environ.get("RENARDIERE_NODE_GAMES", "12"))
RUNNER = ROOT / "tools" / "pyodide_run.mjs"


@pytest.fixture(scope="module")
def pyodide_results(tmp_path_factory) -> dict:
    node = shutil.which("node")
    assert node, "node is missing: `make test` installs it (tools/ensure.sh node)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(), (
        "node_modules/pyodide is missing: run `npm ci` (`make test` does)"
    )
    proc = subprocess.run(
        [node, str(RUNNER), str(ROOT), str(ROOT / "tools" / "random_play.py"), str(N)],
        capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
    )
    print(proc.stderr[-2000:])
    assert proc.returncode == 0, f"Pyodide under Node failed:\n{proc.stderr[-4000:]}"
    return _by_game(json.loads(proc.stdout))


def _by_game(results: list[dict]) -> dict:
    grouped: dict = {}
    for r in results:
        grouped.setdefault(r["record"]["game"], []).append(r)
    return grouped


def _first_difference(a, b, path="") -> str:
    if type(a) is not type(b):
        return f"{path or '/'}: {a!r:.200} != {b!r:.200}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}/{k}: only on {'CPython' if k in a else 'Pyodide'}"
            if a[k] != b[k]:
                return _first_difference(a[k], b[k], f"{path}/{k}")
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}/{i}")
        if len(a) != len(b):
            return f"{path}: {len(a)} items on CPython, {len(b)} in Pyodide"
    return f"{path or '/'}: {a!r:.200} != {b!r:.200}"


@pytest.mark.slow
def test_every_game_is_checked(pyodide_results):
    assert sorted(pyodide_results) == sorted(game.GAMES)
    assert all(len(v) == N for v in pyodide_results.values())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_same_games_on_cpython_and_pyodide(game_id, pyodide_results):
    # Through JSON, as the Pyodide side was: tuples become lists, keys strings.
    cpython = json.loads(random_play.dumps(random_play.run_all(N, [game_id])))
    pyodide = pyodide_results.get(game_id, [])
    assert len(pyodide) == len(cpython)
    for a, b in zip(cpython, pyodide):
        seed = a["record"]["seed"]
        assert a == b, f"{game_id} seed {seed}: CPython and Pyodide differ at {_first_difference(a, b)}"
    assert any(r["over"] for r in cpython), f"no random {game_id} game ended within {random_play.MAX_PLIES} plies"
