"""Ranks in a table where equal players share their place (RULES §1.4, §2.2)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def shared_ranks(keys: Sequence[Hashable], first: int = 1) -> list[str]:
    """The rank of each row, in order, given what ranks it (rows already sorted): players
    equal on every key share their place, written "2=" ("1, 2=, 2=, 4")."""
    ranks: list[str] = []
    for index, key in enumerate(keys):
        start = index
        while start > 0 and keys[start - 1] == key:
            start -= 1
        tied = start != index or (index + 1 < len(keys) and keys[index + 1] == key)
        ranks.append(f"{first + start}=" if tied else str(first + start))
    return ranks
