"""Logging that never shows a secret: every line (tracebacks and third-party libraries'
lines, such as httpx printing the Telegram URL, included) has the tokens blotted out."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

HIDDEN = "[token hidden]"
SHORTEST = 8  # a shorter value is no secret worth hiding (and would blot out common words)
# every secret the process knows, given or made while it runs, the longest first (a secret
# containing another is hidden whole): one list for every formatter
_SECRETS: list[str] = []


def hide(*secrets: str | None) -> None:
    """From now on, these values never appear in a log line. A secret the bot makes for
    itself (a webhook's) is hidden here before it is first used."""
    known = set(_SECRETS) | {s for s in secrets if s and len(s) >= SHORTEST}
    _SECRETS[:] = sorted(known, key=len, reverse=True)


class Redacting(logging.Formatter):
    def __init__(self, fmt: str, secrets: Iterable[str | None] = ()) -> None:
        super().__init__(fmt)
        hide(*secrets)

    @property
    def secrets(self) -> list[str]:
        return _SECRETS

    def format(self, record: logging.LogRecord) -> str:
        return self.redact(super().format(record))

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, HIDDEN)
        return text


def configure(level: str, secrets: Iterable[str | None]) -> Redacting:
    """The root logger writes to standard error through a redacting formatter."""
    handler = logging.StreamHandler(sys.stderr)
    formatter = Redacting("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return formatter
