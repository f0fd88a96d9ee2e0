"""Seatings in which no pair ever meets twice, known in advance (the social golfer problem for
tables of four): rounds that partition the players into tables, two players sharing at most one
table over all of them. Any rounds of such a design keep that property, so a plan of fewer
sessions takes the first ones.

- 16 and 64 players: the affine spaces AG(2, 4) and AG(3, 4), whose lines of each direction
  partition the points: 5 and 21 rounds (every pair meets exactly once: the most possible).
- Other fields up to 64 players: designs found once by a tabu search and checked by the tests
  (``stored``), at the number of rounds the literature knows to be reachable, or the most found.
"""

from __future__ import annotations

import itertools
from functools import cache

from bot.discipline.mcr.seating.stored import STORED

Rounds = list[list[list[int]]]

# GF(4) = {0, 1, a, a + 1} as 0..3: addition is XOR, multiplication by this table (a² = a + 1)
_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def affine_space(dimension: int) -> Rounds:
    """AG(dimension, 4): 4^dimension players; one round per direction (a nonzero vector whose
    first nonzero coordinate is 1), whose lines {p + t·u} are the tables."""
    points = list(itertools.product(range(4), repeat=dimension))
    index = {point: number for number, point in enumerate(points)}
    directions = [u for u in points if any(u) and u[next(i for i, x in enumerate(u) if x)] == 1]
    rounds = []
    for u in directions:
        seen: set[int] = set()
        tables = []
        for point in points:
            if index[point] in seen:
                continue
            line = [
                index[tuple(p ^ _MUL[t][c] for p, c in zip(point, u, strict=True))]
                for t in range(4)
            ]
            seen.update(line)
            tables.append(sorted(line))
        rounds.append(tables)
    return rounds


@cache
def zero_repeat_rounds(count: int) -> Rounds:
    """The known design for ``count`` players (none: an empty list)."""
    if count == 16:
        return affine_space(2)
    if count == 64:
        return affine_space(3)
    if count in STORED:
        return _read(STORED[count])
    return []


def _read(text: str) -> Rounds:
    """Rounds written one a line, tables separated by spaces, players by dots."""
    return [
        [[int(p) for p in table.split(".")] for table in line.split()]
        for line in text.strip().splitlines()
    ]
