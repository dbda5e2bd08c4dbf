"""The app's side of play across devices (pure Python): what the page offers for it, and the
channels' events routed to the part they are for.

:class:`AcrossDevices` is a part of :class:`ui.app.App`, kept apart so that the router reads
as a router: whether this browser has WebRTC, the STUN server the person gave, the camera that
reads a code, and the page's two events of other devices, :meth:`on_peer` (a channel's
message, its opening or its end, and the heartbeat's tick) and :meth:`on_answer` (a guest's
answer link opened).  The host's side is :mod:`ui.parts.devices`, the guest's
:mod:`ui.parts.guest`.
"""

from __future__ import annotations

from ui.acts import drawn
from ui.store import saves


class AcrossDevices:
    """Mixed into :class:`ui.app.App`, whose members it uses (``store``, ``dom``, ``peers``,
    the parts ``_play`` and ``_guest``)."""

    async def ensure(self, what: str) -> None:
        """What play across devices needs of the page, loaded the first time: "rtc" (the
        WebRTC glue), "qr" (the QR code drawer)."""
        ensure = getattr(self.dom, "ensure", None)
        if ensure is not None:
            await ensure(what)

    def across_devices(self) -> bool:
        """Whether this browser can play across devices: WebRTC's data channels, asked once
        by the page (``Peers.supported``).  Where it cannot, nothing offers it: the new-game
        form, the devices bar and a join link say so in words."""
        return self.peers is not None and bool(getattr(self.peers, "supported", False))

    def ice_servers(self) -> list:
        """The STUN server the person gave for play across networks: none by default (the
        devices then meet on their own network, and nothing else is contacted)."""
        try:
            url = self.store.get(self.STUN_KEY) or ""
        except Exception:
            url = ""
        return [url] if isinstance(url, str) and len(url) <= 200 and url.startswith(self.STUN_SCHEMES) else []

    STUN_KEY = saves.PREFIX + "stun"
    STUN_SCHEMES = ("stun:", "stuns:")      # a STUN server's address, and nothing else

    def act_stun(self, data) -> None:
        """The STUN server for play across networks, set or cleared (an empty field): used
        from the next code made, on this device."""
        url = str(data.get("stun") or "").strip()[:200]
        if url and not url.startswith(self.STUN_SCHEMES):
            self.tell(("stun.bad", {}, "error"))
        else:
            try:
                if url:
                    self.store.set(self.STUN_KEY, url)
                else:
                    self.store.remove(self.STUN_KEY)
            except Exception:   # storage off: not kept
                pass
        self.changed()

    def scan(self, on_text, live: str | None = None, on_refused=None) -> None:
        """The camera, reading a QR code: ``on_text(text)`` says True when it was the one.
        ``live``: the id of the page's ``<video>`` to film in, with the front camera, until
        :meth:`scan_stop` (the host's invitation); ``on_refused()`` if the camera cannot be used."""
        scan = getattr(self.dom, "scan", None)
        if scan is None:
            return
        labels = {k: self.tr("scan." + k) for k in ("title", "help", "close", "refused")}
        if live is None:
            scan(labels, self._handled(on_text))
        else:
            scan(labels, self._handled(on_text), live, self._handled(on_refused or (lambda: None)))

    def scan_stop(self) -> None:
        stop = getattr(self.dom, "scan_stop", None)
        if stop is not None:
            stop()

    @drawn
    def on_peer(self, peer: str, kind: str, data=None) -> None:
        """An event of a channel to another device: the guest's, or one of the host's; or
        "tick", the heartbeat's pace while a channel is open (assets/rtc.js, ui/net/heartbeat.py)."""
        if kind == "tick":
            now = self.page_now()
            if self._guest is not None:
                self._guest.tick(now)
            if self._play is not None and self._play.devices is not None:
                self._play.devices.tick(now)
            return
        if self._guest is not None and (self.screen == "guest" or peer == "host"):
            self._guest.on_peer(peer, kind, data)
        elif self._play is not None and self._play.devices is not None:
            self._play.devices.on_peer(peer, kind, data)
        else:
            self.warn(f"{kind} of {peer} dropped: no game hosted")

    @drawn
    def on_answer(self, text: str, here: bool = False) -> None:
        """A guest's answer link: for the game on this tab's table, else handed to the other
        tabs of this device (one of them holds the invitation), from a link opened here."""
        if self._play is not None and self._play.devices is not None and self._play.devices.answered(text):
            if here:
                self.replace("#play/" + self.play.session.id)
            return
        if here:
            from ui.net import invites, pairing
            try:        # a broken link says so: no tab could take it
                pairing.unpack(invites.AnswerLink.parse(text).code)
            except ValueError:
                self.show("handed", None)
                return
            post = getattr(self.dom, "post_pair", None)
            if post is not None:
                post(text)
            self.show("handed", text)
