"""The EMA's results file, attached like a picture: a CSV of place, first name, last name, EMA
number, table points, score and country, one row per ranked player (RULES §2.2: substitutes
are not ranked; a disqualified player is there with 0 table points)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

HEADER = ("Place", "First name", "Last name", "EMA number", "Table points", "Score", "Country")


def _points(value: Any) -> str:
    number = float(Fraction(value)) if not isinstance(value, float) else value
    return str(int(number)) if number.is_integer() else f"{number:.2f}"


def ema_csv(ruling: dict, names: dict[str, str]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(HEADER)
    for row in ruling["rows"]:
        first = row["first_name"] or names.get(row["player"], row["player"])
        writer.writerow(
            (
                row["place"],
                first,
                row["last_name"],
                row["ema"],
                _points(row["tp"]),
                row["score"],
                row["country"],
            )
        )
    return buffer.getvalue().encode("utf-8")
