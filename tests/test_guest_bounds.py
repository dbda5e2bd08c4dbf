"""A hostile host against a guest's device (issue 52): what a guest keeps and draws of what the
host sends has bounds, and what it cannot take is refused in words (tests/helpers/devices.py)."""

from __future__ import annotations

import dataclasses

from helpers.devices import Net, host_game, join, run
from ui.net import wire
from ui.store import reader, saves
from ui.store.saves import MemoryStore
from ui.parts.guest import Seat

QUOTA = 5_242_880       # a browser's localStorage, in characters


def joined(game_id="renard_des_bois", kinds=("human", "device"), store=None):
    net = Net()
    host, hpage = host_game(net, game_id, list(kinds))
    g, gpage = join(net, host, hpage, 1, store=store)
    return host, hpage, g, gpage


def from_host(g, gpage, **change):
    """The guest's last frame, changed as a tampered host page would send it."""
    text = wire.frame(dataclasses.replace(g.guest.msg, welcome=False, **change))
    g.on_peer("host", "message", text)
    run(gpage)


def stored(store) -> int:
    return sum(len(k) + len(store.get(k)) for k in store.keys())


def test_fault_1_a_host_cannot_fill_the_guest_s_storage():
    store = MemoryStore(quota=QUOTA)
    host, hpage, g, gpage = joined(store=store)
    seat = g.guest.seat
    first = len(seat.log)
    for i in range(12):     # 12 frames of 240 entries of 2,000 characters: 5.8 M characters
        from_host(g, gpage, log_from=first + 240 * i, log=tuple((0, f"{i}:{j}:" + "x" * 1990) for j in range(240)),
                  places=())
    assert stored(store) < 200_000, stored(store)       # 2 % of the quota, at most
    assert len(seat.log) <= reader.GUEST_ENTRIES
    assert all(len(w) <= reader.GUEST_WORDS for _, w in seat.log)
    # the newest entries are those kept, numbered as the host numbers them
    assert seat.log[-1][1].startswith("11:239:") and seat.have == first + 12 * 240
    # a reload reads the same seat back, and says the host how much it holds
    again = Seat.load(store, g.guest.link)
    assert (again.base, again.log, again.have) == (seat.base, seat.log, seat.have) and again.base > 0
    # and the device still saves a game of its own
    saves.write(store, dict(host.play.session.save, id="mine000001", rev=0))
    assert store.get(saves.key_of("mine000001")) is not None


def test_fault_1_a_log_beyond_the_bounds_already_stored_is_read_as_none():
    store = MemoryStore()
    host, hpage, g, gpage = joined(store=store)
    key = g.guest.seat.key
    big = '{"game": "renard_des_bois", "token": "t", "log": [%s]}' % ",".join(['[0, "%s"]' % ("x" * 2000)] * 50)
    store.set(key, big)
    kept = reader.guest_shape(reader.read_json(store.get(key)))
    assert kept["log"] == [] and kept["base"] == 0 and kept["token"] == "t"


def test_fault_1_home_lists_the_games_joined_here_with_forget():
    store = MemoryStore()
    host, hpage, g, gpage = joined(store=store)
    key = g.guest.seat.key
    assert store.get(key) is not None
    gpage.go("#")
    run(gpage)
    assert 'id="joined"' in gpage.html and "Games joined from this device" in gpage.html
    assert "Le Renard des Bois" in gpage.html and "Player 2" in gpage.html
    assert f'data-act="guest-forget" data-key="{key}"' in gpage.html
    g.on_click("guest-forget", {"key": key})
    run(gpage)
    assert store.get(key) is not None and "Really forget?" in gpage.html     # the first tap asks
    g.on_click("guest-forget", {"key": key})
    run(gpage)
    assert store.get(key) is None and 'id="joined"' not in gpage.html
    assert "has forgotten that game" in gpage.html
    # not a key of another kind
    g.on_click("guest-forget", {"key": saves.key_of(host.play.session.id)})


def test_fault_1_the_storage_full_notice_names_what_can_be_deleted():
    from ui.kit import i18n
    en, fr = i18n.tr("en", "notice.storage_full"), i18n.tr("fr", "notice.storage_full")
    assert "forget a game you joined" in en and "home page" in en
    assert "oubliez une partie rejointe" in fr


def hand_key(view) -> str:
    return max((k for k, v in view.items() if isinstance(v, list) and v and isinstance(v[0], str)),
               key=lambda k: len(view[k]))


def test_fault_5_a_frame_of_20000_cards_is_refused_in_words_and_the_table_stays():
    host, hpage, g, gpage = joined()
    good, html = g.guest.msg, gpage.html
    k = hand_key(good.view)
    view = dict(good.view, **{k: [good.view[k][0]] * 20_000})
    text = wire.frame(dataclasses.replace(good, welcome=False, view=view))
    assert 100_000 < len(text) < wire.MAX_HOST_TEXT
    g.on_peer("host", "message", text)
    run(gpage)
    assert g.guest.msg is good               # the last good table kept
    assert "cannot show: the last one stays on screen" in gpage.html
    assert gpage.html.count('data-act="card"') == html.count('data-act="card"') or "20000" not in gpage.html
    # an empty view, too
    g.on_peer("host", "message", wire.frame(dataclasses.replace(good, welcome=False, view={})))
    run(gpage)
    assert g.guest.msg is good


def test_fault_9_a_frame_the_screen_cannot_draw_is_refused_in_words_and_the_table_stays():
    host, hpage, g, gpage = joined()
    good = g.guest.msg
    k = hand_key(good.view)
    before = gpage.html.count(good.view[k][0])
    view = dict(good.view, **{k: ["no-such-card"] * len(good.view[k])})
    g.on_peer("host", "message", wire.frame(dataclasses.replace(good, welcome=False, view=view)))
    run(gpage)
    assert "cannot show: the last one stays on screen" in gpage.html
    assert g.guest.msg is good and gpage.html.count(good.view[k][0]) == before > 0


RLO = "\u202e"


def bare_overrides(html: str) -> int:
    """The right-to-left overrides of ``html`` outside any isolate (FSI ... PDI)."""
    import re
    return len(re.sub("\u2068[^\u2069]*\u2069", "", html).split(RLO)) - 1


def test_fault_7_names_and_log_words_from_the_host_are_isolated():
    host, hpage, g, gpage = joined()
    good = g.guest.msg
    evil = RLO + "evil"
    g.on_peer("host", "message", wire.frame(dataclasses.replace(
        good, welcome=False, names=(evil, "Me" + RLO), log_from=0,
        log=((0, evil + " plays"), (1, "a " + RLO + " b")), places=())))
    run(gpage)
    assert g.guest.msg.names[0] == evil and RLO in gpage.html
    assert bare_overrides(gpage.html) == 0
    g.guest.seat.log[:] = [(0, evil + " plays")] * 3      # the pairing screen's log, too
    g.guest.msg = None
    g.guest.host.changed()
    run(gpage)
    assert gpage.html.count(RLO) >= 3 and bare_overrides(gpage.html) == 0


def test_fault_8_one_hint_per_position_per_seat():
    import json
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["device", "human"])
    g, gpage = join(net, host, hpage, 0)
    ses = host.play.session
    g.guest.act_hint({})
    run(hpage, gpage)
    assert ses.save["hints"] == 1 and g.guest.hint.words
    words = g.guest.hint.words
    for _ in range(20):     # a tampered guest asks again and again at the same position
        g.peers.send("host", json.dumps({"t": "hint", "ply": ses.ply}))
        run(hpage, gpage)
    assert ses.save["hints"] == 1
    # a reload asks again: it gets the same hint, counted once
    g.guest.hint = None
    g.guest.act_hint({})
    run(hpage, gpage)
    assert g.guest.hint.words == words and ses.save["hints"] == 1


def test_fault_4_a_guest_the_host_closed_shows_as_away_at_once():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1)
    assert "is connected" in hpage.html and 'id="invite-1"' not in hpage.html
    for _ in range(200):        # garbage, until the host closes the channel
        if host.play.devices.away() == [1]:
            break
        g.peers.send("host", "{not json")
    run(hpage, gpage)
    assert any(w.startswith("Close ") for w in hpage.warnings), hpage.warnings
    assert host.play.devices.away() == [1]
    assert "is connected" not in hpage.html and 'id="invite-1"' in hpage.html
