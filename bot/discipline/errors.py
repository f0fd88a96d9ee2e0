"""Domain errors: every refusal names what was wrong and what was expected."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A rule forbids the requested action, or an argument is invalid.

    ``code`` is a stable slug (it becomes the ``reason`` of a ``refused`` ruling and selects the
    localised message); ``details`` are the numbers and names the message needs.
    """

    reason = "bad_input"

    def __init__(self, code: str, /, **details: Any) -> None:
        self.code = code
        self.details = details
        shown = ", ".join(f"{key}={value!r}" for key, value in details.items())
        super().__init__(f"{code}: {shown}" if shown else code)


class InvalidArgument(DomainError):
    """An argument is outside what the rules allow (bad input)."""

    reason = "bad_input"


class RuleViolation(DomainError):
    """The action is well formed but the current state forbids it."""

    def __init__(self, code: str, /, reason: str | None = None, **details: Any) -> None:
        super().__init__(code, **details)
        self.reason = reason or code


class InvalidTable(DomainError):
    """A Victory Point table file is malformed."""

    reason = "bad_table"
