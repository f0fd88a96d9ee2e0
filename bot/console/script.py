"""Reading replay scripts and console lines (CONSOLE.md, "Script format")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

# NAME, or NAME@CHAT: "dm" is NAME's private chat with the bot (CONSOLE.md, "One club")
_LINE = re.compile(r"^(?P<at>\S+)\s+(?P<name>[\w.-]+)(?:@(?P<chat>\w+))?:\s?(?P<text>.*)$")
_SPOKEN = re.compile(r"^(?P<name>[\w.-]+)(?:@(?P<chat>\w+))?:\s?(?P<text>.*)$")
CHATS = ("main", "dm")  # the chat of the script, and each speaker's private chat


class ScriptError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True)
class Said:
    line: int
    at: datetime | None
    name: str
    text: str
    chat: str = "main"

    @property
    def private(self) -> bool:
        return self.chat == "dm"


@dataclass(frozen=True)
class Directive:
    line: int
    name: str  # community, admins, until, join
    values: tuple[str, ...]


def parse_instant(text: str, zone: ZoneInfo) -> datetime:
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return value if value.tzinfo is not None else value.replace(tzinfo=zone)


def parse_line(number: int, raw: str, timed: bool = True) -> Said | Directive | None:
    line = raw.rstrip("\n").rstrip("\r")
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    if stripped.startswith("@"):
        head, *values = stripped[1:].split()
        if head not in ("community", "admins", "until", "join"):
            raise ScriptError(number, f"unknown directive @{head}")
        return Directive(number, head, tuple(values))
    if timed:
        match = _LINE.match(stripped)
        if not match:
            raise ScriptError(number, "expected 'TIMESTAMP NAME: TEXT'")
        at = _checked_instant(number, match["at"])
        return Said(number, at, match["name"], match["text"], _chat(number, match["chat"]))
    match = _SPOKEN.match(stripped)
    if not match:
        raise ScriptError(number, "expected 'NAME: TEXT'")
    return Said(number, None, match["name"], match["text"], _chat(number, match["chat"]))


def _chat(number: int, written: str | None) -> str:
    if written is None:
        return "main"
    if written not in CHATS:
        raise ScriptError(number, f"no chat {written!r} (a line is said in main, or NAME@dm)")
    return written


def _checked_instant(number: int, text: str) -> datetime:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ScriptError(number, f"not an ISO 8601 instant: {text!r}") from None


def settings_from(values: tuple[str, ...], number: int) -> dict[str, str]:
    settings = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep:
            raise ScriptError(number, f"expected key=value, got {item!r}")
        settings[key] = value
    return settings
