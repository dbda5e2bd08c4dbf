"""The pieces every game's table is built from (pure Python): written once, used by each
game's screen, so that every table has the same status line, tools and end dialog.

Each takes the screen's :class:`ui.kit.screen.Context` (``ctx``) and plain data, and returns
markup with the ids the app, its styles and its tests know: ``#status-bar``, ``#status``, ``#controls``,
``#undo``, ``#end-dialog``, ``#again``, ``#replay``, ``#hide-end``...
"""

from __future__ import annotations

import functools
import re

from ui.kit.html import ISOLATES, attrs, button, esc


def seat_kind(tr, cfg: dict, level_names: dict) -> str:
    """"Human", "By link" or "Bot · Standard": who plays a seat, under its name."""
    if cfg["kind"] == "human":
        return tr("seat.human")
    if cfg["kind"] == "remote":
        return tr("seat.remote")
    if cfg["kind"] == "device":
        return tr("seat.device")
    return tr("seat.bot_kind", level=level_names.get(cfg.get("level"), ""))


def turn_tag(tr, seat: int, thinking, to_move: bool, winner: bool, cls: str = "turn") -> str:
    """The tag on a seat's card: thinking (a bot), to play, or the winner."""
    if thinking == seat:
        return f'<span class="{cls} thinking">{esc(tr("play.thinking"))}</span>'
    if to_move:
        return f'<span class="{cls}">{esc(tr("play.to_play"))}</span>'
    if winner:
        return f'<span class="{cls} won">{esc(tr("play.winner_tag"))}</span>'
    return ""


def waiting(ctx, view: dict, lines: list, controls: list) -> bool:
    """The status when no human acts now (a bot failed, thinks, or another seat is to
    move): adds its lines and controls and says True; False when a human acts."""
    tr = ctx.tr
    if ctx.bot_error:
        lines.append(("error", tr("play.bot_error", error=ctx.bot_error)))
        controls.append(button(esc(tr("play.retry")), "retry", "primary", id="retry"))
    elif ctx.thinking is not None:
        lines.append(("main", tr("play.bot_thinking", name=ctx.names[ctx.thinking])))
    elif ctx.acting is None:
        if view["to_move"] and not ctx.lesson:      # a lesson's bar says what comes next
            lines.append(("main", tr("play.waiting", name=ctx.names[view["to_move"][0]])))
    else:
        return False
    return True


def status(ctx, lines: list) -> str:
    """The status bar (``#status-bar``): ``#status``, what the others did since the acting
    seat's last turn (when several acted), the lines ``(kind, text)``, the hint asked for and
    the message of the last tap, if any; beside it Undo and Hint (:func:`turn_tools`).

    The bar stays on the screen while the table scrolls (``position: sticky``, app.css), so
    it keeps to a few lines: the summary of the others' moves is cut to its first lines (the
    whole of it is in the log, and read out by a screen reader), and the message of a
    refused tap lies over the lines instead of adding one, so that it moves nothing."""
    if ctx.since:
        key = "play.since_start" if ctx.since_start else "play.since"      # no "last turn" before the first
        lines = [("since", ctx.tr(key, what=" ".join(ctx.since)))] + lines
    if ctx.hint:
        lines = lines + [("hint", ctx.tr("play.hint", what=ctx.hint))]
    if ctx.message:
        lines = lines + [("error", ctx.message)]
    again = ""      # Show again, at the head of the first line (the summary, if any): no new line
    if ctx.playback is not None and not ctx.replay:
        again = button(esc(ctx.tr("play.show_again")), "show-again", "ghost small", id="show-again",
                       aria_pressed="true" if ctx.playback == "on" else "false") + " "
    still = " still" if ctx.replay else ""        # a replay's own bar sticks to the top instead
    # the tools first: a float the lines run beside, then under (app.css)
    return (f'<div class="status-bar{still}" id="status-bar">' + turn_tools(ctx)
            + '<div class="status" id="status">'
            + "".join(f'<p class="st st-{k}">{"" if i else again}{ctx.inline(esc(t))}</p>'
                      for i, (k, t) in enumerate(lines)) + "</div></div>")


def turn_tools(ctx) -> str:
    """Undo and Hint, in the status bar (nothing in a replay nor a lesson).

    A refused undo stays a button, greyed and ``aria-disabled`` (not ``disabled``), so that
    a tap still arrives: the app then says why in the status line (a phone shows no
    tooltip).  Its title gives the reason too, for a mouse's hover."""
    if ctx.replay or ctx.lesson:
        return ""
    tr = ctx.tr
    can, reason = ctx.undo
    undo = button(esc(tr("play.undo")), "undo", "ghost" if can else "ghost is-disabled", id="undo",
                  title=None if can else tr(reason or "undo.nothing"),
                  aria_disabled=None if can else "true")
    hint = (button(esc(tr("play.hint_button")), "hint", "ghost", id="hint")
            if ctx.acting is not None else "")     # a suggestion of the default bot, not played
    return f'<div class="turn-tools">{undo}{hint}</div>'


def svg_badge(ident: str, label: str, x: float, y: float, r: float = 15) -> str:
    """The numbered badge of a marked place inside an SVG (which takes no ``::after``): a
    disc and its number at (x, y), in the board's units."""
    size = r * (1.2 if len(label) < 2 else 0.9)
    return (f'<g class="mark-badge" data-for="{esc(ident)}" pointer-events="none">'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}"/>'
            f'<text x="{x:g}" y="{y + size * 0.36:g}" font-size="{size:g}">{esc(label)}</text></g>')


LOG_SHOWN = 60     # the log's newest entries on the page; the earlier ones when asked for


def log(ctx) -> str:
    """The game log: every action, in words, the newest marked and in view.  The list is
    written newest first and laid out bottom-up (``column-reverse``, app.css), so that it
    opens scrolled to its newest entry with no script and no forced layout.  Not a live
    region of its own: ``#announce`` already says each action once.  The role is on a box
    around the list (an ``<ol>`` may not take the role ``log``, and its items need it a list).
    The list scrolls, so it takes the focus (``tabindex="0"``): the keys scroll it too.

    Past ``LOG_SHOWN`` entries, the earlier ones wait behind a button at the top of the list
    (``ctx.log_all`` once it was tapped): every redraw writes the log, and a long game's
    whole log would make each tap cost more than a short game's."""
    tr = ctx.tr
    if ctx.replay:
        return ""
    places = ctx.log_places
    said = [(seat, words, " ".join(places[i]) if i < len(places) else "")
            for i, (seat, words) in enumerate(ctx.log) if words]   # a step that says nothing new
    if not said:
        items = f'<li class="empty">{esc(tr("log.empty"))}</li>'
    else:
        hidden = 0 if ctx.log_all else max(0, len(said) - LOG_SHOWN)
        shown = said[hidden:]
        (seat, words, ids), older = shown[-1], shown[-2::-1]
        newest = _log_item(seat, words, ids, ctx.inline)
        newest = (newest.replace('" data-act', '" class=last data-act', 1) if ids
                  else newest.replace('">', '" class=last>', 1))
        items = newest + "".join(_log_item(seat, words, ids, ctx.inline) for seat, words, ids in older)
        if hidden:
            items += ('<li class="log-more">'
                      + button(esc(tr("log.earlier", n=hidden)), "log-all", "ghost", id="log-all") + "</li>")
    # each entry numbered as in the whole game: ``start``, counted down past the hidden ones
    return (f'<details class="game-log" open><summary>{esc(tr("log.title", n=len(ctx.log)))}</summary>'
            f'<div class="log-box" id="log" role="log" aria-live="off"><ol class="log-list" reversed start="{max(len(said), 1)}" tabindex="0">{items}</ol>'
            f'</div></details>')


@functools.lru_cache(maxsize=2048)
def _log_item(seat: int, words: str, ids: str = "", inline=str) -> str:
    """An entry of the game log, escaped once (its cards drawn by the game's ``inline``):
    every redraw writes up to ``LOG_SHOWN`` of them.  With places (``ids``), a tap on it
    flashes them on the table."""
    tap = f' data-act="flash" data-ids="{esc(ids)}"' if ids else ""
    return f'<li data-seat="{seat}"{tap}>{inline(esc(words))}</li>'


def controls(items: list) -> str:
    return f'<div class="controls" id="controls">{"".join(items)}</div>'


def tools(ctx, game_id: str) -> str:
    """Rules, export, sound and home, under a table (nothing in a replay); Undo and Hint
    are in the status bar (:func:`turn_tools`); nothing in a lesson either (its bar has Leave)."""
    if ctx.replay or ctx.lesson:
        return ""
    tr = ctx.tr
    sound = button(esc(tr("play.sound")), "sound", "ghost", id="sound",
                   aria_pressed="true" if ctx.sound else "false")   # a blip and a buzz; off unless turned on
    return (
        f'<div class="tools-row">'
        f'<a class="button ghost" href="#rules/{game_id}" id="rules-link">{esc(tr("home.rules"))}</a>'
        + ("" if ctx.guest else button(esc(tr("home.export")), "export", "ghost", data_id=ctx.save_id, id="export"))
        + sound
        + f'<a class="button ghost" href="#" id="home-link">{esc(tr("nav.home"))}</a></div>'
    )


def winners_title(tr, view: dict, names: list) -> str:
    w = view["winners"]
    return tr("end.title_win", name=names[w[0]]) if len(w) == 1 else tr("end.title_draw")


BACKDROP = '<div class="end-backdrop">'      # round_dialog's and end_dialog's: where bar_above looks


def bar_above(bar: str, table: str) -> str:
    """The shell's ``bar`` (the seats on other devices) above the ``table``; a dialog open, at
    the top of its backdrop instead: laid out above the dialog, never over it (the dialog takes
    the height left), and still in reach (an away guest is invited again at any time)."""
    if not bar or BACKDROP not in table:
        return bar + table
    return table.replace(BACKDROP, '<div class="end-backdrop with-bar">' + bar, 1)


def end_dialog(ctx, title: str, body: str, extra: str = "", look: str = "end.look") -> str:
    """The end of the game: its title, the score breakdown (``body``), then what to do
    next; nothing in a replay or once the player chose to look at the board (``look``: the
    button's words, "end.look_table" in a card game)."""
    if ctx.replay or ctx.end_hidden or ctx.lesson:
        return ""
    tr = ctx.tr
    if ctx.hints:
        extra += f'<p class="end-hints" data-hints="{ctx.hints}">{esc(tr("end.hints", n=ctx.hints))}</p>'
    return (
        f'{BACKDROP}<div class="end-dialog" role="dialog" aria-modal="false" '
        f'aria-labelledby="end-title" id="end-dialog"><h2 id="end-title">{esc(title)}</h2>{body}{extra}'
        f'<div class="end-actions">'
        + ("" if ctx.guest else f'{button(esc(tr("end.again")), "again", "primary", id="again")}'
                                f'{button(esc(tr("end.replay")), "replay", "", id="replay")}')
        + f'<a class="button" href="#" id="end-home">{esc(tr("nav.home"))}</a>'
        f'{button(esc(tr(look)), "hide-end", "ghost", id="hide-end")}</div></div></div>'
    )


def round_dialog(ctx, rnd: int, title: str, body: str, last: bool = False, label: str = "") -> str:
    """The summary of round ``rnd``, closed by its button (``round-ok``)."""
    if ctx.replay or ctx.lesson:
        return ""
    return (
        f'{BACKDROP}<div class="end-dialog round-dialog" role="dialog" aria-modal="false" '
        f'aria-labelledby="round-title" id="round-dialog" data-round="{rnd}"{" data-last=1" if last else ""}>'
        f'<h2 id="round-title">{esc(title)}</h2>{body}'
        f'<div class="end-actions">{button(esc(label), "round-ok", "primary", id="round-ok")}</div>'
        f'</div></div>'
    )


def show_end(ctx) -> str:
    """The button that brings the end dialog back (not in a replay)."""
    return "" if ctx.replay or ctx.lesson else button(esc(ctx.tr("end.show")), "show-end", "primary", id="show-end")


def main(ctx, view: dict, cls: str, body: str, **data) -> str:
    """The table's ``<main>``: the ply, the seat, whether it is over, the seat whose taps it
    takes (``data-acting``) and whether a bot thinks, as ``data-*`` attributes (the tests and the benchmarks read them)."""
    if ctx.arriving:
        cls += " arrive"          # the last action just played: its card or pawn slides in (each game's style.css)
    state = attrs(data_over="1" if view["over"] else None, data_acting=ctx.acting,
                  data_thinking="1" if ctx.thinking is not None else None, data_bot_ms=ctx.bot_ms,
                  **{"data_" + k: v for k, v in data.items()})
    return f'<main class="play {cls}" id="main" data-ply="{view["ply"]}"{state}>{body}</main>'


# -- score tables: one layout for every round summary and end table --------------------------

HEAD_ROOM = 29      # characters of names (12 px, bold) a phone's dialog holds across, beside the rows' labels
WIDE_ROOM = 52      # and a tablet's dialog, 720 px wide (app.css): a name that fits it is whole there


def _lines(name: str, room: int) -> int:
    """The lines ``name`` takes in ``room`` characters, broken as a browser breaks it: at spaces
    and after hyphens (a piece longer than the room: too many)."""
    lines, used = 1, 0
    for space, piece in re.findall(r"(\s*)([^\s-]+-*|-+)", name):
        if len(piece) > room:
            return 99
        add = len(piece) + (1 if space and used else 0)
        if used and used + add > room:
            lines, used = lines + 1, len(piece)
        else:
            used += add
    return lines


def short_names(names, room: int) -> list:
    """Each name as it fits in ``room`` characters of a column's head (two lines at most,
    broken at spaces), else a short form: its initials and its number ("Player 1" -> "P1",
    "Anne-Sophie de la Fontaine" -> "ASF"), or its first letters; never two alike (the seat's
    number is added).  The table then lists the full names under it (:func:`score_table`).

    >>> short_names(["Ann", "Player 2", "Anne-Sophie de la Fontaine", "Bartholomew"], 7)
    ['Ann', 'Player 2', 'ASF', 'Bart…']
    >>> short_names(["Ann Marie Smith", "Alan Mark Stone"], 6)
    ['AMS1', 'AMS2']
    >>> short_names(["Anne-Sophie Delacroix-Martin", "Anne-Sophie Martin"], 14)   # "Delacroix-" alone: 3 lines
    ['ASDM', 'Anne-Sophie Martin']
    """
    out = []
    for name in names:
        name = name.strip(ISOLATES)           # a typed name comes isolated: a head isolates it again
        words = name.replace("-", " ").split()
        if _lines(name, room) <= 2:
            out.append(name)
            continue
        big = [w for w in words if w[0].isupper() or w.isdigit()] or words     # "de", "la": no initial
        initials = "".join(w if w.isdigit() else w[0] for w in big)
        # "…" is about two letters wide, and an M or a W one and a half: the letters before it leave them room
        out.append(initials[:min(room, 4)] if len(words) > 1 else name[:max(room - 3, 2)] + "…")
    alike = [out.count(s) > 1 and s != name.strip(ISOLATES) for s, name in zip(out, names)]
    return [s + str(j + 1) if a else s for j, (s, a) in enumerate(zip(out, alike))]


def score_table(names, rows: list, *, cls: str = "", across: bool = True, icons=None, head_attrs=None,
                room: int = HEAD_ROOM, ident: str = "", caption: str = "") -> str:
    """A table of figures per player that fits a phone at every player count, with no sideways
    scroll.  ``rows``: ``(tr attributes, label, cells)``, a cell per player ``(td attributes,
    markup)`` (cells None: a heading across the table).  ``across``: a column per player,
    headed by its name, or by a short form of it when the names would not fit
    (:func:`short_names`), the full names then listed under the table; else (many players, few figures) a row per player, its whole name in its first cell.
    ``icons``: markup before each name (a fox's colour...); ``head_attrs``: each player's head's
    attributes; ``ident``, ``caption``: the table's id and caption (escaped).  Names are
    escaped here, and isolated (``<bdi>``)."""
    n = len(names)
    icons = list(icons or [""] * n)
    head_attrs = list(head_attrs or [""] * n)
    if across:
        shorts = short_names(names, max(room // max(n, 1), 3))
        full = [name.strip(ISOLATES) for name in names]
        # In a tablet's dialog a name shortened for a phone may be whole: both are written, the
        # stylesheet shows one ("narrow-only" goes at that width, "wide-name" comes).
        wide = [w == name for w, name in zip(short_names(names, max((room + WIDE_ROOM - HEAD_ROOM) // max(n, 1), 3)), full)]
        heads = "".join(
            f'<th scope="col"{a}>{icon}<bdi>{esc(s)}</bdi></th>' if s == name else
            f'<th scope="col"{a}>{icon}<abbr{attrs(class_="narrow-only" if w else None)} title="{esc(name)}" '
            f'aria-hidden="true"><bdi>{esc(s)}</bdi></abbr>'
            + (f'<bdi class="wide-name" aria-hidden="true">{esc(name)}</bdi>' if w else "")
            + f'<span class="visually-hidden"><bdi>{esc(name)}</bdi></span></th>'
            for name, s, icon, a, w in zip(full, shorts, icons, head_attrs, wide))
        body = "".join(f'<tr{ta}><th scope="rowgroup" colspan="{n + 1}">{label}</th></tr>' if cells is None else
                       f'<tr{ta}><th scope="row">{label}</th>' + "".join(f"<td{a}>{m}</td>" for a, m in cells) + "</tr>"
                       for ta, label, cells in rows)
        listed = [(name, s, icon, w) for name, s, icon, w in zip(full, shorts, icons, wide) if s != name]
        key = "".join(f'<li{attrs(class_="narrow-only" if w else None)}>{icon}<b aria-hidden="true"><bdi>{esc(s)}</bdi></b> '
                      f'<bdi>{esc(name)}</bdi></li>' for name, s, icon, w in listed)
        key = (f'<ul{attrs(class_="names-key" + (" narrow-only" if all(w for *_, w in listed) else ""))} '
               f'aria-hidden="true">{key}</ul>' if key else "")
    else:
        rows = [r for r in rows if r[2] is not None]
        heads = "".join(f'<th scope="col">{label}</th>' for _, label, _ in rows)
        body = "".join(
            f'<tr class="player-row" data-seat="{p}"><th scope="row"{head_attrs[p]}>{icons[p]}<bdi>{esc(name)}</bdi></th>'
            + "".join(f"<td{cells[p][0]}>{cells[p][1]}</td>" for _, _, cells in rows) + "</tr>"
            for p, name in enumerate(names))
        key = ""
    layout = " across" if across else " down"
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    ident = f' id="{ident}"' if ident else ""
    return (f'<div class="count-wrap"><table class="count score{layout} {cls}"{ident}>'
            f'{cap}<thead><tr><th></th>{heads}</tr></thead><tbody>{body}</tbody></table>{key}</div>')
