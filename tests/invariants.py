"""The invariants of the games, written once: the soak (tools/soak.py) checks them after every
action of thousands of random games, and the tests (test_contract, test_fendo, test_fennecs,
test_fowl_play, test_renard_des_bois, test_leaks, test_fuzz, frozen.py...) call the same functions.

- :func:`snapshot`, :func:`refused`, :func:`check_clone`, :func:`check_actions_playable`: the
  contract on any state (a refusal changes nothing and says why; a clone is independent; every
  listed action plays).
- :class:`Checker` follows one game: made on the first state, then for every action
  :meth:`Checker.before`, :meth:`Checker.apply` and :meth:`Checker.step`, then
  :meth:`Checker.finish`.  It checks the contract (legal actions, turn, JSON-ready views and
  records, scores, winners, a bound on the game's length, clones, replay), that no view leaks
  (each seat's hidden part is scrambled: its view must not change), and determinize against
  what the seat knows.  One subclass per game (:data:`CHECKERS`) adds the game's own
  invariants, as static methods where they need no history, for the tests that check a state
  now and then rather than after every action.

A failed check raises :class:`Failure` (an AssertionError) that says what broke.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter

import game
from game import IllegalAction, fendo, fennecs, onexeno
from game import fowl_play as fowl
from game import renard_des_bois as rdb

DETERMINIZE_EVERY = 5       # actions between two determinization checks
MAX_PLIES = {"fennecs": 3000}  # a bound for games with no proven one (see each checker)


def canon(x):
    """A JSON round trip: what a save or the UI would get back."""
    return json.loads(json.dumps(x))


class Failure(AssertionError):
    """A broken invariant."""


def check(cond, what, *details):
    if not cond:
        raise Failure(what + ("" if not details else ": " + " ".join(repr(d) for d in details)))


# -- the contract, on any state --------------------------------------------------------


def views(s) -> list:
    """The spectator's view, then every seat's."""
    return [s.view(None)] + [s.view(p) for p in range(s.players)]


def snapshot(s) -> str:
    """Everything observable about a state, as JSON text: record, views, legal actions, turn,
    scores, winners."""
    legal = [s.legal_actions(p) for p in range(s.players)]
    return json.dumps([s.record(), views(s), legal, list(s.to_move), s.over, list(s.scores),
                       list(s.winners)], sort_keys=True)


def readable(e: IllegalAction) -> None:
    """A refusal says why: a sentence, a code and JSON-ready params (the UI words its own)."""
    msg = str(e)
    check(isinstance(msg, str) and msg.strip() == msg and len(msg) >= 8, "a refusal's message",
          msg)
    check(msg[-1] in ".!?" and any(ch.isalpha() for ch in msg) and "Traceback" not in msg,
          "a refusal's message is not a sentence", msg)
    check(isinstance(e.code, str) and e.code and isinstance(e.params, dict), "code and params",
          e.code, e.params)
    json.dumps(e.params)


def refused(s, seat, action, code: str | None = None) -> IllegalAction:
    """``seat`` playing ``action`` is refused (with ``code``, if given), says why, and changes
    nothing.  Returns the refusal."""
    before = snapshot(s)
    try:
        s.apply(seat, action)
    except IllegalAction as e:
        readable(e)
        check(code is None or e.code == code, "refused for another reason", action, e.code, str(e))
        check(snapshot(s) == before, "a refusal changed the state", action, e.code)
        return e
    raise Failure(f"{action!r} by seat {seat!r} was accepted")


def check_clone(s, seat, action):
    """Plays ``action`` on ``s`` and on a clone made before: the clone is still what ``s`` was
    (so it started equal, and ``s``'s move did not reach it), its own move leaves ``s`` alone,
    and both end equal.  Returns the clone, to go on with."""
    before = snapshot(s)
    c = s.clone()
    s.apply(seat, action)
    after = snapshot(s)
    check(c is not s and snapshot(c) == before, "a clone is not what its original was", action)
    c.apply(seat, action)
    check(snapshot(s) == after, "playing on a clone changed its original", action)
    check(snapshot(c) == after, "a clone played differently from its original", action)
    return c


def check_actions_playable(s, rng, most: int) -> int:
    """Up to ``most`` listed actions of each seat to move, drawn by ``rng``, each played on a
    clone: every one is accepted and recorded.  Returns how many.  (That the clones leave
    ``s`` alone is :func:`check_clone`'s to check.)"""
    n = 0
    for seat in s.to_move:
        legal = s.legal_actions(seat)
        for action in rng.sample(legal, min(len(legal), most)):
            c = s.clone()
            c.apply(seat, action)
            check(c.actions[-1] == [seat, action], "a listed action is not recorded", action)
            n += 1
    return n


# -- following a game ------------------------------------------------------------------


class Checker:
    """Checks one game as it is played: :meth:`start`, then for every action :meth:`before`,
    :meth:`apply` and :meth:`step`, then :meth:`finish`.  A game's checker adds its own
    invariants in :meth:`invariants`; this class alone checks the contract, for any game.

    The costlier checks (JSON round trips, determinizations, listed actions played) run every
    ``determinize_every`` actions (0: never), with ``try_actions`` listed actions each time;
    an action is played on a clone too every ``clone_every`` actions (default: 4 times
    ``determinize_every``).  ``stats`` counts
    the checks done (views scrambled, determinizations...).
    """

    game_id = ""

    def __init__(self, state, rng: random.Random, determinize_every: int = DETERMINIZE_EVERY,
                 try_actions: int = 3, clone_every: int | None = None):
        self.rng = rng
        self.every = determinize_every
        self.try_actions = try_actions       # listed actions played on clones, each time
        # Playing on a clone costs five snapshots: less often (measured: every 5 actions made
        # the soak of a card game 1.5 times as long).
        self.clone_every = 4 * determinize_every if clone_every is None else clone_every
        self.stats = Counter()
        self.start(state)

    # -- the hooks a game fills in ------------------------------------------------------

    def start(self, state) -> None:
        self.check_state(state)

    def before(self, state, seat: int, action: str) -> None:
        """Called just before ``action`` is applied (the checker may note what it reveals)."""

    def invariants(self, state) -> None:
        """The game's own invariants on the current state (its views are in ``self.views``:
        seat -> view, None for a spectator)."""

    def max_plies(self, state) -> int:
        return MAX_PLIES.get(self.game_id, 3000)

    def scramble(self, state, seat, rng):
        """A clone where what ``seat`` cannot know (None: a spectator) is redrawn at random,
        ignoring what the seat inferred: its view must not change.  None if nothing is hidden."""
        return None

    def check_world(self, state, world, seat) -> None:
        """``world`` (a determinization for ``seat``) contradicts nothing ``seat`` knows."""

    def world_key(self, world):
        """What of a determinized world decides how the game goes on: two determinizations
        with the same generator, from two states of one information set, must agree on it."""
        return None

    # -- the driver ---------------------------------------------------------------------

    def apply(self, state, seat: int, action: str):
        """Plays ``action``; every few actions on a clone too (:func:`check_clone`), which the
        game goes on with.  Returns the state to go on with."""
        if self.clone_every and len(state.actions) % self.clone_every == self.clone_every // 2:
            self.stats["clones"] += 1
            return check_clone(state, seat, action)
        state.apply(seat, action)
        return state

    def step(self, state, seat: int, action: str) -> None:
        self.check_state(state)

    def check_state(self, s) -> None:
        n = s.players
        to_move = s.to_move
        check(isinstance(to_move, tuple) and all(type(p) is int and 0 <= p < n for p in to_move),
              "to_move is not a tuple of seats", to_move)
        check(s.over == (not to_move), "over disagrees with to_move")
        for p in range(n):
            legal = s.legal_actions(p)
            check(isinstance(legal, list) and all(isinstance(a, str) for a in legal),
                  "legal_actions is not a list of strings", p)
            check(legal == sorted(set(legal)), "legal_actions is not sorted and unique", p, legal)
            check(bool(legal) == (p in to_move), "legal actions but not to move (or the reverse)",
                  p, to_move, legal[:5])
        scores, winners = s.scores, s.winners
        check(isinstance(scores, list) and len(scores) == n, "scores", scores)
        check(isinstance(winners, list), "winners is not a list", winners)
        if s.over:
            check(winners and winners == sorted(set(winners)) and set(winners) <= set(range(n)),
                  "a finished game's winners", winners)
        else:
            check(winners == [], "winners before the end", winners)
        deep = self.every and len(s.actions) % self.every == 0    # the costlier checks
        views = {}
        for p in [None, *range(n)]:
            v = s.view(p)
            if deep or s.over:
                check(canon(v) == v, "view is not JSON-ready", p)
            check(v["seat"] == p and v["ply"] == len(s.actions) and v["to_move"] == list(to_move)
                  and v["scores"] == scores and v["winners"] == winners and v["over"] == s.over,
                  "the common keys of view", p)
            views[p] = v
        if deep or s.over:
            rec = s.record()
            check(canon(rec) == rec, "record is not JSON-ready")
            check(rec["actions"] == [list(a) for a in s.actions], "record actions")
        check(len(s.actions) <= self.max_plies(s), "the game runs past its bound",
              self.max_plies(s))
        self.stats["states"] += 1
        self.views = views
        self.invariants(s)
        self.check_leaks(s, views, deep)
        if deep and not s.over:
            self.check_determinize(s, views)
            # A generator of its own: the game's choices stay what they were without it.
            self.stats["actions_tried"] += check_actions_playable(
                s, random.Random(len(s.actions)), self.try_actions)

    def check_leaks(self, s, views, deep=True) -> None:
        """Scrambling what a seat cannot know changes neither its view nor its legal actions
        (nor, every few actions, a spectator's view, while it does change another seat's)."""
        for p in [None, *range(s.players)]:
            w = self.scramble(s, p, self.rng)
            if w is None:
                return
            self.stats["scrambles"] += 1
            check(w.view(p) == views[p], "a view changes with what its seat cannot know", p)
            if p is not None:
                check(w.legal_actions(p) == s.legal_actions(p), "legal actions depend on hidden cards")
                if deep:
                    check(w.view(None) == views[None], "the spectator's view changes with hidden cards")
                    if any(w.view(q) != views[q] for q in range(s.players) if q != p):
                        self.stats["scrambles_that_changed_another_view"] += 1

    def check_determinize(self, s, views) -> None:
        for p in range(s.players):
            k = self.rng.getrandbits(32)
            d = s.determinize(p, random.Random(k))
            self.stats["determinizations"] += 1
            check(d is not s, "determinize returned the state itself")
            check(d.view(p) == views[p], "a determinized world changes the seat's view", p)
            check(d.to_move == s.to_move and d.legal_actions(p) == s.legal_actions(p),
                  "a determinized world changes the turn or the seat's legal actions", p)
            for q in d.to_move:
                check(d.legal_actions(q), "in a determinized world, a seat to move has no legal "
                      "action", p, q)
            self.check_world(s, d, p)
            check(s.view(p) == views[p], "determinize changed the state")
            # Another state of the same information set (a world itself) determinizes alike.
            key = self.world_key(d)
            if key is not None:
                sibling = s.determinize(p, random.Random(self.rng.getrandbits(32)))
                d2 = sibling.determinize(p, random.Random(k))
                self.stats["siblings"] += 1
                check(self.world_key(d2) == key,
                      "determinize depends on more than what the seat knows", p)

    def finish(self, s) -> None:
        check(s.over, "the game did not end")
        check(s.legal_actions(0) == [] and s.to_move == (), "a finished game goes on")
        again = game.replay(canon(s.record()))
        check(snapshot(again) == snapshot(s), "the replayed record gives another state")
        self.stats["replays"] += 1


# -- Fendo -------------------------------------------------------------------------------


class FendoChecker(Checker):
    """Pawns conserved, areas partition the board (one open area at most, holding 2+ pawns;
    each closed one holding exactly its owner's pawn), scores are the closed cells, the areas
    agree with the walls, closed areas are never reopened, each action adds one wall or one
    pawn, two passes never follow, and the game ends within twice the walls and pawns a board
    can take.  Perfect information: every view is the same but for its ``seat``."""

    game_id = "fendo"

    def start(self, s):
        self.totals = list(s._total)
        self.prev = None
        super().start(s)

    def max_plies(self, s):
        size = s.options["size"]
        walls = 2 * size * (size - 1)      # inner sides of the board
        return 2 * (walls + sum(self.totals)) + 2

    def invariants(self, s):
        v = self.views[None]
        cells = set(v["cells"])
        pawns = v["pawns"]
        for seat in (0, 1):
            check(sum(1 for p in pawns.values() if p == seat) + v["reserve"][seat]
                  == self.totals[seat] and v["reserve"][seat] >= 0, "pawns not conserved", seat)
        seen = set()
        for a in v["areas"]:
            check(not seen & set(a["cells"]) and a["cells"] == sorted(a["cells"]), "areas overlap")
            seen |= set(a["cells"])
        check(seen == cells, "areas do not cover the board")
        opens = [a for a in v["areas"] if a["open"]]
        check(len(opens) <= 1 and (not opens or v["areas"][0]["open"]), "open areas", len(opens))
        for a in v["areas"]:
            inside = [pawns[c] for c in a["cells"] if c in pawns]
            if a["open"]:
                check(a["owner"] is None and len(inside) >= 2, "an open area with < 2 pawns")
            else:
                check(inside == [a["owner"]], "a closed area without exactly its owner's pawn")
        for seat in (0, 1):
            check(s.scores[seat] == sum(len(a["cells"]) for a in v["areas"]
                                        if not a["open"] and a["owner"] == seat),
                  "score is not the closed cells", seat)
        again = fendo.position(pawns, v["walls"], reserve=v["reserve"], size=v["size"])
        rebuilt = {(frozenset(a["cells"]), a["owner"], a["open"]) for a in again.view()["areas"]}
        check(rebuilt == {(frozenset(a["cells"]), a["owner"], a["open"]) for a in v["areas"]},
              "the areas disagree with the walls")
        check(v["walls"] == sorted(set(v["walls"])) and all(w[-1] in "NE" for w in v["walls"]),
              "walls not normalised")
        check(v["walls"] == list(s._wall_names()), "the walls kept move by move are not the board's")
        if s.over:
            check(v["end_reason"] in fendo.END_REASONS, "end reason", v["end_reason"])
            a, b = s.scores
            check(s.winners == ([0] if a > b else [1] if b > a else [0, 1]), "winners")
            if v["end_reason"] == "no_open_area":
                check(not opens, "no_open_area with an open area")
            elif v["end_reason"] == "majority":
                check(max(s.scores) >= v["target"] and opens, "majority")
            else:
                check(False, "the game ended on two passes, which play cannot reach")
        else:
            check(v["end_reason"] is None and opens and max(s.scores) < v["target"]
                  and v["passes"] < 2, "an unfinished game")
        for p in (0, 1):
            check(dict(self.views[p], seat=None) == v, "a Fendo view depends on its seat", p)
        if self.prev is not None:
            pv, last = self.prev, s.actions[-1][1]
            closed_before = [a for a in pv["areas"] if not a["open"]]
            closed_now = [a for a in v["areas"] if not a["open"]]
            check(closed_now[:len(closed_before)] == closed_before, "a closed area changed")
            check(all(x >= y for x, y in zip(s.scores, pv["scores"])), "a score went down")
            added = len(v["walls"]) - len(pv["walls"])
            entered = sum(pv["reserve"]) - sum(v["reserve"])
            kind = fendo.parse(last, v["size"]).kind
            check((added, entered) == {"pass": (0, 0), "enter": (0, 1)}.get(kind, (1, 0)),
                  "an action added the wrong walls or pawns", last, added, entered)
            check(not (last == "pass" and pv["last"] and pv["last"][1] == "pass"), "two passes")
        self.prev = v


# -- Le Renard des Bois -----------------------------------------------------------------


def _popcount(m: int) -> int:
    return bin(m).count("1")


class RenardKnowledge:
    """What each seat learnt about the other's hidden cards this round, from the actions
    alone (independently of the engine's own constraints).

    Per player ``x``, a timeline of what left or entered their hand: cards played or given
    to the decree (public), the old decree taken (public), draws and cards put back (hidden).
    Facts, each at a time ``t`` of that timeline: "held no card of ``mask``" (failing to
    follow suit; answering a Monarch with a card that is not the 1) and "held ``card``"
    (the old decree taken by a Fox).
    """

    def __init__(self):
        self.round = None

    def reset(self, s):
        self.round = s._round
        self.events = [[], []]   # per x: ("out", card) | ("in", card) | ("draw",) | ("back", tag)
        self.voids = [[], []]    # per x: (mask, t)
        self.known = [[], []]    # per x: (card, t)

    def before(self, s, seat, action):
        if self.round != s._round:
            self.reset(s)
        a = rdb.parse(action)
        self._putters = len(s._putters)
        self._old_decree = s._decree
        ev = self.events[seat]
        if a.kind == "play":
            c = rdb.INDEX[a.card]
            if len(s._trick) == 1:
                led = s._trick[0]
                suit = rdb.SUIT[led]
                if rdb.SUIT[c] != suit:
                    self.voids[seat].append((rdb.SUIT_MASK[suit], len(ev)))
                elif rdb.RANK[led] == 11 and rdb.RANK[c] != 1:
                    above = sum(1 << (suit * rdb.RANKS + r - 1) for r in range(rdb.RANK[c] + 1, 12))
                    self.voids[seat].append((above, len(ev)))
            ev.append(("out", c))
        elif a.kind == "swap":
            ev.append(("out", rdb.INDEX[a.card]))
            self.known[seat].append((s._decree, len(ev)))
            ev.append(("in", s._decree))
        self._seat, self._kind, self._card = seat, a.kind, a.card

    def after(self, s):
        """Completes the timeline once the action is applied (draws and put-backs it made)."""
        seat = self._seat
        ev = self.events[seat]
        if self._kind == "play" and rdb.RANK[rdb.INDEX[self._card]] == 5:
            ev.append(("draw",))
        if s._round == self.round:
            for tag in range(self._putters, len(s._putters)):
                ev.append(("back", tag))

    def check(self, world, observer: int) -> None:
        """``world``'s other hand and deck keep every fact ``observer`` learnt."""
        if self.round != world._round:
            return
        x = 1 - observer
        hand = world._hands[x]
        by_tag = {t: c for c, t in zip(world._deck, world._tags) if t >= 0}
        ev = self.events[x]
        for mask, t in self.voids[x]:
            bound = 0
            held = sum(1 for c in hand if mask >> c & 1)
            for e in ev[t:]:
                if e[0] == "draw":
                    bound += 1
                elif e[0] == "in":
                    bound += mask >> e[1] & 1
                elif e[0] == "out":
                    bound -= mask >> e[1] & 1
                else:
                    check(e[1] in by_tag, "a card put back left the deck", e[1])
                    held += mask >> by_tag[e[1]] & 1
            check(held <= bound, "a world gives a player cards they showed they lacked",
                  observer, [rdb.NAMES[c] for c in range(33) if mask >> c & 1], held, bound)
        for card, t in self.known[x]:
            later = ev[t:]
            if ("out", card) in later:
                continue
            backs = {by_tag.get(e[1]) for e in later if e[0] == "back"}
            check(card in hand or card in backs,
                  "a world loses the old decree a player took", observer, rdb.NAMES[card])


class RenardChecker(Checker):
    """33 cards conserved (hands, deck, decree, trick, won), a deck of 6 (5 while a Woodcutter
    waits), 2 cards won per trick, 13 tricks a round, round points = band + Treasure, totals =
    the rounds' points, the game ends at the first round end that reaches the target, at most
    32 actions a round and a round gives out at least 6 points (so the game ends).  What each
    seat learnt about the other hand (:class:`RenardKnowledge`) holds in the real game and in
    every determinization; the engine's own inferences hold in the real game."""

    game_id = "renard_des_bois"

    def start(self, s):
        self.knowledge = RenardKnowledge()
        self.knowledge.reset(s)
        self.round_start = len(s.actions)    # (a checker may start mid-game: tests do)
        self.rounds_seen = len(s._rounds)
        super().start(s)

    def max_plies(self, s):
        # A round: 26 cards and at most 3 Foxes and 3 Woodcutters that ask a second action.
        # It gives out at least 6 points (the two bands), so the leader gains 3 or more.
        return 32 * -(-s._target // 3)

    def before(self, s, seat, action):
        self.knowledge.before(s, seat, action)

    def step(self, s, seat, action):
        self.knowledge.after(s)
        super().step(s, seat, action)

    @staticmethod
    def conservation(s):
        out = s._hands[0] + s._hands[1] + s._deck + [s._decree] + s._trick
        out += [c for c in range(33) if (s._won[0] | s._won[1]) >> c & 1]
        check(sorted(out) == list(range(33)), "cards not conserved")
        if s.over:
            return
        check(len(s._deck) == len(s._tags) == (5 if s._pending == rdb.WOOD else 6), "deck size")
        check(_popcount(s._won[0] | s._won[1]) == 2 * sum(s._tricks), "cards won per trick")
        check(s._won[0] & s._won[1] == 0, "a card won twice")
        check(len(s._hands[0]) + len(s._hands[1]) + len(s._trick) == 26 - 2 * sum(s._tricks)
              + (s._pending == rdb.WOOD), "hand sizes")

    @staticmethod
    def engine_inferences_hold(s, seat):
        other = 1 - seat
        hand = s._hands[other]
        by_tag = {t: c for c, t in zip(s._deck, s._tags) if t >= 0}
        for m, k, scope in s._cons[seat]:
            cs = hand + [c for t, c in by_tag.items() if scope >> t & 1]
            check(sum(1 for c in cs if m >> c & 1) <= k, "the engine's inference is false", seat)
        for c, scope in s._known[seat]:
            check(c in hand or any(by_tag.get(t) == c for t in by_tag if scope >> t & 1),
                  "the engine's known card is false", seat)

    @staticmethod
    def scores_add_up(s, v) -> None:
        """Every round played: 13 tricks, points = band + Treasure, at least 6 points given
        out; totals = the rounds' points; the game ends at the first round end that reaches
        the target, with its tricks logged and the tie broken by the last round.  ``v`` is the
        spectator's view."""
        rounds = v["rounds"]
        for r in rounds:
            check(sum(r["tricks"]) == 13, "a round of other than 13 tricks", r["tricks"])
            for p in (0, 1):
                check(r["points"][p] == rdb.band(r["tricks"][p])[0] + r["treasure"][p], "points")
            check(sum(r["points"]) >= 6, "a round gave out fewer than 6 points")
            check(0 <= sum(r["treasure"]) <= 3, "Treasure points of a round", r["treasure"])
        totals = [sum(r["points"][p] for r in rounds) for p in (0, 1)]
        check(totals == s.scores == v["totals"], "totals are not the rounds' points")
        target = s._target
        check(all(max(sum(r["points"][p] for r in rounds[:k]) for p in (0, 1)) < target
                  for k in range(1, len(rounds))), "the game went on past the target")
        if s.over:
            check(max(s.scores) >= target, "the game ended below the target")
            tricks = [e for e in v["log"] if e["event"] == "trick"]
            check(len(tricks) == 13 * len(rounds), "tricks logged")
            check(all(e["reason"] in rdb.REASONS for e in tricks), "a trick's reason")
            a, b = s.scores
            if a == b:
                a, b = rounds[-1]["points"]
            check(s.winners == ([0] if a > b else [1] if b > a else [0, 1]), "winners")
        else:
            check(sum(v["tricks"]) < 13, "a round of 13 tricks goes on")

    def invariants(self, s):
        self.conservation(s)
        for seat in (0, 1):
            self.knowledge.check(s, seat)
            self.engine_inferences_hold(s, seat)
        v = self.views[None]
        rounds = v["rounds"]
        if len(rounds) != self.rounds_seen:
            check(len(rounds) == self.rounds_seen + 1, "rounds skipped")
            check(len(s.actions) - self.round_start <= 32, "a round of more than 32 actions")
            self.rounds_seen += 1
            self.round_start = len(s.actions)
        self.scores_add_up(s, v)
        for p in [None, 0, 1]:
            self.view_shows_only_what_it_may(s, p, self.views[p])

    @staticmethod
    def view_shows_only_what_it_may(s, seat, v):
        shown = set(re.findall(r'"((?:1[01]|[1-9])[BKM])"', json.dumps(v)))
        allowed = {rdb.NAMES[s._decree]} | {rdb.NAMES[c] for c in s._trick}
        if seat is not None:
            allowed |= {rdb.NAMES[c] for c in s._hands[seat]}
            allowed |= {rdb.NAMES[c] for c, t in zip(s._deck, s._tags)
                        if t >= 0 and s._putters[t] == seat}
        if v["last_trick"]:
            allowed |= {c for _, c in v["last_trick"]["cards"]}
        for e in v["log"]:
            if e["event"] in ("swap", "deal"):
                allowed |= {e.get("decree"), e.get("took")}
            if e["event"] == "woodcutter":
                check(("drew" in e) == (e["seat"] == seat), "a Woodcutter's cards shown", seat)
                allowed |= {e.get("drew"), e.get("bottom")}
        check(shown <= allowed, "a view shows cards it may not", seat, sorted(shown - allowed))
        if seat is None:
            check(v["hand"] is None and v["deck_known"] == [] and v["drawn"] is None, "spectator")

    def scramble(self, s, seat, rng):
        w = s.clone()
        if s.over:
            return w
        hidden = [0, 1] if seat is None else [1 - seat]
        slots = [i for i, t in enumerate(s._tags) if t < 0 or s._putters[t] != seat]
        pool = [c for p in hidden for c in w._hands[p]] + [w._deck[i] for i in slots]
        rng.shuffle(pool)
        k = 0
        for p in hidden:
            n = len(w._hands[p])
            w._hands[p] = sorted(pool[k:k + n])
            k += n
        for i in slots:
            w._deck[i] = pool[k]
            k += 1
        if w._pending == rdb.WOOD and w._turn in hidden:
            w._drawn = rng.choice(w._hands[w._turn])
        won = [c for c in range(33) if (s._won[0] | s._won[1]) >> c & 1]
        rng.shuffle(won)
        n0 = _popcount(s._won[0])
        w._won = [rdb._mask(won[:n0]), rdb._mask(won[n0:])]
        w._deal_seed = rng.getrandbits(62)       # the deals of the rounds to come
        return w

    def check_world(self, s, d, seat):
        self.conservation(d)
        check(d._won == s._won and d._hands[seat] == s._hands[seat], "a world's known cards")
        self.knowledge.check(d, seat)
        if d._pending == rdb.WOOD and d._turn != seat:
            check(d._drawn in d._hands[d._turn], "the card a Woodcutter drew is not in hand")

    def world_key(self, d):
        return (d._hands, d._deck, d._tags, d._decree, d._trick, d._drawn, d._pending,
                d._turn, d._deal_seed)


# -- Fennecs -----------------------------------------------------------------------------


class FennecsChecker(Checker):
    """Cards conserved (hands, set aside, columns, collected), stars conserved (Reserve, held,
    on face-down cards: 54), no one below 0, columns of 7 cards at most, scores = stars + owed,
    each seat sees its own hand and face-down cards only (in columns and in the log), the game
    ends with the round in which someone reached the threshold or with an empty Reserve, the
    most stars win.  Determinized worlds redeal exactly the hidden cards and leave the seat
    to move an action."""

    game_id = "fennecs"

    def start(self, s):
        self.peak = 0              # the best score seen in the current round
        self.round = s._round
        super().start(s)

    @staticmethod
    def on_cards(s):
        return sum(1 for col in s._cols if col for c in col if c[2] is not None)

    @staticmethod
    def all_cards(s):
        cards = list(s._aside) + list(s._gone)
        for h in s._hands:
            cards += h
        for col in s._cols:
            cards += [c[0] for c in col or ()]
        return sorted(cards)

    @staticmethod
    def conservation(s):
        """Stars (54) and cards conserved, no one below 0, columns of 7 cards at most."""
        check(s._reserve >= 0 and min(s._stars) >= 0 and min(s._owed) >= 0, "negative stars")
        check(s._reserve + sum(s._stars) + FennecsChecker.on_cards(s) == fennecs.STARS,
              "stars not conserved")
        check(FennecsChecker.all_cards(s) == sorted(s._deck), "cards not conserved")
        check(all(len(c) <= fennecs.FULL for c in s._cols if c), "a column of more than 7 cards")

    @staticmethod
    def views_hide_secrets(s, views: dict) -> None:
        """Each view (seat -> view, None a spectator) shows its own hand alone, and a face-down
        card (in a column, in the log) to its placer alone."""
        for seat, v in views.items():
            check(v["hand"] == (None if seat is None else
                                [fennecs.LABELS[k] for k in s._hands[seat]]), "hand", seat)
            for i, col in enumerate(v["columns"]):
                for c, real in zip(col["cards"], s._cols[i] or ()):
                    if c["down"]:
                        check(("card" in c) == (real[1] == seat), "a face-down card shown", seat)
            for e in v["log"]:
                if (e["type"] == "play" and e["down"] and e["round"] == s._round
                        and s._cols[fennecs.COLUMNS.index(e["column"])] is not None):
                    check(("card" in e) == (e["seat"] == seat), "a face-down card in the log", seat)

    @staticmethod
    def final(s) -> None:
        """A finished game: the most stars win, and it ended for a reason that holds."""
        best = max(s.scores)
        check(s.winners == [p for p in range(s.players) if s.scores[p] == best], "winners")
        check(s._end in ("threshold", "reserve_empty"), "end", s._end)
        if s._end == "reserve_empty":
            check(s._reserve == 0 and best < s._threshold, "reserve_empty")

    def invariants(self, s):
        self.conservation(s)
        if s._round != self.round:
            self.round, self.peak = s._round, 0
        check(s.scores == [a + b for a, b in zip(s._stars, s._owed)], "scores")
        if s._pending is None:     # a collection counts once scored (the 1/5 values chosen)
            self.peak = max(self.peak, max(s.scores))
            if not s.over:
                check(s._reached == (self.peak >= s._threshold), "reached", self.peak)
        self.views_hide_secrets(s, self.views)
        if s.over:
            self.final(s)
            check((s._end == "threshold") == (self.peak >= s._threshold), "threshold", self.peak)

    def _hidden_slots(self, s, seat):
        """(pool, where): the cards ``seat`` cannot see and their places."""
        where = [("aside", k) for k in range(len(s._aside))]
        for p, hand in enumerate(s._hands):
            if p != seat:
                where += [("hand", p, k) for k in range(len(hand))]
        for i, col in enumerate(s._cols):
            for j, (_kind, by, tag) in enumerate(col or ()):
                if tag is not None and by != seat:
                    where.append(("col", i, j))
        return where

    def scramble(self, s, seat, rng):
        w = s.clone()
        w._next_seed = rng.getrandbits(62)
        if s.over:
            return w
        where = self._hidden_slots(s, seat)
        pool = [self._get(s, x) for x in where]
        rng.shuffle(pool)
        hands = [list(h) for h in w._hands]
        aside = list(w._aside)
        for x, kind in zip(where, pool):
            if x[0] == "aside":
                aside[x[1]] = kind
            elif x[0] == "hand":
                hands[x[1]][x[2]] = kind
            else:
                _, i, j = x
                col = w._cols[i]
                _, by, tag = col[j]
                w._cols[i] = col[:j] + ((kind, by, tag),) + col[j + 1:]
                ply, at = tag
                if ply >= 0:
                    w.actions[ply] = [by, fennecs._DOWN[kind][i]]
                if at >= 0:
                    w._log[at] = w._log[at][:3] + (kind,) + w._log[at][4:]
        w._hands = [tuple(sorted(h)) for h in hands]
        w._aside = tuple(sorted(aside))
        w._cache = None
        return w

    @staticmethod
    def _get(s, x):
        if x[0] == "aside":
            return s._aside[x[1]]
        if x[0] == "hand":
            return s._hands[x[1]][x[2]]
        return s._cols[x[1]][x[2]][0]

    def check_world(self, s, d, seat):
        self.conservation(d)
        where = self._hidden_slots(s, seat)
        check(self._hidden_slots(d, seat) == where, "a world moved the hidden places")
        check(sorted(self._get(d, x) for x in where) == sorted(self._get(s, x) for x in where),
              "a world deals other cards than the hidden ones")
        check(d._hands[seat] == s._hands[seat] and d._stars == s._stars and d._owed == s._owed
              and d._reserve == s._reserve and d._gone == s._gone, "a world changed what is known")
        for i, col in enumerate(d._cols):
            for kind, by, tag in col or ():
                if tag is not None and tag[0] >= 0:
                    check(d.actions[tag[0]] == [by, fennecs._DOWN[kind][i]],
                          "a world's record names the real face-down card")

    def world_key(self, d):
        return (d._hands, d._aside, d._cols, d._next_seed, d._turn, d._pending, d._log,
                d.actions)


# -- Fowl Play -----------------------------------------------------------------------------


class FowlChecker(Checker):
    """36 birds conserved (on the board or captured by one fox, never both), never on a tunnel
    entrance or a fox, 36 cards conserved (hands, targets, cards played, pile, discard), hands
    of 3 (4 before the target is kept), foxes on distinct cells and never on f6 after round 1's
    moves, clear-turn cards within their count, scores the sheet's, the end for a reason that
    holds and the winners by the tie-breaks.  No view shows another seat's hand, target, or
    card played before the reveal.  Worlds redeal exactly the hidden cards."""

    game_id = "fowl_play"

    def max_plies(self, s):
        # Each round but the first and the last turns a clear-turn card or captures a bird
        # (28 at most before 8 are left); a round takes at most 8 actions a player.
        n = s.players
        return 2 * n + 8 * n * (2 + 28 + s._clear_total)

    @staticmethod
    def conservation(s):
        birds = [b for b in s._cell if b]
        captured = [b for c in s._captured for b in c]
        check(sorted(birds + captured) == list(range(1, 37)), "birds not conserved")
        for c, b in enumerate(s._cell):
            if b:
                check(s._where[b] == c, "a bird's cell", b)
                check(not fowl.IS_TUNNEL[c] and c not in s._fox, "a bird on a tunnel or a fox", b)
        check(all(s._where[b] == -1 for b in captured), "a captured bird on the board")
        placed = [f for f in s._fox if f >= 0]
        check(len(set(placed)) == len(placed), "two foxes on one cell")
        held = [c for h in s._hands for c in h] + [t for t in s._targets if t]
        held += [c for c in s._chosen if c] + s._pile + s._discard
        check(sorted(held) == list(range(1, 37)), "cards not conserved")
        for p, h in enumerate(s._hands):
            want = {fowl.TARGET: 3 if s._targets[p] else 4,
                    fowl.PLACE: 3, fowl.CHOOSE: 2 if s._chosen[p] else 3}.get(s._phase, 2)
            check(len(h) == want and h == sorted(h), "hand size", p, h)
        check(0 <= s._turned <= s._clear_total == fowl.CLEAR_TURNS[s.players], "clear turns")
        if s._round == 1 and not (s._phase == fowl.FOXES and s._steps):
            check(fowl.CENTRE not in s._fox, "a fox ends round 1's move on f6")

    @staticmethod
    def views_hide_secrets(s, views: dict) -> None:
        for seat, v in views.items():
            check(v["hand"] == (None if seat is None else s._hands[seat]), "hand", seat)
            check(v["target"] == (None if seat is None else s._targets[seat] or None), "target")
            check(v["targets"] == (s._targets if s.over else None), "targets shown", seat)
            revealed = s._phase in (fowl.BIRDS, fowl.FOXES, fowl.OVER)
            for p, c in enumerate(v["chosen"]):
                want = None if not s._chosen[p] else (
                    s._chosen[p] if revealed or p == seat else True)
                check(c == want, "a card played shown", seat, p)

    def invariants(self, s):
        self.conservation(s)
        self.views_hide_secrets(s, self.views)
        v = self.views[None]
        check(v["birds_left"] == len(v["birds"]), "birds left")
        if s.over:
            sheet = v["sheet"]
            rows = {(sec, row): cells for sec, row, cells in sheet}
            for p in range(s.players):
                def total(sec, p=p):
                    return sum(cells[p] or 0 for (x, _), cells in rows.items() if x == sec)
                check(rows["subtotal", "captured"][p] == total("captured"), "subtotal 1")
                check(rows["subtotal", "survivors"][p] == total("survivors"), "subtotal 2")
                check(rows["total", "total"][p] == total("captured") + total("survivors")
                      == s.scores[p], "total")
            check(s.winners == fowl.ranking(s.scores, [s._where[t] >= 0 for t in s._targets],
                                            [len(c) for c in s._captured]), "winners")
            if s._end == "few_birds":
                check(v["birds_left"] <= 8, "few birds")
            else:
                check(s._end == "clear_turns" and s._turned == s._clear_total
                      and v["birds_left"] > 8, "end reason", s._end)
        else:
            check(s._turned < s._clear_total, "an unfinished game with every card turned")
            if s._phase == fowl.CHOOSE:        # birds may fall to 8 during a round's foxes
                check(v["birds_left"] > 8, "a round begins with 8 birds or fewer")
            check(s.scores == [sum(r.values()) for r in fowl.capture_points(s._captured)],
                  "scores are the captured birds' points")

    @staticmethod
    def _slots(s, seat):
        """The places of the cards ``seat`` (None: a spectator) cannot see."""
        where = []
        for p in range(s.players):
            if p == seat:
                continue
            where += [("hand", p, k) for k in range(len(s._hands[p]))]
            if s._targets[p] and not s.over:
                where.append(("target", p))
            if s._chosen[p] and s._phase == fowl.CHOOSE:
                where.append(("chosen", p))
        return where + [("pile", k) for k in range(len(s._pile))]

    @staticmethod
    def _get(s, x):
        if x[0] == "hand":
            return s._hands[x[1]][x[2]]
        if x[0] == "target":
            return s._targets[x[1]]
        if x[0] == "chosen":
            return s._chosen[x[1]]
        return s._pile[x[1]]

    def scramble(self, s, seat, rng):
        w = s.clone()
        w._deal_seed = rng.getrandbits(62)
        where = self._slots(s, seat)
        pool = [self._get(s, x) for x in where]
        rng.shuffle(pool)
        for x, c in zip(where, pool):
            if x[0] == "hand":
                w._hands[x[1]][x[2]] = c
            elif x[0] == "target":
                w._targets[x[1]] = c
                w.actions[s._target_ply[x[1]]] = [x[1], f"target {c}"]
            elif x[0] == "chosen":
                w._chosen[x[1]] = c
                w.actions[s._chosen_ply[x[1]]] = [x[1], f"play {c}"]
            else:
                w._pile[x[1]] = c
        for h in w._hands:
            h.sort()
        w._cache = None
        return w

    def check_world(self, s, d, seat):
        self.conservation(d)
        where = self._slots(s, seat)
        check(self._slots(d, seat) == where, "a world moved the hidden places")
        check(sorted(self._get(d, x) for x in where) == sorted(self._get(s, x) for x in where),
              "a world deals other cards than the hidden ones")
        check(d._hands[seat] == s._hands[seat] and d._targets[seat] == s._targets[seat]
              and d._chosen[seat] == s._chosen[seat] and d._cell == s._cell
              and d._captured == s._captured and d._discard == s._discard,
              "a world changed what is known")
        for p in range(s.players):
            if d._target_ply[p] >= 0:
                check(d.actions[d._target_ply[p]] == [p, f"target {d._targets[p]}"],
                      "a world's record names the real target")
            if d._chosen_ply[p] >= 0:
                check(d.actions[d._chosen_ply[p]] == [p, f"play {d._chosen[p]}"],
                      "a world's record names the real card played")

    def world_key(self, d):
        return (d._hands, d._targets, d._chosen, d._pile, d._deal_seed, d.actions)


# -- Onexeno -----------------------------------------------------------------------------

_CARD_ID = re.compile(r'"([0-8][a-t])"')


# Onexeno's box and matching, written out from the rules (docs/RULES.md, Onexeno: Matching,
# The box) on an unbounded grid, with none of the engine's frame or helpers.  A border is
# the view's 8 digits, clockwise from the top-left corner; per direction of a neighbour, the
# pairs (my cell, its cell) that must agree: the three facing cells of an edge in order, or
# the two cells of a corner.
_BORDER = ("NW", "N", "NE", "E", "SE", "S", "SW", "W")
_CONTACT = {
    (1, 0): (("NE", "NW"), ("E", "W"), ("SE", "SW")),
    (-1, 0): (("NW", "NE"), ("W", "E"), ("SW", "SE")),
    (0, 1): (("NW", "SW"), ("N", "S"), ("NE", "SE")),
    (0, -1): (("SW", "NW"), ("S", "N"), ("SE", "NE")),
    (1, 1): (("NE", "SW"),), (-1, 1): (("NW", "SE"),),
    (1, -1): (("SE", "NW"),), (-1, -1): (("SW", "NE"),),
}
_CONTACT = {d: tuple((_BORDER.index(m), _BORDER.index(t)) for m, t in pairs)
            for d, pairs in _CONTACT.items()}


@functools.cache
def _looks(card: str) -> tuple:
    """A card's distinct borders in its 4 turns, each with its digits as bits (digit ``i``,
    bit ``i``): a quarter turn clockwise moves each border cell two places on (NW to NE)."""
    b = onexeno.border(card)
    return tuple((r, int(r[::-1], 2)) for r in {b[-2 * q:] + b[:-2 * q] if q else b
                                                for q in range(4)})


def box_placements(table: dict, hand) -> set:
    """The placements the rules allow: ``(card, border, where)`` for every card of ``hand`` in
    every look, on every empty cell touching a card of ``table`` (a view's: cell -> {border})
    by an edge or a corner, agreeing with each card it touches, the cards and it spanning at
    most 5 columns and 5 rows.  ``where`` is the cell relative to the cards' lowest column and
    row, so that where the engine keeps the table does not matter; on an empty table every look
    goes to ``"middle"``."""
    looks = [(c, b, n) for c in set(hand) for b, n in _looks(c)]
    if not table:
        return {(c, b, "middle") for c, b, _ in looks}
    placed = {onexeno.cell_xy(c): v["border"] for c, v in table.items()}
    x0, y0 = min(x for x, _ in placed), min(y for _, y in placed)
    x1, y1 = max(x for x, _ in placed), max(y for _, y in placed)
    out = set()
    free = {(x + dx, y + dy) for x, y in placed for dx, dy in _CONTACT} - set(placed)
    for x, y in free:
        if max(x1, x) - min(x0, x) >= 5 or max(y1, y) - min(y0, y) >= 5:
            continue
        want = {}                        # my border cell -> the colour the cards ask of it
        for (dx, dy), pairs in _CONTACT.items():
            other = placed.get((x + dx, y + dy))
            for m, t in pairs if other else ():
                if want.setdefault(m, other[t]) != other[t]:
                    break                # two cards ask both colours of one cell
            else:
                continue
            break
        else:
            mask = sum(1 << m for m in want)
            bits = sum(1 << m for m, v in want.items() if v == "1")
            out |= {(c, b, (x - x0, y - y0)) for c, b, n in looks if n & mask == bits}
    return out


def offered_placements(s, seat: int, table: dict) -> list:
    """The placements ``legal_actions(seat)`` offers on ``table`` (the view's), as
    :func:`box_placements` writes them."""
    xy = [onexeno.cell_xy(c) for c in table]
    x0, y0 = (min(x for x, _ in xy), min(y for _, y in xy)) if xy else (0, 0)
    out = []
    for a in s.legal_actions(seat):
        if a != "pass":
            p = onexeno.parse(a)
            x, y = onexeno.cell_xy(p.cell)
            where = (x - x0, y - y0) if table else "middle" if p.cell == "e5" else p.cell
            out.append((p.card, _border(p.card, p.turn), where))
    return out


_border = functools.lru_cache(maxsize=None)(onexeno.border)


def same_onexeno_game(a, b) -> None:
    """Fails unless two Onexeno states are one game at one point, their tables perhaps lying
    elsewhere in the frame (an old record, renamed): every view alike but for the cells named,
    and the tables alike, card for card, up to a move of the whole."""
    def placed(v):
        xy = {onexeno.cell_xy(c): t for c, t in v["table"].items()}
        x0, y0 = min((x for x, _ in xy), default=0), min((y for _, y in xy), default=0)
        return {(x - x0, y - y0): t for (x, y), t in xy.items()}

    check(a.to_move == b.to_move and len(a.actions) == len(b.actions), "not at the same point")
    for seat in [None, *range(a.players)]:
        va, vb = a.view(seat), b.view(seat)
        check(placed(va) == placed(vb), "the tables differ", seat)
        named = ("table", "box", "last", "last_take")
        check({k: v for k, v in va.items() if k not in named} ==
              {k: v for k, v in vb.items() if k not in named}, "the views differ", seat)
        check((va["last_take"] or {}).get("cards") == (vb["last_take"] or {}).get("cards")
              and (va["last"] or {}).get("card") == (vb["last"] or {}).get("card"),
              "the last take or action differs", seat)


class OnexenoChecker(Checker):
    """70 cards conserved (hands, deck, table, taken), the table in a 5x5 box with every edge
    and corner contact matching and no line of five left on it, the seat to move offered
    every placement of the box (:func:`box_placements`) and no other, passes final only once the
    deck is empty (both partners out together), scores = rounds carried + points taken (team
    totals with teams), each view showing no card of another hand or of the deck, the game
    ending with all out or a hand emptied, each round within its bound.  Worlds redeal exactly
    the other hands and the deck."""

    game_id = "onexeno"

    def max_plies(self, s):
        # A round: a turn per card drawn, then each end-phase turn places a card or puts a
        # seat out for good.
        return s._rounds * (len(onexeno.CARDS) + len(onexeno.CARDS) + s.players)

    @staticmethod
    def conservation(s):
        cards = [c for h in s._hands for c in h] + list(s._deck)
        cards += [t[0] for t in s._table if t] + [c for t in s._taken for c in t]
        check(sorted(cards) == sorted(onexeno.CARDS), "cards not conserved")
        check(all((t is None) == (q < 0) for t, q in zip(s._table, s._pats))
              and all(q == onexeno.pattern(*t) for t, q in zip(s._table, s._pats) if t),
              "the patterns kept disagree with the table")

    @staticmethod
    def table_is_sound(s):
        """Every contact matches, the box holds, no line of five is left."""
        F = onexeno.FRAME
        placed = {(i % F, i // F): q for i, q in enumerate(s._pats) if q >= 0}
        if not placed:
            return
        xs = [x for x, _ in placed]
        ys = [y for _, y in placed]
        check(max(xs) - min(xs) < 5 and max(ys) - min(ys) < 5, "the table outgrew its box")
        for (x, y), p in placed.items():
            for _, dx, dy, mine, theirs in onexeno.SIDES:
                q = placed.get((x + dx, y + dy))
                if q is not None:
                    check(all((p >> m & 1) == (q >> t & 1) for m, t in zip(mine, theirs)),
                          "a contact on the table does not match", x, y, dx, dy)
            for dx, dy in onexeno.LINES:
                check(not all((x + k * dx, y + k * dy) in placed for k in range(5)),
                      "a line of five left on the table", x, y, dx, dy)

    def box_is_offered(self, s):
        """The seat to move is offered exactly the placements of the rules, on an unbounded
        grid (:func:`box_placements`): the frame never cuts the box."""
        v = self.views[s._turn]
        offered = offered_placements(s, s._turn, v["table"])
        want = box_placements(v["table"], v["hand"])
        check(len(offered) == len(set(offered)) and set(offered) == want,
              "the placements offered are not the box's", sorted(want - set(offered))[:3],
              sorted(set(offered) - want)[:3])
        self.stats["box_positions"] += 1
        self.stats["box_placements"] += len(want)

    @staticmethod
    def view_shows_only_what_it_may(s, seat, v):
        shown = set(_CARD_ID.findall(json.dumps(v)))
        allowed = {t[0] for t in s._table if t} | {c for t in s._taken for c in t}
        for r in s._results:
            allowed |= {c for h in r["hands"] for c in h}
        if s._last_take:
            allowed |= set(s._last_take["cards"])
        if s._last and "card" in s._last:
            allowed.add(s._last["card"])
        if seat is not None:
            allowed |= set(s._hands[seat])
        check(shown <= allowed, "a view shows cards it may not", seat, sorted(shown - allowed))
        check(v["hand"] == (None if seat is None else list(s._hands[seat])), "hand", seat)
        check(v["hand_counts"] == [len(h) for h in s._hands] and v["deck"] == len(s._deck),
              "counts")

    def invariants(self, s):
        self.conservation(s)
        self.table_is_sound(s)
        if not s.over:
            self.box_is_offered(s)
        check(not any(s._out) or not s._deck, "a final pass while the deck has cards")
        if s._teams:
            check(all(s._out[p] == s._out[p % s._teams] for p in range(s.players)),
                  "partners out apart")
        own = [s._carried[p] + (0 if s.over else sum(onexeno.VALUE[c] for c in s._taken[p]))
               for p in range(s.players)]
        if s._teams:
            team = [sum(own[q] for q in range(s.players) if q % s._teams == p % s._teams)
                    for p in range(s.players)]
            check(s.scores == team, "team scores")
        else:
            check(s.scores == own, "scores")
        check(s._carried == [sum(r["points"][p] for r in s._results) for p in range(s.players)],
              "carried points are not the rounds'")
        for r in s._results:
            check(r["points"] == [a - b for a, b in zip(r["taken"], r["left"])], "a round's points")
            check(r["left"] == [sum(onexeno.VALUE[c] for c in h) for h in r["hands"]], "left")
        if s.over:
            last = s._results[-1]
            check(len(s._results) == s._rounds, "rounds played")
            check(last["reason"] == "all_passed" and all(s._out) and not s._deck
                  or last["reason"] == "last_card" and any(not h for h in s._hands),
                  "the game ended for no reason", last["reason"])
            best = max(s.scores)
            check(s.winners == [p for p in range(s.players) if s.scores[p] == best], "winners")
        else:
            check(not s._out[s._turn] and s._hands[s._turn], "the seat to move is out or empty")
        for p in [None, *range(s.players)]:
            self.view_shows_only_what_it_may(s, p, self.views[p])

    def scramble(self, s, seat, rng):
        w = s.clone()
        w._next_seed = rng.getrandbits(62)
        if s.over:
            return w
        pool = list(s._deck) + [c for p, h in enumerate(s._hands) if p != seat for c in h]
        rng.shuffle(pool)
        s._deal_hidden(w, seat, pool)
        return w

    def check_world(self, s, d, seat):
        self.conservation(d)
        check(d._hands[seat] == s._hands[seat] and d._table == s._table and d._taken == s._taken
              and len(d._deck) == len(s._deck) and d._out == s._out and d._carried == s._carried,
              "a world changed what is known")
        check([len(h) for h in d._hands] == [len(h) for h in s._hands], "a world's hand sizes")

    def world_key(self, d):
        return (d._hands, d._deck, d._next_seed, d._turn)


CHECKERS = {c.game_id: c for c in (FendoChecker, RenardChecker, FennecsChecker, FowlChecker,
                                   OnexenoChecker)}
