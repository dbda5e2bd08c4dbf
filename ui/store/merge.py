"""What a friend's move link may change on this device (pure Python).

A game played by link (``ui/store/links.py``) lives on two devices; each link carries the whole
game.  A link is someone else's word, so :func:`merge` decides, from the game this device
keeps and the link alone, what the link may do:

- a link must leave exactly one side to play here: one ``"remote"`` seat in the link (us,
  seen from the sender) and every other seat ``"human"`` (the sender);
- it may add moves only for the seats that are remote on this device, and only on top of
  exactly the history this device has;
- or on top of a history this device *sent and then took back* (``save["sent"]``, kept by
  ``Session.undo``): the friend answered the move they were sent, and that move stands;
  what replaces it may only be this device's own moves made since;
- anything else changes nothing here, and the player is told why.

>>> import game
>>> from ui.store import links
>>> s = game.new_game("fendo", seed=5)
>>> s.apply(0, "d1-d4N")
>>> sent = [{"kind": "human", "name": "Ann", "level": None}, {"kind": "remote", "name": "Bob", "level": None}]
>>> d = merge(None, links.Link("move", s.record(), sent, "g1"))
>>> d.kind, d.take, [x["kind"] for x in d.seats], d.me
('new', True, ['remote', 'human'], 1)
>>> here = {"record": s.record(), "seats": d.seats}
>>> s.apply(1, "d7-d5W")
>>> merge(here, links.Link("move", s.record(), [dict(x, kind="human") if x["kind"] == "remote"
...       else dict(x, kind="remote") for x in d.seats], "g1")).kind
'not_theirs'
"""

from __future__ import annotations

from typing import NamedTuple

TAKES = ("new", "continue", "replaced")     # the kinds that store the link's game here


class Decision(NamedTuple):
    """``kind``, and what goes with it:

    ``new`` (no game under that id here: ``seats`` are the link's turned round, ``me`` our
    seat), ``continue`` / ``replaced`` (``new_moves``: the friend's moves the link adds),
    ``same``, ``older`` (``n`` moves in the link, ``m`` here), ``diverged`` (they differ
    from move ``n`` on), and the refusals: ``sides`` (not exactly one side left here),
    ``not_by_link`` (the game here is not played by link), ``other_game`` (another seed,
    options...), ``wrong_side`` (a link made for the other device: this device's own),
    ``not_theirs`` (it carries moves of this device's side).
    """

    kind: str
    take: bool = False
    seats: list | None = None
    me: int | None = None
    new_moves: list | None = None
    n: int = 0
    m: int = 0


def turned(link_seats: list) -> list | None:
    """The link's seats as this device sees them (the sender's ``human`` seat is ``remote``
    here, the link's ``remote`` seat is ours), or None if that leaves not exactly one side.

    >>> [s["kind"] for s in turned([{"kind": "human", "name": "A"}, {"kind": "remote", "name": "B"}])]
    ['remote', 'human']
    >>> turned([{"kind": "remote"}, {"kind": "remote"}]), turned([{"kind": "human"}, {"kind": "bot"}])
    (None, None)
    """
    kinds = [s.get("kind") for s in link_seats]
    if kinds.count("remote") != 1 or kinds.count("human") != len(kinds) - 1:
        return None
    return [{"kind": "human" if s["kind"] == "remote" else "remote", "name": s.get("name") or "", "level": None}
            for s in link_seats]


def common(a, b) -> int:
    """How many first items ``a`` and ``b`` share: where two histories of a game part."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def merge(local, link) -> Decision:
    """The decision for ``link`` (a :class:`ui.store.links.Link` of kind ``"move"``, already read and
    replayed) against ``local``: the save this device keeps under the link's id (a dict with
    ``record``, ``seats`` and maybe ``sent``), or None when it keeps none."""
    here = turned(link.seats)
    if here is None:
        return Decision("sides")
    if local is None:
        me = next(i for i, s in enumerate(here) if s["kind"] == "human")
        return Decision("new", take=True, seats=here, me=me)
    mine, theirs = local["record"], link.record
    seats = local["seats"]
    remote = {i for i, s in enumerate(seats) if s["kind"] == "remote"}
    if not remote:
        return Decision("not_by_link")
    if any(mine[k] != theirs[k] for k in ("game", "players", "seed", "options")):
        return Decision("other_game")
    la, ra = mine["actions"], theirs["actions"]
    if ra == la:
        return Decision("same")
    if la[:len(ra)] == ra:
        return Decision("older", n=len(ra), m=len(la))
    if [s["kind"] for s in seats] != [s["kind"] for s in here]:
        return Decision("wrong_side")
    n = common(la, ra)
    only_mine_since = all(seat not in remote for seat, _ in la[n:])
    for base in [la] + [h for h in reversed(local.get("sent") or []) if h != la]:
        if ra[:len(base)] != base or len(ra) <= len(base):
            continue
        added = ra[len(base):]
        if not all(seat in remote for seat, _ in added):
            return Decision("not_theirs")
        if base is la:
            return Decision("continue", take=True, new_moves=added)
        if only_mine_since:
            return Decision("replaced", take=True, new_moves=added)
    return Decision("diverged", n=n + 1)
