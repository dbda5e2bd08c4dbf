"""Every game's lesson (ui/kit/lesson.py), checked by the engine on CPython: every position is
legal, every action a step asks for is legal where it stands, and so is every scripted answer;
the learner is to move whenever a step asks; the words are there in both languages; a lesson
is short.  A rules change that breaks a lesson fails here, before a player meets it."""

import json

import pytest

import game
import ui.games
from ui.kit import i18n, registry
from ui.kit.lesson import Lesson, Step

MAX_STEPS = 20




def _lessons():
    return {gid: lesson for gid in game.GAMES if gid in registry.SCREENS
            and (lesson := registry.SCREENS[gid].lesson()) is not None}


def test_every_playable_game_has_its_lesson():
    """A game added later brings its lesson too (the tests' sixth game is registered only
    where a test asks for it)."""
    playable = {gid for gid in game.GAMES if gid in registry.SCREENS}
    assert ui.games and len(playable) >= 5 and set(_lessons()) == playable, sorted(playable - set(_lessons()))
    assert all(isinstance(lesson, Lesson) for lesson in _lessons().values()), _lessons()


@pytest.mark.parametrize("gid", sorted(_lessons()))
def test_a_lesson_plays_through_by_the_rules(gid):
    lesson = _lessons()[gid]
    assert lesson.game_id == gid and 2 <= len(lesson.steps) <= MAX_STEPS
    asked = 0
    for i, step, state in lesson.states():
        assert state.info.id == gid and not state.over, (gid, i)
        for words in (step.say, step.done, step.other, step.quote):
            if words is not None:
                assert set(words) == set(i18n.LANGS) and all(w.strip() for w in words.values()), (gid, i, words)
        if step.asks:
            asked += 1
            assert step.done is not None, (gid, i, "a step that asks says what it did")
            assert lesson.seat in state.to_move, (gid, i)
    assert asked >= len(lesson.steps) // 2, "the player plays the steps: most of them ask for an action"
    assert set(lesson.title) == set(i18n.LANGS)


@pytest.mark.parametrize("gid", sorted(_lessons()))
def test_every_position_of_a_lesson_replays_from_its_record(gid):
    """A lesson's position is played on as a game of its own (the hand-over's *Play on*): its
    record, a position's setup and the actions since, replays to the same state for every
    seat, through JSON as a save keeps it."""
    lesson = _lessons()[gid]
    for i, _step, state in lesson.states():
        record = json.loads(json.dumps(state.record()))
        again = game.replay(record)
        assert again.record() == state.record(), (gid, i)
        assert [again.view(s) for s in range(state.players)] == [state.view(s) for s in range(state.players)], (gid, i)
        assert again.legal_actions(lesson.seat) == state.legal_actions(lesson.seat), (gid, i)


def test_an_asked_action_the_rules_refuse_fails_the_check():
    from game import fendo
    lesson = Lesson("fendo", 0, (Step({"en": "x", "fr": "x"}, do=("c1-c1N", "c1-c2S"),
                                      setup=lambda: fendo.position({"c1": 0, "c5": 1})),))
    with pytest.raises(ValueError, match="step 1: seat 0 cannot play 'c1-c1N'"):
        list(lesson.states())
