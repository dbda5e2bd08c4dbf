"""The heartbeat of play across devices (issue 52, fault 6): a host and a guest on CPython over
the fake network, whose traffic a test cuts (the device off the network: the channel stays
"open", what is sent waits), with the page's clock moved by hand (tests/helpers/devices.py's
``beat``): each side says the other's silence in words within 5 s, and says it back after; a tap
made meanwhile is refused in words, never dropped without one.  The same cut in Chromium, over
real WebRTC: tests/e2e/in_netns/devices_cut.py."""

from __future__ import annotations

import json

from helpers.devices import Net, beat, host_game, join, run

QUIET_WORDS = "The connection to the other device is lost or slow"


def game():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    return net, host, hpage, g, gpage


def bar(hpage) -> str:
    import re
    m = re.search(r'<li class="device (\w+)" data-seat="1"[^>]*>(.*?)</li>', hpage.html)
    assert m, hpage.html
    return m.group(1) + ": " + re.sub(r"<[^>]+>", "", m.group(2))


def guests_turn(host, hpage, g, gpage):
    """The host's person plays until the guest's seat is to move."""
    ses = host.play.session
    while 1 not in ses.state.to_move:
        host.play.move(0, ses.legal(0)[0])
        run(hpage, gpage)
    assert g.guest.frame().acting == 1


def pings(net, to) -> int:
    return sum(1 for peers, _, text in net.sent if peers is to and json.loads(text)["t"] == "ping")


def test_a_cut_is_said_on_both_sides_within_5_s_and_its_end_as_soon_as_frames_come_again():
    net, host, hpage, g, gpage = game()
    beat(10, hpage, gpage)          # connected and silent: pings keep both sides "connected"
    assert bar(hpage) == "here: Player 2 is connected" and QUIET_WORDS not in gpage.html
    net.cut.add(g.peers)
    said = {}
    for tenth in range(1, 61):
        beat(0.5, hpage, gpage)
        t = tenth * 0.5
        if "no answer for a few seconds" in hpage.html:
            said.setdefault("host", t)
        if QUIET_WORDS in gpage.html:
            said.setdefault("guest", t)
    assert set(said) == {"host", "guest"} and max(said.values()) <= 5.0, said
    assert bar(hpage) == "quiet: Player 2: no answer for a few seconds"
    assert 'data-state="quiet"' in gpage.html
    assert "Player 2: no answer for a few seconds." in hpage.said and QUIET_WORDS in gpage.said[-1]
    # the device is back: what waited comes, and both say so at once
    net.restore(g.peers)
    run(hpage, gpage)
    assert bar(hpage) == "here: Player 2 is connected" and QUIET_WORDS not in gpage.html
    assert "Player 2 is connected again." in hpage.said and "The other device answers again." in gpage.said


def test_pings_go_only_when_nothing_else_was_sent_and_cost_the_host_nothing_but_its_rate():
    net, host, hpage, g, gpage = game()
    n = len(net.sent)
    beat(15, hpage, gpage)
    # a ping each 1.5 s each way, nothing else, nothing drawn again by them
    assert 9 <= pings(net, g.peers) <= 10 and 9 <= pings(net, host.peers) <= 10
    assert len(net.sent) - n == pings(net, g.peers) + pings(net, host.peers)
    assert not [w for w in hpage.warnings if "ping" in w]
    # a frame sent counts: the host, which sends one each second here, sends no ping
    guests_turn(host, hpage, g, gpage)
    before = pings(net, g.peers)
    for _ in range(3):
        beat(1.0, hpage, gpage)
        if 1 in host.play.session.state.to_move:
            g.guest._send_action(g.guest.frame().legal[0])
        else:
            host.play.move(0, host.play.session.legal(0)[0])
        run(hpage, gpage)
    assert pings(net, g.peers) == before


def test_a_tap_while_the_host_is_silent_is_refused_in_words_and_a_tap_after_it_is_back_plays():
    net, host, hpage, g, gpage = game()
    guests_turn(host, hpage, g, gpage)
    ses, ply = host.play.session, host.play.session.ply
    net.cut.add(g.peers)
    beat(5, hpage, gpage)
    n = g.guest.n
    g.guest._send_action(g.guest.frame().legal[0])
    run(hpage, gpage)
    assert "Not sent: the other device does not answer" in gpage.html, gpage.html
    assert g.guest.n == n and g.guest.sent is None and not net.held[-1][2].startswith('{"t":"act"')
    # undo and hint are refused the same way, in words
    g.guest.act_hint({})
    assert g.guest.hint is None and "Not sent" in gpage.html
    net.restore(g.peers)
    run(hpage, gpage)
    assert ses.ply == ply and not g.guest.quiet
    g.guest._send_action(g.guest.frame().legal[0])
    run(hpage, gpage)
    assert ses.ply > ply and "Not sent" not in gpage.html


def test_a_tap_sent_just_before_the_cut_waits_and_plays_when_the_device_is_back():
    net, host, hpage, g, gpage = game()
    guests_turn(host, hpage, g, gpage)
    ses, ply = host.play.session, host.play.session.ply
    net.cut.add(g.peers)
    g.guest._send_action(g.guest.frame().legal[0])      # the channel still says "open": sent
    beat(6, hpage, gpage)
    assert g.guest.sent is not None and QUIET_WORDS in gpage.html and ses.ply == ply
    net.restore(g.peers)
    run(hpage, gpage)
    assert ses.ply > ply and g.guest.sent is None and QUIET_WORDS not in gpage.html


def test_a_tap_whose_channel_closes_before_its_answer_is_said_lost():
    net, host, hpage, g, gpage = game()
    guests_turn(host, hpage, g, gpage)
    net.cut.add(g.peers)
    g.guest._send_action(g.guest.frame().legal[0])
    beat(5, hpage, gpage)
    peer = host.play.devices.hosting.peer_of(1)
    host.peers.close(peer)            # the browser gives the channel up, on both sides
    host.peers._event(peer, "close")
    net.held.clear()
    run(hpage, gpage)
    assert g.guest.state == "away" and g.guest.sent is None
    assert "The connection closed before your move was answered" in gpage.html, gpage.html
    assert "is away" in hpage.html


# -- the pieces (imported here: the tests above run, and fail, on a tree without them) ----------

def test_a_beat_pings_at_its_pace_falls_quiet_after_4_s_and_a_late_tick_judges_nothing():
    from ui.net.heartbeat import Beat
    b = Beat(100.0)
    ticks = {t: b.tick(100 + t / 2) for t in range(1, 8)}
    assert [t / 2 for t, (ping, _) in ticks.items() if ping] == [1.5, 3.0] and not b.quiet
    assert b.tick(104.0) == (False, True) and b.quiet
    assert b.tick(104.5) == (True, False)         # said once
    assert b.heard(105.2) is True and not b.quiet and b.heard(105.3) is False
    b.wrote(105.4)
    assert b.tick(105.5) == (False, False) and b.tick(106.5) == (False, False)
    # the page slept 30 s (a tab in the background): nothing judged at its first tick back,
    # what the other sent may be queued behind it; judged on the next ones
    assert b.tick(136.5) == (True, False) and not b.quiet
    assert b.tick(137.0) == (False, True)
    # a clock that goes back moves nothing back
    b.heard(140.0)
    b.heard(139.0)
    assert b.heard_at == 140.0


def test_a_ping_is_one_short_text_read_either_way_before_any_parsing():
    from ui.net import wire
    assert wire.from_guest(wire.ping()) == wire.from_host(wire.ping()) == wire.Ping()
    assert wire.from_guest('{"t": "ping"}') == wire.Ping() == wire.from_host('{ "t":"ping" }')
    for bad in ('{"t":"ping","n":1}', '{"t":"ping","x":"' + "x" * 3000 + '"}'):
        try:
            wire.from_guest(bad)
        except wire.WireError as e:
            assert e.code in ("unknown_field", "too_big")
        else:
            raise AssertionError(bad)


def test_a_guests_pings_cost_the_host_nothing_before_a_hello_and_a_flood_of_them_is_closed():
    from helpers.hosting import HostLoop
    from ui.net import wire
    from ui.net.hosting import Close, Drop
    loop = HostLoop("renard_des_bois", ["human", "device"])
    assert loop.receive("p", wire.ping(), now=1.0) == [Drop("p", "unbound")]     # before its hello: a strike
    loop.receive("g", wire.hello(1, loop.hosting.token(loop.ses, 1), "en", 0), now=1.0)
    assert loop.receive("g", wire.ping(), now=2.0) == []
    out = [d for _ in range(200) for d in loop.receive("g", wire.ping(), now=3.0)]
    assert Drop("g", "flood") in out and Close("g", "flood") in out and loop.hosting.peer_of(1) is None
    assert out[-1] == Drop("g", "closed")
