"""Monte Carlo tree search over information sets, for every game.

UCT (Kocsis & Szepesvári) on one tree of action strings.  Each iteration
starts from ``state.determinize(seat, rng)``: in a perfect-information game
that is a plain clone, so this is ordinary UCT; with hidden cards it is
single-observer ISMCTS (Cowling, Powley & Whitehouse 2012), where a child's
UCB term counts how often it was *available* rather than how often its parent
was visited, since a determinization may not allow every action.

Two ways to grow the tree, by what the game offers:

- a game with a judge (its profile's ``judge``, ``bots.profile``): a node, when
  first reached, gets all its children at once, each judged once and counted as
  one visit, so that search starts from the judge's order and spends the budget
  proving or refuting the best-looking actions (a wide game, with ~200 actions a
  turn, needs this);
- any other game: one new child per iteration, judged by a playout (random, or
  the game's own policy: ``bots.playouts``).

Several seats may be to move at once (secret simultaneous choices): the tree
lets them act one after another, the searching seat first at the root, then
the others in ``to_move`` order, each on a world redrawn for the root seat,
which is what such a seat could know anyway.
"""

from __future__ import annotations

import math
import random

from . import playouts, profile
from .evaluate import evaluate


class Node:
    __slots__ = ("children", "visits", "avail", "value")

    def __init__(self, players: int):
        self.children: dict[str, Node] | None = None  # None until expanded
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * players  # summed results, per seat

    def add(self, result: list[float]) -> None:
        self.visits += 1
        v = self.value
        for p, r in enumerate(result):
            v[p] += r


def _select(node: Node, legal: list[str], mover: int, c: float) -> str | None:
    """The child to follow by UCB, or None if some legal action is untried."""
    best, best_ucb = None, -1.0
    children = node.children
    log, sqrt = math.log, math.sqrt  # the hottest loop of the search
    for action in legal:
        child = children.get(action)
        if child is None:
            return None
        child.avail = avail = child.avail + 1
        visits = child.visits
        ucb = child.value[mover] / visits + c * sqrt(log(avail) / visits)
        if ucb > best_ucb:
            best, best_ucb = action, ucb
    return best


def search(state, seat: int, rng: random.Random, budget: int,
           playout_depth: int = 200, exploration: float = 0.25,
           deadline: float | None = None, clock=None) -> dict[str, int]:
    """Searches until ``budget`` actions have been simulated; returns visits per root action.

    The budget counts actions applied (in the tree, in expansions and in
    playouts), the unit of work every game shares, so one budget means about
    the same thinking time whatever the game's width.  With a ``deadline`` (a
    time of ``clock``), the search also stops once that time has passed,
    checked after every iteration: an anytime search.
    """
    players = state.players
    p = profile.of(state.info.id)
    judged = p.judge is not None
    mark = playouts.horizon(state.info.id)
    # A game of rounds raced to a target: a round's end is where this search stops, in the tree
    # as in playouts, and the new totals are judged (the profile's race) against the ones at
    # the root; deals to come are noise.
    totals = state.scores if p.race else None
    root = Node(players)
    spent = 0
    while spent < budget and (deadline is None or clock() < deadline):
        world = state.determinize(seat, rng)
        node, path = root, [root]
        while not world.over and (totals is None or world.scores == totals):
            to_move = world.to_move
            # Several seats choosing in secret: the searching seat first at the root (its
            # choice is the one asked), the others after it, in to_move order.
            mover = seat if node is root and seat in to_move else to_move[0]
            legal = world.legal_actions(mover)
            if node.children is None:
                node.children = {}
            action = _select(node, legal, mover, exploration)
            if action is None:
                untried = [a for a in legal if a not in node.children]
                if judged:
                    # Expand all at once; each child's first visit is its judgement.
                    for a in untried:
                        after = world.clone()
                        after.apply(mover, a)
                        spent += 1
                        child = node.children[a] = Node(players)
                        child.avail = 1
                        child.add(evaluate(after))
                    action = _select(node, legal, mover, exploration)
                else:
                    action = rng.choice(untried)
                    node.children[action] = Node(players)
                    node.children[action].avail = 1
                    world.apply(mover, action)
                    spent += 1
                    path.append(node.children[action])
                    break
            world.apply(mover, action)
            spent += 1
            node = node.children[action]
            path.append(node)
            if judged and node.visits == 1:
                break  # a child judged just now: that judgement is this iteration's news
        if not judged:
            start = totals or (mark(world) if mark else None)
            for _ in range(playout_depth):
                if world.over or (mark and mark(world) != start):
                    break
                mover = world.to_move[0]
                world.apply(mover, playouts.pick(world, mover, rng))
                spent += 1
        result = evaluate(world, totals)
        for n in path:
            n.add(result)
    return {a: c.visits for a, c in (root.children or {}).items()}


def choose(state, seat: int, rng: random.Random, budget: int, **kw) -> str:
    """The most visited action at the root (a sure action is played at once)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    visits = search(state, seat, rng, budget, **kw)
    return max(legal, key=lambda a: (visits.get(a, 0), a))
