"""A claimed hand read in the referees' notation and counted with MahjongGB (/hu)."""

import pytest

from bot.discipline.errors import InvalidArgument
from bot.discipline.mcr.hands import parse_hand
from bot.mahjong import count_fan

# hands whose fan are those of the MCR book (fan, points), the fan of each summed
COUNTED = [
    (  # CONSOLE.md's own example
        ("[123m][555z]456p789s11z", "1z", {}),
        {"mixed-straight": 8, "all-types": 6, "dragon-pung": 2, "single-wait": 1},
    ),
    (
        ("123m456m789m123p55s", "5s", {}),
        {"pure-straight": 16, "concealed-hand": 2, "all-chows": 2, "mixed-double-chow": 1,
         "single-wait": 1},
    ),
    (
        ("123m123p123s456m77z", "7z", {}),
        {"mixed-triple-chow": 8, "concealed-hand": 2, "short-straight": 1, "single-wait": 1},
    ),
    (("11m33m55p77p99s11z22z", "2z", {}), {"seven-pairs": 24}),
    (
        ("19m19p19s12345677z", "7z", {"self_drawn": True, "flowers": 2}),
        {"thirteen-orphans": 88, "self-drawn": 1, "flower-tiles": 2},
    ),
    (
        ("147m258p369s12345z", "5z", {}),
        {"lesser-honors-and-knitted-tiles": 12, "knitted-straight": 12},
    ),
    (
        ("147m258p369s123m55z", "5z", {}),
        {"knitted-straight": 12, "concealed-hand": 2, "single-wait": 1},
    ),
    (
        ("[555z][666z][777z]123m99p", "9p", {}),
        {"big-three-dragons": 88, "outside-hand": 4, "one-voided-suit": 1, "single-wait": 1},
    ),
    (
        ("123m234m345m456m99m", "9m", {}),
        {"four-pure-shifted-chows": 32, "full-flush": 24, "concealed-hand": 2, "all-chows": 2,
         "single-wait": 1},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "fans"), COUNTED)
def test_published_hands_count_as_the_book_says(hand, fans):
    tiles, win, options = hand
    counted = count_fan(parse_hand(tiles, win), **options)
    assert counted is not None
    assert {fan.name: fan.points for fan in counted} == fans


def test_tiles_that_make_no_winning_hand_count_nothing():
    assert count_fan(parse_hand("123m456p789s11234z", "4z")) is None


@pytest.mark.parametrize(
    ("hand", "win", "code"),
    [
        ("123m456p789s1122z", "2z", "hand_tile_count"),  # 13 tiles
        ("11111m456p789s111z", "1z", "fifth_tile"),
        ("123m456p789s11x22z", "2z", "unknown_tile"),
        ("123m456p789s118z", "8z", "unknown_tile"),  # there is no eighth honour
        ("[124m]456p789s11222z", "2z", "bad_meld"),
        ("[123m456p789s11z", "1z", "hand_notation"),
        ("123m456p789s11222z", "3z", "win_not_in_hand"),
    ],
)
def test_a_malformed_hand_is_refused_with_what_is_wrong(hand, win, code):
    with pytest.raises(InvalidArgument) as refused:
        parse_hand(hand, win)
    assert refused.value.code == code
