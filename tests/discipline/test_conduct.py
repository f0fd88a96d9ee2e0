"""Conduct in the chat, pure: the ladder as a chat writes it, warnings counted over their
window, and the rule that undoing a warning only ever lifts or shortens a measure."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discipline.conduct import (
    BAN,
    DEFAULT_LADDER,
    MUTE,
    STOP,
    ChatRules,
    ConductRecord,
    Ladder,
    Step,
)
from bot.discipline.errors import InvalidArgument, RuleViolation

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
WINDOW = timedelta(days=30)


def test_the_default_ladder_and_its_counts_beyond_the_last_step():
    assert [DEFAULT_LADDER.step_for(n) for n in (1, 2, 3)] == [
        None,
        Step(2, MUTE, timedelta(hours=1)),
        Step(3, STOP, timedelta(hours=24)),
    ]
    assert DEFAULT_LADDER.step_for(4) == DEFAULT_LADDER.step_for(9) == Step(4, BAN)
    assert DEFAULT_LADDER.written() == "2:mute 1h, 3:stop 1d, 4:ban"


@pytest.mark.parametrize(
    "written", ["2:mute 1h, 3:stop 1d, 4:ban", "1:mute 10m", "2:ban 7d, 3:ban", "none"]
)
def test_a_ladder_reads_back_as_written(written):
    assert Ladder.read(written).written() == written


@pytest.mark.parametrize(
    "written", ["2:mute", "2:stop", "2:mute 1h, 2:ban", "2:warn 1h", "2:mute 1h 3h", "2-ban"]
)
def test_a_ladder_that_cannot_hold_is_refused(written):
    with pytest.raises(InvalidArgument):
        Ladder.read(written)


def test_a_warning_counts_within_its_window_only():
    record = ConductRecord("bob")
    record.add_warning(1, T0, None)
    assert record.assess(T0 + WINDOW - timedelta(seconds=1), WINDOW, DEFAULT_LADDER)[0] == 2
    assert record.assess(T0 + WINDOW, WINDOW, DEFAULT_LADDER)[0] == 1
    assert record.assess(T0, WINDOW, DEFAULT_LADDER, exempt=True) == (2, None)


def test_a_chat_rule_s_number_is_never_given_again():
    rules = ChatRules()
    assert [rules.add("a").number, rules.add("b").number] == [1, 2]
    rules.remove(2)
    assert rules.add("c").number == 3
    with pytest.raises(RuleViolation):
        rules.cite(2)
    assert [r.number for r in rules.standing()] == [1, 3]


def _warned(times: list[int], ladder: Ladder) -> ConductRecord:
    """Warnings at these minutes, each with the measure its count brings (stops as their
    own restriction, as the handlers record them)."""
    record = ConductRecord("bob")
    for number, minute in enumerate(times, 1):
        at = T0 + timedelta(minutes=minute)
        _, step = record.assess(at, WINDOW, ladder)
        record.add_warning(number * 10, at, None)
        if step is not None:
            record.restrict(number * 10 + 1, step.measure, at, step.duration, warning=number * 10)
    return record


ladders = st.sampled_from(
    [DEFAULT_LADDER, Ladder.read("1:mute 10m, 2:mute 2h, 3:ban 1d"), Ladder.read("2:ban 1h")]
)


@settings(max_examples=200, deadline=None)
@given(
    gaps=st.lists(st.integers(0, 60 * 24 * 20), min_size=1, max_size=8),
    ladder=ladders,
    undone=st.lists(st.integers(0, 7), max_size=8),
    later=st.integers(0, 60 * 24 * 5),
)
def test_undoing_warnings_only_lifts_or_shortens(gaps, ladder, undone, later):
    times = [sum(gaps[: i + 1]) for i in range(len(gaps))]
    record = _warned(times, ladder)
    now = T0 + timedelta(minutes=times[-1] + later)
    for pick in undone:
        standing = [w.id for w in record.warnings if not w.withdrawn]
        if not standing:
            break
        before = {r.id: r for r in record.restrictions if r.active_at(now)}
        record.withdraw_warning(standing[pick % len(standing)], now, WINDOW, ladder)
        after = {r.id: r for r in record.restrictions if r.active_at(now)}
        assert set(after) <= set(before)  # nothing imposed
        withdrawn = {w.id for w in record.warnings if w.withdrawn}
        assert not any(m.warning in withdrawn for m in after.values())  # its measure goes
        for number, measure in after.items():  # nothing lengthened
            was = before[number].until
            assert measure.until is not None or was is None
            assert was is None or (measure.until is not None and measure.until <= was)


def test_a_ladder_written_out_of_order_is_read_in_order():
    assert Ladder.read("4:ban, 2:mute 1h, 3:stop 24h") == DEFAULT_LADDER


@given(
    st.lists(st.integers(1, 48 * 60), max_size=4),
    st.integers(1, 48 * 60),
    st.integers(0, 47 * 60),
)
def test_an_automatic_mute_never_shortens_the_mutes_in_force(lengths, automatic, later):
    """Mutes of ``lengths`` minutes given at T0, an automatic one of ``automatic`` minutes
    ``later`` minutes on: given only where it outlasts them, and then added beside them."""
    record = ConductRecord("bob")
    for number, minutes in enumerate(lengths, 1):
        record.restrict(number, MUTE, T0, timedelta(minutes=minutes))
    now = T0 + timedelta(minutes=later)
    before = record.muted_until(now)
    until = now + timedelta(minutes=automatic)
    if not record.muted_past(now, until):
        record.restrict(99, MUTE, now, timedelta(minutes=automatic), replacing=False)
    after = record.muted_until(now)
    assert after is not None and after >= until
    assert before is None or after >= before
    assert record.muted_past(now, until)
