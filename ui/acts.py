"""How the page's events reach the shell: which part takes each tap, and one drawing per event.

:data:`ACTS` names the one part that takes each act of the page (an element's ``data-act``);
:class:`Event` and :func:`drawn` make whatever an event changes drawn once, at its end
(:class:`ui.app.App` is the router that uses both).  Pure Python, and no part imports it.
"""

from __future__ import annotations

import functools

# The shell's acts that show what was hidden (a hand, by the pass screen; a seed, in a file):
# never either half of a double tap (App.on_click).
REVEALS = frozenset({"reveal", "export-anyway"})

# Who takes each act of the page (an element's ``data-act``), by part: one part each, the
# method ``act_<act>`` (``-`` as ``_``).  Written here rather than on the parts' classes, so
# that a tap is routed without importing a part not made yet (home's start imports home
# alone: tests/test_ui_layers.py); tests/test_ui_acts.py holds each class to its entry.  An
# act not here is a game's (a cell, a card): the table of the game on screen takes it.
ACTS = {
    "app": ("lang", "to-games", "update", "stun"),
    "home": ("delete", "aside-delete", "guest-forget", "dismiss", "install", "start"),
    "files": ("export", "export-anyway", "aside-download", "recovery-download", "recovery-aside",
              "recovery-retry"),
    "replays": ("replay", "rp-step", "rp-seat"),
    "play": ("reveal", "reload-game", "again", "retry", "sound"),
    "devices": ("take-over", "invite", "scan", "new-device", "invite-close", "pair"),
    "guest": ("guest-retry",),
    "lesson": ("lesson-next", "lesson-skip", "lesson-play", "lesson-play-on"),
    "table": ("cancel", "cancel-bg", "log-all", "show-again", "flash", "show-end", "hide-end"),
    "keys": ("keys-close",),
    # the game on screen: this device's (play), or a seat of one held on another (guest)
    "game": ("undo", "hint", "round-ok", "release"),
    # the link on screen, to share: a game by link's last move (play), or a replay's (replays)
    "link": ("share",),
}


def routes(acts: dict) -> dict:
    """``act -> owner`` from :data:`ACTS`; an act two owners declare raises (which would take
    it depended on an order, once)."""
    table = {}
    for owner, names in acts.items():
        for act in names:
            if table.setdefault(act, owner) is not owner:
                raise ValueError(f"the act {act!r} is declared by both {table[act]!r} and {owner!r}")
    return table


class Event:
    """``with app.event():`` what the block changes is drawn once, at its end (the outermost
    block's, when events nest: an address gone to from a tap).  Not across an ``await``: a
    task's step after one is an event of its own.  ``draw`` draws what changed, if anything."""

    def __init__(self, draw):
        self.draw = draw
        self.depth = 0          # the events being handled (nested: a go() within a tap)

    def __enter__(self):
        self.depth += 1

    def __exit__(self, kind, *_):
        self.depth -= 1
        if kind is None and not self.depth:
            self.draw()


def drawn(method):
    """A method of the app the page calls: what it changes is drawn once, when it returns."""
    @functools.wraps(method)
    def handled(self, *args, **kw):
        with self.event():
            return method(self, *args, **kw)
    return handled
