"""Victory Point tables (RULES §1.2): every band limit, every sign, every malformed file."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discipline.burraco.vp import parse_table_set
from bot.discipline.errors import InvalidArgument, InvalidTable
from bot.rulesets import bundled_tables

# Transcribed from RULES.md §1.2, independently of the data files: the upper bound of each
# band from 10-10 to 19-1; above the last one is 20-0.
SPEC_BOUNDS = {
    2: [40, 120, 200, 300, 400, 500, 620, 740, 870, 1000],
    3: [50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500],
    4: [100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000],
}
LIMITS = [
    (ruleset, hands, band, bound)
    for ruleset in ("fibur", "fitab")
    for hands, bounds in SPEC_BOUNDS.items()
    for band, bound in enumerate(bounds)
]


@pytest.mark.parametrize(("ruleset", "hands", "band", "bound"), LIMITS)
def test_each_band_limit_belongs_to_its_band_and_the_next_value_to_the_next(
    ruleset, hands, band, bound
):
    table = bundled_tables(ruleset).table(hands)
    assert table.convert(bound) == (10 + band, 10 - band)
    assert table.convert(bound + 1) == (11 + band, 9 - band)
    assert table.convert(-bound) == (10 - band, 10 + band)
    assert table.convert(-(bound + 1)) == (9 - band, 11 + band)


@pytest.mark.parametrize("hands", [2, 3, 4])
def test_zero_difference_is_a_draw_and_one_point_is_still_a_draw(hands):
    table = bundled_tables("fibur").table(hands)
    assert table.convert(0) == (10, 10)
    assert table.convert(1) == (10, 10)
    assert table.convert(-1) == (10, 10)


def test_differences_need_not_be_multiples_of_five():
    table = bundled_tables("fibur").table(3)
    assert table.convert(52) == (11, 9)  # the RULES example: 0–50, 55–150
    assert table.convert(-52) == (9, 11)
    assert table.convert(1501) == (20, 0)
    assert table.convert(10**9) == (20, 0)


def test_fitab_is_provisional_and_says_so_fibur_is_not():
    fitab, fibur = bundled_tables("fitab"), bundled_tables("fibur")
    assert fitab.provisional and all(t.provisional for t in fitab.tables.values())
    assert "PROVISIONAL" in fitab.provenance
    assert not fibur.provisional
    assert "Codice di Gara" in fibur.provenance


def test_unknown_ruleset_and_hand_count_are_named():
    with pytest.raises(InvalidArgument) as error:
        bundled_tables("bridge")
    assert error.value.code == "unknown_ruleset"
    with pytest.raises(InvalidArgument) as error:
        bundled_tables("fibur").table(5)
    assert error.value.code == "hands_not_allowed" and error.value.details["hands"] == 5


def test_difference_must_be_an_integer():
    with pytest.raises(InvalidArgument):
        bundled_tables("fibur").table(2).convert(1.5)  # type: ignore[arg-type]


@given(
    st.sampled_from(["fibur", "fitab"]),
    st.sampled_from([2, 3, 4]),
    st.integers(-(10**6), 10**6),
    st.integers(0, 10**4),
)
def test_vp_always_sum_to_20_and_grow_with_the_difference(ruleset, hands, difference, step):
    table = bundled_tables(ruleset).table(hands)
    first = table.convert(difference)
    assert sum(first) == 20
    assert table.convert(difference + step)[0] >= first[0]
    assert table.convert(-difference) == (first[1], first[0])


GOOD = """
ruleset = "fibur"
provisional = false
provenance = "test"
[hands.2]
rows = [[10, 10, 40], [11, 9, 120], [12, 8, 200], [13, 7, 300], [14, 6, 400], [15, 5, 500],
        [16, 4, 620], [17, 3, 740], [18, 2, 870], [19, 1, 1000], [20, 0]]
"""


def test_a_well_formed_file_loads():
    assert parse_table_set(GOOD).table(2).convert(41) == (11, 9)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (("[11, 9, 120]", "[11, 8, 120]"), "vp_not_summing_to_20"),
        (("[12, 8, 200]", "[12, 8, 100]"), "bands_not_increasing"),
        (("[12, 8, 200], ", ""), "vp_not_consecutive"),
        (("[10, 10, 40], ", ""), "first_band_not_10_10"),
        (("[13, 7, 300]", "[13, 7]"), "malformed_band"),
        (("[20, 0]", "[20, 0, 2000]"), "last_band_not_20_0"),
        (("[19, 1, 1000], [20, 0]", "[19, 1, 1000]"), "last_band_not_20_0"),
        (('ruleset = "fibur"', 'ruleset = "bridge"'), "unknown_ruleset"),
        (("provisional = false", ""), "provisional_flag_missing"),
        (('provenance = "test"', ""), "provenance_missing"),
        (("[hands.2]", "[hands.5]"), "hands_not_allowed"),
        (("rows = [[", "rows = [[["), "not_toml"),
    ],
)
def test_malformed_files_are_refused_with_what_is_wrong(change, code):
    with pytest.raises(InvalidTable) as error:
        parse_table_set(GOOD.replace(*change))
    assert error.value.code == code


def test_first_band_cannot_end_below_zero():
    with pytest.raises(InvalidTable) as error:
        parse_table_set(GOOD.replace("[10, 10, 40]", "[10, 10, -5]"))
    assert error.value.code == "first_band_negative"
