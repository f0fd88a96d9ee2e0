"""The EMA's results file, attached like a picture: a CSV of place, first name, last name, EMA
number, table points, score and country, one row per ranked player (RULES §2.2: substitutes
are not ranked; a disqualified player is there with 0 table points).

A player whose details were never given (``/player``) is there under his chat name, in the
last name's column, and the file's last column says what he lacks, so that whoever sends the
file completes it: never an empty row. The file is UTF-8 with a byte order mark, which is
what tells a spreadsheet (Excel first) that "Søren" is not "SÃ¸ren"."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

HEADER = (
    "Place",
    "First name",
    "Last name",
    "EMA number",
    "Table points",
    "Score",
    "Country",
    "Missing",
)
ENCODING = "utf-8-sig"  # UTF-8 with its byte order mark
# what a row lacks, as its last column says it: the columns' own names
LACKING = {"name": "name", "ema": "EMA number", "country": "country"}


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
    """One row per ranked player; one without a name is written under his chat name, and
    the last column names what he lacks (the export's ``missing`` names him too)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(HEADER)
    for row in ruling["rows"]:
        missing = row.get("lacking", ())
        last_name = row["last_name"]
        if "name" in missing:  # his chat name, until /player gives the real one
            last_name = str(names.get(row["player"], row["player"])).lstrip("@")
        writer.writerow(
            (
                row["place"],
                _text(row["first_name"]),
                _text(last_name),
                _text(row["ema"]),
                _points(row["tp"]),
                row["score"],
                _text(row["country"]),
                "; ".join(LACKING[detail] for detail in missing),
            )
        )
    return buffer.getvalue().encode(ENCODING)
