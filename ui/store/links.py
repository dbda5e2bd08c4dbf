"""Links that carry a whole game in their URL fragment (pure Python, standard library only).

Two kinds of link, for any game of :data:`game.GAMES`:

- ``#replay/<code>``: a finished game, to step through on any device;
- ``#move/<code>``: a game played by link (Fendo): each player moves, then sends the
  link to the other, who opens it, moves, and sends one back.

A code is the game's record (game, players, options, seed, actions), the seats (who
plays, their names) and, for a move link, the game's id (the same save id on both
devices), packed into bytes and written in base64url (``A-Z a-z 0-9 - _``, no padding).

How the actions stay short
--------------------------
Each action is written as its index in ``legal_actions(seat)`` (a sorted list) at that
point of the game, and the whole sequence as one mixed-radix number: with ``n_i``
legal actions at step ``i``, the number is ``sum(index_i * n_0 * ... * n_(i-1))``, so
a game takes ``log2(n_0 * n_1 * ...)`` bits, and a forced move (a lone ``pass``) none.
Reading a code therefore replays the game through the engine's contract
(``new_game``, ``to_move``, ``legal_actions``, ``apply``): a code that names an
action the rules refuse cannot be read.

The bytes, version 2::

    version      1 byte (2)
    kind, game   varint: kind index * 8 + the game's GameInfo.code (0 to 7)
    players      varint
    options      varint count, then each option's index in its choices (in
                 GameInfo.options order; options added later take their default)
    seed         varint (zigzag: negative seeds too)
    game id      string (varint length, UTF-8); empty in a replay
    seats        per seat: varint kind (+ level string for a bot), name string
    actions      varint count, then the mixed-radix number, big-endian, to the end
    checksum     4 bytes: CRC-32 of the canonical JSON of what was decoded

The checksum is taken over the decoded game, not over the bytes: a code that was
damaged, cut, or read by a version of the rules whose legal-action lists differ gives
another game, and is refused instead of replaying something else.  So a change of a game's
legal lists takes a new version, and the old one is read by the old rules:

1. written until 2026-11-27, by the rules of epoch 0 (``game.RULES``).
2. the same bytes, by the rules of epoch 1 (Onexeno's table after a take).

A link is replayed on a game of its epoch (``game.new_game_of``), and its record is then
renamed for today's rules (``game.upgrade``): the same game, move for move.

>>> import game
>>> s = game.new_game("fendo", seed=5)
>>> for a in ("d1-d4N", "c6", "d4E"):
...     s.apply(s.to_move[0], a)
>>> seats = [{"kind": "human", "name": "Ann", "level": None},
...          {"kind": "bot", "name": "", "level": "expert"}]
>>> code = encode("replay", s.record(), seats)
>>> code
'AgACAwAAAAoAAANBbm4BBmV4cGVydAADapShK8-pmw'
>>> link = decode(code)
>>> link.kind, link.record == s.record(), link.seats == seats
('replay', True, True)

A damaged code is refused, with the reason the player is told:

>>> for bad in (code[:-3], code.replace("Bbm4", "Bbm5"), "not a link!"):
...     try:
...         decode(bad)
...     except LinkError as e:
...         print(e.reason, "-", e)
damaged - the link is damaged (checksum)
damaged - the link has an unknown kind of seat
format - not a link: bad characters
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import NamedTuple

import game

from ui.store import reader

VERSION = 2
EPOCH = {1: 0, 2: 1}     # version -> the rules' epoch it was written in (game.RULES)
KINDS = ("replay", "move")
# Fixed forever: a game's place here is written in every link (never reorder, only append).
SEAT_KINDS = ("human", "bot", "remote")
MAX_NAME = 40
MAX_CODE = 20_000                 # characters: far above any real game, below a silly URL
_B64 = re.compile(r"^[A-Za-z0-9_-]*$")


class LinkError(ValueError):
    """A code that cannot be read; ``reason`` names why, for the player's message:
    ``"format"`` (not a link), ``"version"`` (made by a newer app), ``"damaged"``
    (cut or altered: checksum, truncated, or actions the rules refuse)."""

    def __init__(self, message: str, reason: str = "damaged"):
        super().__init__(message)
        self.reason = reason


class Link(NamedTuple):
    kind: str          # "replay" or "move"
    record: dict       # exactly as State.record() gives it
    seats: list        # [{"kind", "name", "level"}], as in a save
    game_id: str = ""  # the save id both devices use for a game played by link


# -- bytes ----------------------------------------------------------------------------

def _varint(n: int) -> bytes:
    """LEB128: 7 bits a byte, low first.

    >>> _varint(0), _varint(127), _varint(300)
    (b'\\x00', b'\\x7f', b'\\xac\\x02')
    """
    if n < 0:
        raise ValueError("varint of a negative number")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzigzag(z: int) -> int:
    return z // 2 if z % 2 == 0 else -(z + 1) // 2


def _text(s: str) -> bytes:
    b = s.encode("utf-8")
    return _varint(len(b)) + b


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise LinkError("the link is cut short", "damaged")
        self.pos += 1
        return self.data[self.pos - 1]

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 70:
                raise LinkError("a number in the link is too long", "damaged")

    def text(self, limit: int) -> str:
        size = self.varint()
        if size > limit * 4 or self.pos + size > len(self.data):
            raise LinkError("a name in the link is cut short", "damaged")
        raw = self.data[self.pos:self.pos + size]
        self.pos += size
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise LinkError("a name in the link is not text", "damaged") from None


def _canonical(kind: str, record: dict, seats: list, game_id: str, version: int) -> bytes:
    return json.dumps({"v": version, "kind": kind, "record": record, "seats": seats, "id": game_id},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _checksum(kind, record, seats, game_id, version=VERSION) -> bytes:
    return (binascii.crc32(_canonical(kind, record, seats, game_id, version))
            & 0xFFFFFFFF).to_bytes(4, "big")


# -- writing ----------------------------------------------------------------------------

def encode(kind: str, record: dict, seats: list, game_id: str = "") -> str:
    """The code of a game: ``record`` as ``State.record()`` gives it, ``seats`` as in a save.

    Raises ValueError if the record is not a legal game, or a seat is not one of
    :data:`SEAT_KINDS`.

    >>> import game
    >>> s = game.new_game("renard_des_bois", seed=2)
    >>> code = encode("replay", s.record(), [{"kind": "human", "name": "", "level": None}] * 2)
    >>> decode(code).record["seed"]
    2
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind of link {kind!r}")
    if record.get("setup") is not None:
        raise ValueError("a game played on from a position set up by hand has no link")
    gid = record["game"]
    info = game.GAMES[gid]
    state = game.new_game(gid, record["players"], record["seed"], **record["options"])
    start = state.record()                   # every option, with its default if left out
    if len(seats) != start["players"]:
        raise ValueError("one seat per player")
    out = bytearray([VERSION])
    if info.code is None or not 0 <= info.code < 8:
        raise ValueError(f"{gid} has no code for links")
    out += _varint(KINDS.index(kind) * 8 + info.code)
    out += _varint(start["players"])
    out += _varint(len(info.options))
    for o in info.options:
        out += _varint(o.choices.index(start["options"][o.name]))
    out += _varint(_zigzag(start["seed"]))
    out += _text(game_id)
    clean = []
    for s in seats:
        k = s.get("kind")
        if k not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {k!r}")
        name = (s.get("name") or "")[:MAX_NAME]
        level = s.get("level") if k == "bot" else None
        out += _varint(SEAT_KINDS.index(k))
        if k == "bot":
            out += _text(level or "")
        out += _text(name)
        clean.append({"kind": k, "name": name, "level": level})
    number, scale = 0, 1
    for seat, action in record["actions"]:
        movers = state.to_move
        legal = state.legal_actions(seat)
        if seat not in movers or action not in legal:
            raise ValueError(f"action {seat}, {action!r} is not legal there")
        if len(movers) > 1:                  # simultaneous choices: which seat acts
            number += movers.index(seat) * scale
            scale *= len(movers)
        number += legal.index(action) * scale
        scale *= len(legal)
        state.apply(seat, action)
    out += _varint(len(record["actions"]))
    out += number.to_bytes((number.bit_length() + 7) // 8, "big")
    out += _checksum(kind, state.record(), clean, game_id)
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


# -- reading ----------------------------------------------------------------------------

def decode(code: str) -> Link:
    """The game a code carries, replayed through the engine; LinkError if it cannot be."""
    if not isinstance(code, str) or not _B64.match(code):
        raise LinkError("not a link: bad characters", "format")
    if len(code) > MAX_CODE:
        raise LinkError("not a link: too long", "format")
    if len(code) % 4 == 1:
        raise LinkError("the link is cut short", "damaged")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("not a link: not base64url", "format") from None
    if len(data) < 5:
        raise LinkError("not a link: too short", "format")
    version = data[0]
    if version > VERSION:
        raise LinkError(f"a link of version {version}, newer than this app", "version")
    if version < 1:
        raise LinkError("not a link: unknown version", "format")
    body, check = data[:-4], data[-4:]
    r = _Reader(body)
    r.pos = 1
    kg = r.varint()
    kind_i, game_i = divmod(kg, 8)
    info = next((i for i in game.GAMES.values() if i.code == game_i), None)
    if kind_i >= len(KINDS) or info is None:
        raise LinkError("the link names no game this app knows", "damaged")
    kind, gid = KINDS[kind_i], info.id
    players = r.varint()
    n_opts = r.varint()
    if n_opts > len(info.options):
        raise LinkError("the link has options this app does not know", "version")
    options = {}
    for o in info.options[:n_opts]:
        i = r.varint()
        if i >= len(o.choices):
            raise LinkError("the link has an option value this app does not know", "damaged")
        options[o.name] = o.choices[i]
    seed = _unzigzag(r.varint())
    if not reader.is_int(seed, -reader.MAX_SEED, reader.MAX_SEED):    # as in a save: it becomes one
        raise LinkError("the link's seed is out of range", "damaged")
    game_id = r.text(64)
    if not (info.min_players <= players <= info.max_players):
        raise LinkError("the link has a wrong number of players", "damaged")
    seats = []
    for _ in range(players):
        k = r.varint()
        if k >= len(SEAT_KINDS):
            raise LinkError("the link has an unknown kind of seat", "damaged")
        level = r.text(40) if SEAT_KINDS[k] == "bot" else None
        name = r.text(MAX_NAME)
        seats.append({"kind": SEAT_KINDS[k], "name": name[:MAX_NAME], "level": level})
    count = r.varint()
    if count > reader.MAX_ACTIONS:
        raise LinkError("the link has more moves than a game", "damaged")
    number = int.from_bytes(body[r.pos:], "big")
    try:
        state = game.new_game_of(EPOCH[version], gid, players, seed, **options)
    except ValueError:
        raise LinkError("the link's game cannot be set up", "damaged") from None
    for _ in range(count):
        movers = state.to_move
        if not movers:
            raise LinkError("the link goes on after the end of the game", "damaged")
        seat = movers[0]
        if len(movers) > 1:
            number, i = divmod(number, len(movers))
            seat = movers[i]
        legal = state.legal_actions(seat)
        number, i = divmod(number, len(legal))
        state.apply(seat, legal[i])
    if number:
        raise LinkError("the link has more than its moves", "damaged")
    record = state.record()
    if _checksum(kind, record, seats, game_id, version) != check:
        raise LinkError("the link is damaged (checksum)", "damaged")
    return Link(kind, game.upgrade(record, EPOCH[version]), seats, game_id)


def read(code: str):
    """``(link, state)``: :func:`decode`, then the record checked once more by ``game.replay``.

    The one way a link from outside is read: whatever goes wrong, of any exception class,
    is a LinkError (a link is anyone's text; the engine's failure on it is the link's).
    """
    try:
        link = decode(code)
        state = game.replay(link.record)
    except LinkError:
        raise
    except ValueError as e:   # cannot happen for a decoded link: the same engine made it
        raise LinkError(f"the link's game does not replay: {e}"[:300], "damaged") from None
    except Exception as e:  # RecursionError, MemoryError, an engine bug...
        raise LinkError(f"the link cannot be read ({type(e).__name__})", "damaged") from None
    return link, state


def positions(record: dict) -> list:
    """Every state of a game, from the start (``[0]``) to the end (``[len(actions)]``)."""
    state = game.new_game(record["game"], record["players"], record["seed"], **record["options"])
    out = [state.clone()]
    for seat, action in record["actions"]:
        state.apply(seat, action)
        out.append(state.clone())
    return out


def fragment(kind: str, code: str) -> str:
    """``"#replay/<code>"`` or ``"#move/<code>"``: what goes after the page's address."""
    return f"#{kind}/{code}"
