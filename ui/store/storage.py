"""Whether this device will keep the saved games, and what the home page says of it (pure Python).

A browser may clear a site's storage: Chromium and Firefox when the disk runs low, unless the
site holds persistent storage (``navigator.storage.persist()``); Safari's engine, WebKit (every
browser on iPhone and iPad), after seven days of use without a visit, whatever ``persist()``
says, unless the site runs from the home screen.  ``ui/web/extras.py`` asks the browser
(``Dom.storage_facts``, ``Dom.persist``, ``Dom.install``); this module decides what to ask and
what to show, so that CPython tests can drive it with made-up answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.kit.html import button, esc

SAFE, SEVEN_DAYS, NOT_GRANTED, NO_API = "safe", "seven_days", "not_granted", "no_api"


@dataclass
class Facts:
    """What the browser says, all at once (``Dom.storage_facts``)."""

    api: bool = False               # navigator.storage.persist and .persisted exist
    persisted: bool | None = None   # what persisted() said; None: not known (yet)
    standalone: bool = False        # running installed: display-mode standalone, navigator.standalone
    webkit: bool = False            # Safari's engine: Safari, or any browser of an iPhone or iPad
    ios: bool = False               # an iPhone or iPad: installing is Share › Add to Home Screen
    prompt: bool = False            # the browser handed us its install prompt (beforeinstallprompt)


def engine(user_agent: str, touch_points: int = 0) -> tuple[bool, bool]:
    """``(webkit, ios)`` from the user agent.  An iPad asks for desktop sites by default and
    says "Macintosh": its touch screen gives it away.  Chrome, Edge, Opera and Android's
    browsers say "Safari" too, but are not WebKit (except on iOS, where all are)."""
    ua = user_agent or ""
    ios = any(d in ua for d in ("iPhone", "iPad", "iPod")) or ("Macintosh" in ua and touch_points > 1)
    other = any(b in ua for b in ("Chrome", "Chromium", "Edg/", "OPR/", "Android", "Firefox"))
    return ios or ("AppleWebKit" in ua and "Safari" in ua and not other), ios


def state(f: Facts) -> str | None:
    """SAFE, SEVEN_DAYS, NOT_GRANTED or NO_API; None while persisted() has not answered."""
    if f.webkit:
        return SAFE if f.standalone else SEVEN_DAYS   # a home-screen app is out of the 7-day rule
    if not f.api:
        return NO_API
    if f.persisted is None:
        return None
    return SAFE if f.persisted else NOT_GRANTED


class Keeper:
    """The facts known so far, and when to ask for persistent storage: when it is not held yet,
    once a page load for each reason, "save" (the first game saved), "start" (only when running
    installed) and "installed" (just installed).  Never at every start for nothing: only after
    persisted() has said no."""

    def __init__(self):
        self.facts = Facts()
        self._asked: set = set()

    def ask(self, why: str | None) -> bool:
        f = self.facts
        if why is None or why in self._asked or not (f.api and f.persisted is False):
            return False
        if why == "start" and not f.standalone:
            return False
        self._asked.add(why)
        return True


def _remedies(tr, f: Facts, has_saves: bool) -> str:
    """How to keep them: install (the browser's prompt, else how), and download them all."""
    items = []
    if not f.standalone:
        if f.prompt:
            items.append(button(esc(tr("keep.install")), "install", "small primary", id="keep-install")
                         + f' <span>{esc(tr("keep.install_help"))}</span>')
        else:
            how = "keep.how_ios" if f.ios else "keep.how_mac" if f.webkit else "keep.how_menu"
            items.append(f'<span>{esc(tr(how))}</span>')
    if has_saves:   # the recovery screen's "Download all" (Files.backup_text, ui/parts/files.py): it imports back
        items.append(button(esc(tr("keep.download")), "recovery-download", "small", id="keep-download")
                     + f' <span>{esc(tr("keep.download_help"))}</span>')
    if not items:
        return ""
    return f'<p>{esc(tr("keep.remedies"))}</p><ul>' + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def home(tr, f: Facts, has_saves: bool) -> tuple[str, str]:
    """The home page's word on it: ``(top, tools)``, the markup above the saved games and the
    one in the "Saved games" section.  Safe: one small line in that section.  At risk: a
    folded warning, its one line saying what may happen, opened for the remedies; above the
    games when there are games to lose, in that section when there are none yet."""
    s = state(f)
    if s is None:
        return "", ""
    if s == SAFE:
        return "", (f'<p class="keep keep-safe" id="keep" data-keep="{s}">'
                    f'<span aria-hidden="true">✓</span> {esc(tr("keep.safe"))}</p>')
    box = (f'<details class="keep keep-risk" id="keep" data-keep="{s}">'
           f'<summary><span aria-hidden="true">⚠</span> {esc(tr("keep." + s))}</summary>'
           f'<div class="keep-more">{_remedies(tr, f, has_saves)}</div></details>')
    return (box, "") if has_saves else ("", box)
