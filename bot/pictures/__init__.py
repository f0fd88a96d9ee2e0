"""Pictures where players would rather look than read: the referee's cards, the standings,
a player's profile chart; and the one attachment that is a file, the EMA results. Drawn on
demand from a message's ruling, in its reader's language;
which kind has which picture is declared in :mod:`bot.discipline.kinds`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import tzinfo

from bot.discipline.kinds import kind_of
from bot.i18n import Translator
from bot.pictures.cards import red_card, yellow_card
from bot.pictures.charts import profile_chart
from bot.pictures.results import ema_csv
from bot.pictures.tables import score_sheet, standings_table

Drawing = Callable[[dict, str, dict[str, str], tzinfo, Translator], bytes | None]

DRAWINGS: dict[str, Drawing] = {
    "yellow_card": lambda ruling, lang, names, zone, tr: yellow_card(ruling, lang, names, tr),
    "red_card": lambda ruling, lang, names, zone, tr: red_card(ruling, lang, names, zone, tr),
    "standings_table": lambda ruling, lang, names, zone, tr: standings_table(
        ruling, lang, names, tr
    ),
    "profile_chart": lambda ruling, lang, names, zone, tr: profile_chart(
        ruling, lang, names, zone, tr
    ),
    "ema_csv": lambda ruling, lang, names, zone, tr: ema_csv(ruling, names),
    "score_sheet": lambda ruling, lang, names, zone, tr: score_sheet(ruling, lang, names, tr),
}


# matplotlib's state (its font cache, its Agg renderer) is not for two threads at once
_DRAWING = threading.Lock()
# one thread draws for the bot: a picture of 300 rows takes a second, during which the event
# loop goes on serving every chat
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drawing-thread")


def picture_for(
    ruling: dict | None, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes | None:
    """A PNG for the rulings whose kind has a picture (JSON-shaped ruling), else None."""
    if not ruling:
        return None
    kind = kind_of(ruling.get("type"))
    if kind.picture is None or not kind.has_picture(ruling):
        return None
    with _DRAWING:
        return DRAWINGS[kind.picture](ruling, lang, names, zone, translator)


async def drawn(
    ruling: dict | None, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes | None:
    """:func:`picture_for`, drawn in the drawing thread: the event loop never waits for it."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_DRAWER, picture_for, ruling, lang, names, zone, translator)


__all__ = ["DRAWINGS", "drawn", "picture_for"]
