"""Joins, pure: the raid limit as written, what a count of recent joins says against it, the
challenge."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discipline.errors import InvalidArgument
from bot.discipline.joins import CHOICES, RaidRule, new_challenge

TOKEN = re.compile(r"[A-Za-z0-9_-]{16}")


def test_a_raid_limit_is_read_as_joins_in_seconds_or_off():
    assert RaidRule.read("10/60s") == RaidRule(10, 60) == RaidRule.read("10/60")
    assert RaidRule.read("10/60s").written() == "10/60s"
    assert RaidRule.read("off") is None and RaidRule.read("") is None
    for written in ("10", "1/60s", "10/0s", "10/60m", "x/y", "2000/60s"):
        with pytest.raises(InvalidArgument):
            RaidRule.read(written)


@given(
    st.integers(2, 6),
    st.integers(1, 30),
    st.lists(st.floats(0, 5, allow_nan=False), min_size=1, max_size=60),
)
def test_a_join_is_over_the_limit_exactly_when_more_than_the_limit_fall_in_its_window(
    joins, seconds, gaps
):
    """Given the joins within its window counted no further than ``enough``, the rule
    answers as a count of every join would."""
    rule = RaidRule(joins, seconds)
    seen: list[float] = []
    at = 0.0
    for gap in gaps:
        at += gap
        seen.append(at)
        within = [t for t in seen if t > rule.window_start(at)]
        assert within == [t for t in seen if t > at - seconds]
        counted = min(len(within), rule.enough)
        assert rule.exceeded_by(counted) == (len(within) > joins)


@given(st.integers(0, 2**32))
def test_a_challenge_has_one_right_button_among_distinct_numbers_and_tokens(seed):
    rng = random.Random(seed)
    challenge = new_challenge(rng, lambda: "".join(rng.choice("abcdefgh0123-_") for _ in range(16)))
    numbers = [n for n, _ in challenge.choices]
    tokens = [token for _, token in challenge.choices]
    assert len(challenge.choices) == CHOICES
    assert len(set(numbers)) == CHOICES and all(n > 0 for n in numbers)
    assert numbers.count(challenge.sum) == 1 and challenge.sum == challenge.first + challenge.second
    assert challenge.right == tokens[numbers.index(challenge.sum)]
    assert all(TOKEN.fullmatch(token) for token in tokens)
    shown = challenge.as_fields()
    assert challenge.right not in str({k: v for k, v in shown.items() if k != "choices"})
    assert [row["label"] for row in shown["choices"]] == [str(n) for n in numbers]  # type: ignore[index, union-attr]
