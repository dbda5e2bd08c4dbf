"""Pacing: what a person must see stays long enough to be seen (pure Python).

A small state machine whose states are values.  After each action the table draws it
arriving (:class:`Played`, for ``ARRIVE`` seconds); when the action finished something the
table shows (a trick, a collection: ``GameScreen.settles``) play is :class:`Held` (the bots
wait) until a tap or ``HOLD`` seconds, then the table draws it :class:`Moving` to its
winner's pile for ``MOVING`` seconds, once.  ``at`` names a game and its position: a hold
or an arrival belongs to that position alone.

>>> p = Pacing()
>>> hold = p.played(("game", 1), settles=True, now=10.0)
>>> p.settle(("game", 1), now=10.5), p.arriving(("game", 1), now=10.4)
('held', True)
>>> p.release(hold, now=11.0)
True
>>> p.settle(("game", 1), now=11.2), p.settle(("game", 1), now=12.0), p.settle(("game", 2), now=11.2)
('moving', None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Held:
    """A finished trick or collection on the table, since ``since``: the bots wait."""

    at: Any
    since: float


@dataclass(frozen=True)
class Moving:
    """The held trick let go at ``since``, drawn going to its winner's pile."""

    at: Any
    since: float


@dataclass(frozen=True)
class Played:
    """The last action, played at ``when``: drawn arriving for a moment."""

    at: Any
    when: float


class Pacing:
    HOLD = 1.5        # seconds a finished trick or collection stays on the table, unless tapped
    MOVING = 0.6      # seconds after that the table draws it going to its winner's pile
    BOT_GAP = 0.8     # seconds at least between a bot's move and the next bot's, which hides it
    ARRIVE = 0.5      # seconds the table draws the last action arriving (cards, pawns slide in)

    def __init__(self, pace: float = 1.0):
        self.pace = pace            # 1: a person's pace; 0: no waiting (the tests)
        self.state: Held | Moving | None = None
        self.last: Played | None = None

    def played(self, at, settles: bool, now: float) -> Held | None:
        """An action was played, reaching ``at``: the hold it starts (whose end the caller
        times, ``HOLD * pace`` seconds), or None."""
        self.last = Played(at, now)
        self.state = Held(at, now) if self.pace > 0 and settles else None
        return self.state

    def release(self, hold: Held | None, now: float) -> bool:
        """Lets the hold go (``hold``: only if it is still that one; None: whichever is on);
        True if one was let go."""
        h = self.state
        if not isinstance(h, Held) or (hold is not None and hold is not h):
            return False
        self.state = Moving(h.at, now)
        return True

    def settle(self, at, now: float) -> str | None:
        """``Context.settle`` for the table at ``at``: "held", "moving" (drawn once), or None."""
        h = self.state
        if h is None or h.at != at:
            return None
        if isinstance(h, Moving):
            return "moving" if now - h.since <= self.MOVING else None
        return "held"

    def arriving(self, at, now: float) -> bool:
        """``Context.arriving``: the last action was just played; a later redraw shows it in place."""
        p = self.last
        return p is not None and p.at == at and now - p.when <= self.ARRIVE

    def bot_gap(self, gap: float, after_bot: bool) -> float:
        """How long a bot's move waits, at this pace: ``gap``, and at least ``BOT_GAP`` when
        the move on screen is another bot's (each bot move is seen before the next); at pace
        0 (the browser tests) a bot answers as soon as it knows."""
        return (max(gap, self.BOT_GAP) if after_bot else gap) * self.pace
