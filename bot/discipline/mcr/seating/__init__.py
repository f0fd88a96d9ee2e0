"""The seating of every session of an MCR tournament (CONSOLE.md, "MCR — tournament day").

Goals, in order: team or country mates apart where asked and the field allows (``apart``, else
tables searched again with a meeting of mates dearer than any repeat); nobody meets anyone
twice where a design allows it (``designs``), else no worse than chance on the pairs meeting
again and on the most times one pair meets (``search``); winds balanced (``winds``).

The draw is witnessable (ERGMT §3.7): a generator ``random.Random(seed)`` shuffles the
registration list into the places of the tables a field of that size always gets, then the
order of each session's tables (so that nobody keeps table 1 all day); anyone with the list,
the teams asked apart and the seed gets the same plan.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.discipline.mcr.seating import measures
from bot.discipline.mcr.seating.apart import keep_apart
from bot.discipline.mcr.seating.designs import zero_repeat_rounds
from bot.discipline.mcr.seating.search import best_tables
from bot.discipline.mcr.seating.winds import seat_winds

SEATS = 4


@dataclass(frozen=True)
class Plan:
    """``sessions[s][t]`` lists table t's players of session s in wind order (E, S, W, N)."""

    sessions: list[list[list[str]]]
    seed: int
    repeat_meetings: int
    most_meetings: int
    wind_balance: int
    same_group_meetings: int  # of the groups asked to be kept apart (0 without any)


def plan(
    players: Sequence[str],
    sessions: int,
    seed: int = 0,
    groups: Mapping[str, str] | None = None,
) -> Plan:
    """The seating of every session (``len(players)`` a multiple of 4); ``groups`` gives the
    players to keep apart their team or country (a player with none is in no group)."""
    count = len(players)
    if count == 0 or count % SEATS:
        raise ValueError(f"{count} players do not fill tables of four")
    chance = random.Random(seed)
    drawn = list(players)
    chance.shuffle(drawn)
    structure = [[list(t) for t in s] for s in _structure(count, sessions)]
    for session in structure:
        chance.shuffle(session)  # table numbers, drawn too
    group_of = {p: g for p, g in (groups or {}).items() if g}
    best = _named(structure, drawn, seed, group_of)
    if group_of and best.same_group_meetings:
        # the plan's tables cannot keep every group apart: tables searched again with a meeting
        # of mates dearer than any repeat, kept if they part more mates (or as many, with fewer
        # repeats)
        labels = [group_of.get(p, "") for p in drawn]
        mates = [
            (a, b)
            for a, b in itertools.combinations(range(count), 2)
            if labels[a] and labels[a] == labels[b]
        ]
        rounds = zero_repeat_rounds(count)
        other = seat_winds(best_tables(count, sessions, rounds, mates), count)
        for session in other:
            chance.shuffle(session)
        best = min(best, _named(other, drawn, seed, group_of), key=_ranking)
    return best


def _named(
    structure: list[list[list[int]]], drawn: list[str], seed: int, group_of: Mapping[str, str]
) -> Plan:
    """The plan with ``drawn[i]`` at place i, the places of group mates exchanged first so that
    they meet as little as the tables allow."""
    if group_of:
        labels = [group_of.get(p, "") for p in drawn]
        drawn = [drawn[i] for i in keep_apart(structure, labels, random.Random(seed))]
    named = [[[drawn[p] for p in table] for table in session] for session in structure]
    return Plan(
        named,
        seed,
        measures.repeat_meetings(named),
        measures.most_meetings(named),
        measures.wind_balance(named),
        measures.same_group_meetings(named, group_of),
    )


def _ranking(plan: Plan) -> tuple[int, int, int, int]:
    """Mates asked apart first, then repeats, the most meetings, and winds."""
    return plan.same_group_meetings, plan.repeat_meetings, plan.most_meetings, plan.wind_balance


@lru_cache(maxsize=32)
def _structure(count: int, sessions: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The tables, in wind order, over places 0..count − 1 (the same for every field of a size)."""
    rounds = zero_repeat_rounds(count)
    if sessions <= len(rounds):
        found = [[list(t) for t in r] for r in rounds[:sessions]]
    else:
        found = best_tables(count, sessions, rounds)
    seated = seat_winds(found, count)
    return tuple(tuple(tuple(t) for t in s) for s in seated)


__all__ = ["Plan", "plan"]
