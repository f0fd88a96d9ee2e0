"""The bundled Victory Point table files, one per ruleset (RULES §1.2)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from bot.discipline.burraco.vp import RULESETS, VpTableSet, parse_table_set
from bot.discipline.errors import InvalidArgument


@cache
def bundled_tables(ruleset: str) -> VpTableSet:
    """The table set shipped with the bot for ``ruleset`` (``fibur`` or ``fitab``)."""
    if ruleset not in RULESETS:
        raise InvalidArgument("unknown_ruleset", ruleset=ruleset, allowed=RULESETS)
    text = resources.files(__package__).joinpath(f"{ruleset}.toml").read_text(encoding="utf-8")
    return parse_table_set(text)
