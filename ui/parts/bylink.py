"""Games by link: a friend's move received, ours offered to send (pure Python).

``#move/<code>`` carries the whole game (:mod:`ui.store.links`); what it may change here is
decided by :func:`ui.store.merge.merge`.  The link last offered to share (a move's, or a
replay's) and what became of it are kept here, for the box that shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

import bots

from ui.store import links, merge, saves
from ui.kit import registry
from ui.parts import pages
from ui.store.session import Session

@dataclass
class Shared:
    """The link last offered to share, and what became of it ("shared", "copied", "shown")."""

    url: str
    result: str | None = None


class ByLink:
    def __init__(self, host):
        self.host = host
        self.shared: Shared | None = None  # the link last offered, and what became of it
        self._move_links = {}       # (save id, actions) -> the code of a game by link at that point

    def forget(self) -> None:
        """A new screen: the link offered on the last one is gone."""
        self.shared = None

    def result(self, url: str) -> str | None:
        return self.shared.result if self.shared and self.shared.url == url else None

    # -- sending --------------------------------------------------------------------------

    def _move_code(self, ses: Session) -> str:
        key = (ses.id, tuple(tuple(a) for a in ses.state.actions))   # undo may change a past ply
        if key not in self._move_links:
            self._move_links = {key: links.encode("move", ses.state.record(), ses.seats, ses.id)}
        return self._move_links[key]

    def move_url(self, ses: Session) -> str:
        return self.host.base_url + links.fragment("move", self._move_code(ses))

    def box(self, ses: Session, names: list) -> str:
        """What a game by link shows on this device: our side, and the link to send when
        it is the friend's turn ("" for a game without a remote seat)."""
        remotes = ses.remotes
        if not remotes or len(ses.humans) != 1:
            return ""
        waiting = ses.link_on_offer()
        if ses.state.over and not waiting:
            return ""
        url = self.move_url(ses) if waiting else ""
        return pages.link_box(self.host.tr, ses.game_id, seat=ses.humans[0], friend=names[remotes[0]],
                                waiting=waiting, url=url, result=self.result(url), over=ses.state.over)

    def offer(self, url: str, game_id: str, text_key: str) -> None:
        """Offers ``url`` (the system's share sheet, else the clipboard, else shown)."""
        tr, title = self.host.tr, registry.title(game_id)
        self.shared = Shared(url)
        self.host.share(url, tr("share.title", game=title), tr(text_key, game=title),
                    lambda result: self._done(url, result))

    def _done(self, url: str, result: str) -> None:
        if self.shared is not None and self.shared.url == url:
            self.shared.result = result if result in ("shared", "copied") else "shown"
            self.host.changed()

    # -- receiving --------------------------------------------------------------------------

    def receive(self, code: str) -> None:
        """``#move/<code>``: a friend's link to a game by link.  What it may change here is
        decided by :func:`ui.store.merge.merge` (a new game, with the seats turned round; moves of
        the friend's side on top of exactly the game here; ...); whatever it is, the player
        is told, and Back does not come back to the link (the address is replaced)."""
        host = self.host
        try:
            link, state = links.read(code)
            if (link.kind != "move" or not saves.linkable(link.record["game"])
                    or not saves.valid_id(link.game_id)
                    or not any(s["kind"] == "remote" for s in link.seats)):
                raise links.LinkError("not a link to a game by link", "format")
        except links.LinkError as e:
            self._refuse(("link.bad." + e.reason, {}, "error"))
            return
        sid = link.game_id
        if host.store.get(saves.key_of(sid)) is None:
            save = local = None
        else:
            try:
                save, local = saves.load(host.store, sid, host.level_ids, bots.DEFAULT_LEVEL)
            except saves.SaveError:     # there, but unreadable or newer: never written over
                self._refuse(("link.unreadable", {}, "error"))
                return
        d = merge.merge(save, link)
        if d.kind == "sides":
            self._refuse(("link.sides", {}, "error"))
            return
        names = host.names(link.record["game"], [dict(s, kind="human") for s in link.seats])
        if d.kind == "new":
            save = saves.make(sid, link.record, d.seats, host.now())
            friend = names[next(i for i, s in enumerate(d.seats) if s["kind"] == "remote")]
            host.tell(("link.joined", {"friend": friend, "side": host.tr(f"{link.record['game']}.side{d.me}")}, "info"),
                      carry=True)
            host.open_game(Session(save, state), write=True)
        else:
            friend = names[next(i for i, st in enumerate(save["seats"]) if st["kind"] == "remote")] \
                if any(st["kind"] == "remote" for st in save["seats"]) else ""
            host.tell({
                "continue": ("link.updated", {"friend": names[d.new_moves[0][0]], "action": d.new_moves[0][1]}, "info")
                if d.new_moves and len(d.new_moves) == 1 else ("link.updated_many", {"n": len(d.new_moves or ())}, "info"),
                "replaced": ("link.replaced", {"friend": friend}, "info"),
                "same": ("link.up_to_date", {}, "info"),
                "older": ("link.older", {"n": d.n, "m": d.m}, "error"),
                "diverged": ("link.diverged", {"n": d.n}, "error"),
                "not_by_link": ("link.other_game", {}, "error"),
                "other_game": ("link.other_game", {}, "error"),
                "wrong_side": ("link.wrong_side", {}, "error"),
                "not_theirs": ("link.not_theirs", {}, "error"),
            }[d.kind], carry=True)
            if d.take:
                save["record"] = link.record
                save["updated"] = saves.iso(host.now())
                local = state
            host.open_game(Session(save, local), write=d.take)
        host.replace("#play/" + sid)

    def _refuse(self, notice) -> None:
        """A move link that opens nothing: the home page says why, and the link leaves the
        address (a reload would only refuse it again)."""
        self.host.tell(notice, carry=True)
        self.host.replace("#")
