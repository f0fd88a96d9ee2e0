"""The penalty ladder, lateness, false hu and the fixed penalties (RULES §2.3–2.7)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.errors import InvalidArgument


@dataclass(frozen=True)
class Ladder:
    """warning → 5 → 10 → 20 → 30 → then +``increment`` a step (RULES §2.3, configurable)."""

    steps: tuple[int, ...] = (0, 5, 10, 20, 30)
    increment: int = 10

    def __post_init__(self) -> None:
        if not self.steps or any(b < a for a, b in zip(self.steps, self.steps[1:], strict=False)):
            raise InvalidArgument("ladder_not_monotonic", steps=self.steps)
        if self.increment < 0 or any(s < 0 for s in self.steps):
            raise InvalidArgument("ladder_negative", steps=self.steps, increment=self.increment)

    def points(self, step: int) -> int:
        """Points deducted at ``step`` (1 is the warning, worth 0 by default)."""
        if isinstance(step, bool) or not isinstance(step, int) or step < 1:
            raise InvalidArgument("ladder_step_invalid", step=step)
        if step <= len(self.steps):
            return self.steps[step - 1]
        return self.steps[-1] + (step - len(self.steps)) * self.increment


DEFAULT_LADDER = Ladder()

LATE_SMALL, LATE_LARGE = 10, 20
LATE_SMALL_UNDER, LATE_LARGE_UP_TO = 10, 15


@dataclass(frozen=True)
class Lateness:
    minutes: int
    points: int
    disqualified: bool


def lateness(minutes: int) -> Lateness:
    """Under 10 minutes: 10; 10 to 15: 20; more than 15: disqualified for the session [000 2.2]."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes <= 0:
        raise InvalidArgument("minutes_not_positive", minutes=minutes)
    if minutes < LATE_SMALL_UNDER:
        return Lateness(minutes, LATE_SMALL, False)
    if minutes <= LATE_LARGE_UP_TO:
        return Lateness(minutes, LATE_LARGE, False)
    return Lateness(minutes, 0, True)


UNDER8, INVALID = "under8", "invalid"
FALSE_HU_VARIANTS = (UNDER8, INVALID)
FALSE_HU_PAYMENT = {UNDER8: 10, INVALID: 20}


def false_hu_payment(variant: str, exposed: bool) -> int:
    """What a false hu pays to **each** other player [000 2.9, 3.3]; concealed pays nothing."""
    if variant not in FALSE_HU_VARIANTS:
        raise InvalidArgument("unknown_false_hu", variant=variant, allowed=FALSE_HU_VARIANTS)
    return FALSE_HU_PAYMENT[variant] if exposed else 0


FORGOTTEN_WINNING_TILE = 10  # [000 2.8.7], deducted, paid to nobody
