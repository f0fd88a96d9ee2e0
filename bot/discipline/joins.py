"""Joins: the raid limit, the watch counting a chat's recent joins, and the challenge a new
member answers to show he is a person.

Pure: instants, randomness and tokens are passed in. The watch lives in memory, as the flood
watch does (one process serves a chat's updates in order); what must outlive the process (a
raid's end, a check's deadline, the right answer) is kept by the command layer's timers.
"""

from __future__ import annotations

import random
import re
from collections import deque
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


class JoinWatch:
    """Each chat's recent joins: whether one more goes over the chat's raid rule. Unlike a
    flood, the count is not emptied when it goes over: every join over the limit keeps the
    raid going."""

    KEPT = 10_000  # chats watched at once; the quietest are forgotten first

    def __init__(self) -> None:
        self._seen: dict[int, deque[float]] = {}

    def over(self, chat: int, at: float, rule: RaidRule) -> bool:
        recent = self._seen.get(chat)
        if recent is None:
            if len(self._seen) >= self.KEPT:
                quietest = min(self._seen, key=lambda c: self._seen[c][-1] if self._seen[c] else 0)
                del self._seen[quietest]
            recent = self._seen[chat] = deque()
        recent.append(at)
        while recent and recent[0] <= at - rule.seconds:
            recent.popleft()
        while len(recent) > rule.joins + 1:  # enough kept to tell the next one
            recent.popleft()
        return len(recent) > rule.joins


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
    "JoinWatch",
    "RaidRule",
    "new_challenge",
]
