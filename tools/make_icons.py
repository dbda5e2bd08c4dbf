#!/usr/bin/env python3
"""Draws Renardière's icons: a low-poly fox head before two pines, on forest green.

    python3 -m tools.make_icons [OUTDIR]     # default assets/icons/

Writes icon-192.png, icon-512.png, icon-maskable-512.png (full bleed, the fox inside the
safe circle), apple-touch-icon.png (180, full bleed) and icon.svg, all from the same
polygons. Standard library only (zlib, struct): a scanline rasterizer with 4x4
supersampling. The outputs are committed; rerun this only to change the drawing.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = 512  # the drawing's own coordinates: a 512 x 512 square

GREEN = "#1f3b2d"
PINE = "#2f5d43"
PINE_DARK = "#264d37"
TRUNK = "#3b2a1e"
ORANGE = "#e8772e"
ORANGE_DARK = "#c95f1f"
CREAM = "#f6ead7"
INK = "#1b1410"
EAR = "#5a2a14"


def rounded_rect(x0, y0, x1, y1, r, steps=12):
    pts = []
    for cx, cy, a0 in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        for i in range(steps + 1):
            a = math.radians(a0 + 90 * i / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def pine(x, base, height, width):
    """A pine: three stacked triangles and a trunk."""
    shapes = [(TRUNK, [(x - 9, base - 30), (x + 9, base - 30), (x + 9, base), (x - 9, base)])]
    for i, (f, w) in enumerate(((0.0, 0.55), (0.28, 0.78), (0.52, 1.0))):
        top = base - height + f * height
        bottom = base - 30 - (2 - i) * height * 0.18
        colour = PINE if i % 2 == 0 else PINE_DARK
        shapes.append((colour, [(x, top), (x + width * w / 2, bottom), (x - width * w / 2, bottom)]))
    return shapes


def mirror(points):
    return [(SIZE - x, y) for x, y in reversed(points)]


def fox():
    """The fox head, symmetric about x = 256."""
    head = [(132, 196), (380, 196), (404, 292), (256, 424), (108, 292)]
    left_ear = [(132, 196), (158, 78), (236, 196)]
    left_inner = [(152, 186), (166, 118), (212, 186)]
    left_cheek = [(108, 292), (214, 318), (256, 424)]
    brow = [(200, 196), (312, 196), (256, 262)]
    left_eye = [(168, 252), (196, 240), (220, 254), (194, 264)]
    nose = [(234, 392), (278, 392), (256, 426)]
    return [
        (ORANGE_DARK, left_ear), (ORANGE_DARK, mirror(left_ear)),
        (EAR, left_inner), (EAR, mirror(left_inner)),
        (ORANGE, head),
        (ORANGE_DARK, brow),
        (CREAM, left_cheek), (CREAM, mirror(left_cheek)),
        (INK, left_eye), (INK, mirror(left_eye)),
        (INK, nose),
    ]


def drawing(full_bleed: bool, scale: float = 1.0):
    """[(colour, polygon)] in 512 coordinates, background first."""
    if full_bleed:
        shapes = [(GREEN, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])]
    else:
        shapes = [(GREEN, rounded_rect(0, 0, SIZE, SIZE, 96))]
    motif = pine(92, 452, 270, 150) + pine(420, 440, 240, 140) + fox()
    c = SIZE / 2
    for colour, pts in motif:
        shapes.append((colour, [(c + (x - c) * scale, c + (y - c) * scale) for x, y in pts]))
    return shapes


def rgb(colour):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def rasterize(shapes, size: int, ss: int = 4) -> bytes:
    """RGBA rows (no filter bytes) of the shapes drawn at size x size."""
    big = size * ss
    k = big / SIZE
    rows = [bytearray(big * 4) for _ in range(big)]
    for colour, pts in shapes:
        px = bytes(rgb(colour) + (255,))
        edges = [(x0 * k, y0 * k, x1 * k, y1 * k)
                 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]) if y0 != y1]
        ymin = max(0, int(min(p[1] for p in pts) * k))
        ymax = min(big, int(math.ceil(max(p[1] for p in pts) * k)) + 1)
        for y in range(ymin, ymax):
            yc = y + 0.5
            xs = sorted(x0 + (yc - y0) * (x1 - x0) / (y1 - y0)
                        for x0, y0, x1, y1 in edges if (y0 <= yc < y1) or (y1 <= yc < y0))
            row = rows[y]
            for a, b in zip(xs[0::2], xs[1::2]):
                lo, hi = max(0, math.ceil(a - 0.5)), min(big, math.ceil(b - 0.5))
                if hi > lo:
                    row[lo * 4:hi * 4] = px * (hi - lo)
    out = bytearray()
    n = ss * ss
    for oy in range(size):
        sub = rows[oy * ss:(oy + 1) * ss]
        sums = []
        for ch in range(4):
            parts = [r[ch + 4 * j::4 * ss] for r in sub for j in range(ss)]
            sums.append([sum(t) for t in zip(*parts)])
        for r, g, b, a in zip(*sums):
            if a == 0:
                out += b"\0\0\0\0"
            else:  # the samples are premultiplied (transparent = 0,0,0,0): un-premultiply
                out += bytes((round(r * 255 / a), round(g * 255 / a), round(b * 255 / a), round(a / n)))
    return bytes(out)


def png(size: int, rgba: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    stride = size * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(size))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def svg(shapes) -> str:
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">',
             "<title>Renardière</title>"]
    for colour, pts in shapes:
        lines.append(f'<polygon fill="{colour}" points="'
                     + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
    return "\n".join(lines + ["</svg>", ""])


def main(outdir: Path) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    plain, maskable = drawing(False), drawing(True, scale=0.8)
    for name, shapes, size in (("icon-192.png", plain, 192), ("icon-512.png", plain, 512),
                               ("icon-maskable-512.png", maskable, 512),
                               ("apple-touch-icon.png", drawing(True, scale=0.9), 180)):
        (outdir / name).write_bytes(png(size, rasterize(shapes, size)))
        print(f"{outdir / name}")
    (outdir / "icon.svg").write_text(svg(plain))
    print(f"{outdir / 'icon.svg'}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "assets" / "icons")
