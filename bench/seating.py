"""The seating plan (/seating) beside a random draw, a greedy draw, the restart algorithm of
Mahjong Tournament Suite and the known optimum, all measured in the same run.

    .venv/bin/python bench/seating.py [--quick]

For 16, 20, 24, 32, 36, 40, 64, 100 and 400 players over 4 to 10 sessions, each plan's repeat
meetings (pairs meeting more than once), most meetings (the most times one pair meets), wind
balance (the largest difference between a player's most and least frequent wind) and the
meetings of team mates when teams of four are asked apart (``separate=team``), and the time.

- random: the best of 1,000 random draws on each measure, taken separately;
- greedy: each table filled with whoever has met its players (and their team) least;
- MTS: random fill with no repeat as a hard rule, the session drawn again on a dead end, the
  whole plan again after 200 dead ends, given up after 2 s ("fails"); its team column counts
  the mates it seats together without being asked;
- known: 0 where the literature knows a zero-repeat plan for that many sessions (the social
  golfer problem, tables of four), else its lower bound when one follows from counting.

Goals (issue 26): 0 wherever the known column is 0; never worse than the best random draw on
any measure; 400 × 10 in at most 2 s. A script, not a test.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.discipline.mcr.seating import measures, plan  # noqa: E402

# the literature's zero-repeat maxima for tables of four (Harvey's social golfer table;
# 8-4-10 by Aguado; resolvable designs for v ≡ 4 mod 12; affine spaces for 16 and 64)
KNOWN_ZERO = {16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13, 64: 21, 100: 33, 400: 133}
MTS_BUDGET = 2.0  # seconds
RANDOM_DRAWS = 1000

Draw = list[list[list[int]]]


def random_plan(count: int, sessions: int, rng: random.Random) -> Draw:
    drawn = []
    for _ in range(sessions):
        order = list(range(count))
        rng.shuffle(order)
        drawn.append([order[i : i + 4] for i in range(0, count, 4)])
    return drawn


def greedy_plan(count: int, sessions: int, rng: random.Random, team: list[int]) -> Draw:
    """Each table filled with whoever has met its players least (a team mate counts as met)."""
    met = [[int(team[a] == team[b] and a != b) for b in range(count)] for a in range(count)]
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


def mts_plan(count: int, sessions: int, rng: random.Random, team: list[int]) -> Draw | None:
    """Random fill under hard rules (no repeat; no two of one ``team``), restarting on dead
    ends (None: given up)."""
    began = time.perf_counter()
    while time.perf_counter() - began < MTS_BUDGET:
        met: set[tuple[int, int]] = set()
        drawn: Draw = []
        dead_ends = 0
        while len(drawn) < sessions and dead_ends < 200:
            session = _mts_session(count, rng, met, team)
            if session is None:
                dead_ends += 1
                continue
            drawn.append(session)
            for table in session:
                met.update(itertools.permutations(table, 2))
        if len(drawn) == sessions:
            return drawn
    return None


def _mts_session(
    count: int, rng: random.Random, met: set[tuple[int, int]], team: list[int]
) -> list[list[int]] | None:
    left = list(range(count))
    rng.shuffle(left)
    tables = []
    while left:
        table = [left.pop()]
        while len(table) < 4:
            fits = [p for p in left if all((p, q) not in met and team[p] != team[q] for q in table)]
            if not fits:
                return None
            chosen = rng.choice(fits)
            left.remove(chosen)
            table.append(chosen)
        tables.append(table)
    return tables


def figures(drawn: Draw, team: list[int]) -> tuple[int, int, int, int]:
    group = {p: str(team[p]) for p in range(len(team))}
    return (
        measures.repeat_meetings(drawn),
        measures.most_meetings(drawn),
        measures.wind_balance(drawn),
        measures.same_group_meetings(drawn, group),
    )


def known(count: int, sessions: int) -> str:
    """0 within the known zero-repeat bound, else the counting bound on repeat pairs."""
    if sessions <= KNOWN_ZERO.get(count, (count - 1) // 3 if count >= 100 else 0):
        return "0"
    meetings = sessions * count * 6 // 4
    pairs = count * (count - 1) // 2
    return f"≥{max(0, meetings - pairs) // (sessions - 1)}" if meetings > pairs else "?"


def row(count: int, sessions: int, draws: int) -> str:
    team = [p // 4 for p in range(count)]  # teams of four, in registration order
    names = [f"p{p}" for p in range(count)]
    groups = {f"p{p}": str(team[p]) for p in range(count)}
    began = time.perf_counter()
    ours = plan(names, sessions, seed=1)
    took = time.perf_counter() - began
    began = time.perf_counter()
    apart = plan(names, sessions, seed=1, groups=groups)
    apart_took = time.perf_counter() - began
    rng = random.Random(count * 100 + sessions)
    chance = [figures(random_plan(count, sessions, rng), team) for _ in range(draws)]
    best = [min(f[i] for f in chance) for i in range(4)]
    began = time.perf_counter()
    greedy = figures(greedy_plan(count, sessions, rng, team), team)
    greedy_took = time.perf_counter() - began
    began = time.perf_counter()
    mts_drawn = mts_plan(count, sessions, rng, list(range(count)))  # no teams to keep apart
    mts_took = time.perf_counter() - began
    mts = "fails" if mts_drawn is None else " ".join(map(str, figures(mts_drawn, team)))
    worse = [
        name
        for name, mine, theirs in zip(
            ("repeats", "most", "winds", "team"),
            (
                ours.repeat_meetings,
                ours.most_meetings,
                ours.wind_balance,
                apart.same_group_meetings,
            ),
            best,
            strict=True,
        )
        if mine > theirs
    ]
    return (
        f"{count:>5} {sessions:>3} | {ours.repeat_meetings:>4} {ours.most_meetings:>2}"
        f" {ours.wind_balance:>2} {apart.same_group_meetings:>4} {took * 1000:>6.0f}"
        f" {apart_took * 1000:>6.0f} | {best[0]:>4} {best[1]:>2} {best[2]:>2} {best[3]:>4} |"
        f" {greedy[0]:>4} {greedy[1]:>2} {greedy[2]:>2} {greedy[3]:>4} {greedy_took * 1000:>5.0f} |"
        f" {mts:>14} {mts_took * 1000:>5.0f} | {known(count, sessions):>5}"
        f" {'WORSE: ' + ', '.join(worse) if worse else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 random draws, fewer sizes")
    options = parser.parse_args()
    draws = 100 if options.quick else RANDOM_DRAWS
    print(
        "players  S | ours: rep most wind team  ms  ms(team) | random best of"
        f" {draws}: rep most wind team | greedy: rep most wind team ms |"
        " MTS: rep most wind team ms | known rep"
    )
    for count in (16, 20, 24, 32, 36, 40, 64, 100, 400):
        lengths = range(4, 11) if count <= 64 else (4, 7, 10)
        if options.quick and count > 100:
            lengths = (10,)
        for sessions in lengths:
            print(row(count, sessions, draws), flush=True)


if __name__ == "__main__":
    main()
