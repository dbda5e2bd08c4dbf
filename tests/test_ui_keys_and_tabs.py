"""Issue 54, faults 11, 12, 14, 16 and 17, through the app on CPython (the fake page
of tests/helpers/app.py, the fake network of tests/helpers/devices.py): a damaged guest key,
two tabs hosting one game, the tokens in *Download all*, a save at the reader's caps, a broken
answer link.

Each test failed on the code before its fix.
"""

from __future__ import annotations

import json
import random

import pytest

from helpers.devices import Clock, FakePeers, Net, answer_by_paste, device_app, host_game, invite, join, run
from helpers.app import PAGES, DirectBot, FakePage, human_move, make_app
from helpers.games import good_save, store_with
from helpers.drawn import txt
from ui.store import reader, saves
from ui.app import App

TOKEN_A = "hostTokenOfSeat1_AAAAAAAAAAAA"
TOKEN_B = "guestTokenKept_BBBBBBBBBBBBBB"
TOKEN_C = "inADamagedSave_CCCCCCCCCCCCCC"


# -- fault 14: Download all held the tokens ------------------------------------------------------

def test_download_all_drops_every_token_as_export_does():
    hosted = dict(good_save("host1"), seats=[{"kind": "human", "name": "Ada", "level": None},
                                             {"kind": "device", "name": "Bo", "level": None, "token": TOKEN_A}])
    broken = dict(good_save("bad1"), rev=True, seats=hosted["seats"])     # set aside, its text kept
    guest_key = json.dumps({"game": "fendo", "token": TOKEN_B, "names": ["Ada", "Bo"], "log": [], "places": []})
    cut = json.dumps(dict(hosted, id="bad2")).replace(TOKEN_A, TOKEN_C)[:-40]      # cut short: not JSON
    store = store_with(hosted, **{saves.key_of("bad1"): json.dumps(broken), saves.key_of("bad2"): cut,
                                  "renardiere.guest.x1.1": guest_key})
    app, page = make_app(store)
    assert any(k.startswith(saves.ASIDE_PREFIX) for k in store.keys())
    app.files.act_recovery_download({})
    name, text = page.downloads[-1]
    assert TOKEN_A not in text and TOKEN_B not in text and TOKEN_C not in text
    assert TOKEN_A not in saves.export_text(saves.load(store, "host1")[0])
    # what is left still imports back: the game, its seat on another device without a token
    other, opage = make_app(saves.MemoryStore())
    other.import_text(text, name)
    assert "1 game imported" in txt(opage) or "1 games imported" in txt(opage), txt(opage)
    (save, _), = other.home.games
    assert save["seats"][1] == {"kind": "device", "name": "Bo", "level": None}


# -- fault 16: a save at the cap was written past it, then set aside ---------------------------

def test_a_save_at_the_caps_plays_on_and_opens_again():
    sv = dict(good_save("cap1", stop=2), rev=reader.MAX_COUNT, hints=reader.MAX_COUNT)
    store = saves.MemoryStore({saves.key_of("cap1"): json.dumps(sv)})
    app, page = make_app(store, "#play/cap1")
    assert app.screen == "play"
    app.on_click("hint", {})
    page.run()
    human_move(app)
    page.run()
    assert app.play.session.ply > 2 and app.play.session.save["hints"] == reader.MAX_COUNT and not app.play.stale
    again, page2 = make_app(store)
    assert [s["id"] for s, _ in again.home.games] == ["cap1"], txt(page2)
    assert not any(k.startswith(saves.ASIDE_PREFIX) for k in store.keys())
    stored = json.loads(store.get(saves.key_of("cap1")))
    assert stored["rev"] <= reader.MAX_COUNT and stored["hints"] <= reader.MAX_COUNT


# -- fault 17: a broken answer link said it was handed to another tab ---------------------------

def test_a_broken_answer_link_says_it_is_broken():
    for bad, lang in (("A" * 100_000, "en"), ("<b>x</b>", "fr"), ("a1.9.XyZ", "en")):
        app, page = make_app(saves.MemoryStore(), lang=lang)
        page.go("#answer/" + bad)
        assert app.screen == "handed"
        words = txt(page)
        assert "another tab" not in words and "autre onglet" not in words
        assert ("broken" in words) if lang == "en" else ("cassé" in words), words


# -- fault 11: a damaged guest key killed the interpreter, or was dropped with its token -----------

def _guest_joined_then_invited_again(store):
    """A host, and a guest (``store``) that joined seat 1 and kept its token, then left: the
    host's second invitation, which carries no token."""
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    g, gpage = join(net, host, hpage, 1, store=store)
    g.peers.close("host")
    run(hpage, gpage)
    return net, host, hpage, invite(host, hpage, 1)


@pytest.mark.parametrize("bad", ["[" * 7_000 + "]" * 7_000, "[" * 100_000 + "]" * 100_000,
                                 "{not json", '["a list"]', '{"game": "renard_des_bois", "token": ["x"]}'])
@pytest.mark.parametrize("opened", ["reloaded", "open"])
def test_a_damaged_guest_key_is_set_aside_and_named_on_home(bad, opened, pyodide_json):
    store = saves.MemoryStore()
    net, host, hpage, url = _guest_joined_then_invited_again(store)
    (key,) = [k for k in store.keys() if k.startswith("renardiere.guest.")]
    if opened == "open":                # damaged while the guest's page was open on home
        g, gpage = device_app(net, store=store, seed=8)
        store.set(key, bad)
        gpage.go("#" + url.split("#", 1)[1])
    else:                               # then the guest's page reloads on the join link
        store.set(key, bad)
        g, gpage = device_app(net, store=store, hash_="#" + url.split("#", 1)[1], seed=8)
    run(gpage)
    assert g.screen == "guest"
    asides = [k for k in store.keys() if k.startswith(saves.ASIDE_PREFIX)]
    assert len(asides) == 1 and json.loads(store.get(asides[0]))["text"] == bad      # kept, never lost
    gpage.go("#")
    assert key in txt(gpage) and asides[0] in txt(gpage)


def test_a_guest_key_with_a_bad_log_keeps_its_token():
    """The log comes again from the host (hello's ``have``); the token does not."""
    store = saves.MemoryStore()
    net, host, hpage, url = _guest_joined_then_invited_again(store)
    (key,) = [k for k in store.keys() if k.startswith("renardiere.guest.")]
    kept = json.loads(store.get(key))
    store.set(key, json.dumps(dict(kept, log=[["x", 5], None], names="Ada")))
    g, gpage = device_app(net, store=store, seed=8)
    answer_by_paste(host, hpage, gpage, url)
    assert g.guest.state == "open" and host.play.devices.away() == []
    assert len(g.guest.seat.log) == len(host.play.session.state.actions)


# -- fault 12: two tabs hosting one game ---------------------------------------------------------

class Profile:
    """One browser profile: its store, and the locks its tabs hold (Web Locks: a tab asks, is
    told no while another holds one, may take it; a tab that closes lets go of its own)."""

    def __init__(self):
        self.store = saves.MemoryStore()
        self.locks = {}       # name -> [peers, fn]

    def close(self, peers):
        for name in [n for n, (p, _) in self.locks.items() if p is peers]:
            del self.locks[name]


class TabPeers(FakePeers):
    """A tab's channels, and its locks in its profile (``channels.Peers.hold``)."""

    def __init__(self, net, page, profile):
        super().__init__(net, page)
        self.profile = profile

    def hold(self, name, steal, fn):
        async def later():
            locks = self.profile.locks
            holder = locks.get(name)
            if holder is not None and holder[0] is not self and not steal:
                fn("elsewhere")
                return
            if holder is not None and holder[0] is not self:
                holder[1]("taken")
            locks[name] = [self, fn]
            fn("held")
        self.page.spawn(later())

    def let_go(self, name):
        if self.profile.locks.get(name, [None])[0] is self:
            del self.profile.locks[name]


def tab(net, profile, hash_=""):
    """A tab of ``profile``'s browser, on ``hash_``."""
    page = FakePage()
    app = App(page, profile.store, DirectBot(), bot_delay=0, rng=random.Random(len(PAGES) + 40),
              base_url="https://example.test/", clock=Clock())
    app.peers = TabPeers(net, page, profile)
    page.app = app
    PAGES.append(page)
    app.boot(hash_)
    run(page)
    return app, page


def hosted_in_tab(net, profile):
    """Tab A of ``profile`` starts Fendo against a guest on another device, and invites it."""
    a, apage = tab(net, profile, "#new/fendo")
    a.on_form("kind1", "device")
    a.on_click("start", {})
    run(apage)
    return a, apage


def test_a_second_tab_of_a_hosted_game_says_where_it_is_played_and_takes_it_over():
    net, profile = Net(), Profile()
    a, apage = hosted_in_tab(net, profile)
    sid = a.play.session.id
    b, bpage = tab(net, profile, "#play/" + sid)           # the same game in a second tab
    url = invite(a, apage, 1)                               # A invites: its token is saved
    # B says where the game is played, offers to take it over, and plays nothing
    assert "another tab" in txt(bpage) and 'data-act="take-over"' in bpage.html
    assert 'id="invite-1"' not in bpage.html
    b.on_click("invite", {"seat": "1"})
    run(bpage)
    assert 'id="join-link"' not in bpage.html
    f = b.play.frame()
    b.play.move(f.acting, f.legal[0]) if f.acting is not None else None
    run(bpage)
    assert b.play.session.ply == 0 and not a.play.stale
    # the guest joins A, the only host, and the game goes on
    g, gpage = device_app(net, seed=5)
    answer_by_paste(a, apage, gpage, url)
    assert g.guest.state == "open" and a.play.devices.away() == []
    f = a.play.frame()
    a.play.move(f.acting, f.legal[0])
    run(apage, gpage)
    assert a.play.session.ply == 1 and g.guest.msg.ply == 1
    # B takes it over: A lets its guest go and says so; B holds the game as saved, A's move in it
    b.on_click("take-over", {})
    run(apage, bpage, gpage)
    assert "taken over by another tab" in txt(apage) and a.play.devices.away() == [1]
    assert b.play.session.ply == 1 and 'id="invite-1"' in bpage.html and "another tab" not in txt(bpage)
    assert g.guest.state == "away"
    # the guest pairs again with B, on the token it kept; A plays nothing behind B's back
    url2 = invite(b, bpage, 1)
    answer_by_paste(b, bpage, gpage, url2)
    assert g.guest.state == "open" and b.play.devices.away() == []
    a.on_click("invite", {"seat": "1"})
    f = a.play.frame()
    if f.acting is not None:
        a.play.move(f.acting, f.legal[0])
    run(apage)
    assert 'id="join-link"' not in apage.html and not b.play.stale


def test_a_guest_tab_in_the_host_s_profile_never_hosts_the_game_behind_its_back():
    net, profile = Net(), Profile()
    a, apage = hosted_in_tab(net, profile)
    sid = a.play.session.id
    g, gpage = join(net, a, apage, 1, store=profile.store)     # a guest tab of the same browser
    # that tab lists the game on home, and opens it
    gpage.go("#")
    assert f'data-save="{sid}"' in gpage.html
    g.peers = TabPeers(net, gpage, profile)
    gpage.go("#play/" + sid)
    run(gpage)
    assert "another tab" in txt(gpage) and 'data-act="take-over"' in gpage.html
    f = g.play.frame()
    if f.acting is not None:
        g.play.move(f.acting, f.legal[0])
    run(gpage, apage)
    assert g.play.session.ply == 0 and not a.play.stale


def test_a_host_tab_that_reloads_hosts_its_game_again():
    net, profile = Net(), Profile()
    a, apage = hosted_in_tab(net, profile)
    sid = a.play.session.id
    profile.close(a.peers)                           # the page goes: its locks with it
    a2, apage2 = tab(net, profile, "#play/" + sid)
    assert "another tab" not in txt(apage2) and 'id="invite-1"' in apage2.html
    a2.on_click("reload-game", {})                   # the same game opened again in that tab
    run(apage2)
    assert 'id="invite-1"' in apage2.html
