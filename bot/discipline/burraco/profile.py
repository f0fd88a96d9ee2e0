"""A player's profile (RULES §1.4–1.5, §1.8): his tallies, his recent results, his warnings
year by year and what holds him now."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, tzinfo
from typing import Any

from bot.discipline.burraco.standings import PROFILE, TALLIES, TallyRow
from bot.discipline.record import DisciplineRecord
from bot.discipline.rulings import Ruling

RULE = "001 §2"


def profile(
    player: str,
    record: DisciplineRecord,
    rows: Mapping[str, TallyRow],
    results: Iterable[tuple[datetime, str, Mapping[str, Any]]],
    at: datetime,
    zone: tzinfo,
) -> Ruling:
    """``rows``: his row in each tally; ``results``: his recent match results and
    abandonments as (instant, ruling type, ruling fields), oldest first."""
    tallies = {
        tally: {
            "points": rows[tally].points if tally in rows else 0,
            "matches": rows[tally].matches if tally in rows else 0,
            "average": rows[tally].average if tally in rows else 0,
        }
        for tally in TALLIES
    }
    years: dict[str, int] = {}
    for warning in record.warnings:
        if not warning.annulled:
            year = str(warning.at.astimezone(zone).year)
            years[year] = years.get(year, 0) + 1
    n, d = record.counts(at, zone)
    return Ruling(
        "profile",
        at,
        RULE,
        {
            "timeline": timeline(player, results),
            "player": player,
            "rulebook": "burraco",
            "tallies": tallies,
            "points": tallies[PROFILE]["points"],
            "matches": tallies[PROFILE]["matches"],
            "average": tallies[PROFILE]["average"],
            "warnings_year": n,
            "warnings_today": d,
            "warnings_by_year": years,
            "stop_until": record.stop_until(at),
            "card_remaining_seconds": record.card.remaining_at(at) if record.card else None,
        },
    )


def timeline(
    player: str, results: Iterable[tuple[datetime, str, Mapping[str, Any]]]
) -> list[dict[str, Any]]:
    """His points and Victory Points match by match, abandonments included."""
    points: list[dict[str, Any]] = []
    for at, kind, fields in results:
        if kind in ("match_result", "match_corrected") and player in fields["vp"]:
            points.append(
                {"at": at, "points": fields["points"][player], "vp": fields["vp"][player]}
            )
        elif kind == "abandonment" and fields["player"] == player:
            entry = {"at": at, "points": fields["points"], "vp": fields["vp"], "abandoned": True}
            points.append(entry)
    return points
