"""Fendo judged mid-game: the cells each side holds or is nearer to.

Closed areas are settled.  In the open area a cell is counted for the side
whose pawns reach it in fewer steps (walls block, ties split), a Voronoi
estimate of the territory each side will wall in.  The lead, in cells, becomes
a win chance through a logistic curve.
"""

from __future__ import annotations

import math
from functools import lru_cache

SIDE_STEP = {"N": (0, 1), "E": (1, 0)}
SCALE = 3.0  # cells of lead that make about a 73% favourite


@lru_cache(maxsize=4)
def _board(size: int):
    """Cell names, their index, and each cell's neighbours as (index, wall)."""
    cols = "abcdefghijk"[:size]
    names = [f"{c}{r}" for r in range(1, size + 1) for c in cols]
    index = {n: i for i, n in enumerate(names)}
    neighbours = [[] for _ in names]
    for i, name in enumerate(names):
        x, y = i % size, i // size
        for side, (dx, dy) in SIDE_STEP.items():
            nx, ny = x + dx, y + dy
            if nx < size and ny < size:
                j = ny * size + nx
                wall = name + side  # walls are named on the N or E side
                neighbours[i].append((j, wall))
                neighbours[j].append((i, wall))
    return names, index, neighbours


def territory(view: dict) -> list[float]:
    """Cells held (closed areas) plus cells nearer (open area), per seat."""
    names, index, neighbours = _board(view["size"])
    held = [float(s) for s in view["scores"]]
    areas = view["areas"]
    if not areas or not areas[0]["open"]:
        return held
    walls = set(view["walls"])
    dist = [[None] * len(names), [None] * len(names)]
    pawns = view["pawns"]
    for seat in (0, 1):
        frontier = [index[c] for c in areas[0]["cells"] if pawns.get(c) == seat]
        d = dist[seat]
        for i in frontier:
            d[i] = 0
        step = 0
        while frontier:
            step += 1
            nxt = []
            for i in frontier:
                for j, wall in neighbours[i]:
                    if d[j] is None and wall not in walls:
                        d[j] = step
                        nxt.append(j)
            frontier = nxt
    for cell in areas[0]["cells"]:
        i = index[cell]
        a, b = dist[0][i], dist[1][i]
        if a is None and b is None:
            continue
        if b is None or (a is not None and a < b):
            held[0] += 1
        elif a is None or b < a:
            held[1] += 1
        else:
            held[0] += 0.5
            held[1] += 0.5
    return held


def judge(view: dict) -> list[float]:
    """Win chances for White and Orange from the territory estimate."""
    t = territory(view)
    p0 = 1.0 / (1.0 + math.exp(-(t[0] - t[1]) / SCALE))
    return [p0, 1.0 - p0]
