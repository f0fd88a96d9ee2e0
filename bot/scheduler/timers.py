"""What each timer every chat has does when it falls due (a rulebook's own are in its
declaration, ``Rulebook.timers``). Every timer is a row; its handler runs in the same
transaction that claims it, so its effects and its messages are recorded exactly once."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.discipline.calendar import next_new_year
from bot.discipline.conduct import BAN
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context
from bot.handlers.joins import check_expired, greet, raid_over
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


@timer("year_reset")
async def year_reset(ctx: Context, due: Timer) -> None:
    """1 January in the community's time zone: what its rulebook counts by the year restarts
    (a club's yearly count of abandonments, RULES §1.8)."""
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


@timer("join_check")
async def join_check(ctx: Context, due: Timer) -> None:
    """A new member who did not show he is a person in time goes (a request is declined)."""
    await check_expired(ctx, due)


@timer("welcome_batch")
async def welcome_batch(ctx: Context, due: Timer) -> None:
    """The joins of the last few seconds, greeted (and challenged) in one message."""
    await greet(ctx, due)


@timer("raid_end")
async def raid_end(ctx: Context, due: Timer) -> None:
    """A raid's time is over (``raid_time`` after its last join over the limit)."""
    await raid_over(ctx, due)


@timer("join_admitted")
async def join_admitted(ctx: Context, due: Timer) -> None:
    """A request let in whose join never came: nothing is left to do."""
