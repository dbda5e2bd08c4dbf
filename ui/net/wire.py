"""The messages between a host and its guests' devices (issue 29), both ways (pure Python).

A guest's device plays one seat of a game held by the host (:mod:`ui.net.hosting`), over a data
channel that carries text.  Every message is one JSON object with a type ``t``.  Each
direction has one parser (:func:`from_guest`, :func:`from_host`) that returns a frozen
dataclass or raises :class:`WireError` with a short ``code``, never any other exception,
whatever it is handed: text of any size or content, or something that is not text at all.
docs/PROTOCOL.md describes the protocol; this module is its one definition.

>>> from_guest(act(3, "d1-d4N"))
Act(n=3, action='d1-d4N')
>>> for bad in ('{"t": "act", "n": 3}', '{"t": "act", "n": true, "action": "a1"}', "[1]", b"x",
...             '{"t": "act", "n": 1, "action": "a1", "seat": 1}', "x" * 5000):
...     try:
...         from_guest(bad)
...     except WireError as e:
...         print(e.code, "-", e)
missing - act: no action
bad_field - act: n is not an int in [1, 1000000000]
not_object - not a JSON object
not_text - not text
unknown_field - act: unknown field seat
too_big - 5000 characters, more than 2048
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ui.store import reader
from ui.kit.screen import PLACE_ID

VERSION = 3                 # 2: a log entry carries its places ([seat, words, ids]); 3: pings
MAX_GUEST_TEXT = 2_048      # a guest's message: the longest, a hello, takes ~200 characters
MAX_HOST_TEXT = 512_000     # a frame: a view and the log's new entries (a whole log: ~60 kB)
MAX_DEPTH = 16
MAX_ACTION = 200            # characters of an action's notation (the engine's are under 64)
MAX_NAME = 60               # a seat's name as shown: 40 characters, bidi-isolated
MAX_TOKEN = 64
MAX_N = 10 ** 9             # message numbers: a billion actions is more than any game
MAX_SEAT = 7                # seats run from 0 to 7 (reader.MAX_SEATS players at most)
MAX_PLY = 1_000_000
MAX_LEGAL = 20_000          # actions in one legal list
MAX_WORDS = 2_000           # characters of one log entry
MAX_PLACES = 8              # place ids of one log entry (GameScreen.places: 3 at most today)
MAX_PLACE = 41              # characters of a place id (screen.PLACE_ID: ~ and 40)
MAX_ENTRIES = 20_000        # entries in one frame's log (reader.MAX_ACTIONS)
MAX_CODE = 64               # an error code or an i18n key
# A seat's view, bounded as the save reader bounds a save, from whole games of each game at its
# fewest and most players (one device seat, bots): the longest list 283 (Fowl Play's), the
# longest text 15 characters, the most values in one view 1,841.  A frame beyond them (a hand
# of 20,000 cards) would hang the guest's page while it draws: it is refused.
MAX_VIEW_LIST = 2_000       # items of one list (7 times the longest)
MAX_VIEW_TEXT = 200         # characters of one text or key
MAX_VIEW_NODES = 10_000     # values in the whole view (5 times the most)
# ... and the largest number 270 (a ply, a turn): a number counts what a screen draws (Fowl Play's
# clear-turn cards, Fendo's reserve), so a count of 2**40 would fill the guest's memory while it
# draws (found by tests/test_guest_fuzz.py at 10,000 frames), one of a million takes 0.5 s
MAX_VIEW_NUMBER = reader.MAX_ACTIONS     # 20,000 at most, either sign: a game's actions, its ply
MAX_ERROR = 600             # the engine's English sentence
LANGS = ("en", "fr")
KINDS = ("human", "bot", "device", "remote")
# why a hello is denied (denied.<why> in ui/kit/i18n.py)
DENIALS = ("version", "seat", "token", "taken", "replaced", "refused")   # the last two: told as it is closed


class WireError(ValueError):
    """A message that is not one: ``code`` says why in a word (``not_text``, ``too_big``,
    ``too_deep``, ``not_json``, ``not_object``, ``bad_type`` (no such ``t``), ``missing``,
    ``unknown_field``, ``bad_field``); ``str()`` names the field, in English, for logs."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code


# -- guest -> host ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Hello:
    """A guest asks for its seat: the protocol version, the seat, its secret token, the
    language the host words the log in, and how many log entries it already holds."""

    v: int
    seat: int
    token: str
    lang: str
    have: int = 0


@dataclass(frozen=True)
class Act:
    """The guest's ``n``-th message: play ``action`` for its own seat."""

    n: int
    action: str


@dataclass(frozen=True)
class Undo:
    """The guest's ``n``-th message: take back its own last action."""

    n: int


@dataclass(frozen=True)
class Ping:
    """Either side's heartbeat (:mod:`ui.net.heartbeat`): "I am here", sent when nothing else
    was for a while.  No fields, no number: it changes nothing."""


PING = '{"t":"ping"}'       # the one text of a ping, read by a comparison before any parsing
THE_PING = Ping()


@dataclass(frozen=True)
class Ask:
    """The guest asks for a hint (the default bot's suggestion, in words) at position ``ply``:
    no number, it changes nothing."""

    ply: int


# -- host -> guest ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    """Everything a guest may know of the game, for its seat.  ``welcome``: the first after a
    hello.  ``undo``: ``(allowed, reason key or None)``.  ``log_from``: the guest keeps its
    first ``log_from`` entries and appends ``log``.  ``done``: the last message number the
    host handled (the guest numbers its next one ``done + 1``)."""

    welcome: bool
    game: str
    seat: int
    ply: int
    names: tuple
    kinds: tuple          # ((kind, level or None), ...), one per seat
    view: dict
    to_move: tuple
    acting: int | None
    legal: tuple
    over: bool
    undo: tuple
    log_from: int
    log: tuple            # ((seat, words), ...)
    done: int
    places: tuple = ()    # each entry of ``log``'s place ids (GameScreen.places), () for none


@dataclass(frozen=True)
class Refused:
    """Message ``n`` was refused: ``code`` is the engine's (``err.<code>`` in ui/kit/i18n.py) or
    an i18n key (``undo.*``, ``wire.*``), ``text`` the engine's English sentence, ``params``
    its parameters.  Shaped like ``game.IllegalAction`` so that ``i18n.error_text`` words it."""

    n: int
    code: str
    text: str = ""
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Hint:
    """The default bot's suggestion for the guest's move at ``ply``, in its words (not played),
    and the action itself (one of the guest's legal actions: its table lights what it would
    use, as at one device; None from a host that does not send it)."""

    ply: int
    words: str
    action: str | None = None


@dataclass(frozen=True)
class Denied:
    """A hello refused: ``why`` is one of :data:`DENIALS`."""

    why: str


# -- writing -----------------------------------------------------------------------------------

def _dump(obj: dict) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def hello(seat: int, token: str, lang: str, have: int = 0, v: int = VERSION) -> str:
    return _dump({"t": "hello", "v": v, "seat": seat, "token": token, "lang": lang, "have": have})


def act(n: int, action: str) -> str:
    return _dump({"t": "act", "n": n, "action": action})


def undo(n: int) -> str:
    return _dump({"t": "undo", "n": n})


def ping() -> str:
    return PING


def ask(ply: int) -> str:
    return _dump({"t": "hint", "ply": ply})


def hint(ply: int, words: str, action: str | None = None) -> str:
    return _dump({"t": "hint", "ply": ply, "words": words[:MAX_WORDS]}
                 | ({"action": action} if action is not None else {}))


def frame(f: Frame) -> str:
    return _dump({
        "t": "welcome" if f.welcome else "frame", "game": f.game, "seat": f.seat, "ply": f.ply,
        "names": list(f.names), "kinds": [{"kind": k, "level": lv} for k, lv in f.kinds],
        "view": f.view, "to_move": list(f.to_move), "acting": f.acting, "legal": list(f.legal),
        "over": f.over, "undo": list(f.undo), "log": {"from": f.log_from, "entries": [
            [seat, words] + ([list(f.places[i])] if i < len(f.places) and f.places[i] else [])
            for i, (seat, words) in enumerate(f.log)]},
        "done": f.done})


def refused(n: int, code: str, text: str = "", params: dict | None = None) -> str:
    return _dump({"t": "refused", "n": n, "code": code[:MAX_CODE], "text": text[:MAX_ERROR],
                  "params": _params(params or {})})


def denied(why: str) -> str:
    return _dump({"t": "denied", "why": why})


def denial(text: str):
    """Why a message the host sends denies the guest (``denied``), or None: the host says it too."""
    return json.loads(text)["why"] if text.startswith('{"t":"denied"') else None


def _params(params: dict) -> dict:
    """An IllegalAction's params, kept only where the guest's parser takes them."""
    out = {}
    for k, v in list(params.items())[:8]:
        if isinstance(v, (list, tuple)):
            v = [x for x in v if type(x) in (int, str)][:16]
        if type(k) is str and len(k) <= MAX_CODE and _param_ok(v):
            out[k] = v
    return out


def _param_ok(v) -> bool:
    if type(v) is str:
        return len(v) <= MAX_CODE * 4
    if type(v) is int:
        return -MAX_N <= v <= MAX_N
    return type(v) is list and all(_param_ok(x) and type(x) is not list for x in v)


# -- reading -----------------------------------------------------------------------------------

class _Fields:
    """The fields of one message, each taken once with its exact type; what is left over at
    the end is an unknown field (a newer protocol, or a forged one)."""

    def __init__(self, obj: dict, t: str):
        self.obj, self.t, self.left = obj, t, set(obj) - {"t"}

    def _get(self, name: str):
        if name not in self.obj:
            raise WireError(f"{self.t}: no {name}", "missing")
        self.left.discard(name)
        return self.obj[name]

    def bad(self, name: str, what: str):
        return WireError(f"{self.t}: {name} is not {what}", "bad_field")

    def int(self, name: str, lo: int, hi: int) -> int:
        x = self._get(name)
        if not reader.is_int(x, lo, hi):
            raise self.bad(name, f"an int in [{lo}, {hi}]")
        return x

    def seat(self, name: str, none: bool = False):
        x = self._get(name)
        if none and x is None:
            return None
        if not reader.is_int(x, 0, MAX_SEAT):
            raise self.bad(name, "a seat")
        return x

    def text(self, name: str, most: int, least: int = 0) -> str:
        x = self._get(name)
        if not (reader.is_text(x, most) and len(x) >= least):
            raise self.bad(name, f"text of {least} to {most} characters")
        return x

    def choice(self, name: str, choices: tuple) -> str:
        x = self._get(name)
        if type(x) is not str or x not in choices:
            raise self.bad(name, " or ".join(choices))
        return x

    def bool(self, name: str) -> bool:
        x = self._get(name)
        if type(x) is not bool:
            raise self.bad(name, "true or false")
        return x

    def list(self, name: str, most: int) -> list:
        x = self._get(name)
        if type(x) is not list or len(x) > most:
            raise self.bad(name, f"a list of at most {most}")
        return x

    def dict(self, name: str) -> dict:
        x = self._get(name)
        if type(x) is not dict:
            raise self.bad(name, "an object")
        return x

    def end(self) -> None:
        if self.left:
            raise WireError(f"{self.t}: unknown field {sorted(self.left)[0]}"[:120], "unknown_field")


def _object(text, most: int) -> tuple[dict, str]:
    """The JSON object of a message and its type, size and depth checked before parsing."""
    if not isinstance(text, str):
        raise WireError("not text", "not_text")
    if len(text) > most:
        raise WireError(f"{len(text)} characters, more than {most}", "too_big")
    try:
        obj = reader.read_json(text, most, MAX_DEPTH)
    except reader.Refused as e:
        raise WireError(str(e)[:200], {"too_deep": "too_deep", "too_big": "too_big"}.get(e.code, "not_json")) from None
    if type(obj) is not dict:
        raise WireError("not a JSON object", "not_object")
    t = obj.get("t")
    if type(t) is not str:
        raise WireError("no type t", "bad_type")
    return obj, t


def from_guest(text) -> Hello | Act | Undo | Ask | Ping:
    """A guest's message, or WireError; nothing else ever escapes."""
    try:
        if text == PING:    # the most frequent message costs a comparison
            return THE_PING
        return _from_guest(text)
    except WireError:
        raise
    except Exception as e:  # a bug here must not become the host's crash
        raise WireError(f"unreadable ({type(e).__name__})", "not_json") from None


def _from_guest(text):
    obj, t = _object(text, MAX_GUEST_TEXT)
    f = _Fields(obj, t)
    if t == "hello":
        msg = Hello(f.int("v", 0, MAX_N), f.seat("seat"), f.text("token", MAX_TOKEN),
                    f.choice("lang", LANGS), f.int("have", 0, MAX_ENTRIES))
    elif t == "act":
        msg = Act(f.int("n", 1, MAX_N), f.text("action", MAX_ACTION, 1))
    elif t == "undo":
        msg = Undo(f.int("n", 1, MAX_N))
    elif t == "hint":
        msg = Ask(f.int("ply", 0, MAX_PLY))
    elif t == "ping":
        msg = THE_PING
    else:
        raise WireError(f"no message of type {t!r}"[:120], "bad_type")
    f.end()
    return msg


def from_host(text) -> Frame | Refused | Denied | Hint | Ping:
    """The host's message, or WireError: a guest must not break on garbage either."""
    try:
        if text == PING:
            return THE_PING
        return _from_host(text)
    except WireError:
        raise
    except Exception as e:
        raise WireError(f"unreadable ({type(e).__name__})", "not_json") from None


def _from_host(text):
    obj, t = _object(text, MAX_HOST_TEXT)
    f = _Fields(obj, t)
    if t in ("welcome", "frame"):
        msg = _frame(f, t == "welcome")
    elif t == "refused":
        msg = Refused(f.int("n", 0, MAX_N), f.text("code", MAX_CODE, 1), f.text("text", MAX_ERROR),
                      _read_params(f) if "params" in obj else {})
    elif t == "denied":
        msg = Denied(f.choice("why", DENIALS))
    elif t == "hint":
        msg = Hint(f.int("ply", 0, MAX_PLY), f.text("words", MAX_WORDS),
                   f.text("action", MAX_ACTION, 1) if "action" in obj else None)
    elif t == "ping":
        msg = THE_PING
    else:
        raise WireError(f"no message of type {t!r}"[:120], "bad_type")
    f.end()
    return msg


def _read_params(f: _Fields) -> dict:
    params = f.dict("params")
    if len(params) > 8 or not all(type(k) is str and len(k) <= MAX_CODE and _param_ok(v) for k, v in params.items()):
        raise f.bad("params", "short words and numbers")
    return params


def _frame(f: _Fields, welcome: bool) -> Frame:
    game_id = f.text("game", 40, 1)
    seat = f.seat("seat")
    ply = f.int("ply", 0, MAX_PLY)
    names = f.list("names", MAX_SEAT + 1)
    if not all(reader.is_text(n, MAX_NAME) for n in names):
        raise f.bad("names", "short texts")
    kinds = []
    for k in f.list("kinds", MAX_SEAT + 1):
        if not (type(k) is dict and set(k) == {"kind", "level"} and k["kind"] in KINDS
                and (k["level"] is None or reader.is_text(k["level"], 40))):
            raise f.bad("kinds", "{kind, level} objects")
        kinds.append((k["kind"], k["level"]))
    if len(kinds) != len(names) or seat >= len(names):
        raise f.bad("kinds", "one per seat")
    view = f.dict("view")
    if not view or not _view_ok(view):
        raise f.bad("view", f"a seat's view (lists of at most {MAX_VIEW_LIST}, texts of at most "
                            f"{MAX_VIEW_TEXT} with no markup, numbers of at most {MAX_VIEW_NUMBER}, "
                            f"{MAX_VIEW_NODES} values in all)")
    to_move = f.list("to_move", MAX_SEAT + 1)
    if not all(reader.is_int(s, 0, len(names) - 1) for s in to_move):
        raise f.bad("to_move", "seats")
    acting = f.seat("acting", none=True)
    if acting not in (None, seat):
        raise f.bad("acting", "the guest's seat or null")
    legal = f.list("legal", MAX_LEGAL)
    if not all(reader.is_text(a, MAX_ACTION) for a in legal):
        raise f.bad("legal", "actions")
    over = f.bool("over")
    undo_ = f.list("undo", 2)
    if not (len(undo_) == 2 and type(undo_[0]) is bool
            and (undo_[1] is None or reader.is_text(undo_[1], MAX_CODE))):
        raise f.bad("undo", "[allowed, reason]")
    log = f.dict("log")
    start, entries = log.get("from"), log.get("entries")
    if not (set(log) == {"from", "entries"} and reader.is_int(start, 0, MAX_ENTRIES)
            and type(entries) is list and len(entries) <= MAX_ENTRIES
            and all(type(e) is list and len(e) in (2, 3) and reader.is_int(e[0], 0, len(names) - 1)
                    and reader.is_text(e[1], MAX_WORDS) for e in entries)):
        raise f.bad("log", "{from, entries: [[seat, words, places]]}")
    for i, e in enumerate(entries):
        if len(e) == 3 and not _places_ok(e[2]):
            raise f.bad(f"log entry {i}'s places", f"a list of at most {MAX_PLACES} place ids")
    done = f.int("done", 0, MAX_N)
    return Frame(welcome, game_id, seat, ply, tuple(names), tuple(kinds), view, tuple(to_move), acting,
                 tuple(legal), over, (undo_[0], undo_[1]), start, tuple((e[0], e[1]) for e in entries), done,
                 tuple(tuple(e[2]) if len(e) == 3 else () for e in entries))


MARKUP = frozenset('<>&"\'')     # no view's text holds one (cards, cells, keys): the screens write them as they are


def _view_ok(view: dict) -> bool:
    """A view within the bounds above (its depth is read_json's, MAX_DEPTH), and no character
    of markup in a text or key: the screens put the view's texts in their HTML unescaped, and
    draw as many things as a number counts."""
    stack, left = [view], MAX_VIEW_NODES
    while stack:
        x = stack.pop()
        left -= 1
        if left < 0:
            return False
        if type(x) is dict:
            if not all(reader.is_text(k, MAX_VIEW_TEXT) and MARKUP.isdisjoint(k) for k in x):
                return False
            stack.extend(x.values())
        elif type(x) is list:
            if len(x) > MAX_VIEW_LIST or len(x) > left:
                return False
            stack.extend(x)
        elif type(x) is str and not (reader.is_text(x, MAX_VIEW_TEXT) and MARKUP.isdisjoint(x)):
            return False
        elif type(x) in (int, float) and not -MAX_VIEW_NUMBER <= x <= MAX_VIEW_NUMBER:
            return False        # NaN too: no comparison holds
    return True


def _places_ok(ids) -> bool:
    """A log entry's place ids: a short list of short ids of the screens' charset (they name
    elements of the guest's table, and go into its markup)."""
    return (type(ids) is list and len(ids) <= MAX_PLACES
            and all(type(i) is str and len(i) <= MAX_PLACE and PLACE_ID.match(i) for i in ids))
