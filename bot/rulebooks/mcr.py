"""Mahjong Competition Rules tournaments (RULES §2): commands, standings, profile, corrections."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.errors import RuleViolation
from bot.discipline.mcr import RULEBOOK
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, page_link
from bot.handlers.grammar import Phrase, canonical
from bot.handlers.tournaments import SHEET, clock_end, clock_warning, correct_table_scores
from bot.ports.rulebooks import Chart, Menu, Rulebook, register

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
    wanted = name.strip().casefold()
    every = await ctx.store.tournaments.tournaments(ctx.cid)
    named = [(n, a, t) for n, a, t in every if t.name.casefold() == wanted] or [
        (n, a, t) for n, a, t in every if t.name.casefold().startswith(wanted)
    ]
    if not named:
        raise RuleViolation("unknown_tournament", reason="unknown_tournament", tournament=name)
    _number, active, found = named[0]  # the newest of that name
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
