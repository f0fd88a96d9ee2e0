"""Replay cases with expectations in comments (the format of the public acceptance cases):

  #> {...}   must appear, in order after the previous "#>" match
  #~> {...}  must appear somewhere
  #!> {...}  must not appear
A want matches a ruling when each key it names is equal (numbers within 1e-6, instants as
instants, lists of plain values in any order); "@at" matches the message's instant.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path


def _instant(value):
    if isinstance(value, str) and "T" in value:
        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        return parsed if parsed.tzinfo else None
    return None


def same(want, got) -> bool:
    if _instant(want) and _instant(got):
        return _instant(want) == _instant(got)
    if isinstance(want, dict) and set(want) == {"@contains"}:
        return isinstance(got, list) and all(
            any(same(w, g) for g in got) for w in want["@contains"]
        )
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and same(v, got[k]) for k, v in want.items())
    if isinstance(want, bool) or isinstance(got, bool):
        return want is got
    if isinstance(want, int | float) and isinstance(got, int | float):
        return abs(want - got) <= 1e-6
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return False
        plain = (str, int, float, bool, type(None))
        if all(isinstance(w, plain) for w in want) and all(isinstance(g, plain) for g in got):
            return sorted(map(repr, want)) == sorted(map(repr, got))
        return all(map(same, want, got))
    return want == got


def matches(want: dict, event: dict) -> bool:
    ruling = event.get("ruling") or {}
    for key, value in want.items():
        if key == "@at":
            if _instant(event.get("at")) != _instant(value):
                return False
        elif key not in ruling or not same(value, ruling[key]):
            return False
    return True


def check(case: Path, events: list[dict]) -> list[str]:
    ordered, anywhere, forbidden = [], [], []
    for number, line in enumerate(case.read_text(encoding="utf-8").splitlines(), 1):
        for prefix, bucket in (("#!>", forbidden), ("#~>", anywhere), ("#>", ordered)):
            if line.startswith(prefix):
                bucket.append((number, json.loads(line[len(prefix) :])))
                break
    problems, position = [], 0
    for number, want in ordered:
        found = next((i for i in range(position, len(events)) if matches(want, events[i])), None)
        if found is None:
            problems.append(f"line {number}: nothing matches {want}")
        else:
            position = found + 1
    for number, want in anywhere:
        if not any(matches(want, e) for e in events):
            problems.append(f"line {number}: nothing matches {want}")
    for number, want in forbidden:
        if any(matches(want, e) for e in events):
            problems.append(f"line {number}: forbidden ruling appeared: {want}")
    if not ordered and not anywhere and not forbidden:
        problems.append("the case states no expectation")
    return problems
