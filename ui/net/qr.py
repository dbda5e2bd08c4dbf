"""QR codes as inline SVG, drawn by segno, for the pairing links of play across devices.

segno (PyPI, pure Python) is no part of the standard library.  CPython gets it from
requirements-dev.txt; the page installs its wheel from our own site, the first time it draws
a code, and never at the start: ``await qr.ready()`` before the first :func:`svg`.
``tools/build.py runtime`` puts the wheel at :data:`WHEEL` (a URL relative to the page),
checked against :data:`SEGNO_SHA256`; the service worker precaches it with the rest.

The page's trimmed standard library (tools/build.py, STDLIB_KEEP) lacks three modules that
segno imports for writers we never use: gzip (.svgz files), urllib.parse (data: URIs) and
xml.sax.saxutils (escaping, which its SVG writer does use).  There, :func:`ready` lends segno
small stand-ins for the time of its import, and takes them back out of ``sys.modules``.
"""

from __future__ import annotations

import importlib
import io
import os
import sys
import tempfile
import types

from ui.kit.html import attrs

SEGNO = "1.6.6"
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
WHEEL = f"./assets/runtime/py/segno-{SEGNO}-py3-none-any.whl"
BORDER = 4   # the quiet zone, in modules: the standard's

_segno = None


def _escape(data: str, entities: dict | None = None) -> str:
    """xml.sax.saxutils.escape, as the standard library writes it."""
    data = data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    for key, value in (entities or {}).items():
        data = data.replace(key, value)
    return data


def _quoteattr(data: str, entities: dict | None = None) -> str:
    """xml.sax.saxutils.quoteattr, as the standard library writes it.

    >>> _quoteattr('a "b" <c>')
    '\\'a "b" &lt;c&gt;\\''
    """
    data = _escape(data, {**(entities or {}), "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
    if '"' in data:
        return '"%s"' % data.replace('"', "&quot;") if "'" in data else "'%s'" % data
    return '"%s"' % data


def _absent(*_args, **_kw):
    raise NotImplementedError("not in the page's standard library (ui/net/qr.py)")


def _stand_ins() -> dict[str, types.ModuleType]:
    """The modules segno imports that the page's standard library lacks, as stand-ins."""
    made = {}
    for name, contents in (("gzip", {"open": _absent}), ("urllib", {}), ("urllib.parse", {"quote": _absent}),
                           ("xml", {}), ("xml.sax", {}),
                           ("xml.sax.saxutils", {"escape": _escape, "quoteattr": _quoteattr})):
        try:
            importlib.import_module(name)
        except ImportError:
            module = types.ModuleType(name, "A stand-in, for segno's import (ui/net/qr.py).")
            module.__dict__.update(contents)
            made[name] = module
    return made


def _load():
    """segno, imported (with stand-ins where the standard library lacks what it imports)."""
    global _segno
    if _segno is None:
        try:
            _segno = importlib.import_module("segno")
        except ModuleNotFoundError as e:
            if e.name == "segno":
                raise
            lent = _stand_ins()
            sys.modules.update(lent)
            try:
                _segno = importlib.import_module("segno")
            finally:
                for name in lent:
                    sys.modules.pop(name, None)
    return _segno


async def ready(fetch=None) -> None:
    """Makes :func:`svg` usable: imports segno, first fetching its wheel where it is not
    installed (on the page) and importing from it as it is, a zip (zipimport, as app.zip).
    ``fetch(url)`` returns the bytes at a URL: the page's (ui/web/dom.py, the one layer that
    touches the browser).  Pyodide's
    own ``loadPackage`` is not used: its loader imports tarfile, which the page lacks.
    Does nothing the second time."""
    try:
        _load()
        return
    except ModuleNotFoundError as e:
        if e.name != "segno":
            raise
    if fetch is None:
        raise RuntimeError("segno is not installed, and nothing to fetch its wheel with")
    data = await fetch(WHEEL)
    path = os.path.join(tempfile.gettempdir(), WHEEL.rsplit("/", 1)[-1])
    with open(path, "wb") as f:
        f.write(data)
    if path not in sys.path:   # a new entry needs no invalidate_caches() (which would import
        sys.path.append(path)  # importlib.metadata, not on the page)
    _load()


def svg(text: str, label: str, css_class: str = "qr") -> str:
    """``text`` as a QR code: an ``<svg>`` element, dark modules on a light square, with a
    quiet zone of :data:`BORDER` modules, one unit a module (its ``viewBox``: size it with CSS).

    segno picks the smallest version that holds the text, at the highest error correction that
    fits in it.  ``label`` is what a screen reader says of it (``role="img"``).
    """
    try:
        segno = _load()
    except ModuleNotFoundError as e:
        raise RuntimeError("qr.svg before qr.ready(): segno is not installed") from e
    code = segno.make_qr(text, error="l", boost_error=True)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=1, border=BORDER,
              dark="#000", light="#fff", omitsize=True, svgclass=css_class, lineclass=None)
    markup = out.getvalue().decode("utf-8")
    extra = attrs(role="img", aria_label=label, shape_rendering="crispEdges")
    return markup.replace("<svg ", f"<svg{extra} ", 1)
