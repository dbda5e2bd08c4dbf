"""Saved games: format, checks, quarantine, export and import (pure Python).

A save is one JSON object per game, kept in a key-value store (the browser's
localStorage, through a thin adapter; a dict in the tests)::

    {"format": 3, "id": "k3x9f2a1", "rev": 17, "record": <game record>,
     "seats": [{"kind": "human"|"bot"|"remote"|"device", "name": "", "level": "standard"}, ...],
     "round_seen": 0, "hints": 2,
     "created": "2026-11-25T21:40:00Z", "updated": "2026-11-25T21:52:13Z"}

A ``"remote"`` seat is a friend playing on another device, by link (``ui/store/links.py``):
their moves arrive in the links they send, and such a game's save id is the same on
both devices.  Only a game played by link (:func:`linkable`) may have one.

A ``"device"`` seat is a guest playing on another device, connected to this one, which
holds the game (``ui/net/hosting.py``, docs/PROTOCOL.md).  It may carry ``"token"``, the secret
its guest presents to get the seat (:data:`TOKEN`: 16 to 64 characters of base64url).  A
token never leaves the device: exports, *Download all* and links drop it (:func:`without_tokens`,
:func:`shareable_seats`).  A game has no seat by link and on another device at once.

``record`` is exactly what ``State.record()`` returns, so that ``game.replay``
rebuilds the game.  An empty ``name`` means "the default name" (White, Orange,
Bot (Standard)... in the reader's language).  ``round_seen`` is the last round
whose summary the players closed, so that a reload shows a summary nobody has
closed yet (``null``: all of them were).  ``hints`` (optional, 0 when missing) counts the
hints asked for during the game.  ``rev`` counts the writes: a tab
writes only over the ``rev`` it last read or wrote, so two tabs playing the same
game never silently overwrite each other's moves (:class:`Conflict`).

Formats, each kept as a file in ``tests/fixtures/saves/``:

1. the first (2026-11-25); ``round_seen`` came later in it, as an optional key.
2. ``rev`` added, and the ``"remote"`` seat (2026-11-26); ``round_seen`` always present.
3. the same keys (2026-11-27), its record by the rules of epoch 1 (``game.RULES``: Onexeno's
   table after a take); an older record is renamed for them (``game.upgrade``: the same game,
   move for move).

:func:`migrate` turns any older format into the current one on load; the next
write stores it in the current format.  A save from a *newer* format (another
tab running a newer version) is left where it is, untouched.

A save that cannot be read (bad JSON, unknown game, an illegal action, ...) is
never deleted: :func:`load_all` moves its text, unchanged, to another key
(:data:`ASIDE_PREFIX`) and reports it by name, and the other saves load as usual.

The store only needs ``keys()``, ``get(key)``, ``set(key, text)`` and
``remove(key)``: see :class:`MemoryStore`.  ``set`` raises :class:`StorageFull`
when the device has no room left; the value stored before stays as it was.
"""

from __future__ import annotations

import json
import re
import time

import game

from ui.store import reader
from ui.store.keys import ASIDE_PREFIX, GUEST_PREFIX, LANG_KEY, LESSON_PREFIX, PREFIX, SAVE_PREFIX, SETUP_PREFIX  # noqa: F401  (LANG_KEY, PREFIX, SETUP_PREFIX: read as saves.X elsewhere)
from ui.kit.html import isolated

FORMAT = 3
BACKUP_MARK = "renardiere_backup"        # the top key of a "Download all" file
KINDS = ("human", "bot", "remote", "device")
SAVED_KINDS = ("human", "bot", "remote")       # the kinds ui/store/reader.py checks (a device seat as a human's)
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
MAX_NAME = 40
# The reasons a save is set aside for (saveerr.<code> in ui/kit/i18n.py).
ASIDE_CODES = ("damaged", "too_big", "too_deep", "format", "newer", "game", "details", "moves",
               "rebuild", "missing", "conflict", "remote")
ASIDE_CHARS = 8_000_000   # an entry of set_aside holds a save's text, whatever its size
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# The longest of 700 random whole games, with 40-letter names, saves in 2.5 kB:
# anything past 100 times that is not a save of ours.
MAX_CHARS = reader.MAX_CHARS


class SaveError(ValueError):
    """A save that cannot be used; ``str()`` says why (in English, for logs), and ``code``
    says it in a word the interface translates (``saveerr.<code>`` in ui/kit/i18n.py):

    ``damaged`` (not JSON, cut short), ``too_big``, ``format`` (unknown format),
    ``newer`` (a newer version's), ``game`` (a game this version lacks), ``details``
    (a field missing or wrong), ``moves`` (a move illegal at its point), ``rebuild``
    (the engine failed on it), ``missing``, ``conflict`` (another tab wrote it), ``remote``
    (a seat played by link in a game that is not: :func:`linkable`).
    """

    code = "details"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code


class NewerFormat(SaveError):
    """A save written by a newer version of the app: left alone, never set aside."""

    code = "newer"


class Conflict(SaveError):
    """The stored copy changed since this tab read it: another tab played on."""

    code = "conflict"


class StorageFull(OSError):
    """The store has no room for a write (localStorage's QuotaExceededError)."""


class MemoryStore:
    """A dict with the store interface (tests, and a fallback without localStorage).

    ``quota``: the most characters it holds, keys and values (None: no limit),
    to test a full device.
    """

    def __init__(self, data: dict | None = None, quota: int | None = None):
        self.data = dict(data or {})
        self.quota = quota

    def keys(self):
        return list(self.data)

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(f"quota of {self.quota} characters exceeded")
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
        "rev": 0,
        "seats": [dict(s) for s in seats],
        "round_seen": 0,
        "created": stamp,
        "updated": stamp,
    }


def _from_1(obj: dict) -> dict:
    """Format 1 -> 2: no write counted yet; no ``round_seen`` meant every summary seen."""
    return dict(obj, format=2, rev=0, round_seen=obj.get("round_seen"))


MIGRATIONS = {                          # format -> the function that lifts it one format up
    1: _from_1,
    2: lambda obj: dict(obj, format=3),     # the same keys; the record: see EPOCH
}
EPOCH = {1: 0, 2: 0, 3: 1}      # format -> the rules' epoch its records were written in (game.RULES)


def migrate(obj: dict) -> dict:
    """A parsed save of any known format, in the current one (a new dict), its record renamed
    for today's rules if it was written by older ones (``game.upgrade``).

    >>> migrate({"format": 1, "id": "a"})["format"], migrate({"format": 1, "id": "a"})["rev"]
    (3, 0)
    """
    fmt = obj.get("format")
    if reader.is_int(fmt, FORMAT + 1, reader.MAX_FORMAT):
        raise NewerFormat(f"format {fmt} is from a newer version of the app")
    while obj.get("format") != FORMAT:
        step = MIGRATIONS.get(obj.get("format")) if type(obj.get("format")) is int else None
        if step is None:
            raise SaveError(f"unknown format {obj.get('format')!r}", "format")
        obj = step(obj)
    record = obj.get("record")
    if EPOCH[fmt] < game.RULES and isinstance(record, dict) and record.get("game") in game.GAMES:
        try:
            obj = dict(obj, record=game.upgrade(record, EPOCH[fmt]))
        except Exception as e:  # whatever the record holds
            raise SaveError(f"the game does not replay by the rules it was written in: {e}"[:300],
                            "moves") from None
    return obj


def parse(text, keep_unknown: bool = True) -> dict:
    """The JSON object of a save's text, in the current format, every field of an exact type
    (:mod:`ui.store.reader`: size and depth checked before parsing); SaveError if it is none.
    ``keep_unknown``: False drops the top-level keys a save does not have (an import)."""
    if isinstance(text, str) and len(text) > MAX_CHARS:
        raise SaveError(f"{len(text)} characters, more than a save ever holds ({MAX_CHARS})", "too_big")
    try:
        obj = reader.read_json(text, MAX_CHARS)
    except reader.Refused as e:
        raise SaveError(str(e), e.code) from None
    if not isinstance(obj, dict):
        raise SaveError("not a JSON object", "damaged")
    obj = migrate(obj)
    try:
        return _shape(obj, keep_unknown)
    except reader.Refused as e:
        raise SaveError(str(e), e.code) from None


def _shape(obj, keep_unknown: bool = True) -> dict:
    """``reader.save_shape``, device seats and their tokens included: each is checked as a
    human's seat is, then given back its kind and its token (whose shape is checked here)."""
    seats = obj.get("seats") if type(obj) is dict else None
    devices = {}
    if type(seats) is list:
        for i, s in enumerate(seats):
            if type(s) is dict and s.get("kind") == "device":
                token = s.get("token")
                if not (token is None or (type(token) is str and TOKEN.match(token))):
                    raise reader.Refused(f"seat {i} has a bad token")
                devices[i] = token
        if devices:
            obj = dict(obj, seats=[dict(s, kind="human") if i in devices else s for i, s in enumerate(seats)])
    out = reader.save_shape(obj, game.GAMES, SAVED_KINDS, FORMAT, valid_id, keep_unknown)
    for i, token in devices.items():
        out["seats"][i] = dict(out["seats"][i], kind="device", **({"token": token} if token else {}))
    return out


def shareable_seats(seats: list) -> list:
    """The seats as they may leave this device (an export, a replay link): no token, and a
    seat played on another device as a person's (a link knows no such kind)."""
    return [{"kind": "human" if s["kind"] == "device" else s["kind"], "name": s.get("name", ""),
             "level": s.get("level")} for s in seats]


def linkable(game_id: str) -> bool:
    """Whether a friend may play this game from another device, by link: a link carries the
    whole game, so a game that hides anything (a hand, a target) would show it."""
    info = game.GAMES.get(game_id)
    return info is not None and not info.hidden and info.code is not None


def replayable(state) -> bool:
    """Whether a game has a replay link: one played on from a position set up by hand (a
    lesson's) has none, since a link carries a new game's seed and actions, not a position
    (:func:`ui.store.links.encode` refuses it)."""
    return state.setup is None


def check(obj, levels=None, default_level=None):
    """``(save, state)`` from a parsed save of the current format, or SaveError saying
    what is wrong (never another exception: whatever else fails is a SaveError too).

    ``levels``: the bot level ids known; an unknown level becomes
    ``default_level`` (a level may be renamed; the game is still good).
    """
    try:
        obj = _shape(obj)
    except reader.Refused as e:
        raise SaveError(str(e), e.code) from None
    except Exception as e:
        raise SaveError(f"{type(e).__name__}: {e}"[:200], "details") from None
    record = obj["record"]
    if any(s["kind"] == "remote" for s in obj["seats"]) and not linkable(record["game"]):
        raise SaveError(f"a seat played by link, in {record['game']}, which is not played by link", "remote")
    kinds = {s["kind"] for s in obj["seats"]}
    if {"remote", "device"} <= kinds:
        raise SaveError("a seat played by link and one on another device, in one game", "remote")
    clean = []
    for s in obj["seats"]:
        level = s["level"]
        if s["kind"] == "bot" and levels is not None and level not in levels:
            level = default_level
        clean.append({"kind": s["kind"], "name": s["name"], "level": level})
        if s.get("token"):
            clean[-1]["token"] = s["token"]
    try:
        state = game.replay(record)
    except ValueError as e:
        raise SaveError(str(e)[:300], "moves" if "illegal" in str(e) else "details") from None
    except Exception as e:  # an engine bug must not break the app either
        raise SaveError(f"{type(e).__name__}: {e}"[:300], "rebuild") from None
    save = dict(obj, seats=clean)
    return save, state


def valid_id(save_id) -> bool:
    return isinstance(save_id, str) and bool(_ID.match(save_id))


def key_of(save_id: str) -> str:
    return SAVE_PREFIX + save_id


# The texts last written or read, and their ``rev``: every action checks the stored copy
# before it writes (another tab may have played), and a text seen before is not parsed again
# (the whole game, a parse that grows with it).
_REVS: dict = {}
_REVS_KEPT = 4


def _known(text: str, rev: int) -> int:
    _REVS.pop(text, None)
    _REVS[text] = rev
    while len(_REVS) > _REVS_KEPT:
        del _REVS[next(iter(_REVS))]
    return rev


def stored_rev(store, save_id: str):
    """The ``rev`` of the stored copy of a save: None if there is none, -1 if unreadable."""
    text = store.get(key_of(save_id))
    if text is None:
        return None
    if text in _REVS:
        return _REVS[text]
    try:
        rev = reader.read_json(text).get("rev", 0)
    except Exception:  # unreadable, whatever the reason
        return -1
    return _known(text, rev if type(rev) is int else -1)


def write(store, save: dict) -> None:
    """Stores ``save`` with its ``rev`` one up (updated in ``save`` once stored).

    Conflict if the stored copy is not the ``rev`` this save was read or last
    written at (another tab played on), or is gone after a write (another tab deleted
    it: a deletion stays one); StorageFull if the device is full.  Either
    way nothing is stored and ``save`` is unchanged.
    """
    rev = save.get("rev", 0)
    stored = stored_rev(store, save["id"])
    if stored is None and rev > 0:
        # written once, and gone since: another tab deleted it; a deletion stays a deletion
        raise Conflict(f"save {save['id']!r} was deleted elsewhere after revision {rev}")
    if stored not in (None, rev):
        raise Conflict(f"save {save['id']!r} was written elsewhere since revision {rev}")
    # Within the reader's caps (ui/store/reader.py), so that what is written opens again: ``rev`` is
    # only ever compared for equality, and goes round from the cap to 1; ``hints`` stays there.
    nxt = rev % reader.MAX_COUNT + 1
    counted = {"hints": min(save["hints"], reader.MAX_COUNT)} if type(save.get("hints")) is int else {}
    text = json.dumps(dict(save, rev=nxt, **counted), separators=(",", ":"))
    store.set(key_of(save["id"]), text)
    save.update(counted)
    save["rev"] = _known(text, nxt)


def delete(store, save_id: str) -> None:
    store.remove(key_of(save_id))


def _label(text) -> str:
    """Something a person recognises a broken save by: its game and names if readable, each
    bidi-isolated (anyone may have written them: one must not turn the line around)."""
    try:
        obj = reader.read_json(text)
        g = obj["record"]["game"]
        names = [s.get("name") or s.get("kind") for s in obj["seats"]]
        if type(g) is not str or not all(type(n) is str for n in names):
            return ""
        return reader.clean_text(f"{isolated(g[:40])}: " + " / ".join(isolated(n[:MAX_NAME]) for n in names[:8]))
    except Exception:
        return ""


def set_aside(store, key: str, text: str, reason: str, code: str = "details"):
    """Moves a save's text to a new key (never overwriting one); returns that key.

    On a full device it stays where it is (None is returned): it is still
    reported, and still exportable under its own key.
    """
    base = ASIDE_PREFIX + key[len(SAVE_PREFIX):] if key.startswith(SAVE_PREFIX) else ASIDE_PREFIX + key
    aside = base
    n = 1
    while store.get(aside) is not None:
        n += 1
        aside = f"{base}.{n}"
    try:
        store.set(aside, json.dumps({"key": key, "reason": reason, "code": code, "text": text}))
    except StorageFull:
        return None
    store.remove(key)
    return aside


def load_all(store, levels=None, default_level=None):
    """``(games, problems)``.

    ``games``: ``[(save, state), ...]``, most recently updated first.
    ``problems``: ``[{"key", "aside", "reason", "label"}, ...]`` for the saves (and the
    seats kept of games held elsewhere, ui/parts/guest.py) that could not be read, each moved
    aside (``aside`` None: the device is full and it stayed under ``key``; ``"newer": True``:
    a newer version's save, left alone).
    """
    games, problems = [], []
    for key in sorted(store.keys()):
        if not key.startswith((SAVE_PREFIX, GUEST_PREFIX)):
            continue
        text = store.get(key)
        try:
            if key.startswith(GUEST_PREFIX):    # a seat played here, of a game held elsewhere
                try:
                    reader.guest_shape(reader.read_json(text))
                except reader.Refused as e:
                    raise SaveError(str(e), e.code) from None
                continue
            save, state = check(parse(text), levels, default_level)
            if key != key_of(save["id"]):
                raise SaveError(f"stored under {key} but its id is {save['id']!r}")
            games.append((save, state))
        except NewerFormat as e:
            problems.append({"key": key, "aside": None, "reason": str(e), "code": e.code,
                             "label": _label(text), "newer": True})
        except Exception as e:  # SaveError, or anything else: set aside
            code = e.code if isinstance(e, SaveError) else "rebuild"
            reason = str(e) if isinstance(e, SaveError) else f"{type(e).__name__}: {e}"[:300]
            text = text if isinstance(text, str) else repr(text)
            try:
                aside = set_aside(store, key, text, reason, code)
            except Exception:  # storage refused: it stays where it is
                aside = None
            problems.append({"key": key, "aside": aside, "reason": reason, "code": code,
                             "label": _label(text)})
    games.sort(key=lambda gs: gs[0]["updated"], reverse=True)
    return games, problems


def load(store, save_id: str, levels=None, default_level=None):
    """One save by id: ``(save, state)``; SaveError if missing or bad (not moved)."""
    text = store.get(key_of(save_id))
    if text is None:
        raise SaveError(f"no save {save_id!r}", "missing")
    return check(parse(text), levels, default_level)


def list_guests(store) -> list:
    """``[{"key", "game", "seat", "chars"}]``: the seats this device joined of games held on
    another (ui/parts/guest.py), to list on home with *Forget*: each is counted with the
    saves (``chars``: what it takes of the store).  A key that cannot be read is left to
    :func:`load_all`, which sets it aside."""
    out = []
    for key in sorted(store.keys()):
        if not key.startswith(GUEST_PREFIX):
            continue
        text = store.get(key)
        try:
            kept = reader.guest_shape(reader.read_json(text))
            seat = int(key.rsplit(".", 1)[1])
        except Exception:
            continue
        out.append({"key": key, "game": kept["game"], "seat": seat, "chars": len(key) + len(text)})
    return out


def list_aside(store) -> list:
    """``[{"key", "original", "reason", "code", "text"}]`` for the saves set aside."""
    out = []
    for key in sorted(store.keys()):
        if not key.startswith(ASIDE_PREFIX):
            continue
        raw = store.get(key)
        try:   # written by set_aside: {"key", "reason", "code", "text"}, all text
            obj = reader.read_json(raw, ASIDE_CHARS, 2)
            item = {"key": key, "original": obj["key"], "reason": obj["reason"],
                    "code": obj.get("code", "details"), "text": obj["text"]}
            if not all(type(v) is str for v in item.values()) or item["code"] not in ASIDE_CODES:
                raise ValueError("not an entry of set_aside")
            # shown on the home page: a lone surrogate there cannot reach the page's text
            item["reason"] = reader.clean_text(item["reason"][:300])
            item["original"] = reader.clean_text(item["original"])
            out.append(item)
        except Exception:  # kept as it is, to download
            out.append({"key": key, "original": key, "reason": "", "code": "damaged",
                        "text": raw if isinstance(raw, str) else ""})
    return out


def without_tokens(obj):
    """``obj`` (a save, a guest's seat kept: parsed) with no ``"token"`` at any depth: a token
    pairs a guest with the device that holds the game, and never leaves the device (an export,
    an import, *Download all*)."""
    if type(obj) is dict:
        return {k: without_tokens(v) for k, v in obj.items() if k != "token"}
    if type(obj) is list:
        return [without_tokens(v) for v in obj]
    return obj


_TOKEN_VALUE = re.compile(r'("token\\?"\s*:\s*\\?")[A-Za-z0-9_-]+')


def tokenless_text(text):
    """A stored key's text without its tokens (*Download all*): a save, a guest's seat, or a
    save set aside (whose text is cleaned in turn); unchanged if it holds none.  A text that
    does not parse keeps its damage, its tokens' values blanked."""
    if not isinstance(text, str) or '"token' not in text:
        return text
    try:
        obj = without_tokens(reader.read_json(text, ASIDE_CHARS))
    except reader.Refused:
        return _TOKEN_VALUE.sub(r"\1", text)
    if type(obj) is dict and isinstance(obj.get("text"), str):     # an entry of set_aside
        obj["text"] = tokenless_text(obj["text"])
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def export_text(save: dict) -> str:
    """The save as a readable JSON file, without the device seats' tokens."""
    return json.dumps(without_tokens(save), indent=1, ensure_ascii=False) + "\n"


def export_filename(save: dict) -> str:
    day = save.get("updated", "")[:10]
    return f"renardiere-{save['record']['game']}-{day}-{save['id']}.json"


def import_text(store, text: str, now: float, new_id, levels=None, default_level=None):
    """Checks a save file's text and stores it: ``(save, state)``.

    It gets a fresh id when its own is taken (so an import never overwrites a
    game).  ``new_id()`` makes ids.  Raises SaveError if the file is not a save.
    """
    save, state = check(parse(text, keep_unknown=False), levels, default_level)
    if store.get(key_of(save["id"])) is not None:
        save = dict(save, id=new_id())
    save.pop("sent", None)   # what this device sent by link is its own memory, not a file's
    save = without_tokens(save)     # a copy pairs its guests anew
    save["updated"] = iso(now)
    save["rev"] = 0   # a new save on this device
    write(store, save)
    return save, state


# -- lessons --------------------------------------------------------------------------------

def lesson(store, game_id: str) -> dict | None:
    """Where this device left ``game_id``'s lesson (:func:`ui.store.reader.lesson_shape`), or
    None if it was never opened here; read through the guarded reader, never fatal."""
    try:
        text = store.get(LESSON_PREFIX + game_id)
        if text is None:
            return None
        return reader.lesson_shape(reader.read_json(text, 4_000))
    except Exception:       # unreadable, or storage off: as a lesson begun
        return reader.lesson_shape(None)


def write_lesson(store, game_id: str, step: int, done: bool, took: dict) -> bool:
    """Keeps where the lesson stands; False if the store refused (it goes on in memory)."""
    try:
        store.set(LESSON_PREFIX + game_id,
                  json.dumps({"step": step, "done": done, "took": {str(k): v for k, v in sorted(took.items())}}))
    except Exception:
        return False
    return True
