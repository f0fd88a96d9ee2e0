"""Long texts cut to a platform's limits: at line breaks where possible, never losing a
word, so that 300 standings rows arrive as several whole messages. Lengths are counted as
the platform counts them (Telegram: UTF-16 code units, where a character outside the Basic
Multilingual Plane, an emoji or a Gothic letter, counts two)."""

from __future__ import annotations

from collections.abc import Callable

Measure = Callable[[str], int]


def utf16_length(text: str) -> int:
    """The text's length in UTF-16 code units, as Telegram and JavaScript count it."""
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def utf16_prefix(text: str, room: int) -> str:
    """The longest start of ``text`` within ``room`` UTF-16 code units (never half a
    character)."""
    units = 0
    for index, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > room:
            return text[:index]
    return text


def split_text(
    text: str, limit: int, first_limit: int | None = None, measure: Measure = len
) -> list[str]:
    """``text`` in parts of at most ``limit`` units of ``measure`` (the first at most
    ``first_limit``, a picture's caption). Cuts fall on line breaks, else on spaces, else
    anywhere; only the line break or space cut at is dropped."""
    if limit < 1 or (first_limit is not None and first_limit < 1):
        raise ValueError("limits must be positive")
    parts: list[str] = []
    rest = text
    room = first_limit if first_limit is not None else limit
    while measure(rest) > room:
        end, start = _cut(rest, _fitting(rest, room, measure))
        parts.append(rest[:end])
        rest = rest[start:]
        room = limit
    parts.append(rest)
    return parts


def _fitting(text: str, room: int, measure: Measure) -> int:
    """How many characters of ``text`` fit in ``room`` units (at least one)."""
    if measure is len:
        return room
    if measure is utf16_length:
        return max(1, len(utf16_prefix(text, room)))
    low, high = 1, min(len(text), room)  # any measure counting each character at least once
    while low < high:
        middle = (low + high + 1) // 2
        if measure(text[:middle]) <= room:
            low = middle
        else:
            high = middle - 1
    return low


def _cut(text: str, room: int) -> tuple[int, int]:
    """(end of this part, start of the next) for a part of at most ``room`` characters."""
    window = text[: room + 1]
    for separator in ("\n", " "):
        at = window.rfind(separator)
        if at > room // 3:  # a break late enough not to waste most of the part
            return at, at + 1
    return room, room


__all__ = ["Measure", "split_text", "utf16_length", "utf16_prefix"]
