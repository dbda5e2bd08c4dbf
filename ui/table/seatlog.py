"""A seat's log: every action of a game in words, as that seat saw it (pure Python).

Worded from the seat's own views only, so that it says nothing the seat may not know: the log
of one device (``ui.parts.play``: the one person's seat; hot-seat, nobody's) and each guest's on
another device (``ui.net.hosting``).
"""

from __future__ import annotations

from ui.store import merge
from ui.kit import registry


class SeatLog:
    """One seat's log in one language, ``[(seat, words), ...]``, worded from that seat's views
    (at one device ``Play``'s, from the one person's seat; a guest's, from its own), each
    entry's places beside it (``places``,
    ``GameScreen.places`` from the same views).  It follows the game: one announce per new
    action (the seat's view before it is kept), a few actions played again from the session's
    marks when several came at once, cut back by an undo.  ``held``: how many of its entries
    the guest holds (sent, and not cut since), so that a frame carries only the others."""

    def __init__(self, seat: int, lang: str):
        self.seat, self.lang = seat, lang
        self.entries: list = []
        self.places: list = []
        self.position: tuple = ()        # the actions the entries word
        self.view = None                 # the seat's view after them
        self.before = None               # and before the last of them (None: not known)
        self.held = 0

    def follow(self, session, tr, names) -> None:
        pos = session.position()
        n = len(self.position)
        if self.view is None or pos[:n] != self.position:     # an undo, or the first time
            n = 0 if self.view is None else merge.common(pos, self.position)
            del self.entries[n:]
            del self.places[n:]
            self.held = min(self.held, n)
            self.position, self.before = pos[:n], None
            self.view = session.state_at(n).view(self.seat) if n < len(pos) else session.view(self.seat)
        if n == len(pos):
            return
        scr = registry.screen(session.game_id)
        # the usual case: one action since the last frame; several: played again from n
        st = session.state_at(n) if n < len(pos) - 1 else None
        for seat, action in pos[n:]:
            if st is not None:
                st.apply(seat, action)
            after = st.view(self.seat) if st is not None else session.view(self.seat)
            self.entries.append((seat, scr.announce(tr, self.view, after, list(names), seat, action)))
            self.places.append(tuple(scr.places(self.view, after, seat, action)))
            self.before, self.view = self.view, after
        self.position = pos
