"""How many reports a member may make: the chat's ``report_limit`` setting, ``5/1h`` (at most
five reports within any hour), or ``off``. Pure: the count of his recent reports is given."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.discipline.conduct import read_duration
from bot.discipline.errors import InvalidArgument

MOST_REPORTS = 100  # the highest count a chat may allow within its window


@dataclass(frozen=True)
class ReportLimit:
    """At most ``reports`` within any ``window``."""

    reports: int
    window: timedelta

    def written(self) -> str:
        minutes = int(self.window.total_seconds() // 60)
        days, rest = divmod(minutes, 24 * 60)
        hours, minutes = divmod(rest, 60)
        parts = [f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
        return f"{self.reports}/{''.join(parts)}"

    @classmethod
    def read(cls, text: str) -> ReportLimit | None:
        """``5/1h``: five reports within an hour at most; ``off``: no limit."""
        if text.strip().lower() in ("off", ""):
            return None
        count, slash, length = text.strip().partition("/")
        window = read_duration(length) if slash else None
        if not count.isdigit() or window is None or not 1 <= int(count) <= MOST_REPORTS:
            raise InvalidArgument("bad_report_limit", got=text)
        return cls(int(count), window)

    def allows(self, made: int) -> bool:
        """Whether one more report is allowed after ``made`` within the window."""
        return made < self.reports


DEFAULT_REPORT_LIMIT = ReportLimit(5, timedelta(hours=1))


def report_limit_of(setting: str | None) -> ReportLimit | None:
    """The chat's limit as stored (checked when it was set); unset: the default."""
    return DEFAULT_REPORT_LIMIT if setting is None else ReportLimit.read(setting)


__all__ = ["DEFAULT_REPORT_LIMIT", "ReportLimit", "report_limit_of"]
