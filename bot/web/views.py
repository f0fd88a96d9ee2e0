"""What each public page shows, read from the store in one transaction: the same displays
the chat shows (standings, a profile, the rulings, the stops), never anything a moderator
alone may see (reasons, the audit log)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.discipline.burraco.profile import profile as burraco_profile
from bot.discipline.burraco.sanctions import stops_list
from bot.discipline.burraco.standings import standings
from bot.discipline.kinds import UNLISTED
from bot.discipline.rulings import Ruling
from bot.storage.store import Community, Store

MCR = "mcr"
RULINGS_PER_PAGE = 50
TIMELINE_SIZE = 30  # the profile chart's matches, as in the chat
LARGEST_TALLY = 100_000  # every row of a tally on one page: a page scrolls, a chat does not


@dataclass(frozen=True)
class RulingsPage:
    entries: list[tuple[int, Ruling, bool]]  # number, ruling, whether it still stands
    page: int
    pages: int


async def standings_of(store: Store, community: Community, tally: str, now: datetime) -> Ruling:
    """Every row of the standings: a Burraco tally, or the running MCR tournament's (the
    latest one, once finished); a ``standings`` display with no rows when there is none."""
    if community.rulebook == MCR:
        found = await store.active_tournament(community.id) or await store.latest_tournament(
            community.id
        )
        if found is None:
            return Ruling("standings", now, "000 §4", {"rulebook": MCR, "rows": []})
        return found[1].standings(now)
    rows = await store.tally(community.id, tally, LARGEST_TALLY, 0)
    return standings(tally, rows, now)


async def rulings_of(store: Store, community: Community, page: int) -> RulingsPage:
    last = await store.last_ruling_number(community.id)
    pages = max(1, -(-last // RULINGS_PER_PAGE))
    entries = await store.rulings_page(
        community.id, RULINGS_PER_PAGE, (page - 1) * RULINGS_PER_PAGE, UNLISTED
    )
    return RulingsPage(entries, page, pages)


async def stops_of(store: Store, community: Community, now: datetime) -> Ruling:
    return stops_list(
        await store.active_stops(community.id, now), await store.pending_cards(community.id), now
    )


async def profile_of(
    store: Store, community: Community, player: str, now: datetime
) -> Ruling | None:
    """A member's profile as /profile shows it; None for someone the community never saw."""
    if await store.member(community.id, player) is None:
        return None
    if community.rulebook == MCR:
        found = await store.active_tournament(community.id) or await store.latest_tournament(
            community.id
        )
        if found is None:
            return Ruling("profile", now, "000 §4", {"player": player, "rulebook": MCR})
        return found[1].profile(player, now)
    rows, results = await store.profile_of(community.id, player, TIMELINE_SIZE)
    record = await store.discipline(community.id, player)
    return burraco_profile(player, record, rows, results, now, ZoneInfo(community.tz))


async def display_of(store: Store, community: Community, now: datetime) -> dict[str, Any]:
    """The projector's page: the current session's tables and the standings."""
    found = await store.active_tournament(community.id) or await store.latest_tournament(
        community.id
    )
    if found is None:
        return {"tournament": None, "session": 0, "tables": [], "standings": None}
    tournament = found[1]
    tables = [
        {"table": t.number, "seats": list(t.seats), "scores": t.scores}
        for t in sorted(tournament.tables, key=lambda t: t.number)
        if t.session == tournament.current
    ]
    return {
        "tournament": tournament.name,
        "session": tournament.current,
        "sessions": tournament.sessions,
        "open": tournament.session_open,
        "tables": tables,
        "standings": tournament.standings(now),
    }
