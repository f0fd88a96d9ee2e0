"""The tables of every session, found by local search where no design is known or the sessions
outnumber its rounds.

Beyond what a design can give, every plan repeats some meetings, and two counts pull apart: the
pairs that meet more than once, and the most times one pair meets. Three costs for a pair's
meetings trade them differently (``SCHEDULES``): its first meeting costs nothing and a second 4,
then a third and later ones cost little ("gather": few pairs meet again, some often), more
("middle") or ever more ("spread": many pairs meet twice, none often). The plan kept is the one
that does no worse than chance on either count, or on fewer of them: chance being the best of
200 seeded random draws of the same field (``yardstick``); then the lowest maximum.

Sessions are added one at a time: a seeded shuffle improved by swaps, or a round of the design
again, whichever costs less; then a tabu search over every session swaps two players at
different tables, always the best swap for a player caught in a repeat, until none is left or
the budget is spent. Everything is seeded by the field's size: the same size gives the same
tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.discipline.mcr.seating import measures

SEATS = 4
BUDGET = 120_000  # swap evaluations for the whole plan, whatever its size, for each cost
MATES = 8  # a meeting of mates asked apart: dearer than any repeat
LONGEST = 128  # more meetings than a tournament has sessions (at most 99)
YARDSTICK_DRAWS = 200


def _costs(rises: list[int]) -> list[int]:
    """A pair's cost after m meetings, from what each further meeting adds."""
    costs, total = [], 0
    for rise in rises[:LONGEST]:
        costs.append(total)
        total += rise
    return costs


SCHEDULES: dict[str, list[int]] = {
    "gather": _costs([0, 4, *range(1, 2 * LONGEST, 2)]),  # 0, 0, 4, 5, 8, 13, 20…
    "middle": _costs([0, 4, 1, *range(8, 8 + 4 * LONGEST, 4)]),  # 0, 0, 4, 5, 13, 25…
    "spread": _costs([0, *range(4, 4 + 4 * LONGEST, 4)]),  # 0, 0, 4, 12, 24, 40…
}


class _Meetings:
    """Who met whom how often, over every session so far (the square matrix)."""

    def __init__(self, count: int, schedule: str) -> None:
        self.count = count
        self.costs = SCHEDULES[schedule]
        self.rise = [b - a for a, b in zip(self.costs, self.costs[1:], strict=False)]
        self.met = [[0] * count for _ in range(count)]
        self.apart = [[0] * count for _ in range(count)]  # what each meeting of mates adds

    def seat(self, tables: list[list[int]], step: int) -> None:
        met = self.met
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[a][b] += step
                    met[b][a] += step

    def added_cost(self, tables: list[list[int]]) -> int:
        met, apart, rise = self.met, self.apart, self.rise
        return sum(
            rise[met[a][b]] + apart[a][b]
            for table in tables
            for i, a in enumerate(table)
            for b in table[i + 1 :]
        )

    def share(self, player: int, table: list[int]) -> int:
        """What ``player``'s place at ``table`` (where he sits) costs: the meetings he would
        save by leaving it."""
        row, apart, rise = self.met[player], self.apart[player], self.rise
        return sum(rise[row[other] - 1] + apart[other] for other in table if other != player)

    def swap_delta(
        self, session: list[list[int]], where: dict[int, int], first: int, second: int
    ) -> int:
        """What exchanging ``first`` and ``second`` (at different tables) changes: what each
        adds at the other's table, less what each saves by leaving his own."""
        own, other = session[where[first]], session[where[second]]
        return (
            self.gain(second, own, first)
            + self.gain(first, other, second)
            - self.share(first, own)
            - self.share(second, other)
        )

    def gain(self, player: int, table: list[int], leaving: int) -> int:
        """What ``player`` would add by taking ``leaving``'s place at ``table``."""
        row, apart, rise = self.met[player], self.apart[player], self.rise
        return sum(rise[row[other]] + apart[other] for other in table if other != leaving)


def best_tables(
    count: int,
    sessions: int,
    rounds: list[list[list[int]]],
    mates: Sequence[tuple[int, int]] = (),
) -> list[list[list[int]]]:
    """The tables of the cost that does best against chance (see the module's docstring);
    ``mates`` (pairs of team or country mates to keep apart) cost more than any repeat."""
    found = []
    for schedule in SCHEDULES:
        drawn = tables(count, sessions, rounds, mates, schedule)
        repeats, most = _counts(drawn)
        if repeats == 0:
            return drawn
        found.append((drawn, repeats, most, _mates_met(drawn, mates)))
    chance = yardstick(count, sessions)

    def ranking(entry: tuple[list[list[list[int]]], int, int, int]) -> tuple[int, int, int, int]:
        _, repeats, most, together = entry
        return together, (repeats > chance[0]) + (most > chance[1]), most, repeats

    return min(found, key=ranking)[0]


def yardstick(count: int, sessions: int) -> tuple[int, int]:
    """Chance: the fewest pairs meeting more than once, and the lowest maximum, over seeded
    random draws of the field (each count on its own)."""
    rng = random.Random(count * 7919 + sessions)
    fewest, lowest = count * count, sessions
    for _ in range(YARDSTICK_DRAWS):
        drawn = []
        for _ in range(sessions):
            order = list(range(count))
            rng.shuffle(order)
            drawn.append([order[i : i + SEATS] for i in range(0, count, SEATS)])
        repeats, most = _counts(drawn)
        fewest, lowest = min(fewest, repeats), min(lowest, most)
    return fewest, lowest


def _counts(plan: list[list[list[int]]]) -> tuple[int, int]:
    """Pairs meeting more than once, and the most times one pair meets."""
    return measures.repeat_meetings(plan), measures.most_meetings(plan)


def _mates_met(plan: list[list[list[int]]], mates: Sequence[tuple[int, int]]) -> int:
    met = measures.meetings(plan)
    return sum(met.get((min(a, b), max(a, b)), 0) for a, b in mates)


def tables(
    count: int,
    sessions: int,
    rounds: list[list[list[int]]],
    mates: Sequence[tuple[int, int]] = (),
    schedule: str = "gather",
) -> list[list[list[int]]]:
    """``sessions`` sessions for ``count`` players by one cost, from a design's ``rounds``."""
    rng = random.Random(count * 1009 + sessions)
    meetings = _Meetings(count, schedule)
    for a, b in mates:
        meetings.apart[a][b] = meetings.apart[b][a] = MATES
    plan: list[list[list[int]]] = []
    budget = _Budget(BUDGET)
    per_session = max(1, BUDGET // (2 * sessions))
    for round_ in rounds[:sessions]:
        plan.append([list(t) for t in round_])
        meetings.seat(plan[-1], 1)
    while len(plan) < sessions:
        order = list(range(count))
        rng.shuffle(order)
        drawn = [order[i : i + SEATS] for i in range(0, count, SEATS)]
        meetings.seat(drawn, 1)
        _descend(drawn, meetings, rng, _Budget(per_session))
        best, best_cost = drawn, None
        if rounds:
            meetings.seat(drawn, -1)
            best_cost = meetings.added_cost(drawn)
            for round_ in rounds:
                cost = meetings.added_cost(round_)
                if cost < best_cost:
                    best, best_cost = [list(t) for t in round_], cost
            meetings.seat(best, 1)
        plan.append(best)
    return _tabu(plan, meetings, rng, budget)


def _tabu(
    plan: list[list[list[int]]], meetings: _Meetings, rng: random.Random, budget: _Budget
) -> list[list[list[int]]]:
    """Tabu search over every session: each step makes the best swap for a player caught in a
    repeat, even one that costs, except swaps of players moved lately in that session (unless
    it beats the best plan seen); the best plan seen is kept."""
    wheres = [{p: t for t, table in enumerate(s) for p in table} for s in plan]
    count = meetings.count
    cost = (
        sum(
            meetings.costs[times] + extra * times
            for row, apart in zip(meetings.met, meetings.apart, strict=True)
            for times, extra in zip(row, apart, strict=True)
        )
        // 2
    )
    best_cost, best_plan = cost, [[list(t) for t in s] for s in plan]
    tabu: dict[tuple[int, int], int] = {}
    step = 0
    while best_cost > 0 and budget.left > 0:
        step += 1
        caught = [
            (s, p)
            for s, session in enumerate(plan)
            for table in session
            for p in table
            if meetings.share(p, table)
        ]
        if not caught:
            break
        session_index = rng.choice(caught)[0]
        session, where = plan[session_index], wheres[session_index]
        moves: list[tuple[int, int, int]] = []
        best_delta = None
        for first in [p for s, p in caught if s == session_index]:
            for second in range(count):
                if where[second] == where[first]:
                    continue
                delta = meetings.swap_delta(session, where, first, second)
                banned = (
                    tabu.get((session_index, first), 0) > step
                    or tabu.get((session_index, second), 0) > step
                )
                if banned and cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, moves = delta, [(first, second, delta)]
                elif delta == best_delta:
                    moves.append((first, second, delta))
            budget.left -= count
        if not moves:
            continue
        first, second, delta = rng.choice(moves)
        _swap(session, where, meetings, first, second)
        cost += delta
        tenure = rng.randint(4, 12)
        tabu[session_index, first] = tabu[session_index, second] = step + tenure
        if cost < best_cost:
            best_cost, best_plan = cost, [[list(t) for t in s] for s in plan]
    return best_plan


class _Budget:
    def __init__(self, left: int) -> None:
        self.left = left


def _descend(
    session: list[list[int]], meetings: _Meetings, rng: random.Random, budget: _Budget
) -> bool:
    """Swaps in one session (already counted in ``meetings``) while one lowers the cost: for
    every player caught in a repeat, the best swap with anyone at another table."""
    where = {p: t for t, table in enumerate(session) for p in table}
    count = len(where)
    changed = False
    improved = True
    while improved and budget.left > 0:
        improved = False
        for first in rng.sample(range(count), count):
            if meetings.share(first, session[where[first]]) == 0:
                continue  # caught in no repeat
            best_delta, best_second = 0, -1
            for second in range(count):
                if where[second] == where[first]:
                    continue
                delta = meetings.swap_delta(session, where, first, second)
                if delta < best_delta:
                    best_delta, best_second = delta, second
            budget.left -= count
            if best_second >= 0:
                _swap(session, where, meetings, first, best_second)
                improved = changed = True
            if budget.left <= 0:
                break
    return changed


def _swap(
    session: list[list[int]], where: dict[int, int], meetings: _Meetings, a: int, b: int
) -> None:
    table_a, table_b = session[where[a]], session[where[b]]
    meetings.seat([table_a, table_b], -1)
    table_a[table_a.index(a)] = b
    table_b[table_b.index(b)] = a
    where[a], where[b] = where[b], where[a]
    meetings.seat([table_a, table_b], 1)
