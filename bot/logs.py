"""Logging that never shows a secret: every line (tracebacks and third-party libraries'
lines, such as httpx printing the Telegram URL, included) has the tokens blotted out."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

HIDDEN = "[token hidden]"


class Redacting(logging.Formatter):
    def __init__(self, fmt: str, secrets: Iterable[str]) -> None:
        super().__init__(fmt)
        # the longest first, so that a secret containing another is hidden whole
        self.secrets = sorted({s for s in secrets if s and len(s) >= 8}, key=len, reverse=True)

    def format(self, record: logging.LogRecord) -> str:
        return self.redact(super().format(record))

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, HIDDEN)
        return text


def configure(level: str, secrets: Iterable[str]) -> Redacting:
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
