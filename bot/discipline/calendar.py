"""The community's calendar: instants that come round by its own time zone."""

from __future__ import annotations

from datetime import datetime, tzinfo


def next_new_year(at: datetime, zone: tzinfo) -> datetime:
    """The next 1 January, 00:00 in the community's time zone (what a rulebook counts by the
    year restarts then: RULES §1.8)."""
    local = at.astimezone(zone)
    return datetime(local.year + 1, 1, 1, tzinfo=zone)
