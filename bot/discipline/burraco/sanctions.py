"""The Burraco club's warnings (RULES §1.8): what each one brings, cautions,
disqualifications and expulsions with their 24-hour stops, and the new year's restart. The
record they are kept in is every chat's (:mod:`bot.discipline.record`)."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.discipline.errors import InvalidArgument
from bot.discipline.record import Assessment, WarningLadder
from bot.discipline.rulings import Ruling

RULE = "001 §5"
STOP_DURATION = timedelta(hours=24)

WARNING, CAUTION = "warning", "caution"
DISQUALIFICATION, EXPULSION = "disqualification", "expulsion"


def assess(n: int, d: int) -> Assessment:
    """The measure table of RULES §1.8."""
    if n < 1 or d < 1 or d > n:
        raise InvalidArgument("warning_counts_invalid", n=n, d=d)
    reasons: list[str] = []
    if d >= 2:
        reasons.append(EXPULSION)
    if n >= 5 and (n - 5) % 4 == 0:
        reasons.append(DISQUALIFICATION)
    if reasons:
        return Assessment(n, d, reasons[0], tuple(reasons))
    return Assessment(n, d, CAUTION if n % 4 == 0 else WARNING, ())


LADDER = WarningLadder(assess, STOP_DURATION, RULE)


def year_reset(year: int, at: datetime) -> Ruling:
    """1 January in the community's time zone: warnings count from zero again."""
    return Ruling("year_reset", at, RULE, {"year": year})
