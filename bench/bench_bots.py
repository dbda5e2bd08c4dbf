"""Bot strength and speed: whole games between two levels, seats alternating.

    python3 bench/bench_bots.py fendo expert random 100

prints the win rate of the first level and the time per decision (median and
95th percentile) of each.  Runs the same on CPython and in Pyodide.
"""

from __future__ import annotations

import statistics
import sys
import time

sys.path.insert(0, ".")

import bots  # noqa: E402
import game  # noqa: E402


def play(game_id: str, levels: list[str], seed: int, times: dict) -> list[int]:
    """One seeded game; ``levels[p]`` plays seat p.  Returns the winners."""
    state = game.new_game(game_id, seed=seed)
    while not state.over:
        seat = state.to_move[0]
        level = levels[seat]
        t = time.perf_counter()
        action = bots.choose(state, seat, level, seed=seed * 1000 + len(state.actions))
        times.setdefault(level, []).append(time.perf_counter() - t)
        state.apply(seat, action)
    return state.winners


def match(game_id: str, a: str, b: str, games: int) -> dict:
    """``a`` against ``b``; a tie counts half a win."""
    times: dict = {}
    wins = 0.0
    for g in range(games):
        levels = [a, b] if g % 2 == 0 else [b, a]
        seat_a = g % 2
        winners = play(game_id, levels, g, times)
        if seat_a in winners:
            wins += 1 / len(winners)
    report = {"game": game_id, "a": a, "b": b, "games": games, "win_rate_a": wins / games}
    for level, ts in times.items():
        ts.sort()
        report[level] = {
            "decisions": len(ts),
            "median_s": statistics.median(ts),
            "p95_s": ts[int(0.95 * (len(ts) - 1))],
        }
    return report


def main(argv: list[str]) -> None:
    game_id, a, b = argv[0], argv[1], argv[2]
    games = int(argv[3]) if len(argv) > 3 else 20
    r = match(game_id, a, b, games)
    print(f"{game_id}: {a} vs {b}, {games} games: {a} wins {r['win_rate_a']:.0%}")
    for level in (a, b):
        if level in r:
            t = r[level]
            print(f"  {level:9s} {t['decisions']:6d} decisions, median {t['median_s']*1000:7.1f} ms,"
                  f" p95 {t['p95_s']*1000:7.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
