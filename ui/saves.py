"""Saved games: format, checks, quarantine, export and import (pure Python).

A save is one JSON object per game, kept in a key-value store (the browser's
localStorage, through a thin adapter; a dict in the tests)::

    {"format": 1, "id": "k3x9f2a1", "record": <game record>,
     "seats": [{"kind": "human"|"bot"|"remote", "name": "", "level": "standard"}, ...],
     "round_seen": 0,
     "created": "2026-11-25T21:40:00Z", "updated": "2026-11-25T21:52:13Z"}

A ``"remote"`` seat is a friend playing on another device, by link (``ui/links.py``):
their moves arrive in the links they send, and such a game's save id is the same on
both devices.

``round_seen`` is the last round whose summary the players closed, so that a
reload shows a summary nobody has closed yet (absent in older saves: then none).
``record`` is exactly what ``State.record()`` returns, so that ``game.replay``
rebuilds the game.  An empty ``name`` means "the default name" (White, Orange,
Bot (Standard)... in the reader's language).

A save that cannot be read (bad JSON, unknown game, an illegal action, ...) is
never deleted: :func:`load_all` moves its text, unchanged, to another key
(:data:`ASIDE_PREFIX`) and reports it by name, and the other saves load as usual.

The store only needs ``keys()``, ``get(key)``, ``set(key, text)`` and
``remove(key)``: see :class:`MemoryStore`.
"""

from __future__ import annotations

import json
import re
import time

import game

FORMAT = 1
SAVE_PREFIX = "renardiere.save."
ASIDE_PREFIX = "renardiere.aside."
KINDS = ("human", "bot", "remote")
MAX_NAME = 40
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class SaveError(ValueError):
    """A save that cannot be used; ``str()`` says why (in English, for logs)."""


class MemoryStore:
    """A dict with the store interface (tests, and a fallback without localStorage)."""

    def __init__(self, data: dict | None = None):
        self.data = dict(data or {})

    def keys(self):
        return list(self.data)

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)


def iso(now: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))


def make(save_id: str, record: dict, seats: list, now: float) -> dict:
    """A new save for a game just started."""
    stamp = iso(now)
    return {
        "format": FORMAT,
        "id": save_id,
        "record": record,
        "seats": [dict(s) for s in seats],
        "round_seen": 0,
        "created": stamp,
        "updated": stamp,
    }


def check(obj, levels=None, default_level=None):
    """``(save, state)`` from a parsed save, or SaveError saying what is wrong.

    ``levels``: the bot level ids known; an unknown level becomes
    ``default_level`` (a level may be renamed; the game is still good).
    """
    if not isinstance(obj, dict):
        raise SaveError("not a JSON object")
    if obj.get("format") != FORMAT:
        raise SaveError(f"unknown format {obj.get('format')!r}")
    sid = obj.get("id")
    if not isinstance(sid, str) or not _ID.match(sid):
        raise SaveError(f"bad id {sid!r}")
    record = obj.get("record")
    if not isinstance(record, dict):
        raise SaveError("no record")
    if record.get("game") not in game.GAMES:
        raise SaveError(f"unknown game {record.get('game')!r}")
    seats = obj.get("seats")
    if not isinstance(seats, list) or len(seats) != record.get("players"):
        raise SaveError("seats do not match the players")
    clean = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in KINDS:
            raise SaveError(f"seat {i} is not human, bot or remote")
        name = s.get("name", "")
        if not isinstance(name, str):
            raise SaveError(f"seat {i} has a bad name")
        level = s.get("level")
        if s["kind"] == "bot" and levels is not None and level not in levels:
            level = default_level
        clean.append({"kind": s["kind"], "name": name[:MAX_NAME], "level": level})
    for k in ("created", "updated"):
        if not isinstance(obj.get(k), str):
            raise SaveError(f"no {k} date")
    try:
        state = game.replay(record)
    except ValueError as e:
        raise SaveError(str(e)) from None
    except Exception as e:  # an engine bug must not break the app either
        raise SaveError(f"{type(e).__name__}: {e}") from None
    save = dict(obj, seats=clean)
    return save, state


def valid_id(save_id) -> bool:
    return isinstance(save_id, str) and bool(_ID.match(save_id))


def key_of(save_id: str) -> str:
    return SAVE_PREFIX + save_id


def write(store, save: dict) -> None:
    store.set(key_of(save["id"]), json.dumps(save, separators=(",", ":")))


def delete(store, save_id: str) -> None:
    store.remove(key_of(save_id))


def _label(text: str) -> str:
    """Something a person recognises a broken save by: its game and names if readable."""
    try:
        obj = json.loads(text)
        g = obj["record"]["game"]
        names = [s.get("name") or s.get("kind") for s in obj["seats"]]
        return f"{g}: " + " / ".join(str(n) for n in names)
    except Exception:
        return ""


def set_aside(store, key: str, text: str, reason: str) -> str:
    """Moves a save's text to a new key (never overwriting one); returns that key."""
    base = ASIDE_PREFIX + key[len(SAVE_PREFIX):] if key.startswith(SAVE_PREFIX) else ASIDE_PREFIX + key
    aside = base
    n = 1
    while store.get(aside) is not None:
        n += 1
        aside = f"{base}.{n}"
    store.set(aside, json.dumps({"key": key, "reason": reason, "text": text}))
    store.remove(key)
    return aside


def load_all(store, levels=None, default_level=None):
    """``(games, problems)``.

    ``games``: ``[(save, state), ...]``, most recently updated first.
    ``problems``: ``[{"key", "aside", "reason", "label"}, ...]`` for the saves
    that could not be read, each moved aside.
    """
    games, problems = [], []
    for key in sorted(store.keys()):
        if not key.startswith(SAVE_PREFIX):
            continue
        text = store.get(key)
        try:
            try:
                obj = json.loads(text)
            except (TypeError, ValueError) as e:
                raise SaveError(f"not JSON ({e})") from None
            save, state = check(obj, levels, default_level)
            if key != key_of(save["id"]):
                raise SaveError(f"stored under {key} but its id is {save['id']!r}")
            games.append((save, state))
        except SaveError as e:
            aside = set_aside(store, key, text if isinstance(text, str) else repr(text), str(e))
            problems.append({"key": key, "aside": aside, "reason": str(e), "label": _label(text or "")})
    games.sort(key=lambda gs: gs[0]["updated"], reverse=True)
    return games, problems


def load(store, save_id: str, levels=None, default_level=None):
    """One save by id: ``(save, state)``; SaveError if missing or bad (not moved)."""
    text = store.get(key_of(save_id))
    if text is None:
        raise SaveError(f"no save {save_id!r}")
    try:
        obj = json.loads(text)
    except (TypeError, ValueError) as e:
        raise SaveError(f"not JSON ({e})") from None
    return check(obj, levels, default_level)


def list_aside(store) -> list:
    """``[{"key", "original", "reason", "text"}]`` for the saves set aside."""
    out = []
    for key in sorted(store.keys()):
        if not key.startswith(ASIDE_PREFIX):
            continue
        raw = store.get(key)
        try:
            obj = json.loads(raw)
            out.append({"key": key, "original": obj["key"], "reason": obj["reason"], "text": obj["text"]})
        except Exception:
            out.append({"key": key, "original": key, "reason": "", "text": raw or ""})
    return out


def export_text(save: dict) -> str:
    """The save as a readable JSON file."""
    return json.dumps(save, indent=1, ensure_ascii=False) + "\n"


def export_filename(save: dict) -> str:
    day = save.get("updated", "")[:10]
    return f"renardiere-{save['record']['game']}-{day}-{save['id']}.json"


def import_text(store, text: str, now: float, new_id, levels=None, default_level=None):
    """Checks a save file's text and stores it: ``(save, state)``.

    It gets a fresh id when its own is taken (so an import never overwrites a
    game).  ``new_id()`` makes ids.  Raises SaveError if the file is not a save.
    """
    try:
        obj = json.loads(text)
    except (TypeError, ValueError) as e:
        raise SaveError(f"not JSON ({e})") from None
    save, state = check(obj, levels, default_level)
    if store.get(key_of(save["id"])) is not None:
        save = dict(save, id=new_id())
    save["updated"] = iso(now)
    write(store, save)
    return save, state
