"""The hostile-input fuzz campaign of issue 21: saves, imports and both kinds of link, through
the whole app (ui.app.App on CPython, with a fake page), driven by hypothesis.

    python3 tools/fuzz_app.py [-n 10000] [--seed S]      (part of `make soak`)

Each input is one of:

- ``store``: a value written under a key of ours (a save, a set-aside save, the new-game
  form's setup, the language) by "another page of the origin", then a start of the app;
- ``import``: a file the player imports (a game, or the file of "Download all");
- ``replay`` / ``move``: a link opened on the device.

The values are built with the structure of what they imitate: valid saves and links of every
game with seats of every kind (human, bot, remote, in any combination), then mutated: fields of
random JSON types, keys dropped or added, actions illegal, out of order, of the wrong seat,
text nested up to 20,000 deep or 100,000 wide, strings of 400,000 characters, names made to
break out of markup, codes cut, flipped and padded; a move link may continue, fork or rewrite
the device's game played by link.

After every input (:func:`check`):

- the app started (no exception, never the recovery screen), and starts again from the store
  as the input left it, to the home page;
- every key of ours that was there before is still there byte for byte, or (the key written,
  when it is unreadable) moved aside with its text unchanged; nothing is deleted; the game
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

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import bots  # noqa: E402
import game  # noqa: E402
from ui import links, saves  # noqa: E402
from ui.app import App  # noqa: E402
from ui.saves import MemoryStore  # noqa: E402

PLAYABLE = ("fendo", "renard_des_bois", "fennecs")
KINDS = ("human", "bot", "remote")
LINK_ID = "link1"       # the device's game played by link
NASTY = ['<x-evil onerror=alert(1)>', '" onmouseover="alert(1)', "</code><script>alert(1)</script>",
         "\u202eevil\u202c", "&lt;x-evil&gt;", "{n}", "\x00", "Zoé 🦊", "'; --", "\ud800"]
BROKEN_OUT = ("<x-evil", "<script", 'onmouseover="')    # an attribute needs a bare quote to break out


# -- the device before the input ----------------------------------------------------------

def _play(gid, players, seed, stop, **options):
    rng = random.Random(seed)
    s = game.new_game(gid, players, seed=seed, **options)
    while not s.over and len(s.actions) < stop:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _seat(kind, name=""):
    return {"kind": kind, "name": name, "level": "novice" if kind == "bot" else None}


def base_store() -> dict:
    """A device with a game of each kind: against a bot, hot-seat, three players, by link,
    finished; a save set aside; the form's last setup; the language; another app's key."""
    store = MemoryStore()
    games = [
        ("bot1", _play("fendo", 2, 1, 6), [_seat("human", "Ann"), _seat("bot")]),
        ("hot1", _play("renard_des_bois", 2, 2, 9), [_seat("human", "Ann"), _seat("human", "Bob")]),
        ("three1", _play("fennecs", 3, 3, 12), [_seat("bot"), _seat("human", "Ann"), _seat("bot")]),
        (LINK_ID, _play("fendo", 2, 4, 4), [_seat("human", "Ann"), _seat("remote", "Bob")]),
        ("done1", _play("renard_des_bois", 2, 5, 10_000), [_seat("human"), _seat("bot")]),
    ]
    for sid, s, seats in games:
        saves.write(store, saves.make(sid, s.record(), seats, 1_764_000_000))
    saves.set_aside(store, "renardiere.save.old1", "{not json", "not JSON", "damaged")
    store.set("renardiere.setup.fendo", json.dumps({"seats": [_seat("human"), _seat("bot")], "options": {"size": 7}}))
    store.set("other.app", "not ours")
    return dict(store.data)


BASE = base_store()
LINK_SAVE = json.loads(BASE[saves.key_of(LINK_ID)])


# -- the fake page --------------------------------------------------------------------------

class Page:
    """The page as the app sees it (ui/dom.py's interface), keeping every render."""

    def __init__(self):
        self.html = ""
        self.renders = []
        self.hash = ""
        self.app = None
        self.tasks = []
        self.downloads = []

    def render(self, html):
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
def a_game(draw, gids=PLAYABLE):
    gid = draw(st.sampled_from(gids))
    info = game.GAMES[gid]
    players = draw(st.integers(info.min_players, info.max_players))
    options = {o.name: draw(st.sampled_from(o.choices)) for o in info.options}
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


@st.composite
def save_text(draw, sid=None):
    """The text of a save: valid, then maybe mutated in its structure, then maybe in its text."""
    s = draw(a_game())
    seats = draw(seat_kinds(s.players))
    obj = saves.make(sid or draw(st.sampled_from(["fz1", "bot1", LINK_ID, "x" * 65, "a.b"])), s.record(), seats,
                     1_764_000_000)
    obj["rev"] = draw(st.integers(0, 3))
    for _ in range(draw(st.integers(0, 3))):
        what = draw(st.sampled_from(["top", "record", "seat", "actions", "drop", "add", "format"]))
        if what == "top":
            obj[draw(st.sampled_from(sorted(obj)))] = draw(json_values)
        elif what == "record" and isinstance(obj.get("record"), dict):
            obj["record"][draw(st.sampled_from(["game", "players", "seed", "options", "actions"]))] = draw(json_values)
        elif what == "seat" and isinstance(obj.get("seats"), list) and obj["seats"]:
            seat = obj["seats"][draw(st.integers(0, len(obj["seats"]) - 1))]
            if isinstance(seat, dict):
                seat[draw(st.sampled_from(["kind", "name", "level"]))] = draw(json_values)
        elif what == "actions" and isinstance(obj.get("record"), dict) and isinstance(obj["record"].get("actions"), list):
            obj["record"]["actions"] = _mutate_actions(draw, obj["record"]["actions"], s.players)
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
def store_input(draw):
    key = draw(st.sampled_from(["renardiere.save.fz1", "renardiere.save.bot1", "renardiere.save." + LINK_ID,
                                "renardiere.save.x.y", "renardiere.aside.fz1", "renardiere.aside.old1",
                                "renardiere.setup.fendo", "renardiere.setup.fennecs", "renardiere.lang"]))
    if key.startswith("renardiere.save.") and draw(st.booleans()):
        sid = key[len("renardiere.save."):]
        value = draw(save_text(sid=sid))
    else:
        value = draw(st.one_of(raw_json(), save_text(), st.text(max_size=40)))
    return key, value


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
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))


@st.composite
def link_code(draw, kind):
    """A code: a valid link of any game and seats (a move link maybe built on the device's game
    by link: continued by either side, forked, or rewritten), then maybe damaged."""
    if kind == "move" and draw(st.booleans()):
        s = game.replay(LINK_SAVE["record"])
        how = draw(st.sampled_from(["continue", "prefix", "fork", "same"]))
        if how == "prefix":
            s = game.replay(dict(LINK_SAVE["record"], actions=LINK_SAVE["record"]["actions"][:draw(st.integers(0, 3))]))
        elif how == "fork":
            s = game.replay(dict(LINK_SAVE["record"], actions=LINK_SAVE["record"]["actions"][:draw(st.integers(0, 3))]))
            _play_on(draw, s, 4)
        if how == "continue":
            _play_on(draw, s, 5)
        gid_ = LINK_ID
    else:
        s = draw(a_game(("fendo",) if kind == "move" and draw(st.booleans()) else PLAYABLE))
        gid_ = draw(st.sampled_from([LINK_ID, "bot1", "fz9", "", "a.b", "<x-evil>", "x" * 64]))
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
        code = base64.urlsafe_b64encode(draw(st.binary(max_size=200))).decode().rstrip("=")
    elif how == "huge":
        code = "A" * draw(st.sampled_from([20_001, 400_000]))
    elif how == "other_kind":
        code = _encode_any("replay" if kind == "move" else "move", s.record(), seats, gid_) or code
    return code


@st.composite
def backup_text(draw) -> str:
    """A "Download all" file (App.backup_text): saves of any kind under keys of any kind."""
    keys = {}
    for _ in range(draw(st.integers(0, 4))):
        key = draw(st.sampled_from(["renardiere.save.bot1", "renardiere.save.fz2", "renardiere.aside.x",
                                    "renardiere.save." + LINK_ID, "other"]))
        keys[key] = draw(st.one_of(save_text(), st.just(BASE.get(key, "")), json_values))
    obj = {"renardiere_backup": draw(st.sampled_from([1, 1, 2, "1"])), "keys": keys}
    if draw(st.booleans()):
        obj["keys"] = draw(json_values)
    return json.dumps(obj, indent=1)


inputs = st.one_of(
    st.tuples(st.just("store"), store_input()),
    st.tuples(st.just("import"), st.tuples(st.one_of(save_text(), save_text(), backup_text()),
                                           st.sampled_from(["game.json", NASTY[0] + ".json", ""]))),
    st.tuples(st.just("replay"), link_code("replay")),
    st.tuples(st.just("move"), link_code("move")),
)


# -- one input, and what must hold after it -------------------------------------------------------

class Broken(AssertionError):
    pass


def _ensure(cond, what):
    if not cond:
        raise Broken(what)


def run(item) -> dict:
    """Plays one input on a fresh copy of the device; returns the figures; Broken if an
    invariant does not hold (any other exception escaping the app is a failure too)."""
    kind, payload = item
    store = MemoryStore(BASE)
    target = None
    pages = []
    if kind == "store":
        target, value = payload
        store.set(target, value)
        app, page = boot(store)
        pages.append(page)
        if target.startswith("renardiere.setup."):
            page.go("#new/" + target.rsplit(".", 1)[1])
            _ensure(app.screen == "new", f"the new-game form did not open: {app.screen}")
        elif target.startswith(saves.SAVE_PREFIX) and store.get(target) is not None:
            page.go("#play/" + target[len(saves.SAVE_PREFIX):])
    else:
        app, page = boot(store)
        pages.append(page)
        if kind == "import":
            text, name = payload
            app.import_text(text, name)
        else:
            page.go(f"#{kind}/{payload}")
    _ensure(app.screen != "recovery", f"the start failed: {getattr(app, 'failure', '')}")
    after = dict(store.data)
    # every key of ours that was there is unchanged, or (the one written) moved aside intact
    for k, v in BASE.items():
        if k == target:
            continue
        if kind == "move" and k == saves.key_of(LINK_ID) and after.get(k) != v:
            old, new = json.loads(v)["record"]["actions"], json.loads(after[k])["record"]["actions"]
            _ensure(new[:len(old)] == old and len(new) > len(old), "a link rewrote the game by link")
            _ensure(all(seat == 1 for seat, _ in new[len(old):]), "a link added moves of this device's side")
            continue
        _ensure(after.get(k) == v, f"{k} changed or vanished")
    if target is not None and not target.startswith(saves.SAVE_PREFIX):
        _ensure(after.get(target) == payload[1], f"{target} changed or vanished")
    elif target is not None and after.get(target) != payload[1]:
        moved = [json.loads(after[k]) for k in after if k.startswith(saves.ASIDE_PREFIX) and k not in BASE]
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
    return {"kind": kind, "renders": sum(len(p.renders) for p in pages)}


def campaign(n: int, seed: int | None = None, derandomize: bool = False, out=sys.stdout) -> dict:
    """Runs ``n`` inputs; returns ``{"inputs", "failures", "seconds", "by_kind"}`` (a failure
    raises, after hypothesis has shrunk it to a smallest input)."""
    counts = {"inputs": 0, "by_kind": {}}

    @settings(max_examples=n, deadline=None, database=None, derandomize=derandomize,
              suppress_health_check=list(HealthCheck), print_blob=True)
    @given(item=inputs)
    def one(item):
        r = run(item)
        counts["inputs"] += 1
        counts["by_kind"][r["kind"]] = counts["by_kind"].get(r["kind"], 0) + 1
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10_000, help="inputs to try (default 10,000)")
    ap.add_argument("--seed", type=int, default=None, help="hypothesis's seed (default: random)")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    print(f"fuzz_app: {args.n} hostile inputs through the app, seed {seed}", flush=True)
    try:
        r = campaign(args.n, seed)
    except Exception as e:  # noqa: BLE001 -- hypothesis printed the smallest failing input
        for sub in getattr(e, "exceptions", None) or [e]:   # hypothesis may find several
            for note in getattr(sub, "__notes__", []):
                print(note[:3000], flush=True)
            print(f"  -> {type(sub).__name__}: {sub}"[:3000], flush=True)
        print(f"fuzz_app: FAILED ({type(e).__name__}: {e}); reproduce with --seed {seed}", flush=True)
        return 1
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(r["by_kind"].items()))
    print(f"fuzz_app: {r['inputs']} inputs ({kinds}), 0 failures, {r['seconds']} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
