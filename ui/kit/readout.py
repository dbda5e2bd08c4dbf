"""The keys that read the table out (pure Python): what a sighted player reads at a glance,
said through the live region on a key, for a person who cannot see the screen.

One list of keys (:data:`KEYS`), shown in the help dialog (``?``) and on every game's rules
page.  The letters avoid the boards' own keys: Fendo's walls and reserve (N, E, S, W, P)
and Fowl Play's hex directions (Q, E, A, D, Z, C), so that they work with the focus on a
board too.

>>> [k for k, _ in KEYS]
['t', 'r', 'l', 'v', '?']
>>> asked("T"), asked("?"), asked("n"), asked("Enter")
('turn', 'help', None, None)
"""

from __future__ import annotations

import re
from html import unescape

from ui.kit.html import button, esc

# key, what it reads (its i18n entry is read.<what>; its line in the list, read.key.<what>)
KEYS = (("t", "turn"), ("r", "scores"), ("l", "last"), ("v", "position"), ("?", "help"))
_ASKED = {k: what for k, what in KEYS} | {k.upper(): what for k, what in KEYS}


def asked(key: str) -> str | None:
    """What ``key`` (as the page names it, either case) asks to read out, or None."""
    return _ASKED.get(key)


def keys_list(tr) -> str:
    """The keys and what each reads, as a list (the help dialog's, the rules pages')."""
    return ('<dl class="read-keys">' + "".join(
        f'<dt><kbd>{esc(k.upper())}</kbd></dt><dd>{esc(tr("read.key." + what))}</dd>' for k, what in KEYS)
        + "</dl>")


def rules_section(tr) -> str:
    """The keys, as a section of a rules page."""
    return f'<section class="read-keys-rules"><h2>{esc(tr("read.title"))}</h2><p>{esc(tr("read.intro"))}</p>{keys_list(tr)}</section>'


def help_dialog(tr) -> str:
    """The help dialog (``?``): a real one, which takes the focus (``data-takes-focus``:
    ui/web/dom.py moves it in, keeps Tab inside and gives it back when it closes)."""
    return (
        '<div class="end-backdrop keys-backdrop"><div class="end-dialog keys-dialog" role="dialog" aria-modal="true" '
        'aria-labelledby="keys-title" id="keys-dialog" data-takes-focus>'
        f'<h2 id="keys-title">{esc(tr("read.title"))}</h2><p>{esc(tr("read.intro"))}</p>{keys_list(tr)}'
        f'<div class="end-actions">{button(esc(tr("read.close")), "keys-close", "primary", id="keys-close")}</div>'
        '</div></div>'
    )


_STATUS = re.compile(r'<div class="status" id="status">(.*?)</div></div>', re.S)
_LINE = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)
_IMG = re.compile(r'<span\b[^>]*role="img"[^>]*aria-label="([^"]*)"[^>]*>.*?</span>', re.S)   # a card drawn small
_TAG = re.compile(r"<[^>]*>")
_BUTTON = re.compile(r"<button\b.*?</button>", re.S)


def text_of(markup: str) -> str:
    """The words of some markup as a screen reader reads them: a picture (``role="img"``)
    by its label, a button by its words.

    >>> text_of('Anna plays <span class="icard" role="img" aria-label="the 5 of Moons"><svg></svg></span>.')
    'Anna plays the 5 of Moons.'
    """
    words = _IMG.sub(lambda m: m.group(1), markup)
    return " ".join(unescape(_TAG.sub(" ", words)).split()).replace(" .", ".").replace(" ,", ",")


def status_words(markup: str) -> list[str]:
    """The lines of the status bar (ui.kit.widgets.status) in ``markup``: what the table says
    of whose turn it is and what to do."""
    m = _STATUS.search(markup)
    if not m:
        return []
    return [t for t in (text_of(_BUTTON.sub("", line)) for line in _LINE.findall(m.group(1))) if t]


def scores(tr, view: dict, names) -> list[str]:
    """The default read-out of the scores: each seat's, from the view's ``scores``."""
    sc = view.get("scores") or ()
    return [tr("read.scores_line", what=", ".join(f"{names[i]} {s}" for i, s in enumerate(sc) if i < len(names)))] if sc else []


def hands(tr, game: str, view: dict, names, seat, card_words) -> list:
    """A card game's hands, as its read-out says them (``read.<game>.hand``,
    ``read.<game>.hand_count``): ``seat``'s own cards by their words, the others' counted."""
    out = []
    if seat is not None and view.get("hand") is not None:
        out.append(tr(f"read.{game}.hand", cards=", ".join(card_words(c) for c in view["hand"])))
    out += [tr(f"read.{game}.hand_count", name=names[s], n=n)
            for s, n in enumerate(view["hand_counts"]) if s != seat]
    return out
