"""The screen interface: what the shell asks of each game's screen (pure Python).

The shell (``ui/app.py`` and its parts, ``ui/parts/pages.py``) knows no game.  Each game has one package
under ``ui/games/`` whose screen, a :class:`GameScreen`, registers itself in
:mod:`ui.kit.registry` under its ``game.GAMES`` id.  The shell then asks that screen, and
nothing else, to

- start a turn with an empty selection (:meth:`GameScreen.new_selection`): what the
  player has picked so far, a frozen dataclass of the game's own;
- draw the table from the engine's ``view``, the selection and a :class:`Context` (names,
  language, whose turn, the undo state...) (:meth:`GameScreen.render`), for a game being
  played or for one step of a replay (``ctx.replay``);
- turn a tap or a key into a :class:`Reply`: a new selection, an action string of the
  game's notation, or a :class:`Message` (:meth:`GameScreen.tap`, :meth:`GameScreen.key`);
- say an action in words, for the live region (:meth:`GameScreen.announce`), and the
  position and the scores when a key asks (:meth:`GameScreen.read_out`, ``ui.kit.readout``);
- refuse an undo that would reveal hidden information (:meth:`GameScreen.undo_guard`);
- count the rounds whose summary the player has to see (:meth:`GameScreen.rounds_done`);
- give its rules page, its texts, its icon and its flags.

Whether a game hides information (hands, targets) is the engine's fact,
``GameInfo.hidden``: the shell then shows a "pass the device" screen between two people
before a secret choice (:meth:`GameScreen.secret`) and offers no play by link.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

import game

from ui.kit import i18n, readout


@dataclass(frozen=True)
class Message:
    """Something to tell the player in the status line: an i18n key and its parameters
    (messages among them are said too), or the engine's refusal (``error``), said in the
    player's language.

    >>> Message("nav.home").text("fr")
    'Accueil'
    >>> Message.refused(game.IllegalAction("No.", "no_such_code")).text("fr")
    'No.'

    A parameter may be a message of its own, said in the same language:

    >>> Message("play.hint", {"what": Message("nav.home")}).text("en")
    'Hint: Home'
    """

    key: str = ""
    params: dict = field(default_factory=dict)
    error: Exception | None = None

    @classmethod
    def refused(cls, exc: Exception) -> Message:
        return cls(error=exc)

    def text(self, lang: str) -> str:
        if self.error is not None:
            return i18n.error_text(lang, self.error)
        params = {k: v.text(lang) if isinstance(v, Message) else v for k, v in self.params.items()}
        return i18n.tr(lang, self.key, **params)


@dataclass(frozen=True)
class Reply:
    """What a tap or a key did.  ``sel``: the new selection (None: unchanged); ``action``:
    an action string to play now; ``message``: a refusal or a hint for the status line.
    ``redraw=False``: nothing on screen changed."""

    sel: Any = None
    action: str | None = None
    message: Message | None = None
    redraw: bool = True


@dataclass(frozen=True)
class Turn:
    """The turn of the human seat whose taps the table takes: its view, its legal actions
    and a way to ask the engine why an action is refused (None: it is legal)."""

    seat: int
    view: dict
    legal: list
    try_action: Callable[[str], Exception | None]
    humans: tuple = ()


@dataclass(frozen=True)
class Context:
    """What a table needs besides the view and the selection.

    ``acting``: the human seat whose taps the table takes (None: nobody's, e.g. a bot
    thinks, or a replay), and ``legal`` its legal actions; ``names``/``seats``: each seat's name and config (kind, level);
    ``undo``: ``(possible, reason key)``; ``link``: the markup of a game by link's box
    (which side this device plays, the link to send), for the table to place; ``round_shown``: the last round whose summary the
    player closed, and ``show_round`` whether one more is due; ``log``: every action so far,
    ``(seat, words)``, as this seat may know it, and ``log_all`` whether the player asked to
    see all of it (else its newest ``ui.kit.widgets.LOG_SHOWN`` entries are drawn); ``since``: the words of the others' actions
    since the acting seat last played, when there were several, and ``since_start`` whether
    it has not played yet (they are the game's first actions); ``preview(action)``: the
    acting seat's view after a legal action, played on a copy (a table may show what a
    choice would do before it is made), or None the first time: the shell works it out
    after the frame and draws the table again; ``refusal(action)``: why the engine refuses
    an action of the acting seat's (None: it is legal), for a table that names what a tap
    would be told (None: not known here, as at a guest's table); ``hint``: the default bot's suggestion, in
    words, not played; ``hints``: how many the players asked for in this game;
    ``settle``: a finished trick or collection (:meth:`GameScreen.settles`) is ``"held"`` on
    the table (play waits until a tap or about 1.5 s), then ``"moving"`` to its winner's
    pile for a moment (the table draws the move once), else None; ``arriving``: the last
    action was just played (``table.main`` marks ``<main>`` so, and the game's CSS slides
    the card or pawn in); ``sound``: the sound and vibration setting is on; ``guest``: the
    table of a seat whose game is held on another device (:mod:`ui.parts.guest`): what only the
    game's holder can do (a file, a new game, a replay) is not offered; ``inline``: the
    game's words, escaped, as markup (its cards drawn small among them), for the status and
    the log (:meth:`GameScreen.inline_words`).

    The marks (:meth:`GameScreen.places`): the shell adds ``data-mark="n"`` to the elements
    the others' actions since the acting seat's last touched (by id, ``ui.table.tabletop.lit``);
    ``marks`` is the same, id -> label, for a screen that draws the numbered badges itself
    (an SVG takes no ``::after``: ``ui.kit.widgets.svg_badge``); ``log_places``: each log entry's
    places (a tap on the entry flashes them); ``playback``: None (not offered: the others acted
    at most once since this seat's turn), ``""`` ("Show again" is offered, whether or not the game
    sums the actions up: ``sum_up``) or ``"on"`` (Show again draws a past position);
    ``hint_action``: the action ``hint`` suggests (a screen draws it where it would create
    what is not on the table yet: a wall, a card on its cell); in a lesson, the action its
    step asks for.  ``lesson``: the table of a lesson, whose own bar says what to do and
    has its buttons: the table draws no Undo, Hint, tools, end dialog, nor "waiting for".
    """

    tr: Callable
    lang: str = "en"
    names: tuple = ()
    seats: tuple = ()
    level_names: dict = field(default_factory=dict)
    acting: int | None = None
    legal: tuple = ()
    humans: tuple = ()
    thinking: int | None = None
    bot_ms: int | None = None
    bot_error: str | None = None
    message: str | None = None
    undo: tuple = (False, "undo.nothing")
    end_hidden: bool = False
    save_id: str = ""
    link: str = ""
    replay: bool = False
    show_round: bool = False
    round_shown: int = 0
    log: tuple = ()
    log_all: bool = False
    since: tuple = ()
    since_start: bool = False
    preview: Callable | None = None
    refusal: Callable | None = None
    hint: str | None = None
    hints: int = 0
    settle: str | None = None
    arriving: bool = False
    sound: bool = False
    guest: bool = False
    inline: Callable = str        # a game's words, escaped, as markup (GameScreen.inline_words)
    marks: dict = field(default_factory=dict)
    log_places: tuple = ()
    playback: str | None = None
    hint_action: str | None = None
    lesson: bool = False          # a lesson's table (ui.parts.lesson): no undo, hint, tools nor end dialog


@dataclass(frozen=True)
class NoSelection:
    """The selection of a game where a tap plays at once: nothing to remember."""

    @property
    def active(self) -> bool:
        return False

    def cleared(self) -> NoSelection:
        return self


# A place's id (:meth:`GameScreen.places`, :meth:`GameScreen.hint_places`), as a screen writes
# it: short, lowercase letters, digits and dashes (``~``: a fallback).  The table flashes, and
# a host sends its guests (ui/net/wire.py), only ids of this shape.
PLACE_ID = re.compile(r"~?[a-z0-9][a-z0-9-]{0,39}\Z")


class GameScreen:
    """One game's screen.  Subclasses set the class attributes and implement
    :meth:`render`, :meth:`tap` and :meth:`announce`; the rest has defaults.

    A selection is a frozen dataclass with ``active`` (something is picked: Escape and a
    tap beside the board let go) and ``cleared()`` (the selection after an action or a
    cancel; it may keep what is not a choice, such as a keyboard cursor).
    """

    game_id: str = ""
    selection: type = NoSelection
    texts: dict = {}            # i18n entries of this game, merged into ui.kit.i18n on registration
    rules: dict = {}            # language -> the rules page's HTML
    icon: str = ""              # the home screen's small SVG
    seat_colours: tuple = ()    # a colour class per seat, for the new-game form ("white", ...)
    rounds: bool = False        # the game is played in rounds with a summary after each
    round_by_round: bool = False  # each round's summary in turn (else only the last one)
    board_keys: frozenset = frozenset()   # keys the board takes when it has the focus
    sum_up: bool = True         # the status sums up what the others did since your last turn
                                 # (Show again is offered either way)
    in_view: tuple = ("#board",)  # what lies on the screen together, unscrolled, at every size
                                 # (selectors: tests/e2e/test_sizes.py measures them)
    notation: str = ""          # a pattern of the game's notation (action strings, card codes), which
                                 # no text a player reads may hold (tests/test_ui_words.py reads them all)

    # -- what the shell reads --------------------------------------------------------

    @property
    def info(self) -> game.GameInfo:
        return game.GAMES[self.game_id]

    @property
    def hidden(self) -> bool:
        return self.info.hidden

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def author(self) -> str:
        return self.info.author

    def new_selection(self):
        return self.selection()

    def seat_legend(self, tr, seat: int) -> str:
        """The heading of a seat in the new-game form."""
        return tr(f"{self.game_id}.seat{seat}")

    def option_disabled(self, name: str, options: dict) -> bool:
        """Whether an option of the new-game form means nothing with the others chosen."""
        return False

    def options_problem(self, options: dict, players: int) -> tuple | None:
        """Why the new-game form's options cannot be played with this many players: an i18n
        key and its parameters, said on the form instead of starting (None: they can)."""
        return None

    def lesson(self):
        """The game's lesson (a :class:`ui.kit.lesson.Lesson`, in its package's ``lesson.py``,
        imported when first asked for), or None."""
        return None

    def rules_page(self, lang: str) -> str:
        return self.rules.get(lang) or self.rules.get("en", "")

    # -- the table -------------------------------------------------------------------

    def render(self, view: dict, sel, ctx: Context) -> str:
        """The whole ``<main>`` of the table."""
        raise NotImplementedError

    def tap(self, act: str, data: dict, sel, turn: Turn | None) -> Reply | None:
        """A tap on an element with ``data-act=act``; None: not the table's.  ``turn`` is None
        when no human acts now (a tap may still change what is shown, such as a zoom)."""
        raise NotImplementedError

    def key(self, key: str, sel, view: dict, turn: Turn | None) -> Reply | None:
        """A key pressed on the board (``board_keys``); None: not used."""
        return None

    def announce(self, tr, before: dict, after: dict, names: list, seat: int, action: str) -> str:
        """``seat``'s ``action`` in words, from the views before and after it."""
        raise NotImplementedError

    def places(self, before: dict, after: dict, seat: int, action: str) -> tuple:
        """The ids of the elements of the table drawn from ``after`` that ``seat``'s
        ``action`` touched (the cell a card went to, the hexes a pawn left and reached...),
        the main one first; the shell marks and numbers them.  An id written ``~id`` is a
        fallback, marked only when none of the others is drawn (the card's player, once the
        card is gathered).  Read from the viewer's views, as :meth:`announce`: never an
        element that names what that seat may not know."""
        return ()

    def hint_places(self, view: dict, seat: int, action: str) -> tuple:
        """The ids of the elements of the table drawn from ``view`` that the suggested
        ``action`` would use (the card in the hand, the pawn and its cell...): lit."""
        return ()

    def hint_words(self, tr, view: dict, names: list, seat: int, action: str) -> str | None:
        """A hint in words, worded as an instruction ("Place the 8 on g4"): ``action``,
        suggested to ``seat`` and not played, said from its ``view`` alone; None: the shell
        says it with :meth:`announce` (a sentence in the past or present, from the view after
        the action played on a copy), so every game says its own."""
        return None

    def inline(self, lang: str, escaped: str) -> str:
        """Words of this game (``announce``, the status), escaped, as markup: a game with
        cards draws each card they name as a small picture of itself (``role="img"``, its
        words as its label).  By default the words as they are."""
        return escaped

    def inline_words(self, lang: str) -> Callable[[str], str]:
        """:meth:`inline` in ``lang``, one object per game and language (a cache keys on it)."""
        made = self.__dict__.setdefault("_inline", {})
        if lang not in made:
            made[lang] = lambda escaped, _lang=lang: self.inline(_lang, escaped)
        return made[lang]

    # -- reading the table out (ui.kit.readout: the keys V and R) ---------------------------

    def read_out(self, tr, view: dict, names: list, seat) -> list:
        """The whole position in a few sentences, in the words of this game's table, from
        ``seat``'s ``view`` alone (None: nobody's, the table in the open): never what that
        seat may not know.  By default nothing (the shell says so)."""
        return []

    def read_scores(self, tr, view: dict, names: list, seat) -> list:
        """The scores in words; by default each seat's ``scores`` from the view."""
        return readout.scores(tr, view, names)

    # -- undo and rounds ---------------------------------------------------------------

    def settles(self, before: dict, after: dict) -> bool:
        """Whether the action between these two views finished something a person should
        see on the table before play goes on (a trick, a collection): the shell then holds
        the next bot's move until a tap or about 1.5 s (``ctx.settle``)."""
        return False

    def undo_guard(self, before, taken: list) -> str | None:
        """None if taking back the actions ``taken`` (``[seat, action]``, oldest first)
        reveals nothing, else an i18n key (why not).  ``before`` is the game's ``State``
        as undo would leave it, a copy the guard may play ``taken`` on again."""
        return None

    def rounds_done(self, view: dict) -> int:
        """The number of the last round that ended (its summary may be shown)."""
        return 0

    # -- several people at one device ------------------------------------------------------

    def secret(self, view: dict) -> bool:
        """Whether the seat to move now makes a secret choice (a hidden game, several people
        at one device): the shell shows a pass screen first, then that seat's view.  Else it
        moves in the open, on a table that shows nobody's hand (``view(None)``, handed
        here).  By default every move of a hidden game is secret (a hand is played from)."""
        return self.hidden

