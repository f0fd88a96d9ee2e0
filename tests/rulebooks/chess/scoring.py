"""A chess club's scoring, the domain of the test-only rulebook: a win is one point, a draw half
a point each; the standings rank by points, then by games (fewer first)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

RESULTS = {"1-0": "white", "0-1": "black", "draw": "draw"}  # as written → who won
HALF = Fraction(1, 2)
SHARES = {
    "white": (Fraction(1), Fraction(0)),
    "black": (Fraction(0), Fraction(1)),
    "draw": (HALF, HALF),
}


def table(games: Iterable[tuple[str, str, str]]) -> list[dict[str, object]]:
    """Each player's points and games, from (white, black, winner) triples, best first."""
    points: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for white, black, result in games:
        for player, share in zip((white, black), SHARES[result], strict=True):
            points[player] = points.get(player, Fraction(0)) + share
            played[player] = played.get(player, 0) + 1
    ranked = sorted(points, key=lambda p: (-points[p], played[p], p))
    return [{"player": p, "points": points[p], "games": played[p]} for p in ranked]
