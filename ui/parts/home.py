"""Home and the new-game form (pure Python).

Home lists the games saved on this device, the saves that could not be read (moved aside,
never deleted) and where the saves stand (:mod:`ui.store.storage`).  The form remembers the last
setup of each game, read back through the guarded reader.
"""

from __future__ import annotations

import json

import bots
import game

from ui.store import reader, saves, storage
from ui.kit import registry
from ui.parts import pages


class Home:
    def __init__(self, host):
        self.host = host
        self.games = []             # [(save, state)] of this device, newest first
        self.problems = []          # saves that could not be read (moved aside)
        self.confirm_delete = None  # a save id or an aside key: its Delete button asks "Really?"
        self.keep = storage.Keeper()   # whether the browser keeps the saves
        self.form = None            # the new-game form: {"game", "seats", "options"}
        self.lesson_offer = False   # the form offers the game's lesson first (its first opening here)
        self._dismissed = set()     # (key, aside) of the problems the player closed

    def load_all(self) -> list:
        """Reads every save; returns the problems.  Those shown are replaced, never appended
        to: those found now, and those set aside earlier whose copy is still kept, less the
        ones the player closed (a newer version's save, or one a full device could not move,
        is found again at every load)."""
        store = self.host.store
        loaded, problems = saves.load_all(store, self.host.level_ids, bots.DEFAULT_LEVEL)
        kept = [p for p in self.problems if p.get("aside") and store.get(p["aside"]) is not None]
        seen, out = set(), []
        for p in kept + problems:
            ident = (p["key"], p.get("aside"))
            if ident not in seen and ident not in self._dismissed:
                seen.add(ident)
                out.append(p)
        self.problems = out
        self.games = loaded
        return out

    def page(self) -> tuple[str, str]:
        host = self.host
        body = pages.home(host.tr, host.lang, self.games, self.problems, saves.list_aside(host.store),
                            host.level_names(), host.tz_offset, self.confirm_delete,
                            storage.home(host.tr, self.keep.facts, bool(self.games)), self.lessons_done(),
                            saves.list_guests(host.store))
        return host.tr("app.name"), body

    def lessons_done(self) -> frozenset:
        """The games whose lesson was finished on this device (ui/parts/lesson.py keeps it)."""
        store = self.host.store
        return frozenset(g for g in registry.playable() if (kept := saves.lesson(store, g)) and kept["done"])

    # -- the saves on home ---------------------------------------------------------------

    def act_delete(self, data) -> None:
        sid = data.get("id")
        if sid and self.confirm_delete != sid:
            self.confirm_delete = sid        # a second tap deletes
            self.host.changed()
            return
        self.confirm_delete = None
        if sid:
            saves.delete(self.host.store, sid)
            self.host.close_game(sid)
            self.games = [g for g in self.games if g[0]["id"] != sid]
            self.host.tell(("notice.deleted", {}, "info"))
            self.host.changed()

    def act_aside_delete(self, data) -> None:
        key = data.get("key", "")
        if key.startswith(saves.ASIDE_PREFIX) and self.confirm_delete != key:
            self.confirm_delete = key        # as for a game: a second tap deletes
            self.host.changed()
            return
        self.confirm_delete = None
        if key.startswith(saves.ASIDE_PREFIX):
            self.host.store.remove(key)
            self.problems = [p for p in self.problems if p["aside"] != key]
            self.host.changed()

    def act_guest_forget(self, data) -> None:
        """*Forget* a game joined as a guest: its seat's token and log leave this device (the
        game itself is the host's); as for a save, the first tap asks."""
        key = data.get("key", "")
        if not key.startswith(saves.GUEST_PREFIX):
            return
        if self.confirm_delete != key:
            self.confirm_delete = key
            self.host.changed()
            return
        self.confirm_delete = None
        self.host.store.remove(key)
        self.host.tell(("notice.forgotten", {}, "info"))
        self.host.changed()

    def act_dismiss(self, data) -> None:
        self._dismissed |= {(p["key"], p.get("aside")) for p in self.problems}
        self.problems = []
        self.host.tell(None)
        self.host.changed()

    def act_install(self, data) -> None:
        self.host.install()    # the browser's own prompt; "appinstalled" follows

    # -- the new-game form -----------------------------------------------------------------

    def open_form(self, game_id: str) -> None:
        """``#new/<game>``: the form, as last set up for that game."""
        self.form = self._default_form(game_id)
        self.lesson_offer = self._first_form(game_id)
        self.host.show("new", game_id)

    def _first_form(self, game_id: str) -> bool:
        """Whether this is the first time the game's form opens on this device (no lesson
        begun, no game of it started from the form): the form then offers the lesson first,
        once (the lesson is kept as begun, at its first step)."""
        store = self.host.store
        try:
            first = saves.lesson(store, game_id) is None and store.get(saves.SETUP_PREFIX + game_id) is None
        except Exception:
            return False
        return first and saves.write_lesson(store, game_id, 0, False, {})

    def form_page(self) -> tuple[str, str]:
        host = self.host
        return f"{host.tr('new.title')} · {host.tr('app.name')}", pages.new_game(host.tr, self.form, bots.LEVELS, host.lang,
                                                                             self.lesson_offer, host.across_devices())

    def _default_form(self, game_id: str) -> dict:
        info, levels = game.GAMES[game_id], self.host.level_ids
        form = {
            "game": game_id,
            "seats": [{"kind": "human", "name": "", "level": bots.DEFAULT_LEVEL},
                      {"kind": "bot", "name": "", "level": bots.DEFAULT_LEVEL}],
            "options": {o.name: o.default for o in info.options},
        }
        try:    # anyone of this origin may have written it: the guarded reader, and exact types
            text = self.host.store.get(saves.SETUP_PREFIX + game_id)
            last = reader.setup_shape(reader.read_json(text, 20_000)) if text is not None else None
            if isinstance(last, dict):
                seats = last.get("seats")
                if isinstance(seats, list) and info.min_players <= len(seats) <= info.max_players:
                    form["seats"] = [{"kind": "bot", "name": "", "level": bots.DEFAULT_LEVEL}
                                     for _ in seats]
                    for i, s in enumerate(seats):
                        if (isinstance(s, dict) and s.get("kind") in saves.KINDS
                                and (s["kind"] != "remote" or saves.linkable(game_id))):
                            form["seats"][i]["kind"] = s["kind"]
                            if s.get("level") in levels:
                                form["seats"][i]["level"] = s["level"]
                            if isinstance(s.get("name"), str):
                                form["seats"][i]["name"] = s["name"][: saves.MAX_NAME]
                for o in info.options:
                    v = last["options"].get(o.name)
                    if any(v == c and type(v) is type(c) for c in o.choices):
                        form["options"][o.name] = v
        except Exception:
            pass
        if not self.host.across_devices():     # last set up in a browser that could
            for s in form["seats"]:
                if s["kind"] == "device":
                    s["kind"] = "human"
        _playable(form)
        return form

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
            _playable(f)
        elif name.startswith(("kind", "level", "name")):
            field, i = name[:-1], int(name[-1])
            if not 0 <= i < len(f["seats"]):
                return
            if field == "kind" and value in saves.KINDS and (value != "remote" or saves.linkable(f["game"])) \
                    and (value != "device" or self.host.across_devices()):
                f["seats"][i]["kind"] = value
            elif field == "level" and value in self.host.level_ids:
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
            self.host.changed()

    def act_start(self, data) -> None:
        f = self.form
        if f is None:
            return
        seats = [{"kind": s["kind"], "name": s["name"].strip(),
                  "level": s["level"] if s["kind"] == "bot" else None} for s in f["seats"]]
        if any(s["kind"] == "remote" for s in seats):     # a game by link: a friend there, you here
            if all(s["kind"] == "remote" for s in seats):
                seats[0]["kind"] = "human"
            for s in seats:     # a game by link is two people, each on their own device
                if s["kind"] in ("bot", "device"):
                    s["kind"], s["level"] = "human", None
        problem = registry.screen(f["game"]).options_problem(dict(f["options"]), len(seats))
        if problem:     # e.g. teams of two and an odd table: said on the form, nothing started
            self.host.tell((problem[0], problem[1], "error"))
            self.host.changed()
            return
        try:
            self.host.store.set(saves.SETUP_PREFIX + f["game"], json.dumps({"seats": f["seats"], "options": f["options"]}))
        except Exception:
            pass
        self.start(f["game"], seats, dict(f["options"]))

    def start(self, game_id, seats, options, state=None) -> None:
        """A new game, or ``state`` played on (a lesson's position), saved at once, on the table."""
        from ui.store.session import Session   # imported here: home's start does without it (ui.app.App.play)

        host = self.host
        if state is not None:
            ses = Session.going_on(host.new_id(), state, seats, host.now())
        else:
            ses = Session.start(host.new_id(), game_id, seats, options, host.rng.randrange(2**31), host.now())
        if not host.open_game(ses, write=True) and host.notice is not None:
            host.tell(host.notice, carry=True)      # what a failed write says is said at once
        host.go("#play/" + ses.id)


def _playable(form: dict) -> None:
    """Sets back to its default each option of ``form`` its count of players cannot play (the
    form greys it, :func:`ui.parts.pages.choices_off`): what the form shows can start."""
    scr, n = registry.screen(form["game"]), len(form["seats"])
    for o in game.GAMES[form["game"]].options:
        if pages.choices_off(scr, o.name, (form["options"][o.name],), form["options"], n):
            form["options"][o.name] = o.default
