"""A guest's screen reader hears the table as one device's does (issue 53): each move of the
others once, in order, in the log's words, and its own move confirmed; an undo said; and
nothing of what it missed while away poured out at its return.  On CPython through the apps'
real path (tests/helpers/devices.py)."""

from __future__ import annotations

import random

from helpers.devices import Net, host_game, join, run
from ui.kit import i18n


def test_a_guest_hears_every_move_once_in_order_with_its_own_confirmed():
    net = Net()
    host, hpage = host_game(net, "fennecs", ["bot", "device", "bot"])
    g, gpage = join(net, host, hpage, 1)
    rng = random.Random(3)
    said_from = len(gpage.said)
    plies = host.play.session.ply
    for _ in range(40):
        run(hpage, gpage)
        hpage.run()
        run(hpage, gpage)
        f = g.guest.frame()
        if f is not None and f.acting is not None and f.legal and not host.play.session.state.over:
            g.guest._send_action(rng.choice(f.legal))
            run(hpage, gpage)
    heard = " ".join(gpage.said[said_from:])
    log = [w for _, w in g.guest.seat.log]
    played = host.play.session.ply - plies
    assert played >= 10
    # every entry of the guest's log since it joined was said, once, in the log's order
    new = log[-played:]
    at = 0
    for words in new:
        found = heard.find(words, at)
        assert found >= 0, (words, heard[at:at + 300])
        at = found + len(words)
    # and nothing twice: what was heard is the log's words, each once (an entry sent again
    # with its outcome added, said as that outcome alone)
    assert len(heard.replace(" ", "")) == len("".join(new).replace(" ", "")), heard


def test_an_undo_at_the_host_is_said_to_the_guest():
    net = Net()
    host, hpage = host_game(net, "fendo", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    ses = host.play.session
    host.play.move(0, ses.legal(0)[0])
    run(hpage, gpage)
    assert gpage.said and gpage.said[-1].startswith(host.names(ses.game_id, ses.seats)[0])
    host.on_click("undo", {})
    run(hpage, gpage)
    assert gpage.said[-1].startswith(i18n.tr("en", "say.undo")), gpage.said[-3:]


def test_a_guest_back_after_a_reload_is_not_read_the_whole_game():
    net = Net()
    host, hpage = host_game(net, "fendo", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    ses = host.play.session
    n = len(gpage.said)
    for _ in range(3):
        seat = ses.state.to_move[0]
        if seat == 0:
            host.play.move(0, ses.legal(0)[0])
        else:
            g.guest._send_action(g.guest.frame().legal[0])
        run(hpage, gpage)
    assert len(gpage.said) - n == 3
    said = list(gpage.said)
    store = g.store
    g.peers.close("host")           # its page reloads: the channel ends
    run(hpage, gpage)
    g2, gpage2 = join(net, host, hpage, 1, store=store)     # its page reloaded, on its kept token
    assert g2.guest.seat.have == 3
    assert not any(w in gpage2.said for w in said[n:]), gpage2.said      # the table, not the story
