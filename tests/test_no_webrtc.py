"""A browser without WebRTC (issue 52, fault 10), and pairing's failures, said in words: a join
link says which browsers can play across devices, the new-game form greys "On their phone",
the devices bar offers no Invite, and no browser's error text reaches the screen (only the
console).  The page's own check is ``ui.web.channels.webrtc_here``; here the fake network's
peers say ``supported`` (tests/helpers/devices.py).  In a real browser: tests/e2e/test_no_webrtc_ui.py."""

from __future__ import annotations

import json

import pytest

from helpers.devices import Net, device_app, host_game, invite, run
from ui.store import saves
from ui.store.saves import MemoryStore

WORDS = {"en": ("cannot play across devices", "Chrome, Edge, Firefox, or Safari on iPhone and iPad"),
         "fr": ("ne peut pas jouer entre appareils", "Chrome, Edge ou Firefox récent, ou Safari sur iPhone et iPad")}


class JsException(Exception):
    """What Pyodide raises for a JavaScript error (its text: the browser's)."""


def without_webrtc(app):
    app.peers.supported = False     # on this app's peers only (the class says True)
    return app


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_join_link_in_a_browser_without_webrtc_says_which_browsers_can(lang):
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    url = invite(host, hpage, 1)
    g, gpage = device_app(net, lang=lang, seed=300)
    without_webrtc(g)
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    html = gpage.html
    assert g.guest.state == "bad" and g.guest.why == "guest.no_webrtc", html
    assert all(w in html for w in WORDS[lang]), html
    assert 'data-why="guest.no_webrtc"' in html and 'id="answer-link"' not in html
    assert not net.answers, "an answer was tried in a browser without WebRTC"
    assert "Exception" not in html and "Error" not in html


def test_a_failed_answer_is_said_in_words_and_its_error_only_in_the_console():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    url = invite(host, hpage, 1)
    g, gpage = device_app(net, seed=300)

    async def refused(peer, sdp, servers=()):
        raise JsException("ReferenceError: Can't find variable: RTCPeerConnection")

    g.peers.answer = refused
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    html = gpage.html
    assert g.guest.state == "bad" and "could not connect to the other device" in html, html
    assert "JsException" not in html and "ReferenceError" not in html and "RTCPeerConnection" not in html
    assert any("ReferenceError" in w for w in gpage.warnings), gpage.warnings


def test_a_failed_offer_is_said_in_words_and_its_error_only_in_the_console():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])

    async def refused(peer, servers=()):
        raise JsException("TypeError: undefined is not a constructor")

    host.peers.offer = refused
    host.on_click("invite", {"seat": "1"})
    run(hpage)
    html = hpage.html
    assert "could not make the code" in html, html
    assert "JsException" not in html and "TypeError" not in html
    assert any("TypeError" in w for w in hpage.warnings), hpage.warnings


def device_radio(html: str, seat: int) -> str:
    start = html.index(f'name="kind{seat}" value="device"')
    return html[start:html.index(">", start)]


def test_the_form_greys_on_their_phone_and_says_why_where_there_is_no_webrtc():
    net = Net()
    app, page = device_app(net)
    page.go("#new/fennecs")
    assert "disabled" not in device_radio(page.html, 0) and 'id="device-off"' not in page.html
    without_webrtc(app)
    page.go("#")
    page.go("#new/fennecs")
    html = page.html
    assert all(" disabled" in device_radio(html, i) for i in range(len(app.home.form["seats"])))
    assert 'id="device-off"' in html and WORDS["en"][0] in html
    assert 'aria-describedby="device-off"' in html
    app.on_form("kind1", "device")          # a click the page lets through anyway: refused
    assert app.home.form["seats"][1]["kind"] == "bot"


def test_a_seat_last_set_up_on_their_phone_comes_back_as_a_person_without_webrtc():
    net, store = Net(), MemoryStore()
    store.set(saves.SETUP_PREFIX + "renard_des_bois", json.dumps(
        {"seats": [{"kind": "human", "name": "", "level": "standard"},
                   {"kind": "device", "name": "Zoé", "level": "standard"}], "options": {}}))
    app, page = device_app(net, store=store)
    page.go("#new/renard_des_bois")
    assert app.home.form["seats"][1]["kind"] == "device"
    without_webrtc(app)
    page.go("#")
    page.go("#new/renard_des_bois")
    assert [s["kind"] for s in app.home.form["seats"]] == ["human", "human"]
    assert app.home.form["seats"][1]["name"] == "Zoé"


def test_the_devices_bar_offers_no_invite_without_webrtc_and_says_why():
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    assert 'id="invite-1"' in hpage.html
    without_webrtc(host)
    host.changed()
    hpage.run()
    host.on_click("invite", {"seat": "1"})     # an old page's button: nothing made
    run(hpage)
    html = hpage.html
    assert 'id="invite-1"' not in html and 'id="devices-off"' in html, html
    assert "cannot invite them" in html and host.play.devices.offers == {} and not net.offers
