"""The app on CPython: a fake page, the bots called directly, games started from the form.

``make_app`` numbers its apps from 1 within a test (tests/conftest.py closes the pages and
their pending bot moves around each test) and seeds each app's generator with its number:
the games a test plays are the same at every run.
"""

from __future__ import annotations

import json
import random
import re

import bots
import game
from ui.app import App
from ui.store import saves
from ui.store.saves import MemoryStore

# Orange (seat 1) has no legal action after these: a forced pass.
FORCED_PASS = [[0, "d3"], [1, "d7-c3W"], [0, "d3-c5E"], [1, "c3-f7S"], [0, "c5-b1N"], [1, "f7-c5S"],
               [0, "d1-e3E"], [1, "c5-d6N"], [0, "e3-f2N"], [1, "d6E"], [0, "f2-g3N"], [1, "d6-d4N"],
               [0, "b1-f1W"], [1, "d4-a6N"], [0, "g3-d2W"], [1, "a6-a3S"], [0, "d2-a4S"], [1, "a3E"],
               [0, "f1-g2N"]]


class FakePage:
    """The page as the app sees it (ui/web/dom.py's interface), on CPython: it keeps what was
    drawn, said, downloaded and shared, and runs the bots' moves when told (``run``)."""

    def __init__(self):
        self.html = ""
        self.hash = ""
        self.tasks = []
        self.app = None
        self.lang = None
        self.downloads = []
        self.said = []           # what the live region told, in order
        self.shares = []
        self.warnings = []       # what the console was told

    def warn(self, text):
        self.warnings.append(text)

    def render(self, html, fresh=False):
        self.html = html

    def to_top(self, at=None):
        self.tops = getattr(self, "tops", 0) + 1
        self.at = at

    clock = 0.0                  # dom.now(): the tests move it by hand

    def now(self):
        return self.clock

    def go(self, hash_):
        self.hash = hash_
        self.app.route(hash_)

    def spawn(self, coro):
        self.tasks.append(coro)

    async def sleep(self, s):
        pass

    def set_lang(self, lang):
        self.lang = lang

    def set_title(self, text):
        self.title = text

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def update_now(self):
        self.updated = True

    def announce(self, text):
        self.said.append(text)
    share_result = "copied"     # what the fake share sheet / clipboard answers

    def share(self, url, title, text, done):
        self.shares.append((url, title, text))
        done(self.share_result)

    def run(self):
        """Runs the bot moves started so far (and those they start).

        Nothing they await ever suspends (the bot answers at once, sleep is a no-op), so
        each coroutine is driven by hand: no event loop (Playwright may hold this thread's).
        """
        while self.tasks:
            self.run_one()

    def run_one(self):
        """Runs the oldest task started (to its end: nothing it awaits suspends)."""
        coro = self.tasks.pop(0)
        try:
            while True:
                coro.send(None)
        except StopIteration:
            pass


class RecordingPage(FakePage):
    """A FakePage that keeps every drawing, in order (``renders``)."""

    def __init__(self):
        super().__init__()
        self.renders = []

    def render(self, html, fresh=False):
        super().render(html)
        self.renders.append(html)


class DirectBot:
    """The bot called in this process (the page's worker, without the worker): every call kept."""

    def __init__(self):
        self.calls = []

    async def think(self, record_json, seat, level, seed):
        self.calls.append((seat, level, seed))
        return bots.choose(game.replay(json.loads(record_json)), seat, level, seed)


PAGES = []


def close_pages():
    """Closes the bot moves left pending on every page made so far (tests/conftest.py, before
    and after each test): each test's apps are numbered from 1 again."""
    while PAGES:
        for coro in PAGES.pop().tasks:
            coro.close()


def make_app(store=None, hash_="", lang="en"):
    page = FakePage()
    PAGES.append(page)
    # A seeded generator (game seeds, save ids): the games these tests play are the same each run.
    app = App(page, store if store is not None else MemoryStore(), DirectBot(), lang=lang, bot_delay=0,
              rng=random.Random(len(PAGES)))
    page.app = app
    app.boot(hash_)
    return app, page


def guarded(undo_guard, record: dict, keep: int):
    """A game's undo guard asked, as the session asks it, about going back to the first
    ``keep`` actions of ``record``."""
    return undo_guard(game.replay(dict(record, actions=record["actions"][:keep])), record["actions"][keep:])


def start_vs_bot(app, page, level="novice"):
    page.go("#new/fendo")
    app.on_form("level1", level)
    app.on_click("start", {})
    return app.play.session


def tap_d1_d4N(app):
    """White's pawn d1 to d4, wall on the N side: three taps."""
    app.on_click("cell", {"cell": "d1"})
    app.on_click("cell", {"cell": "d4"})
    app.on_click("wall", {"side": "N"})


def human_move(app, pick=0):
    """The human to move plays the first (or ``pick``-th) legal action, as its taps would."""
    seat = app.play.session.human_to_move()
    app.play.move(seat, app.play.session.legal(seat)[pick])


def novices_play_it_out(app, page):
    """A Fendo game between two novice bots, played to its end."""
    page.go("#new/fendo")
    app.on_form("kind0", "bot")
    app.on_form("level0", "novice")
    app.on_form("level1", "novice")
    app.on_click("start", {})
    page.run()



def start(app, page, game_id, kinds=("human", "bot"), **options):
    """A new game of ``game_id`` from its form, filled as a person fills it: a seat of each of
    ``kinds`` ("human", "bot" at the novice level, "device"...), the players' count where the
    game has a choice, each option given (``variant="wild"``: the form's opt-variant; None
    leaves the default); the bots play until nobody is left to answer.  Returns the session."""
    page.go("#new/" + game_id)
    info = game.GAMES[game_id]
    if info.min_players != info.max_players:
        app.on_form("players", str(len(kinds)))
    for i, k in enumerate(kinds):
        app.on_form(f"kind{i}", k)
        if k == "bot":
            app.on_form(f"level{i}", "novice")
    for name, value in options.items():
        if value is not None:
            app.on_form(f"opt-{name}", str(value))
    app.on_click("start", {})
    page.run()
    return app.play.session


def against_novices(game_id, players):
    """A new app, its person (seat 0) against ``players - 1`` novice bots in ``game_id``; the
    bots play until the person's turn.  Returns ``(app, page)``."""
    app, page = make_app()
    start(app, page, game_id, ("human",) + ("bot",) * (players - 1))
    return app, page


HUMAN = {"kind": "human", "name": "", "level": None}
BOT = {"kind": "bot", "name": "", "level": "novice"}


def opened(st, seats):
    """A new app on the saved game of state ``st`` (save id "t1"), its seats ``seats``."""
    store = MemoryStore()
    saves.write(store, saves.make("t1", st.record(), seats, 0))
    return make_app(store, "#play/t1")


# -- links ----------------------------------------------------------------------------------

BASE = "https://example.test/renardiere/"


def app_at(store=None, hash_="", lang="en"):
    """A new app whose links start with ``BASE``, opened at ``hash_``."""
    app, page = make_app(store if store is not None else MemoryStore(), lang=lang)
    app.base_url = BASE
    if hash_:
        page.go(hash_)
    return app, page


def start_by_link(app, page, me=0):
    """A Fendo game by link: the person at seat ``me`` ("Ann") against a remote player ("Bob")."""
    page.go("#new/fendo")
    app.on_form(f"kind{1 - me}", "remote")
    app.on_form(f"kind{me}", "human")
    app.on_form(f"name{me}", "Ann")
    app.on_form(f"name{1 - me}", "Bob")
    app.on_click("start", {})
    return app.play.session


def tap(app, action):
    """A Fendo action, tapped: a pawn's move and its wall, or a pawn from the reserve."""
    m = re.fullmatch(r"([a-k]\d+)(?:-([a-k]\d+))?([NESW])", action)
    if m:
        app.on_click("cell", {"cell": m.group(1)})
        app.on_click("cell", {"cell": m.group(2) or m.group(1)})
        app.on_click("wall", {"side": m.group(3)})
    else:
        app.on_click("reserve", {})
        app.on_click("cell", {"cell": action})
