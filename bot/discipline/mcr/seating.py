"""The seating of every session of an MCR tournament (CONSOLE.md, the director's tools).

Goals, in order: no pair of players meets twice (a *repeat meeting* is a pair that meets more
than once), then winds balanced (the *wind balance* is the largest difference between how often
a player sits his most and his least frequent wind).

The algorithm, deterministic for a given seed:

1. Tables. For 16 players the plan is the affine plane of order 4 (its lines over GF(4), five
   parallel classes of four lines): 0 repeat meetings for up to 5 sessions, by construction.
   Otherwise each session is drawn in turn: a seeded shuffle is split into tables of four, then
   improved by local search — swapping two players of different tables whenever that lowers the
   number of earlier meetings inside the tables — until no swap helps or a budget runs out; the
   best of a few seeded restarts is kept.
2. Winds. Each block of four sessions gets perfect winds: players and tables form a 4-regular
   bipartite graph, split into four perfect matchings (König), one per wind, so that every
   player sits each wind once. Sessions left over are given the order (of the 24) that keeps
   every player's counts most even, then improved by local moves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

SEATS = 4
WINDS = 4
RESTARTS = 3


@dataclass(frozen=True)
class Plan:
    """``sessions[s][t]`` lists table t's players of session s in wind order (E, S, W, N)."""

    sessions: list[list[list[str]]]
    repeat_meetings: int
    wind_balance: int


def plan(players: Sequence[str], sessions: int, seed: int = 0) -> Plan:
    """The seating of every session (``len(players)`` a multiple of 4)."""
    count = len(players)
    if count == 0 or count % SEATS:
        raise ValueError(f"{count} players do not fill tables of four")
    if count == 16 and sessions <= 5:
        tables = _affine_plane_of_order_4()[:sessions]
    else:
        best: list[list[list[int]]] | None = None
        for restart in range(RESTARTS):
            drawn = _draw(count, sessions, random.Random(seed * 7919 + restart))
            if best is None or _repeats(drawn, count) < _repeats(best, count):
                best = drawn
            if _repeats(best, count) == 0:
                break
        assert best is not None
        tables = best
    seated = _winds(tables, count)
    named = [[[players[p] for p in table] for table in session] for session in seated]
    return Plan(named, _repeats(seated, count), _balance(seated, count))


def _affine_plane_of_order_4() -> list[list[list[int]]]:
    """AG(2, 4): points (x, y) over GF(4) = {0, 1, a, a+1}, player 4x + y; the lines of each
    slope form a session in which every table is a line: two points share one line only."""
    # GF(4) multiplication on 0..3 (2 = a, 3 = a + 1, a² = a + 1); addition is XOR
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    sessions = [[[4 * x + y for y in range(4)] for x in range(4)]]  # vertical lines
    for slope in range(4):  # y = slope·x + c
        sessions.append([[4 * x + (mul[slope][x] ^ c) for x in range(4)] for c in range(4)])
    return sessions


def _draw(count: int, sessions: int, rng: random.Random) -> list[list[list[int]]]:
    met = [[0] * count for _ in range(count)]
    plan: list[list[list[int]]] = []
    budget = 40 * count  # swaps tried per session
    for _ in range(sessions):
        order = list(range(count))
        rng.shuffle(order)
        tables = [order[i : i + SEATS] for i in range(0, count, SEATS)]
        where = {p: t for t, table in enumerate(tables) for p in table}
        tried = 0
        improved = True
        while improved and tried < budget:
            improved = False
            for first in rng.sample(range(count), count):
                tried += 1
                a_table = where[first]
                cost_a = sum(met[first][o] for o in tables[a_table] if o != first)
                if cost_a == 0:
                    continue  # already meets nobody again
                for second in rng.sample(range(count), min(count, 24)):
                    b_table = where[second]
                    if b_table == a_table:
                        continue
                    before = cost_a + sum(met[second][o] for o in tables[b_table] if o != second)
                    after = sum(met[second][o] for o in tables[a_table] if o != first) + sum(
                        met[first][o] for o in tables[b_table] if o != second
                    )
                    if after < before:
                        tables[a_table][tables[a_table].index(first)] = second
                        tables[b_table][tables[b_table].index(second)] = first
                        where[first], where[second] = b_table, a_table
                        improved = True
                        break
                if tried >= budget:
                    break
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
        plan.append([list(table) for table in tables])
    return plan


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


def _winds(tables: list[list[list[int]]], count: int) -> list[list[list[int]]]:
    """Blocks of four sessions get perfect winds (:func:`_block_winds`); what is left over
    is evened out against the counts so far."""
    whole = len(tables) - len(tables) % WINDS
    seated = []
    for start in range(0, whole, WINDS):
        seated += _block_winds(tables[start : start + WINDS], count)
    if whole == len(tables):
        return seated
    return seated + _rest_winds(tables[whole:], count, seated)


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
    kept_balance = _balance(done + kept, count)
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
        balance = _balance(done + seated, count)
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


def _repeats(plan: list[list[list[int]]], count: int) -> int:
    """Pairs of players who meet more than once."""
    met: dict[tuple[int, int], int] = {}
    for session in plan:
        for table in session:
            for a, b in itertools.combinations(sorted(table), 2):
                met[a, b] = met.get((a, b), 0) + 1
    return sum(1 for times in met.values() if times > 1)


def _balance(plan: list[list[list[int]]], count: int) -> int:
    seen = [[0] * WINDS for _ in range(count)]
    for session in plan:
        for table in session:
            for wind, player in enumerate(table):
                seen[player][wind] += 1
    return max(max(s) - min(s) for s in seen)
