"""Screenshots of each pairing state in words at 390x844, host and guest, over real WebRTC
(tests/e2e/in_netns/pairing_shots.py, in a network namespace: tools/netns.py); written to
test-results/pairing/, or with PAIRING_SHOTS=1 to docs/screenshots/pairing/."""

from __future__ import annotations

from tools import netns


def test_pairing_states_screenshots():
    proc = netns.run_pytest("tests/e2e/in_netns/pairing_shots.py", "-s", timeout=300, camera=False)
    print(proc.stdout[-3000:])
