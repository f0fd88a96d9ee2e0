"""The flood watch, pure: the chat's limit at its edges, one measure a burst, chats apart."""

from __future__ import annotations

import pytest

from bot.discipline.errors import InvalidArgument
from bot.discipline.flood import FloodRule, FloodWatch

RULE = FloodRule(3, 10)


def test_the_fourth_message_within_ten_seconds_is_over_and_the_count_starts_again():
    watch = FloodWatch()
    assert [watch.over(1, "bob", at, RULE) for at in (0.0, 1.0, 2.0, 3.0)] == [
        False,
        False,
        False,
        True,
    ]
    assert [watch.over(1, "bob", at, RULE) for at in (4.0, 5.0, 6.0)] == [False] * 3


def test_a_message_exactly_the_window_later_no_longer_counts_the_first():
    watch = FloodWatch()
    for at in (0.0, 1.0, 2.0):
        watch.over(1, "bob", at, RULE)
    assert not watch.over(1, "bob", 10.0, RULE)  # the one at 0 s is out of (0, 10]
    assert watch.over(1, "bob", 10.5, RULE)


def test_members_and_chats_are_counted_apart():
    watch = FloodWatch()
    said = [watch.over(chat, who, 0.1 * n, RULE) for n, (chat, who) in enumerate(
        [(1, "bob"), (2, "bob"), (1, "ann"), (1, "bob"), (2, "bob"), (1, "ann"), (1, "bob")]
    )]  # fmt: skip
    assert not any(said)


def test_the_pictures_of_one_album_count_as_one_message():
    watch = FloodWatch()
    album = [watch.over(1, "bob", 0.1 * n, RULE, album="a1") for n in range(10)]
    assert not any(album)  # ten pictures, one post
    assert [watch.over(1, "bob", at, RULE) for at in (2.0, 3.0, 4.0)] == [False, False, True]


def test_albums_of_their_own_count_each_and_apart_for_each_member():
    watch = FloodWatch()
    said = [watch.over(1, "bob", 0.1 * n, RULE, album=f"a{n}") for n in range(4)]
    assert said == [False, False, False, True]  # four posts, each an album
    assert not watch.over(1, "ann", 1.0, RULE, album="a3")  # his album is not hers


def test_idle_members_are_forgotten_when_the_watch_is_full():
    watch = FloodWatch()
    watch.KEPT = 3
    for n in range(3):
        watch.over(1, f"m{n}", 0.0, RULE)
    watch.over(1, "late", 700.0, RULE)
    assert set(watch._seen) == {(1, "late")}


def test_a_forgotten_member_s_album_is_forgotten_with_him():
    watch = FloodWatch()
    watch.KEPT = 1
    watch.over(1, "bob", 0.0, RULE, album="a1")
    watch.over(1, "late", 700.0, RULE)
    assert (1, "bob") not in watch._albums


@pytest.mark.parametrize("written", ["5", "1/10", "5/0", "101/10", "5/601", "a/b", "5/10/2"])
def test_a_limit_that_cannot_hold_is_refused(written):
    with pytest.raises(InvalidArgument):
        FloodRule.read(written)


def test_off_is_no_limit():
    assert FloodRule.read("off") is None and FloodRule.read("5/10") == FloodRule(5, 10)
