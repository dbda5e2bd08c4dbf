"""A browser without WebRTC, in Chromium (issue 52, fault 10): ``RTCPeerConnection`` and
``RTCDataChannel`` removed by an init script, as in some browsers built into other apps or
locked down.  A join link says, in words, that this browser cannot play across devices and
which can, never the browser's own error (it said "JsException: ReferenceError: Can't find
variable: RTCPeerConnection"); the new-game form greys "On their phone" and says why.  One
page load.  WebKit, which has no WebRTC here at all: tests/e2e/test_engines.py."""

from __future__ import annotations

from across_devices import GUEST_SAYS, NO_WEBRTC, join_fragment
from conftest import wait_ready


def test_without_webrtc_a_join_link_and_the_form_say_so_in_words(context, page, server):
    context.add_init_script(NO_WEBRTC)
    page.goto(server.url + join_fragment())
    wait_ready(page)
    assert page.evaluate("() => typeof RTCPeerConnection + typeof RTCDataChannel") == "undefinedundefined"
    page.wait_for_function(GUEST_SAYS)
    said = page.evaluate(GUEST_SAYS)
    assert said["state"] == "bad" and said["why"] == "guest.no_webrtc", said
    assert "cannot play across devices" in said["text"], said
    assert "Chrome, Edge, Firefox, or Safari on iPhone and iPad" in said["text"], said
    body = page.inner_text("body")
    assert "JsException" not in body and "ReferenceError" not in body and "RTCPeerConnection" not in body
    assert page.locator("#answer-link").count() == 0

    # the new-game form: "On their phone" greyed on every seat, and why, once
    page.goto(server.url + "#new/renard_des_bois")
    page.wait_for_selector("#newgame-form")
    phones = page.locator('#newgame-form input[type=radio][value="device"]')
    assert phones.count() == 2
    for i in range(phones.count()):
        assert phones.nth(i).is_disabled()
    note = page.locator("#device-off")
    assert note.is_visible() and "cannot play across devices" in note.inner_text()
    page.locator('label.seg-item:has(input[name="kind1"][value="device"])').click(force=True)
    assert not phones.nth(1).is_checked()
    assert page.locator('input[name="kind1"][value="bot"]').is_checked()
