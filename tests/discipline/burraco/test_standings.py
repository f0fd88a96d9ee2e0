"""The three tallies and their order (RULES §1.5)."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.discipline.burraco.standings import TallyRow, ordered, tallies_of, tally_by_name
from bot.discipline.errors import InvalidArgument

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def row(name, points, matches, vp, minutes=0):
    return TallyRow(name, Fraction(points), matches, vp, T0 + timedelta(minutes=minutes))


def test_order_is_points_then_average_then_matches_then_earliest_last_result():
    rows = [
        row("late", 20, 2, 30, minutes=10),
        row("early", 20, 2, 30, minutes=5),
        row("more_matches", 20, 3, 45),
        row("better_average", 20, 2, 32),
        row("most_points", 21, 5, 40),
    ]
    assert [r.player for r in ordered(rows)] == [
        "most_points",
        "better_average",
        "more_matches",
        "early",
        "late",
    ]


def test_each_match_enters_its_standings_and_the_profile():
    assert tallies_of(True) == ("official", "profile")
    assert tallies_of(False) == ("training", "profile")


def test_tally_names():
    assert tally_by_name("all") == "profile"
    with pytest.raises(InvalidArgument):
        tally_by_name("weekly")


def test_a_row_accumulates():
    grown = row("a", 3, 1, 7).plus(Fraction(7, 2), 7, T0 + timedelta(hours=1))
    assert (grown.points, grown.matches, grown.average) == (Fraction(13, 2), 2, 7)
