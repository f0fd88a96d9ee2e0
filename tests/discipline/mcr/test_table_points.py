"""Table points 4/2/1/0 with ties and forced zeros (RULES §2.2, §2.9)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discipline.errors import InvalidArgument
from bot.discipline.mcr.table_points import table_points

F = Fraction


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ({"a": 40, "b": 10, "c": -20, "d": -30}, {"a": 4, "b": 2, "c": 1, "d": 0}),
        ({"a": 40, "b": 40, "c": -20, "d": -60}, {"a": 3, "b": 3, "c": 1, "d": 0}),
        ({"a": 40, "b": 0, "c": 0, "d": -40}, {"a": 4, "b": F(3, 2), "c": F(3, 2), "d": 0}),
        ({"a": 40, "b": 0, "c": -20, "d": -20}, {"a": 4, "b": 2, "c": F(1, 2), "d": F(1, 2)}),
        ({"a": 10, "b": 10, "c": 10, "d": -30}, {"a": F(7, 3), "b": F(7, 3), "c": F(7, 3), "d": 0}),
        ({"a": 30, "b": -10, "c": -10, "d": -10}, {"a": 4, "b": 1, "c": 1, "d": 1}),
        (
            {"a": 0, "b": 0, "c": 0, "d": 0},
            {"a": F(7, 4), "b": F(7, 4), "c": F(7, 4), "d": F(7, 4)},
        ),
    ],
)
def test_ties_share_the_points_of_the_places_they_occupy(scores, expected):
    assert table_points(scores) == expected


def test_forced_zero_seat_and_the_others_placed_among_themselves():
    scores = {"a": -50, "b": 10, "c": 10, "sub": 30}
    assert table_points(scores, {"sub"}) == {"a": 1, "b": 3, "c": 3, "sub": 0}


def test_forced_zero_with_a_three_way_tie():
    scores = {"a": 0, "b": 0, "c": 0, "sub": 100}
    assert table_points(scores, {"sub"}) == {"a": F(7, 3), "b": F(7, 3), "c": F(7, 3), "sub": 0}


def test_two_forced_zero_seats_leave_4_and_2():
    scores = {"a": 10, "b": 5, "s1": 50, "s2": 60}
    assert table_points(scores, {"s1", "s2"}) == {"a": 4, "b": 2, "s1": 0, "s2": 0}


def test_a_fifth_seat_or_an_unknown_forced_seat_is_refused():
    with pytest.raises(InvalidArgument) as error:
        table_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5})
    assert error.value.code == "table_needs_four"
    with pytest.raises(InvalidArgument):
        table_points({"a": 1, "b": 2, "c": 3, "d": 4}, {"z"})


@given(
    st.lists(st.integers(-200, 200), min_size=4, max_size=4),
    st.sampled_from([None, "a", "b", "c", "d"]),
)
def test_table_points_sum_to_seven_also_with_a_forced_zero(values, forced):
    scores = dict(zip("abcd", values, strict=True))
    result = table_points(scores, {forced} if forced else set())
    assert sum(result.values()) == 7
    if forced:
        assert result[forced] == 0


@given(st.lists(st.integers(-200, 200), min_size=4, max_size=4))
def test_a_higher_score_never_gets_fewer_points(values):
    scores = dict(zip("abcd", values, strict=True))
    result = table_points(scores)
    for x in scores:
        for y in scores:
            if scores[x] > scores[y]:
                assert result[x] > result[y]
            if scores[x] == scores[y]:
                assert result[x] == result[y]
