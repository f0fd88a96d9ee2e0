"""What each public page shows, read from the store in one transaction: the same displays
the chat shows (the rulings, the stops; the standings and a profile as the chat's rulebook
reads them, ``Rulebook.pages``), never anything a moderator alone may see (reasons, the
audit log)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.discipline.kinds import CATALOGUE, UNLISTED
from bot.discipline.record import stops_list
from bot.discipline.rulings import Ruling
from bot.ports.rulebooks import Pages, rulebook_named
from bot.storage.store import Community, Store

RULINGS_PER_PAGE = 50


@dataclass(frozen=True)
class RulingsPage:
    entries: list[tuple[int, Ruling, bool]]  # number, ruling, whether it still stands
    page: int
    pages: int


# what a moderator or a player wrote in his own words, by ruling kind: in the chat's group it
# was read by its members; on a page anyone with the link can read, only if the community
# chose so (/settings web_reasons=on)
FREE_TEXT = {
    "stop": "reason",
    "lift": "reason",
    "undone": "reason",
    "annulment": "reason",
    "result_disputed": "reason",
    "match_voided": "reason",
    "table_closed": "reason",
    "disqualification": "reason",
    "appeal": "text",
    "appeal_reminder": "text",
    "appeal_resolved": "reason",
    "referee_call": "note",
    "conduct_warning": "reason",
    "muted": "reason",
    "unmuted": "reason",
    "kicked": "reason",
    "banned": "reason",
    "unbanned": "reason",
    "stop_amended": "reason",
}
# never on a public page: what only the player concerned or the moderators may read (the EMA
# details a referee recorded), as anyone with the address may read the page
NOT_LISTED = UNLISTED + tuple(
    kind.name for kind in CATALOGUE if kind.stored and not kind.readable_by({}, None, False)
)


def pages_of(community: Community) -> Pages | None:
    """What the chat's rulebook shows on its standings and players' pages (None: nothing)."""
    return rulebook_named(community.rulebook).pages


async def profile_of(
    store: Store, community: Community, player: str, now: datetime, options: Mapping[str, str]
) -> Ruling | None:
    """A member's page as the chat's rulebook shows it (None: no page for him), with the
    options its address gives (``Pages.profile_options``)."""
    pages = pages_of(community)
    return None if pages is None else await pages.profile(store, community, player, now, options)


def reasons_shown(community: Community) -> bool:
    return community.settings.get("web_reasons") == "on"


def without_free_text(ruling: Ruling, hidden: str) -> Ruling:
    """The ruling with what someone wrote in his own words replaced by ``hidden``."""
    field = FREE_TEXT.get(ruling.type)
    if field is None or not ruling.get(field):
        return ruling
    return ruling.with_fields(**{field: hidden})


async def rulings_pages(store: Store, community: Community) -> int:
    listed = await store.rulings.ruling_count(community.id, NOT_LISTED)
    return max(1, -(-listed // RULINGS_PER_PAGE))


async def rulings_of(store: Store, community: Community, page: int) -> RulingsPage:
    pages = await rulings_pages(store, community)
    entries = await store.rulings.rulings_page(
        community.id, RULINGS_PER_PAGE, (page - 1) * RULINGS_PER_PAGE, NOT_LISTED
    )
    return RulingsPage(entries, page, pages)


async def stops_of(store: Store, community: Community, now: datetime) -> Ruling:
    return stops_list(
        await store.sanctions.active_stops(community.id, now),
        await store.sanctions.pending_cards(community.id),
        now,
        rulebook_named(community.rulebook).warnings.rule,
    )


async def stop_reasons(
    store: Store, community: Community, players: list[str], now: datetime
) -> dict[str, tuple[str, str | None]]:
    """Why each stopped player is stopped (its kind, and a moderator's reason for a manual
    stop): shown only where the community chose to (``/settings web_reasons=on``)."""
    if not reasons_shown(community):
        return {}
    reasons = {}
    for player in players:
        record = await store.sanctions.discipline(community.id, player)
        active = [stop for stop in record.stops if stop.active_at(now)]
        if active:
            longest = max(active, key=lambda stop: stop.end)
            reasons[player] = (longest.kind, longest.note)
    return reasons
