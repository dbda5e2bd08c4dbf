"""tools/soak.py, the soak run behind `make soak`, kept working: a few of its games per game,
and a failure reported with what reproduces it.  (The full run is not part of `make test`.)"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import game
import invariants
from tools import soak


@pytest.mark.slow
@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_a_few_soak_games_pass(gid):
    assert gid in invariants.CHECKERS, f"tests/invariants.py has no invariant checker for {gid}"
    n = len(soak.configs(gid))
    for i in [k * 7 % n for k in range(min(n, 4))]:   # spread over the configurations
        state, checker, report = soak.play_game(gid, i, determinize_every=3)
        assert report is None, soak.format_failure(report)
        assert state.over and checker.stats["states"] == len(state.actions) + 1
        assert checker.stats["replays"] == 1
        assert checker.stats["clones"] and checker.stats["determinizations"]
        if gid != "fendo":
            assert checker.stats["scrambles"] and checker.stats["siblings"]


def test_a_failure_names_its_seed_options_and_actions(monkeypatch):
    class Broken(soak.CHECKERS["fennecs"]):      # the checkers as the soak imports them
        def invariants(self, s):
            super().invariants(s)
            invariants.check(len(s.actions) < 9, "ninth action")

    monkeypatch.setitem(soak.CHECKERS, "fennecs", Broken)
    out = io.StringIO()
    failures = soak.soak(["fennecs"], 3, first=40, out=out, progress=False)
    assert len(failures) == 1
    r = failures[0]
    assert (r["seed"], r["players"], r["options"], r["ply"]) == (40, 2, {"variant": "standard"}, 9)
    text = out.getvalue()
    assert "FAILED fennecs game 0: seed=40 players=2" in text and "ninth action" in text
    assert "--first 40 -n 1" in text and json.dumps(r["record"]) in text
    again = game.replay(r["record"])      # the record reproduces the failing state
    assert len(again.actions) == 9 and again.view(None)["ply"] == 9
    assert soak.main(["fennecs", "-n", "2", "--first", "40"]) == 1


def test_an_exception_is_a_failure_too(monkeypatch):
    real = game.GAMES["renard_des_bois"].state_class.legal_actions

    def legal(self, seat):
        if len(self.actions) == 5:
            raise RuntimeError("boom")
        return real(self, seat)

    monkeypatch.setattr(game.GAMES["renard_des_bois"].state_class, "legal_actions", legal)
    _, _, report = soak.play_game("renard_des_bois", 0)
    assert report["failed"] == "RuntimeError: boom" and report["ply"] == 5


def test_make_soak_is_a_target_but_not_part_of_make_test():
    text = (ROOT / "Makefile").read_text()
    assert "\nsoak:" in text and "-m tools.soak" in text
    test_recipe = text.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "soak" not in test_recipe
