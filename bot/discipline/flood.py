"""Flood: a member who writes more messages than the chat allows in a few seconds. The rule
is the chat's setting; the watch keeps each member's last instants in memory, so that a
message costs a few operations and no read (CONSOLE.md, "Chat moderation")."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from bot.discipline.errors import InvalidArgument


@dataclass(frozen=True)
class FloodRule:
    """At most ``messages`` in any ``seconds``."""

    messages: int
    seconds: int

    def written(self) -> str:
        return f"{self.messages}/{self.seconds}"

    def exceeded_by(self, count: int) -> bool:
        """Whether ``count`` messages within the window are more than the rule allows."""
        return count > self.messages

    @classmethod
    def read(cls, text: str) -> FloodRule | None:
        """``5/10``: five messages in ten seconds at most; ``off``: no flood check."""
        if text.strip().lower() in ("off", ""):
            return None
        messages, slash, seconds = text.strip().partition("/")
        if not slash or not messages.isdigit() or not seconds.isdigit():
            raise InvalidArgument("bad_flood", got=text)
        rule = cls(int(messages), int(seconds))
        if not 2 <= rule.messages <= 100 or not 1 <= rule.seconds <= 600:
            raise InvalidArgument("bad_flood", got=text)
        return rule


class FloodWatch:
    """Each member's recent messages, by (chat, member): whether one goes over the rule.
    Going over empties his count: one measure a burst. The pictures of one album (sent
    together, as one post) count as one message."""

    KEPT = 50_000  # members watched at once; the idle ones are forgotten first

    def __init__(self) -> None:
        self._seen: dict[tuple[int, str], deque[float]] = {}
        self._albums: dict[tuple[int, str], str] = {}  # the album each member posted last

    def over(
        self, chat: int, member: str, at: float, rule: FloodRule, album: str | None = None
    ) -> bool:
        key = (chat, member)
        if album is not None:
            if self._albums.get(key) == album:
                return False  # another picture of the post already counted
            self._albums[key] = album
        recent = self._seen.get(key)
        if recent is None:
            if len(self._seen) >= self.KEPT:
                self._forget(at)
            recent = self._seen[key] = deque()
        recent.append(at)
        while recent and recent[0] <= at - rule.seconds:
            recent.popleft()
        if rule.exceeded_by(len(recent)):
            recent.clear()
            return True
        return False

    def _forget(self, at: float) -> None:
        """Drop the members who wrote nothing in the last ten minutes (the longest window)."""
        idle = [key for key, recent in self._seen.items() if not recent or recent[-1] < at - 600]
        for key in idle:
            del self._seen[key]
            self._albums.pop(key, None)


__all__ = ["FloodRule", "FloodWatch"]
