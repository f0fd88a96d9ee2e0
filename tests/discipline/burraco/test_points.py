"""Ranking points, the abandoner's outcome and the average (RULES §1.3, §1.4, §1.7)."""

from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discipline.burraco.points import (
    abandoner_outcome,
    average,
    check_vp_pair,
    exact_points,
    ranking_points,
)
from bot.discipline.errors import InvalidArgument
from bot.rulesets import bundled_tables


def toward_ten(vp: int, hands: int) -> int:
    """An independent reading of the rounding rule, with Decimal's rounding modes."""
    value = Decimal(vp * hands) / Decimal(4)
    mode = ROUND_HALF_DOWN if vp > 10 else ROUND_HALF_UP
    return int(value.quantize(Decimal(1), rounding=mode))


@pytest.mark.parametrize("hands", [2, 3, 4])
@pytest.mark.parametrize("vp", range(21))
def test_every_vp_on_every_hand_count_rounds_toward_ten(vp, hands):
    assert ranking_points(vp, hands) == toward_ten(vp, hands)


@pytest.mark.parametrize(
    ("vp", "hands", "points"),
    [
        (13, 2, 6),
        (7, 2, 4),
        (14, 3, 10),
        (6, 3, 5),
        (10, 3, 8),
        (20, 3, 15),
        (0, 3, 0),
        (20, 2, 10),
        (0, 2, 0),
        (20, 4, 20),
    ],
)
def test_the_seeds_own_examples(vp, hands, points):
    assert ranking_points(vp, hands) == points


def test_quarters_go_to_the_nearest_integer():
    assert exact_points(11, 3) == Fraction(33, 4) and ranking_points(11, 3) == 8
    assert exact_points(9, 3) == Fraction(27, 4) and ranking_points(9, 3) == 7
    assert exact_points(13, 3) == Fraction(39, 4) and ranking_points(13, 3) == 10


@given(st.integers(0, 20), st.sampled_from([2, 3, 4]))
def test_ranking_points_are_within_half_a_point_of_the_exact_weight(vp, hands):
    assert abs(ranking_points(vp, hands) - Fraction(vp * hands, 4)) <= Fraction(1, 2)


@given(st.integers(0, 20), st.sampled_from([2, 3, 4]))
def test_the_two_sides_points_stay_within_one_point_of_the_match_weight(vp, hands):
    # halves round toward 10 on both sides, so 10-10 on 3 hands gives 8 + 8 (seed example)
    assert abs(ranking_points(vp, hands) + ranking_points(20 - vp, hands) - 5 * hands) <= 1


@pytest.mark.parametrize("bad", [-1, 21, 1.5, True])
def test_vp_out_of_range_is_named(bad):
    with pytest.raises(InvalidArgument) as error:
        ranking_points(bad, 2)
    assert error.value.code == "vp_out_of_range"


def test_five_hands_is_refused():
    with pytest.raises(InvalidArgument) as error:
        ranking_points(10, 5)
    assert error.value.code == "hands_not_allowed"


def test_a_pair_not_summing_to_20_is_refused():
    with pytest.raises(InvalidArgument) as error:
        check_vp_pair(12, 9)
    assert error.value.code == "vp_not_summing_to_20" and error.value.details["total"] == 21


@pytest.mark.parametrize(("hands", "points"), [(4, 7), (3, Fraction(21, 4)), (2, Fraction(7, 2))])
def test_abandoner_keeps_at_most_seven_vp_weighed_exactly(hands, points):
    outcome = abandoner_outcome(bundled_tables("fibur").table(hands), None)
    assert outcome.vp == 7
    assert outcome.points == points


def test_abandoner_keeps_fewer_vp_when_losing():
    table = bundled_tables("fibur").table(2)
    assert abandoner_outcome(table, -450).vp == 5  # 15-5 for the other side
    assert abandoner_outcome(table, 0).vp == 7  # a level match is 10, capped
    assert abandoner_outcome(table, 2000).vp == 7  # winning big still caps at 7
    assert abandoner_outcome(table, -5000).vp == 0


def test_average_is_on_true_vp_without_proportion():
    assert average(20 + 10, 2) == 15
    assert average(0, 0) == 0
