"""Team (or country) mates kept apart: who takes which place of a plan's tables is changed, never
the tables, so the plan's meetings and winds stay as they were.

Swapping the players of two places changes only the tables those places sit at; a local search
takes, for each player sitting with a mate, the swap that lowers the mates' meetings most (or,
now and then, one that keeps them level, to leave a plateau), and keeps the best seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

BUDGET = 3_000_000  # table-mate comparisons


def keep_apart(
    structure: Sequence[Sequence[Sequence[int]]], groups: Sequence[str], rng: random.Random
) -> list[int]:
    """``at[place]``: which of the players (indexed as ``groups``, "" for none) sits at each
    place so that players of one group share as few tables as possible."""
    count = len(groups)
    codes = {g: n for n, g in enumerate(sorted(set(groups) - {""}))}
    # a player without a group gets a code of his own: nobody is his mate
    group = [codes[g] if g else -1 - n for n, g in enumerate(groups)]
    mates: list[list[list[int]]] = [[] for _ in range(count)]
    for session in structure:
        for table in session:
            for place in table:
                mates[place].append([m for m in table if m != place])
    at = list(range(count))

    def cost_at(place: int) -> int:
        own = group[at[place]]
        return sum(group[at[m]] == own for table in mates[place] for m in table)

    def delta(p: int, q: int) -> int:
        gp, gq = group[at[p]], group[at[q]]
        change = 0
        for table_p, table_q in zip(mates[p], mates[q], strict=True):
            if q in table_p:
                continue
            for m in table_p:
                gm = group[at[m]]
                change += (gq == gm) - (gp == gm)
            for m in table_q:
                gm = group[at[m]]
                change += (gp == gm) - (gq == gm)
        return change

    total = sum(cost_at(p) for p in range(count)) // 2
    best_total, best_at = total, list(at)
    budget = BUDGET
    sessions = len(structure)
    while total > 0 and budget > 0:
        caught = [p for p in range(count) if cost_at(p)]
        rng.shuffle(caught)
        moved = False
        for p in caught:
            if not cost_at(p):
                continue
            options = [(delta(p, q), q) for q in range(count) if group[at[q]] != group[at[p]]]
            budget -= len(options) * sessions * 6
            if not options:
                continue
            change, q = min(options)
            if change < 0 or (change == 0 and rng.random() < 0.2):
                at[p], at[q] = at[q], at[p]
                total += change
                moved = moved or change < 0
            if total < best_total:
                best_total, best_at = total, list(at)
            if total == 0 or budget <= 0:
                break
        if not moved and rng.random() < 0.5:  # stuck: shake a few places
            for p in rng.sample(range(count), max(2, count // 20)):
                q = rng.randrange(count)
                total += delta(p, q)
                at[p], at[q] = at[q], at[p]
    return best_at
