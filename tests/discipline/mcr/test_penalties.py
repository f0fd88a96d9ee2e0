"""The ladder, lateness, false hu and the catalogue (RULES §2.3–2.8)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discipline.errors import InvalidArgument
from bot.discipline.mcr import catalogue
from bot.discipline.mcr.penalties import DEFAULT_LADDER, Ladder, false_hu_payment, lateness


@pytest.mark.parametrize(
    ("step", "points"), [(1, 0), (2, 5), (3, 10), (4, 20), (5, 30), (6, 40), (7, 50), (10, 80)]
)
def test_default_ladder(step, points):
    assert DEFAULT_LADDER.points(step) == points


def test_the_ladder_is_configurable():
    ladder = Ladder(steps=(0, 10, 20), increment=20)
    assert [ladder.points(s) for s in range(1, 6)] == [0, 10, 20, 40, 60]
    with pytest.raises(InvalidArgument):
        Ladder(steps=(0, 10, 5))
    with pytest.raises(InvalidArgument):
        Ladder(steps=(0, 5), increment=-1)


@given(st.integers(1, 500), st.integers(0, 50))
def test_the_ladder_never_goes_down(step, further):
    assert DEFAULT_LADDER.points(step + further) >= DEFAULT_LADDER.points(step)


@pytest.mark.parametrize("bad", [0, -1, True])
def test_ladder_steps_start_at_one(bad):
    with pytest.raises(InvalidArgument):
        DEFAULT_LADDER.points(bad)


@pytest.mark.parametrize(
    ("minutes", "points", "disqualified"),
    [
        (1, 10, False),
        (9, 10, False),
        (10, 20, False),
        (15, 20, False),
        (16, 0, True),
        (120, 0, True),
    ],
)
def test_lateness_bands(minutes, points, disqualified):
    verdict = lateness(minutes)
    assert (verdict.points, verdict.disqualified) == (points, disqualified)


@pytest.mark.parametrize("bad", [0, -5])
def test_negative_or_zero_minutes_are_refused(bad):
    with pytest.raises(InvalidArgument) as error:
        lateness(bad)
    assert error.value.code == "minutes_not_positive"


def test_false_hu_payments():
    assert false_hu_payment("under8", True) == 10
    assert false_hu_payment("invalid", True) == 20
    assert false_hu_payment("invalid", False) == 0
    with pytest.raises(InvalidArgument):
        false_hu_payment("fake", True)


def test_catalogue_kinds_cite_their_paragraphs():
    assert catalogue.violation("delay").carries_over
    assert catalogue.violation("obstruction").carries_over
    assert not catalogue.violation("info").carries_over
    assert catalogue.violation("other").consequence == catalogue.REFEREE_POINTS
    assert catalogue.dead_hand("counting").rule == "000 2.8.6"
    for kind in list(catalogue.VIOLATIONS.values()) + list(catalogue.DEAD_HANDS.values()):
        assert kind.rule.startswith("000 ")
    with pytest.raises(InvalidArgument):
        catalogue.violation("cheating")
    with pytest.raises(InvalidArgument):
        catalogue.dead_hand("cheating")
