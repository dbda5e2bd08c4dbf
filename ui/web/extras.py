"""The browser's extras beyond the page, for :class:`ui.web.dom.Dom`: keeping the saves (persisted
storage, the install prompt; ui/store/storage.py decides what to ask and show) and a blip and a buzz
(the player's setting, ui/parts/sound.py)."""

import functools
import traceback

import js
from pyodide.ffi import to_js
from pyscript import window
from pyscript.ffi import is_none


def or_none(x):
    """A DOM node, or None for JS null/undefined (which Pyodide does not turn into None)."""
    return None if is_none(x) or x is None or str(type(x).__name__) == "JsUndefined" else x


def guarded(fn):
    """An event handler that logs its failure instead of leaving the page half-updated."""
    @functools.wraps(fn)
    def run(*args):
        try:
            return fn(*args)
        except Exception:
            js.console.error("Renardière: " + traceback.format_exc())
    return run


class Extras:
    """Mixed into ``Dom``: it uses ``Dom.spawn`` and the app's ``on_keep``."""

    async def storage_facts(self):
        """What this browser says of its storage, as a ``ui.store.storage.Facts``."""
        from ui.store import storage   # here, once the page is ready: not among the start's imports (ui/boot.py)
        nav, f = window.navigator, storage.Facts()
        try:
            st = or_none(nav.storage) if js.Reflect.has(nav, "storage") else None
            if st is not None and js.Reflect.has(st, "persist") and js.Reflect.has(st, "persisted"):
                f.api = True
                f.persisted = bool(await st.persisted())
        except Exception:  # no answer: as if never asked
            f.persisted = None
        try:
            f.standalone = (bool(window.matchMedia("(display-mode: standalone)").matches)
                            or getattr(nav, "standalone", None) is True)    # iOS Safari's own
            f.webkit, f.ios = storage.engine(str(nav.userAgent or ""), int(getattr(nav, "maxTouchPoints", 0) or 0))
        except Exception:
            pass
        f.prompt = or_none(getattr(window, "renardiereInstallPrompt", None)) is not None
        return f

    async def _tell_keep(self, why=None):
        self.app.on_keep(await self.storage_facts(), why)

    def persist(self, done):
        """Asks the browser to keep the saves (``navigator.storage.persist()``), at once: within
        a tap, Firefox may ask the player.  ``done(facts)`` once it has answered."""
        try:
            promise = window.navigator.storage.persist()
        except Exception:
            promise = None
        self.spawn(self._then_facts(done, promise))

    def install(self, done):
        """The browser's install prompt, kept by assets/register-sw.js (it serves once)."""
        ev = or_none(getattr(window, "renardiereInstallPrompt", None))
        window.renardiereInstallPrompt = None
        promise = None
        if ev is not None:
            try:
                ev.prompt()
                promise = ev.userChoice
            except Exception:
                promise = None
        self.spawn(self._then_facts(done, promise))

    async def _then_facts(self, done, promise):
        try:
            if promise is not None:
                await promise
        except Exception:  # refused or failed: the facts say where we are
            pass
        done(await self.storage_facts())

    def _on_install(self, ev):
        """The browser offers to install (a button), or has installed the app (ask again)."""
        self.spawn(self._tell_keep("installed" if str(ev.type) == "renardiere-installed" else None))

    _audio = None

    def signal(self, kind):
        """A short blip (WebAudio) and a buzz (``navigator.vibrate``, where there is one):
        one rising note for "turn", two for "capture".  Whatever the device refuses is skipped."""
        notes = [660, 880] if kind == "capture" else [520]
        try:
            nav = window.navigator
            if js.Reflect.has(nav, "vibrate"):
                nav.vibrate(to_js([25, 40, 25] if kind == "capture" else [30]))
        except Exception:
            pass
        try:
            if self._audio is None:
                self._audio = js.AudioContext.new()
            ac = self._audio
            t = ac.currentTime
            for i, freq in enumerate(notes):
                osc, gain = ac.createOscillator(), ac.createGain()
                osc.frequency.value = freq
                start = t + i * 0.09
                gain.gain.setValueAtTime(0.0001, start)
                gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.08)
                osc.connect(gain)
                gain.connect(ac.destination)
                osc.start(start)
                osc.stop(start + 0.09)
        except Exception:  # no audio here: the buzz (or nothing) will do
            pass
