"""No user-visible text outside ui/kit/i18n.py (and the rules pages): every screen, rendered in
French, says nothing in English and shows no raw i18n key; every engine refusal has its
``err.<code>`` in both languages.

The screens are drawn by the app itself (the fake page of tests/helpers/app.py records every render):
home with saved games and notices (a save set aside, a failed import, a full device, another
tab, a new version), each new-game form, each rules page, and the three landed
games played to their end, against bots and hot-seat, with the taps that select a pawn, a
card or a column, the refusals they bring, the round summaries and the end screens, once in
each language from the same seeds.  A French render is checked three ways:

- no text is an i18n key (what ``tr`` returns for a key it lacks);
- no English sentence of the table (a part of at least two words of an entry whose English
  and French differ) appears;
- every word (three letters or more) is a word of the French texts: the table, the rules
  pages, the game titles, the bots' level names and the player names used here.  A string
  written in ui/*.py instead of ui/kit/i18n.py fails this one.

Why a save could not be read is said in words of the table (``saveerr.*``); its English
detail stays in a ``data-detail`` attribute, never shown nor read out.  A bot's failure
(``RuntimeError: ...``) is quoted as it is: it is for a bug report.
"""

from __future__ import annotations

import ast
import html
import random
import re
from pathlib import Path

import pytest

import bots
import ui.games
from ui.kit import i18n, registry

GAME_IDS = [g for g, _ in registry.listed()]


def _rules(gid: str, lang: str) -> str:
    return registry.page_of(gid).rules_page(lang)

from helpers.app import PAGES, RecordingPage

ROOT = Path(__file__).resolve().parents[1]
KEY = re.compile(r"^[a-z_]+(?:\.[a-z_0-9]+)+$")
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿŒœ]{3,}")
NAMES = ("Anna", "Basile")


def _texts(markup: str) -> list:
    """The visible text of some markup, and its attributes that are read out or shown."""
    markup = re.sub(r"<(script|style|code)\b.*?</\1>", "", markup, flags=re.S)   # <code>: a storage key
    out = [html.unescape(t).strip() for t in re.split(r"<[^>]*>", markup)]
    out += [html.unescape(t).strip() for t in re.findall(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"', markup)]
    return [t for t in out if t]


def _drive(app, page, rng) -> None:
    """Every screen and the states of each game that the tests can reach cheaply."""
    page.go("#")
    for gid in GAME_IDS:
        page.go(f"#rules/{gid}")
    page.go("#about")
    for gid in registry.playable():
        page.go(f"#new/{gid}")
        app.on_form("kind1", "human")
        app.on_form("kind1", "bot")
        if gid == "fennecs":
            app.on_form("players", "5")
            app.on_form("players", "2")
    # each game against a bot, to its end; then hot-seat for a while (the pass-the-device screen)
    for gid, seats in (("fendo", ["human", "bot"]), ("renard_des_bois", ["human", "bot"]),
                       ("fennecs", ["human", "bot", "bot"]), ("renard_des_bois", ["human", "human"]),
                       ("fennecs", ["human", "human"])):
        page.go(f"#new/{gid}")
        if gid == "fennecs":
            app.on_form("players", str(len(seats)))
        for i, kind in enumerate(seats):
            app.on_form(f"kind{i}", kind)
            app.on_form(f"name{i}", NAMES[i] if kind == "human" else "")
            if kind == "bot":
                app.on_form(f"level{i}", "novice")
        app.on_click("start", {})
        _play(app, page, rng, limit=400 if "bot" in seats else 40)
    page.go("#")
    sid = app.home.games[0][0]["id"]
    app.on_click("delete", {"id": sid})
    app.on_click("delete", {"id": sid})
    _save_troubles(app, page)


def _save_troubles(app, page) -> None:
    """What saves can go through: one unreadable (set aside), a failed import, a device that
    is full, another tab playing the same game, a new version waiting."""
    app.store.set("renardiere.save.cut1", '{"format": 2, "id": "cut1", "rec')
    page.go("#about")
    page.go("#")
    app.import_text("{nope", "Anna")                   # a file name is data: a player name here
    app.on_update()
    page.go("#new/fendo")
    app.on_click("start", {})
    ses = app.play.session
    app.store.quota = sum(len(k) + len(v) for k, v in app.store.data.items())
    seat = ses.human_to_move()
    app.play.move(seat, ses.legal(seat)[0])                  # the device is full
    app.store.quota = None
    other = dict(ses.save, rev=ses.save["rev"] + 5)
    app.store.set("renardiere.save." + ses.id, __import__("json").dumps(other))
    app.on_storage("renardiere.save." + ses.id)          # another tab played on


def _play(app, page, rng, limit) -> None:
    ses = app.play.session
    for i in range(limit):
        if i == 3 and ses.bot_to_move() is not None:     # a bot that failed: its message and Retry
            app.play.bot_error = "RuntimeError: 42"
            app.render()
            app.play.bot_error = None
        page.run()
        if ses.state.over:
            app.on_click("hide-end", {})
            app.on_click("show-end", {})
            return
        if 'id="round-ok"' in page.html:
            app.on_click("round-ok", {})
            continue
        if 'id="reveal"' in page.html:
            app.on_click("reveal", {"seat": str(ses.human_to_move())})
        seat = ses.human_to_move()
        if seat is None:
            continue
        legal = ses.legal(seat)
        action = rng.choice(legal)
        ply = ses.ply
        _taps(app, ses, seat, legal, action)
        if ses.human_to_move() == seat and ses.ply == ply:
            app.play.move(seat, action)
        if rng.random() < 0.1:
            page.run()                       # the bot's answer first, as the page would have it
            app.on_click("undo", {})


def _taps(app, ses, seat, legal, action) -> None:
    """Selections and refusals on the way to ``action`` (then cancelled: the caller plays it)."""
    gid = ses.game_id
    if gid == "fendo":
        app.on_click("cell", {"cell": "a1"})      # a refusal, or a pawn
        app.on_click("cancel", {})
        m = re.fullmatch(r"([a-k]\d+)-([a-k]\d+)([NESW])", action)
        if m:
            app.on_click("cell", {"cell": m.group(1)})
            app.on_click("cell", {"cell": m.group(2)})
            app.on_click("cancel", {})
        app.on_click("reserve", {})
        app.on_click("cancel", {})
    elif gid == "fennecs":
        view = ses.state.view(seat)
        if view["hand"] and not view["pending"]:
            card = view["hand"][0]
            app.on_click("fcard", {"card": card})
            for col in "ABCDE":
                app.on_click("fcol", {"col": col})
            app.on_click("cancel", {})
        if action.startswith("as "):
            app.on_click("fchoice", {"choice": action})
    elif gid == "renard_des_bois":
        view = ses.state.view(seat)
        if view["hand"]:
            app.on_click("card", {"card": view["hand"][-1]})     # legal or a refusal: played or said


def _renders(lang: str) -> list:
    page = RecordingPage()
    PAGES.append(page)
    from ui.app import App
    from ui.store.saves import MemoryStore
    from helpers.app import DirectBot
    app = App(page, MemoryStore(), DirectBot(), lang=lang, bot_delay=0, rng=random.Random(5))
    page.app = app
    app.boot("")
    _drive(app, page, random.Random(7))
    return page.renders


@pytest.fixture(scope="module")
def french():
    renders = _renders("fr")
    for mark in ('id="round-dialog"', 'id="end-dialog"', "data-pass=", "st-error", 'id="face-up"',
                 'class="wall-btn"', 'id="keep"', 'id="confirm"', 'main class="newgame"', 'class="saved"',
                 'id="confirm-delete"', 'id="retry"', "notice-info", 'class="aside-list"',
                 'data-act="update"', 'data-act="reload-game"', "storage is full" if False else "notice-error"):
        assert any(mark in r for r in renders), f"no screen with {mark}: the drive misses it"
    return renders


def _french_words() -> set:
    texts = [e["fr"] for e in i18n.TABLE.values()]
    texts += [_rules(g, "fr") for g in GAME_IDS]
    texts += [registry.title(g) for g in GAME_IDS] + [lv["name_fr"] for lv in bots.LEVELS]
    texts += list(NAMES) + ["Renardière"]
    return {w.lower() for t in texts for w in WORD.findall(re.sub(r"\{[a-z_]+\}", " ", t))}


def _english_sentences() -> set:
    """Parts of two words or more of the English entries whose French differs."""
    out = set()
    french = " ".join(e["fr"] for e in i18n.TABLE.values())
    for e in i18n.TABLE.values():
        if e["en"] == e["fr"]:
            continue
        for part in re.split(r"\{[a-z_]+\}", e["en"]):
            part = part.strip(" .,:;()·–-")
            if len(part.split()) >= 2 and part not in french:
                out.add(part)
    return out


@pytest.mark.slow
def test_no_raw_key_in_french(french):
    bad = {t for r in french for t in _texts(r) if KEY.match(t)}
    assert not bad, sorted(bad)


@pytest.mark.slow
def test_no_english_sentence_in_french(french):
    english = _english_sentences()
    assert len(english) > 200
    found = {}
    for r in french:
        text = "\n".join(_texts(r))
        for s in english:
            if s in text:
                found.setdefault(s, text[max(0, text.index(s) - 60):text.index(s) + 60])
    assert not found, found


@pytest.mark.slow
def test_every_french_word_comes_from_the_french_texts(french):
    vocabulary = _french_words()
    unknown = {}
    for r in french:
        for t in _texts(r):
            for w in WORD.findall(t):
                if w.lower() not in vocabulary and not re.fullmatch(r"[A-Z]\w+Error", w):   # a bot's failure, quoted
                    unknown.setdefault(w, t[:120])
    assert not unknown, unknown


@pytest.mark.slow
def test_the_english_renders_show_no_raw_key_either():
    bad = {t for r in _renders("en") for t in _texts(r) if KEY.match(t)}
    assert not bad, sorted(bad)


def engine_error_codes() -> set:
    """Every ``code`` an IllegalAction of game/*.py may carry: its second argument or ``code=``,
    and the codes named as string literals (``fault = "fendo.empty_area"`` then raised)."""
    codes = set()
    for path in (ROOT / "game").glob("*.py"):
        src = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(src)):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            if (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")) != "IllegalAction":
                continue
            arg = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "code"), None)
            if arg is None:
                codes.add("illegal")          # the default code
            elif isinstance(arg, ast.Constant):
                codes.add(arg.value)
        codes |= set(re.findall(r'"((?:fendo|renard|fennecs)\.[a-z_]+)"', src))
    return codes


@pytest.mark.slow
def test_every_engine_error_code_has_both_languages():
    codes = engine_error_codes()
    assert {"wrong_turn", "game_over", "bad_action", "fendo.empty_area", "renard.monarch", "fennecs.no_star"} <= codes
    missing = sorted(c for c in codes if f"err.{c}" not in i18n.TABLE)
    assert not missing, missing
    for c in codes:
        e = i18n.TABLE[f"err.{c}"]
        assert e["en"].strip() and e["fr"].strip() and e["en"] != e["fr"], c
