"""One redraw per event: a part marks what it changed, and the app draws once, after the event
is handled, from one Frame (ui/app.py, App.changed).  Counted through the app on a fake page:
a tap that plays against a bot, then the bot's answer delivered."""

from __future__ import annotations

import html
import random
import re

import pytest
from helpers.app import PAGES, DirectBot, FakePage

from ui.app import App
from ui.kit import registry
from ui.store.saves import MemoryStore


class CountingPage(FakePage):
    """A fake page that counts its drawings."""

    renders = 0

    def render(self, html, fresh=False):
        super().render(html, fresh)
        self.renders += 1


def counted_app(monkeypatch):
    """An app on a counting page, and the count of the Frames built (a local game's and a
    guest's)."""
    from ui.parts import guest, play

    built = [0]
    for module in (play, guest):
        real = module.Frame

        def counting(*args, _real=real, **kw):
            built[0] += 1
            return _real(*args, **kw)

        monkeypatch.setattr(module, "Frame", counting)
    page = CountingPage()
    PAGES.append(page)
    app = App(page, MemoryStore(), DirectBot(), bot_delay=0, rng=random.Random(1))
    page.app = app
    app.boot("")
    return app, page, built


def fendo(app):
    """White's pawn d1 to d4, then the wall on its N side: the third tap plays."""
    app.on_click("cell", {"cell": "d1"})
    app.on_click("cell", {"cell": "d4"})
    return lambda: app.on_click("wall", {"side": "N"})


def renard(app):
    """A card of the hand: the tap plays it."""
    return lambda: app.on_click("card", {"card": app.play.session.legal(0)[0]})


def run_bot(page) -> None:
    """Runs the bot's move the tap started (to its end: nothing it awaits suspends), and
    leaves the other tasks (a preview, a hold) where they are."""
    coro = next(c for c in page.tasks if c.cr_code.co_name == "_bot_move")
    page.tasks.remove(coro)
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass


@pytest.mark.parametrize("gid,taps", [("fendo", fendo), ("renard_des_bois", renard)])
def test_a_tap_against_a_bot_draws_once_then_once_for_the_answer(gid, taps, monkeypatch):
    """Before: the tap that plays built three Frames and drew twice (the move drawn, then the
    bot thinking drawn again); now one of each, and one of each for the bot's answer."""
    app, page, built = counted_app(monkeypatch)
    page.go("#new/" + gid)
    app.on_form("kind1", "bot")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    page.run()
    ses = app.play.session
    assert ses.human_to_move() == 0
    plays = len(ses.state.actions)
    tap = taps(app)
    page.renders = built[0] = 0
    tap()
    counts = {"tap": (page.renders, built[0])}
    assert len(ses.state.actions) == plays + 1 and 'data-thinking="1"' in page.html   # the one drawing: the last
    page.renders = built[0] = 0
    run_bot(page)
    counts["answer"] = (page.renders, built[0])
    assert len(ses.state.actions) == plays + 2 and 'data-thinking="1"' not in page.html
    print(gid, "(redraws, Frames):", counts)
    assert counts == {"tap": (1, 1), "answer": (1, 1)}, counts


def test_a_guest_s_tap_and_the_host_s_answer_draw_once_each(monkeypatch):
    """A seat played on another device: its tap sends the card (one drawing: "sent"), the
    host's frame that answers is drawn once.  Before: the tap built three Frames, the
    host's frame two."""
    from helpers import devices

    _, _, built = counted_app(monkeypatch)
    monkeypatch.setattr(devices, "FakePage", CountingPage)
    net = devices.Net()
    host, hpage = devices.host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = devices.join(net, host, hpage, 1)
    PAGES.extend((hpage, gpage))                    # their tasks left are closed after the test
    while g.guest.current().acting is None:         # the host plays its cards until the guest's turn
        host.on_click("card", {"card": host.play.current().legal[0]})
        devices.run(hpage, gpage)
    plays, card = len(host.play.session.state.actions), g.guest.current().legal[0]
    gpage.renders = built[0] = 0
    g.on_click("card", {"card": card})
    counts = {"tap": (gpage.renders, built[0])}
    assert g.guest.sent is not None
    hpage.run()                                     # the host plays it, and sends the frame
    assert len(host.play.session.state.actions) == plays + 1 and len(gpage.tasks) == 1
    gpage.renders = built[0] = 0
    gpage.run_one()                                 # the frame's message (a hold may follow)
    counts["answer"] = (gpage.renders, built[0])
    assert g.guest.sent is None
    print("guest (redraws, Frames):", counts)
    assert counts == {"tap": (1, 1), "answer": (1, 1)}, counts


# Taps a random walk leaves alone: they leave the game (home, a replay, a new game, another
# language) or open the browser's own dialogs.
LEAVES = {"lang", "again", "replay", "export", "export-anyway", "to-games", "update", "install",
          "reload-game", "take-over", "scan"}


def taps_on(html_: str) -> list:
    """Every ``(act, data)`` the page offers, as its one click handler hands them over."""
    out = []
    for tag in re.findall(r'<[a-z]+\b[^>]*\bdata-act="[^"]*"[^>]*>', html_):
        attrs = dict(re.findall(r'\s([a-z-]+)="([^"]*)"', tag))
        act = attrs.pop("data-act")
        if act not in LEAVES and not tag.startswith(("<form", "<input", "<select", "<textarea", "<label")):
            out.append((act, {k[5:]: html.unescape(v) for k, v in attrs.items() if k.startswith("data-")}))
    return out


@pytest.mark.parametrize("gid", registry.playable())
def test_every_event_of_a_game_draws_once_and_every_change_is_said_in_one(gid, monkeypatch):
    """A person's random taps (the table's, undo, hint, Show again, a log entry...) and the
    bots' answers, through the app's entry points alone: each tap draws at most once and
    builds at most one Frame, no Frame is built but for a drawing, and no part says it
    changed outside an event (App.changed would then draw at once: a redraw per change)."""
    app, page, built = counted_app(monkeypatch)
    outside = []
    said = App.changed

    def changed(self):
        if not self._event.depth:
            outside.append(self.screen)
        said(self)

    monkeypatch.setattr(App, "changed", changed)
    page.go("#new/" + gid)
    for i in range(1, 8):
        app.on_form(f"kind{i}", "bot")
        app.on_form(f"level{i}", "novice")
    app.on_click("start", {})
    rng = random.Random(gid)
    taps = 0
    for _ in range(400):
        page.run()                           # the bots' answers, holds, previews, each an event
        if app.screen != "play" or app.play.session.state.over:
            break
        offered = taps_on(page.html)
        if not offered:
            continue
        act, data = rng.choice(offered)
        before, drawn = built[0], page.renders
        app.on_click(act, data, at=float(taps))
        page.clock = taps = taps + 1
        assert page.renders - drawn <= 1 and built[0] - before <= 1, (act, page.renders - drawn, built[0] - before)
    assert taps > 40 and not outside, (taps, outside[:5])
    assert built[0] <= page.renders, (built[0], page.renders)
