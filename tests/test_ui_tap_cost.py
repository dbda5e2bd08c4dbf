"""A tap costs the same at move 5 and at move 300: each view is built once per position, and
nothing on the tap's path replays the game (undo's permission included: ui/store/session.py)."""

from __future__ import annotations

import copy
import json
import random

import pytest

import game
from game import core
from ui.store import saves, session

from invariants import views as all_views
from helpers.app import BOT, HUMAN, opened
from helpers.games import game_at, long_choice

class _Count:
    """Counts, while on, the views of a game's states (by state, ply and seat, each with a
    copy to tell a change), the actions played on them and the engine's replays."""

    def __init__(self, monkeypatch, cls):
        self.on, self.views, self.applies, self.replays = False, {}, 0, 0
        view, apply, replay = cls.view, cls.apply, core.replay

        def counted_view(st, seat=None):
            v = view(st, seat)
            if self.on:
                self.views.setdefault((id(st), len(st.actions), seat), []).append((v, copy.deepcopy(v)))
            return v

        def counted_apply(st, seat, action):
            self.applies += self.on
            return apply(st, seat, action)

        def counted_replay(record):
            self.replays += self.on
            return replay(record)

        monkeypatch.setattr(cls, "view", counted_view)
        monkeypatch.setattr(cls, "apply", counted_apply)
        monkeypatch.setattr(core, "replay", counted_replay)
        monkeypatch.setattr(game, "replay", counted_replay)


@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_a_tap_builds_each_view_once_and_nobody_changes_it(gid, monkeypatch):
    """A person's action, its redraw, its words in the live region, then the bots' answers
    with theirs: the session's state is asked each seat's view once per position, and every
    view handed out is left as it was built (views are read-only)."""
    st = game_at(gid, 30)
    app, page = opened(st, [HUMAN] + [BOT] * (st.players - 1))
    ses = app.play.session
    count = _Count(monkeypatch, type(st))
    count.on = True
    app.play.move(0, ses.legal(0)[0])           # what a tap that plays does
    page.run()                              # the bots' answers, each drawn
    count.on = False
    assert len(ses.state.actions) > len(st.actions)
    own = {k: v for k, v in count.views.items() if k[0] == id(ses.state)}
    assert own, "the session's views were not counted"
    for (_, ply, seat), built in own.items():
        assert len(built) == 1, (gid, ply, seat, len(built))
    for built in count.views.values():
        for v, then in built:
            assert v == then, "a view handed out was changed"


@pytest.mark.parametrize("gid", ["fowl_play", "onexeno"])
def test_a_tap_at_move_300_replays_nothing(gid, monkeypatch):
    """The tap that plays, with its redraw and whether Undo may follow: no replay of the game,
    and as few engine actions at move 300 as at move 5 (the session's marks: at most
    MARK_EVERY actions played again to see an earlier position)."""
    count = _Count(monkeypatch, game.GAMES[gid].state_class)
    applies = {}
    for ply in (5, 300):
        st = game_at(gid, ply)
        app, page = opened(st, [HUMAN] + [BOT] * (st.players - 1))
        ses = app.play.session
        count.on, count.applies, count.replays = True, 0, 0
        app.play.move(0, ses.legal(0)[0])       # the bots' answers are left in page.tasks
        count.on = False
        assert len(ses.state.actions) == len(st.actions) + 1
        assert count.replays == 0, (gid, ply)
        applies[ply] = count.applies
        assert 1 <= applies[ply] <= 2 * session.MARK_EVERY + 4, (gid, ply, applies[ply])
    assert applies[300] <= applies[5] + session.MARK_EVERY, applies


@pytest.mark.parametrize("gid", sorted(game.GAMES))
def test_the_marks_give_the_positions_a_replay_gives(gid):
    """What undo and its guards start from (``Session._at``, a mark and a few actions) is the
    game a replay of the record gives: the same views for every seat, and the same game on,
    the hidden deck included (the rest of the game played on both shows it)."""
    st = game_at(gid, 40)
    seats = [HUMAN] * st.players
    ses = session.Session(saves.make("m", st.record(), seats, 0), game.replay(st.record()))
    rng = random.Random(1)
    undos = 0
    for _ in range(40):                     # on through the session, with undos on the way
        if ses.state.over:
            break
        if rng.random() < .3 and ses.undo(0):
            undos += 1
            continue
        seat = ses.state.to_move[0]
        ses.apply(seat, long_choice(ses.state, seat, rng), 0)
    record = ses.state.record()
    actions = record["actions"]
    for ply in sorted({0, 1, session.MARK_EVERY, len(actions) - 1, len(actions)} | set(rng.sample(
            range(len(actions)), 5))):
        mine, theirs = ses._at(ply), game.replay(dict(record, actions=actions[:ply]))
        for seat, action in actions[ply:]:
            assert json.dumps(all_views(mine), sort_keys=True) == json.dumps(all_views(theirs), sort_keys=True)
            mine.apply(seat, action)
            theirs.apply(seat, action)
        assert mine.record() == theirs.record() == record
    assert json.dumps(all_views(ses.state), sort_keys=True) == json.dumps(all_views(game.replay(record)),
                                                                        sort_keys=True)
    assert undos or gid == "fowl_play"      # the guards may refuse most: still a real walk


def test_a_redraw_of_the_same_turn_reads_the_legal_actions_once(monkeypatch):
    """A full Onexeno table has hundreds of legal placements: a tap that only selects draws
    the table again, and reads none of them again (``cards.fits`` keeps the last list's)."""
    from game import onexeno

    st = game_at("onexeno", 300)
    app, page = opened(st, [HUMAN] + [BOT] * (st.players - 1))
    assert len(app.play.session.legal(0)) > 100
    parsed, parse = [0], onexeno.parse

    def counted(text, *a, **k):
        parsed[0] += 1
        return parse(text, *a, **k)

    monkeypatch.setattr(onexeno, "parse", counted)
    app.render()
    app.render()
    assert parsed[0] < 20, parsed[0]
