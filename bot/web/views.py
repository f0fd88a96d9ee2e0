"""What each public page shows, read from the store in one transaction: the same displays
the chat shows (standings, a profile, the rulings, the stops), never anything a moderator
alone may see (reasons, the audit log)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.discipline.burraco.profile import profile as burraco_profile
from bot.discipline.burraco.sanctions import stops_list
from bot.discipline.burraco.standings import standings_fields
from bot.discipline.errors import RuleViolation
from bot.discipline.kinds import CATALOGUE, UNLISTED
from bot.discipline.mcr.journey import Stage, journey
from bot.discipline.mcr.tournament import Table, Tournament
from bot.discipline.rulings import Ruling
from bot.ports.rulebooks import rulebook_named
from bot.storage.store import Community, Store

RULINGS_PER_PAGE = 50
TIMELINE_SIZE = 30  # the profile chart's matches, as in the chat
LARGEST_TALLY = 100_000  # every row of a tally on one page: a page scrolls, a chat does not


@dataclass(frozen=True)
class RulingsPage:
    entries: list[tuple[int, Ruling, bool]]  # number, ruling, whether it still stands
    page: int
    pages: int


@dataclass(frozen=True)
class Standings:
    """What a standings page is made from, as read: a Burraco tally's rows, or an MCR
    tournament (its standings are counted when the page is made, off the event loop)."""

    rulebook: str
    tally: str
    rows: list[Any] | None = None
    tournament: Tournament | None = None
    # every tournament of the community, newest first: its number, name, and whether it runs
    tournaments: tuple[tuple[int, str, bool], ...] = ()
    shown: int | None = None  # the number of the tournament shown

    def fields(self, now: datetime) -> Mapping[str, Any]:
        """The ``standings`` display's fields, every row of them."""
        if not rulebook_named(self.rulebook).tournaments:
            return standings_fields(self.tally, self.rows or [])
        if self.tournament is None:
            return {"rulebook": self.rulebook, "tournament": None, "rows": []}
        return self.tournament.standings(now).fields


async def load_standings(
    store: Store, community: Community, tally: str, number: int | None = None
) -> Standings:
    """A Burraco tally, or an MCR tournament: the one numbered, else the running one (the
    latest, once finished), with the list of all of them. A page of a thousand rows is not
    frozen into a ruling: it is only shown."""
    if rulebook_named(community.rulebook).tournaments:
        every = await store.tournaments.tournaments(community.id)
        listed = tuple((n, t.name, running) for n, running, t in every)
        if number is None:
            chosen = next(((n, t) for n, running, t in every if running), None) or next(
                ((n, t) for n, _, t in every), None
            )
        else:
            chosen = next(((n, t) for n, _, t in every if n == number), None)
            if chosen is None:
                raise LookupError(number)
        return Standings(
            community.rulebook,
            tally,
            tournament=None if chosen is None else chosen[1],
            tournaments=listed,
            shown=None if chosen is None else chosen[0],
        )
    rows = await store.tallies.tally(community.id, tally, LARGEST_TALLY, 0)
    return Standings(community.rulebook, tally, rows=rows)


async def standings_of(
    store: Store, community: Community, tally: str, now: datetime
) -> Mapping[str, Any]:
    """Every row of the standings, as the ``standings`` display's fields."""
    return (await load_standings(store, community, tally)).fields(now)


async def _tournament(store: Store, community: Community) -> Tournament | None:
    found = await store.tournaments.active_tournament(
        community.id
    ) or await store.tournaments.latest_tournament(community.id)
    return None if found is None else found[1]


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


async def profile_of(
    store: Store, community: Community, player: str, now: datetime
) -> Ruling | None:
    """A member's profile as /profile shows it; None for someone the community never saw."""
    if await store.communities.member(community.id, player) is None:
        return None
    if rulebook_named(community.rulebook).tournaments:
        found = await store.tournaments.active_tournament(
            community.id
        ) or await store.tournaments.latest_tournament(community.id)
        if found is None:
            fields = {"player": player, "rulebook": community.rulebook, "tournament": None}
            return Ruling("profile", now, "000 §4", fields)
        try:
            return found[1].profile(player, now)
        except RuleViolation:  # seen in the chat, but not in the tournament: no page
            return None
    rows, results = await store.tallies.profile_of(community.id, player, TIMELINE_SIZE)
    record = await store.sanctions.discipline(community.id, player)
    return burraco_profile(player, record, rows, results, now, ZoneInfo(community.tz))


async def journey_of(store: Store, community: Community, player: str) -> list[Stage]:
    """An MCR player's sessions, played, running and planned (none outside a tournament)."""
    if not rulebook_named(community.rulebook).tournaments:
        return []
    found = await _tournament(store, community)
    return [] if found is None else journey(found, player)


def printed_session(tournament: Tournament, wanted: int | None) -> tuple[int, list[list[str]]]:
    """The session whose table cards and score sheets are printed, and its tables: the one
    asked for, else the running one, else the next one drawn (0 and none: nothing to print)."""
    if wanted is None:
        running = tournament.session_open or tournament.current == tournament.sessions
        wanted = tournament.current if running else tournament.current + 1
    if not 1 <= wanted <= tournament.sessions:
        return 0, []
    played = sorted((t for t in tournament.tables if t.session == wanted), key=lambda t: t.number)
    if played:
        return wanted, [list(t.seats) for t in played]
    return wanted, [list(seats) for seats in tournament.planned_tables(wanted)]


async def load_display(store: Store, community: Community) -> Tournament | None:
    """The tournament the projector shows: the running one, else the latest."""
    return await _tournament(store, community)


def display_fields(tournament: Tournament | None, now: datetime) -> dict[str, Any]:
    """The projector's page: the running session's tables with their totals so far (or, between
    sessions, the next session's seats once drawn), the clock, and the standings."""
    if tournament is None:
        return {"tournament": None, "session": 0, "tables": [], "standings": None}
    if tournament.finished_at is not None:  # the prize-giving: the final standings alone
        return {
            "tournament": tournament.name,
            "session": tournament.current,
            "sessions": tournament.sessions,
            "finished": True,
            "upcoming": False,
            "tables": [],
            "clock": None,
            "standings": tournament.standings(now),
        }
    upcoming = (
        not tournament.session_open
        and tournament.current < tournament.sessions
        and bool(tournament.planned_tables(tournament.current + 1))
    )
    if upcoming:
        shown = tournament.current + 1
        tables = [
            {"table": n, "seats": list(seats), "scores": None, "live": False}
            for n, seats in enumerate(tournament.planned_tables(shown), 1)
        ]
    else:
        shown = tournament.current
        tables = [_table(tournament, t) for t in sorted(tournament.tables, key=lambda t: t.number)
                  if t.session == shown]  # fmt: skip
    clock = tournament.clock  # shown to its end, and as "time is up" until the session ends
    running = clock is not None and tournament.session_open
    return {
        "tournament": tournament.name,
        "session": tournament.current,
        "sessions": tournament.sessions,
        "open": tournament.session_open,
        "finished": False,
        "shown_session": shown,
        "upcoming": upcoming,
        "tables": tables,
        "clock": clock.ends_at if running and clock is not None else None,
        "standings": tournament.standings(now),
    }


def _table(tournament: Tournament, table: Table) -> dict[str, Any]:
    """A table of the running (or last) session: its sheet's scores as the table's ruling says
    them (penalties and false-hu payments included), else the hands' totals so far (live)."""
    if table.scores is not None:
        scores = [tournament.session_score(p, table.session) for p in table.seats]
        return {"table": table.number, "seats": list(table.seats), "scores": scores, "live": False}
    if table.standing_hands:
        totals = table.hand_totals(tournament.replaced_at(table))
        return {"table": table.number, "seats": list(table.seats), "scores": totals, "live": True}
    return {"table": table.number, "seats": list(table.seats), "scores": None, "live": False}


async def display_of(store: Store, community: Community, now: datetime) -> dict[str, Any]:
    return display_fields(await load_display(store, community), now)
