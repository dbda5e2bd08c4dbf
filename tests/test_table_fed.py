"""The play table draws what it is handed: no Session behind it (ui/table/tabletop.py).

What a seat played from another device needs: a view, the legal actions, the log and whose
turn, from wherever they come.  Here they come straight from the engine, by hand.
"""


import re

import game
import ui.games  # each game's screen registers itself
from ui.kit import i18n
from ui.table.tabletop import Frame, Tabletop

SEATS = ({"kind": "human", "name": "Ann", "level": None}, {"kind": "remote", "name": "Bob", "level": None})


class Host:
    """The little a table asks of its host (ui/host.py): words, a clock, a redraw."""

    lang = "en"
    screen = "play"

    def __init__(self):
        self.renders = 0
        self.said = []
        self.tasks = []

    def tr(self, key, /, **params):
        return i18n.tr(self.lang, key, **params)

    def now(self):
        return 100.0

    def page_now(self):
        return 100.0

    def level_names(self):
        return {}

    def changed(self):          # a redraw asked for: the app draws once the tap is handled
        self.renders += 1

    def announce(self, text):
        self.said.append(text)

    def spawn(self, coro):
        self.tasks.append(coro)
        coro.close()


def fed(game_id, seed=1):
    """A table and the frame of a new game's first position, as another device would send
    it: the view and the legal actions of the seat to move, straight from the engine."""
    state = game.new_game(game_id, players=2, seed=seed)
    seat = state.to_move[0]
    table = Tabletop(Host(), tap_quiet=0.25)
    table.reset(game_id)
    return table, frame_of(game_id, state, seat), state


def frame_of(game_id, state, seat):
    acting = seat if seat in state.to_move else None
    return Frame(game_id, at=("from afar", len(state.actions)), view=state.view(seat), names=("Ann", "Bob"),
                 seats=SEATS, humans=(seat,), acting=acting,
                 legal=tuple(state.legal_actions(seat)) if acting is not None else (),
                 log=((1 - seat, "Bob sat down"),))


def test_a_fendo_table_fed_by_hand_draws_takes_taps_and_hands_back_the_move():
    table, frame, state = fed("fendo")
    html = table.draw(frame)
    assert 'id="board"' in html and "Bob sat down" in html and 'data-cell="d1"' in html
    assert table.tap("cell", {"cell": "d1"}, frame) is None      # a pawn picked: drawn again
    assert table.sel.active and table.host.renders == 1
    assert table.tap("cell", {"cell": "d4"}, frame) is None
    action = table.tap("wall", {"side": "N"}, frame)
    assert action == "d1-d4N" and action in frame.legal
    assert state.actions == []              # the table never plays it: whoever holds the game does
    state.apply(0, action)
    table.cleared()
    white = re.compile(r'<g class="pawn pawn-white[^"]*"><circle cx="(\d+)" cy="(\d+)"')
    (x1, y1), = white.findall(html)
    (x2, y2), = white.findall(table.draw(frame_of("fendo", state, 1)))   # the next frame: d4
    assert not table.sel.active and x2 == x1 and int(y1) - int(y2) == 300   # three rows up


def test_a_renard_table_fed_by_hand_plays_a_card_and_waits_for_the_other_device():
    table, frame, state = fed("renard_des_bois", seed=3)
    seat = frame.acting
    html = table.draw(frame)
    assert all(f'data-card="{c}"' in html for c in frame.view["hand"])
    assert f'class="hcard legal" id="card-{frame.legal[0]}" data-act="card"' in html
    action = table.tap("card", {"card": frame.legal[0]}, frame)
    assert action == frame.legal[0]
    state.apply(seat, action)
    # the other seat's turn (at the other device): drawn, the hand not playable, a tap plays nothing
    waiting = frame_of("renard_des_bois", state, seat)
    html = table.draw(waiting)
    card = state.view(seat)["hand"][0]
    assert waiting.acting is None and f'{waiting.names[1 - seat]} to play.' in html
    assert '<span class="hcard" role="img" aria-label="' in html and 'data-act="card"' not in html
    assert table.tap("card", {"card": card}, waiting) is None


def test_a_fed_table_drops_a_tap_aimed_at_the_table_before_its_last_redraw():
    table, frame, state = fed("renard_des_bois", seed=3)
    table.draw(frame)
    table.shown(frame)                       # on the page at 100.0, the host's page clock
    assert table.tap("card", {"card": frame.legal[0]}, frame, at=99.9) is None
    assert table.tap("card", {"card": frame.legal[0]}, frame, at=100.1) == frame.legal[0]
    assert table.tap("card", {"card": frame.legal[1]}, frame, at=100.2) is None   # a double tap
