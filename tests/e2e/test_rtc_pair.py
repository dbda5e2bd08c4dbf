"""Play across devices' transport in Chromium: two pages pair through the codes of
ui/net/pairing.py and talk over a WebRTC data channel, and a QR code drawn on the page by segno
reads back through rtc.js.  The browser part, tests/e2e/in_netns/rtc_pair.py, runs in a network
namespace of its own (tools/netns.py): WebRTC needs an interface beyond loopback, and the
test may reach none but one it made."""

from __future__ import annotations

from tools import netns


def test_pairing_in_a_network_of_its_own():
    proc = netns.run_pytest("tests/e2e/in_netns/rtc_pair.py", "-s")
    print(proc.stdout[-3000:])
