"""The save format: round trips, quarantine of bad saves, export and import."""

from __future__ import annotations

import json

import pytest

import game
from ui import saves
from ui.saves import MemoryStore, SaveError

SEATS = [{"kind": "human", "name": "Ada", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
LEVELS = ["novice", "standard", "expert"]


def _game(actions=("d1-d4N", "c6")):
    s = game.new_game("fendo", seed=5)
    for a in actions:
        s.apply(s.to_move[0], a)
    return s


def _save(sid="abc123", actions=("d1-d4N", "c6")):
    return saves.make(sid, _game(actions).record(), SEATS, 1_800_000_000)


def test_round_trip():
    store = MemoryStore()
    save = _save()
    saves.write(store, save)
    assert json.loads(store.get("renardiere.save.abc123"))["format"] == 1
    (loaded, state), = saves.load_all(store, LEVELS, "standard")[0]
    assert loaded == save
    assert state.record() == _game().record()
    assert saves.load(store, "abc123", LEVELS, "standard")[0] == save
    assert loaded["created"] == "2027-01-15T08:00:00Z"


def test_the_save_holds_what_the_brief_says():
    save = _save()
    assert set(save) == {"format", "id", "record", "seats", "round_seen", "created", "updated"}
    assert save["record"] == _game().record()
    assert [s["kind"] for s in save["seats"]] == ["human", "bot"]


@pytest.mark.parametrize("text, why", [
    ("{not json", "not JSON"),
    (json.dumps({"format": 99}), "format"),
    (json.dumps(dict(_save(), record=dict(_save()["record"], game="chess"))), "unknown game"),
    (json.dumps(dict(_save(), record=dict(_save()["record"], actions=[[0, "d1-d4N"], [1, "z9"]]))), "illegal"),
    (json.dumps(dict(_save(), seats=SEATS[:1])), "seats"),
    (json.dumps(dict(_save(), seats=[{"kind": "alien"}, SEATS[1]])), "human, bot or remote"),
    (json.dumps(dict(_save(), id="other")), "id"),
    (json.dumps([1, 2, 3]), "object"),
])
def test_bad_saves_are_set_aside_and_reported(text, why):
    store = MemoryStore()
    good = _save("good1")
    saves.write(store, good)
    store.set("renardiere.save.abc123", text)
    store.set("renardiere.lang", "fr")  # not a save: left alone
    games, problems = saves.load_all(store, LEVELS, "standard")
    assert [s["id"] for s, _ in games] == ["good1"]           # the other save is untouched
    (p,) = problems
    assert p["key"] == "renardiere.save.abc123" and why in p["reason"]
    assert store.get("renardiere.save.abc123") is None           # moved...
    kept = json.loads(store.get(p["aside"]))                       # ...not deleted
    assert kept["text"] == text and kept["key"] == p["key"]
    assert store.get("renardiere.lang") == "fr"
    assert [a["key"] for a in saves.list_aside(store)] == [p["aside"]]
    # loading again finds nothing wrong any more, and never overwrites what was set aside
    store.set("renardiere.save.abc123", "{again")
    _, problems2 = saves.load_all(store, LEVELS, "standard")
    assert problems2[0]["aside"] != p["aside"]
    assert json.loads(store.get(p["aside"]))["text"] == text


def test_an_unknown_level_falls_back_to_the_default():
    store = MemoryStore()
    save = _save()
    save["seats"][1]["level"] = "grandmaster"
    saves.write(store, save)
    (loaded, _), = saves.load_all(store, LEVELS, "standard")[0]
    assert loaded["seats"][1]["level"] == "standard"


def test_engine_crash_on_replay_is_a_bad_save_not_a_crash(monkeypatch):
    store = MemoryStore()
    saves.write(store, _save())

    def boom(record):
        raise KeyError("bug")

    monkeypatch.setattr(game, "replay", boom)
    games, problems = saves.load_all(store, LEVELS, "standard")
    assert games == [] and "KeyError" in problems[0]["reason"]


def test_export_then_import():
    store = MemoryStore()
    save = _save()
    saves.write(store, save)
    text = saves.export_text(save)
    assert saves.export_filename(save) == "renardiere-fendo-2027-01-15-abc123.json"
    # importing its own file again: a new id, the original stays
    imported, state = saves.import_text(store, text, 1_900_000_000, lambda: "newid", LEVELS, "standard")
    assert imported["id"] == "newid" and imported["record"] == save["record"]
    assert store.get("renardiere.save.abc123") is not None and store.get("renardiere.save.newid") is not None
    assert len(state.actions) == 2
    with pytest.raises(SaveError):
        saves.import_text(store, "hello", 0, lambda: "x")
    with pytest.raises(SaveError):
        saves.import_text(store, json.dumps({"format": 1}), 0, lambda: "x")


def test_games_listed_most_recent_first():
    store = MemoryStore()
    a, b = _save("a1"), _save("b2")
    a["updated"], b["updated"] = "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"
    saves.write(store, a)
    saves.write(store, b)
    games, _ = saves.load_all(store)
    assert [s["id"] for s, _ in games] == ["b2", "a1"]
