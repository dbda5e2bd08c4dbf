"""The screen of the tests' tic-tac-toe (``tests/tictactoe.py``): a sixth game on the host.

It is built as docs/ARCHITECTURE.md's "How a new game plugs in" says, and plugs in with one
line, ``registry.register(TicTacToeScreen())``: the shell (``ui/app.py``, ``ui/parts/pages.py``) is not
touched.  ``tests/test_plug_in.py`` plays it to the end through the app.
"""

from __future__ import annotations

from ui.kit import widgets
from ui.kit.html import button, esc
from ui.kit.i18n import t
from ui.kit.screen import GameScreen, Reply

MARKS = ("×", "○")


class TicTacToeScreen(GameScreen):
    game_id = "tictactoe"
    texts = {
        "tictactoe.seat0": t("Crosses", "Croix"),
        "tictactoe.seat1": t("Noughts", "Ronds"),
        "game.tictactoe.players": t("2 players", "2 joueurs"),
        "game.tictactoe.tagline": t("Three in a row.", "Trois en ligne."),
        "tictactoe.turn": t("{name}: tap an empty square.", "{name} : touchez une case vide."),
        "tictactoe.square": t("Square {n}", "Case {n}"),
        "say.tictactoe.mark": t("{name} marks square {n}.", "{name} marque la case {n}."),
    }
    rules = {"en": "<h1>Tic-tac-toe</h1><p>Take turns marking a square: three in a row wins.</p>",
             "fr": "<h1>Morpion</h1><p>Chacun marque une case à son tour : trois en ligne gagnent.</p>"}
    icon = '<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#ccc"/></svg>'

    def tap(self, act, data, sel, turn):
        if act != "square" or turn is None:
            return None
        return Reply(action=data.get("n", ""))

    def announce(self, tr, before, after, names, seat, action):
        return tr("say.tictactoe.mark", name=names[seat], n=action)

    def render(self, view, sel, ctx):
        tr = ctx.tr
        squares = "".join(
            button(esc(MARKS[m]) if m is not None else "", "square" if ctx.acting is not None and m is None else None,
                   "square", data_n=i, id=f"square-{i}", aria_label=tr("tictactoe.square", n=i))
            for i, m in enumerate(view["board"]))
        lines, controls = [], []
        if view["over"]:
            controls.append(widgets.show_end(ctx))
        elif not widgets.waiting(ctx, view, lines, controls):
            lines.append(("main", tr("tictactoe.turn", name=ctx.names[ctx.acting])))
        end = ""
        if view["over"]:
            end = widgets.end_dialog(ctx, widgets.winners_title(tr, view, ctx.names), "")
        body = (f'<div class="grid" id="board">{squares}</div>{widgets.status(ctx, lines)}'
                f'{widgets.controls(controls)}{widgets.tools(ctx, self.game_id)}{end}')
        return widgets.main(ctx, view, "play-tictactoe", body)
