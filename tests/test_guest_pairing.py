"""Pairing said in words on a guest (issue 52): no code on show is ever dead (tests/helpers/devices.py)."""

from __future__ import annotations

import re

from helpers.devices import Net, device_app, host_game, invite, join, run
from ui.store.saves import MemoryStore


def test_fault_2_a_reloaded_guest_says_the_connection_is_lost_and_asks_for_a_new_code():
    net, store = Net(), MemoryStore()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1, store=store)
    link = gpage.hash
    g.peers.close("host")     # the old page's channel goes with it
    run(hpage, gpage)
    # the guest's page reloads: the same address, the same device's storage
    g2, gpage2 = device_app(net, store=store, hash_=link, seed=201)
    run(gpage2)
    html = gpage2.html
    assert g2.guest.state == "lost", html
    assert 'id="answer-link"' not in html and "Show this code" not in html, html
    assert "The connection is lost" in html and "new code" in html, html
    # the host's new code then pairs it again, on its kept token
    url = invite(host, hpage, 1)
    gpage2.go("#" + url.split("#", 1)[1])
    run(gpage2)
    assert g2.guest.state == "waiting" and 'id="answer-link"' in gpage2.html, gpage2.html


def answer_of(gpage) -> str:
    m = re.search(r'id="answer-link" href="([^"]+)"', gpage.html)
    assert m, gpage.html
    return m.group(1).replace("&amp;", "&")


def open_link(net, url, store=None, seed=300):
    g, gpage = device_app(net, store=store, seed=seed)
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    return g, gpage


def test_fault_3_an_answer_to_a_spent_invitation_is_refused_in_words():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    store = MemoryStore()
    g, gpage = open_link(net, invite(host, hpage, 1), store=store)
    stale = answer_of(gpage)
    host.on_click("pair", {"answer": stale})
    run(hpage, gpage)
    assert g.guest.state == "open"
    g.peers.close("host")           # the guest's page goes
    run(hpage, gpage)
    g2, gpage2 = open_link(net, invite(host, hpage, 1), store=store, seed=301)
    # the stale answer, pasted on the host: refused, in words
    host.on_click("pair", {"answer": stale})
    run(hpage, gpage2)
    assert "already used" in hpage.html and "Exception" not in hpage.html, hpage.html
    # the right answer after it connects
    host.on_click("pair", {"answer": answer_of(gpage2)})
    run(hpage, gpage2)
    assert g2.guest.state == "open" and g2.guest.msg is not None, gpage2.html
    assert "Exception" not in hpage.html


def test_fault_3_a_spent_invitation_is_replaced_as_soon_as_it_is_spent():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = open_link(net, invite(host, hpage, 1), store=MemoryStore())
    host.on_click("pair", {"answer": answer_of(gpage)})
    run(hpage, gpage)
    g.peers.close("host")
    run(hpage, gpage)
    url = invite(host, hpage, 1)     # for the real guest: no token in it
    stranger, spage = open_link(net, url, seed=302)
    sans = answer_of(spage)
    host.on_click("pair", {"answer": sans})
    run(hpage, spage)
    assert stranger.guest.state == "denied", spage.html
    # the code on show is a new one at once; the stranger's answer to the old one is refused
    new = re.search(r'id="join-link" href="([^"]+)"', hpage.html)
    assert new and new.group(1).replace("&amp;", "&") != url, hpage.html
    host.on_click("pair", {"answer": sans})
    run(hpage, spage)
    assert "already used" in hpage.html, hpage.html
    # the real guest, back with its kept token, scans the new code and plays
    g3, gpage3 = open_link(net, new.group(1).replace("&amp;", "&"), store=g.store, seed=303)
    host.on_click("pair", {"answer": answer_of(gpage3)})
    run(hpage, gpage3)
    assert g3.guest.state == "open" and g3.guest.msg is not None, gpage3.html
