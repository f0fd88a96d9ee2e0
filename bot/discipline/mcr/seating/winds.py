"""The winds of a seating (CONSOLE.md, the director's tools): every table's four players put in
wind order (E, S, W, N) so that each player sits every wind as evenly as the sessions allow.

Each block of four sessions gets perfect winds: players and tables form a 4-regular bipartite
graph, split into four perfect matchings (König), one per wind, so that every player sits each
wind once. Sessions left over are given the order (of the 24) that keeps every player's counts
most even, then improved by local moves.
"""

from __future__ import annotations

import itertools
import random

from bot.discipline.mcr.seating.measures import wind_balance

SEATS = 4
WINDS = 4


def seat_winds(tables: list[list[list[int]]], count: int) -> list[list[list[int]]]:
    """The same tables, each in wind order."""
    whole = len(tables) - len(tables) % WINDS
    seated = []
    for start in range(0, whole, WINDS):
        seated += _block_winds(tables[start : start + WINDS], count)
    if whole == len(tables):
        return seated
    return seated + _rest_winds(tables[whole:], count, seated)


def _block_winds(block: list[list[list[int]]], count: int) -> list[list[list[int]]]:
    """Four sessions' winds with every player sitting each wind exactly once (balance 0).

    Players and the block's tables form a 4-regular bipartite graph (each player sits at four
    tables, each table seats four players), which König's theorem splits into four perfect
    matchings: the k-th matching gives every table its k-th wind, and every player his."""
    tables = [table for session in block for table in session]
    edges_of = [[t for t, table in enumerate(tables) if player in table] for player in range(count)]
    wind_of: dict[tuple[int, int], int] = {}  # (player, table) → wind
    for wind in range(WINDS):
        match_table: dict[int, int] = {}  # table → player this round
        for player in range(count):
            free = [t for t in edges_of[player] if (player, t) not in wind_of]
            if not _augment(player, free, edges_of, wind_of, match_table, set()):
                raise AssertionError("a regular bipartite graph has a perfect matching")
        for table_index, player in match_table.items():
            wind_of[player, table_index] = wind
    seated: list[list[list[int]]] = []
    index = 0
    for session in block:
        placed = []
        for members in session:
            position = index
            placed.append(sorted(members, key=lambda p: wind_of[p, position]))
            index += 1
        seated.append(placed)
    return seated


def _augment(
    player: int,
    free: list[int],
    edges_of: list[list[int]],
    wind_of: dict[tuple[int, int], int],
    match_table: dict[int, int],
    seen: set[int],
) -> bool:
    """Kuhn's augmenting path: seat ``player`` at one of his free tables this round."""
    for table in free:
        if table in seen:
            continue
        seen.add(table)
        holder = match_table.get(table)
        if holder is None or _augment(
            holder,
            [t for t in edges_of[holder] if (holder, t) not in wind_of],
            edges_of,
            wind_of,
            match_table,
            seen,
        ):
            match_table[table] = player
            return True
    return False


def _rest_winds(
    tables: list[list[list[int]]], count: int, done: list[list[list[int]]]
) -> list[list[list[int]]]:
    seen = [[0] * WINDS for _ in range(count)]
    for session in done:
        for table in session:
            for wind, player in enumerate(table):
                seen[player][wind] += 1
    orders = list(itertools.permutations(range(SEATS)))
    seated = []
    for session in tables:
        placed = []
        for table in session:

            def spread(order: tuple[int, ...], table: list[int] = table) -> tuple[int, int]:
                after = [
                    (seen[table[i]][wind] + 1, max(seen[table[i]]), min(seen[table[i]]))
                    for wind, i in enumerate(order)
                ]
                worst = max(max(top, new) - low for new, top, low in after)
                return worst, sum(new for new, _, _ in after)

            best = min(orders, key=spread)
            for wind, i in enumerate(best):
                seen[table[i]][wind] += 1
            placed.append([table[i] for i in best])
        seated.append(placed)
    seated = _even_out(seated, seen, orders)
    return _shaken(seated, seen, orders, count, done)


def _shaken(
    seated: list[list[list[int]]],
    seen: list[list[int]],
    orders: list[tuple[int, ...]],
    count: int,
    done: list[list[list[int]]],
) -> list[list[list[int]]]:
    """Stuck above 1: shake a tenth of the tables' winds and even out again, keeping the
    best plan seen (a few rounds, seeded by the plan's size)."""
    rng = random.Random(len(seated) * 31 + count)
    kept = [[list(t) for t in session] for session in seated]
    kept_balance = wind_balance(done + kept, count)
    places = [(s, t) for s, session in enumerate(seated) for t in range(len(session))]
    for _ in range(40):
        if kept_balance <= 1:
            break
        for s, t in rng.sample(places, max(1, len(places) // 10)):
            table = seated[s][t]
            for wind, player in enumerate(table):
                seen[player][wind] -= 1
            rng.shuffle(table)
            for wind, player in enumerate(table):
                seen[player][wind] += 1
        seated = _even_out(seated, seen, orders)
        balance = wind_balance(done + seated, count)
        if balance < kept_balance:
            kept, kept_balance = [[list(t) for t in session] for session in seated], balance
    return kept


def _even_out(
    seated: list[list[list[int]]], seen: list[list[int]], orders: list[tuple[int, ...]]
) -> list[list[list[int]]]:
    """Passes over every table: re-seat its four players in the order that makes their
    wind counts more even (a sum of squares), until a pass changes nothing."""
    for _ in range(12):
        changed = False
        for session in seated:
            for t, table in enumerate(session):
                for wind, player in enumerate(table):
                    seen[player][wind] -= 1

                def unevenness(order: tuple[int, ...], table: list[int] = table) -> int:
                    total = 0
                    for wind, i in enumerate(order):
                        counts = seen[table[i]]
                        total += 2 * counts[wind] + 1  # what (count + 1)² adds
                    return total

                best = min(orders, key=unevenness)
                placed = [table[i] for i in best]
                if placed != table:
                    old = unevenness(tuple(range(SEATS)))
                    if unevenness(best) < old:
                        session[t] = placed
                        changed = True
                for wind, player in enumerate(session[t]):
                    seen[player][wind] += 1
        if not changed:
            break
    return seated
