"""JSON encoding of domain aggregates (dataclasses) and ruling fields, driven by type hints."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from datetime import UTC, datetime
from fractions import Fraction
from functools import cache
from typing import Any

from bot.discipline.rulings import Ruling


def utc_text(at: datetime) -> str:
    """A fixed-width UTC text that sorts like the instant it stands for."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def from_utc_text(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def to_plain(value: Any) -> Any:
    """Encode a value into JSON-compatible data (datetimes as UTC text, fractions as [n, d])."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, datetime):
        return utc_text(value)
    if isinstance(value, Fraction):
        return [value.numerator, value.denominator]
    if isinstance(value, dict | types.MappingProxyType):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_plain(v) for v in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(kind: Any, data: Any) -> Any:
    """Decode ``data`` as the type ``kind`` (the inverse of :func:`to_plain`)."""
    if data is None:
        return None
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = [k for k in typing.get_args(kind) if k is not type(None)]
        return from_plain(options[0], data)
    if dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        known = {f.name for f in dataclasses.fields(kind)}
        return kind(**{k: from_plain(hints[k], v) for k, v in data.items() if k in known})
    if kind is datetime:
        return from_utc_text(data)
    if kind is Fraction:
        return Fraction(data[0], data[1])
    if origin in (list, tuple, set, frozenset):
        args = typing.get_args(kind)
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            return tuple(from_plain(a, v) for a, v in zip(args, data, strict=True))
        return origin(from_plain(args[0], v) for v in data)
    if origin is dict:
        key_type, value_type = typing.get_args(kind)
        return {key_type(k): from_plain(value_type, v) for k, v in data.items()}
    return data


def dumps(value: Any) -> str:
    return json.dumps(to_plain(value), ensure_ascii=False, separators=(",", ":"))


def loads(kind: Any, text: str) -> Any:
    return from_plain(kind, json.loads(text))


# ---- rulings ---------------------------------------------------------------------------------

def _tag(value: Any) -> Any:
    """Ruling fields are free-form: tag the non-JSON types so they round-trip exactly."""
    if isinstance(value, datetime):
        return {"$t": utc_text(value)}
    if isinstance(value, Fraction):
        return {"$f": [value.numerator, value.denominator]}
    if isinstance(value, dict | types.MappingProxyType):
        return {str(k): _tag(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_tag(v) for v in value]
    return value


def _untag(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$t"}:
            return from_utc_text(value["$t"])
        if set(value) == {"$f"}:
            return Fraction(*value["$f"])
        return {k: _untag(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_untag(v) for v in value]
    return value


def ruling_dumps(ruling: Ruling) -> str:
    return json.dumps({"type": ruling.type, "at": utc_text(ruling.at), "rule": ruling.rule,
                       "fields": _tag(ruling.fields)}, ensure_ascii=False, separators=(",", ":"))


def ruling_loads(text: str) -> Ruling:
    data = json.loads(text)
    return Ruling(data["type"], from_utc_text(data["at"]), data["rule"], _untag(data["fields"]))
