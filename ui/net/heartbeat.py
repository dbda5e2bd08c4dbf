"""One channel's heartbeat (issue 52): whether the other device still answers (pure Python).

A data channel stays "open" for a long while after the other device went off the network
(the browser gives up on it 15 s or more later), so neither side would know.  Each side
sends a ping when it sent nothing else for :data:`PACE` seconds, and counts the other as
quiet once nothing came from it for :data:`QUIET` seconds: a cut is said within
``QUIET + TICK`` of the last thing heard, and over as soon as anything comes again.  The page
calls :meth:`Beat.tick` every :data:`TICK` seconds (assets/rtc.js's "tick"); ``now`` is the
page's clock, in seconds, handed in.  docs/PROTOCOL.md, "Heartbeat".

>>> b = Beat(0.0)
>>> said = [(t / 2, b.tick(t / 2)) for t in range(1, 11)]      # a tick each half second, nothing heard
>>> [(t, x) for t, x in said if x != (False, False)]
[(1.5, (True, False)), (3.0, (True, False)), (4.0, (False, True)), (4.5, (True, False))]
>>> b.quiet, b.heard(5.0), b.quiet
(True, True, False)
"""

from __future__ import annotations

PACE = 1.5      # a ping when nothing else was sent for this long
QUIET = 4.0     # nothing heard for this long: the other device does not answer (for now)
TICK = 0.5      # how often the page calls tick()
STALL = 1.5     # a tick this late: this page was asleep or busy, what came may still be queued


class Beat:
    """What one side knows of one channel: when it last sent, when it last heard."""

    def __init__(self, now: float):
        self.sent = self.heard_at = self.ticked = now
        self.quiet = False

    def heard(self, now: float) -> bool:
        """Something came from the other device; True if it was quiet until now (it is back)."""
        self.heard_at = max(self.heard_at, now)
        back, self.quiet = self.quiet, False
        return back

    def wrote(self, now: float) -> None:
        """Something was sent to the other device: no ping needed for a while."""
        self.sent = max(self.sent, now)

    def tick(self, now: float) -> tuple[bool, bool]:
        """``(ping, fell_quiet)``: whether to send a ping now (then :meth:`wrote` is done here),
        and whether the other device just became quiet.  A tick that comes late (this page's
        timers were held: a tab in the background, a long drawing) judges nothing: the other's
        messages may be waiting behind it."""
        late, self.ticked = now - self.ticked > STALL, max(self.ticked, now)
        ping = now - self.sent >= PACE
        if ping:
            self.sent = now
        if late:
            self.heard_at = max(self.heard_at, now - QUIET + TICK)   # judged again a tick from now at the soonest
            return ping, False
        fell = not self.quiet and now - self.heard_at >= QUIET
        self.quiet = self.quiet or fell
        return ping, fell
