"""Fendo's table: the two players, the board, the status and the move list (pure Python).

The board and the taps are in :mod:`.board`; this module lays the table out and answers
the shell (:class:`ui.kit.screen.GameScreen`).  The seat alone at the device with Orange sees
the board turned round (``flip``): their pawns start at the bottom.
"""

from __future__ import annotations

from ui.kit import widgets
from ui.kit.html import button, esc
from ui.kit.screen import GameScreen, Reply
from . import ICON, board, rules, texts
from .board import Selection


COLOURS = ("white", "orange")
_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
_FLIP = {"N": "S", "S": "N", "E": "W", "W": "E"}
_KEYS = frozenset({"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ",
                   "n", "e", "s", "w", "N", "E", "S", "W", "p", "P"})


def _flip(humans) -> bool:
    """Orange alone at this device: the board turned round."""
    return tuple(humans) == (1,)


class FendoScreen(GameScreen):
    game_id = "fendo"
    notation = r"\b[a-k]\d{1,2}-[a-k]\d{1,2}[NESW]?\b|\b[a-k]\d{1,2}[NESW]\b"   # d1-d4N, d1E: a cell alone is what the board draws
    selection = Selection
    texts = texts.TEXTS
    icon = ICON
    seat_colours = COLOURS
    board_keys = _KEYS

    def rules_page(self, lang: str) -> str:
        if not self.rules:
            self.rules = rules.pages()      # drawn once, when first asked for
        return super().rules_page(lang)

    def seat_legend(self, tr, seat: int) -> str:
        legend = tr(f"fendo.seat{seat}")
        return legend + " · " + tr("new.first") if seat == 0 else legend

    def option_disabled(self, name: str, options: dict) -> bool:
        return name == "stronger" and options.get("handicap") == 7   # no handicap: no stronger side

    def lesson(self):
        from . import lesson
        return lesson.LESSON

    # -- taps and keys -----------------------------------------------------------------

    def tap(self, act, data, sel, turn):
        if act == "zoom":
            return Reply(sel.but(zoomed=not sel.zoomed))
        if turn is None:
            return None
        opts = board.options(turn.legal)
        if act == "cell" and data.get("cell"):
            return board.tap_cell(turn, opts, sel.but(kbd=False), data["cell"])
        if act == "wall":
            return board.tap_wall(opts, sel, data.get("side", ""))
        if act == "reserve":
            return board.tap_reserve(turn, opts, sel)
        if act == "pass":
            return Reply(action="pass")
        return None

    def key(self, key, sel, view, turn):
        if key.startswith("Arrow"):
            humans = turn.humans if turn else ()
            return Reply(board.move_cursor(view, sel, key, _flip(humans)))
        if turn is None:
            return Reply(sel.but(kbd=True))
        sel = sel.but(kbd=True)
        if key in ("Enter", " "):      # a tap on the cursor's cell, the one with the focus
            return board.tap_cell(turn, board.options(turn.legal), sel, board.cursor_cell(view, sel))
        if key in ("p", "P"):
            return self.tap("reserve", {}, sel, turn)
        if key.upper() in "NESW":
            return self.tap("wall", {"side": key.upper()}, sel, turn)
        return None

    def hint_words(self, tr, view, names, seat, action):
        return board.move_words(tr, action)

    def read_out(self, tr, view, names, seat):
        return board.read_out(tr, view, names)

    def announce(self, tr, before, after, names, seat, action):
        return board.announce(tr, before, after, names, seat, action)

    def places(self, before, after, seat, action):
        return board.place_ids(after, action)

    def hint_places(self, view, seat, action):
        """The pawn to move (or the tray, for a new pawn) and the cell it goes to."""
        if action == "pass":
            return ("pass",)
        ids = board.place_ids(view, action)
        a = board.fendo.parse(action, view["size"])
        lit = (ids[0], f"fd-{a.src}") if a.kind == "move" else (ids[0],) if a.kind == "wall" else (ids[0], "reserve")
        return lit + (("fd-hint-wall",) if a.side else ())

    # -- the table ---------------------------------------------------------------------

    def render(self, view, sel, ctx):
        """Fendo's table.  ``ctx.link``: a game by link's box; in a replay, no controls, no
        tools and no end dialog (the replay bar has its own).  ``sel.zoomed``: the 9x9 and
        11x11 boards drawn with cells of 44 px or more, in a strip that scrolls sideways,
        for a phone (the button shows on narrow screens only, see style.css)."""
        tr, names = ctx.tr, ctx.names
        acting = ctx.acting
        opts = board.options(list(ctx.legal)) if acting is not None else board.NO_OPTIONS
        shown = sel if acting is not None else board.EMPTY_SEL.but(zoomed=sel.zoomed)
        flip = _flip(ctx.humans) and not ctx.replay
        label = tr("board.label", size=view["size"])
        closes = _closes(view, shown, opts, ctx) if acting is not None and shown.mode == "dest" else {}
        svg = board.render_board(view, shown, opts, acting, flip=flip, show_cursor=sel.kbd, label=label,
                                 preview=set().union(*(cells for cells, _ in closes.values())),
                                 badges=ctx.marks, hint=ctx.hint_action, cursor=board.cursor_cell(view, sel),
                                 say=board.namer(tr, view, names))
        lines, controls = self._status(ctx, view, opts, shown, flip, closes)
        order = (1, 0) if flip else (0, 1)
        cards = "".join(self._player_card(ctx, view, s, opts, shown) for s in order)
        box = ctx.link
        end = ""
        if view["over"]:
            end = widgets.end_dialog(ctx, widgets.winners_title(tr, view, names), _end_body(tr, view, names), box)
            if end:
                box = ""             # the end of a game by link: its link is in the end dialog
        zoom = ""
        if view["size"] > 7:
            zoom = ('<div class="zoom-row">'
                    + button(esc(tr("board.zoom_out" if sel.zoomed else "board.zoom_in")), "zoom", "ghost small",
                             id="zoom", aria_pressed="true" if sel.zoomed else "false")
                    + "</div>")
        body = (
            f'<div class="players">{cards}</div>{zoom}<div class="play-board" data-act="cancel-bg">{svg}</div>'
            f'{widgets.status(ctx, lines)}<aside class="play-side">'
            f'{widgets.controls([] if ctx.replay else controls)}{box}'
            f'{widgets.tools(ctx, self.game_id)}{_moves_list(tr, view, names)}{widgets.log(ctx)}</aside>{end}'
        )
        cls = f'play-fendo size-{view["size"]}{" zoomed" if sel.zoomed and zoom else ""}'
        return widgets.main(ctx, view, cls, body)

    def _player_card(self, ctx, view, seat, opts, sel) -> str:
        tr = ctx.tr
        name = ctx.names[seat]
        colour = COLOURS[seat]
        score = view["scores"][seat]
        target = view["target"]
        reserve = view["reserve"][seat]
        to_move = seat in view["to_move"]
        winner = view["over"] and seat in view["winners"]
        colour_name = tr(f"fendo.seat{seat}")
        kind = widgets.seat_kind(tr, ctx.seats[seat], ctx.level_names)
        if name != colour_name:
            kind = f"{colour_name} · {kind}"
        state = widgets.turn_tag(tr, seat, ctx.thinking, to_move, winner)
        pct = min(100, round(100 * score / target)) if target else 0
        # no more dots than cells: a number beyond (a hostile host's) costs no more to draw
        dots = f'<span class="rdot rdot-{colour}"></span>' * min(reserve, len(view["cells"]))
        tray_label = tr("play.reserve", n=reserve)
        if ctx.acting == seat:
            pressed = "true" if sel.mode == "enter" else "false"
            can = reserve > 0 and bool(opts["entries"])
            tray = (f'<button type="button" class="tray tray-btn" id="reserve" data-act="reserve" aria-pressed="{pressed}"'
                    f'{"" if can else " disabled"}><span class="tray-dots">{dots}</span>'
                    f'<span class="tray-label">{esc(tr("play.new_pawn"))} ({reserve})</span></button>')
        else:
            tray = (f'<div class="tray" aria-label="{esc(tray_label)}"><span class="tray-dots">{dots}</span>'
                    f'<span class="tray-label">{esc(tray_label)}</span></div>')
        return (
            f'<section class="player player-{colour}{" to-move" if to_move else ""}{" winner" if winner else ""}"'
            f' data-seat="{seat}" aria-label="{esc(name)}">'
            f'<div class="player-head"><span class="chip chip-{colour} big"></span>'
            f'<div class="pname"><strong>{esc(name)}</strong><small>{esc(kind)}</small></div>{state}</div>'
            f'<div class="pscore"><span class="score" data-score="{score}">{score}</span>'
            f'<span class="target">/ {target} {esc(tr("play.cells"))}</span></div>'
            f'<div class="bar" aria-hidden="true"><span style="width:{pct}%"></span></div>'
            f'{tray}</section>'
        )

    def _status(self, ctx, view, opts, sel, flip, closes) -> tuple[list, list]:
        """The status lines and the control buttons."""
        tr, names, acting = ctx.tr, ctx.names, ctx.acting
        controls, lines = [], []
        last = view.get("last")
        if last and not view["over"]:
            who = names[last[0]]
            lines.append(("last", tr("play.last_pass", name=who) if last[1] == "pass"
                          else board.move_words(tr, last[1], who).rstrip(".") + "."))   # one full stop
        if view["over"]:
            lines.append(("main", board.result_line(tr, view, names)))
            controls.append(widgets.show_end(ctx))
        elif widgets.waiting(ctx, view, lines, controls):
            pass
        else:
            name = names[acting]
            mode = sel.mode
            if opts["pass_only"]:
                lines.append(("main", tr("play.must_pass", name=name)))
                controls.append(button(esc(tr("play.pass")), "pass", "primary", id="pass"))
            elif mode == "pawn":
                lines.append(("main", tr("play.choose_dest", cell=sel.pawn)))
                if sel.pawn in opts["moves"].get(sel.pawn, {}):
                    controls.append(button(esc(tr("play.stay", cell=sel.pawn)), "cell", "", data_cell=sel.pawn, id="stay"))
            elif mode == "dest":
                lines.append(("main", tr("play.choose_wall", cell=sel.dest)))
                for side in opts["moves"].get(sel.pawn, {}).get(sel.dest, []):
                    shown = _FLIP[side] if flip else side
                    label = tr("side." + side)
                    if side in closes:       # what this wall would close, and for whom
                        cells, owner = closes[side]
                        label = tr("fendo.wall_closes", side=label, n=len(cells), name=names[owner])
                    controls.append(button(
                        f'<span aria-hidden="true">{_ARROWS[shown]}</span> {esc(label)}',
                        "wall", "wall-btn", data_side=side, id=f"wall-{side}"))
            elif mode == "enter":
                lines.append(("main", tr("play.choose_entry")))
            elif view["reserve"][acting] and opts["entries"]:
                lines.append(("main", tr("play.your_turn", name=name)))
            else:
                lines.append(("main", tr("play.your_turn_no_reserve", name=name)))
            if mode:
                controls.append(button(esc(tr("play.cancel")), "cancel", "ghost", id="cancel"))
        return lines, controls


def _closes(view, sel, opts, ctx) -> dict:
    """For each wall offered at the chosen destination, the cells it would close and their
    owner: ``{side: (cells, seat)}`` (played on a copy: ``ctx.preview``, which may answer
    None at first: the previews then come with the next redraw)."""
    if ctx.preview is None:
        return {}
    before = board.settled(view)
    out = {}
    for side in opts["moves"].get(sel.pawn, {}).get(sel.dest, []):
        after = ctx.preview(board.action_for(sel.pawn, sel.dest, side))
        if after is None:            # not worked out yet: the next redraw shows it
            continue
        new = [a for a in after["areas"] if not a["open"] and a["owner"] is not None
               and not set(a["cells"]) <= before]
        if new:
            cells = set().union(*(set(a["cells"]) for a in new)) - before
            out[side] = (cells, new[0]["owner"])
    return out


def _moves_list(tr, view: dict, names: list) -> str:
    hist = view["history"]
    rows = []
    i = 0
    turn = 1
    while i < len(hist):
        seat, a = hist[i]
        cells = ["", ""]
        if seat == 0 and i + 1 < len(hist) and hist[i + 1][0] == 1:
            cells = [hist[i][1], hist[i + 1][1]]
            idx = [i, i + 1]
            i += 2
        else:
            cells[seat if seat in (0, 1) else 0] = a
            idx = [i, i] if seat == 0 else [None, i]
            i += 1
        last = len(hist) - 1
        words = [tr("fendo.pass_move") if c == "pass" else c for c in cells]
        tds = "".join(
            f'<td class="mv mv-{c}{" mv-last" if idx[k] == last and cells[k] else ""}">{esc(words[k])}</td>'
            for k, c in enumerate(COLOURS))
        rows.append(f"<tr><th scope=\"row\">{turn}.</th>{tds}</tr>")
        turn += 1
    head = (f'<thead><tr><th></th><th scope="col"><span class="chip chip-white"></span>{esc(names[0])}</th>'
            f'<th scope="col"><span class="chip chip-orange"></span>{esc(names[1])}</th></tr></thead>')
    body = "".join(rows) or f'<tr><td colspan="3" class="empty">{esc(tr("play.no_moves"))}</td></tr>'
    # the notation is the right language for a list of moves; one line says how to read it
    note = (f'<p class="moves-note">{esc(tr("fendo.moves_note"))} '
            f'<a href="#rules/fendo/notation">{esc(tr("fendo.moves_note_link"))}</a></p>')
    return (f'<details class="moves" open><summary>{esc(tr("play.moves", n=len(hist)))}</summary>{note}'
            # the list scrolls: it takes the focus, so that the keys scroll it too
            f'<div class="moves-scroll" id="moves-scroll" tabindex="0"><table class="movelist">{head}<tbody>{body}</tbody></table></div></details>')


def _end_body(tr, view, names) -> str:
    """Why the game ended, and each side's cells, area by area."""
    counts = board.area_counts(view)
    rows = []
    for seat in range(view["players"]):
        colour = COLOURS[seat]
        sizes = counts[seat]
        detail = " + ".join(str(x) for x in sizes) if len(sizes) > 1 else ""
        star = (f' <span class="star" title="{esc(tr("play.winner_tag"))}">★</span>'
                if seat in view["winners"] and len(view["winners"]) == 1 else "")
        small = f'<small class="detail">{esc(tr("end.areas", detail=detail))}</small>' if detail else ""
        rows.append(
            f'<tr class="count-row{" winner" if seat in view["winners"] else ""}" data-seat="{seat}">'
            f'<th scope="row"><span class="chip chip-{colour}"></span>{esc(names[seat])}{star}{small}</th>'
            f'<td class="total" data-score="{view["scores"][seat]}">'
            f'{esc(tr("end.cells_of", n=view["scores"][seat], total=view["size"] ** 2))}</td></tr>'
        )
    reason = view.get("end_reason") or "no_open_area"
    total = view["size"] * view["size"]
    return (
        f'<p class="end-reason" data-reason="{esc(reason)}">{esc(tr("end.reason." + reason, target=view["target"], total=total))}</p>'
        f'<table class="count cells-count"><caption>{esc(tr("end.count", total=total, target=view["target"]))}</caption>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )

