"""The session's clock, pure: its warning 15 minutes before the end, none for a shorter one."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.mcr.clock import require_clock, start_clock

AT = datetime(2026, 5, 1, 9, tzinfo=UTC)


def test_a_clock_warns_fifteen_minutes_before_its_end():
    clock = start_clock(1, AT, timedelta(hours=2))
    assert clock.warning_at(AT) == AT + timedelta(hours=1, minutes=45)
    assert clock.status(AT + timedelta(hours=1))["left_seconds"] == 3600


@pytest.mark.parametrize("minutes", [1, 15])
def test_a_clock_of_fifteen_minutes_or_less_has_no_warning(minutes):
    assert start_clock(1, AT, timedelta(minutes=minutes)).warning_at(AT) is None


def test_a_clock_is_at_most_a_day_s_play():
    assert start_clock(1, AT, timedelta(hours=12)).ends_at == AT + timedelta(hours=12)
    with pytest.raises(InvalidArgument) as typo:
        start_clock(1, AT, timedelta(hours=12, minutes=1))
    assert typo.value.code == "clock_too_long" and typo.value.details["hours"] == 12


def test_no_clock_between_sessions_nor_once_it_ran_out():
    with pytest.raises(RuleViolation):
        start_clock(None, AT, timedelta(hours=1))
    clock = start_clock(1, AT, timedelta(hours=1))
    assert require_clock(clock, AT + timedelta(minutes=59)) is clock
    with pytest.raises(RuleViolation) as over:  # said as such: the time ran out, and when
        require_clock(clock, AT + timedelta(hours=1))
    assert over.value.code == "clock_over" and over.value.details["ended_at"] == clock.ends_at
    with pytest.raises(RuleViolation) as none:
        require_clock(None, AT)
    assert none.value.code == "no_clock"
