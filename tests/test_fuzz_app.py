"""tools/fuzz_app.py, the hostile-input campaign of issue 21, in a short run: saves, imports
and both kinds of link through the app, checked after every input (`make soak` runs 10,000).

RENARDIERE_FUZZ_APP sets the number of inputs (default 400); the run is derandomized, so CI
is reproducible."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import fuzz_app  # noqa: E402
from ui import saves  # noqa: E402

INPUTS = int(os.environ.get("RENARDIERE_FUZZ_APP", "400"))


@pytest.mark.slow
def test_a_short_campaign_finds_nothing():
    r = fuzz_app.campaign(INPUTS, derandomize=True, out=None)
    assert r["inputs"] >= INPUTS and r["failures"] == 0
    assert set(r["by_kind"]) == {"store", "import", "replay", "move"}
    print(f"\nfuzz_app: {r['inputs']} inputs {r['by_kind']}, 0 failures, {r['seconds']} s")


@pytest.mark.parametrize("item", [
    ("store", ("renardiere.save.fz1", "[" * 20_000 + "]" * 20_000)),
    ("store", ("renardiere.setup.fendo", '{"a":' * 6_400 + "1" + "}" * 6_400)),
    ("store", ("renardiere.aside.old1", "[" * 6_400)),
    ("store", ("renardiere.save.bot1", '{"format": 2, "record": {"game": []}}')),
    ("import", ('{"format": 2, "junk": ' + "[" * 5_600 + "]" * 5_600 + "}", "evil.json")),
    ("import", ("[" + ",".join(["0"] * 100_000) + "]", "wide.json")),
    ("move", "A" * 400_000),
    ("replay", "AQ"),
])
def test_the_worst_cases_by_hand(item):
    fuzz_app.run(item)


def test_the_campaign_catches_what_it_is_for(monkeypatch):
    """A save deleted behind the player's back is reported, not passed over."""
    real = saves.load_all

    def deleting(store, *a, **k):
        store.remove(saves.key_of("bot1"))
        return real(store, *a, **k)

    monkeypatch.setattr(saves, "load_all", deleting)
    with pytest.raises(fuzz_app.Broken, match="bot1 changed or vanished"):
        fuzz_app.run(("replay", "AQ"))


def test_make_soak_runs_the_campaign():
    text = (ROOT / "Makefile").read_text()
    recipe = text.split("\nsoak:", 1)[1].split("\n\n", 1)[0]
    assert "tools/fuzz_app.py" in recipe
