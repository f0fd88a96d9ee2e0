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
2. Winds. Each table's four players are given the winds in the order (of the 24) that keeps
   every player's wind counts most even, table after table, session after session.
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


def _winds(tables: list[list[list[int]]], count: int) -> list[list[list[int]]]:
    seen = [[0] * WINDS for _ in range(count)]
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
    return _shaken(seated, seen, orders, count)


def _shaken(
    seated: list[list[list[int]]],
    seen: list[list[int]],
    orders: list[tuple[int, ...]],
    count: int,
) -> list[list[list[int]]]:
    """Stuck above 1: shake a tenth of the tables' winds and even out again, keeping the
    best plan seen (a few rounds, seeded by the plan's size)."""
    rng = random.Random(len(seated) * 31 + count)
    kept = [[list(t) for t in session] for session in seated]
    kept_balance = _balance(kept, count)
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
        balance = _balance(seated, count)
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
