"""Tables, seats, hands, results, abandonment and the clocks (RULES §1.1, §1.6, §1.7)."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.discipline.burraco.match import READY_WINDOW, Match
from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.rulesets import bundled_tables

AT = datetime(2026, 3, 1, 18, tzinfo=UTC)


def table(fmt="pairs", hands=4, ruleset="fibur", **flags) -> Match:
    options = {"official": False, "ai": False, "final": False, **flags}
    return Match.open(1, bundled_tables(ruleset).table(hands), fmt, by="opener", at=AT, **options)


def full(fmt="pairs", hands=4, **flags) -> Match:
    match = table(fmt, hands, **flags)
    for player in ["a", "b", "c", "d"][: match.capacity]:
        match.sit(player, None)
    return match


def test_seats_fill_ns_ew_in_order_and_respect_sides():
    match = table()
    assert [match.sit(p, None).side for p in "abcd"] == ["ns", "ew", "ns", "ew"]
    with pytest.raises(RuleViolation) as error:
        match.sit("e", None)
    assert error.value.reason == "seat_taken"


def test_a_side_holds_only_its_seats():
    match = table("1v1", 2)
    match.sit("a", "ns")
    with pytest.raises(RuleViolation) as error:
        match.sit("b", "ns")
    assert error.value.code == "side_full"
    with pytest.raises(RuleViolation):
        match.sit("a", "ew")


@pytest.mark.parametrize(
    ("fmt", "capacity"), [("1v1", 2), ("pairs", 4), ("4in2", 2), ("giallo", 4)]
)
def test_capacity_by_format(fmt, capacity):
    match = table(fmt, 3)
    assert match.capacity == capacity
    assert match.turn_seconds == (60 if fmt == "4in2" else 45)


def test_giallo_is_three_hands_or_four_with_the_final():
    table("giallo", 3)
    table("giallo", 4, final=True)
    with pytest.raises(InvalidArgument):
        table("giallo", 4)
    with pytest.raises(InvalidArgument):
        table("pairs", 4, final=True)
    with pytest.raises(InvalidArgument):
        table("bridge", 4)


def test_hands_add_up_and_the_last_one_converts():
    match = full()
    for ns, ew in [(600, 200), (300, 450), (330, 100)]:
        assert match.record_hand(ns, ew, AT) is False
    assert match.record_hand(300, 180, AT) is True
    assert match.difference_for("ns") == 600
    assert match.vp_from_hands() == {"a": 13, "b": 7, "c": 13, "d": 7}
    with pytest.raises(RuleViolation):
        match.record_hand(1, 1, AT)


def test_a_match_cannot_start_before_it_is_full_unless_against_ai():
    match = table()
    match.sit("a", None)
    with pytest.raises(RuleViolation) as error:
        match.record_hand(100, 0, AT)
    assert error.value.code == "match_not_started"
    ai_match = table(ai=True)
    ai_match.sit("a", None)
    assert ai_match.record_hand(100, 0, AT) is False


def test_result_finishes_with_ranking_points_and_cannot_be_confirmed_twice():
    match = full("1v1", 2)
    ruling = match.finish(match.vp_from_sides(13, 7), AT)
    assert ruling["points"] == {"a": 6, "b": 4}
    with pytest.raises(RuleViolation) as error:
        match.finish({"a": 13, "b": 7}, AT)
    assert error.value.reason == "already_confirmed"


def test_abandonment_is_null_for_everyone_else_partner_included():
    match = full()
    match.record_hand(100, 400, AT)
    [ruling] = match.abandon(["a"], AT, "reported")
    assert ruling["null_for"] == ("b", "c", "d")
    assert ruling["vp"] == 7  # ns trails by 300 on one hand of a 4-hand table: 8 VP, capped
    assert ruling["warning"] is True
    with pytest.raises(RuleViolation) as error:
        match.abandon(["b"], AT, "reported")
    assert error.value.code == "match_null"
    with pytest.raises(RuleViolation):
        match.record_hand(1, 1, AT)


def test_abandonment_keeps_the_vp_accrued_when_below_seven():
    match = full("1v1", 2)
    match.record_hand(0, 700, AT)
    [ruling] = match.abandon(["a"], AT, "reported")
    assert ruling["vp"] == 3 and ruling["points"] == Fraction(3, 2)  # 700 on 2 hands: 17-3


def test_official_fee_is_refunded_to_all_but_the_abandoner():
    match = full("pairs", 2, official=True)
    [ruling] = match.abandon(["c"], AT, "reported")
    assert ruling["fee_refunded_to"] == ("a", "b", "d")


def test_against_ai_no_warning():
    match = table(ai=True)
    match.sit("a", None)
    [ruling] = match.abandon(["a"], AT, "reported")
    assert ruling["warning"] is False and ruling["null_for"] == ()


def test_several_abandoners_each_get_the_consequences():
    match = full()
    rulings = match.abandon(["a", "d"], AT, "not_ready")
    assert [r["player"] for r in rulings] == ["a", "d"]
    assert all(r["null_for"] == ("b", "c") for r in rulings)


def test_two_expired_turns_in_a_row_and_a_played_turn_breaks_the_run():
    match = full()
    assert match.expire_turn("a") is False
    match.play_turn("a")
    assert match.expire_turn("a") is False
    assert match.expire_turn("b") is False
    assert match.expire_turn("a") is True


def test_the_end_of_a_hand_does_not_break_a_run_of_expired_turns():
    """RULES 1.6, Decision: the last turn of hand 1 and the first of hand 2 both expired."""
    match = full("pairs", 2)
    assert match.expire_turn("a") is False
    match.record_hand(100, 50, AT)
    assert match.expire_turn("a") is True


def test_readiness_window_opens_after_each_hand_but_the_last():
    match = full("pairs", 2)
    match.record_hand(100, 50, AT)
    assert match.ready_deadline == AT + READY_WINDOW
    assert match.mark_ready("a") is False
    assert match.not_ready() == ["b", "c", "d"]
    for player in "bcd":
        everyone = match.mark_ready(player)
    assert everyone is True and match.ready_deadline is None
    assert match.record_hand(10, 10, AT + timedelta(minutes=5)) is True
    assert match.ready_deadline is None


def test_confirmation_belongs_to_the_other_side():
    match = full()
    match.report({"a": 12, "b": 8, "c": 12, "d": 8}, "a", AT)
    assert not match.may_confirm("a") and not match.may_confirm("c")
    assert match.may_confirm("b") and match.may_confirm("d")
    assert not match.may_confirm("zed")
    ruling = match.dispute("b", "wrong score", AT)
    assert ruling["reason"] == "wrong score" and match.pending.disputed


def test_giallo_results_name_each_player():
    match = full("giallo", 3)
    vp = match.vp_from_players({"a": 14, "b": 9, "c": 11, "d": 6})
    assert match.finish(vp, AT)["points"] == {"a": 10, "b": 7, "c": 8, "d": 5}
    other = full("giallo", 3)
    with pytest.raises(InvalidArgument):
        other.vp_from_players({"a": 14, "b": 9, "c": 11})
    with pytest.raises(RuleViolation):
        other.vp_from_sides(10, 10)


# ---- undoing (RULES §3, Corrections) ---------------------------------------------------------
def _finished_match() -> tuple[Match, datetime]:
    match = full("1v1", hands=2)  # a against b
    match.finish({"a": 13, "b": 7}, AT)
    return match, AT


def test_a_void_undone_brings_the_match_back_as_it_was():
    match, at = _finished_match()
    match.void(at)
    assert match.status == "void" and match.seats == []
    match.unvoid()
    assert match.status == "finished" and match.people == ["a", "b"]
    with pytest.raises(RuleViolation):
        match.unvoid()


def test_a_result_undone_waits_for_its_result_and_a_correction_undone_restores():
    match, at = _finished_match()
    match.withdraw_result(at)
    assert match.status == "open" and match.result_vp is None  # /result again
    match.restore({"a": 10, "b": 10}, None, at)
    assert match.status == "finished" and match.result_vp == {"a": 10, "b": 10}
    match.restore({"a": 13, "b": 7}, "a", at)  # a player's report, pending again
    assert match.pending is not None and match.pending.disputed
    match.withdraw_report(at)
    assert match.status == "open" and match.pending is None


def test_a_confirmation_undone_leaves_the_report_pending_with_a_new_window():
    match, _ = _finished_match()
    later = AT + timedelta(days=1)
    pending = match.await_confirmation({"a": 13, "b": 7}, "a", later, disputed=False)
    assert match.status == "awaiting_confirmation" and match.result_vp is None
    assert pending.at == later and not pending.disputed and match.may_confirm("b")
    assert match.finish(pending.vp, later)["vp"] == {"a": 13, "b": 7}
    with pytest.raises(RuleViolation):  # only a recorded result goes back to its report
        table("1v1", 2).await_confirmation({}, "a", later, disputed=False)


TTL = timedelta(hours=3)


def test_the_clock_closes_a_played_table_as_unfinished_never_as_not_played():
    match = full("1v1", hands=2)
    match.record_hand(100, 50, AT)
    assert match.expire(AT + TTL - timedelta(seconds=1), TTL) is None
    closed = match.expire(AT + TTL, TTL)
    assert closed is not None and closed["reason"] == "unfinished" and closed["played"] == 1
    assert match.status == "unfinished" and match.hand_scores == [(100, 50)]
    empty = table("1v1", 2)
    gone = empty.expire(AT + TTL, TTL)
    assert gone is not None and gone["reason"] == "expired" and empty.status == "closed"


def test_a_pending_report_is_never_closed_by_the_clock():
    match = full("1v1", hands=2)
    match.record_hand(100, 50, AT)
    match.record_hand(100, 50, AT)
    match.report(match.vp_from_hands(), "a", AT)
    assert match.expire(AT + 100 * TTL, TTL) is None
    assert match.status == "awaiting_confirmation"


def test_a_table_the_clock_closed_comes_back_with_its_seats_and_a_new_ttl():
    match = full("1v1", hands=2)
    match.record_hand(100, 50, AT)
    match.expire(AT + TTL, TTL)
    back = AT + 2 * TTL
    match.reopen(back)
    assert match.status == "open" and match.people == ["a", "b"]
    assert match.expires_at(TTL) == back + TTL
    assert match.record_hand(10, 10, back) is True
    with pytest.raises(RuleViolation):
        match.reopen(back)


def test_an_abandonment_undone_lets_the_match_go_on():
    match = full("1v1", hands=2)
    match.abandon(["a"], AT, "reported")
    match.withdraw_abandonment("a")
    assert match.status == "open" and match.abandoners == []
    assert match.record_hand(100, 50, AT) is False  # played on


def test_only_the_last_hand_recorded_is_undone():
    match = full("1v1", hands=3)
    match.record_hand(100, 50, AT)
    match.record_hand(200, 50, AT)
    with pytest.raises(RuleViolation):
        match.withdraw_hand(1)
    match.withdraw_hand(2)
    assert match.hand_scores == [(100, 50)]
