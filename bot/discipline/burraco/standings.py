"""The three Burraco tallies and their ordering (RULES §1.5)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from bot.discipline.burraco.points import average
from bot.discipline.errors import InvalidArgument
from bot.discipline.rulings import Ruling

TRAINING, OFFICIAL, PROFILE = "training", "official", "profile"
TALLIES = (TRAINING, OFFICIAL, PROFILE)
# what players type in /standings → the tally it shows
TALLY_NAMES = {"training": TRAINING, "official": OFFICIAL, "all": PROFILE, "profile": PROFILE}


def tally_by_name(name: str) -> str:
    try:
        return TALLY_NAMES[name]
    except KeyError:
        raise InvalidArgument("unknown_tally", tally=name, allowed=tuple(TALLY_NAMES)) from None


def tallies_of(official: bool) -> tuple[str, str]:
    """Every counted match enters its standings and the profile."""
    return (OFFICIAL if official else TRAINING, PROFILE)


@dataclass(frozen=True)
class TallyRow:
    player: str
    points: Fraction
    matches: int
    vp_total: int
    last_result_at: datetime

    @property
    def average(self) -> Fraction:
        return average(self.vp_total, self.matches)

    def plus(self, points: Fraction, vp: int, at: datetime) -> TallyRow:
        return TallyRow(
            self.player,
            self.points + points,
            self.matches + 1,
            self.vp_total + vp,
            max(self.last_result_at, at),
        )


def sort_key(row: TallyRow) -> tuple:
    """Points, then average, then matches (more first), then the earliest last result."""
    return (-row.points, -row.average, -row.matches, row.last_result_at, row.player)


def ordered(rows: list[TallyRow]) -> list[TallyRow]:
    return sorted(rows, key=sort_key)


def standings(
    tally: str,
    rows: list[TallyRow],
    at: datetime,
    *,
    first_rank: int = 1,
    total: int | None = None,
    page: int = 1,
    pages: int = 1,
) -> Ruling:
    """One page of a tally's standings, its rows already in order (RULES §1.4–1.5)."""
    fields = standings_fields(tally, rows, first_rank=first_rank, total=total)
    return Ruling("standings", at, "001 §2", {**fields, "page": page, "pages": pages})


def standings_fields(
    tally: str, rows: list[TallyRow], *, first_rank: int = 1, total: int | None = None
) -> dict[str, Any]:
    return {
        "rulebook": "burraco",
        "tally": tally,
        "first_rank": first_rank,
        "total": len(rows) if total is None else total,
        "page": 1,
        "pages": 1,
        "rows": [
            {"player": r.player, "points": r.points, "matches": r.matches, "average": r.average}
            for r in rows
        ],
    }


def tallies_from(
    results: list[tuple[datetime, str, dict]], members: set[str]
) -> dict[tuple[str, str], TallyRow]:
    """The tallies of ``members``, derived from the results that stand (match results,
    corrected results, abandonments), oldest first: how standings are re-derived after a
    correction or a void (RULES §3)."""
    rows: dict[tuple[str, str], TallyRow] = {}
    for at, kind, fields in results:
        if kind == "abandonment":
            scored = {fields["player"]: (Fraction(fields["points"]), int(fields["vp"]))}
        else:
            scored = {p: (Fraction(fields["points"][p]), int(v)) for p, v in fields["vp"].items()}
        for player, (points, vp) in scored.items():
            if player not in members:
                continue
            for tally in tallies_of(bool(fields.get("official"))):
                row = rows.get((tally, player)) or TallyRow(player, Fraction(0), 0, 0, at)
                rows[tally, player] = row.plus(points, vp, at)
    return rows
