"""Fennecs's table: the players and their stars, the Reserve, the columns, the last
collection counted out, the 1/5 choice, your hand, and the round summaries (pure Python).

A play takes three taps: a card of the hand (the columns it may go to light up), a column,
then "face up" or "face down"; a column's "Collect" button takes it, and a collector of
1/5 cards then picks their values and confirms.  The selection (:class:`Selection`) holds
what is picked so far.  Hands and face-down cards are hidden (``GameInfo.hidden``).
"""

from __future__ import annotations

import dataclasses

from game import fennecs

from ui.kit import widgets
from ui.kit.html import button, esc
from ui.kit.screen import GameScreen, Message, Reply
from . import ICON, cards, rules, texts



@dataclasses.dataclass(frozen=True)
class Selection:
    """``mode``: None, "card" (a hand card is picked), "column" (and a column: face up or
    down?) or "choice" (a 1/5 value choice is picked, to confirm)."""

    mode: str | None = None
    card: str | None = None
    column: str | None = None
    choice: str | None = None

    @property
    def active(self) -> bool:
        return self.mode is not None

    def cleared(self) -> Selection:
        return Selection()


class FennecsScreen(GameScreen):
    game_id = "fennecs"
    notation = r"\w>[A-E]\b|v>|\btake [A-E]\b|\bas [15]\b"   # 3>B, 3v>B, take B, as 1,5
    selection = Selection
    texts = {**texts.TEXTS, **cards.error_names()}     # a refusal names a card in words
    rules = rules.RULES
    icon = ICON
    rounds = True
    in_view = ("#table", "#hand")
    round_by_round = True       # every round's summary is shown, one after the other

    def hint_words(self, tr, view, names, seat, action):
        return cards.hint(tr, action)

    def inline(self, lang, escaped):
        return cards.inline(lang, escaped)

    def announce(self, tr, before, after, names, seat, action):
        return cards.announce(tr, before, after, names, seat, action)

    def undo_guard(self, before, taken):
        return cards.undo_guard(before, taken)

    def read_out(self, tr, view, names, seat):
        return cards.read_out(tr, view, names, seat)

    def places(self, before, after, seat, action):
        """The card played, where it lies in its column this round (face down: only its
        back), else where it went: its collector's pile, or (gone back at the round's end)
        its player's name; a column collected: its collector's pile (their name while they
        choose what its 1/5 cards are worth).  Ids carry the round,
        so that a later round's card at the same place is never taken for it."""
        a = fennecs.parse(action)
        rnd = before.get("round", 1)
        pile = f"fpile-r{rnd}-{(a.column or '').lower()}"
        if a.kind == "play":
            col = next((c for c in after["columns"] if c["name"] == a.column), None)
            if col is not None and col["cards"] and not col["collected"] and after.get("round", 1) == rnd:
                return (f"fc-r{rnd}-{a.column.lower()}-{len(col['cards']) - 1}", "~" + pile, f"~fname-{seat}")
            return ("~" + pile, f"~fname-{seat}")
        if a.kind == "take":       # (its pile once its 1/5 cards are counted)
            return (pile, f"~fname-{seat}")
        return ()

    def hint_places(self, view, seat, action):
        """The card of the hand and its column; the column to collect; the way to count."""
        a = fennecs.parse(action)
        if a.kind == "play":
            hand = view["hand"] or []
            i = hand.index(a.card) if a.card in hand else None
            return ((f"fcard-{i}",) if i is not None else ()) + (f"fcol-{a.column.lower()}",)
        if a.kind == "take":
            return (f"take-{a.column}", f"fcol-{a.column.lower()}")
        return ("confirm",)

    def settles(self, before, after):
        """A column was just collected, and the round goes on: its count stays in view a
        moment before the next play (a round's last is in the round's summary)."""
        last = after["last_collection"]
        return (bool(last) and last != before["last_collection"] and last["round"] == after["round"]
                and not after["over"])

    def rounds_done(self, view):
        return cards.rounds_done(view)

    def lesson(self):
        from . import lesson
        return lesson.LESSON

    # -- taps ----------------------------------------------------------------------------

    def tap(self, act, data, sel, turn):
        if turn is None:
            return None
        if act == "fcard":
            return self._tap_card(data.get("card"), sel, turn)
        if act == "fcol":
            return self._tap_column(data.get("col"), sel, turn)
        if act == "fplay":
            if not sel.card or not sel.column:
                return Reply(redraw=False)
            return Reply(action=str(fennecs.Action("play", sel.card, sel.column, data.get("down") == "1")))
        if act == "ftake" and data.get("col"):
            return Reply(action=str(fennecs.Action("take", column=data["col"])))
        if act == "fchoice" and data.get("choice"):
            return Reply(Selection(mode="choice", choice=data["choice"]))
        if act == "fconfirm":
            choice = data.get("choice") or sel.choice
            return Reply(action=choice) if choice else Reply(redraw=False)
        return None

    def _tap_card(self, card, sel, turn) -> Reply:
        """A tap on a hand card: the columns it may go to light up (a second tap lets go)."""
        view = turn.view
        if not card or card not in (view["hand"] or []) or view["pending"]:
            return Reply(redraw=False)
        if sel.card == card:
            return Reply(Selection())
        opts = cards.options(turn.legal)
        if not cards.columns_for(opts, card):
            err = turn.try_action(str(fennecs.Action("play", card, _some_column(view), card == "*")))
            msg = Message.refused(err) if err else Message("msg.fennecs.no_column_for", {"card": Message(
                "fennecs.name.nova" if card == "*" else "fennecs.name", {"value": cards._shown(card)})})
            return Reply(Selection(), message=msg)
        return Reply(Selection(mode="card", card=card))

    def _tap_column(self, col, sel, turn) -> Reply:
        """A tap on a column, a card selected: face up or face down? (or why not)."""
        card = sel.card
        if not col or not card:
            return Reply(redraw=False)
        opts = cards.options(turn.legal)
        if col not in cards.columns_for(opts, card):
            err = turn.try_action(str(fennecs.Action("play", card, col, card == "*")))
            return Reply(dataclasses.replace(sel, column=None, mode="card"),
                         message=Message.refused(err) if err else None)
        return Reply(dataclasses.replace(sel, column=col, mode="column"))

    # -- the table -----------------------------------------------------------------------

    def render(self, view, sel, ctx):
        tr, names, acting = ctx.tr, ctx.names, ctx.acting
        opts = cards.options(list(ctx.legal)) if acting is not None else cards.NO_OPTIONS
        me = view["seat"]
        hand = view["hand"]
        pending = view["pending"]
        choosing = pending is not None and acting is not None and pending["seat"] == acting
        card = sel.card if acting is not None and not choosing else None
        column = sel.column if card else None
        playable = {k for k, _ in opts["up"] | opts["down"]}
        lit = cards.columns_for(opts, card) if card else set()
        # players and the Reserve
        # once a collection is let go (ctx.settle "moving"), its collector's stars take it in
        gains = view["last_collection"]["seat"] if ctx.settle == "moving" and view["last_collection"] else None
        players = "".join(_fplayer(tr, view, i, names[i], ctx.seats[i], ctx.level_names, ctx.thinking, i == me,
                                   i == gains)
                          for i in range(len(names)))
        reserve = (f'<p class="reserve" id="reserve" data-reserve="{view["reserve"]}">'
                   f'{esc(tr("fennecs.reserve", n=view["reserve"]))} · {esc(tr("fennecs.round_no", n=view["round"]))}'
                   f' · {esc(tr("fennecs.goal", target=view["threshold"]))}</p>')
        # the columns
        cols = "".join(
            _fcolumn(tr, view, c, c["name"] in lit, acting is not None and not choosing and c["name"] in opts["take"],
                     card is not None and not c["collected"], c["name"] == column)
            for c in view["columns"])
        columns = f'<section class="ftable" id="table" data-keys="1" style="--cols:{len(view["columns"])}">{cols}</section>'
        # the collections of this round: the last one counted out, the earlier ones folded
        last = view["last_collection"]
        last_html = ""
        if last and (last["round"] == view["round"] or view["over"]) and not choosing:
            earlier = cards.round_summary(view, last["round"])["collections"][:-1]
            folded = ""
            if earlier:
                folded = (f'<details class="fearlier"><summary>{esc(tr("fennecs.earlier", n=len(earlier)))}</summary>'
                          + "".join(f'<p>{esc(cards.collection_line(tr, c, names))}</p>' for c in reversed(earlier))
                          + "</details>")
            held = ctx.settle == "held"     # just collected: play waits for a tap or a moment
            settle = {"held": " held", "moving": " gather"}.get(ctx.settle or "", "")
            last_html = (f'<section class="flast{settle}" id="last-collection" data-value="{last["value"]}" '
                         f'data-column="{last["column"]}" data-to="{"me" if last["seat"] == me else "opp"}"'
                         + (f' data-act="release" title="{esc(tr("play.release"))}"' if held else "")
                         + f'>{_fcollection(tr, view, last, names)}{folded}</section>')
        choice_html = _choice(tr, view, pending, sel) if choosing else ""
        # status and controls
        lines, controls = [], []
        done = cards.rounds_done(view)
        if view["over"]:
            w = view["winners"]
            lines.append(("main", tr("fennecs.over_line", names=", ".join(names[i] for i in w))))
            if not (ctx.show_round and done):    # no round summary on screen
                controls.append(widgets.show_end(ctx))
        elif widgets.waiting(ctx, view, lines, controls):
            pass
        elif choosing:
            lines.append(("main", tr("fennecs.choose_title", name=names[acting])))
        elif column:
            lines.append(("main", tr("fennecs.updown_help", card=cards.spoken(tr, card), col=column)))
            up_ok = (card, column) in opts["up"]
            down_ok = (card, column) in opts["down"]
            up_why = "" if up_ok else (tr("err.fennecs.supernova_face_up") if card == "*" else "")
            down_why = "" if down_ok else tr("fennecs.no_star_short")
            controls.append(button(esc(tr("fennecs.face_up")), "fplay", "primary" + ("" if up_ok else " is-disabled"),
                                   data_down="0", id="face-up", aria_disabled=None if up_ok else "true",
                                   title=up_why or None))
            controls.append(button(esc(tr("fennecs.face_down_btn")), "fplay", ("" if down_ok else "is-disabled"),
                                   data_down="1", id="face-down", aria_disabled=None if down_ok else "true",
                                   title=down_why or None))
            controls.append(button(esc(tr("fennecs.cancel")), "cancel", "ghost", id="cancel"))
            for why in (up_why, down_why):
                if why:
                    lines.append(("hint", why))
        elif card:
            lines.append(("main", tr("fennecs.column_help", card=cards.spoken(tr, card))))
            controls.append(button(esc(tr("fennecs.cancel")), "cancel", "ghost", id="cancel"))
        else:
            lines.append(("main", tr("fennecs.turn_help", name=names[acting])))
        waited = cards.waited_words(tr, view, me, names) if me is not None and not view["over"] else ""
        if waited:
            lines.insert(0, ("rounds", waited))
        # my hand
        mine = ""
        if hand is not None and me is not None:
            interactive = acting == me and not choosing
            mine = (f'<section class="fmine" aria-label="{esc(names[me])}">'
                    + cards.render_hand(tr, hand, playable if interactive else set(), interactive, card)
                    + "</section>")
        if ctx.show_round and done:          # each round's summary (the last one too), then the end screen
            dialog = _round_dialog(ctx, view, min(done, ctx.round_shown + 1))
        elif view["over"]:
            dialog = widgets.end_dialog(ctx, _end_title(tr, view, names), _end_body(tr, view, names), look="end.look_table")
        else:
            dialog = ""
        # the hand right under the table, so that a phone shows both at once; then what to do
        body = (f'<ul class="fplayers" id="players">{players}</ul>{reserve}{columns}{choice_html}{mine}'
                f'{widgets.status(ctx, lines)}{widgets.controls([] if ctx.replay else controls)}'
                f'{last_html}{widgets.tools(ctx, self.game_id)}{widgets.log(ctx)}{dialog}')
        return widgets.main(ctx, view, "play-fennecs", body, seat="" if me is None else me,
                          mode=sel.mode if acting is not None else None)


def _some_column(view) -> str:
    """A column to name in the reason a card cannot be played: one with room, if any."""
    for c in sorted(view["columns"], key=lambda c: c["room"] == 0):
        if not c["collected"]:
            return c["name"]
    return "A"


def _choice(tr, view, pending, sel) -> str:
    """The 1/5 choice: each way to count the 1/5 cards, what it wins, and Confirm."""
    chosen = sel.choice if sel.choice in pending["choices"] else cards.best_choice(pending)
    items = []
    for ch, val in zip(pending["choices"], pending["values"]):
        g = cards.gain(val)
        result = tr("fennecs.gain_win", n=g) if g > 0 else (tr("fennecs.gain_lose", n=-g) if g < 0 else tr("fennecs.gain_zero"))
        text = tr("fennecs.choice", values=ch[3:].replace(",", ", "), value=val) + " · " + result
        items.append(button(esc(text), "fchoice", "fopt" + (" chosen" if ch == chosen else ""),
                            data_choice=ch, aria_pressed="true" if ch == chosen else "false"))
    flags = cards.face_down_flags(view, view["round"], pending["column"], len(pending["cards"]))
    help_text = tr("fennecs.choose_help", col=pending["column"])
    if pending["stars_taken"]:
        help_text += " " + tr("fennecs.you_took", n=pending["stars_taken"])
    values = list(fennecs.parse(chosen).values)
    return (
        f'<section class="fchoice" id="choice"><p>{esc(help_text)}</p>'
        f'{_mini_cards(tr, pending["cards"], values, flags, True)}'
        f'<div class="fopts" role="group" aria-label="{esc(tr("fennecs.choose_legend"))}">{"".join(items)}</div>'
        + button(esc(tr("fennecs.confirm")), "fconfirm", "primary", data_choice=chosen, id="confirm")
        + "</section>")


def _round_dialog(ctx, view, rnd) -> str:
    """The summary of round ``rnd``; when it was the last, its button leads to the end screen."""
    tr, names = ctx.tr, ctx.names
    r = cards.round_summary(view, rnd)
    items = "".join(f'<li>{_fcollection(tr, view, c, names)}</li>' for c in r["collections"])
    end = r["end"] or {}
    reason = tr("fennecs.round_reason." + end.get("reason", "all_collected"))
    if end.get("returned"):
        reason += " " + tr("fennecs.round_returned", n=end["returned"])
    revealed = "".join(f'<li>{esc(tr("fennecs.column", name=col))}{_left_cards(tr, shown)}</li>'
                       for col, shown in (end.get("left") or {}).items())
    start = fennecs.START_STARS[len(names)]
    last = view["over"] and rnd == cards.rounds_done(view)
    body = (f'<p class="end-reason">{esc(reason)}</p>'
            + (f'<ul class="fcolls">{items}</ul>' if items else "")
            + (f'<details><summary>{esc(tr("fennecs.left_on_table"))}</summary><ul class="fcolls">{revealed}</ul></details>'
               if revealed else "")
            + _round_table(tr, names, rnd, cards.round_stars(view, rnd, start))
            + f'<p class="end-reason">{esc(tr("fennecs.target_line", target=view["threshold"]))}</p>')
    return widgets.round_dialog(ctx, rnd, tr("fennecs.round_over", n=rnd), body, last,
                              tr("fennecs.see_result") if last else tr("round.next"))


def _end_title(tr, view, names) -> str:
    w = view["winners"]
    return tr("end.title_win", name=names[w[0]]) if len(w) == 1 else tr("fennecs.shared_win", names=", ".join(names[i] for i in w))


def _end_body(tr, view, names) -> str:
    """Why the game ended, and the score round by round."""
    start = fennecs.START_STARS[len(names)]
    rounds = [(n, g) for n, _, g in cards.round_totals(view, start)]
    reason = view["end_reason"] or "threshold"
    return (f'<p class="end-reason" data-reason="{esc(reason)}">{esc(tr("fennecs.end." + reason, target=view["threshold"]))}</p>'
            f'<p class="fstart">{esc(tr("fennecs.start_line", n=start))}</p>'
            + _fstars_table(tr, view, names, rounds))


def _stars_text(tr, stars: int, owed: int) -> str:
    return tr("fennecs.stars_owed", n=stars, owed=owed) if owed else tr("fennecs.stars", n=stars)


def _fplayer(tr, view, seat, name, cfg, level_names, thinking, me, gains=False) -> str:
    to_move = seat in view["to_move"]
    winner = view["over"] and seat in view["winners"]
    kind = widgets.seat_kind(tr, cfg, level_names)
    tags = []
    if thinking == seat:
        tags.append(f'<span class="ftag thinking">{esc(tr("play.thinking"))}</span>')
    elif to_move:
        tags.append(f'<span class="ftag turn-tag">{esc(tr("play.to_play"))}</span>')
    if winner:
        tags.append(f'<span class="ftag won">{esc(tr("play.winner_tag"))}</span>')
    if view["finished"][seat] and not view["over"] and not to_move:
        # one tag: a player choosing what the 1/5 cards just collected are worth is to play
        tags.append(f'<span class="ftag done">{esc(tr("fennecs.finished"))}</span>')
    stars, owed = view["stars"][seat], view["owed"][seat]
    # the columns this player collected, each an anchor for the marks of its cards (places)
    piles = "".join(f'<span class="fpile" id="fpile-r{e["round"]}-{e["column"].lower()}"></span>'
                    for e in view["log"] if e["type"] == "collect" and e["seat"] == seat)
    return (
        f'<li class="fplayer{" me" if me else ""}{" to-move" if to_move else ""}{" finished" if view["finished"][seat] else ""}'
        f'{" winner" if winner else ""}{" gains" if gains else ""}" data-seat="{seat}" data-stars="{stars}" data-owed="{owed}">'
        f'<span class="pname"><span class="pline"><strong id="fname-{seat}">{esc(name)}</strong>{piles}</span>'
        f'<small>{esc(kind)}</small></span>'
        f'<span class="fstars">★ {esc(_stars_text(tr, stars, owed))}</span>'
        f'<span class="fcount">{esc(tr("fennecs.in_hand", n=view["hand_counts"][seat]))}</span>'
        f'{"".join(tags)}</li>'
    )


def _last_play(view) -> str | None:
    """The column the last action put a card on, if the last action was a play."""
    log = view["log"]
    return log[-1]["column"] if log and log[-1]["type"] == "play" else None


def _fcolumn(tr, view, col, lit: bool, takeable: bool, clickable: bool, chosen: bool) -> str:
    """A column; the card just played on it, if the last action did, is marked ``last``."""
    name = col["name"]
    newest = len(col["cards"]) - 1 if _last_play(view) == name else -1
    if col["collected"]:
        return (f'<div class="fcol collected" id="fcol-{name.lower()}" data-col="{name}"><div class="fcol-head"><strong>{name}</strong></div>'
                f'<p class="fcol-gone">{esc(tr("fennecs.collected"))}</p></div>')
    faces = []
    for i, c in enumerate(col["cards"]):
        last = " last" if i == newest else ""
        if c["down"]:
            label = tr("fennecs.face_down_yours", card=cards.spoken(tr, c["card"])) if "card" in c else tr("fennecs.face_down")
            faces.append(f'<span class="fc down{" mine" if "card" in c else ""}{last}" id="fc-r{view["round"]}-{name.lower()}-{i}" '
                         f'role="img" aria-label="{esc(label)}"'
                         f' data-card="{esc(c.get("card", "?"))}">{cards.back_svg(tr, c["stars"], c.get("card"))}</span>')
        else:
            faces.append(f'<span class="fc{last}" id="fc-r{view["round"]}-{name.lower()}-{i}" role="img" aria-label="{esc(cards.card_label(tr, c["card"]))}" '
                         f'data-card="{esc(c["card"])}">{cards.card_svg(tr, c["card"])}</span>')
    room = col["room"]
    room_text = tr("fennecs.full") if room == 0 else tr("fennecs.room", n=room)
    take = button(esc(tr("fennecs.collect")), "ftake", "small ftake", data_col=name, id=f"take-{name}",
                  aria_label=tr("fennecs.collect_col", name=name)) if takeable else ""
    stack_cls = "fstack" + (" lit" if lit else "") + (" chosen" if chosen else "")
    stack = "".join(faces)
    if clickable:     # a column the card cannot go on says so to a screen reader, as its light does
        label = tr("fennecs.column_lit" if lit else "fennecs.column", name=name)
        unlit = "" if lit else ' aria-disabled="true"'
        stack = (f'<button type="button" class="{stack_cls}" data-act="fcol" data-col="{name}" id="col-{name}" '
                 f'aria-label="{esc(label)}"{unlit}>{stack}</button>')
    else:
        stack = f'<div class="{stack_cls}" id="col-{name}">{stack}</div>'
    return (f'<div class="fcol{" lit" if lit else ""}" id="fcol-{name.lower()}" data-col="{name}" data-room="{room}" data-n="{len(col["cards"])}">'
            f'<div class="fcol-head"><strong>{name}</strong><small class="room">{esc(room_text)}</small></div>'
            f'{stack}{take}</div>')


def _signed(n: int) -> str:
    return ("+" if n > 0 else "") + str(n).replace("-", "−")


def _left_cards(tr, faces: list) -> str:
    """The cards a round left on a column: the faces this seat may know, then a back for each
    face-down card that went back unseen."""
    backs = "".join(f'<span class="mini" role="img" aria-label="{esc(tr("fennecs.unseen"))}">'
                    f'{cards.back_svg(tr)}</span>' for card in faces if card is None)
    known = [card for card in faces if card is not None]
    return (_mini_cards(tr, known) if known else "") + (f'<div class="minis">{backs}</div>' if backs else "")


def _mini_cards(tr, faces: list, values=None, flags=None, count: bool = False) -> str:
    """Small faces of ``faces``; ``flags`` marks those that were face down (revealed now);
    with ``count``, each shows the value it counts for and the sum follows: the column's
    value computed before the player's eyes."""
    c = cards.counted(faces, values)
    flags = list(flags or []) + [False] * len(faces)
    out = []
    for card, term, down in zip(faces, c["terms"], flags):
        label = cards.card_label(tr, card)
        tag = ""
        if down:
            label += " · " + tr("fennecs.was_down_long")
            tag = f'<small class="was-down">{esc(tr("fennecs.was_down"))}</small>'
        value = ""
        if count:
            flipped = c["flip"] and term > 0 and card.startswith("-")     # a 0→+ turned it
            shown = _signed(term) if flipped else str(term).replace("-", "−")
            label += " · " + tr("fennecs.counts", value=shown)
            value = (f'<small class="as{" flip" if flipped else ""}{" wild" if card == "1/5" else ""}">'
                     f'{esc(shown)}</small>')
        elif card == "1/5" and values:
            value = f'<small class="as wild">= {term}</small>'
        out.append(f'<span class="mini{" revealed" if down else ""}" role="img" aria-label="{esc(label)}">'
                   f'{tag}{cards.card_svg(tr, card)}{value}</span>')
    markup = f'<div class="minis">{"".join(out)}</div>'
    if count:
        note = ""
        if c["flip"] and any(x.startswith("-") for x in faces):
            note = f'<small class="flip-note">{esc(tr("fennecs.flip_note"))}</small>'
        markup += (f'<p class="fsum" data-total="{c["total"]}">'
                   f'{esc(tr("fennecs.sum", formula=cards.formula(c["terms"])))}{note}</p>')
    return markup


def _fcollection(tr, view, c: dict, names: list) -> str:
    """One collection: who, what it was worth and did, the cards revealed and the sum."""
    flags = cards.face_down_flags(view, c["round"], c["column"], len(c["cards"]))
    count = not c["supernova"] and not c["full"]
    return (f'<p>{esc(cards.collection_line(tr, c, names))}</p>'
            + _mini_cards(tr, c["cards"], c["values"], flags, count))


def _round_table(tr, names, rnd: int, r: dict) -> str:
    """Round ``rnd``'s stars, every one: the totals before it, the stars of the cards played
    face up and face down and of the columns collected, their sum, then at its end the
    stars, the owed stars and the total (before + the round)."""
    def row(cls, label, vals, signed=False, attr="data-n", td=""):
        return (f' class="{cls}"', esc(label),
                [(f'{td} {attr}="{v}"', esc(_signed(v) if signed else str(v))) for v in vals])
    rows = [row("before-row", tr("fennecs.row.before", n=rnd), r["before"]),
            row("up-row", tr("fennecs.row.face_up"), r["up"], True),
            row("down-row", tr("fennecs.row.face_down"), r["down"], True),
            row("collected-row", tr("fennecs.row.collected"), r["collected"], True),
            (f' class="round-row" data-round="{rnd}"', esc(tr("fennecs.row.round", n=rnd)),
             [(f' data-gain="{g}"', esc(_signed(g))) for g in r["gain"]]),
            row("stars-row", tr("fennecs.row.stars"), r["stars"]),
            row("owed-row", tr("fennecs.row.owed"), r["owed"]),
            row("count-row", tr("fennecs.row.total"), r["total"], attr="data-score", td=' class="total"')]
    return widgets.score_table(names, rows, cls="ftotals fround")


def _fstars_table(tr, view, names, rounds=()) -> str:
    """Each player's stars, owed stars and total; above them, ``rounds``: (round, gains) rows."""
    rows = [(f' class="round-row" data-round="{r}"', esc(tr("fennecs.row.round", n=r)),
             [(f' data-gain="{g}"', esc(_signed(g))) for g in gains]) for r, gains in rounds]
    rows += [(f' class="{key[12:]}-row"', esc(tr(key)), [("", str(v)) for v in vals])
             for key, vals in (("fennecs.row.stars", view["stars"]), ("fennecs.row.owed", view["owed"]))]
    rows.append((' class="count-row"', esc(tr("fennecs.row.total")),
                 [(f' class="total{" best" if view["over"] and i in view["winners"] else ""}" data-score="{s + o}"', str(s + o))
                  for i, (s, o) in enumerate(zip(view["stars"], view["owed"]))]))
    return widgets.score_table(names, rows, cls="ftotals")
