"""The browser's own events about this device (pure Python): another tab changed the saves,
the browser's answer on keeping them, a new version waiting, the app installed.

:class:`BrowserEvents` is a part of :class:`ui.app.App`, kept apart so that the router reads as
a router; it uses the app's ``dom``, ``home``, ``play`` and ``screen``.
"""

from __future__ import annotations

from ui.acts import drawn
from ui.store import saves


class BrowserEvents:
    """Mixed into :class:`ui.app.App`."""

    def keep_saves(self, why) -> None:
        if self.home.keep.ask(why):
            self.dom.persist(self.on_keep)

    def install(self) -> None:
        self.dom.install(self.on_keep)

    def act_update(self, data) -> None:
        self.dom.update_now()

    @drawn
    def on_update(self) -> None:
        """The service worker holds a new version: offer to reload into it."""
        if not self.update_ready:
            self.update_ready = True
            self.changed()

    @drawn
    def on_storage(self, key) -> None:
        """Another tab changed ``key`` (None: it cleared the storage)."""
        if key is not None and not str(key).startswith(saves.SAVE_PREFIX):
            return
        if self.screen == "play" and self.play.session is not None:
            self.play.on_storage()
        elif self.screen == "home":
            self.home.load_all()
            self.changed()

    @drawn
    def on_keep(self, facts, why=None) -> None:
        """What the browser says of keeping the saves (``ui.store.storage.Facts``: at start, after an
        install, after ``dom.persist``); ``why`` may ask it to keep them (``Keeper.ask``)."""
        self.home.keep.facts = facts
        self.keep_saves(why)
        if self.screen == "home":
            self.changed()
