"""The page's side of play across devices (the browser layer, beside ui/web/dom.py): the WebRTC
data channels (assets/rtc.js, loaded the first time one is needed), the channel between this
site's tabs that hands a guest's answer link to the tab holding the game, and the camera
reading a QR code.  Nothing below the page imports it; ui/web/boot.py hands the app its Peers."""

import asyncio

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from ui.web.extras import guarded, or_none


PAIR_CHANNEL = "renardiere-pair"    # a guest's answer link opened in another tab of the host


async def load_script(src):
    """Adds ``<script src>`` once and waits for it: what only a game across devices needs
    (rtc.js, jsQR) stays out of the page's start."""
    if or_none(document.querySelector(f'script[src="{src}"]')) is not None:
        return
    done = asyncio.get_event_loop().create_future()
    el = document.createElement("script")
    el.src = src
    el.onload = create_once_callable(lambda ev: done.done() or done.set_result(True))
    el.onerror = create_once_callable(lambda ev: done.done() or done.set_exception(RuntimeError(f"{src} did not load")))
    document.head.appendChild(el)
    await done


def webrtc_here() -> bool:
    """Whether this browser has WebRTC's data channels (``RTCPeerConnection`` and
    ``RTCDataChannel``): every current Chrome, Edge, Firefox and Safari has them; some browsers
    built into other apps, or locked down, and Debian's WebKitGTK, do not."""
    try:
        return all(js.Reflect.has(window, name) and or_none(getattr(window, name)) is not None
                   for name in ("RTCPeerConnection", "RTCDataChannel"))
    except Exception:   # a page that cannot even be asked: no play across devices
        return False


class Peers:
    """The data channels to other devices, through ``window.renardiereRtc`` (assets/rtc.js,
    loaded the first time one is needed).  ``fn(peer, kind, data)`` hears each channel's
    "open", "message" and "close".  ``supported``: whether this browser has WebRTC, asked once
    here, at the page's start (the app asks it through ``App.across_devices``)."""

    SCRIPT = "./assets/rtc.js"

    def __init__(self, fn):
        self._fn = fn
        self._proxy = None
        self.supported = webrtc_here()

    async def _rtc(self):
        await load_script(self.SCRIPT)
        rtc = window.renardiereRtc
        if self._proxy is None:
            self._proxy = create_proxy(guarded(lambda peer, kind, data: self._fn(
                str(peer), str(kind), None if or_none(data) is None else str(data))))
            self._unlisten = rtc.listen(self._proxy)
        return rtc

    def stop(self):
        """This page's app is done (the tests' restart): its channels close, it hears no more,
        and it hosts no game any more."""
        for name in list(self._holds or {}):
            self.let_go(name)
        if self._proxy is not None:
            self._unlisten()
            self._proxy.destroy()
            self._proxy = None

    @staticmethod
    def _ice(servers):
        return to_js([{"urls": u} for u in servers], dict_converter=js.Object.fromEntries)

    async def offer(self, peer, servers=()):
        return str(await (await self._rtc()).offer(peer, self._ice(servers)))

    async def answer(self, peer, sdp, servers=()):
        return str(await (await self._rtc()).answer(peer, sdp, self._ice(servers)))

    async def accept(self, peer, sdp):
        await (await self._rtc()).accept(peer, sdp)

    async def ask_camera(self, seconds=8):
        """The camera's permission, asked (rtc.js askCamera); False if refused, absent, or
        the prompt is left unanswered for ``seconds``."""
        rtc = await self._rtc()

        async def ask():
            return bool(await rtc.askCamera())

        try:
            return await asyncio.wait_for(ask(), seconds)
        except Exception:  # timed out or refused: the offer names mDNS names
            return False

    _holds = None           # lock name -> [release, fn]: the games this page hosts

    def hold(self, name, steal, fn):
        """This page hosts ``name`` unless another tab of this browser does: the browser's Web
        Locks, which let go of a tab's locks when it closes or reloads.  ``fn(state)``: "held",
        "elsewhere" (another tab holds it; ``steal`` takes it), and later "taken" (another tab
        took it).  A lock this page holds is "held" at once; no Web Locks: always "held"."""
        holds = self._holds = self._holds if self._holds is not None else {}
        locks = or_none(getattr(window.navigator, "locks", None))
        if name in holds or locks is None:
            if name in holds:
                holds[name][1] = fn
            fn("held")
            return

        def granted(lock):
            if or_none(lock) is None:
                fn("elsewhere")
                return None
            kept = []
            promise = js.Promise.new(create_once_callable(lambda resolve, reject: kept.append(resolve)))
            holds[name] = [kept[0], fn]
            fn("held")
            return promise          # held until it settles: let_go, or the page's end

        def lost(error):
            if name in holds:       # taken by another tab (AbortError), not let go here
                holds.pop(name)[1]("taken")

        opts = to_js({"steal": True} if steal else {"ifAvailable": True}, dict_converter=js.Object.fromEntries)
        locks.request(name, opts, create_once_callable(guarded(granted))).catch(
            create_once_callable(guarded(lost)))

    def let_go(self, name):
        held = (self._holds or {}).pop(name, None)
        if held is not None:
            held[0]()

    def send(self, peer, text):
        rtc = getattr(window, "renardiereRtc", None)
        return bool(rtc.send(peer, text)) if or_none(rtc) is not None else False

    def close(self, peer):
        rtc = getattr(window, "renardiereRtc", None)
        if or_none(rtc) is not None:
            rtc.close(peer)


class Scanner:
    """The camera, filming for a QR code (``rtc.scan``), in one of two places.

    - ``start``: in a box of its own outside ``#app``, over the page, until a code is read or the
      person closes it (the back camera, aimed at the other device's screen).
    - ``live``: in the ``<video>`` of the given id inside the page (the host's invitation, beside
      its code), with the front camera: the two phones held face to face, the answer is read
      with no tap.  Its film follows the element when a redraw replaces it (``rtc.scan``).

    ``on_text`` gets each code read; one camera at a time."""

    def __init__(self):
        self.box = None
        self._stop = None
        self._n = 0         # the camera asked for last: one that a stop() overtook is stopped at once

    async def start(self, labels, on_text):
        self.stop()
        await load_script(Peers.SCRIPT)
        box = self.box = document.createElement("div")
        box.className, box.id = "scanner", "scanner"
        box.setAttribute("role", "dialog")
        box.setAttribute("aria-label", labels["title"])
        box.innerHTML = ('<video id="scan-video" playsinline muted></video><p class="scan-help"></p>'
                         '<button type="button" class="primary" id="scan-stop"></button>')
        box.querySelector(".scan-help").textContent = labels["help"]
        button = box.querySelector("#scan-stop")
        button.textContent = labels["close"]
        button.onclick = create_once_callable(lambda ev: self.stop())
        document.body.appendChild(box)
        if not await self._film(box.querySelector("video"), on_text, "environment"):
            box.querySelector(".scan-help").textContent = labels["refused"]   # stays until closed

    async def live(self, video_id, on_text, on_refused):
        """Films into ``#video_id`` until stop(); ``on_refused()`` if the camera cannot be used."""
        self.stop()
        await load_script(Peers.SCRIPT)
        video = or_none(document.getElementById(video_id))
        if video is None or not await self._film(video, on_text, "user"):
            on_refused()

    async def _film(self, video, on_text, facing) -> bool:
        self._n += 1
        n = self._n
        try:
            stop = await window.renardiereRtc.scan(video, create_proxy(guarded(lambda t: on_text(str(t)))), facing)
        except Exception as e:   # refused, or no camera: the browser's words in the console
            js.console.warn(f"Renardière: the camera: {type(e).__name__}: {e}")
            return False
        if n != self._n:         # stopped, or another camera asked for, while this one started
            stop()
        else:
            self._stop = stop
        return True

    def stop(self):
        self._n += 1
        if self._stop is not None:
            self._stop()
            self._stop = None
        if self.box is not None:
            self.box.remove()
            self.box = None


class PairChannel:
    """The tabs of this site on this device: a guest's answer link opened here (its camera
    app, a messenger) is handed to the tab that holds the game (``fn(text)``)."""

    def __init__(self, fn):
        self._bc = js.BroadcastChannel.new(PAIR_CHANNEL)
        self._proxy = create_proxy(guarded(lambda ev: fn(str(ev.data))))
        self._bc.addEventListener("message", self._proxy)

    def post(self, text):
        self._bc.postMessage(text)

    def close(self):
        self._bc.removeEventListener("message", self._proxy)
        self._bc.close()
        self._proxy.destroy()
