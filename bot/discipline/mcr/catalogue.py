"""The catalogue of violations (RULES §2.8): what each kind brings, and where it comes from."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.errors import InvalidArgument

LADDER, DEAD_HAND, NONE, REFEREE_POINTS, DISQUALIFICATION = (
    "ladder",
    "dead_hand",
    "none",
    "referee_points",
    "disqualification",
)


@dataclass(frozen=True)
class Kind:
    slug: str
    consequence: str
    rule: str
    carries_over: bool = False
    note: str | None = None


VIOLATIONS: dict[str, Kind] = {
    k.slug: k
    for k in (
        Kind("info", LADDER, "000 2.3"),
        Kind("bad-meld", LADDER, "000 2.4.1"),
        Kind("changed-call", LADDER, "000 2.4.2"),
        Kind("call-word", LADDER, "000 2.4.3", note="for hu also a dead hand"),
        Kind("wrong-tile", LADDER, "000 2.5.2", note="tile not yet in hand"),
        Kind("took-before-expose", LADDER, "000 2.6.2", note="the action stands"),
        Kind("wrong-meld", LADDER, "000 2.6.4", note="noticed before the next discard"),
        Kind("knock", LADDER, "000 2.7"),
        Kind("wall", LADDER, "000 2.8.10"),
        Kind("delay", LADDER, "000 3.6", carries_over=True),
        Kind("obstruction", LADDER, "000 3.6", carries_over=True),
        Kind("other", REFEREE_POINTS, "000 3.4"),
        Kind("wrong-order", NONE, "000 2.5.1", note="play goes on in the right order"),
        Kind("accident", NONE, "000 2.7", note="own tiles or wall knocked over by accident"),
    )
}

DEAD_HANDS: dict[str, Kind] = {
    k.slug: k
    for k in (
        Kind("call-word", DEAD_HAND, "000 2.4.3"),
        Kind("wrong-tile", DEAD_HAND, "000 2.5.2", note="wall tile placed in hand"),
        Kind("early-expose", DEAD_HAND, "000 2.6.1", note="the call is lost"),
        Kind("late-take", DEAD_HAND, "000 2.6.3"),
        Kind("wrong-meld", DEAD_HAND, "000 2.6.4", note="noticed after the next discard"),
        Kind("counting", DEAD_HAND, "000 2.8.6"),
        Kind("revealed", DEAD_HAND, "000 2.8.9", note="revealed tiles discarded first"),
        Kind("false-hu", DEAD_HAND, "000 3.3"),
        Kind("other", DEAD_HAND, "000 3.2"),
    )
}

SERIOUS_MISCONDUCT = Kind("misconduct", DISQUALIFICATION, "000 3.5")


def violation(slug: str) -> Kind:
    try:
        return VIOLATIONS[slug]
    except KeyError:
        raise InvalidArgument("unknown_violation", kind=slug, allowed=tuple(VIOLATIONS)) from None


def dead_hand(slug: str) -> Kind:
    try:
        return DEAD_HANDS[slug]
    except KeyError:
        raise InvalidArgument("unknown_dead_hand", kind=slug, allowed=tuple(DEAD_HANDS)) from None
