"""Issue 53: a virtual screen reader plays whole games against bots, in Chromium.

The test's only input is the reader's commands and keys (tests/e2e/reader.py), its only output
the phrases the reader speaks: it decides each move from what it heard (the first playable
card or cell it walks to), never from the DOM, a selector or a coordinate.  Two players, the
person against the bot the form offers, the shortest game the rules allow, to the end screen.
With -s, per game: moves played, phrases heard, seconds; docs/screen-reader.md shows excerpts.
"""

from __future__ import annotations

import re

from reading import Game, hand_card, new_game

def test_renard_des_bois(app, server):
    r = new_game(app, server, "renard_des_bois", r"^radio, 16 points")
    g = Game(r)
    for said in g.asks():
        if "Keep the decree" in said or "your Fox" in said:
            assert r.seek(r"^button, Keep the decree")
        elif "tap a card" in said or "follow suit" in said or "Player 1" in said:
            assert hand_card(r), said
        else:
            raise AssertionError(said)
        g.moved(r.act())
    g.finish("renard_des_bois", "Le Renard des Bois")


def test_fennecs(app, server):
    r = new_game(app, server, "fennecs", None)      # 2 players, the standard deck: no shorter game
    g = Game(r)
    for said in g.asks():
        if "choose the values" in said:
            assert r.seek(r"^button, Confirm"), said
        else:
            assert "tap a card of your hand" in said, said
            card = hand_card(r)
            if card:
                r.act()                         # the card picked: the lit columns, near the top
                r.start()
                assert r.seek(r"^button, Column \w, lit$", limit=200), card
                r.act()                         # face up or down?
                assert r.seek(lambda p: re.match(r"^button, Face (up|down)$", p), limit=200), r.spoken[-5:]
            else:                               # no card can go: collect
                r.start()
                assert r.seek(r"^button, Collect", limit=200), said
        g.moved(r.act())
    g.finish("fennecs", "Fennecs")
