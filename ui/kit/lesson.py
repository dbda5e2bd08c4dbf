"""A lesson: a guided first game, as data, one per game beside its screen (issue 56).

The player plays every step.  A step may set up a position (the engine's public
``position(...)`` or a seeded deal), says in one or two sentences what to look at and what
to do, and asks for an action in the engine's own notation; once the player has made it,
it says what that did and why it matters, and the other seats' scripted answers follow, so
the lesson shows what it means to show.  A step that asks for nothing is read, then
*Next*.  The shell runs every lesson the same way and knows no game; the engine checks
every lesson on CPython (tests/test_lessons.py): each position, each asked action and each
scripted answer is legal where it stands.

Words are ``{"en": ..., "fr": ...}``: a lesson's sentences are its own, not the shell's
texts, and a game's lesson lives with the game.

>>> from game import fendo
>>> step = Step(say={"en": "Move up, and wall off behind you.", "fr": "Montez, et murez derrière vous."},
...             do=("c1-c2S",), setup=lambda: fendo.position({"c1": 0, "c5": 1}))
>>> lesson = Lesson("fendo", 0, (step,))
>>> [(i, state.to_move) for i, _, state in lesson.states()]
[(0, (0,))]
>>> step.asks and step.takes("c1-c2S") and not step.takes("c1-b1E")
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Words = dict       # {"en": str, "fr": str}


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    ``say``: what to look at and what to do.  ``do``: the actions the step takes (any one
    of them; empty: a step to read, then *Next*).  ``done``: said once it is done, what it
    did and why it matters.  ``other``: said for a legal action the step does not ask for
    (why the lesson asks for another); the engine's own reason refuses an illegal one.
    ``answers``: the other seats' actions after it, ``(seat, action)`` in order.
    ``setup``: a new position from this step on (a function: a state is built afresh at
    each visit, so a reload rebuilds it); else the lesson goes on from the last step's.
    ``quote``: the rulebook's own words, where they teach best."""

    say: Words
    do: tuple = ()
    done: Words | None = None
    other: Words | None = None
    answers: tuple = ()
    setup: Callable | None = None
    quote: Words | None = None

    @property
    def asks(self) -> bool:
        return bool(self.do)

    def takes(self, action: str) -> bool:
        return action in self.do


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: its steps, and the seat the learner plays.  The first step sets up
    the position; the last hands over a real game (the shell offers it: from the lesson's
    position against the novice bot, or a fresh deal)."""

    game_id: str
    seat: int
    steps: tuple
    title: Words = field(default_factory=dict)

    def __post_init__(self):
        if not self.steps or self.steps[0].setup is None:
            raise ValueError(f"{self.game_id}: a lesson's first step sets up its position")

    def states(self):
        """Each step with the state it opens on, the scripted game played through:
        ``(index, step, state)``; the state is the one the step shows, before its action.
        Raises ``ValueError`` on an asked action or an answer the engine refuses."""
        state = None
        for i, step in enumerate(self.steps):
            if step.setup is not None:
                state = step.setup()
            yield i, step, state
            for action in step.do:            # each is legal here; the first is played on
                _legal(state, self.seat, action, self.game_id, i)
            if step.do:
                state.apply(self.seat, step.do[0])
            for seat, action in step.answers:
                _legal(state, seat, action, self.game_id, i)
                state.apply(seat, action)


def _legal(state, seat: int, action: str, game_id: str, i: int) -> None:
    if seat not in state.to_move or action not in state.legal_actions(seat):
        raise ValueError(f"{game_id} lesson, step {i + 1}: seat {seat} cannot play {action!r} here")
