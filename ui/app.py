"""The application: the router that hosts the shell's parts (pure Python).

:class:`App` knows nothing of PyScript.  It is given

- ``dom``: ``render(html)``, ``go(hash)``, ``spawn(coro)``, ``sleep(s)`` (async),
  ``set_lang(lang)``, ``set_title(text)``, ``download(filename, text)``,
  ``announce(text)`` (the live region that tells every move to screen readers),
  ``share(url, title, text, done)`` (``done("shared" | "copied" | "shown")``), and
  ``update_now()`` (take the new version the service worker holds, and reload),
  ``to_top()`` (a new screen: scroll to its top and move the focus to its heading),
  ``persist(done)`` and ``install(done)`` (ask the browser to keep the saves; its install
  prompt: ``done(facts)``, see :mod:`ui.store.storage`)
  (``ui/web/dom.py`` in the browser, a fake in the tests);
- ``store``: the key-value store of :mod:`ui.store.saves`;
- ``bot``: an object with ``async think(record_json, seat, level, seed)``
  (the bot worker in the browser; ``bots.choose`` directly in the tests).

``base_url`` is the page's address without its fragment: links to a game (a replay, a
game played by link; see :mod:`ui.store.links`) are ``base_url + "#replay/<code>"`` and
``base_url + "#move/<code>"``.

The state is owned by the parts (:mod:`ui.host` names them and what they may ask of the
app): the app routes an address to its part, a tap to the part that takes it (:data:`ui.acts.ACTS`),
and draws the screen on show: the header, the banners, and the part's page.  A part that
changed what is on screen says so (:meth:`App.changed`); the screen is drawn once, when the
event is handled (:meth:`App.event`): a tap, a key, an address, a bot's answer, a timer, a
message of another device, another tab's write.

The page tells the app of three outside events: :meth:`on_storage` (another tab
wrote a save: a game played in two tabs stops here and offers a reload, see
``saves.Conflict``), :meth:`on_update` (a new version is ready: "reload to
update", which loses nothing since every action is already saved), and :meth:`on_keep`
(whether the browser keeps the saves); and of the other devices' events, which
:class:`ui.across.AcrossDevices` routes (``on_peer``, ``on_answer``).
"""

from __future__ import annotations

import functools
import random
import time

import bots

from ui import games  # each game's screen registers itself in ui.kit.registry
from ui.acts import ACTS, REVEALS, Event, drawn, routes
from ui.across import AcrossDevices
from ui.browser_events import BrowserEvents
from ui.kit import i18n, readout, registry
from ui.store import saves
from ui.parts import pages
from ui.parts.home import Home

LANG_KEY = saves.LANG_KEY

class App(AcrossDevices, BrowserEvents):
    def __init__(self, dom, store, bot, lang: str = "en", clock=time.time, rng=None,
                 bot_delay: float = 0.35, tz_offset: int = 0, base_url: str = "",
                 tap_quiet: float = 0.25, pace: float = 1.0, peers=None):
        self.dom = dom
        self.store = store
        self.bot = bot
        self.peers = peers          # the channels to other devices (ui.web.channels.Peers), or None
        self.clock = clock
        self.rng = rng or random.Random()
        self.lang = lang if lang in i18n.LANGS else "en"
        self.tz_offset = tz_offset    # JavaScript's Date.getTimezoneOffset(), for dates
        self.base_url = base_url      # the page's address, without the fragment
        self.level_ids = [lv["id"] for lv in bots.LEVELS]
        # An act of REVEALS is dropped within ``tap_quiet`` of the last change of the page, or
        # of the last tap dropped (too_soon): its button was not there before, and may have
        # appeared under the finger (the pass screen after a turn); and it counts as a tap
        # that played, for the table under it.
        self.tap_quiet = tap_quiet
        self._page = ""             # the page's markup
        self._acts = routes(ACTS)   # act -> owner: ACTS, checked once
        self._event = Event(self._draw_changed)
        self._changed = False       # something on screen changed since the last drawing
        self.changes = 0            # changes said and drawings: what is built at one count holds until the next
        self._to_top = None         # a new screen, drawn next: to its top (True) or to a heading's id
        self._quiet_from = float("-inf")    # its last change, or the last tap dropped since
        self._fresh = True      # the next drawing is a new screen: written whole, not patched
        self.screen = "home"
        self.arg = None
        self.notice = None          # (key, params, kind) shown at the top until the next screen
        self._notice_carry = False  # keep the notice through the next route()
        self.update_ready = False   # a new version is installed: offer "reload to update"
        # the parts, each with the state it owns; those home does not draw are made (and their
        # modules imported) when first used, or by warm() once the page is idle: see play
        self.home = Home(self)
        self._play = self._replays = self._bylink = self._files = None
        self._guest = None          # ui.parts.guest.Guest, made at the first #join (and imported then)
        self._lesson = None         # ui.parts.lesson.Lessons, made at the first #lesson
        self._bot_delay = bot_delay
        self._table_pace = (tap_quiet, pace)

    # -- the parts home does not draw, made when first used ---------------------------------

    @property
    def play(self):
        """The game played here (:mod:`ui.parts.play`, its table and the modules a table is drawn
        with).  Made at its first use: home's start imports only what home draws, since in
        Pyodide the imports are most of the app's own start (their dataclasses above all)."""
        if self._play is None:
            from ui.parts.play import Play
            self._play = Play(self, self._bot_delay, *self._table_pace)
        return self._play

    @property
    def lesson(self):
        """A game's lesson at its table (:mod:`ui.parts.lesson`), made at the first ``#lesson``."""
        if self._lesson is None:
            from ui.parts.lesson import Lessons
            self._lesson = Lessons(self, self._bot_delay, *self._table_pace)
        return self._lesson

    @property
    def replays(self):
        if self._replays is None:
            from ui.parts.replays import Replays
            self._replays = Replays(self)
        return self._replays

    @property
    def bylink(self):
        if self._bylink is None:
            from ui.parts.bylink import ByLink
            self._bylink = ByLink(self)
        return self._bylink

    @property
    def files(self):
        """Import, export and the recovery screen (:mod:`ui.parts.files`)."""
        if self._files is None:
            from ui.parts.files import Files
            self._files = Files(self)
        return self._files

    def warm(self) -> None:
        """Makes the parts home does not draw, once the page is idle (ui/web/boot.py), so that the
        first tap that needs one does not wait for its imports."""
        self.play, self.replays, self.bylink, self.files  # noqa: B018  (each property makes its part)

    # -- what the parts ask of the host (ui.host.Host) ------------------------------------

    def tr(self, key, /, **params):
        return i18n.tr(self.lang, key, **params)

    def now(self) -> float:
        return self.clock()

    def page_now(self) -> float:
        return self.dom.now()

    def new_id(self) -> str:
        while True:
            sid = f"{int(self.now()):x}{self.rng.getrandbits(24):06x}"
            if self.store.get(saves.key_of(sid)) is None:
                return sid

    def level_names(self, lang: str | None = None) -> dict:
        lang = lang or self.lang
        return {lv["id"]: lv.get("name_" + lang) or lv["name_en"] for lv in bots.LEVELS}

    def names(self, game_id: str, seats: list, lang: str | None = None) -> list:
        """Each seat's name on screen: its own, else its kind and level (in ``lang``: a
        guest's, on another device)."""
        lang = lang or self.lang
        tr = functools.partial(i18n.tr, lang)
        names = [pages.seat_name(tr, game_id, i, s, self.level_names(lang))
                 for i, s in enumerate(seats)]
        if len(seats) > 2:    # two bots of one level: tell them apart by seat number
            names = [f"{n} {i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]
        return names

    def tell(self, notice, carry: bool = False) -> None:
        self.notice = notice
        self._notice_carry = self._notice_carry or carry

    def go(self, hash_: str) -> None:
        self.dom.go(hash_)

    def replace(self, hash_: str) -> None:
        """Goes to ``hash_`` in place of the address on screen (a move link): Back then
        leads to the screen before the link, not to the link again (bug: Back was trapped)."""
        go = getattr(self.dom, "replace", None)
        (go or self.dom.go)(hash_)

    def spawn(self, coro) -> None:
        self.dom.spawn(coro)

    async def sleep(self, seconds: float) -> None:
        await self.dom.sleep(seconds)

    def announce(self, text: str) -> None:
        self.dom.announce(text)

    def warn(self, text: str) -> None:
        """A line in the browser's console, for whoever debugs (a guest's message dropped)."""
        warn = getattr(self.dom, "warn", None)
        if warn is not None:
            warn(text)

    def download(self, filename: str, text: str) -> None:
        self.dom.download(filename, text)

    def share(self, url, title, text, done) -> None:
        self.dom.share(url, title, text, self._handled(done))

    def _handled(self, callback):
        """``callback`` as an event of its own: the page calls it back (the share sheet's
        answer, a code the camera read), and what it changes is drawn once."""
        def handled(*args):
            with self._event:
                return callback(*args)
        return handled

    def signal(self, kind: str) -> None:
        signal = getattr(self.dom, "signal", None)
        if signal is not None:
            signal(kind)

    def open_game(self, session, write: bool = False) -> bool:
        return self.play.open(session, write)

    def close_game(self, sid=None) -> None:
        if self._play is not None:      # none made: no game is open
            self._play.close(sid)

    def saved(self, sid):
        """``(save, state)`` of a save of this device (None: the open game), or None."""
        ses = self._play and self._play.session
        sid = sid or (ses.id if ses else None)
        if ses is not None and ses.id == sid:
            return ses.save, ses.state
        try:
            return saves.load(self.store, sid, self.level_ids, bots.DEFAULT_LEVEL)
        except saves.SaveError:
            return None

    def start_game(self, game_id, seats, options, state=None) -> None:
        self.home.start(game_id, seats, options, state)

    def load_all(self) -> list:
        return self.home.load_all()

    def link_box(self, session, names) -> str:
        return self.bylink.box(session, names)

    def move_url(self, session) -> str:
        return self.bylink.move_url(session)

    def offer_link(self, url, game_id, text_key) -> None:
        self.bylink.offer(url, game_id, text_key)

    def shared(self, url):
        return self.bylink.result(url)

    # -- navigation ----------------------------------------------------------------

    def boot(self, hash_: str) -> None:
        """Loads the saves and shows the screen ``hash_`` names.  Whatever fails on the way
        (RecursionError, MemoryError, a bug...), the page is never left half-started: it
        shows the recovery screen, from which every stored key can be downloaded."""
        try:
            with self._event:
                self.dom.set_lang(self.lang)
                self.home.load_all()
                self.route(hash_)
                self.render()       # in here: a drawing that fails shows the recovery screen too
        except Exception as e:
            self.screen, self.arg = "recovery", None
            self.close_game()
            self.files.recover(e)
            self.render()

    def retry(self) -> None:
        self.screen = "home"
        self.home.problems = []
        self.boot("#")

    @drawn
    def route(self, hash_: str) -> None:
        """Shows the screen a URL fragment names (``#play/<id>``, ``#new/<game>``...)."""
        if self._notice_carry:
            self._notice_carry = False
        else:
            self.notice = None
        parts = (hash_ or "").lstrip("#").split("/")
        name, arg = parts[0], (parts[1] if len(parts) > 1 else None)
        if name == "play" and arg:
            self.play.route(arg)
        elif name == "replay" and arg:
            self.replays.open(arg)
        elif name == "move" and arg:
            self.bylink.receive(arg)
        elif name == "join" and arg:
            self.guest.join(arg)
        elif name == "answer" and arg:
            self.on_answer(arg, here=True)
        elif name == "new" and arg in registry.SCREENS:
            self.home.open_form(arg)
        elif name == "lesson" and arg in registry.SCREENS:
            self.lesson.open(arg)
        elif name == "rules" and registry.page_of(arg) is not None:
            self.show("rules", arg, at=parts[2] if len(parts) > 2 and parts[2].isalpha() else None)
        elif name == "about":
            self.show("about")
        else:
            self.home.load_all()
            self.show("home")

    def show(self, screen, arg=None, at=None) -> None:
        """Shows ``screen``; a new one from its top, or from its heading of id ``at``."""
        fresh = (screen, arg) != (self.screen, self.arg)
        if fresh and self._bylink is not None:
            self._bylink.forget()
        self.screen, self.arg = screen, arg
        self.home.confirm_delete = None
        self._fresh = self._fresh or fresh
        if at or fresh:     # a new screen starts at its top, the focus on its heading
            self._to_top = at or True
        self.changed()

    def kick(self) -> None:
        """Starts the bot's move if a bot is to move (one at a time)."""
        self.play.kick()

    # -- rendering -------------------------------------------------------------------

    def changed(self) -> None:
        """Something on screen changed: drawn once the event is handled (:meth:`event`); said
        outside of one (a part called directly, as tests do), drawn at once."""
        self.changes += 1
        if self._event.depth:
            self._changed = True
        else:
            self.render()

    def _draw_changed(self) -> None:
        if self._changed:
            self.render()

    def event(self) -> Event:
        """``with host.event():`` around what a task does after an ``await`` (a bot's answer,
        a timer), or a callback the page calls (a lock's answer): drawn once, at its end."""
        return self._event

    def render(self) -> None:
        """Draws the screen on show now: the header, the banners, and its part's page (the
        end of an event; a part says :meth:`changed` instead)."""
        self._changed = False
        self.changes += 1           # drawn afresh: what is built for it holds until the next change
        s = self.screen
        if s == "recovery":         # the plainest page: nothing else that might fail
            title, body = self.files.page()
            self.dom.set_title(title)
            self.dom.render(body, fresh=True)
            self._scroll()
            return
        playing = s == "play" and self.play.session is not None
        if playing:
            title, body = self.play.page()
        elif s == "replay" and self.replays.rp is not None:
            title, body = self.replays.page()
        elif s == "guest":
            title, body = self.guest.page()
        elif s == "lesson" and self._lesson is not None and self._lesson.game_id == self.arg:
            title, body = self.lesson.page()
        elif s == "handed":
            from ui.net.pairscreens import handed
            title, body = self.tr("guest.title"), handed(self.tr, self.arg)
        elif s == "new":
            title, body = self.home.form_page()
        elif s == "rules":
            body = pages.rules_page(self.tr, self.lang, self.arg, self.play.back_to())
            title = f"{self.tr('rules.title', game=registry.title(self.arg))} · {self.tr('app.name')}"
        elif s == "about":
            body = pages.about_page(self.tr, self.lang)
            title = f"{self.tr('about.title')} · {self.tr('app.name')}"
        else:
            title, body = self.home.page()
        notices = [("notice.update", {}, "info", ("update", "notice.update_now"))] if self.update_ready else []
        notices += self.play.notices() if playing else []
        notices += [self.notice] if self.notice else []
        self.dom.set_title(title)
        page = (pages.header(self.tr, self.lang, s)
                + "".join(pages.notice(self.tr, n) for n in notices) + body)
        if page != self._page:
            self._page, self._quiet_from = page, self.dom.now()
        self.dom.render(page, fresh=self._fresh)
        self._fresh = False
        self._scroll()
        if playing:
            self.play.shown()
        elif s == "guest":
            self.guest.shown()
        elif s == "lesson" and self._lesson is not None:
            self.lesson.shown()

    def _scroll(self) -> None:
        at, self._to_top = self._to_top, None
        if at is True:
            self.dom.to_top()
        elif at is not None:
            self.dom.to_top(at)

    # -- events ------------------------------------------------------------------------

    def _part(self, owner: str):
        """The part that takes the acts of ``owner`` (an entry of :data:`ACTS`) now, or None:
        those of the screen on show go to the screen's."""
        s = self.screen
        if owner == "game":
            return self.play if s == "play" else self._guest if s == "guest" else None
        if owner == "link":
            return self.play if s == "play" else self.replays if s == "replay" else None
        if owner == "table":
            return self._table()
        if owner == "keys":         # the help dialog of the keys that read out a table, or a replay
            return self.replays if s == "replay" else self._table()
        if owner == "devices":
            return self.play.devices
        if owner == "guest":
            return self._guest
        return self if owner == "app" else getattr(self, owner)    # home, files, replays, play

    @property
    def guest(self):
        """The guest part (a seat of a game held on another device), imported when first needed."""
        if self._guest is None:
            from ui.parts.guest import Guest
            self._guest = Guest(self, *self._table_pace)
        return self._guest

    def _table(self):
        """The table on screen, if a game is on it: a local game's, or a guest's."""
        if self.screen == "play" and self.play.session is not None:
            return self.play.table
        if self.screen == "guest" and self._guest is not None and self._guest.msg is not None:
            return self._guest.table
        if self.screen == "lesson" and self._lesson is not None:
            return self._lesson.table
        return None

    @drawn
    def on_click(self, act: str, data: dict, at: float | None = None) -> None:
        """A click/tap on an element with ``data-act``; ``data`` is its dataset; ``at`` when
        the input happened (``dom.now()``'s clock; None: unknown, never dropped).  The
        shell's own acts go to the part :data:`ACTS` names; any other to the table of the
        game on screen."""
        name = act.replace("_", "-")
        owner = self._acts.get(name)
        if owner is not None:
            part = self._part(owner)
            if part is None:
                return           # none on screen (a tap aimed at a screen since left)
            if name in REVEALS and at is not None:
                if self.too_soon(at):
                    return       # too soon after it appeared: the second half of a double tap
                self.play.table.played_at = at     # nor its first half: a play right after it waits
            getattr(part, "act_" + name.replace("-", "_"))(data)
        elif self.screen == "play":
            self.play.tap(act, data, at)
        elif self.screen == "guest":
            self.guest.tap(act, data, at)
        elif self.screen == "lesson" and self._lesson is not None:
            self._lesson.tap(act, data, at)

    def too_soon(self, at: float) -> bool:
        """Whether a tap at ``at`` on what just appeared (a reveal, the pass screen's links) is
        to be dropped: it comes within ``tap_quiet`` of the page's change or of the last tap
        dropped.  A dropped tap starts the quiet time again, so that no burst of taps, however
        long, gets through."""
        if at >= self._quiet_from + self.tap_quiet:
            return False
        self._quiet_from = max(self._quiet_from, at)
        return True

    @drawn
    def on_key(self, key: str, target_id: str, cell: str | None = None) -> bool:
        """A key on the board (or Escape, or a replay's keys, anywhere); True if it was used."""
        if self.screen == "replay":
            return self.replays.on_key(key)
        if self.screen == "play":
            return self.play.on_key(key, target_id, cell)
        if self.screen == "guest":
            return self.guest.on_key(key, target_id, cell)
        if self.screen == "lesson" and self._lesson is not None:
            return self._lesson.on_key(key, target_id, cell)
        return False

    def takes_key(self, key: str) -> bool:
        """Whether a key pressed anywhere on the page (not in a text field) is the app's:
        the arrows, Home and End step through a replay; on a table (a game here, a guest's,
        a lesson's), the keys that read it out (ui.kit.readout)."""
        if readout.asked(key) and self._table() is not None:
            return True
        return self.screen == "replay" and self.replays.takes_key(key)

    @drawn
    def on_form(self, name: str, value: str) -> None:
        """A field of the new-game form changed."""
        self.home.on_form(name, value)

    @drawn
    def import_text(self, text: str, filename: str = "") -> None:
        """The text of a file the user picked to import (:meth:`ui.parts.files.Files.import_text`)."""
        self.files.import_text(text, filename)

    def act_lang(self, data) -> None:
        lang = data.get("lang")
        if lang not in i18n.LANGS or lang == self.lang:
            return
        self.lang = lang
        try:
            self.store.set(LANG_KEY, lang)
        except Exception:
            pass
        self.dom.set_lang(lang)
        self.changed()

    def act_to_games(self, data) -> None:
        self.dom.go("#")
