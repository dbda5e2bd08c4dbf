"""A network of its own for the WebRTC browser tests: Chromium and the site's server in a new
network namespace, where two pages can connect and nothing can leave.

Why: Chromium gathers no WebRTC candidate with loopback alone, and a test may send traffic only
to loopback or to addresses of a network it made itself.  So the test runs in a namespace
(``unshare -n``, as root) holding loopback and one veth pair made up for it, IPv4 only: v0 is
10.77.0.1/24, v1 is up with no address, and the default route goes to 10.77.0.2, which is nobody.  That gives
Chromium an interface to gather a host candidate on (it writes it as an mDNS ``<uuid>.local``
name, unless the page holds the camera's permission: then 10.77.0.1), and two pages of one
browser connect through it in well under a second.  The namespace has no link to the machine's
network: no other address is ever reached.

How to write such a test.  The browser part is a pytest module under tests/e2e/in_netns/ whose
name does not start with ``test_`` (so the usual run never collects it), with
``pytestmark = netns.inside_only()`` (mark ``netns``; skipped outside a namespace).  It takes
the e2e fixtures as they are (tests/e2e/conftest.py: ``server`` on 127.0.0.1, ``browser``,
``new_watch``, ``wait_ready``...), which all work inside.  An ordinary test module,
tests/e2e/test_*.py, runs it and fails with its output if it did not pass::

    def test_pairing():
        netns.run_pytest("tests/e2e/in_netns/rtc_pair.py")

:func:`run_pytest` runs ``python -m pytest MODULE -p no:xdist`` in the namespace, asserts that
it exited 0 with tests passed and none skipped, and returns the CompletedProcess.  Lower down,
:func:`run` runs any command there.  Both skip (with the reason) only where ``unshare`` or
``ip`` is missing; where they exist but fail (not root), the test fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = "RENARDIERE_NETNS"   # "1" inside a namespace made here
ADDRESS = "10.77.0.1"
# No IPv6 in it: an interface's IPv6 link-local address is "tentative" for a second or two after
# it comes up, then becomes final; Chromium, started by then, hears an address change and fails
# what it was fetching (net::ERR_NETWORK_CHANGED: a page's boot never ended, 2026-11-29); the
# first pairings seen never to connect that day (3 runs in 20) were most likely the same.
SETUP = " && ".join([
    "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6",
    "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6",
    "ip link set lo up",
    "ip link add v0 type veth peer name v1",
    f"ip addr add {ADDRESS}/24 dev v0",
    "ip link set v0 up",
    "ip link set v1 up",
    "ip route add default via 10.77.0.2 dev v0",
])


def inside() -> bool:
    """Whether this process runs in a namespace made by :func:`run`."""
    return os.environ.get(ENV) == "1"


def inside_only() -> list:
    """A module's ``pytestmark``: marked ``netns``, skipped outside a namespace."""
    return [pytest.mark.netns,
            pytest.mark.skipif(not inside(), reason="runs in its own network namespace: "
                               "through tools/netns.py's run_pytest")]


def missing() -> str | None:
    """Why no namespace can be made here, or None."""
    lacking = [tool for tool in ("unshare", "ip") if not shutil.which(tool)]
    return f"no {' nor '.join(lacking)} here (util-linux, iproute2)" if lacking else None


def run(argv: list[str], timeout: float = 300, camera: bool = True) -> subprocess.CompletedProcess:
    """Runs ``argv`` in a new network namespace set up as the module's docstring says, from
    the repository's root, with RENARDIERE_NETNS=1; returns its exit code and output (text).
    ``camera``: its Chromium is the full browser, which has a (fake) camera."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    env[ENV] = "1"
    # The full browser for the tests that take the camera, which the headless shell the other
    # browser tests run lacks (tests/e2e/conftest.py, CHROMIUM); the shell for the others: a
    # page's boot costs it about two thirds of the full browser's CPU.
    if camera:
        env.setdefault("RENARDIERE_CHROMIUM", "/usr/bin/chromium")
    return subprocess.run(["unshare", "-n", "sh", "-c", f'{SETUP} && exec "$@"', "netns", *argv],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def run_pytest(module: str, *args: str, timeout: float = 300, camera: bool = True) -> subprocess.CompletedProcess:
    """Runs the pytest module (a path from the repository's root) in a namespace; fails the
    calling test, with the run's output, unless its tests all passed (none skipped)."""
    proc = run([sys.executable, "-m", "pytest", module, "-p", "no:xdist", "-p", "no:cacheprovider",
                "-q", "-rA", "--no-header", "-W", "ignore::pytest.PytestUnknownMarkWarning", *args],
               timeout=timeout, camera=camera)
    out = proc.stdout + proc.stderr
    summary = out.strip().splitlines()[-1] if out.strip() else ""
    if proc.returncode != 0 or not re.search(r"\d+ passed", summary) or re.search(r"skipped|deselected", summary):
        pytest.fail(f"{module} in its network namespace: exit {proc.returncode}, {summary!r}\n"
                    + out[-8000:], pytrace=False)
    return proc
