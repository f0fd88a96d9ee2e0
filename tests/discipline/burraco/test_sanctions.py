"""Warnings, stops and the yellow card (RULES §1.8), with the calendar of the community."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discipline.burraco.sanctions import LADDER, assess
from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.record import CARD_SECONDS, DisciplineRecord

ROME = ZoneInfo("Europe/Rome")


def rome(*args) -> datetime:
    return datetime(*args, tzinfo=ROME)


def expected_measure(n: int, d: int) -> tuple[str, tuple[str, ...]]:
    """RULES §1.8, read row by row."""
    reasons = []
    if d >= 2:
        reasons.append("expulsion")
    if n in (5, 9, 13):
        reasons.append("disqualification")
    if reasons:
        return reasons[0], tuple(reasons)
    return ("caution" if n in (4, 8, 12) else "warning"), ()


@pytest.mark.parametrize("d", [1, 2, 3])
@pytest.mark.parametrize("n", range(1, 14))
def test_measure_table_for_n_1_to_13_and_d_1_to_3(n, d):
    if d > n:
        with pytest.raises(InvalidArgument):
            assess(n, d)
        return
    verdict = assess(n, d)
    assert (verdict.measure, verdict.reasons) == expected_measure(n, d)
    assert verdict.cautioned_today is (not verdict.reasons)


def test_both_stop_rows_make_one_stop_with_both_reasons():
    record = DisciplineRecord("alice", ladder=LADDER)
    start = rome(2026, 3, 2, 10, 0)
    for day in range(4):
        record.add_warning(start + timedelta(days=day), ROME, day)
    _, _, ruling = record.add_warning(start + timedelta(days=3, hours=1), ROME, 9)
    assert ruling["n"] == 5 and ruling["d"] == 2
    assert ruling["reasons"] == ("expulsion", "disqualification")
    assert len(record.active_stops(start + timedelta(days=3, hours=2))) == 1


def test_day_boundary_is_local_midnight_not_utc_midnight():
    record = DisciplineRecord("alice", ladder=LADDER)
    # 23:30 and 00:30 in Rome are 22:30 and 23:30 UTC on the same UTC day
    record.add_warning(rome(2026, 3, 10, 23, 30), ROME, 1)
    _, verdict, _ = record.add_warning(rome(2026, 3, 11, 0, 30), ROME, 2)
    assert (verdict.n, verdict.d) == (2, 1) and verdict.measure == "warning"


def test_same_local_day_across_utc_midnight_is_an_expulsion():
    record = DisciplineRecord("bob", ladder=LADDER)
    # 00:30 in Rome is 23:30 UTC the day before; 22:00 is 21:00 UTC the same local day
    record.add_warning(rome(2026, 3, 11, 0, 30), ROME, 1)
    _, verdict, ruling = record.add_warning(rome(2026, 3, 11, 22, 0), ROME, 2)
    assert verdict.d == 2 and verdict.measure == "expulsion"
    assert ruling["stop_until"] == rome(2026, 3, 12, 22, 0)


def test_new_year_in_rome_restarts_the_count():
    record = DisciplineRecord("carol", ladder=LADDER)
    for hour in (10, 14, 18):
        record.add_warning(rome(2026, 12, 29, hour), ROME, hour)
    record.add_warning(rome(2026, 12, 31, 23, 50), ROME, 1)
    # 00:10 on 1 January in Rome is still 31 December in UTC
    at = rome(2027, 1, 1, 0, 10)
    assert at.astimezone(UTC).year == 2026
    _, verdict, _ = record.add_warning(at, ROME, 2)
    assert (verdict.n, verdict.d) == (1, 1)


def test_stop_across_march_dst_lasts_86400_seconds():
    record = DisciplineRecord("dave", ladder=LADDER)
    record.add_warning(rome(2026, 3, 28, 12, 0), ROME, 1)
    _, _, ruling = record.add_warning(rome(2026, 3, 28, 12, 30), ROME, 2)
    end = ruling["stop_until"]
    assert (end - rome(2026, 3, 28, 12, 30)).total_seconds() == 86400
    assert end.astimezone(ROME).hour == 13  # clocks went forward on the 29th


def test_stop_across_october_dst_lasts_86400_seconds():
    record = DisciplineRecord("erin", ladder=LADDER)
    record.add_warning(rome(2026, 10, 24, 12, 0), ROME, 1)
    _, _, ruling = record.add_warning(rome(2026, 10, 24, 12, 30), ROME, 2)
    end = ruling["stop_until"]
    assert end.astimezone(ROME).hour == 11  # clocks went back on the 25th
    assert record.stop_until(end - timedelta(seconds=1)) == end
    assert record.stop_until(end) is None


def test_overlapping_stops_end_at_the_later_end():
    record = DisciplineRecord("fred", ladder=LADDER)
    at = rome(2026, 5, 1, 10, 0)
    record.impose_stop(at, timedelta(hours=30), "manual")
    record.add_warning(at + timedelta(hours=1), ROME, 1)
    record.add_warning(at + timedelta(hours=2), ROME, 2)  # expulsion: ends at +26h
    assert record.stop_until(at + timedelta(hours=3)) == at + timedelta(hours=30)
    record.impose_stop(at + timedelta(hours=29), timedelta(hours=5), "longer")
    assert record.stop_until(at + timedelta(hours=3)) == at + timedelta(hours=34)


def test_card_is_served_only_while_on_screen_paused_and_resumed_several_times():
    record = DisciplineRecord("alice", ladder=LADDER)
    at = rome(2026, 3, 4, 18, 20)
    record.add_warning(at, ROME, 1)
    assert record.seating_refusal(at).code == "card"
    assert record.card.remaining_at(at + timedelta(days=2)) == CARD_SECONDS  # not yet shown
    clock = at
    served = 0
    for on, off in [(0, 120), (3600, 3600 + 200), (2 * 86400, 2 * 86400 + 1)]:
        record.show_card(at + timedelta(seconds=on))
        left = record.leave_card(at + timedelta(seconds=off))
        served += off - on
        assert left["remaining_seconds"] == CARD_SECONDS - served
        clock = at + timedelta(seconds=off)
    record.show_card(clock + timedelta(hours=1))
    due = record.card.due_at()
    assert (due - (clock + timedelta(hours=1))).total_seconds() == CARD_SECONDS - served
    assert record.serve_card_if_due(due - timedelta(seconds=1)) is None
    assert record.serve_card_if_due(due)["player"] == "alice"
    assert record.seating_refusal(due) is None


def test_a_new_warning_replaces_the_pending_card_with_a_fresh_one():
    record = DisciplineRecord("alice", ladder=LADDER)
    record.add_warning(rome(2026, 3, 1, 10), ROME, 1)
    record.show_card(rome(2026, 3, 1, 10))
    record.leave_card(rome(2026, 3, 1, 10, 10))
    record.add_warning(rome(2026, 3, 2, 10), ROME, 2)
    assert record.card.balls == 2 and record.card.served_seconds == 0


def test_a_stop_is_shown_instead_of_the_card_and_replaces_a_pending_one():
    record = DisciplineRecord("alice", ladder=LADDER)
    record.add_warning(rome(2026, 3, 1, 10), ROME, 1)
    _, _, ruling = record.add_warning(rome(2026, 3, 1, 11), ROME, 2)
    assert ruling["card_minutes"] is None and record.card is None
    refusal = record.seating_refusal(rome(2026, 3, 2, 10))
    assert refusal.code == "stopped" and refusal.details["until"] == rome(2026, 3, 2, 11)


def test_annulment_lifts_what_is_no_longer_justified_and_keeps_what_is():
    record = DisciplineRecord("alice", ladder=LADDER)
    first, _, _ = record.add_warning(rome(2026, 3, 1, 10), ROME, 1)
    record.add_warning(rome(2026, 3, 1, 11), ROME, 2)  # expulsion
    assert record.stop_until(rome(2026, 3, 1, 12)) is not None
    ruling = record.annul_warning(first.id, rome(2026, 3, 1, 12), ROME, "platform crash")
    assert ruling["stops_lifted"] == 1 and record.stop_until(rome(2026, 3, 1, 12)) is None
    assert record.counts(rome(2026, 3, 1, 12), ROME) == (1, 1)
    with pytest.raises(RuleViolation):
        record.annul_warning(first.id, rome(2026, 3, 1, 12), ROME, "again")


def test_annulment_keeps_a_stop_still_justified():
    record = DisciplineRecord("bob", ladder=LADDER)
    record.add_warning(rome(2026, 3, 1, 10), ROME, 1)
    record.add_warning(rome(2026, 3, 1, 11), ROME, 2)  # expulsion (d=2)
    third, _, _ = record.add_warning(rome(2026, 3, 1, 12), ROME, 3)  # expulsion (d=3)
    record.annul_warning(third.id, rome(2026, 3, 1, 13), ROME, "duplicate")
    assert record.stop_until(rome(2026, 3, 1, 13)) == rome(2026, 3, 2, 11)


def test_annulling_the_carded_warning_removes_the_card():
    record = DisciplineRecord("carol", ladder=LADDER)
    entry, _, _ = record.add_warning(rome(2026, 3, 1, 10), ROME, 1)
    ruling = record.annul_warning(entry.id, rome(2026, 3, 1, 10, 5), ROME, "crash")
    assert ruling["card_removed"] and record.card is None


def test_manual_stop_blocks_seating_and_lift_ends_it():
    record = DisciplineRecord("dave", ladder=LADDER)
    at = rome(2026, 3, 1, 10)
    record.impose_stop(at, timedelta(minutes=90), "insults")
    assert record.seating_refusal(at + timedelta(minutes=89)).code == "stopped"
    assert record.seating_refusal(at + timedelta(minutes=90)) is None
    record.impose_stop(at, timedelta(days=3), "again")
    record.lift_stops(at + timedelta(hours=1), "apologised")
    assert record.seating_refusal(at + timedelta(hours=1)) is None
    with pytest.raises(RuleViolation):
        record.lift_stops(at + timedelta(hours=2), "nothing to lift")
    with pytest.raises(InvalidArgument):
        record.impose_stop(at, timedelta(minutes=-5), "negative")


def test_leaving_a_card_not_on_screen_is_refused():
    record = DisciplineRecord("erin", ladder=LADDER)
    with pytest.raises(RuleViolation):
        record.leave_card(rome(2026, 3, 1, 10))


@given(st.lists(st.integers(1, 3000), min_size=1, max_size=12), st.integers(1, 10**6))
def test_card_is_served_exactly_when_on_screen_time_reaches_900_seconds(sessions, gap):
    record = DisciplineRecord("p", ladder=LADDER)
    at = datetime(2026, 6, 1, tzinfo=UTC)
    record.add_warning(at, UTC, 1)
    on_screen = 0
    for length in sessions:
        at += timedelta(seconds=gap)
        record.show_card(at)
        if on_screen + length >= CARD_SECONDS:
            due = at + timedelta(seconds=CARD_SECONDS - on_screen)
            assert record.card.due_at() == due
            assert record.serve_card_if_due(due - timedelta(seconds=1)) is None
            assert record.serve_card_if_due(due) is not None
            return
        at += timedelta(seconds=length)
        record.leave_card(at)
        on_screen += length
        assert record.card.served_seconds == on_screen
    assert record.card is not None and record.card.remaining_at(at) == CARD_SECONDS - on_screen


# ---- undoing (RULES §3, Corrections) ---------------------------------------------------------
def test_withdrawn_warning_lifts_the_expulsion_it_brought_and_says_so():
    record = DisciplineRecord("ann", ladder=LADDER)
    record.add_warning(rome(2026, 3, 2, 20, 0), ROME, 1)
    second, _, _ = record.add_warning(rome(2026, 3, 2, 21, 0), ROME, 2)
    at = rome(2026, 3, 2, 21, 30)
    assert record.stop_until(at) is not None
    annulment, lifted = record.withdraw_warning(second.id, at, ROME, "opponent left")
    assert annulment["n"] == 1
    assert [(r.type, r["stop_until"], r["warning_id"]) for r in lifted] == [
        ("stop_lifted", None, second.id)
    ]
    assert record.stop_until(at) is None


def test_withdrawn_warning_keeps_a_stop_still_justified():
    record = DisciplineRecord("ann", ladder=LADDER)
    day = rome(2026, 3, 2, 20, 0)
    record.add_warning(day, ROME, 1)
    record.add_warning(day + timedelta(minutes=10), ROME, 2)  # expulsion
    third, _, _ = record.add_warning(day + timedelta(minutes=20), ROME, 3)  # expulsion too
    at = day + timedelta(minutes=30)
    _, lifted = record.withdraw_warning(third.id, at, ROME, "mistake")
    # the third warning's own stop goes; the second's still stands, and is said to
    [news] = lifted
    assert news.type == "stop_lifted" and news["warning_id"] == third.id
    assert news["stop_until"] == record.stop_until(at) is not None


def test_withdrawn_warning_takes_its_pending_card_away():
    record = DisciplineRecord("ann", ladder=LADDER)
    entry, _, _ = record.add_warning(rome(2026, 3, 2, 20, 0), ROME, 1)
    _, lifted = record.withdraw_warning(entry.id, rome(2026, 3, 2, 20, 5), ROME, "mistake")
    assert [(r.type, r["warning_id"]) for r in lifted] == [("card_lifted", entry.id)]
    assert record.card is None


def test_undone_manual_stop_lifts_only_that_stop():
    record = DisciplineRecord("ann", ladder=LADDER)
    start = datetime(2026, 3, 2, 20, 0, tzinfo=UTC)
    first = record.impose_stop(start, timedelta(hours=2), "insults")
    record.impose_stop(start + timedelta(minutes=5), timedelta(hours=1), "spam")
    at = start + timedelta(minutes=10)
    [lifted] = record.undo_stop(first["stop_id"], at)
    assert lifted.type == "stop_lifted"
    assert lifted["stop_until"] == start + timedelta(hours=1, minutes=5)  # the other runs on
    assert record.stop_until(at) == start + timedelta(hours=1, minutes=5)


def test_undone_lift_restores_the_stops_still_running_and_not_the_ended_ones():
    record = DisciplineRecord("ann", ladder=LADDER)
    start = datetime(2026, 3, 2, 20, 0, tzinfo=UTC)
    record.impose_stop(start, timedelta(hours=2), "insults")
    lift_at = start + timedelta(minutes=30)
    record.lift_stops(lift_at, "apologised")
    [restored] = record.restore_lifted(lift_at, start + timedelta(hours=1))
    assert restored.type == "stop_restored"
    assert restored["stop_until"] == start + timedelta(hours=2)
    assert record.restore_lifted(lift_at, start + timedelta(hours=3)) == []  # over by now


def test_undone_annulment_counts_the_warning_again_and_brings_its_stop_back():
    record = DisciplineRecord("ann", ladder=LADDER)
    day = rome(2026, 3, 2, 20, 0)
    record.add_warning(day, ROME, 1)
    second, _, _ = record.add_warning(day + timedelta(minutes=10), ROME, 2)
    annulled_at = day + timedelta(minutes=20)
    record.annul_warning(second.id, annulled_at, ROME, "mistake")
    assert record.counts(annulled_at, ROME) == (1, 1)
    restored = record.restore_warning(second.id, annulled_at, day + timedelta(minutes=30))
    assert [r.type for r in restored] == ["stop_restored"]
    assert record.counts(day + timedelta(minutes=30), ROME) == (2, 2)
    with pytest.raises(RuleViolation):
        record.restore_warning(second.id, annulled_at, day + timedelta(minutes=40))


def test_an_undone_annulment_gives_the_card_back_with_the_time_served():
    record = DisciplineRecord("ann", ladder=LADDER)
    start = rome(2026, 3, 2, 20, 0)
    entry, _, _ = record.add_warning(start, ROME, 1)
    record.show_card(start)
    annulled_at = start + timedelta(minutes=5)
    record.annul_warning(entry.id, annulled_at, ROME, "crash")
    assert record.card is None
    [back] = record.restore_warning(entry.id, annulled_at, start + timedelta(minutes=30))
    assert back.type == "card_restored" and back["remaining_seconds"] == CARD_SECONDS - 300
    assert record.card is not None and not record.card.on_screen
