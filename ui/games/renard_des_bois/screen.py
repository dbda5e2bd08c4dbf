"""Le Renard des Bois's table: the other player's hand face down, the decree and the deck,
the trick, your hand, and the round summaries (pure Python).

A tap on a hand card plays it (:func:`.cards.action_for`); ``keep`` has its button.  Hands
are hidden (``GameInfo.hidden``): the shell shows a "pass the device" screen between two
people, and :meth:`RenardScreen.undo_guard` refuses an undo that would show a card again.
"""

from __future__ import annotations

from game import renard_des_bois as rdb

from ui.kit import widgets
from ui.kit.html import button, esc
from ui.kit.screen import GameScreen, Message, Reply
from . import ICON, cards, rules, texts



class RenardScreen(GameScreen):
    game_id = "renard_des_bois"
    notation = r"\b(?:1[01]|[1-9])[BKM]\b|\b(?:swap|bottom) \w"   # 7M, swap 4K
    texts = {**texts.TEXTS, **cards.error_names()}     # a refusal names a card in words
    rules = rules.RULES
    icon = ICON
    rounds = True
    in_view = (".rtable", "#hand")
    sum_up = False      # two players: the trick on the table and the status already tell it

    def tap(self, act, data, sel, turn):
        if act == "explain":           # a long press on an odd card, at any time
            card = data.get("card")
            rank = cards.split(card)[0] if card in cards.rdb.INDEX else None
            ability = cards.ABILITIES.get(rank)
            if ability is None:
                return Reply(redraw=False)
            return Reply(message=Message("renard.explain", {
                "rank": rank, "name": Message("renard.ability." + ability),
                "help": Message("renard.ability_help." + ability)}))
        if turn is None:
            return None
        if act == "card":
            card = data.get("card")
            if not card or card not in (turn.view["hand"] or []):
                return Reply(redraw=False)
            action = cards.action_for(turn.view, turn.seat, card)
            ability = cards.ABILITIES.get(cards.split(card)[0])
            err = turn.try_action(action) if ability else None
            if err is not None:     # an odd card that may not go now: why, and what it does
                return Reply(message=Message("renard.refused_odd", {
                    "why": Message.refused(err), "rank": cards.split(card)[0],
                    "name": Message("renard.ability." + ability), "help": Message("renard.ability_help." + ability)}))
            return Reply(action=action)
        if act == "keep":
            return Reply(action="keep")
        return None

    def announce(self, tr, before, after, names, seat, action):
        return cards.announce(tr, before, after, names, seat, action)

    def hint_words(self, tr, view, names, seat, action):
        return cards.hint(tr, action)

    def inline(self, lang, escaped):
        return cards.inline(lang, escaped)

    def undo_guard(self, before, taken):
        return cards.undo_guard(before, taken)

    def read_out(self, tr, view, names, seat):
        return cards.read_out(tr, view, names, seat)

    def places(self, before, after, seat, action):
        """The card played, on the table, then its player (who keeps the number once the
        trick is gathered); the decree, when a Fox exchanged or kept it; the deck, for a
        Woodcutter's discard (the card put under it is no one else's to see)."""
        kind, _, card = action.rpartition(" ")
        if not kind and card in rdb.INDEX:
            return (f"tc-{card.lower()}", f"~rp-{seat}")
        if kind == "swap" or card == "keep":
            return ("decree",)
        if kind == "bottom":
            return ("deck",)
        return ()

    def hint_places(self, view, seat, action):
        kind, _, card = action.rpartition(" ")
        if card == "keep":
            return ("keep",)
        return (f"card-{card}",) + (("decree",) if kind == "swap" else ())

    def settles(self, before, after):
        """A trick just finished, and the next one is of this round: it stays on the table."""
        last = after["last_trick"]
        return (bool(last) and last != before["last_trick"] and last["round"] == after["round"]
                and not after["trick"]["cards"] and not after["over"])

    def rounds_done(self, view):
        last = view.get("last_round")
        return last["round"] if last else 0

    def lesson(self):
        from . import lesson
        return lesson.LESSON

    def render(self, view, sel, ctx):
        tr, names, acting = ctx.tr, ctx.names, ctx.acting
        opts = cards.options(list(ctx.legal)) if acting is not None else cards.NO_OPTIONS
        me = view["seat"] if view.get("seat") is not None else 0
        other = 1 - me
        hand = view["hand"]
        mode = cards.mode(view, acting) if acting is not None else None
        usable = cards.marked(opts, mode) if acting is not None else set()
        if hand is not None:
            my_cards = cards.render_hand(tr, hand, usable, acting == me, view.get("drawn"))
        else:
            my_cards = cards.render_backs(tr, view["hand_counts"][me])
        opp = _player(ctx, view, other, cards.render_backs(tr, view["hand_counts"][other]), False)
        mine = _player(ctx, view, me, my_cards, True)
        # the table: decree and deck, the trick (or the last one, until the next card)
        trump = tr("renard.suit." + view["trump"])
        fired = cards.ability_events(view)      # a Fox or a Woodcutter in the trick on the table
        swapped = any(e["event"] == "swap" for e in fired)
        decree = (f'<div class="decree{" changed" if swapped else ""}" id="decree">'
                  + _table_card(tr, view["decree"], tr("renard.decree"), "decree-card")
                  + f'<p class="trump" data-trump="{view["trump"]}">{esc(tr("renard.trump", suit=trump))}</p>'
                  f'<p class="deck" id="deck">{esc(tr("renard.deck", n=view["deck_count"]))}</p></div>')
        trick = view["trick"]["cards"]
        last = view["last_trick"]
        if trick:      # the card just played is marked "last"
            shown = "".join(_table_card(tr, c, names[s], ("played last" if i == len(trick) - 1 else "played")
                                        + (" mine" if s == me else ""))
                            for i, (s, c) in enumerate(trick))
            cls = "trick"
        elif last and (view["over"] or (ctx.settle or ctx.replay or ctx.playback == "on")
                       and last["round"] == view["round"]):
            # a finished trick stays while the shell holds it (a tap lets it go), then goes
            # to its winner's side (ctx.settle "moving": its cards are gone, their numbers go
            # to their players' names, as after a reload); at the end, and in a replay's or
            # Show again's step after it, it stays
            n = len(last["cards"]) - 1
            going = ctx.settle == "moving"
            shown = "".join(_table_card(tr, c, names[s], ("played won" if s == last["winner"] else "played")
                                        + (" last" if i == n else "") + (" mine" if s == me else ""), not going)
                            for i, (s, c) in enumerate(last["cards"]))
            cls = "trick last" + {"held": " held", "moving": " gather"}.get(ctx.settle or "", "")
        else:
            shown, cls = "", "trick empty"
        finished = cls.startswith("trick last")
        number = last["number"] if finished else view["trick_number"]     # a finished trick's own
        held = ctx.settle == "held" and finished
        trick_html = (f'<div class="{cls}" id="trick" data-n="{len(trick)}"'
                      + (f' data-to="{"me" if last["winner"] == me else "opp"}"' if finished else "")
                      + (f' data-act="release" title="{esc(tr("play.release"))}"' if held else "")
                      + f'><p class="trick-no">'
                      f'{esc(tr("renard.trick_no", n=number, round=view["round"]))}</p>'
                      f'<div class="trick-cards">{shown}</div></div>')
        if last and last["round"] == view["round"] and not view["over"] and not finished:
            # the trick before, one tap away: a trick never vanishes before it can be read
            played = "".join(f'<li{" class=won" if s == last["winner"] else ""}>{esc(names[s])}: '
                             f'{esc(cards.card_label(tr, c))}</li>' for s, c in last["cards"])
            trick_html += (f'<details class="last-trick" id="last-trick"><summary>'
                           f'{esc(tr("renard.last_trick_title"))}</summary>'
                           f'<p>{esc(cards.trick_line(tr, last, names))}</p>'
                           f'<ul class="last-cards">{played}</ul></details>')
        # status and controls
        lines, controls = [], []
        for e in fired:
            lines.append(("ability", cards.ability_text(tr, e, names, view.get("seat"))))
        shown_cards = trick or (last["cards"] if last and cls == "trick last" else [])
        if shown_cards and cards.split(shown_cards[0][1])[0] == 11:
            lines.append(("ability", tr("renard.monarch_led", name=names[shown_cards[0][0]],
                                        suit=tr("renard.suit." + cards.split(shown_cards[0][1])[1]))))
        if last and (not trick or view["over"]):
            lines.append(("last", cards.trick_line(tr, last, names)))
        if view["over"]:
            lines.append(("main", cards.result_line(tr, view, names)))
            controls.append(widgets.show_end(ctx))
        elif widgets.waiting(ctx, view, lines, controls):
            pass
        elif mode == "fox":
            lines.append(("main", tr("renard.fox_help", name=names[acting])))
            controls.append(button(esc(tr("renard.keep")), "keep", "primary", id="keep"))
        elif mode == "woodcutter":
            drawn = view.get("drawn")
            lines.append(("main", tr("renard.wood_help", name=names[acting],
                                     card=cards.card_label(tr, drawn) if drawn else "")))
        elif trick and cards.split(trick[0][1])[0] == 11 and view["trick"]["led"] in {cards.split(c)[1] for c in hand}:
            lines.append(("main", tr("renard.monarch_help", name=names[acting],
                                     suit=tr("renard.suit." + view["trick"]["led"]))))
        elif trick:
            lines.append(("main", tr("renard.follow_help", name=names[acting],
                                     suit=tr("renard.suit." + view["trick"]["led"]))))
        else:
            lines.append(("main", tr("renard.lead_help", name=names[acting])))
        if view["over"]:
            dialog = widgets.end_dialog(ctx, widgets.winners_title(tr, view, names), _end_body(tr, view, names),
                                      look="end.look_table")
        elif ctx.show_round and view["last_round"]:
            r = view["last_round"]
            dialog = widgets.round_dialog(
                ctx, r["round"], tr("renard.round_over", n=r["round"]),
                _round_table(tr, r, names, view["totals"])
                + f'<p class="end-reason">{esc(tr("renard.target_line", target=view["target"]))}</p>',
                label=tr("round.next"))
        else:
            dialog = ""
        # the hand right under the table, then the status bar: nothing it says moves them
        body = (f'{opp}<section class="rtable">{decree}{trick_html}</section>{mine}'
                f'{widgets.status(ctx, lines)}{widgets.controls([] if ctx.replay else controls)}'
                f'{widgets.tools(ctx, self.game_id)}{widgets.log(ctx)}{dialog}')
        return widgets.main(ctx, view, "play-renard", body, seat=me, mode=mode)


def _player(ctx, view, seat, body, me) -> str:
    tr, name = ctx.tr, ctx.names[seat]
    to_move = seat in view["to_move"]
    winner = view["over"] and seat in view["winners"]
    kind = widgets.seat_kind(tr, ctx.seats[seat], ctx.level_names)
    state = widgets.turn_tag(tr, seat, ctx.thinking, to_move, winner)
    tricks = view["tricks"][seat]
    total = view["totals"][seat]
    points, band = rdb.band(tricks)      # where this round's tricks put the player now
    return (
        f'<section class="rplayer{" me" if me else " opp"}{" to-move" if to_move else ""}{" winner" if winner else ""}"'
        f' data-seat="{seat}" aria-label="{esc(name)}">'
        f'<div class="player-head"><div class="pname"><strong id="rp-{seat}">{esc(name)}</strong><small>{esc(kind)}</small></div>{state}'
        f'<div class="rcount"><span class="tricks" data-tricks="{tricks}">{esc(tr("renard.tricks", n=tricks))}</span>'
        f'<span class="band band-{band}" data-band="{band}">{esc(tr("renard.band_now", band=tr("renard.band." + band), n=points))}</span>'
        f'<span class="total" data-total="{total}">{esc(tr("renard.total", n=total, target=view["target"]))}</span></div></div>'
        f'{body}</section>'
    )


def _table_card(tr, card: str, caption: str, cls: str = "", named: bool = True) -> str:
    """A card on the table; ``named``: with its id, which the marks and a flash light (a
    card leaving the table has none)."""
    ident = f' id="tc-{card.lower()}"' if named else ""
    return (f'<figure class="tcard {cls}"{ident} data-card="{card}"><div class="tcard-face" role="img" '
            f'aria-label="{esc(cards.card_label(tr, card))}">{cards.card_svg(card, tr)}</div>'
            f'<figcaption>{esc(caption)}</figcaption></figure>')


def _round_table(tr, r: dict, names: list, totals=None) -> str:
    """A round's tricks, band, treasure and points per player (and the totals), then each
    player's band in words."""
    rows = [
        (tr("renard.row.tricks"), [str(t) for t in r["tricks"]]),
        (tr("renard.row.band"), [f'{tr("renard.band." + b)} ({p})' for b, p in zip(r["band"], r["band_points"])]),
        (tr("renard.row.treasure"), [str(t) for t in r["treasure"]]),
        (tr("renard.row.points"), [str(p) for p in r["points"]]),
    ]
    if totals is not None:
        rows.append((tr("renard.row.total"), [str(t) for t in totals]))
    bands = "".join(
        f'<li class="band band-{b}">{esc(tr("renard.band_of", name=names[i], band=tr("renard.band." + b), n=r["tricks"][i]))}</li>'
        for i, b in enumerate(r["band"]))
    return (widgets.score_table(names, [("", esc(label), [("", esc(c)) for c in cells]) for label, cells in rows],
                              cls="round-table")
            + f'<ul class="bands">{bands}</ul>')


def _end_body(tr, view, names) -> str:
    """Why the game ended, the points of every round, the totals, and the last round's detail."""
    rows = [("", esc(tr("renard.round_n", n=r["round"])), [("", str(p)) for p in r["points"]]) for r in view["rounds"]]
    rows.append((' class="count-row"', esc(tr("renard.row.total")),
                 [(f' class="total" data-score="{t}"', str(t)) for t in view["totals"]]))
    last = view["last_round"]
    return (
        f'<p class="end-reason">{esc(tr("renard.end_reason", target=view["target"]))}</p>'
        + widgets.score_table(names, rows)
        + (f'<details><summary>{esc(tr("renard.last_round"))}</summary>{_round_table(tr, last, names)}</details>'
           if last else "")
    )

