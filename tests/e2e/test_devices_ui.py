"""Play across devices in Chromium, over real WebRTC: whole games of Le Renard des Bois,
Fennecs, Fowl Play and Onexeno with the host's page and guests' pages, with a guest's reload,
a host's reload and a guest closed and back.  The browser part, tests/e2e/in_netns/
devices_games.py, runs in a network namespace of its own (tests/e2e/netns.py)."""

from __future__ import annotations

import netns


def test_whole_games_across_devices():
    proc = netns.run_pytest("tests/e2e/in_netns/devices_games.py", "-s", timeout=2400)
    print(proc.stdout[-4000:])
