"""WCAG AA contrast of the palette: every text colour on the background it sits on, read from
the page's stylesheet as the build makes it (assets/app.css and each game's style.css: its
variables and rules) and from the card faces drawn in ui/, at 4.5:1 for text.  A colour changed
in a stylesheet is checked here as it is."""

from __future__ import annotations

import re


import pytest

from ui.games.fennecs import cards as fennecs_ui
from ui.games.renard_des_bois import cards as renard_ui

from tools import build

CSS = build.stylesheet()
CSS = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
RULES = [([s.strip() for s in sel.split(",")], body) for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", CSS)]
VARS = dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", next(b for s, b in RULES if ":root" in s)))
CARD_FACE = "#fffaf2"
AA = 4.5


def prop(selector: str, name: str) -> str:
    """The last value of ``name`` in the rules for exactly ``selector``, variables resolved."""
    value = None
    for sels, body in RULES:
        if selector in sels:
            for k, v in re.findall(r"(?:^|;)\s*([\w-]+)\s*:\s*([^;]+)", body):
                if k == name:
                    value = v.strip()
    assert value is not None, f"no {name} for {selector} in the stylesheet"
    while "var(" in value:
        value = re.sub(r"var\((--[\w-]+)\)", lambda m: VARS[m.group(1)].strip(), value)
    m = re.search(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", value)
    assert m, f"{selector} {name}: {value} is not a colour this test reads"
    return m.group(0)


def luminance(hex_: str) -> float:
    h = hex_.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(h[i:i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def v(name):
    return VARS[name].strip()


# (what, text colour, background colour)
PAIRS = [
    ("body text", v("--ink"), v("--bg")),
    ("text on paper", v("--ink"), v("--paper")),
    ("muted text", v("--muted"), v("--bg")),
    ("muted text on paper", v("--muted"), v("--paper")),
    ("muted text on my Fennecs seat", v("--muted"), prop(".fplayer.me", "background")),
    ("links", prop("a", "color"), v("--bg")),
    ("primary button", prop(".primary", "color"), prop(".primary", "background")),
    ("primary button, hovered", prop(".primary", "color"), prop(".primary:hover", "background")),
    ("danger button", prop(".danger-fill", "color"), prop(".danger-fill", "background")),
    ("danger text", prop(".danger", "color"), v("--paper")),
    ("pressed button", prop('button[aria-pressed="true"]', "color"), prop('button[aria-pressed="true"]', "background")),
    ("header", prop(".top", "color"), prop(".top", "background")),
    ("header link", prop(".top-nav > a", "color"), prop(".top", "background")),
    ("language, chosen", prop('.lang-btn[aria-pressed="true"]', "color"), prop('.lang-btn[aria-pressed="true"]', "background")),
    ("language", prop(".lang-btn", "color"), prop(".top", "background")),
    ("error notice", prop(".notice-error", "color"), prop(".notice-error", "background")),
    ("warning that saves may be deleted", prop(".keep-risk", "color"), prop(".keep-risk", "background")),
    ("error in the status", prop(".st-error", "color"), prop(".st-error", "background")),
    ("coming-soon badge", prop(".badge-soon", "color"), prop(".badge-soon", "background")),
    ("chosen option", prop(".seg-item input:checked + span", "color"), prop(".seg-item input:checked + span", "background")),
    ("option that cannot be chosen", prop(".field.disabled .seg-item span", "color"), prop(".field.disabled .seg-item span", "background")),
    ("turn tag", prop(".turn", "color"), prop(".turn", "background")),
    ("turn tag, thinking", prop(".turn", "color"), prop(".turn.thinking", "background")),
    ("turn tag, winner", prop(".turn", "color"), prop(".turn.won", "background")),
    ("Fennecs tag", prop(".ftag", "color"), prop(".ftag", "background")),
    ("Fennecs tag, round done", prop(".ftag", "color"), prop(".ftag.done", "background")),
    ("Fennecs tag, winner", prop(".ftag", "color"), prop(".ftag.won", "background")),
    ("Fennecs tag, thinking", prop(".ftag", "color"), prop(".ftag.thinking", "background")),
    ("Fennecs stars", prop(".fplayer .fstars", "color"), v("--paper")),
    ("Reserve line", prop(".reserve", "color"), v("--bg")),
    ("Fennecs column head, dark end of the table", prop(".fcol-head", "color"), "#c99549"),
    ("Renard table text, light end", prop(".rtable", "color"), "#3d7363"),
    ("winner's star", prop(".count .star", "color"), v("--paper")),
    ("best total", prop(".ftotals .total.best", "color"), v("--paper")),
    ("0→+ value", prop(".mini .as.flip", "color"), v("--paper")),
    ("1/5 value", prop(".mini .as.wild", "color"), v("--paper")),
    ("face-down tag", prop(".mini .was-down", "color"), v("--paper")),
    ("last move in the list", v("--ink"), prop(".mv-last", "background")),
    ("Fendo coordinates, dark end of the frame", prop(".fendo-board .coord", "fill"), "#c99858"),
    ("Fendo orange badge", prop(".fendo-board .badge-orange text", "fill"), prop(".fendo-board .badge-orange rect", "fill")),
    ("Fendo white badge", prop(".fendo-board .badge-white text", "fill"), prop(".fendo-board .badge-white rect", "fill")),
    ("Supernova's face", "#f6cf55", "#2a2540"),
]
PAIRS += [(f"Renard suit {s}", c, CARD_FACE) for s, c in renard_ui.SUIT_COLOUR.items()]
PAIRS += [(f"Fennecs card {k}", c, CARD_FACE) for k, c in fennecs_ui.COLOURS.items() if k != "nova"]


@pytest.mark.parametrize("what,fg,bg", PAIRS, ids=[p[0] for p in PAIRS])
def test_text_contrast_is_aa(what, fg, bg):
    assert ratio(fg, bg) >= AA, f"{what}: {fg} on {bg} is {ratio(fg, bg):.2f}:1, under {AA}:1"


def test_the_ratio_is_wcags():
    assert round(ratio("#000000", "#ffffff"), 1) == 21.0
    assert round(ratio("#777777", "#ffffff"), 2) == 4.48
