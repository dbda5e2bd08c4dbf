"""tools/fuzz_app.py, the hostile-input campaign of issue 21, in a short run: saves, imports
and both kinds of link through the app, checked after every input (`make soak` runs 10,000).

RENARDIERE_FUZZ_APP sets the number of inputs (default 200); the run is derandomized, so CI
is reproducible."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent

from tools import fuzz_app
import game
from ui.store import saves
from ui.parts.home import Home

INPUTS = int(os.environ.get("RENARDIERE_FUZZ_APP", "200"))


@pytest.mark.slow
def test_a_short_campaign_finds_nothing():
    r = fuzz_app.campaign(INPUTS, derandomize=True, out=None)
    assert r["inputs"] >= INPUTS and r["failures"] == 0
    assert set(r["by_kind"]) == set(fuzz_app.INPUT_KINDS) == {"store", "import", "replay", "move"}
    assert set(game.GAMES) <= set(r["by_game"])
    print("\n" + fuzz_app.summary(r))


@pytest.mark.parametrize("kind", fuzz_app.INPUT_KINDS)
@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_every_kind_of_input_is_built_on_every_game(gid, kind):
    built = []

    @settings(max_examples=6, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(item=fuzz_app.inputs_of(kind, gid))
    def one(item):
        assert item[0] == kind and item[1] in (gid, None)
        fuzz_app.run(item)
        built.append(item[1])

    one()
    assert gid in built


def test_a_game_registered_later_is_fuzzed(sixth_game):
    """No list of games in the fuzzer: the catalogue's, on the day a game lands."""
    assert saves.key_of("tictactoe1") in fuzz_app.base()
    r = fuzz_app.campaign(60, derandomize=True, out=None)
    assert "tictactoe" in r["by_game"]


@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_an_action_the_engine_gives_played_out_of_place(gid):
    """The actions put in a save are the engine's own (legal in some position of that game)."""
    s = fuzz_app._play(gid, *fuzz_app.configs(gid)[-1][:1], 3, 30, **fuzz_app.configs(gid)[-1][1])
    legal = set()
    for i in range(len(s.actions) + 1):
        here = game.replay(dict(s.record(), actions=s.actions[:i]))
        legal |= {a for seat in here.to_move for a in here.legal_actions(seat)}

    @settings(max_examples=20, deadline=None, database=None, derandomize=True)
    @given(data=st.data())
    def one(data):
        acts = fuzz_app._engine_actions(data.draw, s.record())
        new = [a for a in acts if a not in s.actions] or acts[len(s.actions):]
        assert len(acts) in (len(s.actions), len(s.actions) + 1) and len(new) <= 1
        assert all(action in legal for _, action in new)

    one()


@pytest.mark.parametrize("item", [
    ("store", None, ("renardiere.save.fz1", "[" * 20_000 + "]" * 20_000)),
    ("store", "fendo", ("renardiere.setup.fendo", '{"a":' * 6_400 + "1" + "}" * 6_400)),
    ("store", None, ("renardiere.aside.old1", "[" * 6_400)),
    ("store", None, ("renardiere.save.fendo1", '{"format": 2, "record": {"game": []}}')),
    ("import", None, ('{"format": 2, "junk": ' + "[" * 5_600 + "]" * 5_600 + "}", "evil.json")),
    ("import", None, ("[" + ",".join(["0"] * 100_000) + "]", "wide.json")),
    ("move", None, "A" * 400_000),
    ("replay", None, "AQ"),
])
def test_the_worst_cases_by_hand(item):
    fuzz_app.run(item)


def test_a_reason_set_aside_with_a_lone_surrogate():
    """Found by the campaign (seed 2499069225): ui/store/saves.py's list_aside gave an entry's reason
    as it was, and the home page showed a lone surrogate in data-detail."""
    entry = '{"key": "k", "reason": "\\ud800", "code": "damaged", "text": ""}'
    fuzz_app.run(("store", None, ("renardiere.aside.fz1", entry)))


@pytest.mark.parametrize("players, teams, starts", [(4, 2, True), (3, 2, False), (6, 3, True)])
def test_a_setup_of_onexenos_teams_starts_only_where_the_game_takes_it(players, teams, starts):
    seats = [{"kind": "human", "name": "", "level": None}] * players
    text = json.dumps({"seats": seats, "options": {"teams": teams, "rounds": 2}})
    fuzz_app.run(("store", "onexeno", ("renardiere.setup.onexeno", text)))
    assert (fuzz_app._clean_setup("onexeno", text) is not None) == starts


def test_the_campaign_catches_what_it_is_for(monkeypatch):
    """A save deleted behind the player's back is reported, not passed over."""
    real = saves.load_all

    def deleting(store, *a, **k):
        store.remove(saves.key_of("fowl_play1"))
        return real(store, *a, **k)

    monkeypatch.setattr(saves, "load_all", deleting)
    with pytest.raises(fuzz_app.Broken, match="fowl_play1 changed or vanished"):
        fuzz_app.run(("replay", None, "AQ"))


def test_a_setup_not_started_is_caught(monkeypatch):
    """The form's start from a setup the game takes is checked: a start refused is reported."""
    monkeypatch.setattr(Home, "act_start", lambda self, data: None)
    text = json.dumps({"seats": [{"kind": "bot"}] * 4, "options": {"teams": 2, "rounds": 3}})
    with pytest.raises(fuzz_app.Broken, match="the form did not start"):
        fuzz_app.run(("store", "onexeno", ("renardiere.setup.onexeno", text)))


def test_make_soak_runs_the_campaign():
    text = (ROOT / "Makefile").read_text()
    recipe = text.split("\nsoak:", 1)[1].split("\n\n", 1)[0]
    assert "-m tools.fuzz_app" in recipe
