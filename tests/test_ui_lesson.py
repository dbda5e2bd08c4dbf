"""Learn by playing (issue 56): every game's lesson run by the shell (ui/parts/lesson.py) at the
game's real table, through the app's entry points alone: the taps on the page (found from what
the table draws, the lit places first), Next, Skip, a reload, home, the hand-over."""

from __future__ import annotations

import html
import json
import re

import pytest
from helpers.app import make_app

import game
from ui.kit import registry
from ui.store import saves
from ui.store.saves import MemoryStore

from helpers.lessons import GAMES, bar, kept, lit_ids, tap_action

# what each lesson took, counted by test_a_lesson_is_played_to_its_end_by_taps: steps, steps asking, taps
COUNTED: dict = {}


@pytest.mark.parametrize("gid", GAMES)
def test_a_lesson_is_played_to_its_end_by_taps(gid):
    """Each step shows its words in a live region, its count, the rulebook's words when it
    has them; a step that asks lights what to tap, described by its words, and waits; the
    asked action tapped, its words and the scripted answers follow (each said, marked on the
    table), then Next; the last step offers a real game."""
    app, page = make_app()
    page.go(f"#lesson/{gid}")
    lesson = registry.screen(gid).lesson()
    n, asked, taps = len(lesson.steps), 0, 0
    assert app.screen == "lesson" and 'id="main"' in page.html
    for i, step in enumerate(lesson.steps):
        b = bar(page)
        assert b["step"] == str(i + 1) and b["steps"] == str(n), (gid, i, b)
        assert f"Step {i + 1} of {n}" in page.html
        words = re.search(r'<div class="lesson-words" id="lesson-words" aria-live="polite"><p class="lesson-say" '
                          r'id="lesson-say">([^<]*)</p>', page.html)
        assert words and html.unescape(words.group(1)) == step.say["en"], (gid, i)
        assert (step.quote is not None) == ('id="lesson-quote"' in page.html)
        if step.quote:
            assert step.quote["en"] in html.unescape(page.html)
        assert 'id="lesson-leave"' in page.html and ('id="lesson-skip"' in page.html) == (i < n - 1)
        assert 'id="undo"' not in page.html and 'id="hint"' not in page.html and 'id="end-dialog"' not in page.html
        if step.asks:
            asked += 1
            assert b["phase"] == "ask"
            assert 'id="lesson-next" aria-disabled="true"' in page.html or i == n - 1
            lit = lit_ids(page)
            assert lit, (gid, i, "nothing lit")
            assert all(re.search(rf'id="{re.escape(ident)}" aria-describedby="lesson-say"', page.html) for ident in lit)
            assert not re.search(r"<[^>]*aria-describedby=[^>]*aria-describedby=", page.html), "described twice"
            said = len(page.said)
            ply = len(app.lesson.line)
            taps += tap_action(app, page, step.do[0])
            assert len(app.lesson.line) == ply + 1 and app.lesson.line[-1] == (lesson.seat, step.do[0])
            assert step.done["en"] in html.unescape(page.html), (gid, i)
            page.run()                              # the scripted answers, at a bot's pace
            assert app.lesson.line[-len(step.answers) - 1:] == [(lesson.seat, step.do[0]), *step.answers]
            assert len(page.said) == said + 1 + len(step.answers), "each action said in the live region"
            if step.answers and any(app.lesson.current().places[-len(step.answers):]):   # a secret choice has no place
                assert "data-mark=" in page.html, (gid, i, "the answers are not marked")
        assert bar(page)["phase"] == "read" and not lit_ids(page)
        if i < n - 1:
            app.on_click("lesson-next", {})
    assert 'id="lesson-play"' in page.html and bar(page).get("done") == "1"
    COUNTED[gid] = (n, asked, taps)
    print(f"\n{gid}: {n} steps, {asked} asking, {taps} taps")


def test_a_wrong_but_legal_tap_is_taught_and_an_illegal_one_refused():
    app, page = make_app()
    page.go("#lesson/fendo")
    app.on_click("lesson-next", {})
    les = app.lesson
    step = les.step
    assert step.asks and les.phase == "ask"
    other = next(a for a in les.state.legal_actions(les.lesson.seat) if a not in step.do)
    before = (len(les.line), les.state.view(0))
    tap_action(app, page, other)
    assert (len(les.line), les.state.view(0)) == before and les.phase == "ask"
    note = re.search(r'<p class="lesson-note lesson-other" id="lesson-note" data-note="other">([^<]*)</p>', page.html)
    assert note and html.unescape(note.group(1)) == step.other["en"]
    assert 'id="lesson-words" aria-live="polite"' in page.html
    # a wall the table does not offer there: the table's own refusal, in the status line
    app.on_click("cell", {"cell": "d1"})
    app.on_click("cell", {"cell": "d1"})
    app.on_click("wall", {"side": "S"})
    assert len(les.line) == before[0] and "st-error" in page.html
    # an action the engine refuses, as a screen may hand one back: the engine's own reason
    les.table.cleared()
    les.move("d1-d1X")
    assert len(les.line) == before[0] and les.table.msg is not None and les.table.msg.error is not None
    assert les.table.msg.text("en") in html.unescape(page.html)
    tap_action(app, page, step.do[0])             # the step asked for, after all that
    assert les.line[-1] == (0, step.do[0]) and 'data-note="done"' in page.html


def test_skip_goes_to_the_next_step_playing_the_lesson_s_line():
    app, page = make_app()
    page.go("#lesson/fendo")
    lesson = app.lesson.lesson
    app.on_click("lesson-skip", {})
    app.on_click("lesson-skip", {})               # step 2 asked for a move: skipped, its line played
    assert bar(page)["step"] == "3"
    states = {i: st.view(0) for i, _, st in lesson.states()}
    assert app.lesson.state.view(0) == states[2]
    app.on_click("lesson-next", {})               # Next waits for the step's action
    assert bar(page)["step"] == "3" and "First do what this step asks" in page.html
    app.on_click("lesson-skip", {})
    app.on_click("lesson-skip", {})
    assert bar(page)["step"] == "5"
    assert app.lesson.state.view(0) == states[4]


def test_a_reload_resumes_at_the_same_step_with_the_learner_s_own_choices():
    store = MemoryStore()
    app, page = make_app(store)
    page.go("#lesson/fendo")
    app.on_click("lesson-next", {})
    step = app.lesson.step
    mine = step.do[3]                              # another straight move than the lesson's first
    tap_action(app, page, mine)
    page.run()
    app.on_click("lesson-next", {})                # step 3 sets up its own position
    app.on_click("lesson-skip", {})
    assert bar(page)["step"] == "4"
    shown = app.lesson.state.view(0)
    assert kept(store, "fendo") == {"step": 3, "done": False, "took": {"1": mine}}
    app2, page2 = make_app(store, "#lesson/fendo")
    assert app2.screen == "lesson" and bar(page2)["step"] == "4" and app2.lesson.state.view(0) == shown
    # Back at step 2 by its kept index: the learner's own straight move rebuilt, not the lesson's first
    store.set(saves.LESSON_PREFIX + "fendo", json.dumps({"step": 2, "done": False, "took": {"1": mine}}))
    app3, page3 = make_app(store, "#lesson/fendo")
    assert bar(page3)["step"] == "3"


@pytest.mark.parametrize("text", ["not json", json.dumps([1]), json.dumps({"step": 999, "done": "yes", "took": {"1": 3}}),
                                  json.dumps({"step": 3, "took": {"1": "zz-not-an-action"}})])
def test_a_hostile_record_of_a_lesson_is_read_with_guards(text):
    store = MemoryStore()
    store.set(saves.LESSON_PREFIX + "fendo", text)
    app, page = make_app(store, "#lesson/fendo")
    assert app.screen == "lesson" and 1 <= int(bar(page)["step"]) <= len(app.lesson.lesson.steps)
    page.go("#")
    assert 'id="lesson-fendo"' in page.html


def test_home_shows_which_lessons_are_done_and_the_rules_page_leads_to_them():
    store = MemoryStore()
    app, page = make_app(store)
    assert all(f'href="#lesson/{g}" id="lesson-{g}">Learn by playing</a>' in page.html for g in GAMES)
    page.go("#lesson/fendo")
    n = len(app.lesson.lesson.steps)
    for _ in range(n - 1):
        app.on_click("lesson-skip", {})
    assert kept(store, "fendo")["done"] is True
    page.go("#")
    assert re.search(r'id="lesson-fendo" data-done>Learn by playing <span class="lesson-mark">✓ done</span>', page.html)
    assert 'id="lesson-fennecs">Learn by playing</a>' in page.html
    app2, page2 = make_app(store, "", lang="fr")         # a reload, in French
    assert re.search(r'id="lesson-fendo" data-done>Apprendre en jouant <span class="lesson-mark">✓ faite</span>', page2.html)
    page2.go("#rules/fennecs")
    assert 'href="#lesson/fennecs"' in page2.html


def test_the_new_game_form_offers_the_lesson_the_first_time_only():
    store = MemoryStore()
    app, page = make_app(store)
    page.go("#new/onexeno")
    assert 'id="lesson-offer"' in page.html and 'href="#lesson/onexeno" id="lesson-offer-take"' in page.html
    app.on_form("players", "3")
    assert 'id="lesson-offer"' in page.html          # while the form is open
    page.go("#")
    page.go("#new/onexeno")
    assert 'id="lesson-offer"' not in page.html
    app2, page2 = make_app(store, "#new/onexeno")
    assert 'id="lesson-offer"' not in page2.html
    page2.go("#new/fendo")
    assert 'id="lesson-offer"' in page2.html
    # a device where the game was played already from its form is offered nothing
    store3 = MemoryStore()
    store3.set(saves.SETUP_PREFIX + "fennecs", json.dumps({"seats": [], "options": {}}))
    app3, page3 = make_app(store3, "#new/fennecs")
    assert 'id="lesson-offer"' not in page3.html


def at_the_hand_over(gid, store=None):
    """A lesson skipped to its last step, that step done: the hand-over on show."""
    app, page = make_app(store)
    page.go(f"#lesson/{gid}")
    for _ in range(len(app.lesson.lesson.steps) - 1):
        app.on_click("lesson-skip", {})
    if app.lesson.phase == "ask":
        tap_action(app, page, app.lesson.step.do[0])
        page.run()
    return app, page


@pytest.mark.parametrize("gid", GAMES)
def test_the_last_step_hands_over_a_real_game_against_the_novice_bot(gid):
    app, page = at_the_hand_over(gid)
    lesson = app.lesson.lesson
    assert "from the start" in page.html
    players = app.lesson.state.players
    app.on_click("lesson-play", {})
    ses = app.play.session
    assert app.screen == "play" and ses is not None and ses.game_id == gid
    assert [s["kind"] for s in ses.seats] == ["human" if s == lesson.seat else "bot" for s in range(players)]
    assert {s["level"] for s in ses.seats if s["kind"] == "bot"} == {"novice"}
    assert saves.load(app.store, ses.id)[1].info.id == gid and not ses.state.over
    page.run()
    assert ses.human_to_move() == lesson.seat or ses.state.over


@pytest.mark.parametrize("gid", GAMES)
def test_the_last_step_offers_to_play_on_from_the_lesson_s_own_position(gid):
    """Where the table holds a position of the lesson's own (not a fresh start), *Play on*
    starts a saved game from it: the same views for every seat, saved, and read back after
    a reload as the same game; it plays on against the novice bots."""
    store = MemoryStore()
    app, page = at_the_hand_over(gid, store)
    lesson = app.lesson.lesson
    state = app.lesson.state
    fresh = state.setup is None and not state.actions
    assert ('id="lesson-play-on"' in page.html) == (not fresh and not state.over), gid
    if fresh:               # the lesson ends on a new game's start: a fresh start is the same
        return
    assert "played on to its end" in page.html
    views = [state.view(s) for s in range(state.players)]
    app.on_click("lesson-play-on", {})
    ses = app.play.session
    assert app.screen == "play" and ses.game_id == gid
    rec = ses.state.record()
    assert rec["actions"][:len(state.actions)] == state.actions
    there = game.replay(dict(rec, actions=rec["actions"][:len(state.actions)]))    # before the bots' moves
    assert [there.view(s) for s in range(state.players)] == views
    print(f"\n{gid}: played on from a position of {len(state.actions)} actions after its setup")
    assert {s["level"] for s in ses.seats if s["kind"] == "bot"} == {"novice"}
    assert ses.state.record()["setup"] == state.record()["setup"]
    page.run()                                     # the bots play on, if it is theirs to move
    app2, page2 = make_app(store, f"#play/{ses.id}")
    again = app2.play.session
    assert again is not None and again.state.record() == ses.state.record()
    assert again.state.view(lesson.seat) == ses.state.view(lesson.seat)
    assert 'data-act="replay"' not in page2.html


def test_a_game_without_a_lesson_goes_to_its_form():
    import ui.parts.lesson  # noqa: F401
    app, page = make_app()
    screen = registry.screen("fendo")
    real = type(screen).lesson
    try:
        type(screen).lesson = lambda self: None
        page.go("#lesson/fendo")
        assert app.screen == "new" and "no lesson yet" in page.html
    finally:
        type(screen).lesson = real
    page.go("#lesson/nosuchgame")
    assert app.screen == "home"
    assert game.GAMES["fendo"]
