"""What a seating is judged by: pairs meeting more than once, the most times a pair meets, the
winds' balance and the meetings of team (or country) mates."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TypeVar

Player = TypeVar("Player", int, str)
WINDS = 4


def meetings(sessions: Sequence[Sequence[Sequence[Player]]]) -> dict[tuple[Player, Player], int]:
    """How many times each pair (in sorted order) shares a table."""
    met: dict[tuple[Player, Player], int] = {}
    for session in sessions:
        for table in session:
            for pair in itertools.combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return met


def repeat_meetings(sessions: Sequence[Sequence[Sequence[Player]]]) -> int:
    """Pairs of players who meet more than once."""
    return sum(1 for times in meetings(sessions).values() if times > 1)


def most_meetings(sessions: Sequence[Sequence[Sequence[Player]]]) -> int:
    """The most times any pair meets (0 without a table)."""
    return max(meetings(sessions).values(), default=0)


def wind_balance(sessions: Sequence[Sequence[Sequence[Player]]], count: int = 0) -> int:
    """The largest difference between how often a player sits his most and his least
    frequent wind (tables listed in wind order)."""
    seen: dict[Player, list[int]] = {}
    for session in sessions:
        for table in session:
            for wind, player in enumerate(table):
                seen.setdefault(player, [0] * WINDS)[wind] += 1
    return max((max(s) - min(s) for s in seen.values()), default=0)


def same_group_meetings(
    sessions: Sequence[Sequence[Sequence[Player]]], group_of: Mapping[Player, str]
) -> int:
    """Times two players of one group (a team, a country) share a table."""
    return sum(
        times
        for (a, b), times in meetings(sessions).items()
        if group_of.get(a) and group_of.get(a) == group_of.get(b)
    )
