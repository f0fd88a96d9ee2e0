"""The seating plan (/seating) against a random seating and a greedy one, from the same run.

    .venv/bin/python bench/seating.py

For 16, 40, 100, 200 and 400 players over 4, 7 and 10 sessions: repeat meetings (pairs of
players who meet more than once), wind balance (the largest difference between a player's most
and least frequent wind) and the time to draw the plan. Goals: 0 repeats where possible (16
players × 5 sessions), wind balance ≤ 1 where sessions are a multiple of 4, ≤ 2 s for 400 × 10.
A script, not a test.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.discipline.mcr.seating import _balance, _repeats, plan  # noqa: E402


def random_plan(count: int, sessions: int, rng: random.Random) -> list[list[list[int]]]:
    drawn = []
    for _ in range(sessions):
        order = list(range(count))
        rng.shuffle(order)
        drawn.append([order[i : i + 4] for i in range(0, count, 4)])
    return drawn


def greedy_plan(count: int, sessions: int, rng: random.Random) -> list[list[list[int]]]:
    """Each table filled with whoever has met its players least, in a shuffled order."""
    met = [[0] * count for _ in range(count)]
    drawn = []
    for _ in range(sessions):
        left = list(range(count))
        rng.shuffle(left)
        tables = []
        while left:
            table = [left.pop()]
            while len(table) < 4:
                best = min(left, key=lambda p: sum(met[p][q] for q in table))
                left.remove(best)
                table.append(best)
            tables.append(table)
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
        drawn.append(tables)
    return drawn


def main() -> None:
    print(
        f"{'players':>7} {'sessions':>8} | {'plan: repeats, winds, time':>28} | "
        f"{'random: repeats, winds':>22} | {'greedy: repeats, winds, time':>29}"
    )
    for players, sessions in itertools.product((16, 40, 100, 200, 400), (4, 5, 7, 10)):
        if sessions == 5 and players != 16:
            continue
        names = [f"p{n}" for n in range(players)]
        began = time.perf_counter()
        drawn = plan(names, sessions)
        took = time.perf_counter() - began
        rng = random.Random(1)
        chance = random_plan(players, sessions, rng)
        began = time.perf_counter()
        greedy = greedy_plan(players, sessions, rng)
        greedy_took = time.perf_counter() - began
        print(
            f"{players:>7} {sessions:>8} | {drawn.repeat_meetings:>8} {drawn.wind_balance:>6}"
            f" {took * 1000:>9.0f} ms | {_repeats(chance, players):>12} "
            f"{_balance(chance, players):>6} | {_repeats(greedy, players):>8} "
            f"{_balance(greedy, players):>6} {greedy_took * 1000:>9.0f} ms"
        )


if __name__ == "__main__":
    main()
