"""WebKit and Firefox for the browser tests, with one small interface (Playwright's own WebKit
and Firefox are downloads, which fail here; Debian packages them):

  webkit_session()    Debian's WebKitGTK: ``WebKitWebDriver`` (package webkit2gtk-driver), a W3C
                      WebDriver, under a virtual display (xvfb-run), driving the package's
                      MiniBrowser; plain HTTP from urllib
  firefox_session()   Debian's firefox-esr, headless, over WebDriver BiDi by npm's puppeteer-core,
                      in a Node process of its own (tools/firefox_driver.mjs), one JSON line
                      per command

Each returns an object with: ``goto(url)``, ``reload()``, ``evaluate(fn, *args)`` (a JavaScript
function's source, awaited; JSON values), ``wait(fn, *args, timeout=)`` (polls ``evaluate`` until
truthy), ``click(selector, at=None)`` (a real mouse click at the element's centre, or ``at``:
(x, y) from its top left corner; ``click_at(x, y)`` at a point of the viewport, e.g. one
``POINT`` found), ``size(width, height)`` (the page's inner size, once the page has it),
``preload(source)`` (a script for every page loaded from then on, before the app's Python),
``close()``.  ``missing()`` says which binaries are absent (``tools/ensure.sh webkit firefox``
installs them).

Neither gives the console: the tests read what the app says of a failure instead
(``window.renardiereFailed``, the watchdog's and the recovery screen's notices).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEBKIT_DRIVER = os.environ.get("RENARDIERE_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("RENARDIERE_MINIBROWSER", "")
FIREFOX = os.environ.get("RENARDIERE_FIREFOX", "/usr/bin/firefox-esr")
FIREFOX_DRIVER = Path(__file__).with_name("firefox_driver.mjs")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core" / "package.json"


def minibrowser() -> str | None:
    """The MiniBrowser of Debian's WebKitGTK (libwebkit2gtk-4.1-0 ships it outside PATH)."""
    if MINIBROWSER:
        return MINIBROWSER
    for lib in sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser")) + \
            sorted(Path("/usr/libexec").glob("webkit2gtk-4.*/MiniBrowser")):
        if os.access(lib, os.X_OK):
            return str(lib)
    return None


def missing(engine: str) -> list[str]:
    if engine == "webkit":
        need = {"WebKitWebDriver": Path(WEBKIT_DRIVER).exists(), "MiniBrowser": minibrowser() is not None,
                "xvfb-run": shutil.which("xvfb-run") is not None}
    else:
        need = {"firefox-esr": Path(FIREFOX).exists(), "node": shutil.which("node") is not None,
                "puppeteer-core (npm ci)": PUPPETEER.exists()}
    return [name for name, ok in need.items() if not ok]


class EngineError(AssertionError):
    pass


# The point to click on element ``e``: scrolled into view, then its centre (or ``at``: [x, y]
# from its top left corner) in the viewport; and which element is there (a click must land on
# it or inside it).  A JavaScript function (e, at), for scripts that find what to click and
# where in one call.
POINT = """(e, at) => {
  e.scrollIntoView({block: "center", inline: "center"});
  const r = e.getBoundingClientRect();
  // its centre, else the first point of it in view across its middle, as a person taps the
  // part of a fanned card that shows (a hand of 13 at 390 px overlaps each card's centre)
  const xs = at ? [at[0]] : [0.5, 0.1, 0.25, 0.75, 0.9].map(f => r.width * f);
  let x, y, hit;
  for (const dx of xs) {
    x = r.left + dx; y = r.top + (at ? at[1] : r.height / 2);
    hit = document.elementFromPoint(x, y);
    if (hit && (hit === e || e.contains(hit))) return {x, y, ok: true, hit: hit.outerHTML.slice(0, 120)};
  }
  return {x, y, ok: false, hit: hit ? hit.outerHTML.slice(0, 120) : null};
}"""


class _Session:
    name = ""
    proc: subprocess.Popen      # the driver's process, in a session (process group) of its own

    def _kill(self) -> None:
        """The driver and everything it started (the browser, Xvfb): a test that fails or is
        stopped leaves nothing running."""
        try:
            os.killpg(self.proc.pid, 15)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)

    def evaluate(self, fn: str, *args):
        raise NotImplementedError

    def preload(self, source: str) -> None:
        raise NotImplementedError

    def click_at(self, x: float, y: float) -> None:
        """A real mouse click at (x, y) of the viewport."""
        self._click_xy(x, y)

    def _click_xy(self, x: float, y: float) -> None:
        raise NotImplementedError

    def wait(self, fn: str, *args, timeout: float = 60.0, every: float = 0.1):
        """Polls ``fn(*args)`` until it returns a truthy value, which it returns."""
        end = time.monotonic() + timeout
        while True:
            value = self.evaluate(fn, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: timed out after {timeout:g} s waiting for {fn} {args}")
            time.sleep(every)

    def wait_for(self, selector: str, timeout: float = 60.0) -> None:
        self.wait("(s) => !!document.querySelector(s)", selector, timeout=timeout)

    _POINT = f"""(s, at) => {{
      const e = document.querySelector(s);
      return e ? ({POINT})(e, at) : null;
    }}"""

    def click(self, selector: str, at: tuple[float, float] | None = None, timeout: float = 30.0) -> None:
        """A real mouse click on the first element matching ``selector``, once there is one and
        nothing covers the point."""
        end = time.monotonic() + timeout
        while True:
            p = self.evaluate(self._POINT, selector, list(at) if at else None)
            if p and p["ok"]:
                self._click_xy(p["x"], p["y"])
                return
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: cannot click {selector}: {p}")
            time.sleep(0.1)

    def inner(self) -> tuple[int, int]:
        w, h = self.evaluate("() => [innerWidth, innerHeight]")
        return w, h


# -- WebKit: WebKitWebDriver over HTTP ------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


GTK_CSS = ("headerbar, headerbar *, entry, button "
           "{ min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n")


# WebKit's top WebAssembly tier (OMG) compiles Pyodide's largest functions again, in the
# background, while the page and the bot's worker start; on this 2-core machine that held a
# page's start at 35-55 s and the worker's first answer at 20-30 s more (7-13 s and a few
# seconds with the tier off, the same run). The tests check what WebKit draws and runs, not how
# fast its JIT tiers up: they run with JavaScriptCore's JSC_useOMGJIT=0, the same engine with
# its code compiled by the tiers below (bench/bench_bot_start.py measures it as shipped).
TEST_JSC = {"JSC_useOMGJIT": "0"}


class WebKitSession(_Session):
    name = "webkit"

    def __init__(self, jsc: dict[str, str] | None = None):
        """``jsc``: JavaScriptCore's options, as its JSC_* environment variables (TEST_JSC by
        default; {} for the engine as shipped)."""
        port = _free_port()
        self.base = f"http://127.0.0.1:{port}"
        # MiniBrowser's toolbar holds its window at 447 px wide or more: a GTK style of its own
        # (a fresh config folder) shrinks the toolbar's widgets, so the page can be 390 px wide.
        self.preloads: list[str] = []
        self.chrome = (0, 0)    # the window's size less the page's: MiniBrowser's toolbar
        self.config = tempfile.mkdtemp(prefix="renardiere-webkit-")
        (Path(self.config) / "gtk-3.0").mkdir()
        (Path(self.config) / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
        env = dict(os.environ, XDG_CONFIG_HOME=self.config, **(TEST_JSC if jsc is None else jsc))
        # A screen large enough for 1280x800 and more, in 24-bit colour (xvfb-run's default is 8).
        self.proc = subprocess.Popen(
            ["xvfb-run", "-a", "-s", "-screen 0 1920x1200x24", WEBKIT_DRIVER, f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env)
        end = time.monotonic() + 30
        while True:
            try:
                self._http("GET", "/status")
                break
            except (OSError, urllib.error.URLError):
                if self.proc.poll() is not None or time.monotonic() > end:
                    err = self.proc.stderr.read().decode(errors="replace") if self.proc.poll() is not None else ""
                    self._kill()
                    raise EngineError(f"WebKitWebDriver did not start: {err[-2000:]}") from None
                time.sleep(0.2)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"binary": minibrowser(), "args": ["--automation"]}}}}
        try:
            value = self._http("POST", "/session", caps)
        except BaseException:
            self._kill()
            raise
        self.sid = value["sessionId"]
        self.version = value["capabilities"].get("browserVersion", "")
        try:
            self._http("POST", self._s("/timeouts"), {"script": 120_000, "pageLoad": 120_000})
            self.size(1280, 800)
        except BaseException:
            self.close()
            raise

    def _http(self, method: str, path: str, body: dict | None = None, timeout: float = 180.0):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            text = e.read().decode(errors="replace")
            raise EngineError(f"webkit: {method} {path}: {e.code} {text[:2000]}") from None

    def _s(self, path: str) -> str:
        return f"/session/{self.sid}{path}"

    def goto(self, url: str) -> None:
        self._http("POST", self._s("/url"), {"url": url})
        self._preloaded()

    def reload(self) -> None:
        self._http("POST", self._s("/refresh"), {})
        self._preloaded()

    def preload(self, source: str) -> None:
        """WebDriver has no scripts run before a page's own: ``source`` runs as soon as each
        navigation returns, at the page's load event, which comes seconds before Pyodide
        has started and runs the app's Python (ui/main.py marks "renardiere:python" when it
        does: the script can tell whether it came in time)."""
        self.preloads.append(source)

    def _preloaded(self) -> None:
        for source in self.preloads:
            self.evaluate(f"() => {{ {source}\n}}")

    def evaluate(self, fn: str, *args):
        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({fn})(...arguments[0]))"
                  ".then((v) => done({v: v === undefined ? null : v}), (e) => done({e: String(e && e.stack || e)}));")
        out = self._http("POST", self._s("/execute/async"), {"script": script, "args": [list(args)]})
        if "e" in out:
            raise EngineError(f"webkit: script failed: {out['e']}")
        return out["v"]

    def _click_xy(self, x: float, y: float) -> None:
        actions = {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                                "actions": [{"type": "pointerMove", "duration": 0, "origin": "viewport",
                                             "x": int(x), "y": int(y)},
                                            {"type": "pointerDown", "button": 0},
                                            {"type": "pointerUp", "button": 0}]}]}
        self._http("POST", self._s("/actions"), actions)

    def size(self, width: int, height: int) -> None:
        """The window's size such that the page's inner size is ``width`` x ``height``, once
        the page has it: the window is the page and the toolbar (``chrome``, measured at the
        first call)."""
        want = (width, height)
        for _ in range(6):
            if self.inner() == want:
                return
            self._http("POST", self._s("/window/rect"),
                       {"width": want[0] + self.chrome[0], "height": want[1] + self.chrome[1]})
            try:
                self.wait("(w, h) => innerWidth === w && innerHeight === h", *want, timeout=1.0, every=0.05)
                return
            except EngineError:
                pass
            rect = self._http("GET", self._s("/window/rect"))
            w, h = self.inner()
            self.chrome = (rect["width"] - w, rect["height"] - h)
        raise EngineError(f"webkit: cannot size the page to {want}: {self.inner()}")

    def _kill(self) -> None:
        super()._kill()
        shutil.rmtree(self.config, ignore_errors=True)

    def close(self) -> None:
        try:
            self._http("DELETE", self._s(""), timeout=30)
        except Exception:  # closing anyway
            pass
        self._kill()


# -- Firefox: puppeteer-core over BiDi, in Node ---------------------------------------------------

# Firefox's preferences for the tests (FirefoxSession's profile): none. Its optimizing wasm tier
# off (javascript.options.wasm_optimizingjit false, as WebKit's TEST_JSC) gained nothing here
# (2026-11-28, two runs each: the five games 28.4 and 32.2 s with it off, 26.3 and 29.6 s as
# shipped; a page ready ~0.4 s sooner): Firefox tiers up only its hot functions.
TEST_FIREFOX: dict = {}


class FirefoxSession(_Session):
    name = "firefox"

    def __init__(self, prefs: dict | None = None):
        """``prefs``: Firefox's preferences for the session's profile (TEST_FIREFOX by default;
        {} for the browser as shipped)."""
        prefs = TEST_FIREFOX if prefs is None else prefs
        self.proc = subprocess.Popen(["node", str(FIREFOX_DRIVER), FIREFOX, json.dumps(prefs)], cwd=ROOT,
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        self.next_id = 0
        try:
            self.version = self._read(0, 90)
        except BaseException:
            self._kill()
            raise
        self.width, self.height = 1280, 800

    def _read(self, want: int, timeout: float):
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, left))
            if not ready:
                raise EngineError(f"firefox: no answer in {timeout:g} s")
            line = self.proc.stdout.readline()
            if not line:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.poll() is not None else ""
                raise EngineError(f"firefox: the driver ended: {err[-2000:]}")
            msg = json.loads(line)
            if msg.get("id") != want:
                continue
            if "error" in msg:
                raise EngineError(f"firefox: {msg['error'][:2000]}")
            return msg["value"]

    def _call(self, op: str, timeout: float = 180.0, **kw):
        self.next_id += 1
        self.proc.stdin.write((json.dumps({"id": self.next_id, "op": op, **kw}) + "\n").encode())
        self.proc.stdin.flush()
        return self._read(self.next_id, timeout)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, fn: str, *args):
        return self._call("evaluate", fn=fn, args=list(args))

    def preload(self, source: str) -> None:
        """A preload script of WebDriver BiDi: run in each new document before its own."""
        self._call("preload", source=source)

    def _click_xy(self, x: float, y: float) -> None:
        self._call("click", x=x, y=y)

    def size(self, width: int, height: int) -> None:
        self._call("viewport", width=width, height=height)
        self.wait("(w, h) => innerWidth === w && innerHeight === h", width, height, timeout=5.0, every=0.05)

    def close(self) -> None:
        try:
            self._call("close", timeout=30)
        except Exception:  # closing anyway
            pass
        self._kill()


def webkit_session(jsc: dict[str, str] | None = None) -> WebKitSession:
    return WebKitSession(jsc)


def firefox_session(prefs: dict | None = None) -> FirefoxSession:
    return FirefoxSession(prefs)


class ChromiumSession(_Session):
    """Headless Chromium through Playwright (``pw``), as shipped, with the interface of the
    sessions above (the benchmarks set it beside WebKit: bench/bench_bot_start.py); its ``wait``
    is theirs."""

    name = "chromium"

    def __init__(self, pw):
        from tools.browsers import CHROMIUM_FULL, CHROMIUM_SHIPPED

        self.browser = pw.chromium.launch(executable_path=CHROMIUM_FULL, args=CHROMIUM_SHIPPED)
        self.version = self.browser.version
        self.ctx = self.browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
        self.page = self.ctx.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="load", timeout=120_000)

    def evaluate(self, fn: str, *args):
        return self.page.evaluate(f"(args) => ({fn})(...args)", list(args))

    def wait_for(self, selector: str, timeout: float = 60.0) -> None:
        self.page.wait_for_selector(selector, state="attached", timeout=timeout * 1000)

    def click(self, selector: str) -> None:
        self.page.click(selector, timeout=30_000)

    def close(self) -> None:
        self.browser.close()


SESSIONS = {"webkit": webkit_session, "firefox": firefox_session}
