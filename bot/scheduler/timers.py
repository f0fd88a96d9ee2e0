"""What each timer does when it falls due. Every timer is a row; its handler runs in the same
transaction that claims it, so its effects and its messages are recorded exactly once."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.discipline.burraco import announcements as announce
from bot.discipline.burraco.match import AWAITING, OPEN
from bot.discipline.calendar import next_new_year
from bot.discipline.conduct import BAN
from bot.discipline.mcr.tournament import Tournament
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import abandon, cancel_match_timers, finish, table_ttl
from bot.handlers._core import Context
from bot.handlers.moderation import fail_check
from bot.ports.rulebooks import rulebook_named
from bot.storage.store import Timer

TimerHandler = Callable[[Context, Timer], Awaitable[None]]
HANDLERS: dict[str, TimerHandler] = {}


def timer(kind: str) -> Callable[[TimerHandler], TimerHandler]:
    def register(handler: TimerHandler) -> TimerHandler:
        HANDLERS[kind] = handler
        return handler

    return register


@timer("card_served")
async def card_served(ctx: Context, due: Timer) -> None:
    record = await ctx.record(due.subject)
    served = record.serve_card_if_due(ctx.now)
    if served is None:
        return  # the card left the screen or was replaced; its own timer will tell
    await ctx.save_record(record)
    await ctx.decide(served, kind="notice", to=due.subject)


@timer("stop_reminder")
async def stop_reminder(ctx: Context, due: Timer) -> None:
    reminder = (await ctx.record(due.subject)).reminder(ctx.now)
    if reminder is not None:
        await ctx.decide(reminder, kind="dm", to=due.subject)


@timer("stop_end")
async def stop_end(ctx: Context, due: Timer) -> None:
    record = await ctx.record(due.subject)
    ended = record.stop_ended(ctx.now)
    if ended is None:
        return
    await ctx.store.sanctions.save_discipline(ctx.cid, record, ctx.now)
    await ctx.decide(ended, kind="dm", to=due.subject)


@timer("ready_window")
async def ready_window(ctx: Context, due: Timer) -> None:
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None or match.status != OPEN or match.ready_deadline is None:
        return
    missing = match.not_ready()
    if missing:
        await abandon(ctx, match, missing, "not_ready")


@timer("next_hand")
async def next_hand(ctx: Context, due: Timer) -> None:
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None or match.status != OPEN:
        return
    await ctx.decide(
        announce.next_hand(match, ctx.now),
        kind="notice",
        subject="",
    )


@timer("auto_confirm")
async def auto_confirm(ctx: Context, due: Timer) -> None:
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None or match.status != AWAITING or match.pending is None:
        return
    if match.pending.disputed:
        return
    await finish(ctx, match, match.pending.vp)


@timer("year_reset")
async def year_reset(ctx: Context, due: Timer) -> None:
    """1 January in the community's time zone: what its rulebook counts by the year restarts
    (Burraco's abandonments, RULES §1.8)."""
    restart = rulebook_named(ctx.community.rulebook).new_year
    if restart is not None:
        await restart(ctx)
    await ctx.store.timers.schedule(ctx.cid, "year_reset", "year", next_new_year(ctx.now, ctx.zone))


@timer("ban_end")
async def ban_end(ctx: Context, due: Timer) -> None:
    """A timed ban runs out: he may come back (Discord keeps bans until lifted)."""
    record = await ctx.store.sanctions.conduct(ctx.cid, due.subject)
    ended = record.ended(BAN, ctx.now)
    if ended is None or ended.until is None or abs(ended.until - due.due_at) > timedelta(seconds=1):
        return  # lifted or changed meanwhile, or another ban holds him
    await ctx.decide(Ruling("ban_ended", ctx.now, "", {"player": due.subject}), kind="notice")


@timer("table_expiry")
async def table_expiry(ctx: Context, due: Timer) -> None:
    """A table left without a hand for the chat's ``table_ttl`` closes: not played, and
    nobody is warned."""
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None:
        return
    closed = match.expire(ctx.now, table_ttl(ctx))
    if closed is None:
        return
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    await ctx.decide(closed, kind="notice", subject="")


@timer("join_check")
async def join_check(ctx: Context, due: Timer) -> None:
    """A new member who did not show he is a person in time goes."""
    await fail_check(ctx, due.subject, int(due.payload["ruling"]))


async def _running_clock(ctx: Context, due: Timer) -> tuple[int, Tournament] | None:
    """The tournament whose countdown this timer belongs to, while it still runs as armed."""
    found = await ctx.store.tournaments.active_tournament(ctx.cid)
    if found is None or found[1].clock is None:
        return None
    if found[1].clock.ends_at.isoformat() != due.payload.get("ends_at"):
        return None  # started again or stopped meanwhile: its own timers tell
    return found


@timer("clock_warning")
async def clock_warning(ctx: Context, due: Timer) -> None:
    """15 minutes left in the session (ERGMT §3.6)."""
    found = await _running_clock(ctx, due)
    if found is not None and found[1].clock is not None:
        await ctx.decide(found[1].clock.warning(ctx.now), kind="notice", subject="")


@timer("clock_end")
async def clock_end(ctx: Context, due: Timer) -> None:
    """Time: play stops."""
    found = await _running_clock(ctx, due)
    if found is None or found[1].clock is None:
        return
    _, tournament = found
    assert tournament.clock is not None
    # the clock stays, at zero, until the session ends: the projector says time is up
    await ctx.decide(tournament.clock.ended(ctx.now), kind="notice", subject="")
