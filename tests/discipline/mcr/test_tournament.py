"""A tournament end to end in the domain: sessions, penalties, substitutes, appeals."""

from datetime import UTC, datetime
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.mcr.tournament import Tournament

AT = datetime(2026, 5, 1, 9, tzinfo=UTC)


def started(players="abcdefgh", sessions=3) -> Tournament:
    tournament = Tournament.create("Spring", sessions)
    tournament.register(list(players))
    tournament.start_session()
    tournament.seat(1, list(players[:4]))
    if len(players) >= 8:
        tournament.seat(2, list(players[4:8]))
    return tournament


def test_ladder_restarts_each_session_but_delay_carries_over():
    t = started()
    assert [t.violation("a", "info", None, AT)[0]["step"] for _ in range(3)] == [1, 2, 3]
    t.violation("b", "delay", None, AT)
    t.violation("b", "delay", None, AT)
    t.end_session()
    t.start_session()
    t.seat(1, list("abcd"))
    assert t.violation("a", "info", None, AT)[0]["step"] == 1
    # b's two delays carry over: this is his third step
    assert t.violation("b", "info", None, AT)[0]["step"] == 3
    assert t.violation("b", "delay", None, AT)[0]["points"] == 20


def test_points_only_for_the_referees_own_sanction():
    """CONSOLE.md, second edition: points go with "other" alone, from 1 to 1,000."""
    t = started()
    for kind in ("knock", "info", "bad-meld", "accident"):
        with pytest.raises(InvalidArgument) as error:
            t.violation("a", kind, 15, AT)
        assert error.value.code == "points_only_for_other"
    with pytest.raises(InvalidArgument):
        t.violation("a", "other", None, AT)
    for wrong in (0, 1001):
        with pytest.raises(InvalidArgument) as error:
            t.violation("a", "other", wrong, AT)
        assert error.value.code == "points_out_of_range"
    assert t.violation("a", "other", 25, AT)[0]["points"] == 25
    assert t.violation("a", "other", 1000, AT)[0]["points"] == 1000
    assert t.violation("a", "accident", None, AT)[0].type == "no_penalty"


def test_penalties_after_scores_reannounce_the_table_points():
    t = started()
    ruling = t.record_scores(1, [30, 20, -20, -30], AT)
    assert ruling["tp"] == {"a": 4, "b": 2, "c": 1, "d": 0}
    rulings = t.violation("a", "other", 10, AT)  # 10 points from the referee
    changed = [r for r in rulings if r.type == "table_points"]
    assert changed and changed[0]["tp"] == {"a": 3, "b": 3, "c": 1, "d": 0}
    assert changed[0]["scores"]["a"] == 20


def test_a_penalty_that_changes_nothing_is_not_reannounced():
    t = started()
    t.record_scores(1, [100, 20, -20, -100], AT)
    rulings = t.violation("a", "info", None, AT)  # warning: 0 points
    assert [r.type for r in rulings] == ["penalty"]


def test_placement_before_penalties_is_configurable():
    t = started()
    t.placement = "before"
    t.record_scores(1, [30, 20, -20, -30], AT)
    t.violation("a", "other", 50, AT)
    assert t.table_tp(t.table(1, 1))["a"] == 4


def test_a_sheet_not_summing_to_zero_or_scored_twice_is_refused():
    t = started()
    with pytest.raises(RuleViolation) as error:
        t.record_scores(1, [10, 0, 0, 0], AT)
    assert error.value.code == error.value.reason == "not_zero_sum"
    assert error.value.details["total"] == 10
    t.record_scores(1, [10, 0, 0, -10], AT)
    with pytest.raises(RuleViolation) as twice:
        t.record_scores(1, [20, 0, 0, -20], AT)
    assert twice.value.code == "already_scored"


def test_lateness_is_recorded_once_a_session():
    t = started()
    t.late("a", 10, AT)
    with pytest.raises(RuleViolation) as error:
        t.late("a", 15, AT)
    assert error.value.code == "already_recorded"


def test_lateness_disqualification_and_substitute_plays_normally():
    t = started()
    assert t.late("h", 16, AT)[0]["disqualified"]
    t.substitute("h", "s", "late", AT)
    ruling = t.record_scores(2, [-20, -10, -10, 40], AT)
    assert ruling["tp"]["s"] == 4
    assert t.tp_of("h") == 0


def test_substitution_for_lateness_needs_the_disqualification():
    t = started()
    with pytest.raises(RuleViolation):
        t.substitute("h", "s", "late", AT)


def test_illness_during_the_session_forces_the_substitute_to_zero():
    t = started()
    t.substitute("d", "s", "ill-during", AT)
    ruling = t.record_scores(1, [-10, 0, -20, 30], AT)
    assert ruling["tp"] == {"a": 2, "b": 4, "c": 1, "s": 0}


def test_illness_before_the_session_plays_normally():
    t = started()
    t.substitute("d", "s", "ill-before", AT)
    ruling = t.record_scores(1, [-10, 0, -20, 30], AT)
    assert ruling["tp"]["s"] == 4


def test_disqualification_zero_for_the_whole_tournament_and_still_listed():
    t = started()
    t.record_scores(1, [40, 10, -20, -30], AT)
    t.end_session()
    t.start_session()
    t.seat(1, list("abcd"))
    t.disqualify("a", "misconduct", AT)
    t.substitute("a", "s", "dq", AT)
    ruling = t.record_scores(1, [100, 10, -40, -70], AT)
    assert ruling["tp"] == {"s": 0, "b": 4, "c": 2, "d": 1}
    assert t.tp_of("a") == 0
    rows = t.standings(AT)["rows"]
    assert any(r["player"] == "a" and r["disqualified"] for r in rows)
    assert all(r["player"] != "s" for r in rows)
    t.end_session()
    t.start_session()
    t.seat(1, ["s", "b", "c", "d"])  # later sessions: the substitute plays normally
    ruling = t.record_scores(1, [100, 10, -40, -70], AT)
    assert ruling["tp"]["s"] == 4
    with pytest.raises(RuleViolation):
        t.seat(2, ["a", "e", "f", "g"])


def test_false_hu_pays_each_other_player_and_is_zero_sum():
    t = started()
    rulings = t.false_hu("d", "invalid", True, AT)
    assert rulings[0]["paid"] == {"a": 20, "b": 20, "c": 20}
    assert sum(t.session_score(p, 1) for p in "abcd") == 0
    assert t.session_score("d", 1) == -60
    assert t.false_hu("a", "under8", False, AT)[0]["paid"] == {}


def test_forgotten_tile_is_deducted_and_paid_to_nobody():
    t = started()
    t.forgotten_tile("b", AT)
    assert t.session_score("b", 1) == -10 and t.session_score("a", 1) == 0


def test_appeal_overturn_reverses_all_effects_and_uphold_keeps_them():
    t = started()
    t.record_scores(1, [30, 20, -20, -30], AT)
    penalty = t.violation("a", "other", 50, AT)[0]
    appeal = t.appeal(101, penalty["effect"], "a", "I did nothing", AT, about="a")
    with pytest.raises(RuleViolation):
        t.appeal(101, penalty["effect"], "a", "again", AT, about="a")
    kept = t.violation("b", "other", 5, AT)[0]
    second = t.appeal(102, kept["effect"], "b", "unfair", AT, about="b")
    with pytest.raises(RuleViolation) as early:  # RULES 2.10: reviewed after the session
        t.resolve(appeal["appeal"], "overturn", "video review", AT)
    assert early.value.code == "session_running"
    t.end_session()
    rulings = t.resolve(appeal["appeal"], "overturn", "video review", AT)
    assert t.session_score("a", 1) == 30
    assert any(r.type == "table_points" and r["tp"]["a"] == 4 for r in rulings)
    with pytest.raises(RuleViolation):
        t.resolve(appeal["appeal"], "uphold", "twice", AT)
    t.resolve(second["appeal"], "uphold", "correct", AT)
    assert t.session_score("b", 1) == 15


def test_only_the_player_a_ruling_is_about_appeals_it_or_a_moderator_for_him():
    t = started()
    penalty = t.violation("a", "other", 50, AT)[0]
    with pytest.raises(RuleViolation) as error:
        t.appeal(101, penalty["effect"], "b", "not fair to a", AT, about="a")
    assert error.value.code == "not_your_ruling"
    appeal = t.appeal(101, penalty["effect"], "ref", "for a", AT, about="a", on_behalf=True)
    assert appeal["player"] == "a"


def test_overturning_a_disqualification_restores_the_player():
    t = started()
    dq = t.disqualify("c", "misconduct", AT)[0]
    appeal = t.appeal(7, dq["effect"], "c", "mistaken identity", AT)
    t.end_session()
    t.resolve(appeal["appeal"], "overturn", "wrong player", AT)
    assert "c" not in t.disqualified


def test_standings_order_by_table_points_then_score():
    t = started()
    t.record_scores(1, [30, 30, -20, -40], AT)
    t.record_scores(2, [50, 10, -20, -40], AT)
    rows = t.standings(AT)["rows"]
    assert [r["player"] for r in rows[:3]] == ["e", "a", "b"]
    assert rows[1]["tp"] == Fraction(3)


def test_session_and_seating_errors():
    t = Tournament.create("X", 1)
    with pytest.raises(RuleViolation):
        t.seat(1, list("abcd"))
    t.register(list("abcd"))
    t.start_session()
    with pytest.raises(RuleViolation):
        t.start_session()
    with pytest.raises(InvalidArgument):
        t.seat(1, list("abc"))
    with pytest.raises(RuleViolation):
        t.seat(1, list("abcz"))
    t.end_session()
    with pytest.raises(RuleViolation):
        t.start_session()
    with pytest.raises(InvalidArgument):
        Tournament.create("Y", 0)
    with pytest.raises(InvalidArgument):
        Tournament.create(" ", 2)


def test_a_substitute_takes_the_seat_of_a_player_disqualified_in_an_earlier_session():
    """RULES 2.9, Decision: named with /sub in the later session, seated with /seat, he
    plays normally there; the disqualified player keeps 0 TP."""
    t = started()
    t.disqualify("c", "misconduct", AT)
    t.record_scores(1, [30, 20, -20, -30], AT)
    t.record_scores(2, [10, 0, 0, -10], AT)
    t.end_session()
    t.start_session()
    [ruling] = t.substitute("c", "s", "dq", AT)
    assert ruling["table"] is None and ruling["substitute_tp_forced_zero"] is False
    t.seat(1, ["a", "b", "s", "d"])
    t.record_scores(1, [-10, -20, 40, -10], AT)
    played = t.table_ruling(t.table(t.current, 1), AT)
    assert played["tp"]["s"] == 4 and not played["forced_zero"]
    assert "s" not in [row["player"] for row in t.standings(AT)["rows"]]
    assert t.tp_of("c") == 0


def test_an_overturned_ladder_violation_re_steps_every_later_penalty():
    """RULES 2.10, Decision: as if it had never happened; the points are corrected and the
    table points re-announced."""
    t = started()
    t.record_scores(1, [30, 20, -20, -30], AT)
    first = t.violation("a", "info", None, AT)[0]  # step 1: a warning
    second = t.violation("a", "bad-meld", None, AT)[0]  # step 2
    third = t.violation("a", "knock", None, AT)[0]  # step 3
    assert [first["step"], second["step"], third["step"]] == [1, 2, 3]
    appeal = t.appeal(11, first["effect"], "a", "I said nothing", AT, about="a")
    t.end_session()
    rulings = t.resolve(appeal["appeal"], "overturn", "no information passed", AT)
    restepped = {r["effect"]: (r["step"], r["points"]) for r in rulings if r.type == "penalty"}
    assert restepped == {
        second["effect"]: (1, t.ladder.points(1)),
        third["effect"]: (2, t.ladder.points(2)),
    }
    assert t.session_score("a", 1) == 30 - t.ladder.points(2)
    assert any(r.type == "table_points" for r in rulings)


# ---- undoing (RULES §3, Corrections) ---------------------------------------------------------
def test_undone_ladder_violation_resteps_the_later_ones_even_from_another_session():
    t = started()
    wall = t.violation("b", "delay", None, AT)[0]["effect"]  # carries over
    t.end_session()
    t.start_session()
    t.seat(1, list("abcd"))
    later = t.violation("b", "info", None, AT)[0]
    assert (later["step"], later["points"]) == (2, 5)
    changed = t.undo_effect(wall, AT)
    [restepped] = [r for r in changed if r.type == "penalty"]
    assert (restepped["step"], restepped["points"], restepped["effect"]) == (1, 0, later["effect"])
    with pytest.raises(RuleViolation) as refused:
        t.undo_effect(wall, AT)
    assert refused.value.code == "already_undone"


def test_undone_disqualification_gives_the_table_points_back():
    t = started()
    t.record_scores(1, [30, 10, -10, -30], AT)
    effect = t.disqualify("a", "insults", AT)[0]["effect"]
    assert t.tp_of("a") == 0
    changed = t.undo_effect(effect, AT)
    assert [r.type for r in changed] == ["table_points"]
    assert t.tp_of("a") == 4 and "a" not in t.disqualified


def test_undone_disqualifying_lateness_lets_the_player_score_again():
    t = started()
    effect = t.late("a", 40, AT)[0]["effect"]
    t.record_scores(1, [30, 10, -10, -30], AT)
    assert t.table_tp(t.table(1, 1))["a"] == 0  # forced to zero
    t.undo_effect(effect, AT)
    assert t.table_tp(t.table(1, 1))["a"] == 4


def test_reopened_appeal_brings_the_overturned_penalty_back():
    t = started()
    t.record_scores(1, [30, 10, -10, -30], AT)
    penalty = t.violation("a", "other", 40, AT)[0]
    t.appeal(9, penalty["effect"], "a", "not me", AT)
    t.end_session()
    t.resolve(1, "overturn", "video", AT)
    assert t.session_score("a", 1) == 30
    changed = t.reopen_appeal(1, AT)
    assert t.session_score("a", 1) == -10 and t.pending_appeals()[0].id == 1
    assert [r.type for r in changed] == ["table_points"]
    with pytest.raises(RuleViolation):
        t.reopen_appeal(1, AT)


def test_a_sheet_put_back_or_taken_away():
    t = started()
    t.record_scores(1, [30, 10, -10, -30], AT)
    t.correct_scores(1, [40, 0, -10, -30], AT)
    [again] = t.set_sheet(1, 1, [30, 10, -10, -30], AT)
    assert list(again["sheet"]) == [30, 10, -10, -30]
    assert t.set_sheet(1, 1, None, AT) == []
    assert t.table(1, 1).scores is None
    with pytest.raises(RuleViolation):
        t.set_sheet(1, 1, None, AT)


def _naive(t: Tournament, player: str) -> tuple[Fraction, int]:
    """A player's table points and score counted the slow way, table by table and session by
    session: what the one-pass scoreboard must always agree with."""
    tp = Fraction(0)
    if player not in t.disqualified:
        tp = sum(((t.table_tp(table) or {}).get(player, Fraction(0)) for table in t.tables), tp)
    return tp, sum(t.session_score(player, s) for s in range(1, t.current + 1))


def test_the_scoreboard_agrees_with_a_table_by_table_count():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    actions = st.lists(
        st.tuples(
            st.sampled_from(["score", "violation", "late", "dq", "sub", "next", "falsehu"]),
            st.integers(0, 7),
            st.integers(-60, 60),
        ),
        max_size=40,
    )

    @settings(max_examples=150, deadline=None)
    @given(actions=actions, placement=st.sampled_from(["after", "before"]))
    def count(actions, placement):
        t = started(sessions=4)
        t.placement = placement
        for verb, who, number in actions:
            player = "abcdefgh"[who]
            try:
                if verb == "score":
                    table = 1 + who % 2
                    t.record_scores(table, [number, -number, 3, -3], AT)
                elif verb == "violation":
                    t.violation(player, "info" if number % 2 else "delay", None, AT)
                elif verb == "late":
                    t.late(player, abs(number) % 20 + 1, AT)
                elif verb == "dq":
                    t.disqualify(player, "misconduct", AT)
                elif verb == "sub":
                    t.substitute(player, f"s{number % 3}", "ill-during", AT)
                elif verb == "falsehu":
                    t.false_hu(player, "under8", True, AT)
                elif t.session_open and t.current < t.sessions:
                    t.end_session()
                    t.start_session()
                    t.seat(1, list("abcd"))
                    t.seat(2, list("efgh"))
            except (RuleViolation, InvalidArgument):
                pass
        board = t.scoreboard()
        for player in [*t.players, *t.substitutes]:
            assert (board.tp.get(player, Fraction(0)), board.score.get(player, 0)) == _naive(
                t, player
            ), player

    count()


def test_a_session_start_is_taken_back_only_while_nothing_is_recorded_in_it():
    t = started()
    t.undo_session_start(1)
    assert (t.current, t.session_open, t.tables) == (0, False, [])
    t = started()
    t.win(1, "a", 8, None, AT)
    with pytest.raises(RuleViolation) as refused:
        t.undo_session_start(1)
    assert refused.value.code == "session_has_records"
    t.undo_hand(1, 1, 1, AT)  # the hand undone: nothing recorded any more
    t.undo_session_start(1)
    assert t.current == 0


def test_a_reopened_session_leaves_the_standings_until_it_ends_again():
    t = started()
    t.record_scores(2, [30, 10, -10, -30], AT)
    t.win(1, "a", 8, None, AT)
    t.end_session()
    assert t.tp_of("a") == 4 and t.tp_of("e") == 4
    assert t.undo_session_end(1) == [1]  # the sheet its end summed is taken back
    assert t.table(1, 1).scores is None and t.table(1, 2).scores == [30, 10, -10, -30]
    assert t.tp_of("e") == 0 and t.total_score("e") == 0
    t.end_session()
    assert t.tp_of("a") == 4 and t.tp_of("e") == 4
    t.start_session()
    with pytest.raises(RuleViolation) as refused:
        t.undo_session_end(1)
    assert refused.value.code == "later_session_started"


def test_an_undone_hand_counts_for_nothing_and_an_ended_table_is_summed_again():
    t = started("abcd", 1)
    t.win(1, "a", 8, None, AT)
    t.win(1, "b", 20, "c", AT)
    t.end_session()
    assert t.table(1, 1).scores == [48 - 8, -16 + 44, -16 - 28, -16 - 8]
    [again] = t.undo_hand(1, 1, 1, AT)
    assert list(again["sheet"]) == [-8, 44, -28, -8]
    assert t.undo_hand(1, 1, 2, AT) == [] and t.table(1, 1).scores is None
    with pytest.raises(RuleViolation):
        t.undo_hand(1, 1, 2, AT)  # already undone


def test_an_empty_seat_s_substitute_is_never_forced_to_zero_in_the_standings():
    t = started(sessions=2)
    t.disqualify("a", "misconduct", AT)
    t.record_scores(1, [30, 10, -10, -30], AT)
    t.record_scores(2, [30, 10, -10, -30], AT)
    t.end_session()
    t.start_session()
    t.seat_planned(1, list("abcd"), {"a"})
    t.seat_planned(2, list("efgh"), set())
    t.substitute("a", "sam", "dq", AT)
    t.record_scores(1, [30, 10, -10, -30], AT)  # sam, in a's empty seat, wins it
    assert t.table_tp(t.table(2, 1))["sam"] == 4
    # b: first of three once a, disqualified, is out of session 1; then second behind sam
    assert t.scoreboard().tp["sam"] == 4 and t.scoreboard().tp["b"] == 4 + 2


def test_an_ill_player_is_left_out_and_a_substitute_of_every_session_ranked():
    t = started(sessions=1)
    with pytest.raises(RuleViolation) as refused:
        t.exclude("a", "flu", AT)
    assert refused.value.code == "not_replaced_for_illness"
    t.substitute("a", "sam", "ill-before", AT)
    t.exclude("a", "flu", AT)
    t.rank("sam", AT)
    players = [row["player"] for row in t.standings(AT)["rows"]]
    assert "a" not in players and "sam" in players
    t.include("a")
    t.unrank("sam")
    assert "a" in [row["player"] for row in t.standings(AT)["rows"]]


def _two_sessions_played() -> Tournament:
    t = started(sessions=3)
    t.record_scores(1, [40, 10, -10, -40], AT)
    t.record_scores(2, [40, 10, -10, -40], AT)
    t.end_session()
    t.start_session()
    t.seat(1, list("abcd"))
    t.seat(2, list("efgh"))
    t.record_scores(1, [-40, -10, 10, 40], AT)
    t.record_scores(2, [-40, -10, 10, 40], AT)
    t.end_session()
    return t


def test_a_penalty_between_sessions_acts_on_the_last_ended_one_and_names_it():
    t = _two_sessions_played()
    dq, table = t.disqualify("d", "insults", AT)  # 4 table points at table 1 of session 2
    assert (dq["session"], dq["ended_session"]) == (2, 2)
    assert (table["session"], table["table"], table["tp"]["d"]) == (2, 1, 0)
    penalty, points = t.violation("e", "other", 10, AT)
    assert (penalty["session"], penalty["ended_session"], points["scores"]["e"]) == (2, 2, -50)


def test_a_penalty_between_sessions_reaches_the_session_named():
    t = _two_sessions_played()
    dq, table = t.disqualify("a", "insults", AT, session=1)  # 4 table points in session 1
    assert (dq["session"], dq["ended_session"], table["session"]) == (1, 1, 1)
    assert t.late("e", 3, AT, session=1)[0]["ended_session"] == 1
    with pytest.raises(RuleViolation) as error:
        t.violation("b", "other", 10, AT, session=3)
    assert error.value.reason == "unknown_session"


def test_a_penalty_in_the_running_session_names_no_ended_one():
    t = started()
    assert t.violation("a", "info", None, AT)[0]["ended_session"] is None
    assert t.disqualify("b", "insults", AT)[0]["ended_session"] is None


def test_a_disqualification_before_the_first_session_is_refused():
    t = Tournament.create("Spring", 2)
    t.register(list("abcd"))
    with pytest.raises(RuleViolation) as error:
        t.disqualify("a", "insults", AT)
    assert error.value.reason == "no_session"


def _planned(players="abcdefgh", sessions=3) -> Tournament:
    t = Tournament.create("Spring", sessions)
    t.register(list(players))
    t.draw_seating(AT, seed=3)
    return t


def _start_from_plan(t: Tournament, out: frozenset[str] = frozenset()) -> None:
    t.start_session()
    for number, players in enumerate(t.planned_tables(t.current), 1):
        t.seat_planned(number, players, set(out) | set(t.disqualified))


def test_a_substitute_for_the_rest_sits_in_the_players_seat_at_every_later_start():
    t = _planned()
    _start_from_plan(t)
    t.substitute("a", "x", "ill-during", AT, rest=True)
    planned = t.planned_seats(2)
    assert "x" in [p for seats in planned for p in seats]
    assert "a" not in [p for seats in planned for p in seats]
    t.end_session()
    _start_from_plan(t)
    where = t.table_of("x")
    assert where is not None and where.vacant == []
    assert where.seats.index("x") == t.planned_tables(2)[where.number - 1].index("a")
    assert t.forced_zero(where) == set()  # in his seat from the start: he plays normally
    assert not t.session_records(2)  # the start alone: still undoable
    t.undo_session_start(2)
    _start_from_plan(t)
    assert t.table_of("x") is not None and t.table_of("a") is None


def test_a_substitution_for_the_rest_undone_ends_with_the_sessions_started():
    t = _planned()
    _start_from_plan(t)
    t.substitute("a", "x", "ill-during", AT, rest=True)
    t.end_session()
    _start_from_plan(t)
    t.end_rest("a", "x", 1)
    assert t.table_of("x") is not None  # session 2 has started: it keeps him
    assert "a" in [p for seats in t.planned_seats(3) for p in seats]
    with pytest.raises(RuleViolation):
        t.end_rest("a", "x", 1)
    t.end_session()
    _start_from_plan(t)
    assert t.table_of("a") is not None and t.table_of("x") is None


def test_a_disqualified_player_s_planned_seat_is_empty_until_a_substitute_takes_it():
    t = _planned()
    _start_from_plan(t)
    t.disqualify("b", "cheating", AT)
    assert [p for seats in t.planned_seats(2) for p in seats].count(None) == 1
    t.end_session()
    _start_from_plan(t)
    assert t.empty_seats(2) == [
        {"table": t.table_of("b").number, "seat": t.empty_seats(2)[0]["seat"], "out": "b"}
    ]
    t.substitute("b", "y", "dq", AT, rest=True)
    assert t.planned_seats(3) == [
        [("y" if p == "b" else p) for p in seats] for seats in t.planned_tables(3)
    ]


# in each session, some of: a player disqualified, a player replaced for the rest, that undone
STEPS = st.lists(
    st.lists(st.tuples(st.sampled_from(("dq", "rest", "end")), st.integers(0, 7)), max_size=4),
    min_size=3,
    max_size=3,
)


@settings(max_examples=60, deadline=None)
@given(steps=STEPS)
def test_every_session_starts_with_the_seats_planned_seats_announced(steps):
    """Whatever happened before, a session's tables at its start hold who the planned seats
    said would sit there, and a seat said to be empty is empty."""
    t = _planned()
    subs = iter(f"s{n}" for n in range(99))
    for session, happenings in enumerate(steps, 1):
        foreseen = t.planned_seats(session)
        _start_from_plan(t)
        for number, seats in enumerate(foreseen, 1):
            table = t.table(session, number)
            assert table is not None
            assert [None if i in table.vacant else p for i, p in enumerate(table.seats)] == seats
        for kind, index in happenings:
            seated = [p for table in t.tables if table.session == session for p in table.seats]
            player = seated[index % len(seated)]
            rested = [s for s in t.subs if s.rest and s.rest_until is None]
            if kind == "dq" and player in t.players and player not in t.disqualified:
                t.disqualify(player, "misconduct", AT)
            elif kind == "rest" and player in t.players and player not in t.disqualified:
                t.substitute(player, next(subs), "ill-during", AT, rest=True)
            elif kind == "end" and rested:
                last = rested[-1]
                t.end_rest(last.out, last.sub, last.session)
        t.end_session()
