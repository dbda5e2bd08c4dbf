"""Every text of the interface exists in English and French."""

from __future__ import annotations

import re
import string
from pathlib import Path

import game
import ui.games  # every game's screen and texts
from ui.kit import i18n, registry

GAME_IDS = [g for g, _ in registry.listed()]


def _rules(gid: str, lang: str) -> str:
    return registry.page_of(gid).rules_page(lang)

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "ui"


def _fields(text: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_key_has_both_languages_with_the_same_placeholders():
    for key, entry in i18n.TABLE.items():
        assert set(entry) == set(i18n.LANGS), key
        for lang in i18n.LANGS:
            assert entry[lang].strip(), f"{key} is empty in {lang}"
        assert _fields(entry["en"]) == _fields(entry["fr"]), key


def test_every_literal_key_used_in_ui_exists():
    used = set()
    for path in (p for p in UI.rglob("*.py") if "games" not in p.relative_to(UI).parts):
        src = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\btr\(\s*"([a-z_.0-9]+)"', src))
        used |= {"msg." + k for k in re.findall(r'\("(fendo\.[a-z_]+)", \{', src)}
        used |= set(re.findall(r'"(notice\.[a-z_]+)"', src))
    used = {k for k in used if not k.endswith(".")}  # prefixes of dynamic keys: see below
    assert len(used) > 60
    missing = sorted(k for k in used if k not in i18n.TABLE)
    assert not missing, missing


def test_dynamic_keys_exist():
    keys = []
    for gid in GAME_IDS:
        keys += [f"game.{gid}.players", f"game.{gid}.tagline"]
    keys += [f"month.{m}" for m in range(1, 13)]
    keys += [f"side.{s}" for s in "NESW"]
    keys += [f"fendo.seat{i}" for i in (0, 1)]
    from game import fendo
    keys += [f"end.reason.{r}" for r in fendo.END_REASONS]
    keys += [f"lang.{code}" for code in i18n.LANGS]
    for o in game.GAMES["fendo"].options:
        keys.append(f"opt.fendo.{o.name}")
        keys += [f"opt.fendo.{o.name}.{c}" for c in o.choices]
    import bots
    keys += [f"level.{lv['id']}.help" for lv in bots.LEVELS]
    missing = [k for k in keys if k not in i18n.TABLE]
    assert not missing, missing


def test_every_engine_error_code_of_fendo_is_translated():
    src = (ROOT / "game" / "fendo.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'"(fendo\.[a-z_]+)"', src))
    assert codes, "found no error codes in game/fendo.py"
    missing = sorted(c for c in codes if f"err.{c}" not in i18n.TABLE)
    assert not missing, missing


def test_error_text_uses_code_and_params():
    e = game.IllegalAction("There is no pawn on c3.", "fendo.no_pawn", cell="c3")
    assert i18n.error_text("fr", e) == "Il n'y a pas de pion en c3."
    assert i18n.error_text("en", e) == "There is no pawn on c3."
    unknown = game.IllegalAction("Something new.", "fendo.brand_new")
    assert i18n.error_text("fr", unknown) == "Something new."


def test_language_choice():
    assert i18n.pick(None, "fr-CA") == "fr"
    assert i18n.pick(None, "de-DE") == "en"
    assert i18n.pick("en", "fr-FR") == "en"
    assert i18n.pick("xx", "FR") == "fr"
    assert i18n.tr("fr", "play.moves", n=3) == "Coups (3)"
    assert i18n.tr("en", "no.such.key") == "no.such.key"


def test_rules_pages_exist_in_both_languages():
    for gid in GAME_IDS:
        for lang in i18n.LANGS:
            assert _rules(gid, lang).strip(), (gid, lang)
    # Fendo's page covers what the rulebook covers
    for lang, words in (("en", ["Setup", "open area", "closed area", "turn", "wall", "ban", "Passing",
                                "scoring", "Handicap", "9×9", "11×11", "d1-d4N"]),
                        ("fr", ["Mise en place", "zone ouverte", "zone fermée", "tour", "mur", "interdits",
                                "Passer", "décompte", "Handicap", "9×9", "11×11", "d1-d4N"])):
        page = _rules("fendo", lang)
        for w in words:
            assert w in page, (lang, w)


def test_fendo_rules_have_their_diagrams():
    for lang in i18n.LANGS:
        page = _rules("fendo", lang)
        assert page.count("<figure") == 3 and "<!--diagram" not in page
        assert 'data-act="cell"' not in page and 'id="board"' not in page   # not clickable


# a count followed by a noun that takes an s when there are several (issue 28: "1 steps left", "1 pts")
_PLURAL_NOUN = re.compile(
    r"\{n\} (?:\S+ )?(?:pts|points|steps|cards|cells|stars|tricks|birds|games|moves|hints"
    r"|pas restants|cartes|cases|étoiles|plis|volailles|parties|coups|indices)\b")


# counts that are never one: the stars each player begins with, the birds of a new farmyard,
# the moves of a link when there are several (a single one has its own text)
_NEVER_ONE = {"fennecs.start_line", "fowl_play.board", "link.updated_many"}


def test_every_count_of_a_plural_noun_has_its_singular():
    missing = sorted(key for key, entry in i18n.TABLE.items()
                     if not key.endswith(".one") and key not in _NEVER_ONE and any(_PLURAL_NOUN.search(t) for t in entry.values())
                     and key + ".one" not in i18n.TABLE)
    assert not missing, missing
    for lang in i18n.LANGS:
        for key in i18n.TABLE:
            if not key.endswith(".one") and key not in _NEVER_ONE:
                text = i18n.tr(lang, key, n=1, name="A", card="C", cell="c1", band="B", total=49, owed=1,
                               cards="", points="", file="f", same=0, failed=0, target=9, side="N")
                assert not re.search(r"(?<![\d.])1 (pts|points|steps|cards|cells|stars|tricks|birds|pas restants"
                                     r"|cartes|cases|étoiles|plis|volailles)\b", text), (lang, key, text)


def test_onexeno_takes_say_one_card_and_one_point_in_the_singular():
    from ui.games.onexeno import cards
    take = {"seat": 0, "lines": [["a1"]], "cards": ["x"], "points": 1}
    for lang, want in (("en", "1 card, 1 point"), ("fr", "1 carte, 1 point")):
        text = cards.take_line(lambda key, lang=lang, **p: i18n.tr(lang, key, **p), take, ["Ann"])
        assert want in text, text
    take = dict(take, cards=["x", "y"], points=2)
    assert "2 cards, 2 points" in cards.take_line(lambda key, **p: i18n.tr("en", key, **p), take, ["Ann"])
