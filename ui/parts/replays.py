"""Replays: a finished game read from its link, stepped through (pure Python).

``#replay/<code>`` carries the whole game (:mod:`ui.store.links`); it opens at its end, and a
finished game hides nothing any more: a card game's replay may show any hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import game

from ui.store import links, saves
from ui.kit import readout, registry
from ui.parts import pages
from ui.kit.html import esc
from ui.kit.screen import Context

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "end"}
LAST_READ = 5       # the moves L reads, up to the one shown


@dataclass
class Replay:
    """The replay on screen: its link's code and contents, every position, the step shown,
    and whose hand is shown (None: a game that hides nothing)."""

    code: str
    link: links.Link
    states: list
    step: int = 0
    seat: int | None = None
    keys_open: bool = False     # the help dialog of the keys that read the table (?)


class Replays:
    def __init__(self, host):
        self.host = host
        self.rp: Replay | None = None      # the replay on screen

    def open(self, code: str) -> None:
        """``#replay/<code>``: a finished game, read from its link, shown at its end."""
        host = self.host
        if self.rp is None or self.rp.code != code:
            try:
                link, state = links.read(code)
                if link.kind != "replay" or link.record["game"] not in registry.SCREENS:
                    raise links.LinkError("not a replay link", "format")
                if not state.over:
                    raise links.LinkError("a replay of a game that is not over", "unfinished")
            except links.LinkError as e:
                host.tell(("link.bad." + getattr(e, "reason", "damaged"), {}, "error"))
                self.rp = None
                host.load_all()
                host.show("home")
                return
            hidden = registry.screen(link.record["game"]).hidden
            states = links.positions(link.record)
            self.rp = Replay(code, link, states, step=len(states) - 1, seat=0 if hidden else None)
        host.show("replay", code)

    def url(self) -> str:
        return self.host.base_url + links.fragment("replay", self.rp.code)

    def page(self) -> tuple[str, str]:
        """The title and the ``<main>`` of the replay on screen."""
        host, rp = self.host, self.rp
        gid = rp.link.record["game"]
        total = len(rp.states) - 1
        state = rp.states[rp.step]
        names = host.names(gid, rp.link.seats)
        scr = registry.screen(gid)
        inline = scr.inline_words(host.lang)
        ctx = Context(tr=host.tr, lang=host.lang, names=tuple(names), seats=tuple(rp.link.seats),
                      level_names=host.level_names(), end_hidden=True, replay=True, inline=inline)
        view = state.view(rp.seat)
        body = scr.render(view, scr.new_selection(), ctx)
        said = self.said(rp.step)
        url = self.url()
        top, bottom = pages.replay_bar(
            host.tr, gid=gid, step=rp.step, total=total, said=inline(esc(said)),
            names=names, hand_seat=rp.seat, url=url, share_result=host.shared(url))
        title = f"{host.tr('replay.title')} · {game.GAMES[gid].title} · {host.tr('app.name')}"
        keys = readout.help_dialog(host.tr) if rp.keys_open else ""
        return title, top + body + bottom + keys

    def said(self, step: int) -> str:
        """Move ``step`` in words, as the log said it ("" at the start): a finished game hides
        nothing, so from the hand shown's view."""
        rp = self.rp
        if not step:
            return ""
        state, gid = rp.states[step], rp.link.record["game"]
        seat, action = state.actions[-1]
        names = list(self.host.names(gid, rp.link.seats))
        return registry.screen(gid).announce(self.host.tr, rp.states[step - 1].view(rp.seat),
                                             state.view(rp.seat), names, seat, action)

    # -- reading the replay out (ui.kit.readout): the keys of a table, on the move shown -------

    def read(self, what: str) -> bool:
        host, rp = self.host, self.rp
        if what == "help":
            rp.keys_open = not rp.keys_open
            host.changed()
            return True
        words = self.read_words(what)
        host.announce(" ".join(words) if words else host.tr("read.nothing"))
        return True

    def read_words(self, what: str) -> list:
        """What a key reads (``what``: ``readout.KEYS``) at the move shown: T where the replay
        stands and that move, L the moves that led to it, V and R the game's own words for the
        position and the scores."""
        host, rp = self.host, self.rp
        tr, gid = host.tr, rp.link.record["game"]
        scr, view = registry.screen(gid), rp.states[rp.step].view(rp.seat)
        names = list(host.names(gid, rp.link.seats))
        total = len(rp.states) - 1
        if what == "turn":
            where = tr("replay.step", n=rp.step, total=total) if rp.step else tr("replay.start")
            return [w for w in (where + ".", self.said(rp.step), tr("replay.keys")) if w]
        if what == "last":
            moves = [tr("replay.step", n=n, total=total) + ": " + self.said(n)
                     for n in range(max(1, rp.step - LAST_READ + 1), rp.step + 1)]
            return moves or [tr("read.last_none")]
        if what == "scores":
            return scr.read_scores(tr, view, names, rp.seat)
        if what == "position":
            return scr.read_out(tr, view, names, rp.seat)
        return []

    def act_keys_close(self, data) -> None:
        if self.rp is not None:
            self.rp.keys_open = False
            self.host.changed()

    def step(self, to: str) -> bool:
        rp = self.rp
        if self.host.screen != "replay" or rp is None:
            return False
        total = len(rp.states) - 1
        step = {"first": 0, "prev": rp.step - 1, "next": rp.step + 1, "end": total}.get(to)
        if step is None:
            return False
        rp.step = max(0, min(total, step))
        self.host.changed()
        return True

    def takes_key(self, key: str) -> bool:
        return self.host.screen == "replay" and self.rp is not None and (key in KEYS or readout.asked(key) is not None)

    def on_key(self, key: str) -> bool:
        """The arrows, Home and End step; the keys of a table read it out; Escape closes their help."""
        rp = self.rp
        if self.host.screen != "replay" or rp is None:
            return False
        if key == "Escape" and rp.keys_open:
            rp.keys_open = False
            self.host.changed()
            return True
        what = readout.asked(key)
        if what is not None:
            return self.read(what)
        return key in KEYS and self.step(KEYS[key])

    def act_rp_step(self, data) -> None:
        self.step(data.get("to", ""))

    def act_rp_seat(self, data) -> None:
        rp = self.rp
        if self.host.screen == "replay" and rp is not None and rp.seat is not None:
            try:
                seat = int(data.get("seat", ""))
            except ValueError:
                return
            if 0 <= seat < rp.link.record["players"]:
                rp.seat = seat
                self.host.changed()

    def act_replay(self, data) -> None:
        """The replay of a finished game of this device: its link, opened here."""
        found = self.host.saved(data.get("id"))
        if found is None or not found[1].over or not saves.replayable(found[1]):
            return
        save, state = found
        seats = saves.shareable_seats(save["seats"])       # no seat's token in a link
        self.host.go(links.fragment("replay", links.encode("replay", state.record(), seats)))

    def act_share(self, data) -> None:
        """Offers the replay's link."""
        if self.host.screen == "replay" and self.rp is not None:
            self.host.offer_link(self.url(), self.rp.link.record["game"], "share.replay_text")
