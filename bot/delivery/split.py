"""Long texts cut to a platform's limits: at line breaks where possible, never losing a
word, so that 300 standings rows arrive as several whole messages."""

from __future__ import annotations


def split_text(text: str, limit: int, first_limit: int | None = None) -> list[str]:
    """``text`` in parts of at most ``limit`` characters (the first at most ``first_limit``,
    a picture's caption). Cuts fall on line breaks, else on spaces, else anywhere; only the
    line break or space cut at is dropped."""
    if limit < 1 or (first_limit is not None and first_limit < 1):
        raise ValueError("limits must be positive")
    parts: list[str] = []
    rest = text
    room = first_limit if first_limit is not None else limit
    while len(rest) > room:
        end, start = _cut(rest, room)
        parts.append(rest[:end])
        rest = rest[start:]
        room = limit
    parts.append(rest)
    return parts


def _cut(text: str, room: int) -> tuple[int, int]:
    """(end of this part, start of the next) for a part of at most ``room`` characters."""
    window = text[: room + 1]
    for separator in ("\n", " "):
        at = window.rfind(separator)
        if at > room // 3:  # a break late enough not to waste most of the part
            return at, at + 1
    return room, room


__all__ = ["split_text"]
