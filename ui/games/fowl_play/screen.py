"""Fowl Play's table: the farmyard board, the players and their foxes, the round (cards
played in order, clear-turn track, birds left), your hand and secret target, the status,
the controls and the game log (pure Python).

Taps: a hand card (``fcard``) keeps a target or plays a card; a cell (``hex``) places the
fox, picks a bird then its step, or moves the fox; ``fdone`` ends the bird steps or the fox
move early; ``fpeek`` shows the secret target, and hides it again.  The selection
(:class:`Selection`) holds the bird picked and whether the target is shown; both go with
the next action.  Hands, targets and the cards chosen are hidden (``GameInfo.hidden``):
nothing of them is drawn but the viewing seat's own, until the end.
"""

from __future__ import annotations

import dataclasses

import game
from game import fowl_play as fowl

from ui.kit import roving, widgets
from ui.kit.html import attrs, button, esc
from ui.kit.screen import GameScreen, Message, Reply
from . import ICON, board, rules, texts



@dataclasses.dataclass(frozen=True)
class Selection:
    """``bird``: the cell of the bird picked (its steps are shown); ``peek``: the secret
    target is on screen (a second press hides it; any action hides it too); ``zoomed``: the
    board drawn with cells of 44 px in a strip that scrolls (a phone; the button shows on
    small screens only, style.css)."""

    bird: str | None = None
    peek: bool = False
    zoomed: bool = False
    cursor: str | None = None      # the keyboard's cell (board.walk), kept from turn to turn

    @property
    def active(self) -> bool:
        return self.bird is not None

    def cleared(self) -> Selection:
        return Selection(zoomed=self.zoomed, cursor=self.cursor)      # bigger cells stay bigger


def options(legal) -> dict:
    """The legal actions by kind, read by the engine's :func:`~game.fowl_play.parse`: cards,
    den cells, bird steps ``{from: {to}}``, fox cells."""
    out = {"cards": set(), "places": set(), "steps": {}, "fox": set(), "done": False}
    for a in map(fowl.parse, legal):
        if a.kind == "done":
            out["done"] = True
        elif a.kind in ("target", "play"):
            out["cards"].add(a.card)
        elif a.kind == "fox":
            out["fox"].add(a.to)
        elif a.kind == "place":
            out["places"].add(a.to)
        else:
            out["steps"].setdefault(a.frm, set()).add(a.to)
    return out


def _step(frm: str, to: str) -> str:
    """A bird's step, in the engine's notation."""
    return str(fowl.Action("step", frm=frm, to=to))


def bird_words(tr, bird: int) -> str:
    """``bird_words(tr, 5)``: "brown duck (circle)", "canard brun (rond)"."""
    return board.bird_label(tr, bird)


def card_words(tr, card: int) -> str:
    return tr("fowl_play.card", n=card, bird=bird_words(tr, card))


def _name(name: str) -> str:
    return f"<bdi>{esc(name)}</bdi>"


def cursor_cell(view: dict, sel: Selection, opts: dict) -> str:
    """The keyboard's cell, the board's one tab stop (:mod:`ui.kit.roving`): the cursor, else
    the bird picked, else the fox to move, else the first cell a tap may use, else one's fox,
    else the middle."""
    def home():
        useful = sorted(set(opts["places"]) | set(opts["steps"]) | set(opts["fox"]), key=fowl.NAMES.index)
        seat = view.get("seat")
        fox = view["foxes"][seat] if seat is not None and seat < len(view["foxes"]) else None
        if sel.bird or (fox and view["phase"] == "foxes"):
            return sel.bird or fox
        return useful[0] if useful else fox or fowl.NAMES[len(fowl.NAMES) // 2]
    return roving.cursor_or(sel.cursor, board.DIRECTIONS, home)


def _neighbours(cell: str) -> list:
    i = fowl.BOARD.parse(cell)
    return [fowl.NAMES[j] for j in fowl.NEIGHBOURS[i]] if i is not None else []


class FowlPlayScreen(GameScreen):
    game_id = "fowl_play"
    notation = r"\b(?:target|play) \d|\bfox [a-k]\d|\b[a-k]\d{1,2}-[a-k]\d{1,2}\b"   # play 7, fox e6-d6, b3-c3
    selection = Selection
    texts = texts.TEXTS
    icon = ICON
    seat_colours = ("black", "brown", "orange", "white")
    board_keys = frozenset(board.KEYS) | {"Enter", " "}

    def lesson(self):
        from . import lesson
        return lesson.LESSON

    def rules_page(self, lang: str) -> str:
        if not self.rules:
            self.rules = rules.pages(end_body)      # drawn once, from engine positions, when first asked for
        return super().rules_page(lang)

    # -- the log --------------------------------------------------------------------

    def read_out(self, tr, view, names, seat):
        """The board in a few sentences (the key V): the foxes, the birds on their cells,
        ``seat``'s hand, the cards played in the open, the birds each fox caught, the pile.
        The secret target is not said: the table shows it only when asked (Show my target)."""
        out = [tr("read.fowl_play.round", n=view["round"])] if view.get("round") else []
        for s, cell in enumerate(view["foxes"]):
            out.append(tr("read.fowl_play.fox", name=names[s], cell=cell) if cell
                       else tr("read.fowl_play.no_fox", name=names[s]))
        birds = sorted(view["birds"].items(), key=lambda cb: (cb[0][0], int(cb[0][1:])))
        out.append(tr("read.fowl_play.birds", n=len(birds), what=", ".join(
            tr("read.fowl_play.bird_at", cell=c, bird=bird_words(tr, b)) for c, b in birds)))
        if seat is not None and view.get("hand"):
            out.append(tr("read.fowl_play.hand", cards=", ".join(card_words(tr, c) for c in view["hand"])))
        for s, c in enumerate(view.get("chosen") or ()):
            if isinstance(c, int) and not isinstance(c, bool):
                out.append(tr("read.fowl_play.played", name=names[s], card=card_words(tr, c)))
        for s, caught in enumerate(view["captured"]):
            out.append(tr("read.fowl_play.caught", name=names[s], n=len(caught), what="; ".join(bird_words(tr, b) for b in caught))
                       if caught else tr("read.fowl_play.caught_none", name=names[s]))
        out.append(tr("read.fowl_play.pile", n=view["pile"]))
        return out

    def announce(self, tr, before, after, names, seat, action):
        return announce(tr, before, after, names, seat, action)

    def places(self, before, after, seat, action):
        """The cell a bird or a fox reached, then the one it left; a secret choice marks
        only its player (never the card)."""
        a = fowl.parse(action)
        if a.kind in ("target", "play"):
            return (f"fp-{seat}",)
        if a.kind == "place":
            return (f"hex-{a.to}",)
        if a.kind in ("step", "fox"):
            return (f"hex-{a.to}", f"hex-{a.frm}")
        return ()

    def hint_places(self, view, seat, action):
        a = fowl.parse(action)
        if a.kind in ("target", "play"):
            return (f"fcard-{a.card}",)
        if a.kind == "place":
            return (f"hex-{a.to}",)
        if a.kind in ("step", "fox"):
            return (f"hex-{a.frm}", f"hex-{a.to}")
        return ("done",)

    def undo_guard(self, before, taken):
        return undo_guard(before, taken)

    def secret(self, view):
        """Only the target and each round's card are chosen in secret (from a hand); the
        foxes' placing, the birds' and the foxes' moves are played in the open."""
        return view["phase"] in ("target", "choose")

    def hint_words(self, tr, view, names, seat, action):
        """The suggestion in words, from the seat's view alone: never the future of a copy,
        where a card chosen last would reveal the others' cards."""
        a = fowl.parse(action)
        if a.kind == "target":
            return tr("fowl_play.hint.target", card=card_words(tr, a.card))
        if a.kind == "play":
            return tr("fowl_play.hint.play", card=card_words(tr, a.card))
        if a.kind == "place":
            return tr("fowl_play.hint.place", cell=a.to)
        if a.kind == "step":
            bird = view["birds"].get(a.frm)
            return tr("fowl_play.hint.step", bird=bird_words(tr, bird) if bird else a.frm, frm=a.frm, to=a.to)
        if a.kind == "fox":
            prey = view["birds"].get(a.to)
            words = tr("fowl_play.hint.fox", frm=a.frm, to=a.to)
            return words + (" " + tr("fowl_play.hint.catch", bird=bird_words(tr, prey)) if prey else "")
        return tr("fowl_play.hint.done")

    def settles(self, before, after):
        """A fox just caught a bird: the catch stays in view a moment before play goes on."""
        new = after["log"][len(before["log"]):]
        return any(e["type"] == "fox" and e.get("captured") for e in new) and not after["over"]

    # -- taps -----------------------------------------------------------------------

    def tap(self, act, data, sel, turn):
        if act == "fpeek":
            return Reply(dataclasses.replace(sel, peek=not sel.peek))
        if act == "zoom":
            return Reply(dataclasses.replace(sel, zoomed=not sel.zoomed))
        if turn is None:
            return None
        view = turn.view
        opts = options(turn.legal)
        if act == "fcard":
            try:
                card = int(data.get("card", ""))
            except ValueError:
                return Reply(redraw=False)
            verb = "target" if view["phase"] == "target" else "play"
            action = str(fowl.Action(verb, card=card))
            if card in opts["cards"]:
                return Reply(action=action)
            err = turn.try_action(action)
            return Reply(message=Message.refused(err)) if err else Reply(action=action)
        if act == "fdone":
            return Reply(action=fowl.DONE) if opts["done"] else Reply(redraw=False)
        if act == "hex" and data.get("cell"):
            here = dataclasses.replace(sel, cursor=data["cell"])     # the keyboard's cursor goes where the tap went
            reply = self._tap_cell(data["cell"], here, turn, view, opts)
            return reply if reply.sel is not None or not reply.redraw else dataclasses.replace(reply, sel=here)
        return None

    def key(self, key, sel, view, turn):
        """The board's keys (:data:`board.KEYS`) walk it; Enter or Space taps the cursor's cell."""
        cur = cursor_cell(view, sel, options(turn.legal) if turn else options(()))
        if key in board.KEYS:
            return Reply(dataclasses.replace(sel, cursor=board.walk(cur, key)))
        if turn is None:
            return None
        return self.tap("hex", {"cell": cur}, sel, turn)

    def _tap_cell(self, cell, sel, turn, view, opts) -> Reply:
        phase = view["phase"]
        if phase == "place":
            action = str(fowl.Action("place", to=cell))
            if cell in opts["places"]:
                return Reply(action=action)
            err = turn.try_action(action)
            return Reply(message=Message.refused(err) if err else None)
        if phase == "birds":
            steps = opts["steps"]
            if sel.bird and cell in steps.get(sel.bird, ()):
                return Reply(action=_step(sel.bird, cell))
            if cell in steps:
                return Reply(dataclasses.replace(sel, bird=None if sel.bird == cell else cell))
            if sel.bird and cell in _neighbours(sel.bird):
                err = turn.try_action(_step(sel.bird, cell))
                return Reply(message=Message.refused(err) if err else None)
            if cell in view["birds"]:
                return Reply(dataclasses.replace(sel, bird=None), message=self._why_not(cell, turn))
            return Reply(dataclasses.replace(sel, bird=None), message=Message("fowl_play.pick_bird"))
        if phase == "foxes":
            me = turn.seat
            here = view["foxes"][me]
            action = str(fowl.Action("fox", frm=here, to=cell))
            if cell in opts["fox"]:
                return Reply(action=action)
            if cell == here:
                return Reply(redraw=False)
            try:
                fowl.parse(action)
            except game.IllegalAction:
                return Reply(message=Message("fowl_play.fox_far"))
            err = turn.try_action(action)
            return Reply(message=Message.refused(err) if err else None)
        return Reply(redraw=False)

    @staticmethod
    def _why_not(cell, turn) -> Message:
        """Why the bird on ``cell`` may not move: the engine's reason for one of its steps
        (the card first, then the distance rule, then a tunnel or a taken cell)."""
        errs = [turn.try_action(_step(cell, n)) for n in _neighbours(cell)]
        errs = [e for e in errs if e is not None]
        for code in ("fowl_play.unlike", "fowl_play.too_close", "fowl_play.tunnel", "fowl_play.occupied"):
            for e in errs:
                if getattr(e, "code", None) == code:
                    return Message.refused(e)
        return Message.refused(errs[0]) if errs else Message("fowl_play.no_step")

    # -- the table ------------------------------------------------------------------

    def render(self, view, sel, ctx):
        tr, names, acting = ctx.tr, ctx.names, ctx.acting
        me = view["seat"]
        phase = view["phase"]
        opts = options(ctx.legal) if acting is not None else options(())
        shown = sel if acting is not None else Selection(peek=sel.peek, zoomed=sel.zoomed)
        marks = {}
        if acting is not None:
            if phase == "place":
                marks["places"] = opts["places"]
            elif phase == "birds":
                marks["movable"] = set(opts["steps"])
                if shown.bird in opts["steps"]:
                    marks["selected"] = shown.bird
                    marks["reach"] = opts["steps"][shown.bird]
            elif phase == "foxes":
                marks["reach"] = opts["fox"]
                marks["selected"] = view["foxes"][acting]
                marks["reach2"] = second_steps(view, acting, opts["fox"]) - opts["fox"]
        label = tr("fowl_play.board", n=view["birds_left"])
        hint = fowl.parse(ctx.hint_action).to if ctx.hint_action else None
        svg = board.render(tr, view, interactive=acting is not None and not ctx.replay, marks=marks, label=label,
                           badges=ctx.marks, hint=hint,
                           cursor=None if ctx.replay else cursor_cell(view, sel, opts),
                           say=lambda cell, said: board.cell_name(tr, view, cell, names, said))
        lines, controls = self._status(ctx, view, opts, shown)
        players = "".join(self._player(ctx, view, s) for s in range(view["players"]))
        mine = self._mine(ctx, view, opts, shown) if me is not None else ""
        end = ""
        box = ctx.link
        if view["over"]:
            end = widgets.end_dialog(ctx, widgets.winners_title(tr, view, names), end_body(tr, view, names), box)
        zoom = ('<div class="zoom-row">'
                + button(esc(tr("fowl_play.zoom_out" if sel.zoomed else "fowl_play.zoom_in")), "zoom", "ghost small",
                         id="zoom", aria_pressed="true" if sel.zoomed else "false") + "</div>")
        body = (
            f'{zoom}<div class="play-board fowl-yard" data-act="cancel-bg">{svg}</div>{widgets.status(ctx, lines)}'
            f'<aside class="play-side">{widgets.controls([] if ctx.replay else controls)}{mine}{box}</aside>'
            f'<section class="players fplayers-fowl">{_round_box(tr, view, names)}'
            f'<ul class="fowl-players">{players}</ul></section>'
            f'<div class="fowl-more">{widgets.tools(ctx, self.game_id)}{widgets.log(ctx)}</div>{end}'
        )
        cls = "play-fowl" + (" zoomed" if sel.zoomed else "")
        return widgets.main(ctx, view, cls, body, phase=phase, round=view["round"])

    def _status(self, ctx, view, opts, sel):
        tr, names, acting = ctx.tr, ctx.names, ctx.acting
        lines, controls = [], []
        phase = view["phase"]
        if view["over"]:
            # "Game over" and who won, as T reads it out (the reason alone told neither)
            lines.append(("main", tr("fowl_play.st.over", why=tr("fowl_play.end." + (view["end_reason"] or "few_birds")),
                                     who=widgets.winners_title(tr, view, names))))
            controls.append(widgets.show_end(ctx))
            return lines, controls
        if acting is None:
            if phase in ("target", "choose") and ctx.thinking is None and not ctx.bot_error:
                waiting = [names[s] for s in view["to_move"]]
                lines.append(("main", tr("fowl_play.st.wait_choose", names=", ".join(waiting))))
            else:
                widgets.waiting(ctx, view, lines, controls)
            return lines, controls
        name = names[acting]
        n = view["steps_left"]
        if phase == "target":
            lines.append(("main", tr("fowl_play.st.target", name=name)))
        elif phase == "place":
            lines.append(("main", tr("fowl_play.st.place", name=name)))
        elif phase == "choose":
            lines.append(("main", tr("fowl_play.st.choose", name=name)))
        elif phase == "birds":
            card = view["chosen"][acting]
            if sel.bird in opts["steps"]:
                lines.append(("main", tr("fowl_play.st.bird_picked", cell=sel.bird, n=n)))
            elif opts["steps"]:
                lines.append(("main", tr("fowl_play.st.birds", name=name, card=card_words(tr, card), n=n)))
            else:
                lines.append(("main", tr("fowl_play.st.no_birds", name=name)))
        elif phase == "foxes":
            if opts["fox"]:
                lines.append(("main", tr("fowl_play.st.fox", name=name, n=n)))
            else:
                lines.append(("main", tr("fowl_play.st.fox_stuck", name=name)))
        if phase in ("birds", "foxes"):
            controls.append(f'<span class="fowl-steps" id="steps-left" data-steps="{n}">'
                            f'{esc(tr("fowl_play.steps_left", n=n))}</span>')
            if opts["done"]:
                controls.append(button(esc(tr("fowl_play.done")), "fdone", "primary", id="done"))
        if sel.bird:
            controls.append(button(esc(tr("play.cancel")), "cancel", "ghost", id="cancel"))
        return lines, controls

    def _player(self, ctx, view, seat) -> str:
        tr = ctx.tr
        name = ctx.names[seat]
        colour = fowl.FOX_COLOURS[seat]
        to_move = seat in view["to_move"]
        winner = view["over"] and seat in view["winners"]
        kind = widgets.seat_kind(tr, ctx.seats[seat], ctx.level_names) if ctx.seats else ""
        state = widgets.turn_tag(tr, seat, ctx.thinking, to_move, winner)
        chosen = view["chosen"][seat]
        if view["phase"] in ("choose", "target") and not view["over"]:
            what = tr("fowl_play.chose") if chosen or (view["phase"] == "target" and not to_move) \
                else tr("fowl_play.choosing")
            play = f'<span class="fchosen" data-chosen="{1 if chosen else 0}">{esc(what)}</span>'
        elif isinstance(chosen, int) and not isinstance(chosen, bool):
            play = (f'<span class="fplayed" data-card="{chosen}">{board.bird_icon(tr, chosen, 20)}'
                    f'{esc(tr("fowl_play.played", card=card_words(tr, chosen)))}</span>')
        else:
            play = ""
        caught = view["captured"][seat]
        icons = "".join(board.bird_icon(tr, b, 18) for b in caught)
        caught_words = "; ".join(bird_words(tr, b) for b in caught)
        score = view["scores"][seat]
        return (
            f'<li class="fowl-player player-{colour}{" to-move" if to_move else ""}{" winner" if winner else ""}"'
            f' data-seat="{seat}" data-caught="{len(caught)}" data-score="{score}">'
            f'<div class="player-head">{board.fox_icon(seat)}'
            f'<div class="pname"><strong id="fp-{seat}">{_name(name)}</strong><small>{esc(kind)}</small></div>{state}</div>'
            f'<div class="fowl-line"><span>{esc(tr("fowl_play.hand_count", n=view["hand_counts"][seat]))}</span>'
            f'{play}</div>'
            f'<div class="fowl-caught" title="{esc(caught_words)}"><span>{esc(tr("fowl_play.captured", n=len(caught)))}'
            # the birds' pictures, named as one picture (a span takes a name only with a role)
            f'</span><span class="caught-birds"{attrs(role="img", aria_label=caught_words) if caught else ""}>{icons}</span>'
            f'<span class="fowl-points">{esc(tr("fowl_play.points" if not view["over"] else "fowl_play.total", n=score))}'
            f'</span></div></li>'
        )

    def _mine(self, ctx, view, opts, sel) -> str:
        """The viewing seat's hand (tappable when it chooses) and its secret target (peek)."""
        tr = ctx.tr
        hand = view["hand"] or []
        phase = view["phase"]
        taking = ctx.acting is not None and phase in ("target", "choose")
        items = []
        for c in hand:
            legal = taking and c in opts["cards"]
            cls = "fcard" + (" legal" if legal else "")
            # a space between the number and the words: the words read as the name says them
            # (a flex box draws no space: WCAG 2.5.3, Label in Name)
            inner = (f'{board.bird_icon(tr, c, 30)}<span class="fcard-n">{c}</span> '
                     f'<span class="fcard-w">{esc(bird_words(tr, c))}</span>')
            if taking:
                items.append(button(inner, "fcard", cls, data_card=c, id=f"fcard-{c}",
                                    aria_label=card_words(tr, c)))
            else:
                items.append(f'<span class="{cls}" data-card="{c}">{inner}</span>')
        head = tr("fowl_play.your_cards") if phase == "target" else tr("fowl_play.your_hand")
        mine = view["chosen"][view["seat"]] if phase in ("choose", "birds", "foxes") else None
        played = ""
        if isinstance(mine, int) and not isinstance(mine, bool) and phase == "choose":
            played = (f'<p class="fowl-mine-played" data-card="{mine}">'
                      f'{esc(tr("fowl_play.played", card=card_words(tr, mine)))}</p>')
        target = view["target"]
        peek = ""
        if target:
            peek = button(esc(tr("fowl_play.hide_target" if sel.peek else "fowl_play.show_target")), "fpeek",
                          "ghost small", id="peek", aria_pressed="true" if sel.peek else "false")
            if sel.peek:
                peek += (f'<p class="fowl-target" id="target" data-card="{target}">{board.bird_icon(tr, target, 30)}'
                         f'{esc(tr("fowl_play.target_is", card=card_words(tr, target)))}</p>')
        return (f'<section class="fowl-mine" aria-label="{esc(head)}"><h2 class="fowl-h">{esc(head)}</h2>'
                f'<div class="fowl-hand" id="hand" role="group">{"".join(items)}</div>{played}'
                f'<div class="fowl-peek">{peek}</div></section>')


def second_steps(view: dict, seat: int, first) -> set:
    """The cells the fox of ``seat`` could reach with its second step, after one of its
    ``first`` steps (no second step after a catch, nor when one step is left): next cells,
    and from a tunnel entrance the other entrances, never another fox's cell, nor the centre
    in round 1.  Shown, not played: the second step is tapped once the first is made."""
    if view["steps_left"] != fowl.FOX_STEPS:
        return set()
    others = {c for s, c in enumerate(view["foxes"]) if c and s != seat}
    tunnels = board.TUNNEL_NAMES
    out = set()
    for c in first:
        if c in view["birds"]:
            continue
        nxt = set(_neighbours(c)) | (tunnels - {c} if c in tunnels else set())
        out |= nxt - others
    if view["round"] == 1:
        out.discard(fowl.NAMES[fowl.CENTRE])
    return out


def _round_box(tr, view, names) -> str:
    """The round: its number, the cards played in order (once revealed), the clear-turn
    track, the birds left and the draw pile."""
    ct = view["clear_turns"]
    track = "".join(f'<span class="ct{" turned" if i < ct["turned"] else ""}"></span>' for i in range(ct["total"]))
    order = ""
    chosen = view["chosen"]
    title, seats, ident = tr("fowl_play.order"), view["order"], "order"
    if not (seats and all(isinstance(c, int) and not isinstance(c, bool) for c in chosen)):
        # while the next cards are chosen: the last round's, in their order (they were seen)
        reveals = [e for e in view["log"] if e["type"] == "reveal"]
        chosen = list(reveals[-1]["cards"]) if reveals and not view["over"] else None
        seats = sorted(range(len(chosen)), key=chosen.__getitem__) if chosen else None
        title, ident = tr("fowl_play.last_order"), "last-order"
    if seats and chosen:
        items = "".join(
            f'<li data-seat="{s}" data-card="{chosen[s]}">{board.fox_icon(s, 18)}<bdi>{esc(names[s])}</bdi> '
            f'{board.bird_icon(tr, chosen[s], 20)}<span>{esc(card_words(tr, chosen[s]))}</span></li>'
            for s in seats)
        order = (f'<div class="fowl-order"><span>{esc(title)}</span>'
                 f'<ol id="{ident}">{items}</ol></div>')
    return (
        f'<div class="fowl-round" id="round-box">'
        f'<p><strong>{esc(tr("fowl_play.round", n=max(1, view["round"])))}</strong> · '
        f'<span id="birds-left" data-n="{view["birds_left"]}">{esc(tr("fowl_play.birds_left", n=view["birds_left"]))}</span></p>'
        f'<p class="fowl-clear" id="clear-turns" data-turned="{ct["turned"]}" data-total="{ct["total"]}">'
        f'{esc(tr("fowl_play.clear_turns", turned=ct["turned"], total=ct["total"]))} '
        f'<span class="ct-track" aria-hidden="true">{track}</span></p>'
        f'<p class="fowl-pile">{esc(tr("fowl_play.pile", n=view["pile"]))}</p>{order}</div>'
    )


# -- the log ----------------------------------------------------------------------------


def announce(tr, before: dict, after: dict, names: list, seat: int, action: str) -> str:
    """``seat``'s action in words, with what it set off (a reveal, a catch, a clear-turn
    card, a reshuffle, the end): read from the public log's new entries, so it tells only
    what every seat may know."""
    new = after["log"][len(before["log"]):]
    parts = []
    for e in new:
        parts.append(event_words(tr, e, names))
    if action == fowl.DONE:
        key = "say.fowl_play.done_birds" if before["phase"] == "birds" else "say.fowl_play.done_fox"
        parts.insert(0, tr(key, name=names[seat]))
    return " ".join(p for p in parts if p)


def event_words(tr, e: dict, names: list) -> str:
    t = e["type"]
    if t == "target":
        return tr("say.fowl_play.target", name=names[e["seat"]])
    if t == "place":
        return tr("say.fowl_play.place", name=names[e["seat"]], cell=e["cell"])
    if t == "play":
        return tr("say.fowl_play.play", name=names[e["seat"]])
    if t == "reveal":
        cards = e["cards"]
        order = sorted(range(len(cards)), key=cards.__getitem__)
        said = ", ".join(tr("say.fowl_play.reveal_one", name=names[s], card=card_words(tr, cards[s])) for s in order)
        return tr("say.fowl_play.reveal", round=e["round"], cards=said)
    if t == "bird":
        return tr("say.fowl_play.bird", name=names[e["seat"]], bird=bird_words(tr, e["bird"]),
                  frm=e["from"], to=e["to"])
    if t == "fox":
        tunnel = e["to"] not in _neighbours(e["from"])
        words = tr("say.fowl_play.fox_tunnel" if tunnel else "say.fowl_play.fox", name=names[e["seat"]],
                   frm=e["from"], to=e["to"])
        if e.get("captured"):
            words += " " + tr("say.fowl_play.caught", bird=bird_words(tr, e["captured"]))
        return words
    if t == "clear":
        return tr("say.fowl_play.clear", turned=e["turned"])
    if t == "reshuffle":
        return tr("say.fowl_play.reshuffle")
    if t == "end":
        return tr("say.fowl_play.end." + e["reason"])
    return ""


def undo_guard(before, taken: list):
    """None if taking back ``taken`` (played on ``before``, a copy) reveals nothing and
    takes back no secret choice, else an i18n key.  A target or a card chosen is never taken
    back (the others chose after it blind, or the cards were revealed), nor a round's end
    (cards were drawn)."""
    if not taken:
        return None
    for _, action in taken:
        if action.startswith(("target ", "play ")):
            return "undo.fowl_play.secret"
    rnd = before.view(None)["round"]
    for seat, action in taken:
        before.apply(seat, action)
        if before.over or before.view(None)["round"] != rnd:
            return "undo.fowl_play.round"
    return None


# -- the end ----------------------------------------------------------------------------


_TRAIT_ROWS = {row: (fowl.SHAPE, i) for i, row in enumerate(("circles", "hexagons", "squares"))}
_TRAIT_ROWS.update({row: (fowl.COLOUR, i) for i, row in enumerate(("blacks", "browns", "whites"))})
_TRAIT_ROWS.update({row: (fowl.TYPE, i) for i, row in enumerate(("chickens", "ducks", "geese", "turkeys"))})


def sheet_counts(view) -> dict:
    """What each row of the score sheet counts, per seat: the birds caught of each shape and
    colour and the sets of four types; the surviving birds that share each of the target's
    traits (None: a trait the target has not), and whether the target's own bird survived."""
    if "captured" not in view:
        return {}
    n = view["players"]
    caught = view["captured"]
    survivors = set(view["birds"].values())
    targets = view["targets"] or [0] * n
    out = {}
    for sec, row, _ in view["sheet"] or []:
        if sec == "captured" and row == "sets":
            out[sec, row] = [min(sum(1 for b in birds if fowl.TYPE[b] == t) for t in range(4)) for birds in caught]
        elif sec == "captured":
            trait, value = _TRAIT_ROWS[row]
            out[sec, row] = [sum(1 for b in birds if trait[b] == value) for birds in caught]
        elif sec == "survivors" and row == "target":
            out[sec, row] = [int(t in survivors) if t else None for t in targets]
        elif sec == "survivors":
            trait, value = _TRAIT_ROWS[row]
            out[sec, row] = [sum(1 for b in survivors if trait[b] == value) if t and trait[t] == value else None
                             for t in targets]
    return out


def _sheet_cell(tr, count, points) -> str:
    """A row's cell: what it counts and what that scores ("2 → 2"; caught birds not the most
    of their shape or colour score nothing: "1 → 0"), else a dash."""
    if count is None or (count == 0 and not points):
        return "–" if points is None else str(points)
    return tr("fowl_play.sheet.cell", count=count, points=points or 0)


def end_body(tr, view, names) -> str:
    """Why the game ended, and the score sheet of the rulebook's diagram 8: a column per
    player, the targets, the rows of captured birds and of survivors, subtotals, total."""
    n = view["players"]
    winners = set(view["winners"])
    targets = view["targets"] or [None] * n
    rows = [(' class="sheet-target"', esc(tr("fowl_play.sheet.target")),
             [(f' data-card="{t}"', f'{board.bird_icon(tr, t, 20)}<small>{esc(card_words(tr, t))}</small>') if t
              else ("", "–") for t in targets])]
    section = None
    counts = sheet_counts(view)
    for sec, row, cells in view["sheet"] or []:
        if sec in ("captured", "survivors") and sec != section:
            section = sec
            rows.append((' class="sheet-section"', esc(tr("fowl_play.sheet." + sec)), None))
        if sec == "subtotal":
            label, cls = tr("fowl_play.sheet.subtotal"), "sheet-sub"
        elif sec == "total":
            label, cls = tr("fowl_play.sheet.total"), "sheet-total"
        else:
            label, cls = tr("fowl_play.row." + row), "sheet-row"
        tds = [(f'{" class=best" if sec == "total" and s in winners else ""} data-score="{v if v is not None else ""}"',
                esc(_sheet_cell(tr, counts[sec, row][s], v)) if (sec, row) in counts else ("–" if v is None else str(v)))
               for s, v in enumerate(cells)]
        rows.append((f' class="{cls}" data-row="{sec}.{row}"', esc(label), tds))
    sheet = widgets.score_table(names[:n], rows, cls="fowl-sheet", icons=[board.fox_icon(s, 18) for s in range(n)],
                              head_attrs=[f' data-seat="{s}"{" class=winner" if s in winners else ""}' for s in range(n)],
                              ident="sheet", caption=tr("fowl_play.sheet"), room=24)    # a fox beside each name
    reason = view.get("end_reason") or "few_birds"
    return (
        f'<p class="end-reason" data-reason="{esc(reason)}">{esc(tr("fowl_play.end." + reason))}</p>'
        f'<p class="sheet-how">{esc(tr("fowl_play.sheet.how"))}</p>'
        + sheet
    )
