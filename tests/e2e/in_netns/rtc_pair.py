"""Two pages pair over WebRTC through the codes of ui/net/pairing.py, in a network of their own.

Run by tests/e2e/test_rtc_pair.py in a network namespace (tools/netns.py); skipped
anywhere else.  Two browser contexts load the site, each with assets/rtc.js (added here until
index.html loads it).  The host's offer and the guest's answer go through the codes on CPython
(pack, unpack, sdp) and nothing else: if the connection opens, the codes kept everything
WebRTC needs.  Then a QR code drawn on the page by segno (installed by ui/net/qr.py's ``ready``
from the site, in a Pyodide of its own) is read back by rtc.js's jsQR path, and one that the
(fake) camera films is read by rtc.js's scan().

The offer and answer each run saw are written to test-results/rtc/ (tests/fixtures/rtc/*.sdp
were taken from there).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tools import netns
from conftest import CHROMIUM, CHROMIUM_ARGS, NO_SNAPSHOT, QUICK, RESULTS, Watch, wait_ready
from ui.net import pairing, qr

pytestmark = netns.inside_only()

# A fake camera, for askCamera(); its permission is the context's to grant.  (With Chromium's
# --use-fake-ui-for-media-stream besides, the pages' candidates were addresses, never mDNS.)
FAKE_CAMERA = ["--use-fake-device-for-media-stream"]
# Each test's events, from its start (the listener of the test before is taken off).
EVENTS = """() => {
  if (window.rtcUnlisten) rtcUnlisten();
  window.rtcEvents = [];
  window.rtcUnlisten = renardiereRtc.listen((p, k, d) => k === 'tick' || rtcEvents.push([p, k, d ?? null]));
}"""
MDNS = re.compile(r" [0-9a-f-]{36}\.local \d+ typ host")


# What the fake camera films: a join link's QR code, still, as a Y4M video (Chromium's format for
# a fake camera's file): 640x480, 4:2:0, the code drawn by segno at 8 pixels a module.
FILMED = "http://127.0.0.1/#join/" + "Q" * 104


def _y4m(path: Path, text: str, width: int = 640, height: int = 480, scale: int = 8) -> None:
    import segno

    matrix = segno.make_qr(text, error="l", boost_error=True).matrix
    size = len(matrix) * scale
    x0, y0 = (width - size) // 2, (height - size) // 2
    luma = bytearray([235]) * (width * height)      # white (video range)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    at = (y0 + y * scale + dy) * width + x0 + x * scale
                    luma[at:at + scale] = bytes([16]) * scale
    chroma = bytes([128]) * (width * height // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 2)


@pytest.fixture(scope="module")
def browser(playwright_instance, tmp_path_factory):
    film = tmp_path_factory.mktemp("camera") / "qr.y4m"
    _y4m(film, FILMED)
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + FAKE_CAMERA
                                            + [f"--use-file-for-fake-video-capture={film}"])
    yield b
    b.close()


@pytest.fixture(scope="module")
def pages(browser, server):
    """(host, guest): two watched pages, each of its own context, on the site and ready, with
    rtc.js, its events recorded in window.rtcEvents (the module's tests share them: each load
    of the site starts a Pyodide)."""
    made = []
    for _ in range(2):
        ctx = browser.new_context(service_workers="allow")
        ctx.set_default_timeout(30_000)
        ctx.add_init_script(QUICK)
        ctx.add_init_script(NO_SNAPSHOT)
        w = Watch(server.url)
        w.attach_context(ctx)
        page = ctx.new_page()
        w.attach_page(page)
        page.goto(server.url)
        made.append((ctx, w, page))
    for _ctx, _w, page in made:
        wait_ready(page)
        page.add_script_tag(url=server.url + "assets/rtc.js")
    yield made[0][2], made[1][2]
    for ctx, _w, _page in made:
        ctx.close()
    for _ctx, w, _page in made:
        w.check()


@pytest.fixture
def host(pages):
    pages[0].evaluate(EVENTS)
    return pages[0]


@pytest.fixture
def guest(pages):
    pages[1].evaluate(EVENTS)
    return pages[1]


def _save(name: str, text: str) -> None:
    out = RESULTS / "rtc"
    out.mkdir(parents=True, exist_ok=True)
    (out / name).write_text(text)


def _through_code(sdp: str) -> tuple[str, str]:
    """(the code, the description rebuilt from it)."""
    code = pairing.pack(sdp)
    return code, pairing.sdp(pairing.unpack(code))


def _pair(host, guest, tag: str) -> dict:
    """Host offers, guest answers, each through its code; returns what was measured."""
    t0 = time.monotonic()
    offer = host.evaluate("() => renardiereRtc.offer('guest', [])")
    offer_code, offer_sdp = _through_code(offer)
    answer = guest.evaluate("(s) => renardiereRtc.answer('host', s, [])", offer_sdp)
    answer_code, answer_sdp = _through_code(answer)
    host.evaluate("(s) => renardiereRtc.accept('guest', s)", answer_sdp)
    host.wait_for_function("() => renardiereRtc.state('guest') === 'open'", timeout=10_000)
    guest.wait_for_function("() => renardiereRtc.state('host') === 'open'", timeout=10_000)
    opened = time.monotonic() - t0
    _save(f"{tag}-offer.sdp", offer)
    _save(f"{tag}-answer.sdp", answer)
    return {"offer": offer, "answer": answer, "offer_code": offer_code, "answer_code": answer_code,
            "seconds": opened}


def test_two_pages_connect_through_the_codes(host, guest):
    got = _pair(host, guest, "mdns")
    print(f"mdns: opened in {got['seconds']:.2f} s; offer code {len(got['offer_code'])} characters, "
          f"answer code {len(got['answer_code'])}")
    # Without the camera's permission, Chromium names its host candidate by mDNS only.
    assert MDNS.search(got["offer"]) and netns.ADDRESS not in got["offer"]
    assert all(c["address"].endswith(".local") for c in pairing.unpack(got["offer_code"])["candidates"])
    assert len(got["offer_code"]) <= 110 and len(got["answer_code"]) <= 110

    assert host.evaluate("() => renardiereRtc.send('guest', 'from the host: é ♠')")
    assert guest.evaluate("() => renardiereRtc.send('host', 'from the guest')")
    guest.wait_for_function("() => rtcEvents.some(e => e[1] === 'message')")
    host.wait_for_function("() => rtcEvents.some(e => e[1] === 'message')")
    assert guest.evaluate("() => rtcEvents") == [["host", "open", None], ["host", "message", "from the host: é ♠"]]
    assert host.evaluate("() => rtcEvents") == [["guest", "open", None], ["guest", "message", "from the guest"]]
    assert host.evaluate("() => renardiereRtc.send('nobody', 'x')") is False

    # The host ends it: the guest is told ("close"), the host is not (it did it).
    host.evaluate("() => renardiereRtc.close('guest')")
    guest.wait_for_function("() => rtcEvents.some(e => e[1] === 'close')")
    assert guest.evaluate("() => renardiereRtc.state('host')") == "closed"
    assert guest.evaluate("() => renardiereRtc.send('host', 'x')") is False
    assert host.evaluate("() => rtcEvents.map(e => e[1])") == ["open", "message"]

    # A description the browser refuses: the promise rejects, no connection is left behind.
    refused = """async () => {
      try { await renardiereRtc.answer('x', 'v=0 not a description', []); return 'answered'; }
      catch (e) { return renardiereRtc.state('x'); }
    }"""
    assert guest.evaluate(refused) == "closed"
    assert "no offer waits" in guest.evaluate("() => renardiereRtc.accept('x', 'v=0').catch(e => e.message)")


def test_with_the_camera_the_offer_carries_the_address(host, guest, server):
    assert host.evaluate("() => renardiereRtc.askCamera()") is False   # no permission
    host.context.grant_permissions(["camera"], origin=server.url.rstrip("/"))
    assert host.evaluate("() => renardiereRtc.askCamera()") is True
    got = _pair(host, guest, "address")
    print(f"address: opened in {got['seconds']:.2f} s; offer code {len(got['offer_code'])} characters")
    candidates = pairing.unpack(got["offer_code"])["candidates"]
    assert {"type": "host", "address": netns.ADDRESS} in [{k: c[k] for k in ("type", "address")} for c in candidates]
    assert host.evaluate("() => renardiereRtc.send('guest', 'hello')")
    guest.wait_for_function("() => rtcEvents.some(e => e[1] === 'message' && e[2] === 'hello')")

    # A new offer for the same seat replaces the connection: the guest is told it closed.
    host.evaluate("() => renardiereRtc.offer('guest', [])")
    guest.wait_for_function("() => rtcEvents.some(e => e[1] === 'close')")
    assert host.evaluate("() => [renardiereRtc.state('guest'), rtcEvents.map(e => e[1])]") == ["connecting", ["open"]]
    host.evaluate("() => renardiereRtc.close('guest')")


# Loads a Pyodide of its own on the page (the app's is not reachable from here), puts ui/net/qr.py
# and ui/kit/html.py in it as the server has them, and draws a QR code after qr.ready(), which
# fetches segno's wheel from the site as the app will.
DRAW_IN_PYODIDE = """async (text) => {
  const { loadPyodide } = await import('./assets/runtime/pyodide/pyodide.mjs');
  const py = await loadPyodide({ indexURL: new URL('./assets/runtime/pyodide/', location.href).href });
  for (const d of ['ui', 'ui/net', 'ui/kit']) {
    py.FS.mkdirTree('/app/' + d);
    py.FS.writeFile('/app/' + d + '/__init__.py', '');
  }
  for (const f of ['net/qr.py', 'kit/html.py']) py.FS.writeFile('/app/ui/' + f, await (await fetch('./ui/' + f)).text());
  py.globals.set('TEXT', text);
  return await py.runPythonAsync(`
import sys
import js
sys.path.insert(0, '/app')
from ui.net import qr

async def fetch(url):      # what the page's layer hands qr.ready (ui/web/dom.py)
    return (await (await js.fetch(url)).arrayBuffer()).to_bytes()

await qr.ready(fetch)
qr.svg(TEXT, 'A code')
`);
}"""

# Draws an SVG into a canvas (8 pixels a module) and reads it with rtc.js's jsQR path.
READ_BACK = """async (svg) => {
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await img.decode();
  const n = Number(svg.match(/viewBox="0 0 (\\d+) /)[1]) * 8;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = n;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, n, n);
  await renardiereRtc.jsqr();
  return renardiereRtc.decodeImage(ctx.getImageData(0, 0, n, n));
}"""


def test_a_qr_code_drawn_on_the_page_reads_back(guest, server):
    page = guest
    code = pairing.pack((Path(__file__).resolve().parents[2] / "fixtures" / "rtc" / "chromium_offer.sdp").read_text())
    link = f"{server.url}#join/{code}"
    t0 = time.monotonic()
    drawn = page.evaluate(DRAW_IN_PYODIDE, link)
    print(f"qr: Pyodide, segno and the drawing in {time.monotonic() - t0:.1f} s")
    assert drawn == qr.svg(link, "A code")     # the page's segno draws as CPython's
    assert page.evaluate(READ_BACK, drawn) == link
    wheel = [s.path for s in server.sent if s.path.endswith(".whl")]
    assert wheel and wheel[-1] == "/" + qr.WHEEL.removeprefix("./")


SCAN = """async () => {
  const video = document.createElement('video');
  document.body.appendChild(video);
  window.scanned = [];
  window.stopScan = await renardiereRtc.scan(video, (text) => scanned.push(text));
  return [video.videoWidth, video.videoHeight];
}"""


def test_the_camera_reads_a_qr_code(host, server):
    """scan() films with the (fake) camera and reads through jsQR: Chromium on Linux has no
    BarcodeDetector.  Each text once; stop() stops the camera."""
    host.context.grant_permissions(["camera"], origin=server.url.rstrip("/"))
    assert host.evaluate("() => 'BarcodeDetector' in window") is False
    assert host.evaluate(SCAN) == [640, 480]
    host.wait_for_function("() => scanned.length > 0", timeout=10_000)
    host.wait_for_timeout(500)     # a few more frames: the same text is not said again
    assert host.evaluate("() => scanned") == [FILMED]
    assert host.evaluate("""() => {
      const video = document.querySelector('video');
      const tracks = video.srcObject.getTracks();
      stopScan();
      return [video.srcObject, tracks.map(t => t.readyState)];
    }""") == [None, ["ended"]]
