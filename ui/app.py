"""The application: screens, navigation, events, the bot loop (pure Python).

:class:`App` knows nothing of PyScript.  It is given

- ``dom``: ``render(html)``, ``go(hash)``, ``spawn(coro)``, ``sleep(s)`` (async),
  ``set_lang(lang)``, ``set_title(text)``, ``download(filename, text)``,
  ``announce(text)`` (the live region that tells every move to screen readers),
  ``share(url, title, text, done)`` (``done("shared" | "copied" | "shown")``), and
  ``update_now()`` (take the new version the service worker holds, and reload),
``to_top()`` (a new screen: scroll to its top and move the focus to its heading),
  ``persist(done)`` and ``install(done)`` (ask the browser to keep the saves; its install
  prompt: ``done(facts)``, see :mod:`ui.storage`)
  (``ui/dom.py`` in the browser, a fake in the tests);
- ``store``: the key-value store of :mod:`ui.saves`;
- ``bot``: an object with ``async think(record_json, seat, level, seed)``
  (the bot worker in the browser; ``bots.choose`` directly in the tests).

``base_url`` is the page's address without its fragment: links to a game (a replay, a
game played by link; see :mod:`ui.links`) are ``base_url + "#replay/<code>"`` and
``base_url + "#move/<code>"``.

Every change of state ends with :meth:`render`, which draws the current screen
from the engine's ``view`` and the local UI state (selection, messages).

The page tells the app of three outside events: :meth:`on_storage` (another tab
wrote a save: a game played in two tabs stops here and offers a reload, see
``saves.Conflict``), :meth:`on_update` (a new version is ready: "reload to
update", which loses nothing since every action is already saved), and :meth:`on_keep`
(whether the browser keeps the saves).
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass

import bots
import game

from . import games  # noqa: F401  (each game's screen registers itself in ui.registry)
from . import i18n, inbox, links, merge, registry, saves, screens, storage
from .screen import Context, Message, Turn
from .session import Session

LANG_KEY = saves.LANG_KEY
SOUND_KEY = saves.PREFIX + "sound"      # "1": a blip and a buzz on your turn and on a capture
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "end"}
# The shell's acts that show what was hidden (a hand, by the pass screen; a seed, in a file):
# never either half of a double tap (App.on_click).
REVEALS = frozenset({"reveal", "export-anyway"})


@dataclass
class Replay:
    """The replay on screen: its link's code and contents, every position, the step shown,
    and whose hand is shown (None: a game that hides nothing)."""

    code: str
    link: links.Link
    states: list
    step: int = 0
    seat: int | None = None


@dataclass
class Shared:
    """The link last offered to share, and what became of it ("shared", "copied", "shown")."""

    url: str
    result: str | None = None


class App:
    def __init__(self, dom, store, bot, lang: str = "en", clock=time.time, rng=None,
                 bot_delay: float = 0.35, tz_offset: int = 0, base_url: str = "",
                 tap_quiet: float = 0.25):
        self.dom = dom
        self.store = store
        self.bot = bot
        self.clock = clock
        self.rng = rng or random.Random()
        self.lang = lang if lang in i18n.LANGS else "en"
        self.bot_delay = bot_delay
        self.tz_offset = tz_offset    # JavaScript's Date.getTimezoneOffset(), for dates
        self.base_url = base_url      # the page's address, without the fragment
        self.level_ids = [lv["id"] for lv in bots.LEVELS]
        # One action per tap: a table tap aimed at a table since redrawn for another position
        # (it waited while Python was busy), or one that would play an action within
        # ``tap_quiet`` seconds of the tap that played the last one (a double tap: its second
        # half lands on the next turn's table), is dropped.  Times are the page's own clock
        # (``dom.now()``, the events' timeStamp), in seconds.  An act of REVEALS is dropped
        # within ``tap_quiet`` of the last change of the page: its button was not there
        # before, and may have appeared under the finger (the pass screen after a turn); and
        # it counts as a tap that played, for the table under it.
        self.tap_quiet = tap_quiet
        self._drawn = (None, float("-inf"))    # (game, position) on screen, and since when
        self._page = ("", float("-inf"))       # the page's markup, and since when
        self._played_at = float("-inf")        # when the last tap that played an action came
        # screen
        self.screen = "home"
        self.arg = None
        self.notice = None          # (key, params, kind) shown at the top until the next screen
        self._notice_carry = False  # keep the notice through the next route()
        self.problems = []          # saves that could not be read (moved aside)
        self.home_games = []
        self.confirm_delete = None    # a save id: its Delete button asks "Really delete?"
        # new-game form
        self.form = None
        # play
        self.session: Session | None = None
        self.sel = None             # what the player has picked this turn (the game's Selection)
        self.msg: Message | None = None   # a refusal or a hint, in the status line
        self.end_hidden = False
        self._log = None            # the game log: ((session, lang), [(seat, words), ...])
        self._previews = (None, {}, set())
        self.hint = None            # (position, words): the default bot's suggestion, shown  # (session, position, seat), {action: view}, wanted
        self.thinking = None        # the bot seat thinking, or None
        self.bot_ms = None          # how long the last bot decision took (for benchmarks)
        self.bot_error = None
        self._bot_running = False
        self.pace = 1.0             # 1: a person's pace (HOLD, BOT_GAP); 0: no waiting (tests)
        self._held = None           # [session, ply, "held" | "moving", since]: see _paced
        self._played = None         # (session, ply, when) of the last action: see _arriving
        self.revealed = None        # hot-seat: the seat whose hand is on screen
        self.round_seen = 0         # the last round whose summary was closed
        self.stale = False          # another tab played this game on: reload before playing
        self.unsaved = False        # the last write failed (device full): playing in memory
        self.update_ready = False   # a new version is installed: offer "reload to update"
        self.keep = storage.Keeper()   # whether the browser keeps the saves: see on_keep
        self._msg_said = None       # the message last told through the live region
        # replays and games by link
        self.rp: Replay | None = None      # the replay on screen
        self.share: Shared | None = None   # the link last offered, and what became of it
        self._move_links = {}       # (save id, actions) -> the code of a game by link at that point

    # -- helpers --------------------------------------------------------------------

    def tr(self, key, /, **params):
        return i18n.tr(self.lang, key, **params)

    def now(self) -> float:
        return self.clock()

    def new_id(self) -> str:
        while True:
            sid = f"{int(self.now()):x}{self.rng.getrandbits(24):06x}"
            if self.store.get(saves.key_of(sid)) is None:
                return sid

    def _write(self, save) -> bool:
        """Saves; on failure the game goes on in memory and the player is told why."""
        try:
            saves.write(self.store, save)
        except saves.Conflict:
            self.stale = True
            return False
        except saves.StorageFull:
            self.unsaved = True
            return False
        except Exception as e:  # storage disabled: keep playing, say so
            self.notice = ("notice.save_failed", {"error": str(e)}, "error")
            return False
        self.unsaved = False
        if self.keep.ask("save"):
            self.dom.persist(self.on_keep)
        return True

    def _fresh(self) -> bool:
        """False once another tab has written the open game since this one read it."""
        ses = self.session
        if ses is not None and not self.stale:
            stored = saves.stored_rev(self.store, ses.id)
            if stored not in (None, ses.save["rev"]) or (stored is None and ses.save["rev"] > 0):
                self.stale = True        # played on, or deleted (a deletion stays one)
        return not self.stale

    def _load_all(self):
        """Reads every save.  The problems shown are replaced, never appended to: those found
        now, and those set aside earlier whose copy is still kept, less the ones the player
        closed (a newer version's save, or one a full device could not move, is found again
        at every load)."""
        loaded, problems = saves.load_all(self.store, self.level_ids, bots.DEFAULT_LEVEL)
        dismissed = getattr(self, "_dismissed", set())
        kept = [p for p in self.problems
                if p.get("aside") and self.store.get(p["aside"]) is not None]
        seen, out = set(), []
        for p in kept + problems:
            ident = (p["key"], p.get("aside"))
            if ident not in seen and ident not in dismissed:
                seen.add(ident)
                out.append(p)
        self.problems = out
        self.home_games = loaded

    # -- navigation ----------------------------------------------------------------

    def boot(self, hash_: str) -> None:
        """Loads the saves and shows the screen ``hash_`` names.  Whatever fails on the way
        (RecursionError, MemoryError, a bug...), the page is never left half-started: it
        shows :meth:`_recover`'s screen, from which every stored key can be downloaded."""
        try:
            self.dom.set_lang(self.lang)
            self._load_all()
            self.route(hash_)
        except Exception as e:   # noqa: BLE001
            self._recover(e)

    # -- recovery: a start that failed ------------------------------------------------

    BACKUP_PREFIX = saves.PREFIX

    def _recover(self, error) -> None:
        self.screen, self.arg = "recovery", None
        self.session = None
        self.failure = f"{type(error).__name__}: {error}"[:500]
        self._render_recovery()

    def _stored_keys(self) -> list:
        try:
            return sorted(k for k in self.store.keys() if str(k).startswith(self.BACKUP_PREFIX))
        except Exception:   # noqa: BLE001
            return []

    def _render_recovery(self) -> None:
        keys = []
        for k in self._stored_keys():
            try:
                size = len(self.store.get(k) or "")
            except Exception:   # noqa: BLE001
                size = 0
            keys.append((k, size, not k.startswith((saves.ASIDE_PREFIX, LANG_KEY))))
        try:
            body = screens.recovery(self.tr, getattr(self, "failure", ""), keys)
        except Exception:   # noqa: BLE001 -- the plainest page still offers the download
            body = ('<main id="main"><p>The games could not start.</p>'
                    '<button type="button" data-act="recovery-download">Download all</button></main>')
        self.dom.set_title(i18n.TABLE["app.name"]["en"])
        self.dom.render(body)

    def backup_text(self) -> str:
        """Every key of ours in the store, as one JSON file (what "Download all" saves;
        assets/watchdog.js writes the same from JavaScript)."""
        data = {}
        for k in self._stored_keys():
            try:
                v = self.store.get(k)
            except Exception:   # noqa: BLE001
                v = None
            if isinstance(v, str):
                data[k] = v
        return json.dumps({saves.BACKUP_MARK: 1, "saved": saves.iso(self.now()), "keys": data},
                          ensure_ascii=False, indent=1) + "\n"

    def act_recovery_download(self, data) -> None:
        self.dom.download(f"{saves.PREFIX[:-1]}-all-{saves.iso(self.now())[:10]}.json", self.backup_text())

    def act_recovery_aside(self, data) -> None:
        """Moves one stored key's text aside (never deleted), then shows the list again."""
        key = data.get("key", "")
        if self.screen != "recovery" or key not in self._stored_keys() or key.startswith(saves.ASIDE_PREFIX):
            return
        try:
            saves.set_aside(self.store, key, self.store.get(key) or "", "set aside after a failed start", "rebuild")
        except Exception:   # noqa: BLE001
            pass
        self._render_recovery()

    def act_recovery_retry(self, data) -> None:
        self.screen = "home"
        self.problems = []
        self.boot("#")

    def route(self, hash_: str) -> None:
        """Shows the screen a URL fragment names (``#play/<id>``, ``#new/<game>``...)."""
        if self._notice_carry:
            self._notice_carry = False
        else:
            self.notice = None
        parts = (hash_ or "").lstrip("#").split("/")
        name, arg = parts[0], (parts[1] if len(parts) > 1 else None)
        if name == "play" and arg:
            if self.session is None or self.session.id != arg:
                try:
                    save, state = saves.load(self.store, arg, self.level_ids, bots.DEFAULT_LEVEL)
                except saves.SaveError:
                    # missing: gone home; unreadable: load_all moves it aside and says so
                    self._load_all()
                    if not self.problems or self.problems[-1]["key"] != saves.key_of(arg):
                        self.notice = ("notice.no_such_game", {}, "error")
                    self.session = None
                    self._show("home")
                    return
                self._open(Session(save, state))
            self._show("play", arg)
            self.kick()
            return
        if name == "replay" and arg:
            self._open_replay(arg)
            return
        if name == "move" and arg:
            self._receive(arg)
            return
        if name == "new" and arg in registry.SCREENS:
            self.form = self._default_form(arg)
            self._show("new", arg)
            return
        if name == "rules" and registry.page_of(arg) is not None:
            self._show("rules", arg)
            return
        if name == "about":
            self._show("about")
            return
        self._load_all()
        self._show("home")

    def _show(self, screen, arg=None) -> None:
        fresh = (screen, arg) != (self.screen, self.arg)
        if fresh:
            self.share = None
        self.screen, self.arg = screen, arg
        self.confirm_delete = None
        self.render()
        if fresh:
            self.dom.to_top()       # a new screen starts at its top, the focus on its heading

    def _screen(self):
        """The screen of the game being played."""
        return registry.screen(self.session.game_id)

    def _open(self, session: Session) -> None:
        self.session = session
        self.sel = self._screen().new_selection()
        self.msg = None
        self.end_hidden = False
        self.bot_error = None
        self.revealed = None
        self.stale = False
        self.unsaved = False
        seen = session.save.get("round_seen")
        done = self._screen().rounds_done(session.view(None))
        self.round_seen = min(seen, done) if type(seen) is int else done

    # -- rendering -------------------------------------------------------------------

    def render(self) -> None:
        s = self.screen
        if s == "play" and self.session is not None:
            body = self._render_play()
            title = f"{game.GAMES[self.session.game_id].title} · {self.tr('app.name')}"
        elif s == "replay" and self.rp is not None:
            body = self._render_replay()
            title = f"{self.tr('replay.title')} · {game.GAMES[self.rp.link.record['game']].title} · {self.tr('app.name')}"
        elif s == "new":
            body = screens.new_game(self.tr, self.form, bots.LEVELS, self.lang)
            title = f"{self.tr('new.title')} · {self.tr('app.name')}"
        elif s == "rules":
            body = screens.rules_page(self.tr, self.lang, self.arg, self._back_to_game())
            title = f"{self.tr('rules.title', game=registry.title(self.arg))} · {self.tr('app.name')}"
        elif s == "about":
            body = screens.about_page(self.tr, self.lang)
            title = f"{self.tr('about.title')} · {self.tr('app.name')}"
        else:
            body = screens.home(self.tr, self.lang, self.home_games, self.problems,
                                saves.list_aside(self.store), self.level_names(), self.tz_offset,
                                self.confirm_delete, storage.home(self.tr, self.keep.facts, bool(self.home_games)))
            title = self.tr("app.name")
        notice = "".join(screens.notice(self.tr, n) for n in self._notices())
        if s == "play" and self.msg is not None and self.msg is not self._msg_said:
            # a refusal or a hint, told once through the live region: #status is redrawn
            # with the screen, and a region drawn anew is not read out
            self._msg_said = self.msg
            self.dom.announce(self.msg.text(self.lang))
        self.dom.set_title(title)
        page = screens.header(self.tr, self.lang, self.screen) + notice + body
        if page != self._page[0]:
            self._page = (page, self.dom.now())
        self.dom.render(page)
        if s == "play" and self.session is not None:
            drawn = (self.session, self.session.position())
            if drawn != self._drawn[0]:
                self._drawn = (drawn, self.dom.now())

    def _notices(self) -> list:
        """The banners on top of the screen, most urgent first."""
        out = []
        if self.update_ready:
            out.append(("notice.update", {}, "info", ("update", "notice.update_now")))
        if self.screen == "play" and self.session is not None:
            if self.stale and saves.stored_rev(self.store, self.session.id) is None:
                out.append(("notice.deleted_elsewhere", {}, "error", ("to-games", "notice.to_games")))
            elif self.stale:
                out.append(("notice.stale", {}, "error", ("reload-game", "notice.reload_game")))
            elif self.unsaved:
                out.append(("notice.storage_full", {}, "error", None))
        if self.notice:
            out.append(self.notice)
        return out

    def _back_to_game(self):
        if self.session is not None and not self.session.state.over:
            return self.session.id
        return None

    def level_names(self) -> dict:
        return {lv["id"]: lv.get("name_" + self.lang) or lv["name_en"] for lv in bots.LEVELS}

    def seat_names(self, session: Session) -> list:
        return self._names(session.game_id, session.seats)

    def _names(self, game_id: str, seats: list) -> list:
        names = [screens.seat_name(self.tr, game_id, i, s, self.level_names())
                 for i, s in enumerate(seats)]
        if len(seats) > 2:    # two bots of one level: tell them apart by seat number
            names = [f"{n} {i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]
        return names

    def _hidden_seat(self):
        """Hot-seat with hidden hands: the human to move, until they say they hold the device."""
        ses = self.session
        if not self._screen().hidden or len(ses.humans) < 2 or ses.state.over:
            return None
        seat = ses.human_to_move()
        return seat if seat is not None and seat != self.revealed else None

    def _acting(self):
        """The human seat whose taps the table takes now, if any."""
        if self.screen != "play" or self.session is None:
            return None
        seat = self.session.human_to_move()
        if seat is not None and self._hidden_seat() is not None:
            return None          # hot-seat: the hand is not on screen yet
        return seat

    def _turn(self):
        """The acting human's :class:`Turn`, or None."""
        seat = self._acting()
        if seat is None:
            return None
        ses = self.session
        return Turn(seat, ses.view(seat), ses.legal(seat), lambda a: ses.try_action(seat, a), tuple(ses.humans))

    def _game_log(self) -> list:
        """Every action of the game in words, ``[(seat, words), ...]``, as the live region said
        or would have said it: from the one human's view (hot-seat: nobody's), so that it
        shows only what that seat may know.  Built once from the record when a game opens (or
        the language changes), then one entry per action; an undo cuts it."""
        ses = self.session
        if self._log is None or self._log[0] != (ses, self.lang):
            scr, who, names = self._screen(), self._teller_seat(), self.seat_names(ses)
            record = ses.state.record()
            st = game.replay(dict(record, actions=[]))
            entries, before = [], st.view(who)
            for seat, action in record["actions"]:
                st.apply(seat, action)
                after = st.view(who)
                entries.append((seat, scr.announce(self.tr, before, after, names, seat, action)))
                before = after
            self._log = ((ses, self.lang), entries)
        del self._log[1][ses.ply:]
        return self._log[1]

    def _since(self, acting, entries) -> tuple:
        """What the others did since ``acting`` last played, when it was more than one action
        (one is already on the table): the status sums it up."""
        ses = self.session
        if acting is None:
            return ()
        mine = [i for i, (seat, _) in enumerate(entries) if seat == acting]
        start = mine[-1] + 1 if mine else 0
        others = [words for seat, words in entries[start:] if seat != acting and words]
        return tuple(others) if len(others) > 1 and (mine or len(ses.humans) == 1) else ()

    def _preview(self, seat: int, action: str):
        """``seat``'s view after ``action``, played on a copy of the game, or None until it is
        worked out: the tap's own frame is drawn first, then the previews it asked for
        (:meth:`_previews_later`), kept for the rest of the position."""
        ses = self.session
        at = (ses, ses.position(), seat)
        if self._previews[0] != at:
            self._previews = (at, {}, set())
        views, wanted = self._previews[1], self._previews[2]
        if action not in views:
            if not wanted:
                self.dom.spawn(self._previews_later(at))
            wanted.add(action)
            return None
        return views[action]

    async def _previews_later(self, at) -> None:
        await self.dom.sleep(0.03)              # after the frame that answers the tap
        ses, position, seat = at
        if (self._previews[0] is not at or self.screen != "play" or self.session is not ses
                or ses.position() != position):
            return                                  # played on, or left: nothing to show
        views, wanted = self._previews[1], self._previews[2]
        for action in sorted(wanted):
            views[action] = ses.view_after(seat, action)
        wanted.clear()
        self.render()

    def _render_play(self) -> str:
        ses = self.session
        scr = self._screen()
        names = self.seat_names(ses)
        hidden = self._hidden_seat()
        if hidden is not None:   # nobody's view is drawn: only whose turn it is
            return screens.pass_device(self.tr, names[hidden], hidden)
        acting = self._acting()
        seat = ses.view_seat()
        if scr.hidden and len(ses.humans) > 1 and acting is None:
            seat = None          # hot-seat and nobody to act (the end): no hand on screen
        view = ses.view(seat)
        keep, reason = ses.undo_keep()
        log = self._game_log()
        ctx = Context(
            tr=self.tr, lang=self.lang, names=tuple(names), seats=tuple(ses.seats),
            level_names=self.level_names(), acting=acting,
            legal=tuple(ses.legal(acting)) if acting is not None else (), humans=tuple(ses.humans),
            thinking=self.thinking, bot_ms=self.bot_ms, bot_error=self.bot_error,
            message=self.msg.text(self.lang) if self.msg else None,
            undo=(keep is not None, reason), end_hidden=self.end_hidden, save_id=ses.id,
            link=self._link_box(ses, names),
            show_round=scr.rounds and scr.rounds_done(view) > self.round_seen, round_shown=self.round_seen,
            log=tuple(log), since=self._since(acting, log) if scr.sum_up else (),
            preview=(lambda action: self._preview(acting, action)) if acting is not None else None,
            hint=self.hint[1] if self.hint and self.hint[0] == ses.position() else None,
            hints=ses.save.get("hints", 0), settle=self._settle(), arriving=self._arriving(),
            sound=self._sound_on(),
        )
        return scr.render(view, self.sel, ctx)

    # -- events ------------------------------------------------------------------------

    def on_click(self, act: str, data: dict, at: float | None = None) -> None:
        """A click/tap on an element with ``data-act``; ``data`` is its dataset; ``at`` when
        the input happened (``dom.now()``'s clock; None: unknown, never dropped).  The shell's
        own acts are its ``act_*`` methods; any other goes to the table of the game on screen."""
        handler = getattr(self, "act_" + act.replace("-", "_"), None)
        if handler is not None:
            if act in REVEALS and at is not None:
                if at < self._page[1] + self.tap_quiet:
                    return       # too soon after it appeared: the second half of a double tap
                self._played_at = at     # nor its first half: a play right after it waits
            handler(data)
        elif self.screen == "play" and self.session is not None and self._hidden_seat() is None:
            if at is not None and at < self._drawn[1]:
                return           # aimed at the table before the last action redrew it
            turn = self._turn()
            reply = self._screen().tap(act, data, self.sel, turn)
            if at is not None and reply is not None and reply.action is not None:
                if at < self._played_at + self.tap_quiet:
                    return       # the second half of a double tap
                self._played_at = at
            self._reply(reply, turn)

    def _reply(self, reply, turn) -> None:
        """Does what the table answered to a tap or a key: a new selection, a message, an action."""
        if reply is None or not reply.redraw:
            return
        if reply.sel is not None:
            self.sel = reply.sel
        if reply.action is not None and turn is not None:
            self._play(turn.seat, reply.action)
            return
        self.msg = reply.message
        self.render()

    def on_key(self, key: str, target_id: str) -> bool:
        """A key on the board (or Escape, or a replay's keys, anywhere); True if it was used."""
        if self.screen == "replay" and key in REPLAY_KEYS:
            return self._replay_step(REPLAY_KEYS[key])
        if self.screen != "play" or self.session is None:
            return False
        if key == "Escape":
            if self.sel.active or self.msg:
                self.sel = self.sel.cleared()
                self.msg = None
                self.render()
                return True
            if self.session.state.over and not self.end_hidden:
                self.end_hidden = True
                self.render()
                return True
            return False
        scr = self._screen()
        if target_id != "board" or key not in scr.board_keys or self._hidden_seat() is not None:
            return False
        ses = self.session
        turn = self._turn()
        reply = scr.key(key, self.sel, ses.view(ses.view_seat()), turn)
        if reply is None:
            return False
        self._reply(reply, turn)
        return True

    def on_form(self, name: str, value: str) -> None:
        """A field of the new-game form changed."""
        f = self.form
        if f is None:
            return
        rerender = True
        if name == "players":
            info = game.GAMES[f["game"]]
            try:
                n = int(value)
            except ValueError:
                return
            if not info.min_players <= n <= info.max_players:
                return
            seats = f["seats"][:n]
            while len(seats) < n:
                seats.append({"kind": "bot", "name": "", "level": bots.DEFAULT_LEVEL})
            f["seats"] = seats
        elif name.startswith(("kind", "level", "name")):
            field, i = name[:-1], int(name[-1])
            if not 0 <= i < len(f["seats"]):
                return
            if field == "kind" and value in saves.KINDS and (value != "remote" or saves.linkable(f["game"])):
                f["seats"][i]["kind"] = value
            elif field == "level" and value in self.level_ids:
                f["seats"][i]["level"] = value
            elif field == "name":
                f["seats"][i]["name"] = value[: saves.MAX_NAME]
                rerender = False  # typing: keep the field as the user has it
        elif name.startswith("opt-"):
            opt = name[4:]
            info = game.GAMES[f["game"]]
            try:
                o = info.option(opt)
            except ValueError:
                return
            for c in o.choices:
                if str(c) == value:
                    f["options"][opt] = c
        if rerender:
            self.render()

    # -- home ------------------------------------------------------------------------

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
        self.render()

    def act_delete(self, data) -> None:
        sid = data.get("id")
        if sid and self.confirm_delete != sid:
            self.confirm_delete = sid        # a second tap deletes
            self.render()
            return
        self.confirm_delete = None
        if sid:
            saves.delete(self.store, sid)
            if self.session is not None and self.session.id == sid:
                self.session = None
            self.home_games = [g for g in self.home_games if g[0]["id"] != sid]
            self.notice = ("notice.deleted", {}, "info")
            self.render()

    def act_export(self, data) -> None:
        """Downloads a save.  An unfinished game with hidden hands asks first: the file holds
        the seed, so whoever reads it can work out every hand (the README says why it stays)."""
        sid = data.get("id") or (self.session.id if self.session else None)
        if self.session is not None and self.session.id == sid:
            save, state = self.session.save, self.session.state
        else:
            try:
                save, state = saves.load(self.store, sid, self.level_ids, bots.DEFAULT_LEVEL)
            except saves.SaveError:
                return
        if state.info.hidden and not state.over and data.get("anyway") != sid:
            self._export_asked = sid
            self.notice = ("export.hidden", {}, "error", ("export-anyway", "export.anyway"))
            self.render()
            return
        self.dom.download(saves.export_filename(save), saves.export_text(save))

    def act_export_anyway(self, data) -> None:
        sid = getattr(self, "_export_asked", None)
        self._export_asked = None
        if sid:
            self.notice = None
            self.act_export({"id": sid, "anyway": sid})
            self.render()

    def act_aside_download(self, data) -> None:
        key = data.get("key", "")
        if key.startswith(saves.SAVE_PREFIX) and self.store.get(key) is not None:
            # an unreadable save that could not be moved aside (a full device): as it is
            self.dom.download(key[len(saves.SAVE_PREFIX):] + ".json", self.store.get(key))
            return
        for item in saves.list_aside(self.store):
            if item["key"] == data.get("key"):
                self.dom.download(item["key"] + ".json", item["text"])

    def act_aside_delete(self, data) -> None:
        key = data.get("key", "")
        if key.startswith(saves.ASIDE_PREFIX) and self.confirm_delete != key:
            self.confirm_delete = key        # as for a game: a second tap deletes
            self.render()
            return
        self.confirm_delete = None
        if key.startswith(saves.ASIDE_PREFIX):
            self.store.remove(key)
            self.problems = [p for p in self.problems if p["aside"] != key]
            self.render()

    def on_keep(self, facts, why=None) -> None:
        """What the browser says of keeping the saves (``ui.storage.Facts``: at start, after an
        install, after ``dom.persist``); ``why`` may ask it to keep them (``Keeper.ask``)."""
        self.keep.facts = facts
        if self.keep.ask(why):
            self.dom.persist(self.on_keep)
        if self.screen == "home":
            self.render()

    def act_install(self, data) -> None:
        self.dom.install(self.on_keep)    # the browser's own prompt; "appinstalled" follows

    def act_dismiss(self, data) -> None:
        self._dismissed = getattr(self, "_dismissed", set()) | {(p["key"], p.get("aside")) for p in self.problems}
        self.problems = []
        self.notice = None
        self.render()

    def import_text(self, text: str, filename: str = "") -> None:
        """The text of a file the user picked to import: one game, or the file of "Download
        all" (each game in it).  Read through the guarded reader: whatever the file holds,
        the player is told, and nothing stored is changed but by a new game."""
        backup = self._backup_keys(text)
        if backup is not None:
            self._import_backup(backup, filename)
            return
        try:
            save, state = saves.import_text(self.store, text, self.now(), self.new_id,
                                            self.level_ids, bots.DEFAULT_LEVEL)
        except Exception as e:   # noqa: BLE001 -- SaveError, StorageFull, or anything else
            if isinstance(e, saves.StorageFull):
                self.notice = ("notice.import_full", {"file": filename}, "error")
            else:
                code = e.code if isinstance(e, saves.SaveError) else "details"
                self.notice = ("notice.import_failed", {"file": filename, "error": self.tr("saveerr." + code)}, "error")
            self._load_all()
            self._show("home")
            return
        self._open(Session(save, state))
        self.notice = ("notice.imported", {"file": filename}, "info")
        self._notice_carry = True
        self.dom.go("#play/" + save["id"])

    @staticmethod
    def _backup_keys(text):
        """The keys of a "Download all" file (App.backup_text, assets/watchdog.js), or None."""
        if not isinstance(text, str) or not text.lstrip().startswith("{") or f'"{saves.BACKUP_MARK}"' not in text[:100]:
            return None
        try:
            obj = inbox.read_json(text, 10_000_000, 3)
        except inbox.Refused:
            return None
        keys = obj.get("keys") if type(obj) is dict and obj.get(saves.BACKUP_MARK) == 1 else None
        return keys if type(keys) is dict else None

    def _import_backup(self, keys: dict, filename: str) -> None:
        """Each game of a "Download all" file, imported as a file of its own would be; a game
        already here as it is in the file is left alone (a second import adds nothing)."""
        added = same = failed = 0
        for k in sorted(k for k in keys if type(k) is str and k.startswith(saves.SAVE_PREFIX)):
            try:
                text = keys[k]
                sid = k[len(saves.SAVE_PREFIX):]
                if isinstance(text, str) and self.store.get(saves.key_of(sid)) is not None:
                    mine, _ = saves.load(self.store, sid, self.level_ids, bots.DEFAULT_LEVEL)
                    theirs, _ = saves.check(saves.parse(text), self.level_ids, bots.DEFAULT_LEVEL)
                    if mine["record"] == theirs["record"]:
                        same += 1
                        continue
                saves.import_text(self.store, text, self.now(), self.new_id, self.level_ids, bots.DEFAULT_LEVEL)
                added += 1
            except Exception:   # noqa: BLE001 -- that one is not imported; the others are
                failed += 1
        self.notice = ("notice.imported_all", {"file": filename, "n": added, "same": same, "failed": failed},
                       "error" if failed else "info")
        self._notice_carry = True
        self.dom.go("#")

    # -- new game --------------------------------------------------------------------

    def _default_form(self, game_id: str) -> dict:
        info = game.GAMES[game_id]
        form = {
            "game": game_id,
            "seats": [{"kind": "human", "name": "", "level": bots.DEFAULT_LEVEL},
                      {"kind": "bot", "name": "", "level": bots.DEFAULT_LEVEL}],
            "options": {o.name: o.default for o in info.options},
        }
        try:    # anyone of this origin may have written it: the guarded reader, and exact types
            text = self.store.get(saves.SETUP_PREFIX + game_id)
            last = inbox.setup_shape(inbox.read_json(text, 20_000)) if text is not None else None
            if isinstance(last, dict):
                seats = last.get("seats")
                if isinstance(seats, list) and info.min_players <= len(seats) <= info.max_players:
                    form["seats"] = [{"kind": "bot", "name": "", "level": bots.DEFAULT_LEVEL}
                                     for _ in seats]
                    for i, s in enumerate(seats):
                        if (isinstance(s, dict) and s.get("kind") in saves.KINDS
                                and (s["kind"] != "remote" or saves.linkable(game_id))):
                            form["seats"][i]["kind"] = s["kind"]
                            if s.get("level") in self.level_ids:
                                form["seats"][i]["level"] = s["level"]
                            if isinstance(s.get("name"), str):
                                form["seats"][i]["name"] = s["name"][: saves.MAX_NAME]
                for o in info.options:
                    v = last["options"].get(o.name)
                    if any(v == c and type(v) is type(c) for c in o.choices):
                        form["options"][o.name] = v
        except Exception:
            pass
        return form

    def act_start(self, data) -> None:
        f = self.form
        if f is None:
            return
        seats = [{"kind": s["kind"], "name": s["name"].strip(),
                  "level": s["level"] if s["kind"] == "bot" else None} for s in f["seats"]]
        if any(s["kind"] == "remote" for s in seats):     # a game by link: a friend there, you here
            if all(s["kind"] == "remote" for s in seats):
                seats[0]["kind"] = "human"
            for s in seats:
                if s["kind"] == "bot":
                    s["kind"], s["level"] = "human", None
        problem = registry.screen(f["game"]).options_problem(dict(f["options"]), len(seats))
        if problem:     # e.g. teams of two and an odd table: said on the form, nothing started
            self.notice = (problem[0], problem[1], "error")
            self.render()
            return
        try:
            self.store.set(saves.SETUP_PREFIX + f["game"], json.dumps({"seats": f["seats"], "options": f["options"]}))
        except Exception:
            pass
        self._start(f["game"], seats, dict(f["options"]))

    def _start(self, game_id, seats, options) -> None:
        ses = Session.start(self.new_id(), game_id, seats, options, self.rng.randrange(2**31), self.now())
        self._open(ses)
        if not self._write(ses.save):  # after _open, which clears what a failed write says:
            self._notice_carry = self.notice is not None    # the player is told at once
        self.dom.go("#play/" + ses.id)

    def act_again(self, data) -> None:
        ses = self.session
        if ses is None:
            return
        self._start(ses.game_id, [dict(s) for s in ses.seats], dict(ses.state.options))

    # -- play --------------------------------------------------------------------------

    def _teller_seat(self):
        """Whose view the live region speaks from: the one human's, else nobody's (hot-seat:
        the next player may hear it, so nothing hidden)."""
        ses = self.session
        return ses.humans[0] if len(ses.humans) == 1 else None

    def _apply(self, seat: int, action: str) -> None:
        """Plays a legal action, saves, and tells it through the live region (``dom.announce``)."""
        ses = self.session
        who = self._teller_seat()
        before = ses.view(who)
        ses.apply(seat, action, self.now())
        self._write(ses.save)
        text = self._screen().announce(self.tr, before, ses.view(who), self.seat_names(ses), seat, action)
        self.dom.announce(text)
        if self._log is not None and self._log[0] == (ses, self.lang) and len(self._log[1]) == ses.ply - 1:
            self._log[1].append((seat, text))
        self._paced(ses, seat, before, ses.view(who))

    def _play(self, seat: int, action: str) -> None:
        ses = self.session
        if not self._fresh():
            self.render()
            return
        err = ses.try_action(seat, action)
        if err is not None:
            self.msg = Message.refused(err)
            self.render()
            return
        self._apply(seat, action)
        self.sel = self.sel.cleared()
        self.msg = None
        self.render()
        self.kick()

    def act_hint(self, data) -> None:
        """Asks the default bot for a move for the person to act, and says it without
        playing it; the game's save counts the hints."""
        turn = self._turn()
        ses = self.session
        if turn is None or (self.hint and self.hint[0] == ses.position()):
            return                       # asked already: the hint is on screen, or coming
        self.hint = (ses.position(), self.tr("play.hint_wait"))
        self.render()
        self.dom.spawn(self._hint(ses, turn.seat, ses.position()))

    async def _hint(self, ses, seat: int, asked) -> None:
        try:
            action = await self.bot.think(json.dumps(ses.state.record()), seat, bots.DEFAULT_LEVEL,
                                          ses.bot_seed(seat))
            if self.session is not ses or ses.position() != asked:
                return                   # played on meanwhile: the hint is for a past position
            scr, names = self._screen(), self.seat_names(ses)
            words = scr.hint_words(self.tr, ses.view(seat), names, seat, str(action))
            if words is None:
                words = scr.announce(self.tr, ses.view(seat), ses.view_after(seat, str(action)),
                                     names, seat, str(action))
        except Exception as e:   # noqa: BLE001 -- the worker failed: say so, the game goes on
            if self.session is ses:
                self.hint = (asked, f"{type(e).__name__}: {e}")
                self.render()
            return
        self.hint = (asked, words)
        ses.save["hints"] = ses.save.get("hints", 0) + 1
        if self._fresh():
            self._write(ses.save)
        self.render()

    def act_cancel(self, data) -> None:
        if self.session is None:
            return
        self.sel = self.sel.cleared()
        self.msg = None
        self.render()

    def act_cancel_bg(self, data) -> None:
        """A tap on the board's frame, off the cells: cancels what was selected."""
        if self.session is not None and (self.sel.active or self.msg):
            self.act_cancel(data)

    def act_reveal(self, data) -> None:
        seat = self._hidden_seat() if self.session is not None else None
        if seat is not None and str(seat) == str(data.get("seat")):
            self.revealed = seat
            self.msg = None
            self.render()

    def act_round_ok(self, data) -> None:
        ses = self.session
        if ses is None:
            return
        scr = self._screen()
        done = scr.rounds_done(ses.view(None))
        if scr.round_by_round:     # each round's summary in turn
            self.round_seen = min(done, self.round_seen + 1)
        else:
            self.round_seen = max(self.round_seen, done)
        if ses.save.get("round_seen") != self.round_seen and self._fresh():
            ses.save["round_seen"] = self.round_seen
            self._write(ses.save)
        self.render()

    def act_undo(self, data) -> None:
        ses = self.session
        if ses is None:
            return
        if not self._fresh():
            self.render()
            return
        if ses.undo(self.now()):
            self.dom.announce(self.tr("say.undo"))
            self.round_seen = min(self.round_seen, self._screen().rounds_done(ses.view(None)))
            ses.save["round_seen"] = self.round_seen
            self._write(ses.save)
            self.sel = self.sel.cleared()
            self.msg = None
            self.end_hidden = False
            self.bot_error = None
        else:    # a refused undo (a greyed button, still tappable): say why, in the status
            self.msg = Message(ses.undo_keep()[1] or "undo.nothing")
        self.render()
        self.kick()

    def act_reload_game(self, data) -> None:
        """Drops this tab's copy of the game and reads the one another tab saved."""
        if self.session is None:
            return
        sid = self.session.id
        self.session = None
        self.stale = False
        self.route("#play/" + sid)

    def act_to_games(self, data) -> None:
        self.dom.go("#")

    def act_update(self, data) -> None:
        self.dom.update_now()

    def on_update(self) -> None:
        """The service worker holds a new version: offer to reload into it."""
        if not self.update_ready:
            self.update_ready = True
            self.render()

    def on_storage(self, key) -> None:
        """Another tab changed ``key`` (None: it cleared the storage)."""
        if key is not None and not str(key).startswith(saves.SAVE_PREFIX):
            return
        if self.screen == "play" and self.session is not None:
            if not self.stale and not self._fresh():
                self.render()
        elif self.screen == "home":
            self._load_all()
            self.render()

    def act_show_end(self, data) -> None:
        self.end_hidden = False
        self.render()

    def act_hide_end(self, data) -> None:
        self.end_hidden = True
        self.render()

    def act_retry(self, data) -> None:
        self.bot_error = None
        self.render()
        self.kick()

    # -- replays -----------------------------------------------------------------------

    def _open_replay(self, code: str) -> None:
        """``#replay/<code>``: a finished game, read from its link, from its first move."""
        if self.rp is None or self.rp.code != code:
            try:
                link, state = links.read(code)
                if link.kind != "replay" or link.record["game"] not in registry.SCREENS:
                    raise links.LinkError("not a replay link", "format")
                if not state.over:
                    raise links.LinkError("a replay of a game that is not over", "unfinished")
            except links.LinkError as e:
                self._bad_link(e)
                return
            hidden = registry.screen(link.record["game"]).hidden
            # A finished game hides nothing any more: a card game's replay shows any hand.
            # It opens at its end (the start is one key away, Home).
            states = links.positions(link.record)
            self.rp = Replay(code, link, states, step=len(states) - 1, seat=0 if hidden else None)
        self._show("replay", code)

    def _bad_link(self, e) -> None:
        self.notice = ("link.bad." + getattr(e, "reason", "damaged"), {}, "error")
        self.rp = None
        self._load_all()
        self._show("home")

    def _render_replay(self) -> str:
        rp = self.rp
        link = rp.link
        gid = link.record["game"]
        total = len(rp.states) - 1
        state = rp.states[rp.step]
        names = self._names(gid, link.seats)
        scr = registry.screen(gid)
        ctx = Context(tr=self.tr, lang=self.lang, names=tuple(names), seats=tuple(link.seats),
                      level_names=self.level_names(), end_hidden=True, replay=True)
        body = scr.render(state.view(rp.seat), scr.new_selection(), ctx)
        url = self.base_url + links.fragment("replay", rp.code)
        top, bottom = screens.replay_bar(
            self.tr, gid=gid, step=rp.step, total=total, last=state.actions[-1] if state.actions else None,
            names=names, hand_seat=rp.seat, url=url,
            share_result=self.share.result if self.share and self.share.url == url else None)
        return top + body + bottom

    def _replay_step(self, to: str) -> bool:
        rp = self.rp
        if self.screen != "replay" or rp is None:
            return False
        total = len(rp.states) - 1
        step = {"first": 0, "prev": rp.step - 1, "next": rp.step + 1, "end": total}.get(to)
        if step is None:
            return False
        rp.step = max(0, min(total, step))
        self.render()
        return True

    def act_rp_step(self, data) -> None:
        self._replay_step(data.get("to", ""))

    def act_rp_seat(self, data) -> None:
        rp = self.rp
        if self.screen == "replay" and rp is not None and rp.seat is not None:
            try:
                seat = int(data.get("seat", ""))
            except ValueError:
                return
            if 0 <= seat < rp.link.record["players"]:
                rp.seat = seat
                self.render()

    def takes_key(self, key: str) -> bool:
        """Whether a key pressed anywhere on the page (not in a text field) is the app's:
        the arrows, Home and End step through a replay."""
        return self.screen == "replay" and key in REPLAY_KEYS

    def act_replay(self, data) -> None:
        """The replay of a finished game of this device: its link, opened here."""
        sid = data.get("id") or (self.session.id if self.session else None)
        if self.session is not None and self.session.id == sid:
            save, state = self.session.save, self.session.state
        else:
            try:
                save, state = saves.load(self.store, sid, self.level_ids, bots.DEFAULT_LEVEL)
            except saves.SaveError:
                return
        if not state.over:
            return
        code = links.encode("replay", state.record(), save["seats"])
        self.dom.go(links.fragment("replay", code))

    # -- games by link -------------------------------------------------------------------

    def _move_code(self, ses: Session) -> str:
        key = (ses.id, tuple(tuple(a) for a in ses.state.actions))   # undo may change a past ply
        if key not in self._move_links:
            self._move_links = {key: links.encode("move", ses.state.record(), ses.seats, ses.id)}
        return self._move_links[key]

    def _link_box(self, ses: Session, names: list) -> str:
        """What a game by link shows on this device: our side, and the link to send when
        it is the friend's turn ("" for a game without a remote seat)."""
        remotes = ses.remotes
        if not remotes or len(ses.humans) != 1:
            return ""
        friend = names[remotes[0]]
        waiting = ses.link_on_offer()
        if ses.state.over and not waiting:
            return ""
        url = self.base_url + links.fragment("move", self._move_code(ses)) if waiting else ""
        result = self.share.result if self.share and self.share.url == url else None
        return screens.link_box(self.tr, ses.game_id, seat=ses.humans[0], friend=friend, waiting=waiting,
                                url=url, result=result, over=ses.state.over)

    def act_share(self, data) -> None:
        """Offers the link on screen: the replay's, or the move of a game by link."""
        if self.screen == "replay" and self.rp is not None:
            gid = self.rp.link.record["game"]
            url = self.base_url + links.fragment("replay", self.rp.code)
            text = self.tr("share.replay_text", game=registry.title(gid))
        elif self.screen == "play" and self.session is not None and self.session.remotes:
            gid = self.session.game_id
            url = self.base_url + links.fragment("move", self._move_code(self.session))
            text = self.tr("share.move_text", game=registry.title(gid))
        else:
            return
        self.share = Shared(url)
        self.dom.share(url, self.tr("share.title", game=registry.title(gid)), text,
                       lambda result: self._shared(url, result))

    def _shared(self, url: str, result: str) -> None:
        if self.share is not None and self.share.url == url:
            self.share.result = result if result in ("shared", "copied") else "shown"
            self.render()

    def _receive(self, code: str) -> None:
        """``#move/<code>``: a friend's link to a game by link.  What it may change here is
        decided by :func:`ui.merge.merge` (a new game, with the seats turned round; moves of
        the friend's side on top of exactly the game here; ...); whatever it is, the player
        is told, and Back does not come back to the link (the address is replaced)."""
        try:
            link, state = links.read(code)
            if (link.kind != "move" or not saves.linkable(link.record["game"])
                    or not saves.valid_id(link.game_id)
                    or not any(s["kind"] == "remote" for s in link.seats)):
                raise links.LinkError("not a link to a game by link", "format")
        except links.LinkError as e:
            self._refuse_link(("link.bad." + e.reason, {}, "error"))
            return
        sid = link.game_id
        if self.store.get(saves.key_of(sid)) is None:
            save = local = None
        else:
            try:
                save, local = saves.load(self.store, sid, self.level_ids, bots.DEFAULT_LEVEL)
            except saves.SaveError:     # there, but unreadable or newer: never written over
                self._refuse_link(("link.unreadable", {}, "error"))
                return
        d = merge.merge(save, link)
        if d.kind == "sides":
            self._refuse_link(("link.sides", {}, "error"))
            return
        names = self._names(link.record["game"], [dict(s, kind="human") for s in link.seats])
        if d.kind == "new":
            save = saves.make(sid, link.record, d.seats, self.now())
            friend = names[next(i for i, s in enumerate(d.seats) if s["kind"] == "remote")]
            self.notice = ("link.joined", {"friend": friend, "side": self.tr(f"{link.record['game']}.side{d.me}")}, "info")
            self._open(Session(save, state))
            self._write(save)          # after _open, which clears what a failed write says
        else:
            friend = names[next(i for i, st in enumerate(save["seats"]) if st["kind"] == "remote")] \
                if any(st["kind"] == "remote" for st in save["seats"]) else ""
            self.notice = {
                "continue": ("link.updated", {"friend": names[d.new_moves[0][0]], "action": d.new_moves[0][1]}, "info")
                if d.new_moves and len(d.new_moves) == 1 else ("link.updated_many", {"n": len(d.new_moves or ())}, "info"),
                "replaced": ("link.replaced", {"friend": friend}, "info"),
                "same": ("link.up_to_date", {}, "info"),
                "older": ("link.older", {"n": d.n, "m": d.m}, "error"),
                "diverged": ("link.diverged", {"n": d.n}, "error"),
                "not_by_link": ("link.other_game", {}, "error"),
                "other_game": ("link.other_game", {}, "error"),
                "wrong_side": ("link.wrong_side", {}, "error"),
                "not_theirs": ("link.not_theirs", {}, "error"),
            }[d.kind]
            if d.take:
                save["record"] = link.record
                save["updated"] = saves.iso(self.now())
                local = state
            self._open(Session(save, local))
            if d.take:
                self._write(save)      # after _open, which clears what a failed write says
        self._notice_carry = True
        self._replace_address("#play/" + sid)

    def _refuse_link(self, notice) -> None:
        """A move link that opens nothing: the home page says why, and the link leaves the
        address (a reload would only refuse it again)."""
        self.rp = None
        self.notice = notice
        self._notice_carry = True
        self._replace_address("#")

    def _replace_address(self, hash_: str) -> None:
        """Goes to ``hash_`` in place of the address on screen (a move link): Back then
        leads to the screen before the link, not to the link again (bug: Back was trapped)."""
        go = getattr(self.dom, "replace", None)
        if go is not None:
            go(hash_)
        else:
            self.dom.go(hash_)

    # -- bots ------------------------------------------------------------------------

    def kick(self) -> None:
        """Starts the bot's move if a bot is to move (one at a time)."""
        ses = self.session
        if ses is None or self._bot_running or self.bot_error or self.screen != "play" or self.stale:
            return
        if self._settle() == "held":
            return                  # a finished trick on the table: a tap or HOLD lets play go on
        seat = ses.bot_to_move()
        if seat is None:
            return
        self._bot_running = True
        self.thinking = seat
        self.render()
        self.dom.spawn(self._bot_move(ses, seat))

    async def _bot_move(self, ses: Session, seat: int) -> None:
        asked = ses.position()       # the answer stands only for the position it was asked for
        t0 = self.now()
        action = None
        error = None
        try:
            legal = ses.legal(seat)
            if len(legal) == 1:
                action = legal[0]       # a forced pass needs no thought
            else:
                level = ses.seats[seat].get("level") or bots.DEFAULT_LEVEL
                action = await self.bot.think(json.dumps(ses.state.record()), seat, level,
                                              ses.bot_seed(seat))
                self.bot_ms = round((self.now() - t0) * 1000)
            delay = self._bot_gap(ses) - (self.now() - t0)
            if delay > 0:
                await self.dom.sleep(delay)
        except Exception as e:  # the worker failed: say so, let the player retry
            error = f"{type(e).__name__}: {e}"
        finally:
            self._bot_running = False
            self.thinking = None
        if self.session is ses and ses.position() == asked and not ses.state.over and self._fresh():
            if error is None:
                err = ses.try_action(seat, str(action))
                if err is not None:
                    error = f"{action!r}: {err}"
            if error is not None:
                self.bot_error = error
            else:
                self._apply(seat, str(action))
        if self.screen == "play":
            self.render()
        self.kick()

    # -- pacing: what a person must see stays long enough to be seen ----------------------

    HOLD = 1.5        # seconds a finished trick or collection stays on the table, unless tapped
    MOVING = 0.6      # seconds after that the table draws it going to its winner's pile
    BOT_GAP = 0.8     # seconds at least between a bot's move and the next bot's, which hides it

    def _bot_gap(self, ses: Session) -> float:
        """How long a bot's move waits, counted from when it was asked: ``bot_delay``, and
        when the move on screen is another bot's (its "last" mark about to move on), at
        least ``BOT_GAP`` at a person's pace, so that each bot move is seen before the next."""
        gap = self.bot_delay if ses.humans else self.bot_delay * 2
        acts = ses.state.actions
        if ses.humans and acts and ses.is_bot(acts[-1][0]):
            gap = max(gap, self.BOT_GAP * self.pace)
        return gap

    def _paced(self, ses: Session, seat: int, before: dict, after: dict) -> None:
        """After each action: the table draws it arriving (:meth:`_arriving`); when it
        finished something the table shows (a trick, a collection: ``GameScreen.settles``),
        play holds (:meth:`kick` waits) until a tap (:meth:`act_release`, or the person's
        own move) or ``HOLD`` seconds; and, if the person asked for it, a capture or the
        person's turn coming back is signalled (:meth:`_signal`)."""
        self._played = (ses, ses.ply, self.now())
        self._held = None
        settles = self._screen().settles(before, after)
        if self.pace > 0 and settles:
            held = self._held = [ses, ses.ply, "held", self.now()]
            self.dom.spawn(self._hold_ends(held))
        if settles:
            self._signal("capture")
        elif len(ses.humans) == 1 and seat not in ses.humans and ses.human_to_move() is not None:
            self._signal("turn")

    async def _hold_ends(self, held) -> None:
        await self.dom.sleep(self.HOLD * self.pace)
        self._release(held)

    def _release(self, held=None) -> None:
        """Lets a held trick go to its winner's pile; the bots play on."""
        h = self._held
        if h is None or h[2] != "held" or (held is not None and held is not h):
            return
        h[2], h[3] = "moving", self.now()
        if self.screen == "play" and self.session is h[0]:
            self.render()
            self.kick()

    def act_release(self, data) -> None:
        """A tap on the finished trick or collection held on the table: play goes on."""
        self._release()

    def _settle(self):
        """``Context.settle`` for the table on screen: "held", "moving" (for ``MOVING``
        seconds after the hold, so that the move is drawn once), else None."""
        h = self._held
        if h is None or h[0] is not self.session or h[1] != self.session.ply:
            return None
        if h[2] == "moving" and self.now() - h[3] > self.MOVING:
            return None
        return h[2]

    ARRIVE = 0.5      # seconds the table draws the last action arriving (cards, pawns slide in)

    def _arriving(self) -> bool:
        """``Context.arriving``: the last action was just played, so the table draws it coming
        to its place (CSS animations, none when the system asks for reduced motion).  Later
        redraws (a tap on something else) show it in place, without moving it again."""
        p = self._played
        return (p is not None and p[0] is self.session and p[1] == self.session.ply
                and self.now() - p[2] <= self.ARRIVE)

    # -- sound and vibration: off unless the person turns them on, remembered on the device --

    def _sound_on(self) -> bool:
        try:
            return self.store.get(SOUND_KEY) == "1"
        except Exception:   # noqa: BLE001 -- storage disabled: off
            return False

    def act_sound(self, data) -> None:
        on = not self._sound_on()
        try:
            self.store.set(SOUND_KEY, "1" if on else "0")
        except Exception:   # noqa: BLE001 -- not remembered; nothing else changes
            pass
        self.render()
        self._signal("turn")            # what it will sound like (nothing when turned off)

    def _signal(self, kind: str) -> None:
        """A short blip and buzz (``dom.signal``, "turn" or "capture"), if turned on."""
        signal = getattr(self.dom, "signal", None)
        if signal is not None and self._sound_on():
            signal(kind)
