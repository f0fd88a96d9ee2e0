"""The EMA's results file, attached like a picture: a CSV of place, first name, last name, EMA
number, table points, score and country, one row per ranked player (RULES §2.2: substitutes
are not ranked; a disqualified player is there with 0 table points)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

HEADER = ("Place", "First name", "Last name", "EMA number", "Table points", "Score", "Country")


FORMULA_SIGNS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula


def _points(value: Any) -> str:
    """Table points in one format: 9, 11.5, 2.33 (two decimals at most, no trailing zero)."""
    number = (
        Fraction(value) if not isinstance(value, float) else Fraction(value).limit_denominator()
    )
    return f"{float(number):.2f}".rstrip("0").rstrip(".")


def _text(value: str | None) -> str:
    """A cell of text that no spreadsheet will run: one starting with a formula's sign is
    written as text (a leading apostrophe, as spreadsheets write it themselves)."""
    value = value or ""
    return "'" + value if value.startswith(FORMULA_SIGNS) else value


def ema_csv(ruling: dict, names: dict[str, str]) -> bytes:
    """Players without a name are left without one (the export's ``missing`` names them):
    never their chat nick."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(HEADER)
    for row in ruling["rows"]:
        writer.writerow(
            (
                row["place"],
                _text(row["first_name"]),
                _text(row["last_name"]),
                _text(row["ema"]),
                _points(row["tp"]),
                row["score"],
                _text(row["country"]),
            )
        )
    return buffer.getvalue().encode("utf-8")
