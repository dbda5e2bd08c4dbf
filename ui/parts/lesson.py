"""A game's lesson, played at its real table (issue 56, "Learn by playing"; pure Python).

The lessons are data beside each game (:mod:`ui.kit.lesson`); :class:`Lessons` runs any of
them the same way and knows no game.  It holds the lesson's position (an engine state, the
actions played since the step that set it up) and feeds the table
(:class:`~ui.table.tabletop.Tabletop`, the one a game played here is drawn by) a
:class:`~ui.table.tabletop.Frame` as :mod:`ui.parts.play` does: the table draws the game's
own screen, lights what the step asks for (the hint's mechanism, ``hint_action``) and turns
the learner's taps into action strings.  Above the table, the lesson's bar: the step's words
in a live region, the rulebook's, the step counter, Next, Skip and Leave.

An action the step asks for is played, its ``done`` words shown, then the other seats'
scripted answers played one by one at a bot's pace; a legal action it does not ask for is
refused with the step's ``other`` words (nothing played); an illegal one with the engine's
own reason, as at any table.  Where the lesson stands is kept on the device
(:func:`ui.store.saves.write_lesson`): a reload comes back to the same step, its position
rebuilt from the step that last set one up along the lesson's line (the actions the learner
chose there, else the ones the lesson scripts).  The last step hands over a real game
against the novice bot, from a fresh start or, where the table holds a position of its own,
played on from it: a position's record carries its setup (``game.core.sets_up``).
"""

from __future__ import annotations

import game

from ui.kit import readout, registry
from ui.kit.html import attrs, button, esc
from ui.kit.screen import Message
from ui.store import saves
from ui.table.tabletop import Frame, Tabletop, lit

WORDS_ID = "lesson-say"      # the step's instruction: what the lit places are described by


class Lessons:
    def __init__(self, host, bot_delay: float = 0.35, tap_quiet: float = 0.25, pace: float = 1.0):
        self.host = host
        self.bot_delay = bot_delay
        self.table = Tabletop(host, tap_quiet, pace)
        self.game_id: str | None = None
        self.lesson = None          # the game's ui.kit.lesson.Lesson
        self.i = 0                  # the step on show
        self.done = False           # the lesson was finished once, on this device
        self.took: dict = {}        # step -> the action the learner played there (one of its ``do``)
        self.state = None           # the position on the table
        self.base = 0               # the step whose setup the position comes from
        self.line: list = []        # [(seat, action)] played since that setup
        self.phase = "read"         # "ask": the step waits for the learner; "answering"; "read": Next
        self.note = None            # ("done" | "other", words) under the step's words
        self.thinking = None        # the seat whose scripted answer is coming
        self._token = object()      # a new one at each step: a task of the last step stops
        self._log = (None, [])
        self._frame = (None, None)
        self._shown = None

    # -- opening, where the lesson stands --------------------------------------------------

    @property
    def screen(self):
        return registry.screen(self.game_id)

    @property
    def steps(self) -> tuple:
        return self.lesson.steps

    @property
    def step(self):
        return self.steps[self.i]

    @property
    def last(self) -> bool:
        return self.i == len(self.steps) - 1

    def open(self, game_id: str) -> None:
        """``#lesson/<game>``: the lesson, at the step this device left it at."""
        host = self.host
        lesson = registry.screen(game_id).lesson()
        if lesson is None:
            host.tell(("lesson.none", {}, "info"), carry=True)
            host.replace("#new/" + game_id)
            return
        kept = saves.lesson(host.store, game_id)
        self.game_id, self.lesson = game_id, lesson
        kept = kept or {"step": 0, "done": False, "took": {}}
        self.done = kept["done"]
        self.took = {k: v for k, v in kept["took"].items() if k < len(lesson.steps) and lesson.steps[k].takes(v)}
        self.table.reset(game_id)
        self._to(min(kept["step"], len(lesson.steps) - 1))
        host.show("lesson", game_id)

    def _to(self, i: int) -> None:
        """Step ``i`` on the table: its position rebuilt, nothing said yet, kept on the device."""
        self.i = i
        self._token = object()
        self.thinking = None
        self.note = None
        self._rebuild()
        self.table.cleared()
        self.phase = "ask" if self.step.asks and self.lesson.seat in self.state.to_move else "read"
        self.done = self.done or self.last
        self._keep()

    def _keep(self) -> None:
        if not saves.write_lesson(self.host.store, self.game_id, self.i, self.done, self.took):
            self.host.warn(f"the lesson of {self.game_id} was not kept: the storage refused it")

    def _rebuild(self) -> None:
        """The position step ``i`` opens on, from the last step before it that set one up, as
        :meth:`ui.kit.lesson.Lesson.states` plays it (the learner's own choices where kept).
        An action the engine refuses on the way (an answer after another choice) is left out."""
        steps = self.steps
        self.base = max(j for j in range(self.i + 1) if steps[j].setup is not None)
        state, line = steps[self.base].setup(), []
        for j in range(self.base, self.i):
            step = steps[j]
            mine = [a for a in (self.took.get(j), *step.do[:1]) if a]
            for action in mine:
                if self._legal(state, self.lesson.seat, action):
                    state.apply(self.lesson.seat, action)
                    line.append((self.lesson.seat, action))
                    break
            for seat, action in step.answers:
                if self._legal(state, seat, action):
                    state.apply(seat, action)
                    line.append((seat, action))
        self.state, self.line = state, line

    @staticmethod
    def _legal(state, seat: int, action: str) -> bool:
        return seat in state.to_move and action in state.legal_actions(seat)

    # -- what the table is handed -----------------------------------------------------------

    def seats(self) -> list:
        return [{"kind": "human", "name": "", "level": None} if s == self.lesson.seat
                else {"kind": "bot", "name": "", "level": self._level()} for s in range(self.state.players)]

    def _level(self) -> str:
        ids = self.host.level_ids
        return "novice" if "novice" in ids else ids[0]

    def names(self) -> list:
        return self.host.names(self.game_id, self.seats())

    def log(self, names) -> list:
        """The actions since the position was set up, in words from the learner's seat, with
        their places: built once per action and language."""
        key = (self._token, self.host.lang, len(self.line))
        if self._log[0] != key:
            scr, me, tr = self.screen, self.lesson.seat, self.host.tr
            st, out = self.steps[self.base].setup(), []
            for seat, action in self.line:
                before = st.view(me)
                st.apply(seat, action)
                after = st.view(me)
                out.append((seat, scr.announce(tr, before, after, names, seat, action),
                            tuple(scr.places(before, after, seat, action))))
            self._log = (key, out)
        return self._log[1]

    def current(self) -> Frame:
        """The frame as the lesson stands, built once per change said (as play's)."""
        changes, f = self._frame
        if f is None or changes != self.host.changes or f.at != self.at():
            f = self.frame()
            self._frame = (self.host.changes, f)
        return f

    def at(self):
        return (self._token, len(self.line))

    def frame(self) -> Frame:
        st, me = self.state, self.lesson.seat
        names = tuple(self.names())
        acting = me if self.phase == "ask" and self.host.screen == "lesson" else None
        entries = self.log(list(names))
        legal = tuple(st.legal_actions(me)) if acting is not None else ()
        extras = dict(thinking=self.thinking, lesson=True, save_id="",
                      hint_action=self.step.do[0] if acting is not None else None)
        return Frame(
            self.game_id, self.at(), view=st.view(me), names=names, seats=tuple(self.seats()), humans=(me,),
            acting=acting, legal=legal, try_action=self._try if acting is not None else None,
            log=tuple((s, w) for s, w, _ in entries), places=tuple(p for _, _, p in entries),
            over=st.over, extras=extras)

    def _try(self, action: str):
        """None if the engine takes ``action`` here, else its refusal (nothing played)."""
        if action in self.state.legal_actions(self.lesson.seat):
            return None
        try:
            self.state.clone().apply(self.lesson.seat, action)
        except game.IllegalAction as e:
            return e
        return None

    # -- drawing ------------------------------------------------------------------------------

    def page(self) -> tuple[str, str]:
        host = self.host
        f = self._shown = self.current()
        table = self.table.draw(f)
        hinted = (self.screen.hint_places(f.view, f.acting, f.extras["hint_action"])
                  if f.extras.get("hint_action") else ())
        table = lit(table, {i: f' aria-describedby="{WORDS_ID}"' for i in hinted if f' id="{i}"' in table})
        title = self._words(self.lesson.title) or host.tr("lesson.learn")
        # the bar above the table's <main>, or beside it on a wide or sideways screen (app.css):
        # the table's grid stays the game's own
        return f"{title} · {host.tr('app.name')}", f'<div class="lesson-page">{self.bar(title)}{table}</div>'

    def _words(self, words) -> str:
        return (words.get(self.host.lang) or words.get("en") or "") if words else ""

    def bar(self, title: str) -> str:
        tr, step, n = self.host.tr, self.step, len(self.steps)
        note = ""
        if self.note is not None:
            kind, words = self.note
            note = f'<p class="lesson-note lesson-{kind}" id="lesson-note" data-note="{kind}">{esc(self._words(words))}</p>'
        quote = ""
        if step.quote:
            # folded: what to do and the table come first on a small screen; a person's
            # opening it stays through the step's redraws (the drawing does not change it)
            quote = (f'<details class="lesson-quote" id="lesson-quote"><summary>{esc(tr("lesson.rulebook"))}</summary>'
                     f'<blockquote><p>{esc(self._words(step.quote))}</p></blockquote></details>')
        waiting = self.phase != "read"
        actions = []
        helps = []
        if self.last and not waiting:
            level = self.host.level_names()[self._level()]
            actions.append(button(esc(tr("lesson.play")), "lesson-play", "primary", id="lesson-play",
                                  aria_describedby="lesson-play-help"))
            helps.append(("lesson-play-help", tr("lesson.play_help", level=level)))
            if self._goes_on():
                actions.append(button(esc(tr("lesson.play_on")), "lesson-play-on", "ghost", id="lesson-play-on",
                                      aria_describedby="lesson-play-on-help"))
                helps.append(("lesson-play-on-help", tr("lesson.play_on_help", level=level)))
        elif not self.last:
            actions.append(button(esc(tr("lesson.next")), "lesson-next", "ghost is-disabled" if waiting else "primary",
                                  id="lesson-next", aria_disabled="true" if waiting else None))
            actions.append(button(esc(tr("lesson.skip")), "lesson-skip", "ghost", id="lesson-skip"))
        actions.append(f'<a class="button ghost" href="#" id="lesson-leave">{esc(tr("lesson.leave"))}</a>')
        help_ = "".join(f'<p class="help" id="{ident}">{esc(words)}</p>' for ident, words in helps)
        return (
            f'<section class="lesson-bar" id="lesson-bar"{attrs(data_step=self.i + 1, data_steps=n, data_phase=self.phase, data_done="1" if self.done else None)}'
            f' aria-labelledby="lesson-title"><div class="lesson-head"><h1 id="lesson-title">{esc(title)}</h1>'
            f'<p class="lesson-count" id="lesson-count">{esc(tr("lesson.step", n=self.i + 1, total=n))}</p></div>'
            f'<div class="lesson-words" id="lesson-words" aria-live="polite">'
            f'<p class="lesson-say" id="{WORDS_ID}">{esc(self._words(step.say))}</p>{note}</div>'
            f'<div class="lesson-actions">{"".join(actions)}</div>{help_}{quote}</section>'
        )

    def shown(self) -> None:
        self.table.shown(self._shown)

    # -- taps and keys ----------------------------------------------------------------------

    def tap(self, act: str, data: dict, at: float | None) -> None:
        """A tap on the table: the game's screen turns it into a selection or an action."""
        if self.lesson is not None:
            self._to_table(lambda f: (True, self.table.tap(act, data, f, at)))

    def on_key(self, key: str, target_id: str, cell: str | None = None) -> bool:
        if self.lesson is None:
            return False
        what = readout.asked(key)
        if what == "turn":          # T: what to do is the step's words (the table has no status)
            note = self._words(self.note[1]) if self.note is not None else ""
            self.host.announce(" ".join(w for w in (self._words(self.step.say), note) if w))
            return True
        if what is not None:        # the other keys that read the table out
            return self.table.read(what, self.current())
        if key == "Escape":
            if self.table.escape(False):
                self.host.changed()
                return True
            return False
        if target_id != "board" or key not in self.screen.board_keys:
            return False
        return self._to_table(lambda f: self.table.key(key, f, cell))

    def _to_table(self, answer) -> bool:
        f = self.current()
        used, action = answer(f)
        if action is not None and f.acting is not None:
            self.move(action)
        return used

    def move(self, action: str) -> None:
        """The learner's action: played if the step asks for it; else refused, with the
        step's words (a legal one) or the engine's reason (an illegal one)."""
        host, me, step = self.host, self.lesson.seat, self.step
        if self.phase != "ask":
            return
        if not step.takes(action):
            err = self._try(action)
            if err is not None:
                self.table.msg = Message.refused(err)
            else:
                self.table.cleared()
                self.note = ("other", step.other or step.say)
            host.changed()
            return
        self.took[self.i] = action
        self._keep()
        self._play(me, action)
        self.table.cleared()
        self.note = ("done", step.done) if step.done else None
        self.phase = "answering"
        host.changed()
        host.spawn(self._answers(self._token))

    def _play(self, seat: int, action: str) -> None:
        """Plays an action on the table: said through the live region, logged, paced."""
        host, scr, me = self.host, self.screen, self.lesson.seat
        before = self.state.view(me)
        self.state.apply(seat, action)
        self.line.append((seat, action))
        after = self.state.view(me)
        host.announce(scr.announce(host.tr, before, after, self.names(), seat, action))
        self.table.pacing.played(self.at(), scr.settles(before, after), host.now())

    async def _answers(self, token) -> None:
        """The other seats' scripted answers, one by one at a bot's pace, each seen before
        the next (a finished trick held on the table first); then Next."""
        host, pacing = self.host, self.table.pacing
        after_bot = False
        for seat, action in self.step.answers:
            await self._settled(token)
            with host.event():
                if token is not self._token:
                    return
                self.thinking = seat
                host.changed()
            await host.sleep(pacing.bot_gap(self.bot_delay, after_bot))
            with host.event():
                if token is not self._token:
                    return
                self.thinking = None
                if self._legal(self.state, seat, action):
                    self._play(seat, action)
                else:
                    host.warn(f"lesson of {self.game_id}, step {self.i + 1}: {action!r} not legal, left out")
                host.changed()
            after_bot = True
        await self._settled(token)
        with host.event():
            if token is self._token:
                self.phase = "read"
                host.changed()

    async def _settled(self, token) -> None:
        """Waits while a finished trick or collection is held on the table, then lets it go."""
        pacing = self.table.pacing
        if pacing.settle(self.at(), self.host.now()) == "held":
            await self.host.sleep(pacing.HOLD * pacing.pace)
            with self.host.event():
                if pacing.release(None, self.host.now()) and token is self._token:
                    self.host.changed()

    # -- the lesson's acts --------------------------------------------------------------

    def _here(self) -> bool:
        return self.lesson is not None and self.host.screen == "lesson"

    def act_lesson_next(self, data) -> None:
        """Next: once the step is done (its answers seen), or read."""
        if not self._here() or self.last:
            return
        if self.phase != "read":
            self.table.msg = Message("lesson.do_first")
            self.host.changed()
            return
        self._to(self.i + 1)
        self.host.changed()

    def act_lesson_skip(self, data) -> None:
        """Skip: the next step, the lesson playing this one's line for the learner."""
        if self._here() and not self.last:
            self._to(self.i + 1)
            self.host.changed()

    def _goes_on(self) -> bool:
        """Whether the table holds a game other than a fresh start's, to be played on."""
        state = self.state
        return not state.over and (state.setup is not None or bool(state.actions))

    def act_lesson_play(self, data) -> None:
        """The hand-over: a real game, the learner against bots of the novice level, from a
        fresh start."""
        if self._here() and self.last and self.phase == "read":
            self.host.start_game(self.game_id, self.seats(), {})

    def act_lesson_play_on(self, data) -> None:
        """The other hand-over: the game on the table, played on against the same bots (its
        record carries the position's setup, so it saves, reloads and undoes as any game)."""
        if self._here() and self.last and self.phase == "read" and self._goes_on():
            self.host.start_game(self.game_id, self.seats(), {}, self.state)
