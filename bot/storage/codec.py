"""JSON encoding of domain aggregates (dataclasses) and ruling fields, driven by type hints."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction
from functools import cache
from typing import Any

from bot.discipline.rulings import Ruling


def utc_text(at: datetime) -> str:
    """A fixed-width UTC text that sorts like the instant it stands for."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def from_utc_text(text: str) -> datetime:
    return datetime.fromisoformat(text)


@cache
def _field_names(cls: Any) -> tuple[str, ...]:
    """A dataclass's stored fields (one marked ``stored: False`` is given when it is read)."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("stored", True))


def to_plain(value: Any) -> Any:
    """Encode a value into JSON-compatible data (datetimes as UTC text, fractions as [n, d])."""
    if value is None or isinstance(value, str | int | float):
        return value
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        kind: Any = type(value)
        return {name: to_plain(getattr(value, name)) for name in _field_names(kind)}
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
def decoder(kind: Any) -> Callable[[Any], Any]:
    """A function decoding plain data into ``kind``, built once per type from its hints."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        inner = decoder(next(k for k in typing.get_args(kind) if k is not type(None)))
        return lambda data: None if data is None else inner(data)
    if dataclasses.is_dataclass(kind):
        construct = typing.cast("Callable[..., Any]", kind)  # a dataclass type, not an instance
        hints = typing.get_type_hints(construct)
        fields = {name: decoder(hints[name]) for name in _field_names(construct)}

        def build(data: Any) -> Any:
            return construct(**{k: fields[k](v) for k, v in data.items() if k in fields})

        return build
    if kind is datetime:
        return from_utc_text
    if kind is Fraction:
        return lambda data: Fraction(data[0], data[1])
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = decoder(args[0])
            return lambda data: tuple(item(v) for v in data)
        items = [decoder(a) for a in args]
        return lambda data: tuple(f(v) for f, v in zip(items, data, strict=True))
    if origin in (list, set, frozenset):
        item = decoder(typing.get_args(kind)[0])
        return lambda data: origin(item(v) for v in data)
    if origin is dict:
        key_type, value_type = typing.get_args(kind)
        value = decoder(value_type)
        return lambda data: {key_type(k): value(v) for k, v in data.items()}
    return lambda data: data


def from_plain(kind: Any, data: Any) -> Any:
    """Decode ``data`` as the type ``kind`` (the inverse of :func:`to_plain`)."""
    return decoder(kind)(data)


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
    return json.dumps(
        {
            "type": ruling.type,
            "at": utc_text(ruling.at),
            "rule": ruling.rule,
            "fields": _tag(ruling.fields),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def ruling_loads(text: str) -> Ruling:
    data = json.loads(text)
    return Ruling(data["type"], from_utc_text(data["at"]), data["rule"], _untag(data["fields"]))
