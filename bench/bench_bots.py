"""Bot strength and speed: whole seeded games of one level against others.

    python3 -m bench.bench_bots fendo expert random 100
    python3 -m bench.bench_bots fennecs expert novice 100 --players 3 variant=sahara

Level ``a`` plays one seat, level ``b`` every other seat; ``a``'s seat turns
round from game to game.  Prints ``a``'s win rate (a shared win counts its
share), how often ``a`` scored more than every other seat (a tie-break win does
not count), and the time per decision (median and 95th percentile) of each level.
Runs the same on CPython and in Pyodide.
"""

from __future__ import annotations

import statistics
import sys
import time

import bots
import game


def play(game_id: str, levels: list[str], seed: int, times: dict, options: dict):
    """One seeded game; ``levels[p]`` plays seat p.  Returns the finished state."""
    state = game.new_game(game_id, len(levels), seed=seed, **options)
    while not state.over:
        seat = state.to_move[0]
        level = levels[seat]
        t = time.perf_counter()
        action = bots.choose(state, seat, level, seed=seed * 1000 + len(state.actions))
        times.setdefault(level, []).append(time.perf_counter() - t)
        state.apply(seat, action)
    return state


def match(game_id: str, a: str, b: str, games: int, players: int = 2, options: dict | None = None) -> dict:
    """``a`` in one seat against ``b`` in all the others."""
    times: dict = {}
    wins = 0.0
    outscored = 0
    for g in range(games):
        seat_a = g % players
        levels = [a if p == seat_a else b for p in range(players)]
        state = play(game_id, levels, g, times, options or {})
        winners, scores = state.winners, state.scores
        if seat_a in winners:
            wins += 1 / len(winners)
        outscored += scores[seat_a] > max(s for p, s in enumerate(scores) if p != seat_a)
    report = {"game": game_id, "a": a, "b": b, "games": games, "players": players,
              "win_rate_a": wins / games, "outscored_rate_a": outscored / games}
    for level, ts in times.items():
        ts.sort()
        report[level] = {
            "decisions": len(ts),
            "median_s": statistics.median(ts),
            "p95_s": ts[int(0.95 * (len(ts) - 1))],
        }
    return report


def _value(text: str):
    return int(text) if text.lstrip("-").isdigit() else text


def main(argv: list[str]) -> None:
    players = 2
    if "--players" in argv:
        i = argv.index("--players")
        players = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    options = dict((k, _value(v)) for k, v in (arg.split("=", 1) for arg in argv if "=" in arg))
    argv = [arg for arg in argv if "=" not in arg]
    game_id, a, b = argv[0], argv[1], argv[2]
    games = int(argv[3]) if len(argv) > 3 else 20
    r = match(game_id, a, b, games, players, options)
    extra = "".join(f" {k}={v}" for k, v in options.items())
    print(f"{game_id}{extra}: {a} vs {players - 1}x {b}, {games} games: {a} wins {r['win_rate_a']:.0%}, "
          f"scores more than every other seat in {r['outscored_rate_a']:.0%}")
    for level in (a, b):
        if level in r:
            t = r[level]
            print(f"  {level:9s} {t['decisions']:6d} decisions, median {t['median_s']*1000:7.1f} ms,"
                  f" p95 {t['p95_s']*1000:7.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
