"""Every game replays from its record to identical views, on CPython and in Pyodide.

- CPython: for every game, player count and option value, a seeded random game is played;
  its JSON record, replayed action by action, gives the same hash of all views (every seat's
  and the spectator's, with legal actions, turn, scores, winners) after every action, and
  ``game.replay`` of the record cut at several points gives the very views seen then.
- Pyodide: tools/view_hashes.py (seeded games, a hash of all the views after every action,
  and of a determinized world every 10 actions) prints the same thing in Pyodide under Node
  (tools/pyodide_run.mjs) as on CPython.  RENARDIERE_NODE_HASH_GAMES sets the games per game
  id (default 6).  Needs node and node_modules, as tests/test_pyodide_node.py does.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import game
from tools import view_hashes
from invariants import views as all_views

N = int(os.environ.get("RENARDIERE_NODE_HASH_GAMES", "6"))
CONFIGS = [(gid, n, opts) for gid in sorted(game.GAMES) for n, opts in view_hashes.configs(gid)]


@pytest.mark.parametrize("gid,players,options", CONFIGS,
                         ids=[f"{g}-{n}p-" + "-".join(str(v) for v in o.values())
                              for g, n, o in CONFIGS])
def test_replay_gives_the_same_views(gid, players, options):
    seed = CONFIGS.index((gid, players, options))
    rng = random.Random(seed)
    s = game.new_game(gid, players=players, seed=seed, **options)
    hashes = [view_hashes.state_hash(s)]
    checkpoints = {}
    while not s.over:
        p = rng.choice(s.to_move)
        s.apply(p, rng.choice(s.legal_actions(p)))
        hashes.append(view_hashes.state_hash(s))
        if rng.random() < 0.05:
            checkpoints[len(s.actions)] = (json.dumps(all_views(s), sort_keys=True), s.record())
    checkpoints[len(s.actions)] = (json.dumps(all_views(s), sort_keys=True), s.record())
    record = json.loads(json.dumps(s.record()))
    # Action by action, from the JSON record.
    r = game.new_game(record["game"], record["players"], record["seed"], **record["options"])
    again = [view_hashes.state_hash(r)]
    for seat, action in record["actions"]:
        r.apply(seat, action)
        again.append(view_hashes.state_hash(r))
    first = next((i for i, (a, b) in enumerate(zip(hashes, again)) if a != b), None)
    assert first is None and len(again) == len(hashes), f"the replay differs after action {first}"
    # game.replay of the record cut at several points: the views seen then.
    for ply, (views, rec) in checkpoints.items():
        cut = dict(record, actions=record["actions"][:ply])
        assert cut == json.loads(json.dumps(rec))
        assert json.dumps(all_views(game.replay(cut)), sort_keys=True) == views, ply
    assert game.replay(record).record() == record


@pytest.fixture(scope="module")
def pyodide_hashes():
    node = shutil.which("node")
    assert node, "node is missing: `make test` installs it (tools/ensure.sh node)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(), (
        "node_modules/pyodide is missing: run `npm ci` (`make test` does)")
    proc = subprocess.run(
        [node, str(ROOT / "tools" / "pyodide_run.mjs"), str(ROOT),
         str(ROOT / "tools" / "view_hashes.py"), str(N)],
        capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
    )
    print(proc.stderr[-2000:])
    assert proc.returncode == 0, f"Pyodide under Node failed:\n{proc.stderr[-4000:]}"
    return json.loads(proc.stdout)


@pytest.mark.slow
def test_pyodide_gives_the_same_views_after_every_action(pyodide_hashes):
    cpython = json.loads(json.dumps(view_hashes.run_all(N)))
    assert len(pyodide_hashes) == len(cpython) == N * len(game.GAMES)
    for a, b in zip(cpython, pyodide_hashes):
        rec = a["record"]
        where = f"{rec['game']} seed {rec['seed']} ({rec['players']} players, {rec['options']})"
        assert b["record"] == rec, f"{where}: the games differ"
        first = next((i for i, (x, y) in enumerate(zip(a["hashes"], b["hashes"])) if x != y), None)
        if first is not None:
            action = rec["actions"][first - 1] if first else "the deal"
            pytest.fail(f"{where}: the views differ in Pyodide after action {first} ({action})")
        assert a["hashes"] == b["hashes"] and a["worlds"] == b["worlds"], where
    assert all(r["over"] for r in cpython)
    if N >= 6:      # every player count and option value of the games we have
        for gid, info in game.GAMES.items():
            games = [r["record"] for r in cpython if r["record"]["game"] == gid]
            assert {r["players"] for r in games} == set(range(info.min_players,
                                                               info.max_players + 1)), gid
            for opt in info.options:
                assert {r["options"][opt.name] for r in games} == set(opt.choices), (gid, opt)


def test_a_position_s_record_replays_to_it_and_a_bad_setup_is_refused():
    """A position set up by hand keeps its arguments in its record (``setup``), which replay
    sets up again before the actions; a setup that does not set up a position, or that
    contradicts the record's own players, seed or options, is a ValueError, never another."""
    from game import fendo, fennecs
    s = fennecs.position(3, hands=["2 -2 3", "-1 5 +", "4 1/5 2"], columns=["4", "3", "1"], seed=5)
    s.apply(0, s.legal_actions(0)[0])
    rec = json.loads(json.dumps(s.record()))
    assert rec["setup"]["kwargs"]["seed"] == 5 and rec["seed"] == 5
    assert all_views(game.replay(rec)) == all_views(s)
    assert "setup" not in game.new_game("fennecs", 3).record()
    good = fendo.position({"c1": 0, "e5": 1}).record()
    bad = [dict(good, setup={"args": [{"zz9": 0}], "kwargs": {}}),          # no such cell
           dict(good, setup={"args": [], "kwargs": {}}),                    # a missing argument
           dict(good, setup={"args": [{"c1": 0}], "kwargs": {"nope": 1}}),  # an unknown one
           dict(good, setup={"args": [{"c1": 0}]}),
           dict(good, setup=["c1"]),
           dict(good, setup={"args": ["x" * 9000], "kwargs": {}}),
           dict(good, seed=3),                                               # not the position's seed
           dict(good, options={"size": 9})]
    for record in bad:
        with pytest.raises(ValueError):
            game.replay(record)
