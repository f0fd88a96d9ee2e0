"""Pictures where players would rather look than read: the referee's cards, the standings,
a player's profile chart. Drawn on demand from a message's ruling, in its reader's language.
"""

from __future__ import annotations

from datetime import tzinfo

from bot.i18n import Translator
from bot.pictures.cards import red_card, yellow_card
from bot.pictures.charts import profile_chart
from bot.pictures.tables import standings_table

PICTURED = ("card_shown", "warning", "standings", "profile")


def picture_for(
    ruling: dict | None, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes | None:
    """A PNG for the rulings that have a picture (JSON-shaped ruling), else None."""
    if not ruling:
        return None
    kind = ruling.get("type")
    if kind == "card_shown":
        return yellow_card(ruling, lang, names, translator)
    if kind == "warning" and ruling.get("stop_until"):
        return red_card(ruling, lang, names, zone, translator)
    if kind == "standings":
        return standings_table(ruling, lang, names, translator)
    if kind == "profile" and ruling.get("timeline"):
        return profile_chart(ruling, lang, names, zone, translator)
    return None


__all__ = ["PICTURED", "picture_for"]
