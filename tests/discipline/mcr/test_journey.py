"""A player's tournament session by session (his phone page): played, playing, planned."""

from datetime import UTC, datetime
from fractions import Fraction

from bot.discipline.mcr.journey import journey
from bot.discipline.mcr.tournament import Tournament

AT = datetime(2026, 5, 1, 9, tzinfo=UTC)
PLAYERS = ["ann", "bea", "cid", "dan", "eva", "fay", "gus", "hal"]


def started() -> Tournament:
    tournament = Tournament.create("Cup", 3, AT)
    tournament.register(list(PLAYERS))
    tournament.draw_seating(AT, seed=5)
    tournament.start_session()
    for number, players in enumerate(tournament.planned_tables(1), 1):
        tournament.seat_planned(number, players, set())
    return tournament


def test_before_the_first_session_every_session_is_planned_as_drawn():
    tournament = Tournament.create("Cup", 3, AT)
    tournament.register(list(PLAYERS))
    tournament.draw_seating(AT, seed=5)
    stages = journey(tournament, "ann")
    assert [s.state for s in stages] == ["planned"] * 3
    for stage in stages:
        seats = tournament.planned_tables(stage.session)[stage.table - 1]
        assert seats["eswn".index(stage.wind)] == "ann"
        assert set(stage.opponents) == set(seats) - {"ann"}


def test_a_played_session_has_its_score_and_table_points_the_running_one_has_none():
    tournament = started()
    table = tournament.table_of("ann", 1)
    assert table is not None
    sheet = [30, 10, -10, -30]
    tournament.record_scores(table.number, sheet, AT)
    tournament.end_session()
    tournament.start_session()
    for number, players in enumerate(tournament.planned_tables(2), 1):
        tournament.seat_planned(number, players, set())
    first, second, third = journey(tournament, "ann")
    assert (first.state, second.state, third.state) == ("played", "playing", "planned")
    seat = table.seats.index("ann")
    assert first.score == sheet[seat]
    assert first.tp == {0: Fraction(4), 1: Fraction(2), 2: Fraction(1), 3: Fraction(0)}[seat]
    assert second.score is None and second.tp is None


def test_a_later_session_shows_the_substitute_for_the_rest_in_the_seat_and_nobody_disqualified():
    tournament = started()
    tournament.substitute("ann", "zed", "ill-during", AT, rest=True)
    tournament.disqualify("bea", "cheating", AT)
    assert journey(tournament, "ann") == []  # replaced now, and in every later session
    assert [s.session for s in journey(tournament, "bea")] == [1]
    later = [s for s in journey(tournament, "zed") if s.state == "planned"]
    assert [s.session for s in later] == [2, 3]
    for stage in later:
        seats = tournament.planned_tables(stage.session)[stage.table - 1]
        assert seats["eswn".index(stage.wind)] == "ann"  # ann's planned seat
        assert "bea" not in stage.opponents and "ann" not in stage.opponents
