"""Joins: the raid limit, what a chat's count of recent joins says against it, and the
challenge a new member answers to show he is a person.

Pure: instants, counts, randomness and tokens are passed in. The chat's recent joins are
counted in the database, by every process on it and across restarts (bot.storage.joins); what
else must outlive the process (a raid's end, a check's deadline, the right answer) is kept by
the command layer's timers.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from bot.discipline.errors import InvalidArgument

RAID_TIME = timedelta(minutes=30)  # an automatic raid lasts this long after its last join
GATHER = timedelta(seconds=5)  # joins this close together are greeted in one message
JOIN_CHECK = timedelta(minutes=5)  # a new member answers within this, or goes
CHOICES = 4  # the buttons of a challenge, one of them right
_RAID = re.compile(r"(\d{1,4})/(\d{1,5})s?")


@dataclass(frozen=True)
class RaidRule:
    """More than ``joins`` new members within any ``seconds`` is a raid."""

    joins: int
    seconds: int

    def written(self) -> str:
        return f"{self.joins}/{self.seconds}s"

    @classmethod
    def read(cls, text: str) -> RaidRule | None:
        """``10/60s`` (or ``10/60``); ``off`` (or nothing): no automatic raid."""
        if text.strip().lower() in ("off", ""):
            return None
        found = _RAID.fullmatch(text.strip().lower())
        if found is None:
            raise InvalidArgument("bad_raid_joins", got=text)
        rule = cls(int(found[1]), int(found[2]))
        if not 2 <= rule.joins <= 1000 or not 1 <= rule.seconds <= 3600:
            raise InvalidArgument("bad_raid_joins", got=text)
        return rule

    def window_start(self, at: float) -> float:
        """The instant (seconds since the epoch) after which a join counts with one at
        ``at``: the ``seconds`` before it."""
        return at - self.seconds

    @property
    def enough(self) -> int:
        """The joins worth counting in a window: beyond this many, the answer is the same."""
        return self.joins + 1

    def exceeded_by(self, recent: int) -> bool:
        """Whether a join goes over the limit, ``recent`` joins (itself among them) falling
        within its window. Unlike a flood, going over empties nothing: every join over the
        limit keeps the raid going."""
        return recent > self.joins


@dataclass(frozen=True)
class Challenge:
    """A sum to work out and the buttons offering answers: each button is named by a token
    of its own, so that the right one is known only to the bot (``right``)."""

    first: int
    second: int
    choices: tuple[tuple[int, str], ...]  # (the number a button shows, its token)
    right: str  # the token of the right answer

    @property
    def sum(self) -> int:
        return self.first + self.second

    def as_fields(self) -> dict[str, object]:
        """What the message shows: the sum and the buttons, never which one is right."""
        return {
            "first": self.first,
            "second": self.second,
            "choices": [{"label": str(n), "token": token} for n, token in self.choices],
        }


def new_challenge(rng: random.Random, token: Callable[[], str]) -> Challenge:
    """``a + b = ?`` with the sum and three near misses, shuffled."""
    first, second = rng.randint(2, 9), rng.randint(2, 9)
    answer = first + second
    wrong = rng.sample([n for n in range(answer - 3, answer + 4) if n not in (answer, 0)], 3)
    numbers = [answer, *wrong]
    rng.shuffle(numbers)
    choices = tuple((n, token()) for n in numbers)
    right = next(tok for n, tok in choices if n == answer)
    return Challenge(first, second, choices, right)


__all__ = [
    "CHOICES",
    "GATHER",
    "JOIN_CHECK",
    "RAID_TIME",
    "Challenge",
    "RaidRule",
    "new_challenge",
]
