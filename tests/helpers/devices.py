"""Play across devices on CPython: a host app and guest apps, each with its own store and page,
joined by a fake network that carries the pairing codes and the channels' messages as the
browsers would (tests/test_devices.py, tests/test_ui_keys_and_tabs.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from helpers.app import DirectBot, FakePage, start
from ui.app import App
from ui.store.saves import MemoryStore

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rtc"
OFFER = (FIXTURES / "chromium_offer.sdp").read_text()
ANSWER = (FIXTURES / "chromium_answer.sdp").read_text()


class Net:
    """The fake network: each description gets an ICE ufrag of its own, so that an answer
    names its offer, and an accepted answer opens the channel on both sides."""

    def __init__(self):
        self.n = 0
        self.offers = {}      # ufrag -> (host peers, peer id)
        self.answers = {}     # ufrag -> (guest peers, offer's ufrag)
        self.links = {}       # (peers, peer id) -> (other peers, other peer id)
        self.sent = []        # (to peers, peer id, text): every message, for the scans
        self.servers = []     # the ICE servers each offer was made with
        self.cut = set()      # the FakePeers whose traffic is cut (the device off the network)...
        self.held = []        # ...and what was sent meanwhile, delivered once it is back (SCTP resends)

    def restore(self, peers) -> None:
        """``peers``' device is back on the network: what was held is delivered, in order."""
        self.cut.discard(peers)
        held, self.held = self.held, []
        for sender, peer, text in held:
            sender.send(peer, text)

    def describe(self, sdp: str) -> tuple[str, str]:
        self.n += 1
        ufrag = f"u{self.n:03d}"
        return re.sub(r"a=ice-ufrag:\S+", "a=ice-ufrag:" + ufrag, sdp), ufrag


def ufrag_of(sdp: str) -> str:
    return re.search(r"a=ice-ufrag:(\S+)", sdp).group(1)


class FakePeers:
    supported = True             # WebRTC here (ui.web.channels.Peers.supported)

    def __init__(self, net: Net, page: FakePage):
        self.net, self.page = net, page

    async def ask_camera(self):
        return False             # no camera here: the descriptions name no address

    async def offer(self, peer, servers=()):
        self.net.servers.append(list(servers))
        sdp, ufrag = self.net.describe(OFFER)
        self.net.offers[ufrag] = (self, peer)
        return sdp

    async def answer(self, peer, sdp, servers=()):
        answer, ufrag = self.net.describe(ANSWER)
        self.net.answers[ufrag] = (self, peer, ufrag_of(sdp))
        return answer

    async def accept(self, peer, sdp):
        guest, gpeer, offer_ufrag = self.net.answers[ufrag_of(sdp)]
        assert self.net.offers[offer_ufrag] == (self, peer)
        self.net.links[(self, peer)] = (guest, gpeer)
        self.net.links[(guest, gpeer)] = (self, peer)
        self._event(peer, "open")
        guest._event(gpeer, "open")

    def _event(self, peer, kind, data=None):
        async def later():
            self.page.app.on_peer(peer, kind, data)
        self.page.spawn(later())

    def send(self, peer, text):
        other = self.net.links.get((self, peer))
        if other is None:
            return False
        if self in self.net.cut or other[0] in self.net.cut:   # the channel still "open": the browser
            self.net.held.append((self, peer, text))          # keeps it and says it is sent
            return True
        self.net.sent.append((other[0], other[1], text))
        other[0]._event(other[1], "message", text)
        return True

    def close(self, peer):
        other = self.net.links.pop((self, peer), None)
        if other is not None:
            self.net.links.pop(other, None)
            other[0]._event(other[1], "close")


class Clock:
    """A person's pace: a second between two readings (the host limits a guest's rate)."""

    def __init__(self):
        self.t = 1_800_000_000.0

    def __call__(self):
        self.t += 1.0
        return self.t


def device_app(net: Net, store=None, hash_="", lang="en", seed=1):
    page = FakePage()
    app = App(page, store if store is not None else MemoryStore(), DirectBot(), lang=lang, bot_delay=0,
              rng=random.Random(seed), base_url="https://example.test/", clock=Clock())
    app.peers = FakePeers(net, page)
    page.app = app
    app.boot(hash_)
    return app, page


def run(*pages) -> None:
    """Runs every page's pending tasks until none is left (messages cross between pages)."""
    for _ in range(10_000):
        if not any(p.tasks for p in pages):
            return
        for p in pages:
            p.run()
    raise AssertionError("the pages never settle")


def beat(seconds: float, *pages, step: float = 0.5) -> None:
    """``seconds`` go by on the pages' clocks, with the heartbeat's tick every ``step``
    (assets/rtc.js's "tick"), the network carrying what each tick sends."""
    for _ in range(round(seconds / step)):
        for p in pages:
            p.clock += step
            p.app.on_peer("", "tick")
        run(*pages)


def host_game(net, game_id, kinds, options=None, seed=1):
    """A host app with a game started: ``kinds`` the seats' kinds ("human", "bot", "device")."""
    app, page = device_app(net, seed=seed)
    start(app, page, game_id, kinds, **(options or {}))
    return app, page


def invite(host, hpage, seat):
    host.on_click("invite", {"seat": str(seat)})
    run(hpage)
    html = hpage.html
    m = re.search(r'id="join-link" href="([^"]+)"', html)
    assert m, "no join link on the host's invitation"
    assert 'class="qr-code"' in html and "<svg" in html
    return m.group(1).replace("&amp;", "&")


def join(net, host, hpage, seat, store=None, lang="en", how="paste"):
    """A guest joins ``seat``: opens the join link, and its answer reaches the host."""
    url = invite(host, hpage, seat)
    g, gpage = device_app(net, store=store, lang=lang, seed=100 + seat)
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    m = re.search(r'id="answer-link" href="([^"]+)"', gpage.html)
    assert m, gpage.html
    answer = m.group(1).replace("&amp;", "&")
    if how == "paste":
        host.on_click("pair", {"answer": answer})
    else:                                 # opened in another tab of the host's device
        host.on_answer(answer.split("#answer/", 1)[1])
    run(hpage, gpage)
    assert g.guest.state == "open" and g.guest.msg is not None, gpage.html
    return g, gpage


def answer_by_paste(host, hpage, gpage, url) -> None:
    """The guest's page opens the join link ``url``; its answer is pasted on the host."""
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    answer = re.search(r'id="answer-link" href="([^"]+)"', gpage.html).group(1)
    host.on_click("pair", {"answer": answer})
    run(hpage, gpage)
