#!/usr/bin/env python3
"""A small static server for the site: `make play`, the e2e tests and the benchmarks.

    python3 -m tools.serve [--host 127.0.0.1] [--port 8000] [--root .] [--log]
                           [--pages] [--gzip] [--link BITS_PER_S,RTT_S]

Standard library only. It serves the right types for .mjs, .wasm and .webmanifest, and,
when it serves the repository itself (not a built site), keeps the app's zip, its stylesheet
and the service worker's precache list up to date: each request for assets/runtime/app.zip,
app.css or precache.js rebuilds them from the files on disk if a source changed (the new
sources beside the older bytecode: see tools/build.py), so that an edited ui/*.py or style.css
reaches the browser (on a reload the service worker notices the new list and fetches it; the
page then offers "Reload to update").

``--pages`` (``make_server(pages=True)``) sends the caching headers GitHub Pages sends:
``Cache-Control: max-age=600`` on every file, with ``Last-Modified``, and answers a conditional
request (If-Modified-Since) whose file has not changed with a 304. Without it, as
``python -m http.server``: Last-Modified and 304s, no Cache-Control (the dev server marks sw.js
and the precache list no-cache). GitHub Pages also sends an ETag; browsers send
If-Modified-Since beside If-None-Match, so the 304s come the same.

``make_server(gzip=True)`` (``--gzip``) compresses what a compressing host would (GitHub Pages
gzips text, scripts and wasm on the fly), for a client that accepts it; the counts are then of
the compressed bytes.

``make_server(link=(bits_per_s, rtt_s))`` (``--link 1.6e6,0.15``) shapes every response as if the
site were at the other end of one slow link: each waits one round trip before its first byte, and
all share the bandwidth. Chromium's own (CDP) network throttling would not do for a first visit: it
slows the page's requests but not the service worker's, which fetch the runtime for the page.

Every server counts what it sends, request by request (``server.sent``, a list of
:class:`Sent`: path, status, body and header bytes, and the request's Sec-Fetch-Dest and
whether it was conditional): the first-visit test and ``make bench`` read their bytes there,
as a host would bill them, whoever asked (the page, the bot's worker, the service worker).
"""

from __future__ import annotations

import argparse
import collections
import email.utils
import functools
import gzip as gzip_
import http.server
import io
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tools import build

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


# What GitHub Pages sends on every file (2026): ten minutes fresh, then revalidated.
PAGES_CACHE_CONTROL = "max-age=600"
# What a compressing host gzips (not zips, nor pictures but SVG).
GZIP_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".svg", ".wasm", ".webmanifest", ".txt")


@dataclass
class Sent:
    """One response, as the server sent it."""

    path: str            # without the query string
    status: int | None
    body: int            # bytes of the body (0 for a 304)
    headers: int         # bytes of the status line and headers
    dest: str            # the request's Sec-Fetch-Dest: document, script, worker, empty (fetch)...
    conditional: bool    # the request carried If-Modified-Since or If-None-Match
    start: float = 0.0   # time.monotonic() when the request came, and when the response was sent
    end: float = 0.0
    referer: str = ""    # the request's Referer: the page, a worker's script, or sw.js (its own fetches)

    @property
    def bytes(self) -> int:
        return self.body + self.headers


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    live_precache = False  # set on the class made by make_server
    pages = False          # GitHub Pages' caching headers (see the module's docstring)
    quiet = True
    _status, _body, _head = None, 0, 0  # of the response being sent (counted in do_GET)

    def do_GET(self):
        self.server.hits.append(self.path)
        time.sleep(self.server.delay.get(self.path.split("?")[0], 0.0))
        if self.server.link:
            time.sleep(self.server.link[1])  # the round trip before the first byte
        path = self.path.split("?")[0]
        made = {"/" + f.as_posix() for f in (build.PRECACHE, build.APP_ZIP, build.STYLESHEET)}
        if self.live_precache and path in made:
            try:
                if not path.endswith(".css"):
                    build.build_app_zip(Path(self.directory), quiet=True, compile=False)
                if not path.endswith(".zip"):  # the list hashes the stylesheet too
                    build.write_stylesheet(Path(self.directory), quiet=True)
                if path.endswith("precache.js"):  # the list hashes every file (12 MB): only for it
                    build.write_precache(Path(self.directory), quiet=True)
            except SystemExit as e:  # a broken pyscript.toml: say so, serve the old list
                self.log_error("precache: %s", e)
        self._status, self._body, self._head, start = None, 0, 0, time.monotonic()
        try:
            super().do_GET()
        finally:
            self.server.sent.append(Sent(
                path, self._status, self._body, self._head, self.headers.get("Sec-Fetch-Dest", ""),
                "If-Modified-Since" in self.headers or "If-None-Match" in self.headers,
                start, time.monotonic(), self.headers.get("Referer", "")))

    def send_head(self):
        if not (self.server.gzip and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or not path.endswith(GZIP_SUFFIXES):
            return super().send_head()  # a folder to redirect, a 404, a zip or a picture
        st = os.stat(path)
        try:
            since = email.utils.parsedate_to_datetime(self.headers.get("If-Modified-Since", "")).timestamp()
        except (TypeError, ValueError):
            since = None
        if since is not None and int(st.st_mtime) <= since:
            self.send_response(304)
            self.end_headers()
            return None
        body = self.server.gzipped(path, st.st_mtime)
        self.send_response(200)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.end_headers()
        return io.BytesIO(body)

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        size = 16 * 1024 if self.server.link else 64 * 1024
        while chunk := source.read(size):  # counted as it goes: a client may hang up midway
            if self.server.link:
                self.server.wait_for_link(len(chunk))
            outputfile.write(chunk)
            self._body += len(chunk)

    def end_headers(self):
        if self.pages:
            if self._status in (200, 304):
                self.send_header("Cache-Control", PAGES_CACHE_CONTROL)
        elif self.path.split("?")[0].endswith(("/sw.js", "/precache.js")):
            # The dev server: a service worker script must always be checked for updates.
            self.send_header("Cache-Control", "no-cache")
        self._head += sum(len(h) for h in getattr(self, "_headers_buffer", ())) + 2
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args, link: tuple[float, float] | None = None, gzip: bool = False, **kwargs):
        self.hits = collections.deque(maxlen=100_000)  # the GETs paths, in order, for tests
        self.sent: list[Sent] = []  # every response, in order (list.append is thread-safe)
        self.link = link            # (bits per second, round trip in seconds), or None
        self._link_lock = threading.Lock()
        self._link_free = 0.0       # when the link has sent everything queued so far
        self.gzip = gzip
        self.delay: dict[str, float] = {}  # path -> seconds to wait before answering (a slow start, in tests)
        self._gzipped: dict = {}    # (path, mtime) -> gzipped bytes
        super().__init__(*args, **kwargs)

    def gzipped(self, path: str, mtime: float) -> bytes:
        key = (path, mtime)
        if key not in self._gzipped:
            with open(path, "rb") as f:
                self._gzipped[key] = gzip_.compress(f.read(), 6, mtime=0)
        return self._gzipped[key]

    def wait_for_link(self, n: int) -> None:
        """Takes the link's next slot for n bytes, and sleeps until they have crossed it."""
        with self._link_lock:
            done = max(time.monotonic(), self._link_free) + n * 8 / self.link[0]
            self._link_free = done
        time.sleep(max(0.0, done - time.monotonic()))

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)  # a client that hung up is no error

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def start(self) -> Server:
        """Serves in a background thread (for tests and benchmarks)."""
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def make_server(root: Path | str = build.ROOT, host: str = "127.0.0.1", port: int = 0,
                quiet: bool = True, live_precache: bool | None = None, pages: bool = False,
                link: tuple[float, float] | None = None, gzip: bool = False) -> Server:
    """A server over root; port 0 picks a free port. Not started: call .start() or .serve_forever().

    pages: send GitHub Pages' caching headers (Cache-Control: max-age=600); link: (bits per
    second, round trip in seconds) of a slow link that every response crosses; gzip: compress
    as a compressing host would."""
    root = Path(root).resolve()
    if live_precache is None:
        live_precache = (root / "package.json").exists()  # the repository, not a built site
    handler = type("SiteHandler", (Handler,), {"live_precache": live_precache, "quiet": quiet,
                                               "pages": pages})
    server = Server((host, port), functools.partial(handler, directory=str(root)), link=link, gzip=gzip)
    server.root = root
    return server


# -- for this server's browser clients (the tests and the benchmarks) ------------------------

# An init script for pages that tap at a machine's pace: a tap that plays right after the
# previous one played would be taken for the second half of a double tap (ui/table/tabletop.py,
# ``tap_quiet``) and dropped.  The browser tests and benchmarks set it; one test puts it back.
QUICK_TAPS = "window.renardiereTapQuietMs = 0;"

# True once the site's service-worker cache is complete: sw.js writes its manifest last.
# An async function: evaluate it (wait_precached), not wait_for_function.
PRECACHED = """async () => {
  const manifest = new URL("./__precache_manifest__", document.baseURI).href;
  for (const name of await caches.keys()) {
    if (name.startsWith("renardiere:") && await (await caches.open(name)).match(manifest)) return true;
  }
  return false;
}"""


def wait_precached(page, timeout_ms: float = 90_000) -> bool:
    """Polls PRECACHED until it holds or ``timeout_ms`` have passed; says whether it held.

    Not ``page.wait_for_function``: Playwright 1.65 does not await an async predicate, and
    takes the Promise it returns for a true value at once."""
    for _ in range(int(timeout_ms / 250) + 1):
        if page.evaluate(PRECACHED):
            return True
        page.wait_for_timeout(250)
    return False


def wait_quiet(page, count, quiet_s: float = 2.0, limit_s: float = 90.0) -> None:
    """Waits until ``count()`` (the requests or responses so far) has not moved for
    ``quiet_s`` seconds, or ``limit_s`` have passed: the page and its workers are done."""
    seen, still = count(), 0.0
    for _ in range(int(limit_s / 0.25)):
        page.wait_for_timeout(250)
        if count() == seen:
            still += 0.25
            if still >= quiet_s:
                return
        else:
            seen, still = count(), 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--root", default=str(build.ROOT))
    ap.add_argument("--log", action="store_true", help="log every request")
    ap.add_argument("--pages", action="store_true",
                    help="send GitHub Pages' caching headers (Cache-Control: max-age=600)")
    ap.add_argument("--link", metavar="BPS,RTT", help="a slow link, e.g. 1.6e6,0.15 (Fast 3G-like)")
    ap.add_argument("--gzip", action="store_true", help="gzip text, scripts and wasm, as GitHub Pages does")
    a = ap.parse_args()
    link = tuple(float(x) for x in a.link.split(",")) if a.link else None
    try:
        server = make_server(a.root, a.host, a.port, quiet=not a.log, pages=a.pages, link=link, gzip=a.gzip)
    except OSError as e:
        sys.exit(f"serve.py: cannot listen on {a.host}:{a.port} ({e.strerror}): "
                 f"try another port (make play PORT=8001)")
    print(f"Renardière is served at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
