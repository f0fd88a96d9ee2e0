"""Table points 4/2/1/0 with shared ties and forced-zero seats (RULES §2.2, §2.9)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from bot.discipline.errors import InvalidArgument

PLACE_POINTS = (4, 2, 1, 0)
SEATS = 4


def table_points(
    scores: Mapping[str, int | Fraction], forced_zero: frozenset[str] | set[str] = frozenset()
) -> dict[str, Fraction]:
    """Points per seat. Tied seats share the points of the places they occupy; seats forced to
    zero (a substitute after illness during the session or a disqualification, a player
    disqualified for the session) get 0 and the others are placed among themselves."""
    if len(scores) != SEATS:
        raise InvalidArgument("table_needs_four", seats=len(scores))
    unknown = set(forced_zero) - set(scores)
    if unknown:
        raise InvalidArgument("forced_seat_unknown", players=tuple(sorted(unknown)))
    ranked = sorted((p for p in scores if p not in forced_zero), key=lambda p: -scores[p])
    result = {p: Fraction(0) for p in scores}
    position = 0
    while position < len(ranked):
        tied = [p for p in ranked[position:] if scores[p] == scores[ranked[position]]]
        shared = Fraction(sum(PLACE_POINTS[position : position + len(tied)]), len(tied))
        for player in tied:
            result[player] = shared
        position += len(tied)
    return result
