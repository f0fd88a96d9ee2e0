"""Team ranking (ERGMT §3.12): a team's table points and score are the sums of its players',
ranked by table points, then score."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any

from bot.discipline.rulings import Ruling


def team_standings(
    tournament: str,
    tp: dict[str, Fraction],
    score: dict[str, int],
    teams: dict[str, str],
    ranked: list[str],
    at: datetime,
) -> Ruling:
    """The teams of the ranked players (a player with no team is in none)."""
    rows: dict[str, dict[str, Any]] = {}
    for player in ranked:
        team = teams.get(player)
        if not team:
            continue
        row = rows.setdefault(team, {"team": team, "tp": Fraction(0), "score": 0, "players": []})
        row["tp"] += tp.get(player, Fraction(0))
        row["score"] += score.get(player, 0)
        row["players"].append(player)
    ordered = sorted(rows.values(), key=lambda r: (-r["tp"], -r["score"], r["team"]))
    return Ruling("team_standings", at, "000 §4", {"tournament": tournament, "rows": ordered})


__all__ = ["team_standings"]
