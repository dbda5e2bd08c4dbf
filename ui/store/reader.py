"""The one guarded reader for what comes from outside: localStorage, imported files, links.

Anything a store, a file or a link holds may have been written by someone else (any page
of the same origin can write localStorage; on GitHub Pages every project site of a user
shares one origin), so nothing of it reaches ``json.loads``, the engine or the screen
before it has passed here:

1. a size limit (:data:`MAX_CHARS`, or the caller's);
2. a nesting-depth limit, checked on the *text*, before parsing (:func:`depth`).
   ``json.loads`` recurses once per level: in Pyodide a list nested 5,600 deep
   overflows the JavaScript stack, a fatal error no ``except`` catches, so the depth
   is counted by a scan that never recurses;
3. a schema with exact types (:func:`save_shape`, :func:`setup_shape`): ``True`` is not
   an int here, a list is not a game id;
4. any failure, of any exception class (``TypeError``, ``RecursionError``,
   ``MemoryError``...), becomes :class:`Refused` with a reason: the caller sets the
   item aside or refuses it, and goes on with the next one.

>>> read_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> for bad in ('[' * 40 + ']' * 40, '{"a": ', 'x' * 300, 5):
...     try:
...         read_json(bad, max_chars=200)
...     except Refused as e:
...         print(e.code, "-", e)
too_deep - nested 40 deep, more than 16
damaged - not JSON (Expecting value: line 1 column 7 (char 6))
too_big - 300 characters, more than 200 here
damaged - not text
"""

from __future__ import annotations

import json
import re

MAX_CHARS = 256_000     # a save: the longest of 700 random whole games takes 2.5 kB
MAX_DEPTH = 16          # a save nests 4 deep ({"record": {"actions": [[0, "d1"]]}})
MAX_ACTION = 64         # characters of one action's notation
MAX_TEXT = 200          # characters of a date, a level, a name before it is cut to 40
MAX_SENT = 8            # histories of a game by link remembered as sent (ui/store/merge.py)
# Every number let in is bounded by what a real game reaches (ui/store/saves.py, ``write``, keeps the
# counts it writes within), so that one counted up still writes (Python writes no int of more
# than 4,300 digits as text, sys.int_max_str_digits).
# A number outside is refused (the save set aside), never clamped.  A key of a stored save
# the reader does not know is written back as it was read, and any int Python read it writes.
MAX_SEATS = 8           # players: the most any game takes is 7 (Onexeno)
MAX_ACTIONS = 20_000    # actions of a record, far above a whole game's; a round holds one
                        # at least, so it bounds ``round_seen`` too
MAX_SEED = 2 ** 63      # the app draws seeds below 2**31; a signed 64-bit int, for other readers
MAX_COUNT = 10 ** 9     # ``rev`` (one a write) and ``hints`` (one a position): a billion taps
                        # is 30 years of one a second
MAX_OPTION = 1_000      # an option's value is one of its game's choices; 35 at most today
MAX_SETUP = 8_000       # characters of a position's setup as JSON (game.core.MAX_SETUP)
MAX_FORMAT = 100        # a save's format: one up per change of its shape, 2 so far
_SURROGATE = re.compile("[\ud800-\udfff]")   # a lone half of a UTF-16 pair: JSON allows it, UTF-8 not
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class Refused(ValueError):
    """Outside data that is not used; ``code`` is a ``saveerr.<code>`` word of ui/kit/i18n.py
    (``damaged``, ``too_big``, ``too_deep``, ``details``...), ``str()`` says why in English."""

    def __init__(self, message: str, code: str = "details"):
        super().__init__(message)
        self.code = code


def depth(text: str) -> int:
    """How deep the brackets of a JSON text nest, strings left out; no recursion, no parse.

    An unclosed string counts its brackets too: such a text is refused either way.

    >>> depth('{"a": [[1], {"b": "[[[["}]}'), depth('"[[["'), depth(''), depth(']]]')
    (3, 0, 0, 0)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    deepest = level = 0
    for ch in brackets:
        if ch in "[{":
            level += 1
            if level > deepest:
                deepest = level
        else:
            level -= 1
    return deepest


def read_json(text, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH):
    """The value of a JSON text from outside, or :class:`Refused`: too long, too deep,
    not JSON, or anything else that went wrong while reading it."""
    if not isinstance(text, str):
        raise Refused("not text", "damaged")
    if len(text) > max_chars:
        raise Refused(f"{len(text)} characters, more than {max_chars} here", "too_big")
    try:
        d = depth(text)
    except Exception as e:  # MemoryError on a huge text, say
        raise Refused(f"unreadable ({type(e).__name__})", "damaged") from None
    if d > max_depth:
        raise Refused(f"nested {d} deep, more than {max_depth}", "too_deep")
    try:
        return json.loads(text)
    except ValueError as e:
        raise Refused(f"not JSON ({e})", "damaged") from None
    except Exception as e:
        raise Refused(f"not JSON ({type(e).__name__})", "damaged") from None


# -- exact types -----------------------------------------------------------------------

def is_int(x, lo=None, hi=None) -> bool:
    """An int that is not a bool, within ``[lo, hi]``.

    >>> is_int(3), is_int(True), is_int(3.0), is_int(-1, 0), is_int(2, 0, 2)
    (True, False, False, False, True)
    """
    return type(x) is int and (lo is None or x >= lo) and (hi is None or x <= hi)


def is_text(x, most: int = MAX_TEXT) -> bool:
    """A str of at most ``most`` characters that UTF-8 can write (no lone surrogate: JSON's
    ``"\\ud800"`` reads as one, and neither a link nor the page could take it).

    >>> is_text("Zoé 🦊"), is_text("\\ud800"), is_text(b"x"), is_text("xx", 1)
    (True, False, False, False)
    """
    return type(x) is str and len(x) <= most and not _SURROGATE.search(x)


def clean_text(x: str) -> str:
    """Text with each lone surrogate made U+FFFD (a name stays a name, and can be written).

    >>> clean_text("a\\ud800b") == "a\\ufffdb", clean_text("Zoé 🦊")
    (True, 'Zoé 🦊')
    """
    return _SURROGATE.sub("\ufffd", x)


def actions_shape(actions, players: int) -> list:
    """A record's actions: ``[[seat, "notation"], ...]``, each seat a player's, or Refused."""
    if type(actions) is not list or len(actions) > MAX_ACTIONS:
        raise Refused("the actions are not a list of moves")
    out = []
    for n, pair in enumerate(actions):
        if not (type(pair) is list and len(pair) == 2 and is_int(pair[0], 0, players - 1)
                and is_text(pair[1], MAX_ACTION)):
            raise Refused(f"action {n} is not a [seat, move] pair")
        out.append([pair[0], pair[1]])
    return out


def record_shape(record, games) -> dict:
    """A game record (``State.record()``) with exact types; ``games``: the game ids known.
    Keys other than the record's five, and a position's ``setup``, are dropped.

    >>> r = record_shape({"game": "fendo", "players": 2, "seed": 1, "options": {}, "actions": [],
    ...                   "x": 1}, {"fendo"})
    >>> sorted(r)
    ['actions', 'game', 'options', 'players', 'seed']
    >>> record_shape({"game": ["fendo"], "players": 2}, {"fendo"})
    Traceback (most recent call last):
    ...
    ui.store.reader.Refused: unknown game ['fendo']
    """
    if type(record) is not dict:
        raise Refused("no record")
    gid = record.get("game")
    if type(gid) is not str or gid not in games:
        raise Refused(f"unknown game {gid!r}"[:120], "game")
    players = record.get("players")
    if not is_int(players, 1, MAX_SEATS):
        raise Refused(f"bad number of players {players!r}"[:120])
    seed = record.get("seed")
    if not is_int(seed, -MAX_SEED, MAX_SEED):
        raise Refused(f"the seed {seed!r} is not an integer"[:120])
    options = record.get("options", {})
    if type(options) is not dict or len(options) > 16 or not all(
            type(k) is str and len(k) <= 40 and type(v) in (int, str, bool) and (type(v) is not str or len(v) <= 40)
            and (type(v) is not int or is_int(v, -MAX_OPTION, MAX_OPTION)) for k, v in options.items()):
        raise Refused("bad options")
    out = {"game": gid, "players": players, "seed": seed, "options": dict(options),
           "actions": actions_shape(record.get("actions"), players)}
    setup = record.get("setup")
    if setup is not None:
        out["setup"] = position_shape(setup)
    return out


def position_shape(setup) -> dict:
    """A position's setup (``game.core.sets_up``): ``{"args": [...], "kwargs": {...}}`` of
    JSON, bounded as the engine bounds it; the engine judges what it sets up.

    >>> position_shape({"args": [{"c1": 0}], "kwargs": {"walls": ["c1N"]}})
    {'args': [{'c1': 0}], 'kwargs': {'walls': ['c1N']}}
    >>> position_shape({"args": ["x" * 9000], "kwargs": {}})
    Traceback (most recent call last):
    ...
    ui.store.reader.Refused: bad setup
    """
    if not (type(setup) is dict and set(setup) == {"args", "kwargs"} and type(setup["args"]) is list
            and type(setup["kwargs"]) is dict and len(json.dumps(setup)) <= MAX_SETUP):
        raise Refused("bad setup")
    return setup


def seats_shape(seats, players: int, kinds) -> list:
    """``[{"kind", "name", "level"}]``, one per player, names cut to 40 characters."""
    if type(seats) is not list or len(seats) != players:
        raise Refused("seats do not match the players")
    out = []
    for i, s in enumerate(seats):
        if type(s) is not dict or type(s.get("kind")) is not str or s["kind"] not in kinds:
            raise Refused(f"seat {i} is not {', '.join(kinds[:-1])} or {kinds[-1]}")
        name, level = s.get("name", ""), s.get("level")
        if name is None:
            name = ""
        if type(name) is str:
            name = clean_text(name)
        if not is_text(name, 10_000):
            raise Refused(f"seat {i} has a bad name")
        if not (level is None or is_text(level, 40)):
            raise Refused(f"seat {i} has a bad level")
        out.append({"kind": s["kind"], "name": name[:40], "level": level})
    return out


def sent_shape(sent, players: int) -> list:
    """The histories a game by link sent and then took back (ui/store/merge.py), at most
    :data:`MAX_SENT`; a bad one is dropped, never a reason to refuse a save."""
    out = []
    if type(sent) is list:
        for h in sent[-MAX_SENT:]:
            try:
                out.append(actions_shape(h, players))
            except Refused:
                pass
    return out


def save_shape(obj, games, kinds, fmt: int, id_ok, keep_unknown: bool = True) -> dict:
    """A save of the current format with every field of an exact type, or :class:`Refused`.

    ``keep_unknown``: keep other top-level keys as they are (a save read from this
    device's storage); False drops them (an imported file).  A new dict is returned.
    """
    if type(obj) is not dict:
        raise Refused("not a JSON object", "damaged")
    if obj.get("format") != fmt or type(obj.get("format")) is not int:
        raise Refused(f"unknown format {obj.get('format')!r}"[:120], "format")
    sid = obj.get("id")
    if not id_ok(sid):
        raise Refused(f"bad id {sid!r}"[:120])
    rev = obj.get("rev")
    if not is_int(rev, 0, MAX_COUNT):
        raise Refused(f"bad rev {rev!r}"[:120])
    seen = obj.get("round_seen")
    if not (seen is None or is_int(seen, 0, MAX_ACTIONS)):
        raise Refused(f"bad round_seen {seen!r}"[:120])
    record = record_shape(obj.get("record"), games)
    seats = seats_shape(obj.get("seats"), record["players"], kinds)
    for k in ("created", "updated"):
        if not is_text(obj.get(k), 40):
            raise Refused(f"no {k} date")
    out = dict(obj) if keep_unknown else {}
    out.update(format=fmt, id=sid, rev=rev, round_seen=seen, record=record, seats=seats,
               created=obj["created"], updated=obj["updated"])
    if "sent" in obj:
        out["sent"] = sent_shape(obj["sent"], record["players"])
    if "hints" in obj:               # how many hints the players asked for (optional)
        if not is_int(obj["hints"], 0, MAX_COUNT):
            raise Refused(f"bad hints {obj['hints']!r}"[:120])
        out["hints"] = obj["hints"]
    return out


def setup_shape(obj) -> dict:
    """What the new-game form last used for a game (``renardiere.setup.<game>``): a dict of
    ``seats`` (a list of dicts) and ``options`` (a dict); anything else is left out.

    >>> setup_shape({"seats": [{"kind": "bot"}, 3], "options": [], "x": {}})
    {'seats': [{'kind': 'bot'}, {}], 'options': {}}
    """
    if type(obj) is not dict:
        return {"seats": [], "options": {}}
    seats = obj.get("seats")
    options = obj.get("options")
    seats = [dict(s, name=clean_text(s["name"])) if type(s) is dict and type(s.get("name")) is str
             else s if type(s) is dict else {} for s in seats[:MAX_SEATS]] if type(seats) is list else []
    return {"seats": seats,
            "options": options if type(options) is dict else {}}


MAX_STEPS = 100         # a lesson's steps: 20 at most today (tests/test_lessons.py)


def lesson_shape(obj) -> dict:
    """A game's lesson as this device left it (``renardiere.lesson.<game>``, ui/parts/lesson.py):
    ``step`` (an int from 0), ``done`` (a bool) and ``took`` (a step's number -> the action the
    learner played there, of the notation's length); anything else is left out, and a bad
    field is its default (the lesson starts again, or from its scripted line).

    >>> lesson_shape({"step": 3, "done": True, "took": {"1": "d1-d7N", "x": "a", "2": 5}, "y": 1})
    {'step': 3, 'done': True, 'took': {1: 'd1-d7N'}}
    >>> lesson_shape({"step": -1, "done": 1, "took": []})
    {'step': 0, 'done': False, 'took': {}}
    >>> lesson_shape("fendo")
    {'step': 0, 'done': False, 'took': {}}
    """
    if type(obj) is not dict:
        obj = {}
    step, done, took = obj.get("step"), obj.get("done"), obj.get("took")
    return {"step": step if type(step) is int and 0 <= step < MAX_STEPS else 0,
            "done": done if type(done) is bool else False,
            "took": {int(k): v for k, v in took.items()
                     if type(k) is str and k.isdigit() and len(k) <= 3 and type(v) is str and len(v) <= MAX_ACTION}
            if type(took) is dict else {}}


# What a guest keeps of its seat (ui/parts/guest.py), bounded from what real games send it: over
# whole games of each game at its fewest and most players, the longest log was 285 entries
# (Fowl Play, 4 players), the longest entry 230 characters (Le Renard des Bois), and the whole
# log with its places 20,604 characters.  Older entries beyond these are dropped (the host
# holds the whole log, and sends it again to a hello that holds none).
GUEST_ENTRIES = 2_000       # log entries kept: 7 times the longest log
GUEST_WORDS = 600           # characters of one entry: 230, and two seats' names of 40 (+ margin)
GUEST_CHARS = 100_000       # characters of the log kept, places counted: 5 times the longest


def guest_entry_chars(words: str, ids) -> int:
    """What one kept entry costs in the stored text, about (``[s,"words"]`` and its ids)."""
    return len(words) + 8 + sum(len(i) + 3 for i in ids)


def guest_shape(obj) -> dict:
    """What a guest's page keeps of its seat (``renardiere.guest.<save>.<seat>``, ui/parts/guest.py):
    ``game`` and ``token`` exact, or :class:`Refused` (the key is set aside: its token may be
    all there is to get the seat back); bad names are dropped, and a log with a bad entry, or
    beyond the bounds above, is dropped whole, since the host sends it again (from a hello's
    ``have``).  ``base``: the host's number of the first entry kept (those before were dropped).

    >>> guest_shape({"game": "fendo", "token": "t", "log": [[1, "a"]], "places": [["c4", 5]], "names": "Ada"})
    {'game': 'fendo', 'token': 't', 'names': [], 'log': [(1, 'a')], 'places': [('c4',)], 'base': 0, 'offer': ''}
    >>> guest_shape({"game": "fendo", "log": [[1, "a"], ["x", 5]], "base": 3})["log"]
    []
    >>> guest_shape({"game": "fendo", "log": [[1, "a" * 601]]})["log"]
    []
    >>> guest_shape(["fendo"])
    Traceback (most recent call last):
    ...
    ui.store.reader.Refused: not a JSON object
    """
    if type(obj) is not dict:
        raise Refused("not a JSON object", "damaged")
    game, token = obj.get("game"), obj.get("token", "")
    if not is_text(game, 40) or not is_text(token, 64):
        raise Refused("no game, or a bad token")
    names, log, places = (obj.get(k) if type(obj.get(k)) is list else [] for k in ("names", "log", "places"))
    base = obj.get("base", 0)
    if not (len(log) <= GUEST_ENTRIES and all(type(e) is list and len(e) == 2 and is_int(e[0], 0, MAX_SEATS - 1)
                                              and is_text(e[1], GUEST_WORDS) for e in log)):
        log = []
    places = [tuple(i for i in ids[:8] if is_text(i, 42)) if type(ids) is list else () for ids in places[:len(log)]]
    places += [()] * (len(log) - len(places))
    if sum(guest_entry_chars(w, ids) for (_, w), ids in zip(log, places)) > GUEST_CHARS:
        log, places = [], []
    if not log or not is_int(base, 0, MAX_ACTIONS):
        base = 0
    offer = obj.get("offer", "")
    return {"game": game, "token": token, "names": [n[:40] for n in names[:MAX_SEATS] if is_text(n, 10_000)],
            "log": [(s, w) for s, w in log], "places": places, "base": base,
            "offer": offer if is_text(offer, 1_000) else ""}
