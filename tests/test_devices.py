"""Play across devices on CPython: a host app and guest apps, each with its own store and page,
joined by a fake network that carries the pairing codes and the channels' messages as the
browsers would (the real WebRTC, in real browsers: tests/e2e/test_devices_ui.py).

What this checks is the apps' side: the invitation and its link, the guest's answer link,
the answer pasted or handed over by another tab, the hello and the frames, actions numbered
and checked, undo, a guest's reload on its kept token, a host's reload, and that no message
to a guest holds another seat's hidden facts.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import bots
import game
from ui.store import saves
from ui.table.hints import Hint
from ui.store.saves import MemoryStore
from helpers.devices import Net, answer_by_paste, device_app, host_game, invite, join, run

def guest_plays(g, gpage, rng) -> bool:
    """The guest plays a random legal action if it is its turn; True if it did."""
    f = g.guest.frame()
    if f is None or f.acting is None or not f.legal:
        return False
    g.guest._send_action(rng.choice(f.legal))
    return True


def someone_plays(host, hpage, g, gpage, rng) -> None:
    """One random action: the host's seat to act plays at once, else the guest sends one;
    then the network carries every message."""
    f = host.play.frame()
    if f.acting is not None:
        host.play.move(f.acting, rng.choice(list(f.legal)))
    elif not guest_plays(g, gpage, rng):
        raise AssertionError("nobody can play")
    run(hpage, gpage)


def test_a_guest_joins_by_the_pasted_answer_and_plays_a_whole_game_of_renard():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    ses = host.play.session
    assert 'id="invite-1"' in hpage.html and "is away" in hpage.html
    g, gpage = join(net, host, hpage, 1)
    assert 'id="invite-1"' not in hpage.html
    rng = random.Random(3)
    for _ in range(2000):
        if ses.state.over:
            break
        someone_plays(host, hpage, g, gpage, rng)
    assert ses.state.over
    run(hpage, gpage)
    # the guest's table is the same game, seen from its seat, with its log
    assert g.guest.msg.over and g.guest.msg.view == ses.state.view(1)
    assert 'id="end-dialog"' in gpage.html and 'id="again"' not in gpage.html
    assert len(g.guest.seat.log) == len(ses.state.actions)
    assert_frames_are_views(net, g, 1, ses)


def assert_frames_are_views(net, g, seat, ses) -> None:
    """Every frame sent to the guest is the engine's view for its seat at that position,
    nothing more (a seat's view leaks nothing: tests/test_leaks.py)."""
    record = ses.state.record()
    sent = [json.loads(t) for to, _, t in net.sent if to is g.peers]
    frames = [m for m in sent if m["t"] in ("welcome", "frame")]
    assert frames and {m["t"] for m in sent} <= {"welcome", "frame", "refused"}, {m["t"] for m in sent}
    assert all(m["seat"] == seat for m in frames)
    for m in frames:
        st = game.replay(dict(record, actions=record["actions"][:m["ply"]]))
        assert m["view"] == json.loads(json.dumps(st.view(seat))), m["ply"]


def test_an_answer_link_opened_in_another_tab_reaches_the_host():
    net = Net()
    host, hpage = host_game(net, "fennecs", ["human", "device", "device", "bot"])
    g1, p1 = join(net, host, hpage, 1, how="tab")
    g2, p2 = join(net, host, hpage, 2, lang="fr")
    assert host.play.devices.away() == []
    assert "Joueur" in p2.html or "Fennecs" in p2.html
    assert g2.guest.msg.names == tuple(host.names("fennecs", host.play.session.seats, "fr"))


def test_a_refused_action_is_said_on_the_guest_and_a_guest_reload_gets_its_seat_back():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["device", "human"])
    ses = host.play.session
    store = MemoryStore()
    g, gpage = join(net, host, hpage, 0, store=store)
    # an action the engine refuses (not one of the legal ones)
    f = g.guest.frame()
    assert f.acting == 0
    g.guest._send_action("not-a-card")
    run(hpage, gpage)
    assert g.guest.table.msg is not None and ses.ply == 0
    assert 'class="st st-error"' in gpage.html
    assert guest_plays(g, gpage, random.Random(1))
    run(hpage, gpage)
    assert ses.ply == 1
    # the guest's page reloads: the channel closes, the host shows it away with a new code
    net_links = dict(net.links)
    g.peers.close("host")
    run(hpage, gpage)
    assert host.play.devices.away() == [0] and "is away" in hpage.html
    # a new page on the same device (same store) pairs again, with no token in the link
    url = invite(host, hpage, 0)
    assert ".0.." in url          # the second invitation carries no token
    g2, gpage2 = device_app(net, store=store, seed=7)
    answer_by_paste(host, hpage, gpage2, url)
    assert g2.guest.state == "open" and host.play.devices.away() == []
    assert len(g2.guest.seat.log) == 1 and net_links
    assert g2.guest.seat.places == g.guest.seat.places and g.guest.seat.places[0]   # kept with the log


def test_a_stranger_with_the_second_invitation_and_no_token_is_denied():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    g.peers.close("host")
    run(hpage, gpage)
    url = invite(host, hpage, 1)
    s, spage = device_app(net, seed=9)      # another device: no token kept
    answer_by_paste(host, hpage, spage, url)
    assert s.guest.state == "denied" and host.play.devices.away() == [1]
    # the host says it is another device now: a new token, in a new invitation
    old = host.play.session.seats[1]["token"]
    host.on_click("new-device", {})
    run(hpage)
    url = re.search(r'id="join-link" href="([^"]+)"', hpage.html).group(1)
    new = host.play.session.seats[1]["token"]
    assert new != old and f".1.{new}." in url and saves.load(host.store, host.play.session.id,
                                                            host.level_ids, "standard")[0]["seats"][1]["token"] == new
    answer_by_paste(host, hpage, spage, url)
    assert s.guest.state == "open" and host.play.devices.away() == []


def test_what_the_host_drops_of_a_guest_s_messages_is_said_in_its_console():
    """A pairing that does not come up is read there: a message the host did not act on says
    so, with the peer and why."""
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    assert hpage.warnings == []
    g.peers.send("host", "{not json")
    g.peers.send("host", json.dumps({"t": "undo", "n": 0}))
    g.peers.send("host", json.dumps({"t": "hint", "ply": 999}))
    run(hpage, gpage)
    assert hpage.warnings == ["Drop 1-1: malformed:not_json", "Drop 1-1: malformed:bad_field", "Drop 1-1: hint"]
    host.close_game()               # its channels closed; one of its last messages comes late
    host.on_peer("1-1", "message", json.dumps({"t": "undo", "n": 1}))
    assert hpage.warnings[-1] == "message of 1-1 dropped: no game hosted"


def test_an_invitation_closed_unused_and_made_again_still_lets_the_guest_in():
    net = Net()
    host, hpage = host_game(net, "fennecs", ["human", "device", "bot"])
    invite(host, hpage, 1)
    host.on_click("invite-close", {})
    g, gpage = join(net, host, hpage, 1)       # invites again: the token is still in it
    assert g.guest.state == "open"


def test_the_guest_undoes_its_own_move_and_the_host_reload_keeps_the_game():
    net = Net()
    host, hpage = host_game(net, "fendo", ["human", "device"])
    ses = host.play.session
    g, gpage = join(net, host, hpage, 1)
    rng = random.Random(5)
    f = host.play.frame()
    host.play.move(f.acting, rng.choice(list(f.legal)))
    run(hpage, gpage)
    assert guest_plays(g, gpage, rng)
    run(hpage, gpage)
    assert ses.ply == 2 and g.guest.msg.undo[0]
    g.guest.act_undo({})
    run(hpage, gpage)
    assert ses.ply == 1 and g.guest.msg.ply == 1 and g.guest.frame().acting == 1
    # the host's person cannot take back the guest's move
    assert guest_plays(g, gpage, rng)
    run(hpage, gpage)
    assert host.play.session.undo_keep() == (None, "undo.device")
    # the host reloads: the game is its save; the guest is away until it pairs again
    sid = ses.id
    host2, hpage2 = device_app(net, store=host.store, hash_="#play/" + sid, seed=2)
    assert host2.play.session.ply == 2 and host2.play.devices.away() == [1]
    host.peers.close(host.play.devices.hosting.peer_of(1))     # the old page is gone
    run(hpage2, gpage)
    assert g.guest.state == "away" and 'id="guest-state"' in gpage.html


def test_join_links_that_are_broken_say_so():
    net = Net()
    g, gpage = device_app(net)
    for bad in ("#join/x", "#join/fendo.a.1.t.%%%", "#join/nogame.a.1.t.AAAA", "#join/" + "A" * 5000):
        gpage.go(bad)
        run(gpage)
        assert 'data-state="bad"' in gpage.html, bad


def test_no_server_is_contacted_unless_a_stun_server_is_given():
    net = Net()
    host, hpage = host_game(net, "fendo", ["human", "device"])
    invite(host, hpage, 1)
    assert net.servers == [[]] and "this device contacts no server" in hpage.html
    host.on_click("stun", {"stun": "http://example.org"})
    assert host.notice[0] == "stun.bad" and host.ice_servers() == []
    host.on_click("stun", {"stun": "stun:stun.example.org:3478"})
    invite(host, hpage, 1)
    assert net.servers[-1] == ["stun:stun.example.org:3478"] and "contacts stun:stun.example.org:3478" in hpage.html
    host.on_click("stun", {"stun": ""})
    assert host.ice_servers() == []


def test_a_guest_asks_for_a_hint_and_the_host_s_bot_answers_in_the_guest_s_words():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["device", "human"])
    g, gpage = join(net, host, hpage, 0, lang="fr")
    assert 'id="hint"' in gpage.html
    g.guest.act_hint({})
    assert "Indice" in gpage.html or "…" in gpage.html
    run(hpage, gpage)
    assert g.guest.hint is not None and g.guest.hint.words
    assert "Indice" in gpage.html and host.play.session.save["hints"] == 1
    # the hint is for its position only: once played, it is gone
    assert guest_plays(g, gpage, random.Random(2))
    run(hpage, gpage)
    assert "Indice" not in gpage.html


def test_a_finished_trick_on_a_guest_s_table_goes_to_its_winner_by_itself():
    """At a person's pace, the trick a guest's table holds is let go after the pause, as at one
    device (Play._hold_ends), not only when tapped."""
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    pacing = g.guest.table.pacing
    pacing.pace = 1.0
    rng = random.Random(3)
    seen_held = False
    for _ in range(200):
        f = host.play.frame()
        if f.acting is not None:
            host.play.move(f.acting, rng.choice(list(f.legal)))
        else:
            assert guest_plays(g, gpage, rng)
        run(hpage)
        while gpage.tasks:                     # the guest's tasks one by one: the frame, then the pause
            gpage.run_one()
            if type(pacing.state).__name__ == "Held":
                seen_held = True
                assert " held" in gpage.html
            run(hpage)
        if seen_held:
            break
    assert seen_held and type(pacing.state).__name__ == "Moving"


# -- marks, a log entry's flash and a hint on a guest's table (issue 28) -----------------------

def _marks(html: str) -> dict:
    """id -> its numbers, as drawn."""
    return {i: m.split("·") for i, m in re.findall(r' id="([^"]+)" data-mark="([^"]+)"', html)}


def _first_drawn(ids, html: str) -> str:
    """The element an action's number goes on: its first id drawn, else its first fallback."""
    main = [i for i in ids if not i.startswith("~") and f' id="{i}"' in html]
    return (main or [i[1:] for i in ids if i.startswith("~") and f' id="{i[1:]}"' in html])[0]


def _placed(ses, seat, n):
    """The last ``n`` actions' places, from ``seat``'s views (as one device finds them), those
    that name any: the marks a table of that seat numbers."""
    from ui.kit import registry
    scr, st, out = registry.screen(ses.game_id), ses.state_at(ses.ply - n), []
    for s, action in ses.state.actions[ses.ply - n:]:
        before = st.view(seat)
        st.apply(s, action)
        ids = scr.places(before, st.view(seat), s, action)
        if ids:                                    # (a card put under the deck names nothing)
            out.append(ids)
    return out


def _guest_after_the_others(game_id, kinds, seat, rng):
    """A host with bots (and the host's own person), a guest on ``seat`` who plays once; then
    the others play until the guest's turn again, with two marks or more to draw."""
    net = Net()
    host, hpage = host_game(net, game_id, kinds)
    g, gpage = join(net, host, hpage, seat)
    ses = host.play.session
    for _ in range(200):
        someone_plays(host, hpage, g, gpage, rng)
        mine = [i for i, (s, _) in enumerate(ses.state.actions) if s == seat]
        if mine and len(_placed(ses, seat, ses.ply - mine[-1] - 1)) > 1 and g.guest.frame().acting == seat:
            return host, hpage, g, gpage, ses.ply - mine[-1] - 1
    raise AssertionError("the others never played twice in a row")


@pytest.mark.parametrize("game_id,kinds,seat", [("onexeno", ["device", "bot", "bot", "bot"], 0),
                                                ("renard_des_bois", ["bot", "device", "human"], 1)])
def test_a_guest_s_table_numbers_the_others_actions_since_its_turn(game_id, kinds, seat):
    """The marks of one device on a guest's table: the others' actions since its last one,
    numbered 1..n in order, each on the place the host's screen names from the guest's views
    (the card or cell, else its player); Show again plays them back on the present position
    (a guest holds no past one), and its next action clears them."""
    host, hpage, g, gpage, n = _guest_after_the_others(game_id, kinds, seat, random.Random(4))
    ses = host.play.session
    html = gpage.html
    drawn, placed = _marks(html), [_first_drawn(ids, html) for ids in _placed(ses, seat, n)]
    n = len(placed)
    assert n > 1 and sorted(int(k) for ks in drawn.values() for k in ks) == list(range(1, n + 1)), drawn
    for k, ident in enumerate(placed, 1):
        assert str(k) in drawn.get(ident, ()), (k, ident, drawn)
    assert 'id="show-again"' in html        # offered as at one device, summed up or not (Renard)
    shown = []
    real = gpage.render
    gpage.render = lambda h, fresh=False: (shown.append(h), real(h, fresh))
    g.on_click("show-again", {})
    run(gpage)
    gpage.render = real
    assert [len(_marks(h)) and max(int(x) for ks in _marks(h).values() for x in ks) for h in shown] \
        == list(range(n + 1)) + [n]
    assert gpage.html == html                      # the present again, marks and all
    assert guest_plays(g, gpage, random.Random(1))
    run(hpage)                                     # the host plays it, and the others answer...
    gpage.run_one()                                # ...but the guest has read only its own action's frame
    assert g.guest.seat.log[-1][0] == seat
    assert not _marks(gpage.html) and 'id="show-again"' not in gpage.html
    run(hpage, gpage)


def test_a_tap_on_a_guest_s_log_entry_flashes_what_it_names():
    host, hpage, g, gpage, n = _guest_after_the_others("onexeno", ["device", "bot", "bot", "bot"], 0,
                                                       random.Random(4))
    entries = re.findall(r'<li data-seat="\d"(?: class=last)? data-act="flash" data-ids="([^"]+)"', gpage.html)
    assert len(entries) >= n
    g.on_click("flash", {"ids": entries[0]})            # the newest
    lit = [i for i in entries[0].split() if f' id="{i.lstrip("~")}"' in gpage.html]
    assert lit and re.search(r' id="%s"[^>]* data-flash' % re.escape(_first_drawn(entries[0].split(), gpage.html)),
                             gpage.html)
    run(gpage)                                          # the flash ends
    assert "data-flash" not in gpage.html


@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_a_hint_lights_its_places_on_a_guest_s_table(game_id):
    """The host's bot suggests; the guest's table lights what the action would use, as the
    host's own table does (``hint_places`` of the guest's own view)."""
    from ui.kit import registry
    net = Net()
    seat = 1
    host, hpage = host_game(net, game_id, ["human", "device"] + ["bot"] * (game.GAMES[game_id].min_players - 2))
    g, gpage = join(net, host, hpage, seat)
    rng = random.Random(2)
    for _ in range(50):
        if g.guest.frame().acting == seat:
            break
        f = host.play.frame()
        host.play.move(f.acting, rng.choice(list(f.legal)))
        run(hpage, gpage)
    assert g.guest.frame().acting == seat and "data-hint" not in gpage.html
    g.guest.act_hint({})
    run(hpage, gpage)
    _, level, bot_seed = host.bot.calls[-1]             # what the host's bot suggested
    action = bots.choose(game.replay(host.play.session.state.record()), seat, level, bot_seed)
    assert action in g.guest.msg.legal and g.guest.hint.words
    ids = registry.screen(game_id).hint_places(g.guest.msg.view, seat, action)
    assert ids
    for ident in ids:
        assert re.search(r' id="%s"[^>]* data-hint' % re.escape(ident), gpage.html), (action, ident)
    # an action the guest cannot play (a host's bug, or a forged message) lights nothing
    g.guest.hint = Hint(g.guest.msg.ply, "?", "not-legal")
    g.render()
    assert "data-hint" not in gpage.html
