"""How a test plays a game by the virtual screen reader (issue 53): the new-game form, the
turns it is asked for, the rounds' summaries, the end screen, all by the reader's moves and
keys (reader.py), never the DOM.  Each game's test (test_screen_reader*.py) decides its moves.
"""

from __future__ import annotations

import re
import time

from conftest import RESULTS
from reader import Reader

ME = "Player 1"


def new_game(page, server, game: str, option: str | None) -> Reader:
    """The new-game form by the reader: the shortest option, then Start."""
    page.goto(server.url + "#new/" + game)
    r = Reader(page)
    r.start()
    assert r.seek(r"^heading, New game")
    if option:
        assert r.seek(option), option
        r.act()
    assert r.seek(r"^button, Start the game")
    r.act()
    r.start()              # the table: the reader at the top of the new page
    return r


def turn(r: Reader, me: str = ME, timeout: float = 120.0) -> str:
    """T until it says it is our turn (``me``, our seat's name as the table says it), or the
    game is over; what T said."""
    end = time.monotonic() + timeout
    while True:
        said = " ".join(p for p in r.press("t") if p.startswith("polite: "))
        if me in said and "thinking" not in said or "wins" in said or "over" in said.lower():
            return said
        assert time.monotonic() < end, said
        r.page.wait_for_timeout(300)


ROUND_OVER = re.compile(r"End of round \d+|Round ([2-9]|\d\d) begins")


class Game:
    """One game's play by the reader: its turns (slices of the transcript), its moves."""

    def __init__(self, r: Reader, me: str = ME):
        self.r, self.me, self.turns, self.moves, self.rounds, self.waited = r, me, [], 0, 0, 0.0
        self.t0 = time.monotonic()

    def turn(self) -> str:
        self.turns.append(len(self.r.transcript))
        t = time.monotonic()
        said = turn(self.r, self.me)
        self.waited += time.monotonic() - t
        return said

    def asks(self):
        """Each turn that asks us for a move, as T said it, until the live region says who won
        (a round's summary heard between two is closed here)."""
        while True:
            said = self.turn()
            if self.over():
                return
            if not self.round_open():
                yield said

    def moved(self, said: list[str], who: str | None = None) -> None:
        """Our move, confirmed by the live region."""
        who = who or self.me
        spoken = " ".join(said) + " " + " ".join(self.r.heard())
        assert re.search(r"polite: (\w+: )?(" + who + "|you )", spoken), spoken
        self.moves += 1

    def over(self) -> bool:
        """The live region said who won ("a new draw pile", Fowl Play's reshuffle, is no draw)."""
        return any(p.startswith("polite: ") and re.search(r"\b(wins|win|draw(?! pile)|Game over)\b", p)
                   for p in self.r.spoken[-12:])

    def round_open(self) -> bool:
        """A round's summary heard: its button, pressed (True), once per round."""
        r = self.r
        rounds = [p for p in r.spoken if p.startswith("polite: ") and ROUND_OVER.search(p)]
        done = {int(re.search(r"\d+", m.group(0)).group(0)) - ("begins" in m.group(0))
                for p in rounds for m in ROUND_OVER.finditer(p)}     # T says it again: once a round
        if len(done) <= self.rounds:
            return False
        self.rounds = len(done)
        for _ in range(10):            # the summary shows once the last collection or trick settles
            r.start()                  # from the top, back round to the page's end
            if r.seek(r"^button, (Next round|See the result)", back=True):
                break
            r.page.wait_for_timeout(500)
        else:
            raise AssertionError(rounds[-1])
        r.act()
        return True

    def finish(self, game: str, name: str) -> None:
        """The end screen heard (who won, the scores); the figures printed, and ten
        consecutive turns of the transcript written to test-results/."""
        end = end_screen(self)
        assert re.search(r"\b(wins?|draw|won)\b|\d", end), end
        r, secs = self.r, time.monotonic() - self.t0
        print(f"\n{name}: {self.moves} moves played, {len(r.spoken)} phrases heard, {secs:.0f} s"
              f" ({self.waited:.0f} s of it waiting for the bot)\nend screen: {end[:300]}")
        first = max(0, len(self.turns) // 2 - 5)
        a, b = self.turns[first], self.turns[min(first + 10, len(self.turns) - 1)]
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"screen-reader-{game}.txt").write_text(
            f"{name}: turns {first + 1} to {first + 10} of {len(self.turns)}\n{r.text(r.transcript[a:b])}\n"
            f"...\nend screen: {end}\n", encoding="utf-8")


def enabled(kind: str):
    return lambda p: p.startswith(kind + ", ") and not p.endswith(", disabled")


def hand_card(r: Reader) -> str | None:
    """Walks our hand, from its region: the first card not disabled, the cursor on it; None."""
    assert r.jump("moveToNextRegion", "^region, " + ME)
    assert r.seek(r"^group, Your hand", limit=30)
    for _ in range(80):
        for p in r.next():
            if p.startswith(("end of group", "end of region")):
                return None
            if enabled("button")(p):
                return p
    return None


def end_screen(g: Game) -> str:
    """The end dialog, read from its heading to its end: who won and the scores."""
    r = g.r
    r.start()
    if r.seek(r"^button, See the result", back=True, limit=150):     # the last round's summary first
        r.act()
        r.start()
    assert r.seek(r"^dialog\b", limit=900), r.spoken[-10:]      # past a table's own headings
    title = r.jump("moveToNextHeading", r"^heading, .*, level 2$")
    assert title, r.spoken[-10:]
    words = [title]
    for _ in range(300):                # a score sheet's rows, to the total (Fowl Play's: ~150)
        said = r.next()
        words += said
        if any(p.startswith("end of dialog") for p in said):
            break
    return " | ".join(words)


