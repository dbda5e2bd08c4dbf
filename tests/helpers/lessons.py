"""What the lesson tests share (tests/test_ui_lesson.py, tests/e2e/test_lessons_ui.py,
tests/e2e/test_engines.py): the taps that play a step's action, found from what the table draws
(the lit places first), and a lesson's whole plan played on CPython."""

from __future__ import annotations

import html
import json
import re

from helpers.app import make_app

from ui.acts import ACTS, routes
from ui.kit import registry
from ui.store import saves

SHELL = set(routes(ACTS))
GAMES = sorted(g for g in registry.playable() if registry.screen(g).lesson() is not None)


def taps_of(markup: str) -> list:
    """The table's own taps on the page, ``(act, data)`` as the page hands them (a dataset:
    ``data-x-y`` as ``xY``), lit ones (``data-hint``) first."""
    lit, rest = [], []
    for tag in re.findall(r"<[a-z]+\b[^>]*\bdata-act=\"[^\"]*\"[^>]*>", markup):
        act = re.search(r'data-act="([^"]*)"', tag).group(1)
        if act in SHELL or act in ("form", "import"):
            continue
        data = {re.sub(r"-([a-z])", lambda m: m.group(1).upper(), k): html.unescape(v)
                for k, v in re.findall(r'\sdata-([a-z-]+)="([^"]*)"', tag) if k != "act"}
        (lit if " data-hint" in tag else rest).append((act, data))
    return lit + rest


def path_to(app, page, action: str, depth: int = 6) -> list:
    """The taps on the table that play ``action``: searched through the game's own screen,
    each selection drawn by the app as the page would show it (nothing played meanwhile)."""
    les = app.lesson
    start, scr = les.table.sel, les.screen
    queue, seen = [(start, [])], {repr(start)}
    try:
        while queue:
            sel, path = queue.pop(0)
            les.table.sel = sel
            app.render()
            turn = les.current().turn
            for act, data in taps_of(page.html):
                reply = scr.tap(act, data, sel, turn)
                if reply is None:
                    continue
                if reply.action == action:
                    return path + [(act, data)]
                if reply.sel is not None and repr(reply.sel) not in seen and len(path) < depth:
                    seen.add(repr(reply.sel))
                    queue.append((reply.sel, path + [(act, data)]))
    finally:
        les.table.sel = start
        app.render()
    raise AssertionError(f"no taps on the table play {action!r}")


def tap_action(app, page, action: str) -> int:
    """Plays ``action`` by its taps; how many there were."""
    path = path_to(app, page, action)
    for act, data in path:
        app.on_click(act, data)
    return len(path)


def bar(page) -> dict:
    m = re.search(r'<section class="lesson-bar"[^>]*>', page.html)
    assert m, "no lesson bar on the page"
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', m.group(0)))


def lit_ids(page) -> list:
    return re.findall(r'id="([^"]+)"[^>]*?\sdata-hint', page.html)


def kept(store, gid) -> dict:
    return json.loads(store.get(saves.LESSON_PREFIX + gid))


def selector(act: str, data: dict) -> str:
    """The page's element for a tap ``(act, data)`` as tests/test_ui_lesson.py hands them."""
    sel = f'#main [data-act="{act}"]'
    for k, v in data.items():
        attr = re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), k)
        value = str(v).replace("\\", "\\\\").replace('"', '\\"')
        sel += f'[data-{attr}="{value}"]'
    return sel


def plan(gid: str) -> tuple[list, int | None, list]:
    """The lesson played on CPython: per step, the taps playing its action (None: it asks for
    nothing); the first step with words for a wrong tap, and that wrong tap's taps, played first."""
    app, page = make_app()
    page.go(f"#lesson/{gid}")
    lesson = app.lesson.lesson
    steps, wrong_at, wrong = [], None, []
    for i, step in enumerate(lesson.steps):
        taps = None
        if step.asks:
            if wrong_at is None and step.other:
                for other in app.lesson.state.legal_actions(lesson.seat):
                    if other in step.do:
                        continue
                    try:
                        wrong = path_to(app, page, other)
                    except AssertionError:
                        continue
                    wrong_at = i
                    for act, data in wrong:
                        app.on_click(act, data)
                    break
            taps = path_to(app, page, step.do[0])
            for act, data in taps:
                app.on_click(act, data)
            page.run()
        steps.append(taps)
        if i < len(lesson.steps) - 1:
            app.on_click("lesson-next", {})
    return steps, wrong_at, wrong
