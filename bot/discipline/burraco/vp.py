"""Victory Point tables (RULES §1.2): data, validated, converting a match-point difference."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from bot.discipline.errors import InvalidArgument, InvalidTable

RULESETS = ("fibur", "fitab")
HAND_COUNTS = (2, 3, 4)
TOTAL_VP = 20


@dataclass(frozen=True)
class Band:
    """VP for the winning and losing side when the difference is at most ``up_to``."""

    winner: int
    loser: int
    up_to: int | None  # None: the open last band (20-0)


@dataclass(frozen=True)
class VpTable:
    """One conversion table: one ruleset, one number of hands."""

    ruleset: str
    hands: int
    bands: tuple[Band, ...]
    provenance: str
    provisional: bool

    def convert(self, difference: int) -> tuple[int, int]:
        """VP of (side A, side B) for ``difference`` = MP of A − MP of B, any integer.

        Bands are "up to": the first band whose upper bound is ≥ |difference| applies.
        """
        if isinstance(difference, bool) or not isinstance(difference, int):
            raise InvalidArgument("difference_not_integer", value=difference)
        size = abs(difference)
        band = next(b for b in self.bands if b.up_to is None or size <= b.up_to)
        return (band.winner, band.loser) if difference >= 0 else (band.loser, band.winner)


@dataclass(frozen=True)
class VpTableSet:
    """All the tables of one ruleset, one per hand count."""

    ruleset: str
    title: str
    provenance: str
    provisional: bool
    tables: dict[int, VpTable]

    def table(self, hands: int) -> VpTable:
        try:
            return self.tables[hands]
        except KeyError:
            raise InvalidArgument(
                "hands_not_allowed", hands=hands, allowed=tuple(sorted(self.tables))
            ) from None


def parse_table_set(text: str) -> VpTableSet:
    """Parse and validate a ruleset's TOML table file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidTable("not_toml", error=str(error)) from None
    ruleset = data.get("ruleset")
    if ruleset not in RULESETS:
        raise InvalidTable("unknown_ruleset", ruleset=ruleset, allowed=RULESETS)
    provisional = data.get("provisional")
    if not isinstance(provisional, bool):
        raise InvalidTable("provisional_flag_missing", ruleset=ruleset)
    provenance = data.get("provenance")
    if not isinstance(provenance, str) or not provenance.strip():
        raise InvalidTable("provenance_missing", ruleset=ruleset)
    raw_tables = data.get("hands")
    if not isinstance(raw_tables, dict) or not raw_tables:
        raise InvalidTable("no_tables", ruleset=ruleset)
    tables: dict[int, VpTable] = {}
    for key, raw in raw_tables.items():
        hands = int(key) if str(key).isascii() and str(key).isdigit() else None
        if hands not in HAND_COUNTS:
            raise InvalidTable("hands_not_allowed", ruleset=ruleset, hands=key, allowed=HAND_COUNTS)
        rows = raw.get("rows") if isinstance(raw, dict) else None
        table_provenance = (raw.get("provenance") if isinstance(raw, dict) else None) or provenance
        tables[hands] = VpTable(
            ruleset, hands, _validate_rows(ruleset, hands, rows), table_provenance, provisional
        )
    return VpTableSet(
        ruleset, str(data.get("title", ruleset.upper())), provenance, provisional, tables
    )


def _validate_rows(ruleset: str, hands: int, rows: object) -> tuple[Band, ...]:
    where = {"ruleset": ruleset, "hands": hands}
    if not isinstance(rows, list) or len(rows) < 2:
        raise InvalidTable("too_few_bands", **where)
    if not isinstance(rows[0], list) or rows[0][:2] != [10, 10]:
        raise InvalidTable("first_band_not_10_10", **where)
    if rows[-1] != [20, 0]:
        raise InvalidTable("last_band_not_20_0", **where)
    bands: list[Band] = []
    previous_bound = -1
    for index, row in enumerate(rows):
        last = index == len(rows) - 1
        if not isinstance(row, list) or len(row) != (2 if last else 3):
            raise InvalidTable("malformed_band", band=index + 1, **where)
        winner, loser = row[0], row[1]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in row):
            raise InvalidTable("malformed_band", band=index + 1, **where)
        if winner + loser != TOTAL_VP:
            raise InvalidTable("vp_not_summing_to_20", band=index + 1, vp=(winner, loser), **where)
        if winner != 10 + index:
            raise InvalidTable("vp_not_consecutive", band=index + 1, vp=(winner, loser), **where)
        up_to = None if last else row[2]
        if index == 0 and up_to is not None and up_to < 0:
            raise InvalidTable("first_band_negative", **where)
        if up_to is not None and up_to <= previous_bound:
            raise InvalidTable("bands_not_increasing", band=index + 1, up_to=up_to, **where)
        bands.append(Band(winner, loser, up_to))
        previous_bound = up_to if up_to is not None else previous_bound
    return tuple(bands)
