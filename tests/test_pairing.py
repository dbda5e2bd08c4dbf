"""The pairing codes of play across devices (ui/net/pairing.py) and their QR codes (ui/net/qr.py).

Round trips on the offer and answer Chromium made in tests/e2e/in_netns/rtc_pair.py
(tests/fixtures/rtc/), on a description written as Firefox writes one, on IPv6 and srflx
candidates; whatever else it is given, unpack raises PairingError and nothing else.  That the
rebuilt descriptions connect is tests/e2e/test_rtc_pair.py's part.
"""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.net import pairing, qr
from ui.net.pairing import PairingError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "rtc"
CHROMIUM = {p.stem: p.read_text() for p in sorted(FIXTURES.glob("*.sdp"))}
# A GitHub Pages project site's address in front of the fragment, for the QR codes' sizes.
SITE = "https://renardiere-games.github.io/renardiere/"

# Written as Firefox writes a data-channel-only offer: the fingerprint and ICE options at the
# session level, UDP in capitals, two mDNS host candidates, a TCP one (left out), an srflx one
# (a STUN server's), a=end-of-candidates, and its large a=max-message-size.
FIREFOX = """v=0
o=mozilla...THIS_IS_SDPARTA-128.0 5279431471622530476 0 IN IP4 0.0.0.0
s=-
t=0 0
a=fingerprint:sha-256 6B:8B:5D:EA:59:04:20:23:29:C8:87:1C:CD:87:32:BE:DD:8C:66:A5:8E:50:55:EA:8C:D3:B6:5C:09:5E:E6:BC
a=group:BUNDLE 0
a=ice-options:trickle
a=msid-semantic:WMS *
m=application 49321 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:0 1 UDP 2122252543 4b5b2a3e-58c6-4a2c-a3f4-6a0a3b0c0d1e.local 49321 typ host
a=candidate:2 1 UDP 2122187007 8A1D3E2F-0B4C-4D5E-9F60-718293A4B5C6.local 51234 typ host
a=candidate:4 1 TCP 2105524479 4b5b2a3e-58c6-4a2c-a3f4-6a0a3b0c0d1e.local 9 typ host tcptype active
a=candidate:1 1 UDP 1686052863 203.0.113.7 49321 typ srflx raddr 0.0.0.0 rport 0
a=sendrecv
a=end-of-candidates
a=ice-pwd:b1e3f0c2d4a5968778695a4b3c2d1e0f
a=ice-ufrag:9f8e7d6c
a=mid:0
a=setup:actpass
a=sctp-port:5000
a=max-message-size:1073741823
"""

IPV6 = CHROMIUM["chromium_answer"].replace(
    "a=ice-ufrag:", "a=candidate:9 1 udp 2122197247 2001:db8:0:0:1:0:0:1 50000 typ host generation 0\r\n"
    "a=candidate:8 1 udp 1685987071 2001:DB8::ff00:42:8329 50001 typ srflx raddr :: rport 0\r\n"
    "a=candidate:7 1 udp 2122262783 fe80::1c2d:3eff:fe4f:5a6b 50002 typ host\r\n"
    "a=candidate:6 1 udp 2122262783 10.77.0.9 50003 typ host\r\n"
    "a=ice-ufrag:")

DESCRIPTIONS = {**CHROMIUM, "firefox": FIREFOX, "ipv6": IPV6}


def codes() -> dict[str, str]:
    return {name: pairing.pack(text) for name, text in DESCRIPTIONS.items()}


def test_the_fixtures_are_chromiums():
    assert set(CHROMIUM) == {"chromium_offer", "chromium_answer", "chromium_offer_address"}
    assert all("a=extmap-allow-mixed" in text or "a=setup:active" in text for text in CHROMIUM.values())


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_round_trip(name):
    text = DESCRIPTIONS[name]
    code = pairing.pack(text)
    fields = pairing.unpack(code)
    assert fields == pairing.fields(text)
    rebuilt = pairing.sdp(fields)
    assert pairing.fields(rebuilt) == fields
    assert pairing.pack(rebuilt) == code
    # What WebRTC needs, as the browser wrote it.
    for attribute in ("ice-ufrag", "ice-pwd", "setup"):
        assert re.search(f"^a={attribute}:(.*)$", text, re.M)[1].strip() in rebuilt
    assert re.search(r"sha-256 ([0-9A-F:]+)", text)[1] in rebuilt


def test_what_the_codes_hold():
    offer = pairing.unpack(codes()["chromium_offer"])
    assert offer["type"] == "offer" and offer["setup"] == "actpass"
    assert [c["type"] for c in offer["candidates"]] == ["host"]
    assert offer["candidates"][0]["address"].endswith(".local")
    assert offer["max_message_size"] == 262144
    answer = pairing.unpack(codes()["chromium_answer"])
    assert answer["type"] == "answer" and answer["setup"] == "active"
    # With the camera's permission: the address itself, and the TCP candidate left out.
    address = pairing.unpack(codes()["chromium_offer_address"])
    assert address["candidates"] == [{"type": "host", "address": "10.77.0.1", "port": address["candidates"][0]["port"]}]


def test_firefox():
    f = pairing.unpack(codes()["firefox"])
    assert (f["ufrag"], f["pwd"], f["setup"]) == ("9f8e7d6c", "b1e3f0c2d4a5968778695a4b3c2d1e0f", "actpass")
    assert f["candidates"] == [
        {"type": "host", "address": "4b5b2a3e-58c6-4a2c-a3f4-6a0a3b0c0d1e.local", "port": 49321},
        {"type": "host", "address": "8a1d3e2f-0b4c-4d5e-9f60-718293a4b5c6.local", "port": 51234},
        {"type": "srflx", "address": "203.0.113.7", "port": 49321},
    ]
    assert f["max_message_size"] == 2 ** 29   # rounded down: the other side sends no more
    assert re.search(r"^a=candidate:3 1 udp \d+ 203\.0\.113\.7 49321 typ srflx raddr 0\.0\.0\.0 rport 0\r$",
                     pairing.sdp(f), re.M)


def test_ipv6():
    f = pairing.unpack(codes()["ipv6"])
    assert [(c["type"], c["address"]) for c in f["candidates"]] == [
        ("host", "160e3c45-3753-42f6-9e83-a0cfd364865c.local"),
        ("host", "2001:db8::1:0:0:1"),
        ("srflx", "2001:db8::ff00:42:8329"),
        ("host", "fe80::1c2d:3eff:fe4f:5a6b"),
        ("host", "10.77.0.9"),
    ]
    assert "typ srflx raddr :: rport 0" in pairing.sdp(f)


def test_priorities_keep_the_browsers_order():
    lines = [x for x in pairing.sdp(pairing.unpack(codes()["ipv6"])).split("\r\n") if x.startswith("a=candidate")]
    hosts = [int(x.split()[3]) for x in lines if "typ host" in x]
    assert hosts == sorted(hosts, reverse=True) and len(set(hosts)) == len(hosts)


def test_the_rebuilt_description():
    text = pairing.sdp(pairing.unpack(codes()["chromium_offer"]))
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    lines = text.split("\r\n")
    assert lines[:4] == ["v=0", lines[1], "s=-", "t=0 0"] and re.fullmatch(r"o=- \d+ 2 IN IP4 127\.0\.0\.1", lines[1])
    for needed in ("a=group:BUNDLE 0", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                   "c=IN IP4 0.0.0.0", "a=ice-options:trickle", "a=mid:0", "a=sctp-port:5000",
                   "a=max-message-size:262144", "a=setup:actpass"):
        assert needed in lines
    assert lines.index("m=application 9 UDP/DTLS/SCTP webrtc-datachannel") > lines.index("a=group:BUNDLE 0")


def test_sizes():
    sizes = {name: len(code) for name, code in codes().items()}
    assert sizes["chromium_offer"] == sizes["chromium_answer"] == 104   # the docstring says so
    assert sizes["chromium_offer_address"] == 88
    assert all(n <= pairing.MAX_CODE for n in sizes.values())
    # The longest a code can be: 8 candidates, the longest ICE credentials; a 9th is left out.
    many = "".join(f"a=candidate:{i} 1 udp 1 2001:db8::{i} {5000 + i} typ host\r\n" for i in range(9))
    longest = re.sub("a=ice-ufrag:.*", "a=ice-ufrag:" + "u" * 32, CHROMIUM["chromium_answer"])
    longest = re.sub("a=ice-pwd:.*", "a=ice-pwd:" + "p" * 64, longest).replace("a=candidate", many + "a=candidate", 1)
    code = pairing.pack(longest)
    assert len(code) == pairing.MAX_CODE
    assert len(pairing.unpack(code)["candidates"]) == pairing.MAX_CANDIDATES


# -- what unpack refuses ----------------------------------------------------------------------

def _refused(code) -> str:
    with pytest.raises(PairingError) as e:
        pairing.unpack(code)
    return str(e.value)


def test_refusals_say_why():
    good = codes()["chromium_offer"]
    raw = base64.urlsafe_b64decode(good + "==")
    enc = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    assert "too long" in _refused("A" * (pairing.MAX_CODE + 1))
    assert "characters" in _refused(good[:50] + "!" + good[51:])
    assert "characters" in _refused(good[:50] + "é" + good[51:])
    assert "length" in _refused(good + "A")
    assert "stray bits" in _refused("AQJ")
    assert "version" in _refused(enc(b"\x02" + raw[1:]))
    assert "role" in _refused(enc(raw[:1] + b"\x03" + raw[2:]))
    assert "message size" in _refused(enc(raw[:2] + b"\x05" + raw[3:]))
    assert "ice-ufrag: 2 characters" in _refused(enc(raw[:3] + b"\x02" + raw[4:]))
    assert "too many" in _refused(enc(raw + b"\x00"))
    assert "candidates (at most" in _refused(enc(raw[:-20] + b"\x09" + raw[-19:]))
    assert "unknown kind" in _refused(enc(raw[:-19] + b"\x03" + raw[-18:]))
    assert "port 0" in _refused(enc(raw[:-2] + b"\x00\x00"))
    assert "cut short" in _refused("")
    assert "text" in _refused(None) and "text" in _refused(b"AQI")
    assert pairing.unpack(f"  {good}\n") == pairing.unpack(good)   # pasted with blanks


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_every_shorter_code_is_refused(name):
    code = codes()[name]
    for n in range(len(code)):
        _refused(code[:n])


def test_descriptions_pack_refuses():
    offer = CHROMIUM["chromium_offer"]
    ufrag = re.search(r"a=ice-ufrag:(\S+)", offer)[1]
    name, port = re.search(r" ([0-9a-f-]{36}\.local) (\d+) typ", offer).groups()
    for bad, why in [
        (offer.replace("a=fingerprint:sha-256", "a=fingerprint:sha-1"), "fingerprint"),
        (offer.replace("a=mid:0", "a=mid:data"), "mid 0"),
        (offer.replace("a=sctp-port:5000", "a=sctp-port:5001"), "SCTP port"),
        (offer.replace("a=setup:actpass", "a=setup:holdconn"), "setup"),
        (offer.replace(f"a=ice-ufrag:{ufrag}", "a=ice-ufrag:n"), "ice-ufrag"),
        (offer.replace("a=ice-pwd:", "a=ice-pwd:#"), "ice-pwd"),
        (offer + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "data-channel-only"),
        (offer.replace(f"{port} typ host", f"{port} host"), "malformed candidate"),
        (offer.replace(f".local {port}", ".local 0"), "port"),
        (offer.replace(name, "my-phone.local"), "IPv4"),
        (offer.replace("a=max-message-size:262144", "a=max-message-size:100"), "max-message-size"),
        (offer.replace("a=max-message-size:262144", "a=max-message-size:" + "9" * 5000), "max-message-size"),
    ]:
        with pytest.raises(PairingError, match=why):
            pairing.pack(bad)
    with pytest.raises(PairingError):
        pairing.pack(None)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_read_or_refused(text):
    try:
        pairing.unpack(text)
    except PairingError:
        pass


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_refused(data):
    code = base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    try:
        fields = pairing.unpack(code)
    except PairingError:
        return
    assert pairing.pack(pairing.sdp(fields)) == code   # what is read is what it says


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(DESCRIPTIONS)), st.integers(0, 400), st.sampled_from("AZaz09-_Qg"))
def test_a_damaged_code_is_read_or_refused(name, at, ch):
    code = codes()[name]
    at %= len(code)
    try:
        pairing.unpack(code[:at] + ch + code[at + 1:])
    except PairingError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=2000))
def test_pack_refuses_with_pairing_error_only(text):
    try:
        pairing.pack(text)
    except PairingError:
        pass


# -- QR codes ---------------------------------------------------------------------------------

def _modules(markup: str) -> set[tuple[int, int]]:
    """The dark modules an SVG of :func:`qr.svg` draws: segno's stroked path, one row of
    horizontal runs after another (``M x y.5 h n m dx dy ...``)."""
    path = [p for p in ET.fromstring(markup) if p.get("stroke")][0].get("d")
    dark, x, y = set(), 0.0, 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark |= {(int(x) + i, int(y)) for i in range(int(a))}
            x += float(a)
    return dark


@pytest.mark.parametrize("text", ["hello", SITE + "#join/" + "A" * 104, SITE + "#answer/" + "x" * pairing.MAX_CODE])
def test_qr_svg(text):
    import segno

    markup = qr.svg(text, 'Scan me "now" & <here>')
    assert markup.startswith("<svg ") and "<?xml" not in markup
    root = ET.fromstring(markup)   # well-formed
    code = segno.make_qr(text, error="l", boost_error=True)
    size = code.symbol_size(border=qr.BORDER)[0]
    assert root.get("viewBox") == f"0 0 {size} {size}"
    assert (root.get("role"), root.get("aria-label"), root.get("shape-rendering")) == (
        "img", 'Scan me "now" & <here>', "crispEdges")
    assert root.get("width") is None and root.get("class") == "qr"
    light = [p for p in root if p.get("fill")][0]
    assert (light.get("fill"), light.get("d")) == ("#fff", f"M0 0h{size}v{size}h-{size}z")
    assert [p for p in root if p.get("stroke")][0].get("stroke") == "#000"
    want = {(x + qr.BORDER, y + qr.BORDER) for y, row in enumerate(code.matrix) for x, v in enumerate(row) if v}
    assert _modules(markup) == want
    assert min(min(m) for m in want) == qr.BORDER    # the quiet zone
    print(f"{len(text)} characters: version {code.version}, {size - 2 * qr.BORDER} modules, error {code.error}")


def test_a_join_link_is_a_small_qr_code():
    import segno

    link = SITE + "#join/" + codes()["chromium_offer"]
    code = segno.make_qr(link, error="l", boost_error=True)
    assert code.version <= 8, (len(link), code.version)   # 49 modules: 156 characters here


def test_the_versions_are_pinned_once():
    assert f"segno=={qr.SEGNO}\n" in (ROOT / "requirements-dev.txt").read_text()
    assert qr.WHEEL.endswith(f"/segno-{qr.SEGNO}-py3-none-any.whl")
    wheel = ROOT / qr.WHEEL
    if wheel.is_file():   # made by `make runtime`
        import hashlib

        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == qr.SEGNO_SHA256
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["dependencies"]["jsqr"] == lock["packages"]["node_modules/jsqr"]["version"]


def test_the_service_worker_precaches_them():
    """A guest's page works offline: rtc.js, jsQR and segno's wheel are in the precache list."""

    from tools import build

    files = set(build.app_files(ROOT))
    assert "assets/rtc.js" in files
    for rel in (qr.WHEEL.removeprefix("./"), build.JSQR_DEST.as_posix()):
        assert (rel in files) == (ROOT / rel).is_file(), rel   # both there after `make runtime`
