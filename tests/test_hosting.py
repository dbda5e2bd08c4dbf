"""Seats played on other devices (issue 29): whole games through ui.net.hosting.Hosting.receive,
with a stub of the host app that carries out the decisions, and guests that know only what
their frames say (ui/net/wire.py, docs/PROTOCOL.md)."""

from __future__ import annotations

import json
import random
import re

import pytest

import game
import ui.games  # the games' screens, declared
from ui.net import hosting, wire
from ui.kit import i18n, registry
from ui.store import saves
from ui.net.hosting import Bind, Close, Drop, Hosting, Play, Reply, Undo
from ui.kit.screen import Context
from ui.store.session import Session

from helpers.hosting import Guest, HostLoop, words


def expected_log(loop, seat, lang="en"):
    """The seat's log worded from scratch, as ui/parts/play.py words the log of one device."""
    tr, names = words(lang, len(loop.ses.seats))
    scr = registry.screen(loop.ses.game_id)
    rec = loop.ses.state.record()
    st = game.replay(dict(rec, actions=[]))
    out, before = [], st.view(seat)
    for s, a in rec["actions"]:
        st.apply(s, a)
        after = st.view(seat)
        out.append([s, scr.announce(tr, before, after, list(names), s, a)])
        before = after
    return out


def one_device_undo(loop, seat):
    """What undo says at one device for ``seat``'s last move: the same game, that seat a
    person's at the host and the other people's seats bots'."""
    seats = [dict(s, kind="human" if i == seat else "bot" if s["kind"] != "bot" else "bot")
             for i, s in enumerate(loop.ses.seats)]
    st = loop.ses.state
    return Session(saves.make("twin", st.record(), seats, 0), st.clone()).undo_keep()


def pair(loop, seat, peer, lang="en"):
    token = loop.hosting.token(loop.ses, seat)
    g = Guest(loop, peer, seat, token, lang)
    out = g.hello()
    assert [type(d) for d in out] == [Bind]
    g.pump()
    assert g.frame.welcome and g.frame.seat == seat
    return g


def guest_turn(loop, g, rng, stats):
    """One message of a guest in its turn: mostly a legal action, sometimes a refused one, an
    undo, a replayed number or a gap."""
    g.pump()
    f = g.frame
    r = rng.random()
    if r < 0.10:                     # an action the rules refuse (or not a move at all)
        before = loop.ses.state.record()
        g.act(rng.choice(["zz", "1Z", "swap 99X", "take Q", "keep", "as 9,9"]))
        g.pump()
        if loop.ses.state.record() == before:
            assert g.refusals[-1].code and g.refusals[-1].n == g.sent
            stats["refused"] += 1
        return
    if r < 0.14 and f.undo[0]:
        seat = g.seat
        assert one_device_undo(loop, seat) == loop.ses.undo_keep(seat)
        keep = loop.ses.undo_keep(seat)[0]
        before = [list(a) for a in loop.ses.state.actions]
        out = g.undo()
        assert out == [Undo(g.peer, seat, g.sent)]
        assert [list(a) for a in loop.ses.state.actions] == before[:keep]
        stats["undo"] += 1
        return
    if r < 0.17 and g.sent > 0:      # the last message again: handled already
        before = loop.ses.state.record()
        assert g.act(f.legal[0], n=g.sent) == [Drop(g.peer, "replayed")]
        assert loop.ses.state.record() == before
        stats["replayed"] += 1
        return
    if r < 0.20:                     # a number skipped
        before = loop.ses.state.record()
        g.act(f.legal[0], n=g.sent + 2)
        g.pump()
        assert g.refusals[-1].code == "wire.sequence" and loop.ses.state.record() == before
        stats["gap"] += 1
        return
    action = rng.choice(f.legal)
    n = len(loop.ses.state.actions)
    out = g.act(action)
    assert out == [Play(g.peer, g.seat, action, g.sent)]
    assert loop.ses.state.actions[n] == (g.seat, action) or list(loop.ses.state.actions[n]) == [g.seat, action]
    stats["played"] += 1


def may_undo(loop, g, rng, stats):
    """Between its move and the next one's, a guest may take its move back (when its frame says
    so), on the terms of one device; else it is refused with the frame's reason."""
    g.pump()
    if rng.random() < 0.3 and not loop.ses.state.over:
        allowed, reason = g.frame.undo
        seat = g.seat
        assert (loop.ses.undo_keep(seat)[0] is not None) == allowed
        acts = [a for a in loop.ses.state.actions if not loop.ses.is_bot(a[0])]
        if acts and acts[-1][0] == seat:    # its own move is the last: the terms of one device
            assert one_device_undo(loop, seat) == loop.ses.undo_keep(seat)
            stats["same_terms"] += 1
        keep = loop.ses.undo_keep(seat)[0]
        before = [list(a) for a in loop.ses.state.actions]
        out = g.undo()
        if allowed:
            assert out == [Undo(g.peer, seat, g.sent)] and [list(a) for a in loop.ses.state.actions] == before[:keep]
            stats["undo"] += 1
        else:
            g.pump()
            assert g.refusals[-1].code == reason and [list(a) for a in loop.ses.state.actions] == before
            stats["undo_refused"] += 1


def out_of_turn(loop, g, stats):
    """A guest that is not to move tries anyway: refused, nothing changes."""
    g.pump()
    if g.frame.acting is None and not loop.ses.state.over:
        before = loop.ses.state.record()
        legal_elsewhere = loop.ses.legal(loop.ses.state.to_move[0])
        g.act(legal_elsewhere[0])
        g.pump()
        assert g.refusals[-1].code == "wrong_turn" and loop.ses.state.record() == before
        stats["wrong_turn"] += 1


def test_renard_host_human_against_a_device_seat():
    loop = HostLoop("renard_des_bois", ["human", "device"], seed=3)
    ses, rng, stats = loop.ses, random.Random(5), {k: 0 for k in ("played", "refused", "undo", "replayed",
                                                                    "gap", "wrong_turn", "undo_refused",
                                                                    "same_terms")}
    g = pair(loop, 1, "p1", "fr")
    reloaded = rebound = False
    for step in range(5000):
        if ses.state.over:
            break
        last = [a for a in ses.state.actions if not ses.is_bot(a[0])]
        if last and last[-1][0] == 1:        # the guest's move is the last: the host cannot take it back
            assert ses.undo_keep() == (None, "undo.device")
        if ses.human_to_move() is not None:
            out_of_turn(loop, g, stats)
            may_undo(loop, g, rng, stats)
            if ses.human_to_move() is not None:
                loop.human_moves()
        else:
            guest_turn(loop, g, rng, stats)
        if step == 60 and not reloaded:      # the guest's page reloads: a new peer, the same token
            reloaded = True
            g.pump()
            old_log = list(g.log)
            g2 = Guest(loop, "p1-again", 1, g.token, "fr")
            out = g2.hello(have=0)
            assert out == [Close("p1", "replaced"), Bind("p1-again", 1, "fr")]
            g2.pump()
            assert g2.log == old_log and g2.frame.welcome and g2.frame.log_from == 0
            before = ses.state.record()
            g.act("keep")                    # the old page, still open somewhere: closed
            assert ses.state.record() == before
            g = g2
        if step == 120 and not rebound:     # the phone is lost: a new token
            rebound = True
            old = g.token
            token, out = loop.hosting.new_token(ses, 1)
            assert out == [Reply(g.peer, wire.denied("token")), Close(g.peer, "token")]
            g3 = Guest(loop, "p1-new", 1, old, "fr")
            assert g3.hello() == [Reply("p1-new", wire.denied("token"))]
            g3.token = token
            assert g3.hello()[-1] == Bind("p1-new", 1, "fr")
            g3.pump()
            assert g3.frame.log_from == 0 and len(g3.log) == ses.ply
            g = g3
    assert ses.state.over, "the game ends"
    g.pump()
    assert g.log == expected_log(loop, 1, "fr")
    # Le Renard des Bois takes back no card once played (undo.renard.trick): refusals, the same
    assert reloaded and rebound and stats["played"] > 20 and stats["refused"] and stats["same_terms"] > 5
    assert stats["wrong_turn"] > 10 and stats["replayed"] and stats["gap"] and stats["undo_refused"]
    assert loop.hosting.counts["Drop:error"] == 0 and loop.ids > 20     # places sent, and checked
    # the save keeps the token, the export does not
    assert ses.seats[1]["token"] and "token" not in saves.export_text(ses.save)


@pytest.mark.parametrize("gid", ["fennecs", "onexeno"])
def test_two_device_seats_and_a_bot(gid):
    loop = HostLoop(gid, ["device", "bot", "device"], seed=11)
    ses, rng = loop.ses, random.Random(7)
    stats = {k: 0 for k in ("played", "refused", "undo", "replayed", "gap", "wrong_turn", "undo_refused",
                                                                    "same_terms")}
    guests = {0: pair(loop, 0, "a", "en"), 2: pair(loop, 2, "b", "fr")}
    assert loop.hosting.away(ses) == []
    # one guest's token does not open the other's seat, nor a bot's
    assert Guest(loop, "x", 2, guests[0].token).hello() == [Reply("x", wire.denied("token"))]
    assert Guest(loop, "y", 1, guests[0].token).hello() == [Reply("y", wire.denied("seat"))]
    assert guests[0].loop.receive("a", wire.hello(2, guests[2].token, "en", 0)) == [Reply("a", wire.denied("taken"))]
    loop.play_bots()
    for _ in range(20000):
        if ses.state.over:
            break
        seat = ses.device_to_move()
        assert seat is not None
        other = guests[2 - seat]
        out_of_turn(loop, other, stats)
        may_undo(loop, other, rng, stats)
        if ses.device_to_move() != seat:       # the other took its move back: its turn again
            continue
        guest_turn(loop, guests[seat], rng, stats)
        assert ses.undo_keep() == (None, "undo.nothing") or ses.undo_keep()[1] in ("undo.device", "undo.over")
    assert ses.state.over
    for seat, g in guests.items():
        g.pump()
        assert g.log == expected_log(loop, seat, g.lang)
        assert g.frame.over and g.frame.legal == ()
    assert stats["played"] > 20 and stats["refused"] and stats["wrong_turn"] > 10 and stats["undo_refused"]
    assert loop.hosting.counts["Drop:error"] == 0 and loop.ids > 20     # places sent, and checked


def test_a_guest_s_marks_go_where_one_device_s_go_a_fennecs_card_to_its_collector():
    """Each entry's mark on a guest's table lies where one device's table puts it, now: a
    Fennecs card collected since the frame that told it is on its collector's pile (drawn
    only once its column is collected), not on its player's name."""
    from ui.table.tabletop import shown_places
    loop = HostLoop("fennecs", ["device", "bot", "bot"], seed=3)
    g, rng, scr = pair(loop, 0, "a"), random.Random(5), registry.screen("fennecs")
    loop.play_bots()
    piles = 0
    while not loop.ses.state.over:
        g.pump()
        st, one = game.replay(dict(loop.ses.state.record(), actions=[])), []   # one device's places
        for s, a in loop.ses.state.actions:
            before = st.view(0)
            st.apply(s, a)
            one.append(tuple(scr.places(before, st.view(0), s, a)))
        tr, names = words("en", 3)
        ctx = Context(tr=tr, names=tuple(names), acting=g.frame.acting, legal=g.frame.legal, humans=(0,),
                      seats=tuple({"kind": k, "level": lv} for k, lv in g.frame.kinds))
        drawn = set(re.findall(r' id="([^"]+)"', scr.render(g.frame.view, scr.new_selection(), ctx)))
        assert len(g.places) == len(one)
        for i, (theirs, mine) in enumerate(zip(one, g.places)):
            here = shown_places(theirs, drawn.__contains__)
            assert shown_places(mine, drawn.__contains__) == here, (i, g.log[i], mine, theirs)
            piles += g.log[i][0] != 0 and bool(here) and here[0].startswith("fpile-")
        g.act(rng.choice(g.frame.legal))
    assert piles > 10


def test_onexeno_seven_seats_six_of_them_devices_over_two_rounds():
    """The most devices one game takes: Onexeno's seven seats, the host's person and six guests,
    over two rounds; every frame each guest gets is checked against the engine, each guest's
    log is its seat's, in its language.  (The browser plays four seats over real WebRTC:
    tests/e2e/in_netns/devices_games.py; seven pages there cost five minutes.)"""
    loop = HostLoop("onexeno", ["human"] + ["device"] * 6, seed=3, rounds=2)
    ses, rng = loop.ses, random.Random(3)
    stats = {k: 0 for k in ("played", "refused", "undo", "replayed", "gap")}
    guests = {s: pair(loop, s, f"p{s}", "fr" if s % 2 else "en") for s in range(1, 7)}
    assert loop.hosting.away(ses) == []
    for _ in range(20000):
        if ses.state.over:
            break
        loop.human_moves()
        seat = ses.device_to_move()
        if seat is not None:
            guest_turn(loop, guests[seat], rng, stats)
    assert ses.state.over and ses.state.view(None)["round"] == 2
    for seat, g in guests.items():
        g.pump()
        assert g.log == expected_log(loop, seat, g.lang)
        assert g.frame.over and g.frame.legal == ()
    assert stats["played"] > 50 and stats["refused"] and stats["replayed"] and stats["gap"]
    assert loop.hosting.counts["Drop:error"] == 0 and loop.ids > 50


def test_the_log_costs_one_announce_per_action(monkeypatch):
    loop = HostLoop("renard_des_bois", ["bot", "device"], seed=2)
    g = pair(loop, 1, "p")
    scr = registry.screen("renard_des_bois")
    calls = []
    real = scr.announce
    monkeypatch.setattr(scr, "announce", lambda *a: calls.append(1) or real(*a))
    loop.play_bots()
    for _ in range(40):
        g.pump()
        if g.frame.acting is not None:
            before = len(calls)
            g.act(g.frame.legal[0])
            plies = loop.ses.ply - g.frame.ply
            assert len(calls) - before == plies     # one per action, not a replay of the log
        loop.play_bots()


def test_undo_terms_for_device_seats_and_the_host():
    loop = HostLoop("fendo", ["human", "device"], seed=1)
    ses = loop.ses
    g = pair(loop, 1, "p")
    loop.human_moves()
    g.pump()
    assert g.frame.undo == (False, "undo.nothing")       # the guest has not moved yet
    assert ses.undo_keep() == (0, None)
    g.act(g.frame.legal[0])
    assert ses.undo_keep() == (None, "undo.device")     # the host may not take back the guest's
    g.pump()
    assert g.frame.undo == (True, None)
    assert g.undo() == [Undo("p", 1, 2)] and ses.ply == 1
    g.pump()
    assert g.frame.undo == (False, "undo.nothing") and g.frame.acting == 1
    g.act(g.frame.legal[-1])
    loop.human_moves()
    g.undo()                                            # the host acted since: refused
    g.pump()
    assert g.refusals[-1] == wire.Refused(4, "undo.answered", "", {}) and ses.ply == 3


def test_every_message_a_guest_cannot_send_is_refused_or_dropped():
    loop = HostLoop("fendo", ["human", "device"], seed=1)
    ses = loop.ses
    token = loop.hosting.token(ses, 1)
    h = loop.hosting
    # before a hello: nothing is taken
    assert h.receive("p", wire.act(1, "a1"), ses, 1) == [Drop("p", "unbound")]
    assert h.receive("p", wire.hello(1, token, "en", 0, v=99), ses, 1) == [Reply("p", wire.denied("version"))]
    assert h.receive("p", wire.hello(0, token, "en", 0), ses, 1) == [Reply("p", wire.denied("seat"))]
    assert h.receive("p", wire.hello(7, token, "en", 0), ses, 1) == [Reply("p", wire.denied("seat"))]
    assert h.receive("p", '{"t":"act","n":1,"action":"a1","seat":0}', ses, 1) == [Drop("p", "malformed:unknown_field")]
    assert h.receive("p", "x" * 3000, ses, 1) == [Drop("p", "malformed:too_big")]
    assert h.receive("p", 42, ses, 1) == [Drop("p", "malformed:not_text")]
    # four wrong tokens close the peer
    out = [h.receive("q", wire.hello(1, "A" * 32, "en", 0), ses, 2) for _ in range(5)]
    assert out[0] == [Reply("q", wire.denied("token"))] and out[-1] == [Close("q", "hostile")]
    assert h.receive("q", wire.hello(1, token, "en", 0), ses, 3) == [Drop("q", "closed")]
    # a flood in one instant: BURST taken, then dropped, then closed
    out = [h.receive("f", "{}", ses, 5)[0] for _ in range(200)]
    assert out.count(Drop("f", "flood")) > 10 and out[-1] == Drop("f", "closed")
    assert Close("f", "flood") in out
    assert ses.ply == 0


def test_tokens_and_device_seats_in_saves():
    state = game.new_game("renard_des_bois", seed=1)
    token = hosting.new_token()
    assert saves.TOKEN.match(token) and len(token) == 32
    seats = [{"kind": "human", "name": "", "level": None},
             {"kind": "device", "name": "Zoé", "level": None, "token": token}]
    save = saves.make("d1", state.record(), seats, 0)
    store = saves.MemoryStore()
    saves.write(store, save)
    loaded, _ = saves.load(store, "d1")
    assert loaded["seats"][1] == seats[1]
    assert "token" not in saves.export_text(loaded) and token not in saves.export_text(loaded)
    assert saves.shareable_seats(loaded["seats"])[1] == {"kind": "human", "name": "Zoé", "level": None}
    imported, _ = saves.import_text(saves.MemoryStore(), saves.export_text(loaded), 5, lambda: "n1")
    assert imported["seats"][1] == {"kind": "device", "name": "Zoé", "level": None}
    for bad in ("short", "x" * 65, "has space in it 1234", 5):
        text = json.dumps(dict(save, seats=[seats[0], dict(seats[1], token=bad)]))
        with pytest.raises(saves.SaveError, match="token"):
            saves.check(saves.parse(text))
    mixed = dict(save, record=game.new_game("fendo").record(),
                 seats=[{"kind": "remote", "name": "", "level": None}, seats[1]])
    with pytest.raises(saves.SaveError) as e:
        saves.check(saves.parse(json.dumps(mixed)))
    assert e.value.code == "remote"


def test_the_guest_reads_garbage_without_breaking():
    for bad in ("", "{", "[]", "null", '{"t":"frame"}', '{"t":"denied","why":"x"}', 7, None,
                '{"t":"refused","n":1,"code":"x","text":"y","params":{"a":{"b":1}}}',
                "[" * 100000, '{"t":"frame"' + ',"x":1' * 10 + "}", "x" * (wire.MAX_HOST_TEXT + 1)):
        with pytest.raises(wire.WireError):
            wire.from_host(bad)
    r = wire.from_host(wire.refused(3, "renard.must_follow", "Follow suit.", {"suit": "K", "cards": ["1K", "2K"]}))
    assert r == wire.Refused(3, "renard.must_follow", "Follow suit.", {"suit": "K", "cards": ["1K", "2K"]})
    assert i18n.error_text("fr", r)          # worded on the guest like an IllegalAction


# the games where another seat's action may leave a seat's view the same: a card face down, a
# secret choice, a card under the deck (in Onexeno every action is in the open: a card placed
# face up, a pass; HostLoop checks each of its ox- ids names a card the seat's view shows)
TWINS = sorted(g for g, info in game.GAMES.items() if info.hidden and g != "onexeno")


@pytest.mark.parametrize("gid", TWINS)
def test_the_places_a_guest_gets_depend_only_on_what_its_seat_sees(gid):
    """Two actions of another seat that leave the guest's seat the same view send it the same
    entry, places and all: the ids name nothing its view does not show.  (Each frame's ids
    are drawn on the guest's own table: HostLoop.check_places.)"""
    players = min(3, game.GAMES[gid].max_players)
    seats = [{"kind": "device" if i == 0 else "bot", "name": "", "level": None} for i in range(players)]
    tr, names = words("en", players)
    compared = 0
    for seed in range(8, 14):
        if compared < 6:
            compared += _twins_compared(gid, players, seed, seats, tr, names)
    assert compared >= 6, compared


def _twins_compared(gid, players, seed, seats, tr, names) -> int:
    """One random game: how many sets of twin actions were sent the same entry."""
    rng = random.Random(seed)
    st = game.new_game(gid, players=players, seed=seed)
    compared = 0
    while not st.over and compared < 6:
        others = [p for p in st.to_move if p != 0]
        if others:
            p = others[0]
            twins: dict = {}
            for a in rng.sample(st.legal_actions(p), min(12, len(st.legal_actions(p)))):
                nxt = st.clone()
                nxt.apply(p, a)
                twins.setdefault(json.dumps(nxt.view(0), sort_keys=True), []).append(nxt)
            twins = [same[:3] for same in twins.values() if len(same) > 1]
            if twins:
                hosting = Hosting()
                ses = Session(saves.make("t", st.record(), seats, 0), st.clone())
                hosting.receive("g", wire.hello(0, hosting.token(ses, 0), "en", 0), ses, 1.0)
                hosting.frame("g", ses, tr, names)
            for same in twins:
                sent = set()
                for nxt in same:
                    f = wire.from_host(hosting.frame("g", Session(saves.make("t", nxt.record(), seats, 0), nxt),
                                                     tr, names))
                    sent.add((f.log[-1], f.places[-1]))
                assert len(sent) == 1, (same[0].actions[-1], sent)
                # the twins differ in what seat 0 cannot see, and nothing else
                assert len({json.dumps(n.view(p), sort_keys=True) for n in same}) == len(same)
                compared += 1
        p = rng.choice(st.to_move)
        st.apply(p, rng.choice(st.legal_actions(p)))
    return compared


def test_a_frame_s_log_entries_carry_their_place_ids_read_strictly():
    f = wire.Frame(False, "onexeno", 0, 2, ("Ann", "Bob"), (("device", None), ("bot", "novice")), {"x": 1},
                   (0,), 0, ("pass",), False, (False, None), 0, ((1, "Bob plays."), (0, "Ann passes.")), 3,
                   (("ox-3k", "~op-1"), ()))
    text = wire.frame(f)
    assert json.loads(text)["log"]["entries"] == [[1, "Bob plays.", ["ox-3k", "~op-1"]], [0, "Ann passes."]]
    assert wire.from_host(text) == f
    # an older host's entries, two items each: no places
    old = wire.from_host(text.replace(',["ox-3k","~op-1"]', ""))
    assert old.places == ((), ()) and old.log == f.log
    assert wire.from_host(text.replace('["ox-3k","~op-1"]', "[]")).places == ((), ())
    for ids in (["a"] * (wire.MAX_PLACES + 1), ["a" * wire.MAX_PLACE], "ox-3k", {"id": "ox-3k"}, None, [3],
                [["ox-3k"]], ["OX-3K"], ["ox 3k"], ['x"><b>'], ["-x"], [""], ["~~x"], ["ox-3k\n"], ["é"]):
        with pytest.raises(wire.WireError) as e:
            wire.from_host(text.replace('["ox-3k","~op-1"]', json.dumps(ids)))
        assert e.value.code == "bad_field" and str(e.value) == (
            f"frame: log entry 0's places is not a list of at most {wire.MAX_PLACES} place ids"), ids
    with pytest.raises(wire.WireError, match="frame: log is not") as e:     # a fourth item
        wire.from_host(text.replace('["ox-3k","~op-1"]', '["ox-3k"],["x"]'))
    assert len("~" + "a" * 40) == wire.MAX_PLACE
    assert wire.from_host(text.replace('"ox-3k"', '"~' + "a" * 40 + '"')).places[0][0] == "~" + "a" * 40


def test_a_hint_carries_its_action_read_strictly():
    assert wire.from_host(wire.hint(4, "Play the 3 on d4.", "3k@d4")) == wire.Hint(4, "Play the 3 on d4.", "3k@d4")
    assert wire.from_host(wire.hint(4, "Play the 3 on d4.")) == wire.Hint(4, "Play the 3 on d4.", None)
    for bad in ("", "a" * (wire.MAX_ACTION + 1), 3, None, ["3k@d4"]):
        with pytest.raises(wire.WireError) as e:
            wire.from_host(json.dumps({"t": "hint", "ply": 4, "words": "w", "action": bad}))
        assert e.value.code == "bad_field" and str(e.value).startswith("hint: action is not"), bad
