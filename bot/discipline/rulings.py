"""Rulings: immutable records of every decision, citing the rule applied."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from types import MappingProxyType
from typing import Any


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({key: _freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(item) for item in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted(value))
    return value


@dataclass(frozen=True)
class Ruling:
    """One decision: its type, instant, the rule it applies and the numbers behind it.

    ``rule`` cites the original text (``"001 §5"``, ``"000 2.9.2"``); ``fields`` holds the
    people and numbers, keyed as in the replay JSON contract (CONSOLE.md).
    """

    type: str
    at: datetime
    rule: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:
            raise ValueError("a ruling's instant must be timezone-aware")
        object.__setattr__(self, "fields", _freeze(dict(self.fields)))

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def with_fields(self, **extra: Any) -> Ruling:
        return Ruling(self.type, self.at, self.rule, {**self.fields, **extra})


def plain_number(value: int | Fraction) -> int | float:
    """A JSON-friendly number: integers stay integers, fractions become floats."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value
