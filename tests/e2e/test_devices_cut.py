"""A guest cut off the network for 8 s, in Chromium over real WebRTC: both pages say it in words
within 5 s and come back after (tests/e2e/in_netns/devices_cut.py, in a network namespace of its
own: tools/netns.py)."""

from __future__ import annotations

from tools import netns


def test_a_guest_cut_off_is_said_on_both_pages():
    proc = netns.run_pytest("tests/e2e/in_netns/devices_cut.py", "-s", timeout=600, camera=False)
    print(proc.stdout[-3000:])
