"""A tournament's own public pages (MCR): the projector's display, the printed table cards
and score sheets, and a player's sessions on his page. Served where the chat's rulebook has
tournaments (``Rulebook.tournaments``)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.discipline.mcr.journey import Stage, journey
from bot.discipline.mcr.tournament import Table, Tournament
from bot.ports.rulebooks import rulebook_named
from bot.storage.store import Community, Store

OPTIONS = ("tournament",)  # what a tournament's pages take: which tournament they show


async def shown(
    store: Store, community: Community, options: Mapping[str, str]
) -> Tournament | None:
    """The tournament asked for (``?tournament=N``, finished ones too), else the running one,
    else the latest."""
    found = await store.tournaments.shown_tournament(community.id, options.get("tournament"))
    return None if found is None else found[1]


async def journey_of(
    store: Store, community: Community, player: str, options: Mapping[str, str]
) -> list[Stage]:
    """An MCR player's sessions, played, running and planned (none outside a tournament)."""
    if not rulebook_named(community.rulebook).tournaments:
        return []
    found = await shown(store, community, options)
    return [] if found is None else journey(found, player)


def printed_session(
    tournament: Tournament, wanted: int | None
) -> tuple[int, list[list[str | None]]]:
    """The session whose table cards and score sheets are printed, and its tables: the one
    asked for, else the running one, else the next one drawn, with who will really sit
    there (None: an empty seat to be filled); 0 and none: nothing to print."""
    if wanted is None:
        running = tournament.session_open or tournament.current == tournament.sessions
        wanted = tournament.current if running else tournament.current + 1
    if not 1 <= wanted <= tournament.sessions:
        return 0, []
    played = sorted((t for t in tournament.tables if t.session == wanted), key=lambda t: t.number)
    if played:
        return wanted, [list(t.seats) for t in played]
    return wanted, tournament.planned_seats(wanted)


def display_fields(tournament: Tournament | None, now: datetime) -> dict[str, Any]:
    """The projector's page: the running session's tables with their totals so far (or, between
    sessions, the next session's seats once drawn, with who will really sit there), the
    clock, and the standings."""
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
            for n, seats in enumerate(tournament.planned_seats(shown), 1)
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
