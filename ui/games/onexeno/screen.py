"""Onexeno's table: the players (hand size, points taken, out or not, team, dealer), the
cards laid on the 9x9 frame drawn around them, the 5x5 box once fixed, the cells where the
picked card fits, the lines just taken, your hand, and the round summaries (pure Python).

A placement takes three taps: a card of the hand (the cells where it fits light up), a
cell (the card shows there in a rotation that fits; a tap on the same cell or "Turn"
cycles through the others), then "Place".  A cell where the card does not fit says the
engine's reason.  "Pass" passes (final once the deck is empty).  Hands and the deck are
hidden (``GameInfo.hidden``): the shell shows a pass-the-device screen between people.

The table is a grid a screen reader walks (:mod:`ui.kit.roving`): one tab stop, the arrow
keys move it cell to cell as drawn, each cell named by what lies there (:func:`_say`), and
Enter or Space is a tap on it.
"""

from __future__ import annotations

import dataclasses

from game import onexeno

from ui.kit import roving, widgets
from ui.kit.html import button, esc, hand_fan
from ui.kit.screen import GameScreen, Message, Reply
from . import ICON, cards, rules, texts


TEAM_LETTERS = "ABC"
_ARROWS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


@dataclasses.dataclass(frozen=True)
class Selection:
    """``card``: the hand card picked; ``cell``: the cell picked for it; ``turn``: the
    rotation shown there (one that fits); ``cursor``: the table's keyboard cell (kept from
    turn to turn)."""

    card: str | None = None
    cell: str | None = None
    turn: int = 0
    cursor: str | None = None

    @property
    def active(self) -> bool:
        return self.card is not None

    @property
    def mode(self) -> str | None:
        return "cell" if self.cell else ("card" if self.card else None)

    def cleared(self) -> Selection:
        return Selection(cursor=self.cursor)

    def but(self, **changes) -> Selection:
        return dataclasses.replace(self, **changes)


class OnexenoScreen(GameScreen):
    game_id = "onexeno"
    notation = r"\b[0-8][a-t]\b|@|\+(?:90|180|270)\b"   # 4c@e6+90: a card's code, a turn
    selection = Selection
    texts = {**texts.TEXTS, **cards.error_names()}     # a refusal names a card in words
    rules = rules.RULES
    icon = ICON
    rounds = True
    in_view = ("#players", "#table", "#hand")
    round_by_round = True
    board_keys = frozenset(_ARROWS) | {"Enter", " "}

    def lesson(self):
        from . import lesson
        return lesson.LESSON

    def seat_legend(self, tr, seat):
        return tr(f"onexeno.seat{seat}")

    def options_problem(self, options, players):
        teams = options.get("teams") or 0
        if teams and players != 2 * teams:
            return "onexeno.teams_need", {"n": teams, "players": 2 * teams}
        return None

    def announce(self, tr, before, after, names, seat, action):
        return cards.announce(tr, before, after, names, seat, action)

    def hint_words(self, tr, view, names, seat, action):
        return cards.hint(tr, view, action)

    def inline(self, lang, escaped):
        return cards.inline(lang, escaped)

    def read_out(self, tr, view, names, seat):
        return cards.read_out(tr, view, names, seat)

    def undo_guard(self, before, taken):
        return cards.undo_guard(before, taken)

    def rounds_done(self, view):
        return cards.rounds_done(view)

    def settles(self, before, after):
        """Lines were just taken and the round goes on: the cards taken stay in view a moment."""
        take = cards.fresh_take(after)
        return (take is not None and take != before.get("last_take") and after["round"] == before["round"]
                and not after["over"])

    # -- taps --------------------------------------------------------------------------

    def places(self, before, after, seat, action):
        """The card placed (by its id: it keeps it when the table moves), or the player who
        passed; once the card is taken (gone from the table after the next action), its
        player keeps the number."""
        if action == "pass":
            return (f"op-{seat}",)
        return (f"ox-{onexeno.parse(action).card}", f"~op-{seat}")

    def hint_places(self, view, seat, action):
        """The card of the hand and the cell it goes to (drawn there, turned as suggested)."""
        if action == "pass":
            return ("pass",)
        a = onexeno.parse(action)
        hand = view["hand"] or []
        return ((f"ocard-{hand.index(a.card)}",) if a.card in hand else ()) + (f"cell-{a.cell}",)

    def tap(self, act, data, sel, turn):
        if turn is None:
            return None
        view = turn.view
        fit = cards.fits(turn.legal)
        if act == "ocard":
            card = data.get("card")
            if not card or card not in (view["hand"] or []):
                return Reply(redraw=False)
            picked = sel.cleared().but(card=card, cursor=None)    # the cursor goes to where it fits
            if sel.card == card:
                return Reply(sel.cleared())
            if card not in fit:
                return Reply(picked, message=Message("onexeno.no_fit", {"card": Message("name." + card)}))
            return Reply(picked)
        if act == "ocell":
            cell = data.get("cell")
            if not cell:
                return Reply(redraw=False)
            if sel.card is None:
                return Reply(message=Message("onexeno.pick_first"))
            here = sel.cleared().but(card=sel.card, cursor=cell)
            turns = fit.get(sel.card, {}).get(cell)
            if not turns:
                first = onexeno.turns_of(sel.card)[0]
                err = turn.try_action(cards.action(sel.card, cell, first))
                return Reply(here, message=Message.refused(err) if err else None)
            if sel.cell == cell:
                return Reply(sel.but(turn=_next(turns, sel.turn), cursor=cell))
            return Reply(here.but(cell=cell, turn=turns[0]))
        if act == "oturn":
            turns = fit.get(sel.card, {}).get(sel.cell) if sel.card and sel.cell else None
            if not turns:
                return Reply(redraw=False)
            return Reply(dataclasses.replace(sel, turn=_next(turns, sel.turn)))
        if act == "oplace":
            if not sel.card or not sel.cell:
                return Reply(redraw=False)
            a = cards.action(sel.card, sel.cell, sel.turn)
            if a not in turn.legal:
                err = turn.try_action(a)
                return Reply(sel.cleared().but(card=sel.card), message=Message.refused(err) if err else None)
            return Reply(action=a)
        if act == "opass":
            return Reply(action="pass")
        return None

    def key(self, key, sel, view, turn):
        """The arrows move the table's cursor, in the table's own directions (the edge holds
        it); Enter or Space on a cell no tap takes (a card, a cell while no card is picked)
        says why, as a tap there would."""
        lit = _lit(view, sel, turn)
        cells = {c for row in _rows(view) for c in row}
        here = cursor_cell(view, sel, lit)
        if key in _ARROWS:
            return Reply(sel.but(cursor=roving.step(here, key, _across, cells)))
        if turn is None:
            return Reply(sel.but(cursor=here))
        if sel.card is None:
            return Reply(sel.but(cursor=here), message=Message("onexeno.pick_first"))
        if here in view["table"]:        # what was picked stays so
            err = turn.try_action(cards.action(sel.card, here, onexeno.turns_of(sel.card)[0]))
            return Reply(sel.but(cursor=here), message=Message.refused(err) if err else None)
        return self.tap("ocell", {"cell": here}, sel, turn)

    # -- the table ---------------------------------------------------------------------

    def render(self, view, sel, ctx):
        tr, names, acting = ctx.tr, ctx.names, ctx.acting
        me = view["seat"]
        hand = view["hand"]
        fit = cards.fits(ctx.legal) if acting is not None else {}
        card = sel.card if acting is not None and hand and sel.card in hand else None
        cell = sel.cell if card and sel.cell in fit.get(card, {}) else None
        turns = fit.get(card, {}).get(cell, []) if cell else []
        turn = sel.turn if sel.turn in turns else (turns[0] if turns else 0)
        lit = set(fit.get(card, {})) if card else set()
        take = cards.fresh_take(view)
        players = "".join(_player(ctx, view, i) for i in range(len(names)))
        if view["rounds"] > 1:
            info = tr("onexeno.info", round=view["round"], rounds=view["rounds"], deck=view["deck"])
        else:
            info = tr("onexeno.info_one", n=view["deck"])
        end_note = ""
        if view["end_phase"] and not view["over"]:
            end_note = f' · <strong>{esc(tr("onexeno.end_phase"))}</strong>'
        info_html = f'<p class="oinfo" id="deck" data-deck="{view["deck"]}">{esc(info)}{end_note}</p>'
        hinted = None
        if ctx.hint_action and ctx.hint_action != "pass" and not cell:    # the card suggested, on its cell
            h = onexeno.parse(ctx.hint_action)
            hinted = (h.card, h.cell, h.turn)
        picking = acting is not None and card is not None
        cursor = cursor_cell(view, sel if acting is not None else sel.cleared(), lit)
        why = _why(ctx, view, card, {c for row in _rows(view) for c in row} - set(view["table"]) - lit) if picking else {}
        board = _board(tr, view, lit, picking, (card, cell, turn) if cell else None, take, ctx.settle, hinted,
                       cursor, why)
        # status and controls
        lines, controls = [], []
        done = cards.rounds_done(view)
        if view["over"]:
            lines.append(("main", _end_title(tr, view, names)))
            if not (ctx.show_round and done):
                controls.append(widgets.show_end(ctx))
        elif widgets.waiting(ctx, view, lines, controls):
            pass
        else:
            if view.get("drawn") and not card:
                lines.append(("hint", tr("onexeno.drawn", card=cards.card_name(tr, view["drawn"]))))
            if cell:
                lines.append(("main", tr("onexeno.place_help" if len(turns) > 1 else "onexeno.place_help_one",
                                         card=cards.card_name(tr, card), cell=cell)))
                would = _would_take(tr, ctx, cards.action(card, cell, turn))
                if would:
                    lines.append(("hint", would))
                if len(turns) > 1:
                    controls.append(button(esc(tr("onexeno.turn_btn", i=turns.index(turn) + 1, n=len(turns))),
                                           "oturn", "", id="turn", data_turn=turn))
                controls.append(button(esc(tr("onexeno.place")), "oplace", "primary", id="place"))
                controls.append(button(esc(tr("onexeno.cancel")), "cancel", "ghost", id="cancel"))
            elif card:
                if lit:
                    lines.append(("main", tr("onexeno.cell_help", card=cards.card_name(tr, card), n=len(lit))))
                controls.append(button(esc(tr("onexeno.cancel")), "cancel", "ghost", id="cancel"))
            else:
                lines.append(("main", tr("onexeno.turn_help", name=names[acting])))
            if view["end_phase"] and view["teams"]:     # (each for themselves: said over the table)
                lines.append(("hint", tr("onexeno.end_phase_teams")))
            final = view["end_phase"]
            controls.append(button(esc(tr("onexeno.pass_final" if final else "onexeno.pass")), "opass",
                                   "danger" if final else "", id="pass", data_final="1" if final else None))
        # my hand
        mine = ""
        if hand is not None and me is not None:
            interactive = acting == me
            mine = _hand(tr, hand, fit, interactive, card, view.get("drawn") if interactive else None)
        took = _took(tr, view, take, names, ctx.settle) if take else ""
        if ctx.show_round and done:
            dialog = _round_dialog(ctx, view, min(done, ctx.round_shown + 1))
        elif view["over"]:
            dialog = widgets.end_dialog(ctx, _end_title(tr, view, names), _end_body(tr, view, names), look="end.look_table")
        else:
            dialog = ""
        body = (f'<ul class="oplayers" id="players" style="--n:{len(names)}">{players}</ul>{info_html}'
                f'{board}{took}{mine}'
                f'{widgets.status(ctx, lines)}{widgets.controls([] if ctx.replay else controls)}'
                f'{_taken(tr, view, names)}{widgets.tools(ctx, self.game_id)}{widgets.log(ctx)}{dialog}')
        return widgets.main(ctx, view, "play-onexeno", body, seat="" if me is None else me,
                          mode=sel.mode if acting is not None else None)


def _next(turns: list, turn: int) -> int:
    return turns[(turns.index(turn) + 1) % len(turns)] if turn in turns else turns[0]


def _would_take(tr, ctx, action: str) -> str:
    """What the placement shown would take, from the shell's preview (if it has one yet)."""
    if ctx.preview is None:
        return ""
    try:
        after = ctx.preview(action)
    except Exception:
        return ""
    take = cards.fresh_take(after) if after else None
    if not take:
        return ""
    return tr("onexeno.would_take", lines=cards.lines_words(tr, len(take["lines"])),
              cards=tr("onexeno.cards", n=len(take["cards"])), points=tr("onexeno.points_words", n=take["points"]))


def _team(view, seat) -> str:
    return TEAM_LETTERS[view["team_of"][seat]] if view["teams"] else ""


def _player(ctx, view, seat) -> str:
    tr = ctx.tr
    name = ctx.names[seat]
    to_move = seat in view["to_move"]
    winner = view["over"] and seat in view["winners"]
    out = view["passed"][seat] and not view["over"]
    tag = widgets.turn_tag(tr, seat, ctx.thinking, to_move, winner, "otag")
    taken = view["taken"][seat]
    team = _team(view, seat)
    kind = widgets.seat_kind(tr, ctx.seats[seat], ctx.level_names)
    extra = []
    if team:
        extra.append(f'<span class="oteam team-{team}" title="{esc(tr("onexeno.team", t=team))}">{team}</span>')
    if view["dealer"] == seat:
        extra.append(f'<span class="odealer" title="{esc(tr("onexeno.dealer"))}" '
                     f'aria-label="{esc(tr("onexeno.dealer"))}">D</span>')
    if out:
        extra.append(f'<span class="otag out" title="{esc(tr("onexeno.passed_long"))}">{esc(tr("onexeno.passed"))}</span>')
    score = view["scores"][seat] if view["rounds"] > 1 or view["teams"] else None
    team_attr = f' data-team="{team}"' if team else ""
    return (
        f'<li class="oplayer{" me" if seat == view["seat"] else ""}{" to-move" if to_move else ""}'
        f'{" out" if out else ""}{" winner" if winner else ""}" data-seat="{seat}" '
        f'data-hand="{view["hand_counts"][seat]}" data-points="{view["points"][seat]}" '
        f'data-passed="{1 if view["passed"][seat] else 0}"{team_attr}>'
        f'<span class="oname"><bdi id="op-{seat}">{esc(name)}</bdi></span>{"".join(extra)}'
        f'<span class="ostats"><span class="ohand" title="{esc(tr("onexeno.in_hand", n=view["hand_counts"][seat]))}">'
        f'🂠 {view["hand_counts"][seat]}</span>'
        f'<span class="opts" title="{esc(tr("onexeno.points_long", n=view["points"][seat], cards=tr("onexeno.cards", n=len(taken))))}">'
        f'{esc(tr("onexeno.points", n=view["points"][seat]))}</span>'
        + (f'<span class="oscore">{esc(tr("onexeno.score", n=score))}</span>' if score is not None else "")
        + f'</span><small class="okind">{esc(kind)}</small>{tag}</li>')


def _area(view, take):
    """The columns and rows drawn: the cards' span and one cell around it (within the frame),
    and the cells of the lines just taken (where they are now)."""
    xy = [onexeno.cell_xy(c) for c in view["table"]]
    if take:
        for c in take["cells"]:
            s = cards.shifted(c, take["shift"])
            if s:
                xy.append(onexeno.cell_xy(s))
    if not xy:
        xy = [onexeno.MIDDLE]
    xs, ys = [x for x, _ in xy], [y for _, y in xy]
    f = onexeno.FRAME - 1
    return max(min(xs) - 1, 0), min(max(xs) + 1, f), max(min(ys) - 1, 0), min(max(ys) + 1, f)


def _rows(view) -> list:
    """The cells drawn, row by row from the top (row 9 up), each left to right: the table's
    grid as seen, the one the arrow keys walk."""
    x0, x1, y0, y1 = _area(view, cards.fresh_take(view))
    return [[onexeno.cell_name(x, y) for x in range(x0, x1 + 1)] for y in range(y1, y0 - 1, -1)]


def _across(cell: str, key: str) -> str | None:
    """The cell next to ``cell`` in the direction of an arrow key, as the table is drawn."""
    dx, dy = _ARROWS[key]
    x, y = onexeno.cell_xy(cell)
    x, y = x + dx, y + dy
    return onexeno.cell_name(x, y) if 0 <= x < onexeno.FRAME and 0 <= y < onexeno.FRAME else None


def _last_cell(view) -> str | None:
    """The cell of the last card placed, where it is now (the table moves after a take)."""
    last = view.get("last") or {}
    cell = last.get("cell") if last.get("type") in ("place", "start") else None
    take = cards.fresh_take(view)
    return cards.shifted(cell, take["shift"]) if take and cell else cell


def _lit(view, sel, turn) -> set:
    """The cells where the card picked fits (none when no card is, or no one acts here)."""
    if turn is None or not sel.card or sel.card not in (view["hand"] or []):
        return set()
    return set(cards.fits(turn.legal).get(sel.card, {}))


def cursor_cell(view, sel, lit=frozenset()) -> str:
    """The table's keyboard cell, its one tab stop (:mod:`ui.kit.roving`): the cursor, else
    the cell picked, else the first where the picked card fits, else the last card placed,
    else the table's first card, else the middle of what is drawn."""
    order = [c for row in _rows(view) for c in row]
    drawn = set(order)

    def home():
        for c in (sel.cell, next((c for c in order if c in lit), None), _last_cell(view),
                  next((c for c in order if c in view["table"]), None)):
            if c in drawn:
                return c
        return order[len(order) // 2]
    return roving.cursor_or(sel.cursor, drawn, home)


_WHY: list = [None, {}]     # the last (table, card, legal) asked for, and each cell's refusal code


def _why(ctx, view, card, cells) -> dict:
    """``cell -> the engine's refusal code`` for the picked card on each empty cell where it
    fits no way (``onexeno.not_touching``, ``onexeno.box``, ``onexeno.clash``), asked once a
    position and card (a refusal is the engine's, played on a copy); empty where not known."""
    if ctx.refusal is None or not card:
        return {}
    key = (repr(view["table"]), card, tuple(ctx.legal))
    if _WHY[0] != key:
        first = onexeno.turns_of(card)[0]
        codes = {}
        for c in cells:
            err = ctx.refusal(cards.action(card, c, first))
            codes[c] = getattr(err, "code", "") if err is not None else ""
        _WHY[:] = [key, codes]
    return _WHY[1]


_SAID_WHY = {"onexeno.not_touching": "onexeno.cell.why.not_touching", "onexeno.box": "onexeno.cell.why.box",
             "onexeno.clash": "onexeno.cell.why.clash"}


def _board(tr, view, lit: set, picking: bool, shown, take, settle, hinted=None, cursor=None, why=None) -> str:
    """The table: a grid of the cells around the cards (row 9 at the top), each card drawn
    in its turn, the last one placed marked, the cells where the picked card fits lit, the
    cards just taken as ghosts where they lay, and the 5x5 box where it is fixed.  The cells
    are the grid a screen reader walks (:mod:`ui.kit.roving`), the tab stop on ``cursor``,
    each named in the log's words; ``why``: the refusal code of each cell the picked card
    does not fit (:func:`_why`)."""
    x0, x1, y0, y1 = _area(view, take)
    last_cell = _last_cell(view)
    why = why or {}
    ghosts = {}
    if take:
        for c, k in zip(take["cells"], take["cards"]):
            s = cards.shifted(c, take["shift"])
            if s:
                ghosts[s] = k
    rows, items = [], []
    for y in range(y1, y0 - 1, -1):
        row = []
        rows.append(row)
        for x in range(x0, x1 + 1):
            name = onexeno.cell_name(x, y)
            pos = f'style="grid-column:{x - x0 + 2};grid-row:{y1 - y + 1}"'
            placed = view["table"].get(name)
            if placed:
                card = cards.card_label(tr, placed["card"], placed["turn"])
                label = tr("onexeno.cell.last" if name == last_cell else "onexeno.cell.card", cell=name, card=card)
                row.append(f'<span class="ocell card{" last" if name == last_cell else ""}" {pos} '
                           f'id="ox-{placed["card"]}" data-cell="{name}" data-card="{placed["card"]}" data-turn="{placed["turn"]}"'
                           f'{roving.cell_attrs(name, cursor, label)}>{cards.card_svg(placed["card"], placed["turn"])}</span>')
                continue
            inner = f'<small class="oname-cell" aria-hidden="true">{name}</small>'
            cls = "ocell empty"
            ident = f"cell-{name}"
            if picking:
                label = tr("onexeno.cell.fits" if name in lit else _SAID_WHY.get(why.get(name), "onexeno.cell.no_fit"),
                           cell=name)
            else:
                label = tr("onexeno.cell.empty", cell=name)
            if shown and shown[1] == name:
                cls += " preview"
                inner = cards.card_svg(shown[0], shown[2])
                label = tr("onexeno.cell.shown", cell=name, card=cards.card_label(tr, shown[0], shown[2]))
            elif hinted and hinted[1] == name:
                cls += " preview hinted"
                inner = cards.card_svg(hinted[0], hinted[2])
                label += tr("onexeno.cell.hinted", card=cards.card_label(tr, hinted[0], hinted[2]))
            elif name in ghosts:
                cls += " gone" + (" leaving" if settle == "moving" else "")
                inner = cards.card_svg(ghosts[name]) + inner
                ident = f"ox-{ghosts[name]}"     # a card just taken, where it lay: its marks stay on it
                label += tr("onexeno.cell.gone", card=cards.card_name(tr, ghosts[name]))
            if name in lit:
                cls += " lit"
            if picking:       # a tap here takes the cell (Enter too: ui.web.dom)
                row.append(f'<span class="{cls}" {pos} data-act="ocell" data-cell="{name}" id="cell-{name}"'
                           + (f' data-turn="{shown[2]}" aria-selected="true"' if shown and shown[1] == name else "")
                           + f'{roving.cell_attrs(name, cursor, label)}>{inner}</span>')
            else:
                row.append(f'<span class="{cls}" {pos} id="{ident}" data-cell="{name}"'
                           f'{roving.cell_attrs(name, cursor, label)}>{inner}</span>')
    box = view["box"]
    fc, fr = box["fixed_columns"], box["fixed_rows"]
    if fc or fr:
        bx0, bx1 = (onexeno.cell_xy(fc[0] + "1")[0], onexeno.cell_xy(fc[1] + "1")[0]) if fc else (x0, x1)
        by0, by1 = (fr[0] - 1, fr[1] - 1) if fr else (y0, y1)
        bx0, bx1, by0, by1 = max(bx0, x0), min(bx1, x1), max(by0, y0), min(by1, y1)
        kind = "both" if fc and fr else ("cols" if fc else "rows")
        items.append(f'<span class="obox {kind}" aria-hidden="true" style="grid-column:{bx0 - x0 + 2}/{bx1 - x0 + 3};'
                     f'grid-row:{y1 - by1 + 1}/{y1 - by0 + 2}" title="{esc(tr("onexeno.box_fixed"))}"></span>')
    cols, nrows = x1 - x0 + 1, y1 - y0 + 1
    # the coordinates along the left and bottom edges: a card covers its cell's name, and a
    # text names places as the board shows them ("placed the 4 on c3")
    items += [f'<span class="ocoord" aria-hidden="true" style="grid-column:1;grid-row:{y1 - y + 1}">'
              f'{onexeno.cell_name(x0, y)[1:]}</span>' for y in range(y1, y0 - 1, -1)]
    items += [f'<span class="ocoord" aria-hidden="true" style="grid-column:{x - x0 + 2};grid-row:{nrows + 1}">'
              f'{onexeno.cell_name(x, y0)[0]}</span>' for x in range(x0, x1 + 1)]
    return (f'<section class="otable" id="table" aria-label="{esc(tr("onexeno.table"))}" '
            f'data-box="{"".join(fc or "") + ":" + ",".join(str(r) for r in (fr or ()))}" '
            f'style="--cols:{cols};--rows:{nrows}"><div class="ogrid coords"{roving.BOX}>'
            f'{roving.grid(rows, tr("onexeno.table_cells"), "div")}{"".join(items)}</div></section>')


def _hand(tr, hand, fit, interactive, picked, drawn) -> str:
    """The hand's cards; a button's name is its text (the card's words hidden, then "new" as
    shown), not an ``aria-label`` that would not hold the words shown (WCAG 2.5.3)."""
    items = []
    playable = []
    for i, c in enumerate(hand):
        ok = interactive and c in fit
        playable.append(ok)
        cls = ("hcard ocardh" + (" legal" if ok else "") + (" selected" if c == picked else "")
               + (" drawn" if c == drawn else ""))
        label = cards.card_label(tr, c)
        new = f'<small class="onew">{esc(tr("onexeno.new"))}</small>' if c == drawn else ""
        if interactive:
            items.append(f'<button type="button" class="{cls}" id="ocard-{i}" data-act="ocard" data-card="{esc(c)}" '
                         f'{"" if ok else " aria-disabled=true"}{" aria-pressed=true" if c == picked else ""}>'
                         f'{cards.card_svg(c)}<span class="visually-hidden">{esc(label)} </span>{new}</button>')
        else:
            new = " · " + tr("onexeno.new") if c == drawn else ""
            items.append(f'<span class="{cls}" role="img" data-card="{esc(c)}" aria-label="{esc(label + new)}">'
                         f'{cards.card_svg(c)}</span>')
    return hand_fan(items, tr("onexeno.your_hand", n=len(hand)), interactive, playable, " ohand")


def _taken(tr, view, names) -> str:
    """The cards each player took this round, folded under their count."""
    n = sum(len(t) for t in view["taken"])
    if not n:
        return ""
    items = "".join(
        f'<li data-seat="{p}"><bdi>{esc(names[p])}</bdi> · {esc(tr("onexeno.points", n=view["points"][p]))}'
        f'{cards.mini_cards(tr, t)}</li>' for p, t in enumerate(view["taken"]) if t)
    return (f'<details class="otaken" id="taken"><summary>{esc(tr("onexeno.taken_title", n=n))}</summary>'
            f'<ul>{items}</ul></details>')


def _took(tr, view, take, names, settle) -> str:
    """The lines just taken: who, how many, the cards and their points (kept in view while
    it is the last action; the shell holds the next bot a moment)."""
    title = tr("onexeno.took_title", name=names[take["seat"]], lines=cards.lines_words(tr, len(take["lines"])),
               cards=tr("onexeno.cards", n=len(take["cards"])), points=tr("onexeno.points_words", n=take["points"]))
    held = settle == "held"
    return (f'<section class="otook{" held" if held else ""}{" gather" if settle == "moving" else ""}" '
            f'id="last-take" data-points="{take["points"]}" data-seat="{take["seat"]}" '
            f'data-cells="{" ".join(take["cells"])}"'
            + (f' data-act="release" title="{esc(tr("play.release"))}"' if held else "")
            + f'><p>{esc(title)}</p>{cards.mini_cards(tr, take["cards"])}</section>')


# -- rounds and the end --------------------------------------------------------------

def _score_table(tr, view, names, results) -> str:
    """One row per player: each round as "taken − left = points", then the total (with
    teams, the team's total too)."""
    t = view["teams"]
    n = len(names)
    own = [sum(r["points"][p] for r in results) for p in range(n)]
    best = set(view["winners"]) if view["over"] and len(results) == view["rounds"] else set()
    rows = [("", esc(tr("onexeno.row.points", n=r["round"])),
             [(f' class="round-cell" data-round="{r["round"]}" data-taken="{r["taken"][p]}" '
               f'data-left="{r["left"][p]}" data-gain="{r["points"][p]}"',
               f'<small>{r["taken"][p]} − {r["left"][p]} =</small> <strong>{_num(r["points"][p])}</strong>')
              for p in range(n)]) for r in results]
    rows.append(("", esc(tr("onexeno.row.total")),
                 [(f' class="total{" best" if p in best else ""}" data-own="{own[p]}"', _num(own[p])) for p in range(n)]))
    if t:
        rows.append(("", esc(tr("onexeno.row.team")),
                     [(f' data-team="{TEAM_LETTERS[p % t]}"',
                       f'{TEAM_LETTERS[p % t]} · {_num(sum(own[q] for q in range(n) if q % t == p % t))}')
                      for p in range(n)]))
    return widgets.score_table(names, rows, cls="ototals", across=False)


def _num(v: int) -> str:
    return str(v).replace("-", "−")


def _hands_left(tr, r, names) -> str:
    items = "".join(
        f'<li><bdi>{esc(names[p])}</bdi>: ' + (cards.mini_cards(tr, h) if h else esc(tr("onexeno.none"))) + "</li>"
        for p, h in enumerate(r["hands"]))
    return f'<details class="oleft"><summary>{esc(tr("onexeno.hands_left"))}</summary><ul>{items}</ul></details>'


def _round_dialog(ctx, view, rnd) -> str:
    tr, names = ctx.tr, ctx.names
    r = view["results"][rnd - 1]
    last = view["over"] and rnd == len(view["results"])
    body = (f'<p class="end-reason" data-reason="{r["reason"]}">'
            f'{esc(tr("say.onexeno.round_end", n=rnd, reason=tr("onexeno.reason." + r["reason"])))}</p>'
            + _score_table(tr, view, names, [r]) + _hands_left(tr, r, names))
    return widgets.round_dialog(ctx, rnd, tr("onexeno.round_over", n=rnd), body, last,
                              tr("onexeno.see_result") if last else tr("round.next"))


def _end_title(tr, view, names) -> str:
    w = view["winners"]
    if not w:
        return ""
    if view["teams"]:
        return tr("onexeno.team_win", names=", ".join(names[i] for i in w))
    return tr("end.title_win", name=names[w[0]]) if len(w) == 1 else tr(
        "onexeno.shared_win", names=", ".join(names[i] for i in w))


def _end_body(tr, view, names) -> str:
    results = view["results"]
    reason = results[-1]["reason"] if results else "all_passed"
    return (f'<p class="end-reason" data-reason="{reason}">'
            f'{esc(tr("say.onexeno.round_end", n=len(results), reason=tr("onexeno.reason." + reason)))}</p>'
            f'<p class="ostart">{esc(tr("onexeno.score_rule"))}</p>'
            + _score_table(tr, view, names, results)
            + (_hands_left(tr, results[-1], names) if results else ""))
