"""Mahjong Competition Rules tournaments (RULES §2): commands, standings, profile, corrections."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.discipline.errors import RuleViolation
from bot.discipline.mcr import RULEBOOK
from bot.discipline.mcr.tournament import Tournament
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, page_link
from bot.handlers.grammar import Phrase, canonical
from bot.handlers.tournaments import (
    SHEET,
    clock_end,
    clock_warning,
    correct_table_scores,
    named_tournament,
)
from bot.ports.rulebooks import Chart, Listing, Menu, Pages, Rulebook, register
from bot.storage.store import Community, Store

# Discord holds at most 25 commands in a group: a tournament's are two groups, what is said at
# the tables and what organises the event (its field, its plan, its results)
EVENT_COMMANDS = frozenset(
    {
        "tournament",
        "tournaments",
        "register",
        "unregister",
        "seating",
        "player",
        "players",
        "export",
        "finish",
        "exclude",
        "rank",
    }
)


@dataclass(frozen=True)
class StandingsArgs:
    tournament: str | None


async def standings(ctx: Context, args: StandingsArgs) -> None:
    """The running tournament's, the last one's (final), a named one's, or its teams'."""
    if args.tournament is not None and canonical(args.tournament) == "teams":
        await ctx.decide(await _team_standings(ctx))
        return
    ruling = await _tournament_standings(ctx, args.tournament)
    link = await page_link(ctx, "")
    await ctx.decide(ruling.with_fields(web_url=link) if link else ruling)


async def _team_standings(ctx: Context) -> Ruling:
    """The running (or last) tournament's teams, ranked (ERGMT §3.12)."""
    latest = await ctx.store.tournaments.latest_tournament(ctx.cid)
    if latest is None:
        raise RuleViolation("no_tournament", reason="no_tournament")
    return latest[1].team_standings(ctx.now)


async def _tournament_standings(ctx: Context, name: str | None) -> Ruling:
    """The running tournament's standings; else the last finished one's, final; or those
    of the tournament named (CONSOLE.md third edition, the archive)."""
    if name is None:
        latest = await ctx.store.tournaments.latest_tournament(ctx.cid)
        if latest is None:
            raise RuleViolation("no_tournament", reason="no_tournament")
        running = await ctx.store.tournaments.active_tournament(ctx.cid)
        final = running is None
        return latest[1].standings(ctx.now).with_fields(final=final or None)
    _number, active, found = await named_tournament(ctx, name)
    return found.standings(ctx.now).with_fields(final=not active or None)


async def profile(ctx: Context, player: str) -> Ruling:
    """His place in the running tournament (none outside one)."""
    found = await ctx.store.tournaments.active_tournament(ctx.cid)
    if found is None:
        fields = {"player": player, "rulebook": RULEBOOK, "tournament": None}
        return Ruling("profile", ctx.now, "000 §4", fields)
    return found[1].profile(player, ctx.now)


async def in_use(ctx: Context) -> bool:
    return await ctx.store.tournaments.active_tournament(ctx.cid) is not None


# ---- the public pages ----------------------------------------------------------------------
@dataclass(frozen=True)
class TournamentPage:
    """A tournament's standings page (``?tournament=N``: the one numbered, else the running
    one, else the latest), with the list of all of them; counted when the page is made."""

    tournament: Tournament | None
    every: tuple[tuple[int, str, bool], ...]  # number, name, whether it runs; newest first
    shown: int | None
    lists_label: str = "web-tournaments"

    @property
    def printable(self) -> bool:
        return self.tournament is not None

    @property
    def lists(self) -> tuple[Listing, ...]:
        if len(self.every) < 2:
            return ()
        return tuple(
            Listing(f"tournament={n}", name, n == self.shown, translated=False, running=running)
            for n, name, running in self.every
        )

    def fields(self, now: datetime) -> Mapping[str, Any]:
        if self.tournament is None:
            return {"rulebook": RULEBOOK, "tournament": None, "rows": []}
        return self.tournament.standings(now).fields


async def tournament_page(
    store: Store, community: Community, options: Mapping[str, str]
) -> TournamentPage:
    chosen = await store.tournaments.shown_tournament(community.id, options.get("tournament"))
    every = await store.tournaments.tournaments(community.id)
    listed = tuple((n, t.name, running) for n, running, t in every)
    if chosen is None:
        return TournamentPage(None, listed, None)
    return TournamentPage(chosen[1], listed, chosen[0])


async def profile_page(
    store: Store, community: Community, player: str, now: datetime, options: Mapping[str, str]
) -> Ruling | None:
    """His page in the tournament asked for (``?tournament=N``), else the running one, else
    the latest; None for someone the chat never saw, or who is not in the tournament."""
    if await store.communities.member(community.id, player) is None:
        return None
    found = await store.tournaments.shown_tournament(community.id, options.get("tournament"))
    if found is None:
        fields = {"player": player, "rulebook": RULEBOOK, "tournament": None}
        return Ruling("profile", now, "000 §4", fields)
    try:
        return found[1].profile(player, now)
    except RuleViolation:  # seen in the chat, but not in the tournament: no page
        return None


MCR = register(
    Rulebook(
        name=RULEBOOK,
        menus=(
            Menu(
                f"{RULEBOOK}-event",
                "MCR tournament commands: the field, the seating, the results",
                EVENT_COMMANDS,
            ),
            Menu(RULEBOOK, "MCR tournament commands: the tables"),
        ),
        commands=("bot.handlers.tournaments", "bot.handlers.tournament_undo"),
        new_chats_on=("discord",),
        standings_forms=((Phrase("tournament", required=False),),),
        standings=standings,
        profile=profile,
        correct_forms=(SHEET,),
        correct=correct_table_scores,
        in_use=in_use,
        timers={"clock_warning": clock_warning, "clock_end": clock_end},
        pages=Pages(
            options=("tournament",),
            standings=tournament_page,
            profile=profile_page,
            profile_options=("tournament",),
        ),
        ranked=("tp", "score"),
        pictured=("tp", "score"),
        chart=Chart(
            bar="tp",
            total="tp",
            bar_top=4.2,
            bar_label="picture-chart-tp",
            total_label="picture-chart-tp-total",
            steps_label="picture-chart-sessions",
            title="picture-chart-title-mcr",
            by_session=True,
        ),
        tournaments=True,
        cited_as={"000": RULEBOOK},
    )
)
