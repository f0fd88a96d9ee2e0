"""Ranking points proportional to hands, abandonment outcome, averages (RULES §1.3, §1.4, §1.7)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from bot.discipline.burraco.vp import HAND_COUNTS, TOTAL_VP, VpTable
from bot.discipline.errors import InvalidArgument

REFERENCE_HANDS = 4
ABANDONER_VP_CAP = 7
VP_NO_HAND_FINISHED = 10


def check_vp(vp: int) -> int:
    if isinstance(vp, bool) or not isinstance(vp, int) or not 0 <= vp <= TOTAL_VP:
        raise InvalidArgument("vp_out_of_range", vp=vp, minimum=0, maximum=TOTAL_VP)
    return vp


def check_hands(hands: int) -> int:
    if hands not in HAND_COUNTS:
        raise InvalidArgument("hands_not_allowed", hands=hands, allowed=HAND_COUNTS)
    return hands


def check_vp_pair(first: int, second: int) -> tuple[int, int]:
    check_vp(first)
    check_vp(second)
    if first + second != TOTAL_VP:
        raise InvalidArgument("vp_not_summing_to_20", vp=(first, second), total=first + second)
    return first, second


def exact_points(vp: int, hands: int) -> Fraction:
    """VP × hands ÷ 4, unrounded (the abandoner's points, RULES §1.7)."""
    return Fraction(check_vp(vp) * check_hands(hands), REFERENCE_HANDS)


def ranking_points(vp: int, hands: int) -> int:
    """A finished match's ranking points: whole, an exact half going toward 10 (RULES §1.3)."""
    exact = exact_points(vp, hands)
    floor = math.floor(exact)
    remainder = exact - floor
    if remainder == Fraction(1, 2):
        return floor if vp > 10 else floor + 1
    return floor + 1 if remainder > Fraction(1, 2) else floor


@dataclass(frozen=True)
class AbandonerOutcome:
    vp: int
    points: Fraction


def abandoner_outcome(table: VpTable, difference: int | None) -> AbandonerOutcome:
    """VP kept by an abandoner: what the current MP difference (his side − the other) would
    give, 10 when no hand is finished, capped at 7; ranking points exact (RULES §1.7)."""
    accrued = VP_NO_HAND_FINISHED if difference is None else table.convert(difference)[0]
    vp = min(accrued, ABANDONER_VP_CAP)
    return AbandonerOutcome(vp, exact_points(vp, table.hands))


def average(vp_total: int, matches: int) -> Fraction:
    """The "Media": mean of true VP, no proportion to hands (RULES §1.4)."""
    if matches <= 0:
        return Fraction(0)
    return Fraction(vp_total, matches)
