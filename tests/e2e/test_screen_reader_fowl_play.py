"""Issue 53: a virtual screen reader plays a whole game of Fowl Play against the bot, in Chromium.

As tests/e2e/test_screen_reader.py: the reader's commands and keys in, its phrases out.  Two
players (the fewest the rules allow), the person against the form's bot.  Each turn, T says
what to do; the reader reads the farmyard (a grid whose cells say what stands there and what
a tap may do: "may move", "you may go here"), picks the first cell it hears fit, Tabs into the
grid and walks the cursor there with the arrow keys, hearing each cell, and presses Enter.
A card is a button of the hand, acted on.  The reader moves one bird one step a round, then
Done; its fox catches a bird it may reach, steps out of the den once, and otherwise stays.
"""

from __future__ import annotations

import re

from reading import Game, new_game

ME = "Black fox"          # the first seat's name at this table (each seat is its fox)

# The board as the rules page says it: rows a-k from the top, a, c, e... of 12 cells, b, d...
# of 11 shifted half a cell right; the arrows walk W and E, NW and SE, with Shift NE and SW.
ROWS = "abcdefghijk"
KEYS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, "w"), "ArrowDown": (1, "e"),
        "Shift+ArrowUp": (-1, "e"), "Shift+ArrowDown": (1, "w")}


def _neighbour(cell: str, key: str) -> str | None:
    r, c = ROWS.index(cell[0]), int(cell[1:]) - 1
    dr, dc = KEYS[key]
    if dr:                       # to the row above or below: its cells sit half a cell off
        odd = r % 2
        dc = (0 if odd else -1) if dc == "w" else (1 if odd else 0)
    r, c = r + dr, c + dc
    if not (0 <= r < len(ROWS) and 0 <= c < (11 if r % 2 else 12)):
        return None
    return f"{ROWS[r]}{c + 1}"


def _keys(start: str, goal: str) -> list:
    """The keys that walk the cursor from ``start`` to ``goal`` (breadth first)."""
    paths, todo = {start: []}, [start]
    while goal not in paths:
        cell = todo.pop(0)
        for key in KEYS:
            to = _neighbour(cell, key)
            if to and to not in paths:
                paths[to] = paths[cell] + [key]
                todo.append(to)
    return paths[goal]


CELL = re.compile(r"^gridcell, ([a-k]\d{1,2}), ")


def _find(r, test) -> str | None:
    """Reads the farmyard from the top, cell by cell: the first cell whose words pass
    ``test``, or None at the grid's end."""
    r.start()
    said = r.seek(lambda p: p.startswith("end of grid") or bool(CELL.match(p)) and test(p), limit=450)
    assert said, r.spoken[-4:]
    return _cell([said])


def _cell(said: list) -> str | None:
    """The cell the cursor spoke among ``said`` (a live region may speak too), or None."""
    for p in reversed(said):
        m = CELL.match(p)
        if m:
            return m.group(1)
    return None


def _into_grid(r) -> str:
    """Tab (back, then on) to the board's one tab stop: the cell the focus is on."""
    for key in ["Shift+Tab"] + ["Tab"] * 60:
        cell = _cell(r.press(key))
        if cell:
            return cell
    raise AssertionError(r.spoken[-6:])


def _tap_cell(r, goal: str) -> list:
    """The cursor walked to ``goal`` by the arrows, each cell heard on the way; Enter."""
    here = _into_grid(r)
    for key in _keys(here, goal):
        here = _neighbour(here, key)
        said = r.press(key)
        assert _cell(said) == here, (key, here, said)
    return r.press("Enter")


def _done(r) -> list:
    """Done, among the controls beside the board (the complementary landmark)."""
    r.start()
    assert r.jump("moveToNextComplementary", "^complementary"), r.spoken[-4:]
    assert r.seek(r"^button, Done$", limit=40), r.spoken[-6:]
    return r.act()


def _card(r) -> list:
    """The first card of the hand (a region: "Your hand", or the four cards dealt)."""
    r.start()
    assert r.jump("moveToNextRegion", "^region, Your (hand|four cards)"), r.spoken[-4:]
    assert r.seek(r"^button, \d+: ", limit=40), r.spoken[-6:]
    return r.act()


BIRD = re.compile(r"\b(chicken|duck|goose|turkey)\b")


def test_fowl_play(app, server):
    r = new_game(app, server, "fowl_play", None)     # 2 players, 6 clear turns: no shorter game
    g = Game(r, ME)
    fox_out = False
    for said in g.asks():
        if "tap the card to keep" in said or "choose the card to play" in said:
            g.moved(_card(r))
        elif "place your fox" in said:
            cell = _find(r, lambda p: "your fox may start here" in p)
            assert cell, said
            g.moved(_tap_cell(r, cell))
        elif "move birds" in said and "3 steps left" in said:
            bird = _find(r, lambda p: "may move" in p)
            assert bird, said
            _tap_cell(r, bird)                      # picked: its steps are marked
            assert "The bird on " + bird in " ".join(r.press("t")), r.spoken[-4:]
            to = _find(r, lambda p: "you may go here" in p)
            assert to, r.spoken[-4:]
            g.moved(_tap_cell(r, to))
        elif "move birds" in said or "no bird may move" in said or "cannot move" in said:
            g.moved(_done(r))
        elif "move your fox, 2 steps" in said:
            to = _find(r, lambda p: "you may go here" in p and BIRD.search(p))
            if to is None and not fox_out:
                to = _find(r, lambda p: "you may go here" in p)
            if to:
                fox_out = True
                g.moved(_tap_cell(r, to))
            else:
                g.moved(_done(r))
        elif "move your fox" in said:
            g.moved(_done(r))
        else:
            raise AssertionError(said)
    g.finish("fowl_play", "Fowl Play")
    assert any(re.match(r"row, Total \d+ \d+$", p) for p in r.spoken[-400:]), r.spoken[-6:]    # the scores heard
