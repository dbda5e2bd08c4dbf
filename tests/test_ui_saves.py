"""The save format: round trips, quarantine of bad saves, export and import, older
formats, a full device, and two tabs on one game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
import invariants
from ui.store import saves
from ui.store.saves import MemoryStore, SaveError

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
CODES = {"damaged", "too_big", "format", "game", "details", "moves", "rebuild"}   # set aside

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
    assert json.loads(store.get("renardiere.save.abc123"))["format"] == saves.FORMAT == 3
    assert save["rev"] == 1                      # counted in the save once stored
    (loaded, state), = saves.load_all(store, LEVELS, "standard")[0]
    assert loaded == save
    assert state.record() == _game().record()
    assert saves.load(store, "abc123", LEVELS, "standard")[0] == save
    assert loaded["created"] == "2027-01-15T08:00:00Z"


def test_the_save_holds_what_the_brief_says():
    save = _save()
    assert set(save) == {"format", "id", "rev", "record", "seats", "round_seen", "created", "updated"}
    assert save["record"] == _game().record()
    assert [s["kind"] for s in save["seats"]] == ["human", "bot"]


@pytest.mark.parametrize("text, why", [
    ("{not json", "not JSON"),
    (json.dumps(_save())[:-40], "not JSON"),                        # truncated
    (json.dumps({"format": 0}), "unknown format"),
    (json.dumps({"format": "2"}), "unknown format"),
    (json.dumps(dict(_save(), record=dict(_save()["record"], seed="5"))), "not an integer"),
    (json.dumps(dict(_save(), record=dict(_save()["record"], seed=5.0))), "not an integer"),
    (json.dumps(dict(_save(), seats=[dict(SEATS[0], name="x" * saves.MAX_CHARS), SEATS[1]])), "more than a save"),
    (json.dumps(dict(_save(), rev=-1)), "bad rev"),
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
    assert p["code"] in CODES and saves.list_aside(store)[0]["code"] == p["code"]
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


# -- older formats -------------------------------------------------------------------

def test_every_released_format_loads_and_is_written_back_in_the_current_one():
    """A save from each version that wrote one (tests/fixtures/saves/formatN-<commit>-<game>.json)."""
    files = sorted(FIXTURES.glob("format*.json"))
    formats = {int(f.name.split("-")[0][len("format"):]) for f in files}
    assert formats >= set(range(1, saves.FORMAT))     # every older format is kept
    assert {f.name.split("-")[2].removesuffix(".json") for f in files} >= {"fendo", "renard_des_bois", "fennecs"}
    for f in files:
        store = MemoryStore()
        text = f.read_text()
        old = json.loads(text)
        store.set(saves.key_of(old["id"]), text)
        (save, state), = saves.load_all(store, LEVELS, "standard")[0]
        rev = old.get("rev", 0)                       # format 1 counted no writes
        assert save["format"] == saves.FORMAT and save["rev"] == rev, f.name
        # format 3 renamed Onexeno's placements (the next test); the other records stay
        record = save["record"] if old["record"]["game"] == "onexeno" and old["format"] < 3 else old["record"]
        assert state.record() == game.replay(record).record(), f.name
        assert save["round_seen"] == old.get("round_seen"), f.name
        saves.write(store, save)
        again = json.loads(store.get(saves.key_of(old["id"])))
        assert again["format"] == saves.FORMAT and again["rev"] == rev + 1 and again["record"] == record, f.name


def test_an_onexeno_save_of_format_2_opens_on_the_same_position():
    """Written on 2026-11-26 through issue 27's case (the fifth move left one card on d2, and
    the table of then left it there): it loads with its placements renamed, on the same
    position as the rules of then give, and plays on."""
    text = (FIXTURES / "format2-e943f4e-onexeno.json").read_text()
    old = json.loads(text)
    then = game.new_game_of(0, "onexeno", old["record"]["players"], old["record"]["seed"], **old["record"]["options"])
    for seat, action in old["record"]["actions"]:
        then.apply(seat, action)
    store = MemoryStore({saves.key_of(old["id"]): text})
    (save, state), = saves.load_all(store, LEVELS, "standard")[0]
    assert save["record"]["actions"][5] == [0, "6c@e4+90"] != old["record"]["actions"][5]   # d1
    assert len(save["record"]["actions"]) == len(old["record"]["actions"]) == 24
    invariants.same_onexeno_game(then, state)
    assert not state.over and state.legal_actions(state.to_move[0])
    with pytest.raises(saves.SaveError) as e:                  # a record the old rules refuse
        saves.parse(json.dumps(dict(old, record=dict(old["record"], actions=[[0, "8a@a1"]]))))
    assert e.value.code == "moves"


def test_a_save_from_a_newer_version_is_left_alone():
    store = MemoryStore()
    text = json.dumps(dict(_save(), format=saves.FORMAT + 1))
    store.set("renardiere.save.abc123", text)
    games, (p,) = saves.load_all(store, LEVELS, "standard")
    assert games == [] and p["newer"] and p["aside"] is None
    assert store.get("renardiere.save.abc123") == text and saves.list_aside(store) == []


# -- a full device -------------------------------------------------------------------

def test_a_full_device_refuses_the_write_and_keeps_what_was_saved():
    save = _save()
    store = MemoryStore()
    saves.write(store, save)
    before = store.get("renardiere.save.abc123")
    store.quota = len("renardiere.save.abc123") + len(before) + 5
    s = game.replay(save["record"])
    for _ in range(3):
        s.apply(s.to_move[0], s.legal_actions(s.to_move[0])[0])
    save["record"] = s.record()
    with pytest.raises(saves.StorageFull):
        saves.write(store, save)
    assert store.get("renardiere.save.abc123") == before      # untouched
    assert save["rev"] == 1                                     # not counted
    store.quota = None                                          # room again: the next write works
    saves.write(store, save)
    assert save["rev"] == 2


def test_a_bad_save_on_a_full_device_stays_put_and_is_still_reported():
    store = MemoryStore(quota=200)
    store.set("renardiere.save.abc123", "{broken" + "x" * 150)
    games, (p,) = saves.load_all(store, LEVELS, "standard")
    assert games == [] and p["aside"] is None and "not JSON" in p["reason"]
    assert store.get("renardiere.save.abc123").startswith("{broken")
    with pytest.raises(saves.StorageFull):
        saves.import_text(store, saves.export_text(_save("zz9")), 0, lambda: "x", LEVELS, "standard")


# -- two tabs ------------------------------------------------------------------------

def test_two_tabs_never_overwrite_each_other():
    store = MemoryStore()
    saves.write(store, _save())
    (a, sa), = saves.load_all(store, LEVELS, "standard")[0]      # tab A
    (b, sb), = saves.load_all(store, LEVELS, "standard")[0]      # tab B, the same game
    sa.apply(sa.to_move[0], sa.legal_actions(sa.to_move[0])[0])
    a["record"] = sa.record()
    saves.write(store, a)                                          # A plays first
    assert saves.stored_rev(store, "abc123") == 2 == a["rev"]
    sb.apply(sb.to_move[0], sb.legal_actions(sb.to_move[0])[-1])
    b["record"] = sb.record()
    with pytest.raises(saves.Conflict):
        saves.write(store, b)                                      # B is told, A's move stays
    assert json.loads(store.get("renardiere.save.abc123"))["record"] == sa.record()
    assert b["rev"] == 1


def test_each_reason_has_a_word_for_the_player():
    from ui.kit import i18n
    for code in CODES | {"newer", "missing", "conflict"}:
        assert {"en", "fr"} <= set(i18n.TABLE["saveerr." + code]), code
    cases = {"{cut": "damaged", json.dumps({"format": 0}): "format",
             json.dumps(dict(_save(), record=dict(_save()["record"], game="chess"))): "game",
             json.dumps(dict(_save(), record=dict(_save()["record"], actions=[[0, "z9"]]))): "moves",
             json.dumps(dict(_save(), seats=SEATS[:1])): "details", "x" * (saves.MAX_CHARS + 1): "too_big"}
    for text, code in cases.items():
        with pytest.raises(SaveError) as e:
            saves.check(saves.parse(text))
        assert e.value.code == code, (text[:40], e.value)


def test_the_current_format_is_written_by_todays_rules():
    """A change of the rules' epoch (game.RULES) takes a new save format, whose older ones are
    renamed on load: saves.EPOCH names each format's."""
    assert saves.EPOCH[saves.FORMAT] == game.RULES
    assert sorted(saves.EPOCH) == list(range(1, saves.FORMAT + 1))
