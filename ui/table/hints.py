"""A hint: the default bot's suggestion for one position, as the table shows it (pure Python).

One value for both tables: :class:`~ui.parts.play.Play` keys it by the session and its position (a
hint of one game never shows in the next, whose first position is as empty), a guest
(:mod:`ui.parts.guest`) by the host's ply.  Asked, it waits (no words yet); answered, it says what to
do and the table lights the action, if that action is still one the seat may play.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hint:
    """The suggestion for ``position``: ``words`` (None while it is asked) and ``action``."""

    position: object
    words: str | None = None
    action: str | None = None     # the action suggested: the table lights it (None: words only)

    def text(self, tr) -> str:
        """What the status line says: the words, or that the bot is thinking of them.

        >>> Hint(3).text(lambda key: key)
        'play.hint_wait'
        >>> Hint(3, "Play the 3 on d4.", "3k@d4").text(lambda key: key)
        'Play the 3 on d4.'
        """
        return self.words if self.words is not None else tr("play.hint_wait")

    def lit(self, legal) -> str | None:
        """The action to light on the table: the suggested one, if it is in ``legal``.

        >>> Hint(3, "w", "3k@d4").lit(["pass", "3k@d4"]), Hint(3, "w", "x").lit(["pass"])
        ('3k@d4', None)
        """
        return self.action if self.action in legal else None


def at(hint: Hint | None, position) -> Hint | None:
    """``hint`` if it is for ``position``, else None (play has moved on: it is gone)."""
    return hint if hint is not None and hint.position == position else None
