"""Replays: a finished game read from its link, stepped through (pure Python).

``#replay/<code>`` carries the whole game (:mod:`ui.store.links`); it opens at its end, and a
finished game hides nothing any more: a card game's replay may show any hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import game

from ui.store import links, saves
from ui.kit import registry
from ui.parts import pages
from ui.kit.html import esc
from ui.kit.screen import Context

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "end"}


@dataclass
class Replay:
    """The replay on screen: its link's code and contents, every position, the step shown,
    and whose hand is shown (None: a game that hides nothing)."""

    code: str
    link: links.Link
    states: list
    step: int = 0
    seat: int | None = None


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
        said = ""
        if rp.step:         # the last move in words, as the log said it (a finished game hides nothing)
            seat, action = state.actions[-1]
            said = scr.announce(host.tr, rp.states[rp.step - 1].view(rp.seat), view, list(names), seat, action)
        url = self.url()
        top, bottom = pages.replay_bar(
            host.tr, gid=gid, step=rp.step, total=total, said=inline(esc(said)),
            names=names, hand_seat=rp.seat, url=url, share_result=host.shared(url))
        title = f"{host.tr('replay.title')} · {game.GAMES[gid].title} · {host.tr('app.name')}"
        return title, top + body + bottom

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
        return self.host.screen == "replay" and key in KEYS

    def on_key(self, key: str) -> bool:
        return self.takes_key(key) and self.step(KEYS[key])

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
