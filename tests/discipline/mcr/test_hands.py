"""A claimed hand read in the referees' notation and counted with MahjongGB (/hu)."""

import pytest

from bot.discipline.errors import InvalidArgument
from bot.discipline.mcr.hands import check_win_flags, parse_hand
from bot.mahjong import count_fan

# hands counted by hand from the MCR book: each fan at its published value, with the book's
# exclusions (a fan implied by a bigger one is not counted); one or more hands for each common fan
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
        # self-drawn and concealed by its nature: Fully Concealed Hand, not Self-Drawn
        {"thirteen-orphans": 88, "fully-concealed-hand": 4, "flower-tiles": 2},
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
    (("[222m][444p][666s]888s55p", "5p", {}), {"all-pungs": 6, "all-simples": 2, "single-wait": 1}),
    (("[222m][444p][666s]888s66p", "6p", {}), {"all-even-pungs": 24, "single-wait": 1}),
    (
        ("123456789s55s777z", "3s", {}),
        {"pure-straight": 16, "half-flush": 6, "dragon-pung": 2, "concealed-hand": 2,
         "edge-wait": 1},
    ),
    (
        ("[111z][222z]345m678p99s", "9s", {"seat": "S"}),
        {"prevalent-wind": 2, "seat-wind": 2, "single-wait": 1},
    ),
    (
        ("[555z][666z]77z123m456m", "6m", {}),
        {"little-three-dragons": 64, "half-flush": 6, "short-straight": 1},
    ),
    (("[555z][666z]123m456p99s", "9s", {}), {"two-dragons-pungs": 6, "single-wait": 1}),
    (("[234m][678p][666s]345s77z", "5s", {}), {"chicken-hand": 8}),
    (("[123m][456p][789s][234s]11z", "1z", {}), {"mixed-straight": 8, "melded-hand": 6}),
    (
        ("123m456p789s234s11z", "1z", {"self_drawn": True}),
        {"mixed-straight": 8, "fully-concealed-hand": 4, "single-wait": 1},
    ),
    (
        ("123m456p789s11z777z", "7z", {"self_drawn": True}),
        {"mixed-straight": 8, "all-types": 6, "fully-concealed-hand": 4, "dragon-pung": 2},
    ),
    (
        ("123m123m456p789s55p", "2m", {}),
        {"mixed-straight": 8, "concealed-hand": 2, "all-chows": 2, "pure-double-chow": 1,
         "closed-wait": 1},
    ),
    (
        ("[111p][234p][888s]345p99s", "9s", {}),
        {"reversible-tiles": 8, "pung-of-terminals-or-honors": 1, "no-honors": 1,
         "single-wait": 1},
    ),
    (
        ("[111m][999p][111z]999s77z", "7z", {}),
        {"all-terminals-and-honors": 32, "all-types": 6, "prevalent-wind": 2, "seat-wind": 2,
         "double-pung": 2, "single-wait": 1},
    ),
    (
        ("[111z][222z][333z]44z123m", "3m", {}),
        {"little-four-winds": 64, "half-flush": 6, "outside-hand": 4, "prevalent-wind": 2,
         "seat-wind": 2, "edge-wait": 1},
    ),
    (
        ("[111z][222z][333z]444z11m", "1m", {}),
        {"big-four-winds": 88, "all-terminals-and-honors": 32, "half-flush": 6,
         "single-wait": 1},
    ),
    (
        ("[111z][222z][333z]123m55p", "5p", {}),
        {"big-three-winds": 12, "prevalent-wind": 2, "seat-wind": 2, "one-voided-suit": 1,
         "single-wait": 1},
    ),
    (
        ("[234s][666s][888s]234s66z", "6z", {}),
        {"all-green": 88, "pure-double-chow": 1, "single-wait": 1},
    ),
    (("11223344556677p", "7p", {}), {"seven-shifted-pairs": 88}),
    (
        ("[111z][222z][555z]777z33z", "3z", {}),
        {"all-honors": 64, "two-dragons-pungs": 6, "prevalent-wind": 2, "seat-wind": 2,
         "single-wait": 1},
    ),
    (
        ("[234m][234m]234m567p88s", "8s", {}),
        {"pure-triple-chow": 24, "all-chows": 2, "all-simples": 2, "single-wait": 1},
    ),
    (
        ("[222m][333m][444m]678s55p", "5p", {}),
        {"pure-shifted-pungs": 24, "all-simples": 2, "single-wait": 1},
    ),
    (
        ("[444m][444p][444s]234s99m", "9m", {}),
        {"triple-pung": 16, "tile-hog": 2, "no-honors": 1, "single-wait": 1},
    ),
    (
        ("[234m][345p]456s678s22s", "2s", {}),
        {"mixed-shifted-chows": 6, "all-chows": 2, "all-simples": 2, "single-wait": 1},
    ),
    (
        ("[123m][789m]456p456s55z", "5z", {}),
        {"mixed-double-chow": 1, "two-terminal-chows": 1, "single-wait": 1},
    ),
    (
        ("[111z][555z]123m789m11m", "1m", {}),  # waits on 1m and 4m: no Single Wait
        {"half-flush": 6, "outside-hand": 4, "dragon-pung": 2, "prevalent-wind": 2,
         "seat-wind": 2, "two-terminal-chows": 1},
    ),
    (("147m25p39s1234567z", "7z", {}), {"greater-honors-and-knitted-tiles": 24}),
    (
        ("[345m][555p][456s]555s55m", "5m", {}),
        {"all-five": 16, "tile-hog": 2, "double-pung": 2, "single-wait": 1},
    ),
    (
        ("[666m][789p][678s]789s99p", "9p", {}),
        {"upper-four": 12, "mixed-double-chow": 1, "single-wait": 1},
    ),
    (
        ("[123m][234p][444s]123s11p", "1p", {}),
        {"lower-four": 12, "mixed-double-chow": 1, "single-wait": 1},
    ),
    (
        ("[123m][456p][789s]234s11z", "1z", {"self_drawn": True, "last_of_wall": True}),
        {"mixed-straight": 8, "last-tile-draw": 8, "single-wait": 1},
    ),
    (
        ("[123m][456p][7777s]234s11z", "1z", {"self_drawn": True, "kong": True}),
        {"out-with-replacement-tile": 8, "melded-kong": 1, "single-wait": 1},
    ),
    (
        ("[123m][456p][789s]23s99p1s", "1s", {"last_tile": True}),
        {"mixed-straight": 8, "last-tile": 4, "all-chows": 2, "mixed-double-chow": 1},
    ),
    (
        ("[5555z][6666z][7777z]123m99p", "9p", {}),
        {"big-three-dragons": 88, "three-kongs": 32, "outside-hand": 4, "one-voided-suit": 1,
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


def test_dots_and_bamboo_are_not_confused():
    """All Green is bamboo only: the same shapes in dots are an ordinary Half Flush."""
    bamboo = count_fan(parse_hand("[234s][666s][888s]234s66z", "6z"))
    dots = count_fan(parse_hand("[234p][666p][888p]234p66z", "6z"))
    assert bamboo is not None and dots is not None
    assert "all-green" in {fan.name for fan in bamboo}
    assert "all-green" not in {fan.name for fan in dots}


# ---- the notation's third edition: concealed kongs, spacing, case -------------------------
def test_braces_hold_a_concealed_kong_and_a_hand_has_one_tile_more_per_kong():
    hand = parse_hand("{5z5z5z5z}5m6m8s8s8s1p1p2p3p4p7m", "7m")
    [kong] = hand.melds
    assert kong.kind == "kong" and kong.concealed and len(kong.tiles) == 4
    counted = count_fan(hand, seat="E", prevalent="N")
    assert counted is not None
    assert {fan.name: fan.points for fan in counted} == {
        "dragon-pung": 2,
        "concealed-hand": 2,
        "two-concealed-pungs": 2,
        "concealed-kong": 2,
    }  # 8: the published total; read as melded it is 3 and no win
    melded = count_fan(parse_hand("[5z5z5z5z]5m6m8s8s8s1p1p2p3p4p7m", "7m"), prevalent="N")
    assert melded is not None and sum(fan.points for fan in melded) == 3


@pytest.mark.parametrize(
    ("hand", "code", "details"),
    [
        ("{555z}5m6m8s8s8s1p1p2p3p4p7m7m", "not_a_concealed_kong", {"meld": "{555z}"}),
        ("{123m}5m6m8s8s8s1p1p2p3p4p7m7m", "not_a_concealed_kong", {"meld": "{123m}"}),
        ("{5555z}5m6m8s8s8s1p1p2p3p4p7m7m", "hand_tile_count", {"tiles": 16, "expected": 15}),
        ("[5555z]{1111m}8s8s8s1p1p2p3p4p7m", "hand_tile_count", {"tiles": 17, "expected": 16}),
        ("{5555z", "hand_notation", {}),
        ("123m{5555z}456p789s11z", "hand_notation", {}),
        ("[124m]456p789s111z22z", "bad_meld", {"meld": "[124m]"}),
    ],
)
def test_a_malformed_kong_or_count_is_named(hand, code, details):
    with pytest.raises(InvalidArgument) as refused:
        parse_hand(hand, "7m")
    assert refused.value.code == code
    assert details.items() <= refused.value.details.items()


def test_upper_case_suits_and_spaces_between_groups_read_as_the_same_hand():
    assert parse_hand("[123M] [555Z] 456P 789s 11z", "1Z") == parse_hand(
        "[123m][555z]456p789s11z", "1z"
    )


# how the hand was won, against what it holds: (hand, winning tile, flags) → refusal's code
WON_HOW = [
    ("[123m][555z]456p789s11z", "4p", ("kong", "last_of_wall"), "impossible_flags"),
    ("[123m][555z]456p789s11z", "1z", ("self_drawn", "kong"), "replacement_without_kong"),
    ("[123m][555z]456p789s11z", "4p", ("self_drawn", "kong"), "replacement_without_kong"),
    ("[123m]{5z5z5z5z}456p789s11z", "4p", ("self_drawn", "kong"), None),
    ("[123m][5555z]456p789s11z", "4p", ("self_drawn", "kong"), None),
    ("[123m][555z]456p789s11z", "1z", ("kong",), "robbed_tile_held"),
    ("[234p][555z]456p789s11z", "4p", ("kong",), "robbed_tile_held"),
    ("[123m][555z]456p789s11z", "4p", ("kong",), None),
    ("[123m][555z]456p789s11z", "1z", ("last_tile",), "last_tile_held"),
    ("[123m][555z]456p789s11z", "1z", ("last_tile", "self_drawn"), "last_tile_held"),
    ("[123m][555z]456p789s11z", "4p", ("last_tile",), None),
    ("[444p][555z]345p789s11z", "4p", ("last_tile",), None),  # his own meld is in sight
    ("[123m][555z]456p789s11z", "1z", ("self_drawn",), None),
]


@pytest.mark.parametrize(("hand", "win", "flags", "code"), WON_HOW)
def test_a_way_of_winning_the_hand_cannot_be_is_named(hand, win, flags, code):
    given = dict.fromkeys(("self_drawn", "last_tile", "kong", "last_of_wall"), False)
    given |= dict.fromkeys(flags, True)
    if code is None:
        check_win_flags(parse_hand(hand, win), **given)
        return
    with pytest.raises(InvalidArgument) as refused:
        check_win_flags(parse_hand(hand, win), **given)
    assert refused.value.code == code
