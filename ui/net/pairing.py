"""The WebRTC offer and answer of play across devices as short codes (standard library only).

A host and a guest pair with no server: the host's offer travels to the guest's phone in a
QR code or link (``#join/<code>``), the guest's answer back the same way (``#answer/<code>``).
A browser's session description (SDP) is about 600 characters, mostly what a data channel
does not need; the code keeps only what WebRTC needs to connect, and :func:`sdp` writes a
minimal description back that Chromium, Firefox and Safari accept.

Size: a typical Chromium offer (one mDNS host candidate) is a code of 104 characters (78
bytes), its answer too; with the camera's permission the candidate is an IPv4 address and the
code 88 characters.  Each further candidate adds 19 bytes (about 26 characters) at most; the
longest code is :data:`MAX_CODE` (350) characters.

The bytes, version 1::

    version      1 byte (1)
    setup        1 byte: 0 actpass (an offer), 1 active, 2 passive (an answer)
    max message  1 byte: log2 of a=max-message-size, rounded down (a safe bound)
    ice-ufrag    1 byte length, then its characters at 6 bits each (ICE's alphabet is
    ice-pwd      base64's), the last byte's unused low bits zero
    fingerprint  32 bytes: the DTLS certificate's SHA-256
    candidates   1 byte count, then each: 1 byte kind (address family 0 IPv4, 1 IPv6,
                 2 an mDNS name ``<uuid>.local``; +16 for srflx, else host), the address
                 (4, 16, or the UUID's 16 bytes), the port (2 bytes, big-endian)

Then base64url, unpadded.  Candidates are UDP, component 1 (data channels bundle
everything on one), host or srflx (a STUN server's); others are left out (TCP, relay).
Their foundations and priorities are written anew, in the order given: the browser lists
them best first.  An srflx candidate loses its related address (0.0.0.0 / ``::`` in its
place, as browsers write it when they hide it): it only informs.

:func:`unpack` reads codes typed, pasted or scanned by anyone: whatever it is given, it
returns the fields or raises :class:`PairingError`, never another exception.
"""

from __future__ import annotations

import base64
import re

VERSION = 1
SETUPS = ("actpass", "active", "passive")
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
UFRAG_LEN = (4, 32)    # RFC 8839 allows 4-256 and 22-256; browsers use 4-16 and 22-32
PWD_LEN = (22, 64)
MAX_CANDIDATES = 8     # a phone on Wi-Fi and mobile data, IPv4 and IPv6, has 4
FAMILIES = ("ipv4", "ipv6", "mdns")
ADDRESS_BYTES = (4, 16, 16)
SRFLX = 16
TYPE_PREF = {"host": 126, "srflx": 100}    # RFC 8445's recommended type preferences
DEFAULT_MAX_MESSAGE = 65536                # RFC 8841: when a=max-message-size is absent
# The longest code :func:`unpack` reads (a longer one is refused before it is decoded).
MAX_BYTES = 3 + (1 + 24) + (1 + 48) + 32 + 1 + MAX_CANDIDATES * 19
MAX_CODE = (MAX_BYTES * 4 + 2) // 3

_CODE_RX = re.compile(r"[A-Za-z0-9_-]*")
_UUID_RX = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local",
                      re.IGNORECASE)
_HEX_FP_RX = re.compile(r"[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){31}")


class PairingError(ValueError):
    """A description that cannot be packed, or a code that cannot be read: the reason."""


# -- small pieces -------------------------------------------------------------------------

def _pack6(text: str) -> bytes:
    """ICE characters at 6 bits each, after their count.

    >>> _pack6("nU5M").hex()
    '049d4e4c'
    """
    value = 0
    for ch in text:
        value = value << 6 | ICE_CHARS.index(ch)
    size = (len(text) * 6 + 7) // 8
    return bytes([len(text)]) + (value << (size * 8 - len(text) * 6)).to_bytes(size, "big")


def _unpack6(data: bytes, at: int, what: str, bounds: tuple[int, int]) -> tuple[str, int]:
    """(the text, the offset after it), from what :func:`_pack6` wrote at ``at``.

    >>> _unpack6(bytes.fromhex("049d4e4c"), 0, "ufrag", UFRAG_LEN)
    ('nU5M', 4)
    """
    count = _byte(data, at, what)
    if not bounds[0] <= count <= bounds[1]:
        raise PairingError(f"{what}: {count} characters, not {bounds[0]} to {bounds[1]}")
    size = (count * 6 + 7) // 8
    chunk = _take(data, at + 1, size, what)
    spare = size * 8 - count * 6
    value = int.from_bytes(chunk, "big")
    if value & ((1 << spare) - 1):
        raise PairingError(f"{what}: stray bits after its characters")
    value >>= spare
    chars = [ICE_CHARS[value >> (6 * i) & 63] for i in reversed(range(count))]
    return "".join(chars), at + 1 + size


def _byte(data: bytes, at: int, what: str) -> int:
    if at >= len(data):
        raise PairingError(f"the code is cut short (at {what})")
    return data[at]


def _take(data: bytes, at: int, size: int, what: str) -> bytes:
    if at + size > len(data):
        raise PairingError(f"the code is cut short (in {what})")
    return data[at:at + size]


def ipv4_bytes(text: str) -> bytes:
    """The 4 bytes of an IPv4 address.

    >>> ipv4_bytes("10.77.0.1").hex()
    '0a4d0001'
    """
    parts = text.split(".")
    if len(parts) != 4 or not all(p.isdigit() and p.isascii() and len(p) <= 3 and int(p) < 256
                                  for p in parts):
        raise PairingError(f"not an IPv4 address: {text!r}")
    return bytes(int(p) for p in parts)


def ipv6_bytes(text: str) -> bytes:
    """The 16 bytes of an IPv6 address as SDP writes it (no zone, no brackets).

    >>> ipv6_bytes("fe80::1").hex()
    'fe800000000000000000000000000001'
    >>> ipv6_bytes("::ffff:10.0.0.1").hex()
    '00000000000000000000ffff0a000001'
    """
    bad = PairingError(f"not an IPv6 address: {text!r}")
    head, sep, tail = text.partition("::")
    if "::" in tail:
        raise bad
    groups = [head.split(":") if head else [], tail.split(":") if tail else []]
    last = groups[1] if sep else groups[0]
    if last and "." in last[-1]:   # an IPv4 address in the last 32 bits
        v4 = ipv4_bytes(last[-1])
        last[-1:] = [v4[:2].hex(), v4[2:].hex()]
    missing = 8 - len(groups[0]) - len(groups[1])
    if (missing < 1) if sep else (missing != 0):
        raise bad
    out = b""
    for g in groups[0] + ["0"] * missing + groups[1]:
        if not 1 <= len(g) <= 4 or not all(c in "0123456789abcdefABCDEF" for c in g):
            raise bad
        out += int(g, 16).to_bytes(2, "big")
    return out


def ipv6_text(data: bytes) -> str:
    """RFC 5952's form: lowercase, the longest run of zero groups (two or more) as ``::``.

    >>> ipv6_text(bytes.fromhex("fe800000000000000000000000000001"))
    'fe80::1'
    >>> ipv6_text(bytes(16)), ipv6_text(bytes.fromhex("20010db8000000010000000000000001"))
    ('::', '2001:db8:0:1::1')
    """
    groups = [f"{int.from_bytes(data[i:i + 2], 'big'):x}" for i in range(0, 16, 2)]
    best, start = (0, 0), None
    for i, g in enumerate(groups + ["end"]):
        if g == "0" and start is None:
            start = i
        elif g != "0" and start is not None:
            if i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    if best[1] - best[0] < 2:
        return ":".join(groups)
    return ":".join(groups[:best[0]]) + "::" + ":".join(groups[best[1]:])


def address_bytes(address: str) -> tuple[int, bytes]:
    """(the family's index in FAMILIES, the address's bytes) of a candidate's address.

    >>> address_bytes("5c1a867c-3dfc-40be-b888-3b94dbac36ca.local")[0]
    2
    """
    m = _UUID_RX.fullmatch(address)
    if m:
        return 2, bytes.fromhex("".join(m.groups()))
    if ":" in address:
        return 1, ipv6_bytes(address)
    return 0, ipv4_bytes(address)


def address_text(family: int, data: bytes) -> str:
    """A candidate's address from its family and bytes (an mDNS name from its UUID's).

    >>> address_text(2, bytes(range(16)))
    '00010203-0405-0607-0809-0a0b0c0d0e0f.local'
    """
    if family == 0:
        return ".".join(str(b) for b in data)
    if family == 1:
        return ipv6_text(data)
    h = data.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"


def message_exponent(size: int) -> int:
    """a=max-message-size as the byte of the code: log2, rounded down; 0 (any size) as 2**30.

    >>> message_exponent(262144), message_exponent(1073741823), message_exponent(0)
    (18, 29, 30)
    """
    return 30 if size == 0 else min(size.bit_length() - 1, 30)


# -- the description's fields ---------------------------------------------------------------

def _candidate(value: str) -> dict | None:
    """A candidate line's value (after ``a=candidate:``) as the code keeps it, or None if the
    code leaves it out (not UDP, not component 1, neither host nor srflx)."""
    parts = value.split()
    if len(parts) < 8 or parts[6] != "typ":
        raise PairingError(f"a malformed candidate: {value!r}")
    _, component, transport, _, address, port, _, kind = parts[:8]
    if component != "1" or transport.lower() != "udp" or kind not in TYPE_PREF:
        return None
    if not (port.isdigit() and port.isascii() and 0 < int(port) < 65536):
        raise PairingError(f"a candidate's port: {port!r}")
    return {"type": kind, "address": address_text(*address_bytes(address)), "port": int(port)}


def fields(text: str) -> dict:
    """What the code keeps of a data-channel-only offer or answer (the dict :func:`unpack`
    returns); raises :class:`PairingError` on a description it cannot carry."""
    if not isinstance(text, str):
        raise PairingError("a description is text")
    attrs: dict[str, list[str]] = {}
    media = []
    for line in text.replace("\r\n", "\n").split("\n"):
        line = line.strip()
        if line.startswith("m="):
            media.append(line)
        elif line.startswith("a="):
            name, _, value = line[2:].partition(":")
            attrs.setdefault(name, []).append(value.strip())
    if len(media) != 1 or media[0].split()[2:] != ["UDP/DTLS/SCTP", "webrtc-datachannel"]:
        raise PairingError(f"not a data-channel-only description: {media!r}")

    def one(name: str, default: str | None = None) -> str:
        values = set(attrs.get(name, []))
        if len(values) > 1 or (not values and default is None):
            raise PairingError(f"a={name}: {len(values)} values")
        return values.pop() if values else default

    if one("mid") != "0" or one("sctp-port", "5000") != "5000":
        raise PairingError("the code carries mid 0 and SCTP port 5000 only")
    sha = [v.split()[1] for v in attrs.get("fingerprint", [])
           if len(v.split()) == 2 and v.split()[0].lower() == "sha-256"]
    if len(sha) != 1 or not _HEX_FP_RX.fullmatch(sha[0]):
        raise PairingError("no single SHA-256 fingerprint")
    setup = one("setup")
    if setup not in SETUPS:
        raise PairingError(f"a=setup:{setup}")
    size = one("max-message-size", str(DEFAULT_MAX_MESSAGE))
    if not (size.isdigit() and size.isascii() and len(size) < 16) or 0 < int(size) < 1024:
        raise PairingError(f"a=max-message-size:{size}")
    out = {
        "type": "offer" if setup == "actpass" else "answer",
        "setup": setup,
        "ufrag": one("ice-ufrag"),
        "pwd": one("ice-pwd"),
        "fingerprint": sha[0].upper(),
        "max_message_size": 2 ** message_exponent(int(size)),
        "candidates": [c for v in attrs.get("candidate", []) if (c := _candidate(v))][:MAX_CANDIDATES],
    }
    for name, bounds in (("ufrag", UFRAG_LEN), ("pwd", PWD_LEN)):
        value = out[name]
        if not (bounds[0] <= len(value) <= bounds[1] and all(c in ICE_CHARS for c in value)):
            raise PairingError(f"ice-{name} {value!r}: not {bounds[0]} to {bounds[1]} ICE characters")
    return out


def hidden(f: dict) -> bool:
    """Whether a description (:func:`fields`) names its device by mDNS names alone: a browser
    hides its addresses so (Firefox even with the camera's permission, Chromium without it),
    and some phone hotspots drop the multicast a guest needs to find them.

    >>> hidden({"candidates": [{"type": "host", "address": "5c1a867c-3dfc-40be-b888-3b94dbac36ca.local", "port": 9}]})
    True
    >>> hidden({"candidates": [{"type": "host", "address": "10.77.0.1", "port": 9}]})
    False
    """
    return all(c["address"].endswith(".local") for c in f["candidates"])


# -- codes --------------------------------------------------------------------------------

def pack(text: str) -> str:
    """The code of an offer or answer (SDP): see the module's docstring."""
    f = fields(text)
    out = bytearray([VERSION, SETUPS.index(f["setup"]), f["max_message_size"].bit_length() - 1])
    out += _pack6(f["ufrag"]) + _pack6(f["pwd"])
    out += bytes.fromhex(f["fingerprint"].replace(":", ""))
    out.append(len(f["candidates"]))
    for c in f["candidates"]:
        family, raw = address_bytes(c["address"])
        out.append(family + (SRFLX if c["type"] == "srflx" else 0))
        out += raw + c["port"].to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def decode_bytes(code: str) -> bytes:
    """The bytes of a code, strictly: base64url, unpadded, canonical, not too long.

    >>> decode_bytes("AQI")
    b'\\x01\\x02'
    >>> decode_bytes("AQJ")
    Traceback (most recent call last):
    ...
    ui.net.pairing.PairingError: not a code written by pack (stray bits at its end)
    """
    if not isinstance(code, str):
        raise PairingError("a code is text")
    code = code.strip()
    if len(code) > MAX_CODE:
        raise PairingError(f"too long for a code: {len(code)} characters (at most {MAX_CODE})")
    if not code.isascii() or not _CODE_RX.fullmatch(code):
        raise PairingError("a code has only the characters A-Z a-z 0-9 - _")
    if len(code) % 4 == 1:
        raise PairingError("not a code's length: a character too many or too few")
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != code:
        raise PairingError("not a code written by pack (stray bits at its end)")
    return data


def unpack(code: str) -> dict:
    """The fields of a code (as :func:`fields` gives them), or :class:`PairingError`."""
    data = decode_bytes(code)
    if _byte(data, 0, "the version") != VERSION:
        raise PairingError(f"a code of version {data[0]}: this page reads version {VERSION}")
    setup = _byte(data, 1, "setup")
    if setup >= len(SETUPS):
        raise PairingError(f"an unknown DTLS role: {setup}")
    exponent = _byte(data, 2, "the message size")
    if not 10 <= exponent <= 30:
        raise PairingError(f"a maximum message size of 2**{exponent}")
    ufrag, at = _unpack6(data, 3, "ice-ufrag", UFRAG_LEN)
    pwd, at = _unpack6(data, at, "ice-pwd", PWD_LEN)
    fingerprint = _take(data, at, 32, "the fingerprint").hex().upper()
    at += 32
    count = _byte(data, at, "the candidates' count")
    at += 1
    if count > MAX_CANDIDATES:
        raise PairingError(f"{count} candidates (at most {MAX_CANDIDATES})")
    candidates = []
    for i in range(count):
        kind = _byte(data, at, f"candidate {i + 1}")
        family = kind & ~SRFLX
        if family >= len(FAMILIES):
            raise PairingError(f"candidate {i + 1}: an unknown kind {kind}")
        raw = _take(data, at + 1, ADDRESS_BYTES[family] + 2, f"candidate {i + 1}")
        port = int.from_bytes(raw[-2:], "big")
        if port == 0:
            raise PairingError(f"candidate {i + 1}: port 0")
        candidates.append({"type": "srflx" if kind & SRFLX else "host",
                           "address": address_text(family, raw[:-2]), "port": port})
        at += 1 + len(raw)
    if at != len(data):
        raise PairingError(f"{len(data) - at} bytes too many after the candidates")
    return {
        "type": "offer" if setup == 0 else "answer",
        "setup": SETUPS[setup],
        "ufrag": ufrag,
        "pwd": pwd,
        "fingerprint": ":".join(fingerprint[i:i + 2] for i in range(0, 64, 2)),
        "max_message_size": 2 ** exponent,
        "candidates": candidates,
    }


def candidate_line(index: int, c: dict) -> str:
    """A candidate as SDP writes it, its foundation and priority made from its place.

    >>> candidate_line(0, {"type": "host", "address": "10.77.0.1", "port": 5000})
    'a=candidate:1 1 udp 2130706431 10.77.0.1 5000 typ host'
    """
    priority = TYPE_PREF[c["type"]] << 24 | (65535 - index) << 8 | 255
    line = f"a=candidate:{index + 1} 1 udp {priority} {c['address']} {c['port']} typ {c['type']}"
    if c["type"] == "srflx":
        line += " raddr " + ("::" if ":" in c["address"] else "0.0.0.0") + " rport 0"
    return line


def sdp(f: dict) -> str:
    """A minimal description of the fields (of :func:`unpack`), for setRemoteDescription.

    Its session id is made from the fingerprint: the same fields give the same text.
    """
    session = int(f["fingerprint"].replace(":", "")[:15], 16)
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(candidate_line(i, c) for i, c in enumerate(f["candidates"])),
        "a=end-of-candidates",
        f"a=ice-ufrag:{f['ufrag']}",
        f"a=ice-pwd:{f['pwd']}",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {f['fingerprint']}",
        f"a=setup:{f['setup']}",
        "a=mid:0",
        "a=sctp-port:5000",
        f"a=max-message-size:{f['max_message_size']}",
    ]
    return "\r\n".join(lines) + "\r\n"
