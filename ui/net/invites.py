"""The two links that pair a guest's device with the host's (pure Python).

A seat played on another device is joined with no server: the host shows a **join** link
(as a QR code too) that carries its WebRTC offer, ``#join/<game>.<save>.<seat>.<token>.<offer>``;
the guest's page answers with an **answer** link, ``#answer/<save>.<seat>.<answer>``, that the
host's camera reads or that is opened on the host's device.  ``offer`` and ``answer`` are
:mod:`ui.net.pairing` codes.  ``token`` proves the seat (:mod:`ui.net.hosting`): a first invitation
carries it, a guest keeps it; an invitation to pair again after a reload carries none, and the
guest shows the one it kept.

>>> j = JoinLink("renard_des_bois", "18c0ffee", 1, "tok_en-1", "AbC")
>>> JoinLink.parse(j.text()) == j
True
>>> JoinLink.parse("fendo.x.9.t.c")
Traceback (most recent call last):
...
ValueError: join link: seat 9 out of range
>>> AnswerLink.parse(AnswerLink("18c0ffee", 1, "XyZ", tag("AbC")).text())
AnswerLink(save='18c0ffee', seat=1, code='XyZ', offer='f9c2a219a017044b')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PART = re.compile(r"[A-Za-z0-9_-]*\Z")
MAX_LINK = 2000        # characters of a link's argument: a pairing code is a few hundred
MAX_SEATS = 8


def _parts(text, n: int, what: str) -> list:
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise ValueError(f"{what}: not a link of this site")
    parts = text.split(".")
    if len(parts) != n or not all(_PART.match(p) for p in parts):
        raise ValueError(f"{what}: not a link of this site")
    return parts


def _seat(text: str, what: str) -> int:
    if not text.isdigit() or len(text) > 1 or int(text) >= MAX_SEATS:
        raise ValueError(f"{what}: seat {text} out of range")
    return int(text)


@dataclass(frozen=True)
class JoinLink:
    """The host's invitation to play ``seat`` of the game saved as ``save`` on the host."""

    game: str
    save: str
    seat: int
    token: str      # "" when pairing again: the guest shows the token it kept
    offer: str

    def text(self) -> str:
        return f"{self.game}.{self.save}.{self.seat}.{self.token}.{self.offer}"

    @classmethod
    def parse(cls, text) -> JoinLink:
        game, save, seat, token, offer = _parts(text, 5, "join link")
        return cls(game, save, _seat(seat, "join link"), token, offer)


def tag(offer: str) -> str:
    """A short name of an offer, carried by its answer: the host tells an answer to a spent
    invitation (a reloaded guest's, a stale link) from one to the invitation on show."""
    h = 0xcbf29ce484222325          # FNV-1a, 64 bits: a name, not a secret (DTLS ties the channel)
    for b in offer.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


@dataclass(frozen=True)
class AnswerLink:
    """The guest's answer to the invitation for ``seat`` of ``save``; ``offer`` the :func:`tag`
    of the offer it answers ("" from an older guest)."""

    save: str
    seat: int
    code: str
    offer: str = ""

    def text(self) -> str:
        return f"{self.save}.{self.seat}.{self.code}" + (f".{self.offer}" if self.offer else "")

    @classmethod
    def parse(cls, text) -> AnswerLink:
        try:
            save, seat, code, offer = _parts(text, 4, "answer link")
        except ValueError:
            (save, seat, code), offer = _parts(text, 3, "answer link"), ""
        return cls(save, _seat(seat, "answer link"), code, offer)
