"""Tiny helpers to build HTML/SVG strings safely (pure Python)."""

from __future__ import annotations

import re

def esc(value) -> str:
    """Text or attribute value, escaped for HTML (quotes included).

    The same as ``html.escape(value, quote=True)``, whose module loads the table of
    every HTML entity (about 50 ms of the page's start-up in Pyodide) that we never use.
    """
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(**kw) -> str:
    """` a="1" b="2"` from keyword arguments; `data_x` becomes `data-x`,
    `class_` becomes `class`; None and False are left out, True is bare."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f" {name}" if v is True else f' {name}="{esc(v)}"')
    return "".join(out)


def hand_fan(items: list, label: str, interactive: bool, playable: list, cls: str = "") -> str:
    """A hand of cards (``items``, already drawn) as ``#hand``: one row whose cards overlap
    to fit (``--n``).  ``playable[i]``: card i may be played now (raised, class ``legal``);
    the strip each playable card shows is the wider, up to 44 px, the others share what is
    left (``--nl``/``--no``: playable and other cards but the last, whose whole face shows;
    app.css).  A playable hand is a ``[data-keys]`` group, so the arrow keys walk it (ui/dom.py).

    >>> 'style="--n:3;--nl:1;--no:1;--nld:1;--nod:1"' in hand_fan([], "", True, [True, False, True])
    True
    """
    n = len(playable)
    nl = sum(1 for p in playable[:-1] if p)
    no = max(0, n - 1 - nl)
    keys = ' data-keys="1"' if interactive else ""
    return (f'<div class="hand fan{cls}{" active" if interactive else ""}" id="hand"{keys} role="group" '
            f'style="--n:{max(2, n)};--nl:{nl};--no:{no};--nld:{max(1, nl)};--nod:{max(1, no)}" '
            f'aria-label="{esc(label)}">{"".join(items)}</div>')


def button(label: str, act: str | None = None, cls: str = "", **kw) -> str:
    """A ``<button>`` whose tap the app receives as ``act`` (``data-act``), with ``label``
    already escaped (it may hold markup) and any other attributes as in :func:`attrs`."""
    return f'<button type="button"{attrs(class_=cls or None, data_act=act, **kw)}>{label}</button>'


# Characters that can turn the text around a name: right-to-left letters (Hebrew, Arabic,
# Syriac, Thaana...) and the explicit direction marks, embeddings, overrides and isolates.
_BIDI = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u061c\u200e\u200f\u202a-\u202e"
                   "\u2066-\u2069\U00010800-\U00010fff\U0001e800-\U0001efff]")


def isolated(text: str) -> str:
    """A name typed by a player, or any text from outside (a key, a date, a file's name),
    bidi-isolated (FSI ... PDI, the text of ``<bdi>``) when it holds anything right-to-left:
    it then cannot reorder the sentence around it, in the page, an attribute or the live
    region alike.

    >>> isolated("Ann")
    'Ann'
    >>> isolated("\u202eevil") == "\u2068\u202eevil\u2069"
    True

    Its own isolates' marks go, so that it can neither close the isolate it is in nor open
    one that outlasts it (the overrides and embeddings inside end with the isolate):

    >>> isolated("\u2069\u202eevil\u2066") == "\u2068\u202eevil\u2069"
    True
    """
    return f"\u2068{text.translate(_ISOLATES)}\u2069" if _BIDI.search(text) else text


ISOLATES = "\u2066\u2067\u2068\u2069"     # LRI, RLI, FSI, PDI: what isolates a text
_ISOLATES = dict.fromkeys(map(ord, ISOLATES))
