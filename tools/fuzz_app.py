"""The hostile-input fuzz campaign of issue 21: saves, imports and both kinds of link, through
the whole app (ui.app.App on CPython, with a fake page), driven by hypothesis.

    python3 -m tools.fuzz_app [-n 10000] [--seed S]      (part of `make soak`)

Every game of the catalogue is fuzzed (``game.GAMES``, read at each draw: a game is fuzzed the
day it is registered), in every configuration it takes (each player count with each option
value: ``configs`` of tools/view_hashes.py) and in those it refuses. Each input is one of:

- ``store``: a value written under a key of ours by "another page of the origin", then a start
  of the app: a save, a set-aside save (then downloaded and imported again, as a player would),
  a game's last setup of the new-game form (then started), the language;
- ``import``: a file the player imports (a game, or the file of "Download all");
- ``replay`` / ``move``: a link opened on the device.

The values are built with the structure of what they imitate: valid saves and links of every
game with seats of every kind (human, bot, remote, in any combination), then mutated: fields of
random JSON types, keys dropped or added, actions the engine gives (legal in a position of that
game) played out of place, actions illegal, out of order, of the wrong seat, a player count and
options the game refuses, text nested up to 20,000 deep or 100,000 wide, strings of 400,000
characters, names made to break out of markup, codes cut, flipped and padded; a move link may
continue, fork or rewrite the device's game played by link. The run ends with its count of
inputs by kind and by game (``(no game)``: hostile values built on none).

After every input (:func:`run`):

- the app started (no exception, never the recovery screen), and starts again from the store
  as the input left it, to the home page;
- a setup of a configuration the game takes starts that very game; a set-aside save downloads
  as it was set aside;
- every key of ours that was there before is still there byte for byte (a game's setup may be
  the one the form started instead), or (the key written, when it is unreadable) moved aside
  with its text unchanged; nothing is deleted; the game
  played by link changes only by moves of the friend's side added on top of it;
- nothing of the input reached the page as markup: no ``<x-evil``, no ``<script``, no
  attribute broken out of (every render of the page is checked, not only the last).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from ui.store import links, saves
from ui.app import App
from ui.store.saves import MemoryStore
from tools import view_hashes

ROOT = Path(__file__).resolve().parent.parent

KINDS = ("human", "bot", "remote")
LINK_ID = "link1"       # the device's game played by link
NASTY = ['<x-evil onerror=alert(1)>', '" onmouseover="alert(1)', "</code><script>alert(1)</script>",
         "\u202eevil\u202c", "&lt;x-evil&gt;", "{n}", "\x00", "Zoé 🦊", "'; --", "\ud800"]
BROKEN_OUT = ("<x-evil", "<script", 'onmouseover="')    # an attribute needs a bare quote to break out


# -- the catalogue, and the device before the input ---------------------------------------

def game_ids() -> list:
    """The games to fuzz: the catalogue as it is at each draw, so a game registered later
    (a new one, or a test's) is fuzzed with no edit here."""
    return sorted(game.GAMES)


_CONFIGS = {}


def configs(gid) -> list:
    """Every (players, options) the game takes (tools/view_hashes.py's), kept: they cost a new
    game each to find (about 50 ms for Onexeno's 24)."""
    key = (gid, id(game.GAMES[gid]))
    if key not in _CONFIGS:
        _CONFIGS[key] = view_hashes.configs(gid)
    return _CONFIGS[key]


def _play(gid, players, seed, stop, **options):
    rng = random.Random(seed)
    s = game.new_game(gid, players, seed=seed, **options)
    while not s.over and len(s.actions) < stop:
        seat = rng.choice(s.to_move)            # simultaneous choices (Fowl Play) in any order
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _seat(kind, name="", level="novice"):
    return {"kind": kind, "name": name, "level": level if kind == "bot" else None}


_HOW_SEATED = (lambda n: [_seat("human", "Ann")] + [_seat("bot")] * (n - 1),        # against bots
               lambda n: [_seat("human", f"P{i}") for i in range(n)],              # hot-seat
               lambda n: [_seat("bot")] * (n - 1) + [_seat("human")])              # a bot first


def _base_store(ids) -> dict:
    """A device with a game of every catalogue game (against bots, hot-seat, a bot first; the
    second one finished: every start replays them all, so the others stop early), a game played
    by link (of the first linkable game), a save set aside, every game's last setup, the
    language and another app's key."""
    store = MemoryStore()
    for i, gid in enumerate(ids):
        table = configs(gid)
        players, options = table[7 * i % len(table)]
        s = _play(gid, players, i + 1, 10_000 if i == 1 else 6 + 3 * i, **options)
        saves.write(store, saves.make(f"{gid}1", s.record(), _HOW_SEATED[i % 3](players), 1_764_000_000))
        store.set(saves.SETUP_PREFIX + gid, json.dumps({"seats": _HOW_SEATED[i % 3](players), "options": options}))
    for gid in filter(saves.linkable, ids):
        players, options = configs(gid)[0]
        s = _play(gid, players, 4, 4, **options)
        seats = [_seat("human", "Ann")] + [_seat("remote", "Bob")] * (players - 1)
        saves.write(store, saves.make(LINK_ID, s.record(), seats, 1_764_000_000))
        break
    saves.set_aside(store, "renardiere.save.old1", "{not json", "not JSON", "damaged")
    store.set(saves.LANG_KEY, "fr")
    store.set("other.app", "not ours")
    return dict(store.data)


_BASES = {}


def base() -> dict:
    """The device before each input, for the catalogue as it is now (built once per catalogue)."""
    ids = tuple(game_ids())
    if ids not in _BASES:
        _BASES[ids] = _base_store(ids)
    return _BASES[ids]


def link_save():
    """The device's game played by link, or None (no game of the catalogue is linkable)."""
    text = base().get(saves.key_of(LINK_ID))
    return json.loads(text) if text else None


# -- the fake page --------------------------------------------------------------------------

class Page:
    """The page as the app sees it (ui/web/dom.py's interface), keeping every render."""

    def __init__(self):
        self.html = ""
        self.renders = []
        self.hash = ""
        self.app = None
        self.tasks = []
        self.downloads = []

    def render(self, html, fresh=False):
        self.html = html
        self.renders.append(html)

    def to_top(self):
        pass

    def now(self):
        return 0.0

    def go(self, hash_):
        self.hash = hash_
        self.app.route(hash_)

    def replace(self, hash_):
        self.go(hash_)

    def spawn(self, coro):
        coro.close()          # the bots' moves are not part of this campaign

    async def sleep(self, s):
        pass

    def set_lang(self, lang):
        pass

    def set_title(self, text):
        self.title = text

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def announce(self, text):
        pass

    def share(self, url, title, text, done):
        done("shown")

    def update_now(self):
        pass


class NoBot:
    async def think(self, *a):
        raise RuntimeError("no bot in this campaign")


def boot(store, hash_=""):
    page = Page()
    app = App(page, store, NoBot(), bot_delay=0, rng=random.Random(0))
    page.app = app
    app.boot(hash_)
    return app, page


# -- hostile values ------------------------------------------------------------------------------

def _nested(draw) -> str:
    n = draw(st.sampled_from([17, 100, 1_000, 5_600, 6_400, 20_000]))
    kind = draw(st.sampled_from(["list", "dict", "mixed", "unclosed", "in_string"]))
    if kind == "list":
        return "[" * n + "]" * n
    if kind == "dict":
        return '{"a":' * n + "1" + "}" * n
    if kind == "mixed":
        return '[{"a":' * (n // 2) + "0" + "}]" * (n // 2)
    if kind == "unclosed":
        return "[" * n
    return '"' + "[" * n + '"'          # brackets in a string: no depth at all


def _wide(draw) -> str:
    n = draw(st.sampled_from([1_000, 30_000, 100_000]))
    return "[" + ",".join(["0"] * n) + "]"


def _huge_string(draw) -> str:
    n = draw(st.sampled_from([41, 1_000, 300_000, 400_000]))
    return draw(st.sampled_from(["x", "<", "\u00e9", "\\"])) * n


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.sampled_from(NASTY))
json_values = st.recursive(scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c, max_size=4),
                           max_leaves=12)


@st.composite
def raw_json(draw) -> str:
    """Text standing in for a JSON value: deep, wide, huge, or a small random value."""
    kind = draw(st.sampled_from(["nested", "wide", "huge", "value", "text"]))
    if kind == "nested":
        return _nested(draw)
    if kind == "wide":
        return _wide(draw)
    if kind == "huge":
        return json.dumps(_huge_string(draw))
    if kind == "value":
        return json.dumps(draw(json_values))
    return json.dumps(draw(st.text(max_size=30)))


@st.composite
def a_gid(draw) -> str:
    return draw(st.sampled_from(game_ids()))


@st.composite
def a_game(draw, gid):
    """A game of ``gid`` in one of the configurations it takes (every player count with every
    option value it accepts: Onexeno's teams and rounds, Fowl Play's 2 to 4...), played some way."""
    players, options = draw(st.sampled_from(configs(gid)))
    stop = draw(st.sampled_from([0, 1, 3, 10, 40, 10_000]))
    return _play(gid, players, draw(st.integers(0, 2 ** 31)), stop, **options)


@st.composite
def seat_kinds(draw, players):
    return [_seat(draw(st.sampled_from(KINDS)), draw(st.sampled_from(["", "Ann"] + NASTY)))
            for _ in range(players)]


def _mutate_actions(draw, actions, players):
    how = draw(st.sampled_from(["shuffle", "swap", "drop", "dup", "string", "seat", "append", "type"]))
    acts = [list(a) if isinstance(a, list) else a for a in actions]   # an earlier mutation may have left anything
    if not acts:
        return [[0, draw(st.text(max_size=8))]]
    i = draw(st.integers(0, len(acts) - 1))
    if how == "shuffle":
        random.Random(draw(st.integers(0, 99))).shuffle(acts)
    elif how == "swap" and len(acts) > 1:
        j = draw(st.integers(0, len(acts) - 1))
        acts[i], acts[j] = acts[j], acts[i]
    elif how == "drop":
        del acts[i]
    elif how == "dup":
        acts.insert(i, acts[i])
    elif not (isinstance(acts[i], list) and len(acts[i]) == 2 and type(acts[i][0]) is int
              and isinstance(acts[i][1], str)):
        acts[i] = draw(json_values)
    elif how == "string":
        acts[i][1] = draw(st.sampled_from([acts[i][1] + "x", acts[i][1][:-1], acts[i][1].upper(), "pass", ""] + NASTY))
    elif how == "seat":
        acts[i][0] = draw(st.sampled_from([(acts[i][0] + 1) % players, players, -1, True, "0", None, 1.0]))
    elif how == "append":
        acts.append([draw(st.integers(-1, players)), draw(st.text(max_size=6))])
    else:
        acts[i] = draw(json_values)
    return acts


def _engine_actions(draw, record) -> list:
    """The record's actions with one that the engine itself gives (legal in a position of this
    very game) played out of place: instead of the one played, at another ply, by a seat that
    was not to move, or after the last one."""
    acts = record["actions"]
    i = draw(st.integers(0, len(acts)))
    s = game.replay(dict(record, actions=acts[:i]))
    if s.over:                      # the end: an action of the position before it
        i -= 1
        s = game.replay(dict(record, actions=acts[:i]))
    seat = draw(st.sampled_from(s.to_move))
    action = [seat, draw(st.sampled_from(s.legal_actions(seat)))]
    how = draw(st.sampled_from(["instead", "elsewhere", "other_seat", "after"]))
    if how == "instead":            # a legal fork: what follows may no longer be
        return acts[:i] + [action] + acts[i + 1:]
    if how == "elsewhere":
        j = draw(st.integers(0, len(acts)))
        return acts[:j] + [action] + acts[j:]
    if how == "other_seat":
        action[0] = (seat + draw(st.integers(1, s.players - 1))) % s.players
        return acts[:i] + [action] + acts[i:]
    return acts + [action]


def _any_config(draw, gid) -> tuple:
    """A player count and option values of ``gid``, drawn apart: also the combinations the
    game refuses (Onexeno's teams of two at an odd table) and counts one off its range."""
    info = game.GAMES[gid]
    players = draw(st.integers(max(0, info.min_players - 1), info.max_players + 1))
    return players, {o.name: draw(st.sampled_from(o.choices)) for o in info.options}


@st.composite
def save_text(draw, gid, sid=None):
    """The text of a save of ``gid``: valid, then maybe mutated in its structure, then maybe in
    its text."""
    s = draw(a_game(gid))
    seats = draw(seat_kinds(s.players))
    obj = saves.make(sid or draw(st.sampled_from(["fz1", f"{gid}1", LINK_ID, "x" * 65, "a.b"])), s.record(),
                     seats, 1_764_000_000)
    obj["rev"] = draw(st.integers(0, 3))
    for _ in range(draw(st.integers(0, 3))):
        what = draw(st.sampled_from(["top", "record", "seat", "actions", "engine", "engine", "config", "drop",
                                     "add", "format"]))
        record = obj.get("record") if isinstance(obj.get("record"), dict) else None
        if what == "top":
            obj[draw(st.sampled_from(sorted(obj)))] = draw(json_values)
        elif what == "record" and record is not None:
            record[draw(st.sampled_from(["game", "players", "seed", "options", "actions"]))] = draw(json_values)
        elif what == "seat" and isinstance(obj.get("seats"), list) and obj["seats"]:
            seat = obj["seats"][draw(st.integers(0, len(obj["seats"]) - 1))]
            if isinstance(seat, dict):
                seat[draw(st.sampled_from(["kind", "name", "level"]))] = draw(json_values)
        elif what == "actions" and record is not None and isinstance(record.get("actions"), list):
            record["actions"] = _mutate_actions(draw, record["actions"], s.players)
        elif what == "engine" and record is not None:
            record["actions"] = _engine_actions(draw, s.record())
        elif what == "config" and record is not None:
            record["players"], record["options"] = _any_config(draw, gid)
        elif what == "drop" and obj:
            obj.pop(draw(st.sampled_from(sorted(obj))))
        elif what == "add":
            obj[draw(st.sampled_from(["extra", "sent", "__proto__", "x" * 50]))] = draw(json_values)
        else:
            obj["format"] = draw(st.sampled_from([0, 1, 2, 3, 99, "2", 2.0, None, True]))
    text = json.dumps(obj, ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["as_is", "as_is", "inject", "cut", "name"]))
    if how == "inject":          # a deep, wide or huge value under a key of its own
        text = text[:-1] + ', "junk": ' + draw(raw_json()) + "}"
    elif how == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif how == "name" and '"name": "' in text:
        text = text.replace('"name": "', '"name": "' + json.dumps(_huge_string(draw))[1:-1], 1)
    return text


@st.composite
def aside_text(draw, gid) -> str:
    """An entry of ``saves.set_aside`` holding a save of ``gid`` (its key, why, its text),
    maybe with a field of another type."""
    entry = {"key": saves.key_of(draw(st.sampled_from(["fz1", f"{gid}1", LINK_ID]))),
             "reason": draw(st.sampled_from(["not JSON", ""] + NASTY)),
             "code": draw(st.sampled_from(saves.ASIDE_CODES + ("nope",))),
             "text": draw(save_text(gid))}
    if draw(st.booleans()):
        entry[draw(st.sampled_from(sorted(entry)))] = draw(json_values)
    return json.dumps(entry, ensure_ascii=draw(st.booleans()))


@st.composite
def setup_text(draw, gid) -> str:
    """The new-game form's last setup for ``gid`` (seats and options): of a configuration the
    game takes or of any other, maybe with a seat, an option or the whole of another type."""
    players, options = draw(st.sampled_from(configs(gid)))
    if draw(st.booleans()):
        players, options = _any_config(draw, gid)
    obj = {"seats": draw(seat_kinds(players)), "options": dict(options)}
    for _ in range(draw(st.integers(0, 2))):
        what = draw(st.sampled_from(["seat", "option", "top", "add"]))
        seats, opts = obj["seats"], obj["options"]          # "top" may have put anything there
        if what == "seat" and isinstance(seats, list) and seats:
            seat = seats[draw(st.integers(0, len(seats) - 1))]
            if isinstance(seat, dict):
                seat[draw(st.sampled_from(["kind", "name", "level"]))] = draw(json_values)
        elif what == "option" and isinstance(opts, dict):
            names = [o.name for o in game.GAMES[gid].options] + ["x"]
            value = draw(st.one_of(json_values, st.sampled_from(
                [v for c in options.values() for v in (str(c), float(c) if type(c) is int else c, True)] or [1])))
            opts[draw(st.sampled_from(names))] = value
        elif what == "top":
            obj[draw(st.sampled_from(["seats", "options"]))] = draw(json_values)
        else:
            obj[draw(st.sampled_from(["x", "__proto__"]))] = draw(json_values)
    return json.dumps(obj, ensure_ascii=draw(st.booleans()))


@st.composite
def store_input(draw, gid=None):
    """``(game, (key, value))``: a key of ours written by another page of the origin: a save,
    a set-aside save, a game's last setup, the language. ``game`` is the game the value was
    built on (a setup: the game whose form opens on it; None: none, a hostile value of any
    shape); ``gid``: that game (else any)."""
    gid = gid or draw(a_gid())
    where = draw(st.sampled_from(["save", "save", "aside", "setup", "lang"]))
    hostile = st.one_of(raw_json(), st.text(max_size=40))
    if where == "setup":           # the form of gid opens on it, whatever it holds
        built = setup_text(draw(st.sampled_from([gid, gid, draw(a_gid())])))
        return gid, (saves.SETUP_PREFIX + gid, draw(st.one_of(built, built, hostile)))
    if where == "lang":
        return None, (saves.LANG_KEY, draw(st.one_of(st.sampled_from(["en", "fr", "de", ""] + NASTY), hostile)))
    if where == "save":
        key = saves.key_of(draw(st.sampled_from(["fz1", f"{gid}1", LINK_ID, "x.y"])))
        value = save_text(gid, sid=draw(st.sampled_from([key[len(saves.SAVE_PREFIX):], None])))
    else:
        key = saves.ASIDE_PREFIX + draw(st.sampled_from(["fz1", "old1"]))
        value = aside_text(gid)
    if draw(st.integers(0, 2)) == 0:
        return None, (key, draw(hostile))
    return gid, (key, draw(value))


def _encode_any(kind, record, seats, gid_):
    try:
        return links.encode(kind, record, seats, gid_)
    except ValueError:
        return None


def _play_on(draw, s, most: int) -> None:
    """Plays 1 to ``most`` random actions on ``s`` (fewer if it ends), from a drawn seed."""
    rng = random.Random(draw(st.integers(0, 999)))
    for _ in range(draw(st.integers(1, most))):
        if s.over:
            break
        seat = rng.choice(s.to_move)
        s.apply(seat, rng.choice(s.legal_actions(seat)))


@st.composite
def link_code(draw, kind, gid=None):
    """``(game, code)``: a valid link of a game of the catalogue, in any configuration, with any
    seats (a move link maybe built on the device's game by link: continued by either side,
    forked, or rewritten), then maybe damaged (``game`` None: a code built on no game)."""
    linked = link_save()
    if (kind == "move" and linked is not None and gid in (None, linked["record"]["game"])
            and draw(st.booleans())):
        record = linked["record"]
        gid = record["game"]
        how = draw(st.sampled_from(["continue", "prefix", "fork", "same"]))
        if how in ("prefix", "fork"):
            s = game.replay(dict(record, actions=record["actions"][:draw(st.integers(0, 3))]))
        else:
            s = game.replay(record)
        if how in ("continue", "fork"):
            _play_on(draw, s, 5 if how == "continue" else 4)
        gid_ = LINK_ID
    else:
        gid = gid or draw(a_gid())
        s = draw(a_game(gid))
        gid_ = draw(st.sampled_from([LINK_ID, f"{gid}1", "fz9", "", "a.b", "<x-evil>", "x" * 64]))
    seats = draw(seat_kinds(s.players))
    code = _encode_any(kind, s.record(), seats, gid_) or "AQ"
    how = draw(st.sampled_from(["as_is", "as_is", "as_is", "cut", "flip", "pad", "random", "huge", "other_kind"]))
    if how == "cut":
        code = code[:draw(st.integers(0, len(code)))]
    elif how == "flip" and code:
        i = draw(st.integers(0, len(code) - 1))
        code = code[:i] + draw(st.sampled_from("AZaz09-_/*%")) + code[i + 1:]
    elif how == "pad":
        code = code + draw(st.text(alphabet="ABCxyz019-_", max_size=20))
    elif how == "random":
        return None, base64.urlsafe_b64encode(draw(st.binary(max_size=200))).decode().rstrip("=")
    elif how == "huge":
        return None, "A" * draw(st.sampled_from([20_001, 400_000]))
    elif how == "other_kind":
        code = _encode_any("replay" if kind == "move" else "move", s.record(), seats, gid_) or code
    return gid, code


@st.composite
def import_input(draw, gid=None):
    """``(game, (text, filename))``: a file the player imports: a save of a game, or a
    "Download all" file (Files.backup_text, ui/parts/files.py) of that game's saves and the device's own, under keys
    of any kind."""
    gid = gid or draw(a_gid())
    if draw(st.integers(0, 2)):
        text = draw(save_text(gid))
    else:
        keys = {}
        device = base()
        for _ in range(draw(st.integers(0, 4))):
            key = draw(st.sampled_from([saves.key_of(f"{gid}1"), "renardiere.save.fz2", "renardiere.aside.x",
                                        saves.key_of(LINK_ID), "other"]))
            keys[key] = draw(st.one_of(save_text(gid), st.just(device.get(key, "")), json_values))
        obj = {"renardiere_backup": draw(st.sampled_from([1, 1, 2, "1"])), "keys": keys}
        if draw(st.booleans()):
            obj["keys"] = draw(json_values)
        text = json.dumps(obj, indent=1)
    return gid, (text, draw(st.sampled_from(["game.json", NASTY[0] + ".json", ""])))


@st.composite
def inputs_of(draw, kind: str, gid=None):
    """The inputs of one kind, ``(kind, game, payload)``, built on ``gid`` (else any game)."""
    built = {"store": lambda: store_input(gid), "import": lambda: import_input(gid),
             "replay": lambda: link_code("replay", gid), "move": lambda: link_code("move", gid)}[kind]()
    return (kind, *draw(built))


INPUT_KINDS = ("store", "import", "replay", "move")
inputs = st.one_of(*(inputs_of(kind) for kind in INPUT_KINDS))


# -- one input, and what must hold after it -------------------------------------------------------

class Broken(AssertionError):
    pass


def _ensure(cond, what):
    if not cond:
        raise Broken(what)


def _clean_setup(gid, text):
    """``(players, options)`` that a setup asks the form for, when the game takes them and every
    seat is of a known kind: the game the form's start must begin; else None."""
    try:
        obj = json.loads(text)
        seats, options = obj["seats"], obj["options"]
    except Exception:
        return None
    if type(seats) is not list or type(options) is not dict or not all(
            type(s) is dict and s.get("kind") in saves.KINDS for s in seats):
        return None
    takes = {json.dumps(c, sort_keys=True) for c in configs(gid)}      # 1 is not True, nor 1.0
    return (len(seats), options) if json.dumps([len(seats), options], sort_keys=True) in takes else None


def _start_from_setup(app, gid, text) -> bool:
    """Opens the new-game form of ``gid`` on the setup stored, and starts: the game it asks for
    when the game takes it, else a game of ``gid`` or a reason on the form. True if it started
    (the form then keeps the setup started, in place of the one stored)."""
    app.dom.go("#new/" + gid)
    _ensure(app.screen == "new", f"the new-game form did not open: {app.screen}")
    app.on_click("start", {})
    _ensure(app.screen in ("new", "play"), f"the start went to {app.screen}")
    ses = app.play.session if app.screen == "play" else None
    _ensure(ses is None or ses.game_id == gid, "the form started another game")
    wanted = _clean_setup(gid, text)
    if wanted is not None:
        _ensure(ses is not None and (ses.state.players, ses.state.options) == wanted,
                f"the form did not start {wanted}: {ses and (ses.state.players, ses.state.options)}")
    if ses is not None:
        kept = json.loads(app.store.get(saves.SETUP_PREFIX + gid))
        _ensure((len(kept["seats"]), kept["options"]) == (ses.state.players, ses.state.options),
                "the setup kept is not the one started")
    return ses is not None


def _download_aside(app, page, key, text) -> None:
    """Downloads a set-aside save, as the player would: the entry's save text, or the entry
    itself when it is not one, byte for byte; then imports that file back."""
    app.on_click("aside_download", {"key": key})
    _ensure(len(page.downloads) == 1, f"{len(page.downloads)} downloads of {key}")
    try:
        inner = json.loads(text)["text"]
    except Exception:
        inner = None
    _ensure(page.downloads[0][1] in (text, inner), f"the download of {key} is not what was set aside")
    app.import_text(*reversed(page.downloads[0]))


def run(item) -> dict:
    """Plays one input (``(kind, game, payload)``) on a fresh copy of the device; returns the
    figures; Broken if an invariant does not hold (any other exception escaping the app is a
    failure too)."""
    kind, gid, payload = item
    device = base()
    store = MemoryStore(device)
    target = None
    started = False     # a game started from the form, which keeps its own setup
    pages = []
    if kind == "store":
        target, value = payload
        store.set(target, value)
        app, page = boot(store)
        pages.append(page)
        if target.startswith(saves.SETUP_PREFIX):
            started = _start_from_setup(app, target[len(saves.SETUP_PREFIX):], value)
        elif target.startswith(saves.SAVE_PREFIX) and store.get(target) is not None:
            page.go("#play/" + target[len(saves.SAVE_PREFIX):])
        elif target.startswith(saves.ASIDE_PREFIX):
            _download_aside(app, page, target, value)
    else:
        app, page = boot(store)
        pages.append(page)
        if kind == "import":
            text, name = payload
            app.import_text(text, name)
        else:
            page.go(f"#{kind}/{payload}")
    _ensure(app.screen != "recovery", f"the start failed: {app.files.failure}")
    after = dict(store.data)
    # every key of ours that was there is unchanged, or (the one written) moved aside intact
    for k, v in device.items():
        if k == target:
            continue
        if kind == "move" and k == saves.key_of(LINK_ID) and after.get(k) != v:
            old, new = json.loads(v), json.loads(after[k])
            old, new, seats = old["record"]["actions"], new["record"]["actions"], old["seats"]
            _ensure(new[:len(old)] == old and len(new) > len(old), "a link rewrote the game by link")
            _ensure(all(seats[seat]["kind"] == "remote" for seat, _ in new[len(old):]),
                    "a link added moves of this device's side")
            continue
        _ensure(after.get(k) == v, f"{k} changed or vanished")
    if target is None or started:
        pass
    elif not target.startswith(saves.SAVE_PREFIX):
        _ensure(after.get(target) == payload[1], f"{target} changed or vanished")
    elif after.get(target) != payload[1]:
        moved = [json.loads(after[k]) for k in after if k.startswith(saves.ASIDE_PREFIX) and k not in device]
        _ensure(any(m.get("key") == target and m.get("text") == payload[1] for m in moved),
                f"{target} was neither kept nor moved aside intact")
    # and it starts again from what the input left, to the home page
    again, page2 = boot(store)
    pages.append(page2)
    _ensure(again.screen == "home", f"the next start went to {again.screen}")
    for p in pages:
        for html in p.renders:
            for bad in BROKEN_OUT:
                _ensure(bad not in html, f"{bad!r} reached the page")
            try:       # what the page is given must be text JavaScript can hold as UTF-8
                html.encode("utf-8")
            except UnicodeEncodeError as e:
                raise Broken(f"a lone surrogate reached the page: {e}") from None
    return {"kind": kind, "game": gid, "renders": sum(len(p.renders) for p in pages)}


def campaign(n: int, seed: int | None = None, derandomize: bool = False, out=sys.stdout) -> dict:
    """Runs ``n`` inputs; returns ``{"inputs", "failures", "seconds", "by_kind", "by_game"}``,
    ``by_game`` counting each game's inputs by kind (None: inputs built on no game); a failure
    raises, after hypothesis has shrunk it to a smallest input."""
    counts = {"inputs": 0, "by_kind": {}, "by_game": {}}

    @settings(max_examples=n, deadline=None, database=None, derandomize=derandomize,
              suppress_health_check=list(HealthCheck), print_blob=True)
    @given(item=inputs)
    def one(item):
        r = run(item)
        counts["inputs"] += 1
        counts["by_kind"][r["kind"]] = counts["by_kind"].get(r["kind"], 0) + 1
        per_kind = counts["by_game"].setdefault(r["game"], {})
        per_kind[r["kind"]] = per_kind.get(r["kind"], 0) + 1
        if out is not None and counts["inputs"] % 1000 == 0:
            print(f"  {counts['inputs']} inputs...", file=out, flush=True)

    if seed is not None:
        from hypothesis import seed as with_seed
        one = with_seed(seed)(one)
    t0 = time.time()
    one()
    counts["seconds"] = round(time.time() - t0, 1)
    counts["failures"] = 0
    return counts


def summary(r: dict) -> str:
    """The figures of a campaign: inputs by kind, then each game's, by kind."""
    def by_kind(d):
        return ", ".join(f"{k} {v}" for k, v in sorted(d.items()))
    lines = [f"fuzz_app: {r['inputs']} inputs ({by_kind(r['by_kind'])}), {r['failures']} failures, {r['seconds']} s"]
    for gid in sorted(r["by_game"], key=lambda g: (g is None, g or "")):
        d = r["by_game"][gid]
        lines.append(f"  {gid or '(no game)':<17} {sum(d.values()):>6}  ({by_kind(d)})")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10_000, help="inputs to try (default 10,000)")
    ap.add_argument("--seed", type=int, default=None, help="hypothesis's seed (default: random)")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    print(f"fuzz_app: {args.n} hostile inputs through the app, seed {seed}", flush=True)
    try:
        r = campaign(args.n, seed)
    except Exception as e:
        for sub in getattr(e, "exceptions", None) or [e]:   # hypothesis may find several
            for note in getattr(sub, "__notes__", []):
                print(note[:3000], flush=True)
            print(f"  -> {type(sub).__name__}: {sub}"[:3000], flush=True)
        print(f"fuzz_app: FAILED ({type(e).__name__}: {e}); reproduce with --seed {seed}", flush=True)
        return 1
    print(summary(r), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
