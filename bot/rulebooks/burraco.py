"""The Burraco club's rulebook (RULES §1): its commands, standings, profile and corrections."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.discipline.burraco import RULEBOOK
from bot.discipline.burraco.profile import profile as burraco_profile
from bot.discipline.burraco.sanctions import LADDER, year_reset
from bot.discipline.burraco.standings import (
    PROFILE,
    TALLY_NAMES,
    TallyRow,
    standings_fields,
    tally_by_name,
)
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import RESULT_FORMS, standings_page
from bot.handlers._core import Context, page_link
from bot.handlers.corrections import correct_match
from bot.handlers.grammar import Choice, Int, canonical
from bot.handlers.tables import auto_confirm, next_hand, ready_window, table_expiry
from bot.ports.rulebooks import BadChoice, Chart, Listing, Menu, Pages, Rulebook, register
from bot.storage.store import Community, Store

TIMELINE_SIZE = 60  # results drawn on a profile's chart, in the chat and on its page
TALLY_CHOICES = ("training", "official", "all")
WEB_TALLIES = {PROFILE: "all", "official": "official", "training": "training"}
LARGEST_TALLY = 100_000  # every row of a tally on one page: a page scrolls, a chat does not


@dataclass(frozen=True)
class StandingsArgs:
    tally: str | None
    page: int | None


async def standings(ctx: Context, args: StandingsArgs) -> None:
    """A tally's standings, a page at a time, with the public page's button when served."""
    tally = tally_by_name(args.tally) if args.tally else PROFILE
    ruling = await standings_page(ctx, tally, args.page or 1)
    link = await page_link(ctx, f"?tally={WEB_TALLIES[tally]}")
    await ctx.decide(ruling.with_fields(web_url=link) if link else ruling)


async def profile(ctx: Context, player: str) -> Ruling:
    rows, results = await ctx.store.tallies.profile_of(ctx.cid, player, TIMELINE_SIZE)
    record = await ctx.record(player)
    return burraco_profile(player, record, rows, results, ctx.now, ctx.zone)


# ---- the public pages ----------------------------------------------------------------------
@dataclass(frozen=True)
class TallyPage:
    """A tally's standings page (``?tally=all|official|training``): every row of it."""

    tally: str  # as the address names it
    rows: list[TallyRow]
    lists_label: str = "web-tallies"
    printable: bool = False

    @property
    def lists(self) -> tuple[Listing, ...]:
        named = WEB_TALLIES.values()
        return tuple(Listing(f"tally={n}", f"web-tally-{n}", n == self.tally) for n in named)

    def fields(self, now: datetime) -> Mapping[str, Any]:
        return standings_fields(TALLY_NAMES[self.tally], self.rows)


async def tally_page(store: Store, community: Community, options: Mapping[str, str]) -> TallyPage:
    """The tally asked for (in any language the bot reads), all matches by default."""
    written = options.get("tally", "all")
    tally = canonical(written)
    if tally not in TALLY_NAMES:
        raise BadChoice("web-bad-tally", tally=written)
    rows = await store.tallies.tally(community.id, TALLY_NAMES[tally], LARGEST_TALLY, 0)
    return TallyPage(tally, rows)


async def profile_page(
    store: Store, community: Community, player: str, now: datetime, options: Mapping[str, str]
) -> Ruling | None:
    """A member's page, as /profile shows him (None: the chat never saw him); it takes no
    options."""
    if await store.communities.member(community.id, player) is None:
        return None
    rows, results = await store.tallies.profile_of(community.id, player, TIMELINE_SIZE)
    record = await store.sanctions.discipline(community.id, player)
    return burraco_profile(player, record, rows, results, now, ZoneInfo(community.tz))


async def in_use(ctx: Context) -> bool:
    return bool(await ctx.store.tables.open_matches(ctx.cid))


async def new_year(ctx: Context) -> None:
    """1 January in the chat's time zone: the yearly count of abandonments restarts."""
    local = ctx.now.astimezone(ctx.zone)
    await ctx.decide(year_reset(local.year, ctx.now), kind="notice", subject="")


BURRACO = register(
    Rulebook(
        name=RULEBOOK,
        menus=(Menu(RULEBOOK, "Burraco club commands"),),
        commands=("bot.handlers.corrections", "bot.handlers.tables", "bot.handlers.sanctions"),
        zone="Europe/Rome",
        new_chats_on=("console", "telegram"),
        standings_forms=(
            (Choice("tally", TALLY_CHOICES, required=False), Int("page", 1, required=False)),
        ),
        standings=standings,
        profile=profile,
        correct_forms=RESULT_FORMS,
        correct=correct_match,
        in_use=in_use,
        new_year=new_year,
        settings=("ready_clock", "table_ttl", "open_tables"),
        timers={
            "ready_window": ready_window,
            "next_hand": next_hand,
            "auto_confirm": auto_confirm,
            "table_expiry": table_expiry,
        },
        ranked=("points", "average"),
        pictured=("points", "matches", "average"),
        chart=Chart(
            bar="vp",
            total="points",
            bar_top=20.5,
            bar_label="picture-chart-vp",
            total_label="picture-chart-points",
            steps_label="picture-chart-matches",
            title="picture-chart-title",
        ),
        pages=Pages(options=("tally",), standings=tally_page, profile=profile_page),
        warnings=LADDER,
        cards_on_screen=True,
        counts_abandonments=True,
        cited_as={"001": "club"},
    )
)
