"""Team ranking (ERGMT §3.12): sums of the players', ranked by table points, then score."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from bot.discipline.mcr.teams import team_standings

AT = datetime(2026, 5, 1, tzinfo=UTC)


def test_teams_are_ranked_by_table_points_then_score_and_the_teamless_left_out():
    tp = {"a": Fraction(5, 2), "b": Fraction(5, 2), "c": Fraction(4), "d": Fraction(1)}
    score = {"a": 30, "b": 10, "c": -5, "d": 60}
    teams = {"a": "North", "b": "North", "c": "South", "d": "South"}
    ruling = team_standings(
        "Cup", tp, score, teams | {"x": "Ghosts"}, ["a", "b", "c", "d", "e"], AT
    )
    assert [(r["team"], r["tp"], r["score"], r["players"]) for r in ruling["rows"]] == [
        ("North", Fraction(5), 40, ("a", "b")),
        ("South", Fraction(5), 55, ("c", "d")),
    ][::-1]  # equal table points: the higher score first


def test_no_team_no_row():
    assert team_standings("Cup", {}, {}, {}, ["a"], AT)["rows"] == ()
