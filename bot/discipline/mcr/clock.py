"""A session's clock (ERGMT §3.6): the director starts the countdown; 15 minutes before its
end the players are warned, and at its end play stops. Time is passed in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.rulings import Ruling

RULE = ""  # the director's tool (ERGMT §3.6), not an article of the seeded rules
WARNING_BEFORE = timedelta(minutes=15)
LONGEST = timedelta(hours=12)  # a session is played in a day: a longer clock is a typo


@dataclass(frozen=True)
class SessionClock:
    session: int
    ends_at: datetime

    def warning_at(self, started: datetime) -> datetime | None:
        """When the players are warned (none for a clock shorter than the warning)."""
        at = self.ends_at - WARNING_BEFORE
        return at if at > started else None

    def started(self, at: datetime) -> Ruling:
        return Ruling("clock_started", at, RULE, {"session": self.session, "ends_at": self.ends_at})

    def status(self, at: datetime) -> Ruling:
        left = max(0, int((self.ends_at - at).total_seconds()))
        fields = {"session": self.session, "ends_at": self.ends_at, "left_seconds": left}
        return Ruling("clock_status", at, RULE, fields)

    def warning(self, at: datetime) -> Ruling:
        left = max(0, int((self.ends_at - at).total_seconds()))
        fields = {"session": self.session, "ends_at": self.ends_at, "left_seconds": left}
        return Ruling("clock_warning", at, RULE, fields)

    def ended(self, at: datetime) -> Ruling:
        return Ruling("clock_ended", at, RULE, {"session": self.session})

    def stopped(self, at: datetime) -> Ruling:
        left = max(0, int((self.ends_at - at).total_seconds()))
        return Ruling("clock_stopped", at, RULE, {"session": self.session, "left_seconds": left})


def start_clock(session: int | None, at: datetime, length: timedelta) -> SessionClock:
    """A countdown for the running session (refused between sessions, and beyond a day's
    play: ``/clock 3d`` meant something else)."""
    if session is None:
        raise RuleViolation("no_open_session", reason="no_session")
    if length > LONGEST:
        raise InvalidArgument("clock_too_long", hours=int(LONGEST.total_seconds() // 3600))
    return SessionClock(session, at + length)


def require_clock(clock: SessionClock | None, at: datetime) -> SessionClock:
    """The running countdown (refused without one, and once its time is up)."""
    if clock is None:
        raise RuleViolation("no_clock")
    if clock.ends_at <= at:
        raise RuleViolation("clock_over", ended_at=clock.ends_at)
    return clock


__all__ = ["WARNING_BEFORE", "SessionClock", "require_clock", "start_clock"]
