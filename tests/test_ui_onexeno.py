"""Onexeno in the app's controller, on CPython, with the fake page of tests/helpers/app.py."""

from __future__ import annotations

import html
import random
import re

import pytest

import game
from game import onexeno
from ui.kit import i18n
from ui.store import saves
from ui.games.onexeno import cards as ox_ui
from ui.store.saves import MemoryStore

from helpers.app import guarded, make_app, start
from helpers.drawn import click, found, hand_cards, status_text

GID = "onexeno"
RAW_KEY = re.compile(r"\b(?:onexeno|undo|err|msg|say)\.[a-z_]+\.?[a-z_0-9]*\b")


def visible(h: str) -> str:
    """The page's text and attribute values a person or a screen reader meets (no classes,
    ids or data attributes)."""
    return html.unescape(re.sub(r'(class|href|id|style|data-[a-z-]+)="[^"]*"', "", h))


def check_table(page, view, tr, names):
    """Always on screen: each player's hand size, points taken and pass state (and team);
    the deck's size; the cards of the table in their turn, the last one marked; the box."""
    h = page.html
    assert f'id="deck" data-deck="{view["deck"]}"' in h
    for seat in range(len(names)):
        m = re.search(r'<li class="oplayer([^"]*)" data-seat="%d" data-hand="(\d+)" data-points="(\d+)" '
                      r'data-passed="([01])"( data-team="([ABC])")?>(.*?)</li>' % seat, h)
        assert m, seat
        assert int(m.group(2)) == view["hand_counts"][seat]
        assert int(m.group(3)) == view["points"][seat]
        assert m.group(4) == ("1" if view["passed"][seat] else "0")
        assert (" out" in m.group(1)) == (view["passed"][seat] and not view["over"])
        if view["teams"]:
            assert m.group(6) == "ABC"[view["team_of"][seat]]
        shown = html.unescape(m.group(7))
        assert names[seat] in shown and tr("onexeno.points", n=view["points"][seat]) in shown
    laid = dict(re.findall(r'data-cell="([a-i][1-9])" data-card="(\w\w)" data-turn="(\d+)"', h) and
                [(c, (k, int(t))) for c, k, t in
                 re.findall(r'data-cell="([a-i][1-9])" data-card="(\w\w)" data-turn="(\d+)"', h)])
    assert laid == {c: (v["card"], v["turn"]) for c, v in view["table"].items()}
    last = view["last"] or {}
    if last.get("type") == "place" and not ox_ui.fresh_take(view) and last["cell"] in view["table"]:
        assert re.search(r'class="ocell card last"[^>]*data-cell="%s"' % last["cell"], h)
    box = view["box"]
    assert f'data-box="{"".join(box["fixed_columns"] or "")}:' in h
    assert ('class="obox' in h) == bool(box["fixed_columns"] or box["fixed_rows"])
    assert not RAW_KEY.search(visible(h)), RAW_KEY.search(visible(h))


def no_other_hand(page, ses, seat):
    """No card of another hand, nor of the deck, is named in the page (cards on the table,
    taken or in a finished round's results are public)."""
    st = ses.state
    if st.over:
        return
    public = set()
    v = st.view(seat)
    public |= {x["card"] for x in v["table"].values()}
    public |= {c for t in v["taken"] for c in t}
    for r in v["results"]:
        public |= {c for hnd in r["hands"] for c in hnd}
    if v["last_take"]:
        public |= set(v["last_take"]["cards"])
    # every card ever placed, and each round's first card: public
    public |= {onexeno.parse(a).card for _, a in st.actions if a != "pass"}
    rec = st.record()
    replayed = game.replay(dict(rec, actions=[]))
    for q, a in rec["actions"]:
        last = replayed.view(None)["last"]
        if last and last["type"] == "start":
            public.add(last["card"])
        replayed.apply(q, a)
    public.add(v["last"]["card"]) if v["last"] and v["last"].get("card") else None
    mine = set(v["hand"] or [])
    hidden = (set(st._deck) | {c for p, hnd in enumerate(st._hands) if p != seat for c in hnd}) - public - mine
    named = set(re.findall(r'data-card="(\w\w)"', page.html)) | set(
        re.findall(r"\b([0-8][a-t])\b", visible(re.sub(r"<svg.*?</svg>", "", page.html))))
    assert not (named & hidden), named & hidden


def human_turn(app, page, ses, seat, rng):
    """One decision of the person at ``seat``, by taps on what the screen offers: a card,
    a lit cell, perhaps a turn or two, Place; or Pass."""
    view = ses.state.view(seat)
    legal = ses.legal(seat)
    fit = ox_ui.fits(legal)
    assert hand_cards(page.html) == view["hand"]
    playable = found(page, r'class="hcard ocardh legal[^"]*" id="ocard-\d+" data-act="ocard" data-card="(\w\w)"')
    assert set(playable) == set(fit)
    final = view["end_phase"]
    assert bool(re.search(r'id="pass" data-final="1"', page.html)) == final
    if not playable or rng.random() < (.02 if not final else .05):
        assert click(app, page, r'id="pass"')
        return
    card = rng.choice(playable)
    assert click(app, page, 'data-card="%s"' % card)
    lit = found(page, r'class="ocell empty[^"]*lit[^"]*"[^>]*data-cell="([a-i][1-9])"')
    assert set(lit) == set(fit[card])
    cell = rng.choice(lit)
    assert click(app, page, 'id="cell-%s"' % cell)
    turns = fit[card][cell]
    assert re.search(r'class="ocell empty[^"]*preview[^"]*"[^>]*data-cell="%s"' % cell, page.html)
    assert ('id="turn"' in page.html) == (len(turns) > 1)
    for _ in range(rng.randrange(len(turns))):
        assert click(app, page, r'id="turn"')
    assert click(app, page, r'id="place"')


@pytest.mark.slow
@pytest.mark.parametrize("players,teams,rounds,lang", [(2, 0, 1, "en"), (4, 2, 2, "fr"), (7, 0, 1, "en")])
def test_a_person_plays_a_whole_game_against_novice_bots_by_taps(players, teams, rounds, lang):
    app, page = make_app(lang=lang)
    tr = app.tr
    human = players // 2
    kinds = ["bot"] * players
    kinds[human] = "human"
    ses = start(app, page, GID, kinds, teams=teams, rounds=rounds)
    assert ses.state.players == players and ses.state.options == {"teams": teams, "rounds": rounds}
    names = app.names(ses.game_id, ses.seats)
    rng = random.Random(players)
    rounds_seen, turns = 0, 0
    for _ in range(3000):
        page.run()
        if 'id="round-dialog"' in page.html:
            rnd = int(found(page, r'id="round-dialog" data-round="(\d+)"')[0])
            assert rnd == rounds_seen + 1 and tr("onexeno.round_over", n=rnd) in visible(page.html)
            res = ses.state.view(human)["results"][rnd - 1]
            gains = [int(g) for g in found(page, r'data-gain="(-?\d+)"')]
            assert gains == res["points"] == [t - left for t, left in zip(res["taken"], res["left"])]
            rounds_seen += 1
            last = "data-last=1" in page.html
            assert click(app, page, r'id="round-ok"')
            if last:
                break
            continue
        if ses.state.over:
            break
        view = ses.state.view(human)
        check_table(page, view, tr, names)
        no_other_hand(page, ses, human)
        seat = ses.human_to_move()
        assert seat == human
        before = ses.ply
        human_turn(app, page, ses, seat, rng)
        turns += 1
        assert ses.ply > before, status_text(page)
    st = ses.state
    view = st.view(human)
    assert st.over and turns > 0 and rounds_seen == rounds
    # the end screen: the score round by round (taken − left), then the totals
    assert 'id="end-dialog"' in page.html
    dialog = page.html[page.html.index('id="end-dialog"'):]
    rows = re.findall(r'<tr class="player-row" data-seat="(\d+)">(.*?)</tr>', dialog)
    assert [int(p) for p, _ in rows] == list(range(players))
    for p, row in rows:
        cells = re.findall(r'data-round="(\d+)" data-taken="(\d+)" data-left="(\d+)" data-gain="(-?\d+)"', row)
        assert [int(r) for r, _, _, _ in cells] == list(range(1, rounds + 1))
        for (_r, t, left, g), res in zip(cells, view["results"]):
            assert (int(t), int(left), int(g)) == (res["taken"][int(p)], res["left"][int(p)], res["points"][int(p)])
        assert names[int(p)] in html.unescape(row)
    own = [int(x) for x in re.findall(r'data-own="(-?\d+)"', dialog)]
    assert own == [sum(r["points"][p] for r in view["results"]) for p in range(players)]
    if teams:
        assert own != st.scores or teams == 0
        team = re.findall(r'<td data-team="([ABC])">', dialog)
        assert team == ["ABC"[p % teams] for p in range(players)]
        assert [sum(own[q] for q in range(players) if q % teams == p % teams) for p in range(players)] == st.scores
    else:
        assert own == st.scores
    title = html.unescape(found(page, r'<h2 id="end-title">(.*?)</h2>')[0])
    assert all(names[w] in title for w in st.winners)
    # the log: every action in words, the newest first (a long one's earlier entries asked for)
    if 'id="log-all"' in page.html:
        app.on_click("log-all", {})
    log = page.html[page.html.index('id="log"'):]
    entries = [html.unescape(x) for x in re.findall(r"<li data-seat=\"\d+\"[^>]*>(.*?)</li>", log)]
    assert len(entries) == len(st.actions)
    app.on_click("hide-end", {})
    assert 'id="end-dialog"' not in page.html and 'id="show-end"' in page.html


def test_the_form_offers_teams_and_rounds_with_good_labels_and_refuses_odd_teams():
    app, page = make_app()
    page.go("#new/" + GID)
    text = visible(page.html)
    for label in ("Teams", "Each for themselves", "2 teams of 2 (4 players)", "3 teams of 2 (6 players)",
                  "Rounds", "1 round", "2 rounds", "3 rounds"):
        assert label in text, label
    app.on_form("players", "5")
    app.on_form("opt-teams", "2")
    app.on_click("start", {})
    assert app.play.session is None
    assert "2 teams of two need 4 players" in visible(page.html)
    app.on_form("players", "4")
    app.on_click("start", {})
    assert app.play.session is not None and app.play.session.state.options["teams"] == 2


def _saved(players, table, hands, deck="", lang_seat=0, **kw):
    """A saved game set up with ``onexeno.position`` (the person at seat 0, bots after);
    the record holds the position's actions only through the test's own calls."""
    st = onexeno.position(players, table=table, hands=hands, deck=deck, **kw)
    return st


def _game_holding(pred, players=2):
    """A saved game whose first player (a human; the others novice bots) may make a move
    such that ``pred(state, seat)``; returns the store and the seat."""
    for seed in range(400):
        st = game.new_game(GID, players=players, seed=seed)
        p = st.to_move[0]
        if pred(st, p):
            store = MemoryStore()
            seats = [{"kind": "bot", "name": "", "level": "novice"} for _ in range(players)]
            seats[p] = {"kind": "human", "name": "Ada", "level": None}
            saves.write(store, saves.make("o1", st.record(), seats, 0))
            return store, p
    raise AssertionError("no such deal")


def _clash(st, p):
    """A hand card, and a cell next to the table where it fits in no rotation."""
    fit = ox_ui.fits(st.legal_actions(p))
    for card in st.view(p)["hand"]:
        for c in ("d5", "f5", "e4", "e6"):
            if c not in fit.get(card, {}) and c not in st.view(p)["table"]:
                return card, c
    return None


def test_a_refused_placement_shows_the_engine_reason_translated():
    for lang, words in (("en", ("does not match the card on e5", "their colours differ")),
                        ("fr", ("ne s'accorde pas avec la carte en e5", "leurs couleurs diffèrent"))):
        store, p = _game_holding(lambda st, p: _clash(st, p) is not None)
        app, page = make_app(store, "#play/o1", lang=lang)
        ses = app.play.session
        card, cell = _clash(ses.state, p)
        assert click(app, page, 'data-card="%s"' % card)
        app.on_click("ocell", {"cell": cell})
        assert ses.ply == 0
        text = visible(page.html)
        assert 'class="st st-error"' in page.html
        assert all(w in text for w in words), status_text(page)
        # the side named in words, in the language
        side = {"en": ("edge", "corner"), "fr": ("bord", "coin")}[lang]
        assert any(s in status_text(page) for s in side)
        # the card stays picked: a lit cell still works
        assert app.play.table.sel.card == card


def test_a_cell_outside_the_box_is_refused_with_the_box():
    # five cards on a row: the columns are fixed; a card beyond them would break the box
    st = onexeno.position(2, table={"c5": "8a", "d5": "7a", "e5": "7b", "f5": "6a", "g5": "5a"},
                           hands=["8a" if False else "0a 1a", "2a"], deck="3a 3b 3c")
    err = st.apply  # noqa: F841
    from ui.kit import registry
    from ui.kit.screen import Turn
    scr = registry.screen(GID)
    sel = scr.new_selection()
    seat = 0

    def try_action(a):
        try:
            st.clone().apply(seat, a)
        except game.IllegalAction as e:
            return e
        return None
    turn = Turn(seat, st.view(seat), st.legal_actions(seat), try_action)
    r = scr.tap("ocard", {"card": "0a"}, sel, turn)
    r = scr.tap("ocell", {"cell": "h6"}, r.sel, turn)
    assert r.message.error.code == "onexeno.box"
    assert "would spread the table over 6 columns" in r.message.text("en")
    assert "sur 6 colonnes" in r.message.text("fr")
    html_ = _draw(st.view(0))
    assert 'data-box="cg:"' in html_ and 'class="obox cols"' in html_


def _draw(view, acting=None, names=("Ana", "Ben"), **kw):
    from ui.kit import registry
    from ui.kit.screen import Context
    ctx = Context(tr=lambda k, **p: i18n.tr("en", k, **p), names=names,
                  seats=({"kind": "human"},) * len(names), acting=acting, save_id="x", **kw)
    scr = registry.screen(GID)
    return scr.render(view, scr.new_selection(), ctx)


def _state_before_a_take(players=2):
    """A real game played at random up to a seat's move that takes a line: (state, move)."""
    for seed in range(200):
        st = game.new_game(GID, players=players, seed=seed)
        rng = random.Random(seed)
        while not st.over:
            p = st.to_move[0]
            for a in st.legal_actions(p):
                if a != "pass":
                    c = onexeno.parse(a).cell
                    if any(g[0] == c for g in st.gaps()):
                        return st, p, a
            st.apply(p, rng.choice(st.legal_actions(p)))
    raise AssertionError("no take found")


def test_a_take_is_shown_named_and_logged():
    st, p, move = _state_before_a_take()
    q = (p + 1) % 2
    before = st.view(q)
    st.apply(p, move)
    after = st.view(q)
    take = after["last_take"]
    assert take and take["seat"] == p and take["points"] == sum(onexeno.VALUE[c] for c in take["cards"])
    tr = lambda k, **kw: i18n.tr("en", k, **kw)
    names = ["Ana", "Ben"]
    words = ox_ui.announce(tr, before, after, names, p, move)
    a = onexeno.parse(move)
    assert words.startswith(f"{names[p]} placed the {ox_ui.card_name(tr, a.card)} on {a.cell}")
    n = len(take["lines"])
    assert (f"{names[p]} took {n} line{'s' if n > 1 else ''}, {len(take['cards'])} cards, "
            f"{take['points']} points.") in words
    h = _draw(after)
    assert 'id="last-take"' in h and f'data-points="{take["points"]}"' in h
    taken = re.search(r'<details class="otaken" id="taken">.*?</details>', h).group(0)
    assert re.findall(r'data-card="(\w\w)"', taken) == take["cards"]
    gone = re.findall(r'class="ocell empty gone[^"]*"[^>]*data-cell="([a-i][1-9])"', h)
    assert sorted(gone) == sorted(ox_ui.shifted(c, take["shift"]) for c in take["cells"])
    assert f"{names[p]} took {n} line" in html.unescape(h)
    from ui.kit import registry
    assert registry.screen(GID).settles(before, after)
    # once someone else acts, the take is no longer the last action: gone from the table
    r = st.to_move[0]
    st.apply(r, "pass")
    assert 'id="last-take"' not in _draw(st.view(q))


def test_announce_says_passes_final_and_for_the_team():
    tr = lambda k, **p: i18n.tr("en", k, **p)
    st = onexeno.position(4, table={"e5": "8a"}, hands=["0a", "1a", "1b", "2a"], teams=2)
    b = st.view(2)
    st.apply(0, "pass")
    a = st.view(2)
    assert ox_ui.announce(tr, b, a, ["A", "B", "C", "D"], 0, "pass") == "A passed (final, for the team)."
    st = onexeno.position(2, table={"e5": "8a"}, hands=["0a", "1a"], deck="2a 2b")
    b = st.view(1)
    st.apply(0, "pass")
    assert ox_ui.announce(tr, b, st.view(1), ["A", "B"], 0, "pass") == "A passed."


def test_undo_is_refused_once_a_card_was_drawn_and_allowed_in_the_end_phase():
    st = game.new_game(GID, players=2, seed=3)
    p = st.to_move[0]
    st.apply(p, "pass")
    assert guarded(ox_ui.undo_guard, st.record(), 0) == "undo.onexeno.drawn"
    # play on until the deck is empty, then an own placement may be taken back
    while st.view(None)["deck"] and not st.over:
        q = st.to_move[0]
        st.apply(q, st.legal_actions(q)[-1])
    assert not st.over
    n = len(st.actions)
    q = st.to_move[0]
    st.apply(q, st.legal_actions(q)[-1])
    if not st.over:
        assert guarded(ox_ui.undo_guard, st.record(), n) is None
    assert i18n.tr("fr", "undo.onexeno.drawn") != "undo.onexeno.drawn"


def test_undo_in_the_app_says_why_not():
    app, page = make_app()
    ses = start(app, page, GID, ["human", "bot"])
    seat = ses.human_to_move()
    app.on_click("opass", {})
    page.run()
    assert re.search(r'id="undo"[^>]*aria-disabled="true"|aria-disabled="true"[^>]*id="undo"', page.html)
    app.on_click("undo", {})
    assert "a card has been drawn from the deck since" in visible(page.html)
    assert ses.human_to_move() == seat


def test_hot_seat_shows_the_pass_screen_before_each_hand():
    app, page = make_app()
    ses = start(app, page, GID, ["human", "human", "bot"])
    for _ in range(6):
        page.run()
        seat = ses.human_to_move()
        assert seat is not None
        assert 'id="reveal"' in page.html and "Pass the device to Player" in page.html
        for p in (0, 1):
            for c in ses.state.view(p)["hand"]:
                assert f'data-card="{c}"' not in page.html or c in ses.state.view(None)["table"]
        assert 'id="hand"' not in page.html
        app.on_click("ocard", {"card": ses.state.view(seat)["hand"][0]})
        assert app.play.table.sel.card is None
        app.on_click("reveal", {"seat": str(seat)})
        assert hand_cards(page.html) == ses.state.view(seat)["hand"]
        no_other_hand(page, ses, seat)
        app.on_click("opass", {})


def test_the_log_names_each_bot_action():
    app, page = make_app()
    ses = start(app, page, GID, ["human", "bot", "bot"])
    names = app.names(ses.game_id, ses.seats)
    for _ in range(4):
        page.run()
        seat = ses.human_to_move()
        app.on_click("opass", {})
    page.run()
    log = page.html[page.html.index('id="log"'):]
    entries = [(int(s), html.unescape(w)) for s, w in re.findall(r'<li data-seat="(\d+)"[^>]*>(.*?)</li>', log)]
    assert len(entries) == len(ses.state.actions)
    for (seat, words), (s2, action) in zip(reversed(entries), ses.state.actions):
        assert seat == s2 and words.startswith(names[seat])
        if action == "pass":
            assert "passed" in words
        else:
            a = onexeno.parse(action)
            # the card drawn small, named in words for a screen reader
            assert (f'placed the <span class="icard ocard-i" role="img" aria-label="{ox_ui.card_name(app.tr, a.card)}">'
                    in words and f"</span> on {a.cell}" in words)
            if a.turn:
                assert ox_ui.turn_words(app.tr, a.turn) in words
    assert seat is not None


def test_the_card_svg_draws_the_pattern_turned_and_the_value():
    import re

    def cells(svg, colour):      # the cells of a colour, by their squares' top left corners
        path = re.search(f'<path d="([^"]*)" fill="{colour}" stroke="{colour}"/>', svg)
        return re.findall(r"M([\d.]+) ([\d.]+)h7v7h-7z", path.group(1)) if path else []

    svg = ox_ui.card_svg("7b")
    assert len(cells(svg, ox_ui.DARK)) == 7 and len(cells(svg, ox_ui.LIGHT)) == 1 and ">7</text>" in svg
    # turned half round: the light cell moves from SW (bottom left) to NE (top right)
    assert cells(svg, ox_ui.LIGHT) == [("2", "21")] and ("21", "2") in cells(svg, ox_ui.DARK)
    turned = ox_ui.card_svg("7b", 180)
    assert cells(turned, ox_ui.LIGHT) == [("21", "2")]
    # a card of one colour draws no empty path
    for card in ("0a", "8a"):
        one = ox_ui.card_svg(card)
        assert len(cells(one, ox_ui.DARK)) + len(cells(one, ox_ui.LIGHT)) == 8 and one.count("<path") == 1


def test_the_rules_pictures_are_real_positions():
    """Each picture of the rules page, played on the engine: the placements are legal, the
    faults refused for the reason said, the lines taken, the play areas as the engine's."""
    from ui.games.onexeno import rules

    def state(table, card):
        return onexeno.position(2, table=table, hands=[card, ""])

    for name, (table, (cell, spec)) in rules.PLACEMENTS.items():
        card, _, t = spec.partition("+")
        st = state(table, card)
        st.apply(0, ox_ui.action(card, cell, int(t or 0)))      # legal
        assert not st.view(0)["last_take"]
        touching = [c for c in table if max(abs(a - b) for a, b in zip(onexeno.cell_xy(c), onexeno.cell_xy(cell))) == 1]
        if name == "corner":
            assert all(onexeno.cell_xy(c)[0] != onexeno.cell_xy(cell)[0] and
                       onexeno.cell_xy(c)[1] != onexeno.cell_xy(cell)[1] for c in touching)
        if name == "point":
            assert len(touching) == 3
    for name, want in (("sides", "W"), ("corners", "SW")):
        table, (cell, spec) = rules.FAULTS[name]
        card, _, t = spec.partition("+")
        with pytest.raises(game.IllegalAction) as e:
            state(table, card).apply(0, ox_ui.action(card, cell, int(t or 0)))
        assert e.value.code == "onexeno.clash" and e.value.params["side"] == want
    for name, (table, (cell, spec)) in rules.LINES.items():
        card, _, t = spec.partition("+")
        st = state(table, card)
        st.apply(0, ox_ui.action(card, cell, int(t or 0)))
        take = st.view(0)["last_take"]
        assert len(take["lines"]) == (2 if name == "several" else 1)
        assert sorted(take["cells"]) == sorted(rules._line_cells(table, cell))
        kind = {(0, 1): "column", (1, 0): "row"}
        for line in take["lines"]:
            (x0, y0), (x1, y1) = onexeno.cell_xy(line[0]), onexeno.cell_xy(line[-1])
            d = (int(x1 != x0), int(y1 != y0))
            assert name == "several" or kind.get(d, "diagonal") == name
    for name, table in rules.AREAS.items():
        st = state(table, "")
        box = st.view(0)["box"]
        assert (bool(box["fixed_columns"]), bool(box["fixed_rows"])) == {
            "minimum": (False, False), "columns": (True, False), "both": (True, True)}[name]
        x0, x1, y0, y1 = st._region()
        engine = {onexeno.cell_name(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)} - set(table)
        assert rules.region(table) == engine
    page = rules.RULES["en"]
    assert page.count('<figure class="odiag">') == 13 and rules.RULES["fr"].count("<figcaption>") == 13


def test_the_rules_demo_lights_where_each_hand_card_fits_as_the_engine_says():
    from ui.games.onexeno import rules
    table, hand = rules.DEMO
    page = rules.RULES["en"]
    demo = page[page.index('<div class="odemo">'):]
    for i, card in enumerate(hand):
        st = onexeno.position(2, table=table, hands=[card, ""])
        cells = {onexeno.parse(a).cell for a in st.legal_actions(0) if a != "pass"}
        lit = set(re.findall(r'<span class="ocell empty [^"]*\bf%d\b[^"]*"[^>]*><small class="oname-cell">([a-i][1-9])<' % i,
                             demo))
        assert lit == cells and cells, (card, lit, cells)
        assert f'<label for="odemo-{i}"' in demo and f'id="odemo-{i}"' in demo
        say = re.search(r'<p class="odemo-say s%d">(.*?)</p>' % i, demo).group(1)
        name = ox_ui.card_name(lambda k, **p: i18n.tr("en", k, **p), card)
        assert say.startswith(f'The <span class="icard ocard-i" role="img" aria-label="{name}">'), say
        assert " fits on " in say and all(c in say for c in cells)
    assert "va en" in rules.RULES["fr"]


def test_a_placement_that_takes_says_so_before_it_is_made():
    st, p, move = _state_before_a_take()
    store = MemoryStore()
    seats = [{"kind": "bot", "name": "", "level": "novice"} for _ in range(2)]
    seats[p] = {"kind": "human", "name": "Ada", "level": None}
    saves.write(store, saves.make("o2", st.record(), seats, 0))
    app, page = make_app(store, "#play/o2")
    ses = app.play.session
    page.run()
    assert ses.human_to_move() == p
    a = onexeno.parse(move)
    app.on_click("ocard", {"card": a.card})
    app.on_click("ocell", {"cell": a.cell})
    while app.play.table.sel.turn != a.turn:
        app.on_click("oturn", {})
    page.run()
    after = st.clone()
    after.apply(p, move)
    take = after.view(p)["last_take"]
    n = len(take["lines"])
    assert (f"This takes {n} line{'s' if n > 1 else ''} · {len(take['cards'])} cards, {take['points']} points."
            in visible(page.html)), status_text(page)
    app.on_click("oplace", {})
    assert ses.state.actions[-1] == [p, move] or [p, move] in ses.state.actions


def test_the_end_dialog_says_look_at_the_table():
    """Issue 28: the end dialog's button names what the game is played on (a card game said board)."""
    from helpers.drawn import end_look
    assert (end_look(GID, "en"), end_look(GID, "fr")) == ("Look at the table", "Voir la table")


def test_a_hint_is_worded_as_what_to_do():
    """The hint says what to do, as an instruction, in both languages (the log says what was done)."""
    from helpers.drawn import hint_says
    hint_says('onexeno', (
        ('8a@g4+180', 'Place the 8 (all dark) on g4, turned a half', "Posez le 8 (toute sombre) en g4, tourné d'un demi-tour"),
        ('pass', 'Pass', 'Passez'),
    ))


# -- a table a screen reader walks (ui.kit.roving) ------------------------------------------

def _walk(h: str) -> list:
    """The table's grid: its rows, each a list of (cell, tabindex, name) in document order."""
    grid = re.search(r'<div class="ogrid coords" id="board" data-roving="1"><div role="grid" aria-label="([^"]+)">'
                     r'(.*?)</div></div><span', h, re.S)
    assert grid and grid.group(1) == "The table&#x27;s cells"
    return [[(c, t, html.unescape(n)) for c, t, n in re.findall(
        r'data-cell="([a-i][1-9])"[^>]* role="gridcell" tabindex="(-?\d)" aria-label="([^"]*)"', row)]
        for row in grid.group(2).split('<div role="row">')[1:]]


def _stop(h: str) -> tuple:
    stops = [(c, n) for row in _walk(h) for c, t, n in row if t == "0"]
    assert len(stops) == 1, stops          # one tab stop: Tab enters the table once
    return stops[0]


def test_the_table_is_a_grid_of_named_cells_with_one_tab_stop_the_arrows_move():
    st = onexeno.position(2, table={"c5": "8a", "d5": "7a", "e5": "7b", "f5": "6a", "g5": "5a"},
                          hands=["0a 1a", "2a"], deck="3a 3b 3c")
    store = MemoryStore()
    seats = [{"kind": "human", "name": "Ada", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
    saves.write(store, saves.make("o1", st.record(), seats, 0))
    app, page = make_app(store, "#play/o1")
    ses = app.play.session
    tr = app.tr
    rows = _walk(page.html)
    assert [[c for c, _, _ in r] for r in rows] == [[f"{x}{y}" for x in "bcdefgh"] for y in (6, 5, 4)]
    assert 'button class="ocell' not in page.html and page.html.count('role="gridcell" tabindex="0"') == 1
    name = ox_ui.card_name(tr, "8a")
    assert _stop(page.html) == ("c5", f"c5: the {name}")       # no card picked: the table's first card
    assert app.on_key("ArrowUp", "board")
    assert _stop(page.html) == ("c6", "c6: empty")
    for key in ("ArrowLeft", "ArrowLeft", "ArrowUp"):             # the edge holds it
        app.on_key(key, "board")
    assert _stop(page.html) == ("b6", "b6: empty")
    assert app.on_key("Enter", "board") and "Pick a card of your hand first" in status_text(page)
    # a card picked: the cursor goes to the first cell where it fits; each cell says whether it does, and why not
    assert click(app, page, 'data-card="3a"')
    fit = ox_ui.fits(ses.legal(0))["3a"]
    assert _stop(page.html) == ("c6", "c6: empty, your card fits here")
    names = {c: n for row in _walk(page.html) for c, _, n in row}
    assert {c for c, n in names.items() if n.endswith("your card fits here")} == set(fit)
    assert names["b6"] == "b6: empty, your card does not fit here: the cards must fit in a 5x5 square"
    assert names["d4"] == "d4: empty, your card does not fit here: it matches the cards beside it no way round"
    assert names["e5"] == f"e5: the {ox_ui.card_name(tr, '7b')}"
    app.on_key("ArrowLeft", "board")
    app.on_key("Enter", "board")                                   # b6: refused, in the engine's words
    assert "5x5" in status_text(page) and ses.ply == 0
    assert _stop(page.html)[0] == "b6"
    for key in ("ArrowRight", "ArrowRight", "Enter"):              # d6, where it fits: shown there
        app.on_key(key, "board")
    assert _stop(page.html) == ("d6", f"d6: the {ox_ui.card_label(tr, '3a', 180)}, shown here until you place it")
    app.on_key("ArrowDown", "board")
    app.on_key("Enter", "board")                                   # d5 holds a card
    assert "d5 already holds a card" in status_text(page)
    assert click(app, page, 'id="place"')
    assert ses.state.actions[0] == [0, "3a@d6+180"]


def test_the_table_s_cells_are_named_in_french():
    from ui.kit.screen import Context
    st = onexeno.position(2, table={"e5": "7b"}, hands=["0a", "2a"])
    ctx = Context(tr=lambda k, **p: i18n.tr("fr", k, **p), names=("Ana", "Ben"),
                  seats=({"kind": "human"},) * 2, acting=None, save_id="x")
    from ui.kit import registry
    h = registry.screen(GID).render(st.view(0), registry.screen(GID).new_selection(), ctx)
    names = {c: n for row in re.findall(r'<div role="row">(.*?)</div>', h)
             for c, n in re.findall(r'data-cell="([a-i][1-9])"[^>]* aria-label="([^"]*)"', row)}
    assert html.unescape(names["e5"]) == "e5\u00a0: le " + ox_ui.card_name(ctx.tr, "7b")   # (French spacing)
    assert names["d4"] == "d4\u00a0: vide"


def test_the_help_names_the_cells_in_the_words_they_say():
    """A screen reader hears no marking: the help says "a cell where it fits", as each cell
    says "your card fits here" (WCAG 1.3.3), and how many there are in words."""
    st = onexeno.position(2, table={"c5": "8a", "d5": "7a", "e5": "7b", "f5": "6a", "g5": "5a"},
                          hands=["0a 1a", "2a"], deck="3a 3b 3c")
    store = MemoryStore()
    seats = [{"kind": "human", "name": "Ada", "level": None}, {"kind": "bot", "name": "", "level": "novice"}]
    saves.write(store, saves.make("o1", st.record(), seats, 0))
    app, page = make_app(store, "#play/o1")
    assert "Ada, pick a card of your hand, then a cell where it fits; or pass." in status_text(page)
    assert click(app, page, 'data-card="3a"')
    n = len(ox_ui.fits(app.play.session.legal(0))["3a"])
    assert re.search(rf"Tap one of the {n} cells where the\s+3\s+fits\.", status_text(page))    # (the card drawn)
    assert "marked" not in status_text(page)
    fr = lambda k, **p: i18n.tr("fr", k, **p)
    assert "marqu" not in fr("onexeno.turn_help", name="Ada") + fr("onexeno.cell_help", card="3", n=2)
    assert fr("onexeno.cell_help", card="3", n=1) == "Touchez la case où va le 3."
