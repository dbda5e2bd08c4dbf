"""Sound and vibration: off unless the person turns them on, remembered on the device (pure
Python; the page plays them, ``Dom.signal``)."""

from __future__ import annotations

from ui.store import saves

KEY = saves.PREFIX + "sound"      # "1": a blip and a buzz on your turn and on a capture


class Sound:
    def __init__(self, host):
        self.host = host

    def on(self) -> bool:
        try:
            return self.host.store.get(KEY) == "1"
        except Exception:  # storage disabled: off
            return False

    def toggle(self) -> None:
        """Turns it on or off, and plays what it will sound like (nothing when off)."""
        on = not self.on()
        try:
            self.host.store.set(KEY, "1" if on else "0")
        except Exception:  # not remembered; nothing else changes
            pass
        self.host.changed()
        self.signal("turn")

    def signal(self, kind: str) -> None:
        """A short blip and buzz ("turn" or "capture"), if turned on."""
        if self.on():
            self.host.signal(kind)
