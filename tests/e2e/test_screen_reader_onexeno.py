"""Issue 53: a virtual screen reader plays a whole game of Onexeno against the bot, in Chromium.

As in test_screen_reader.py, the test hears and presses only.  Each turn: T; from the table,
Tab to the hand and the arrows along it to the first card not said disabled, picked; Shift+Tab
back into the table's grid (its one tab stop, now on the first cell where the card fits); V,
which says where the cards lie; the arrow keys to the empty
cells that would make a line of five, each saying whether the card fits (else, if the cell
landed on would leave a line of four to the bot, to others); Enter on the cell chosen, then
Place.  No card that fits: Pass.  Two players (the fewest), one round (the default), to the end.
"""

from __future__ import annotations

import re

from reading import Game, new_game

CELL = re.compile(r"^gridcell, ([a-z])(\d+): (.*)")


def tab_to(r, match, back: bool = False, limit: int = 20) -> str | None:
    """Tab (or Shift+Tab) until the focus says a phrase matching ``match``; the phrase."""
    for _ in range(limit):
        for p in r.press("Shift+Tab" if back else "Tab"):
            if re.search(match, p):
                return p
    return None


def hand_card(r) -> str | None:
    """The hand by the keyboard: Tab from the table's first cell to the hand, then the arrows
    along it to the first card not said disabled (the cursor on it); None at its end."""
    r.start()
    assert r.jump("moveToNextRegion", r"^region, The table$")
    assert r.seek(CELL.match, limit=4)
    card = tab_to(r, r"^button, ", limit=4)
    assert card, r.spoken[-4:]
    while card.endswith(", disabled"):
        card = next((p for p in r.press("ArrowRight") if p.startswith("button, ")), None)
        if card is None:            # the hand's end: the focus stays on its last card
            return None
    return card


def xy(phrase: str):
    m = CELL.match(phrase)
    return (ord(m.group(1)) - ord("a"), int(m.group(2))), m.group(3)


class Walk:
    """The grid as heard: each cell's words by (column, row); where the focus is."""

    def __init__(self, r, first: str):
        self.r, self.cells = r, {}
        self.at = self.hear(first)

    def hear(self, phrase: str):
        at, words = xy(phrase)
        self.cells[at] = words
        return at

    def press(self, key: str) -> bool:
        """An arrow: True if the focus moved (a cell spoken), False at the grid's edge (silence)."""
        for p in self.r.press(key):
            if CELL.match(p):
                self.at = self.hear(p)
                return True
        return False

    def go(self, to) -> str:
        """The arrows to the cell ``to`` (along its row, then its column); what it said there,
        or "" if the grid's edge held the focus on the way (the cell is not drawn)."""
        while self.at != to:
            dx, dy = to[0] - self.at[0], to[1] - self.at[1]
            key = ("ArrowRight" if dx > 0 else "ArrowLeft") if dx else ("ArrowUp" if dy > 0 else "ArrowDown")
            if not self.press(key):
                return ""
        return self.cells[to]


LAID = re.compile(r"(?:: |, )([a-z])(\d+) \d \(")      # "c6 4 (dark: ...)" in what V says


def run(cards: set, c) -> int:
    """The longest line of cards through the empty cell ``c`` once a card is there."""
    best = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while (c[0] + s * k * dx, c[1] + s * k * dy) in cards:
                n, k = n + 1, k + 1
        best = max(best, n)
    return best


def choose(r, walk: Walk):
    """The cell to play, from what was heard: V says where the cards lie; the arrows go to
    each empty cell that would make a line of five, the nearest first, and take the first
    where the card fits; else, if the cell landed on would leave a line of four to the bot,
    to cells beside the cards for one that would not; else the cell landed on."""
    said = " ".join(p for p in r.press("v") if p.startswith("polite: "))
    cards = {xy("gridcell, " + m.group(1) + m.group(2) + ": ")[0] for m in LAID.finditer(said)}
    assert cards, said
    land = walk.at
    near = {(x + dx, y + dy) for x, y in cards for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - cards
    dist = lambda c: abs(c[0] - walk.at[0]) + abs(c[1] - walk.at[1])
    fives = sorted((c for c in near if run(cards, c) == 5), key=dist)
    for c in fives[:4]:
        if "your card fits here" in walk.go(c):
            return c
    if run(cards, land) == 4:
        for c in sorted((c for c in near if run(cards, c) < 4), key=dist)[:4]:
            if "your card fits here" in (walk.cells.get(c) or walk.go(c)):
                return c
    return land


def test_onexeno(app, server):
    r = new_game(app, server, "onexeno", None)
    g = Game(r)
    for said in g.asks():
        assert "pick a card of your hand" in said, said
        card = hand_card(r)
        if card:
            r.act()
            first = tab_to(r, CELL, back=True, limit=12)
            assert first, card
            walk = Walk(r, first)
            cell = choose(r, walk)
            assert "your card fits here" in walk.go(cell)
            r.press("Enter")
            assert tab_to(r, r"^button, Place$"), r.spoken[-5:]
        else:
            assert tab_to(r, r"^button, Pass"), said
        g.moved(r.act())
    g.finish("onexeno", "Onexeno")
    arrows = [w for w, arg, _ in r.transcript if w == "press" and arg.startswith("Arrow")]
    print(f"arrow keys pressed: {len(arrows)}")
