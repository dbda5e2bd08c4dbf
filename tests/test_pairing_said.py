"""Every state of a pairing said in words on both devices, at its change (issue 52): the
host's bar and live region, the guest's screen and live region (tests/helpers/devices.py)."""

from __future__ import annotations

import re

from helpers.devices import Net, beat, host_game, invite, join, run


def game():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    return net, host, hpage


def seat_state(hpage) -> tuple[str, str]:
    m = re.search(r'<li class="device \w+" data-seat="1" data-state="(\w+)"><span class="device-name">(.*?)</span>'
                  r' ?<span class="device-state">(.*?)</span>', hpage.html)
    assert m, hpage.html[:300]
    return m.group(1), m.group(2) + " " + m.group(3)


def test_the_host_says_an_invitation_is_live_then_its_answer_read():
    net, host, hpage = game()
    url = invite(host, hpage, 1)
    assert seat_state(hpage) == ("invited", "Player 2 is invited: waiting for their answer")
    assert hpage.said[-1] == "Player 2 is invited: waiting for their answer."
    from helpers.devices import device_app
    g, gpage = device_app(net, seed=101)
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    answer = re.search(r'id="answer-link" href="([^"]+)"', gpage.html).group(1).replace("&amp;", "&")
    host.on_click("pair", {"answer": answer})      # read: the channel not open yet
    assert seat_state(hpage)[0] == "connecting" and "answered: connecting" in hpage.html
    assert "Player 2 answered: connecting…." in hpage.said
    run(hpage, gpage)
    assert seat_state(hpage) == ("here", "Player 2 is connected")
    assert hpage.said[-1] == "Player 2 is connected."


def test_the_guest_says_it_makes_its_answer_then_that_it_is_connected():
    net, host, hpage = game()
    url = invite(host, hpage, 1)
    from helpers.devices import device_app
    g, gpage = device_app(net, seed=101)
    gpage.go("#" + url.split("#", 1)[1])
    assert "Making this device&#x27;s answer…" in gpage.html
    run(gpage)
    g.guest.on_peer("host", "open", None)        # the channel up, before the host's first frame
    g.render()
    assert 'data-state="open"' in gpage.html and "Connected: the table is on its way." in gpage.html
    assert gpage.said[-1] == "Connected: the table is on its way."


def test_a_closed_page_is_said_on_the_other_device_with_why():
    net, host, hpage = game()
    g, gpage = join(net, host, hpage, 1)
    g.peers.close("host")                          # the guest's page closed
    run(hpage, gpage)
    assert seat_state(hpage) == ("away", "Player 2 is away: their page was closed or reloaded")
    assert hpage.said[-1] == "Player 2 is away: their page was closed or reloaded."
    net2, host2, hpage2 = game()
    g2, gpage2 = join(net2, host2, hpage2, 1)
    host2.peers.close("1-1")                       # the host's page closed
    run(hpage2, gpage2)
    assert 'data-state="away" data-why="guest.lost.closed"' in gpage2.html
    assert "Its page was closed or reloaded." in gpage2.html and "Its page was closed" in gpage2.said[-1]


def test_a_network_gone_is_said_on_both_devices_with_why():
    net, host, hpage = game()
    g, gpage = join(net, host, hpage, 1)
    net.cut.add(g.peers)
    beat(6, hpage, gpage)                          # both quiet: the heartbeat
    peer = host.play.devices.hosting.peer_of(1)
    host.peers.close(peer)                         # then each browser gives the channel up
    host.on_peer(peer, "close", None)
    run(hpage, gpage)
    assert seat_state(hpage) == ("away", "Player 2 is away: the network between the devices went")
    assert "The network between the two devices went." in gpage.html


def test_a_guest_the_host_refuses_is_said_on_both_devices_with_why():
    net, host, hpage = game()
    g, gpage = join(net, host, hpage, 1)
    peer = host.play.devices.hosting.peer_of(1)
    for _ in range(200):                           # messages it cannot read: closed, and told why
        host.on_peer(peer, "message", "{not json")
        if peer not in host.play.devices.beats:
            break
    run(hpage, gpage)
    assert seat_state(hpage)[0] == "away" and "was refused" in seat_state(hpage)[1]
    assert g.guest.state == "denied" and "could not read what this one sent" in gpage.html
    assert "could not read what this one sent" in gpage.said[-1]
