"""Pairing with one tap (issue 52): once the camera is granted, the host's invitation films with
the front camera beside its code, and the guest's answer, held up to it, pairs the seat with
no further tap.  On CPython through the apps' real path (tests/helpers/devices.py); the page's
camera is a fake that says what it was asked, and "films" the texts the test hands it.  The
real camera in Chromium: tests/e2e/test_devices_ui.py (how="camera")."""

from __future__ import annotations

import re

from helpers.devices import Net, device_app, host_game, invite, run


class Camera:
    """The page's camera: ``scan(labels, on_text, live, on_refused)`` and ``scan_stop()``."""

    def __init__(self):
        self.live = None            # the <video> id filmed in, while the live camera is on
        self.on_text = None
        self.on_refused = None
        self.boxes = 0              # the back camera's box, opened by the Scan button
        self.stops = 0

    def scan(self, labels, on_text, live=None, on_refused=None):
        self.on_text = on_text
        if live is None:
            self.boxes += 1
        else:
            self.live, self.on_refused = live, on_refused

    def scan_stop(self):
        self.live = None
        self.stops += 1

    def film(self, text):
        """The camera reads ``text``; as the page does, a True answer stops it."""
        if self.on_text(text) and self.live is not None:
            self.scan_stop()


def hosted(camera_granted=True):
    net = Net()
    host, hpage = host_game(net, "renard_des_bois", ["human", "device"])
    cam = Camera()
    hpage.scan, hpage.scan_stop = cam.scan, cam.scan_stop
    host.peers.ask_camera = _answer(camera_granted)
    return net, host, hpage, cam


def _answer(value):
    async def ask_camera():
        return value
    return ask_camera


def guest_answer(net, url):
    g, gpage = device_app(net, seed=101)
    gpage.go("#" + url.split("#", 1)[1])
    run(gpage)
    answer = re.search(r'id="answer-link" href="([^"]+)"', gpage.html).group(1).replace("&amp;", "&")
    return g, gpage, answer


def test_one_tap_pairs_a_guest_whose_answer_the_live_camera_reads():
    net, host, hpage, cam = hosted()
    taps = 1
    url = invite(host, hpage, 1)                     # the one tap: Invite
    assert cam.live == "invite-cam" and 'id="invite-cam"' in hpage.html
    assert "hold it facing this screen" in hpage.html
    g, gpage, answer = guest_answer(net, url)
    cam.film(answer)
    run(hpage, gpage)
    assert g.guest.state == "open" and g.guest.msg is not None
    assert 'data-seat="1"' in hpage.html and 'class="device here"' in hpage.html
    assert cam.live is None and 'id="invite-cam"' not in hpage.html    # the camera is off once paired
    assert cam.boxes == 0 and taps == 1


def test_the_live_camera_passes_other_codes_and_an_answer_read_twice():
    net, host, hpage, cam = hosted()
    url = invite(host, hpage, 1)
    cam.film(url)                                   # its own code, in a mirror: passed, no error
    cam.film("https://example.org/some/other/code")
    assert cam.live == "invite-cam" and "st-error" not in hpage.html
    g, gpage, answer = guest_answer(net, url)
    cam.film(answer)
    cam.film(answer)          # still in sight as the spent invitation is replaced: read once
    run(hpage, gpage)
    assert g.guest.state == "open" and "st-error" not in hpage.html


def test_no_live_camera_without_its_permission_and_the_other_ways_stay():
    net, host, hpage, cam = hosted(camera_granted=False)
    invite(host, hpage, 1)
    assert cam.live is None and 'id="invite-cam"' not in hpage.html
    assert 'id="answer"' in hpage.html and 'id="scan"' in hpage.html      # paste, and Scan


def test_a_refused_camera_leaves_the_invitation_as_before():
    net, host, hpage, cam = hosted()
    invite(host, hpage, 1)
    cam.on_refused()
    assert 'id="invite-cam"' not in hpage.html and 'id="scan"' in hpage.html


def test_closing_the_invitation_or_scanning_by_hand_stops_the_live_camera():
    net, host, hpage, cam = hosted()
    invite(host, hpage, 1)
    host.on_click("invite-close", {})
    assert cam.live is None and cam.stops == 1
    invite(host, hpage, 1)
    assert cam.live == "invite-cam"
    host.on_click("scan", {})
    assert cam.live is None and cam.boxes == 1


def test_an_offer_that_hides_the_host_s_address_says_what_to_do():
    """Firefox names its host by mDNS names even with the camera's permission (Chromium without
    it): the invitation says what to do if the guest cannot connect; an address says nothing."""
    from helpers.devices import FIXTURES

    net, host, hpage, cam = hosted()
    invite(host, hpage, 1)
    assert 'id="hidden-address"' in hpage.html and "Wi-Fi router" in hpage.html
    address = (FIXTURES / "chromium_offer_address.sdp").read_text()
    offer = host.peers.offer

    async def offer_address(peer, servers=()):
        await offer(peer, servers)
        return net.describe(address)[0]

    host.peers.offer = offer_address
    host.on_click("invite-close", {})
    invite(host, hpage, 1)
    assert 'id="hidden-address"' not in hpage.html
