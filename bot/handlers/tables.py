"""Burraco tables: open, sit, hands, results, confirmation, readiness, and the timers that
close them (RULES §1.1–1.6)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.burraco import RULEBOOK
from bot.discipline.burraco import announcements as announce
from bot.discipline.burraco.match import (
    AWAITING,
    FORMATS,
    GIALLO,
    NEXT_HAND_DELAY,
    OPEN,
    SIDES,
    Match,
)
from bot.discipline.burraco.vp import HAND_COUNTS, RULESETS
from bot.discipline.errors import RuleViolation
from bot.handlers._burraco import (
    RESULT_FORMS,
    TABLE,
    ResultArgs,
    abandon,
    arm_expiry,
    cancel_match_timers,
    finish,
    given_vp,
    load_match,
    may_open,
    may_report,
    on_behalf,
    settle_result,
    table_ttl,
    tables_for,
)
from bot.handlers._core import Context, command
from bot.handlers.grammar import (
    Choice,
    Flags,
    Int,
    Mention,
    NoArguments,
    Text,
)
from bot.storage.store import Timer

MP_LIMIT = 100_000
RULE = "001 §1"


@dataclass(frozen=True)
class OpenArgs:
    ruleset: str
    format: str
    hands: str
    options: frozenset[str]


@command(
    "open",
    Choice("ruleset", RULESETS),
    Choice("format", FORMATS),
    Choice("hands", tuple(str(h) for h in HAND_COUNTS)),
    Flags("options", ("official", "ai", "final")),
    rulebook=RULEBOOK,
)
async def open_table(ctx: Context, args: OpenArgs) -> None:
    ruleset, fmt, hands = args.ruleset, args.format, int(args.hands)
    flags = args.options
    until = (await ctx.record(ctx.actor_key)).stop_until(ctx.now)
    if until is not None:  # a stopped member opens no table (CONSOLE.md, third edition)
        raise RuleViolation("player_stopped", reason="stopped", player=ctx.actor_key, until=until)
    await may_open(ctx)
    table = tables_for(ctx, ruleset).table(hands)
    number = await ctx.store.tables.take_table_number(ctx.cid)
    match = Match.open(
        number,
        table,
        fmt,
        official="official" in flags,
        ai="ai" in flags,
        final="final" in flags,
        by=ctx.actor_key,
        at=ctx.now,
    )
    await ctx.store.tables.save_match(ctx.cid, match)
    await arm_expiry(ctx, match)
    await ctx.decide(
        announce.table_opened(match, table, ctx.actor_key, ctx.now),
        kind="notice",
        subject="",
    )


@dataclass(frozen=True)
class SitArgs:
    table: int
    side: str | None


@command("sit", TABLE, Choice("side", SIDES, required=False), rulebook=RULEBOOK)
async def sit(ctx: Context, args: SitArgs) -> None:
    number, side = args.table, args.side
    if not ctx.speaker_clear:
        refusal = (await ctx.record(ctx.actor_key)).seating_refusal(ctx.now)
        if refusal is not None:
            raise refusal
    match, elsewhere = await ctx.store.tables.match_for_seat(ctx.cid, number, ctx.actor_key)
    if match is None:
        raise RuleViolation("unknown_table", reason="unknown_table", table=number)
    if elsewhere is not None:
        raise RuleViolation("seated_elsewhere", reason="already_seated", table=elsewhere)
    seat = match.sit(ctx.actor_key, side)
    await ctx.store.tables.save_match(ctx.cid, match)
    await ctx.decide(announce.seated(match, seat, ctx.now))
    if match.is_full:
        await ctx.decide(
            announce.match_started(match, ctx.now),
            kind="notice",
            subject="",
            people=set(match.people),
        )


@dataclass(frozen=True)
class HandArgs:
    table: int
    mp_ns: int
    mp_ew: int


@command(
    "hand",
    TABLE,
    Int("mp_ns", -MP_LIMIT, MP_LIMIT),
    Int("mp_ew", -MP_LIMIT, MP_LIMIT),
    rulebook=RULEBOOK,
)
async def hand(ctx: Context, args: HandArgs) -> None:
    number, mp_ns, mp_ew = args.table, args.mp_ns, args.mp_ew
    match = await load_match(ctx, number)
    may_report(ctx, match)
    last = match.record_hand(mp_ns, mp_ew, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    await ctx.decide(
        announce.hand_recorded(match, mp_ns, mp_ew, ctx.actor_key, ctx.now),
        kind="notice",
        subject="",
        people=set(match.people),
        audit="hand" if on_behalf(ctx, match) else None,
    )
    if last:
        if match.format == GIALLO:
            await ctx.decide(
                announce.awaiting_vp(match, ctx.now),
                kind="notice",
                subject="",
            )
            return
        await settle_result(ctx, match, match.vp_from_hands())
        return
    if ctx.community.settings.get("ready_clock", "on") == "on" and match.ready_deadline:
        await ctx.store.timers.schedule(ctx.cid, "ready_window", str(number), match.ready_deadline)
        await ctx.decide(
            announce.ready_window(match, ctx.now),
            kind="notice",
            subject="",
        )


@command("result", forms=RESULT_FORMS, rulebook=RULEBOOK)
async def result(ctx: Context, args: ResultArgs) -> None:
    """Sides' Victory Points, or each player's at a giallo matto table."""
    match = await load_match(ctx, args.table)
    may_report(ctx, match)
    await settle_result(ctx, match, await given_vp(ctx, match, args))


@dataclass(frozen=True)
class ConfirmArgs:
    table: int


@command("confirm", TABLE, rulebook=RULEBOOK)
async def confirm(ctx: Context, args: ConfirmArgs) -> None:
    number = args.table
    match = await load_match(ctx, number)
    if match.result_vp is not None:
        raise RuleViolation("result_already_confirmed", reason="already_confirmed", table=number)
    if match.pending is None:
        raise RuleViolation("no_result_reported", reason="no_result", table=number)
    if not ctx.is_moderator and match.pending.disputed:  # RULES §3: a moderator settles it
        raise RuleViolation("disputed_result", reason="not_moderator", table=number)
    if not ctx.is_moderator and not match.may_confirm(ctx.actor_key):
        raise RuleViolation("not_other_side", reason="not_other_side", table=number)
    moderator_decides = not match.may_confirm(ctx.actor_key)
    await finish(ctx, match, match.pending.vp, audit="confirm" if moderator_decides else None)


@dataclass(frozen=True)
class DisputeArgs:
    table: int
    reason: str


@command("dispute", TABLE, Text("reason"), rulebook=RULEBOOK)
async def dispute(ctx: Context, args: DisputeArgs) -> None:
    number, reason = args.table, args.reason
    match = await load_match(ctx, number)
    ruling = match.dispute(ctx.actor_key, reason, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await ctx.store.timers.cancel(ctx.cid, "auto_confirm", str(number))
    await ctx.decide(ruling, kind="notice", people=set(match.people))


@dataclass(frozen=True)
class ReadyArgs:
    table: int


@command("ready", TABLE, rulebook=RULEBOOK)
async def ready(ctx: Context, args: ReadyArgs) -> None:
    number = args.table
    match = await load_match(ctx, number)
    everyone = match.mark_ready(ctx.actor_key)
    await ctx.store.tables.save_match(ctx.cid, match)
    await ctx.decide(announce.ready(match, ctx.actor_key, everyone, ctx.now))
    if everyone:
        await ctx.store.timers.cancel(ctx.cid, "ready_window", str(number))
        await ctx.store.timers.schedule(
            ctx.cid,
            "next_hand",
            str(number),
            ctx.now + NEXT_HAND_DELAY,
            {"hand": len(match.hand_scores) + 1},
        )


@command("tables", rulebook=RULEBOOK)
async def tables(ctx: Context, args: NoArguments) -> None:
    """The open and running tables: format, seats, hands played."""
    found = await ctx.store.tables.open_matches(ctx.cid)
    await ctx.decide(announce.tables(found, ctx.now))


@dataclass(frozen=True)
class StandArgs:
    table: int
    player: str | None


@command("stand", TABLE, Mention("player", required=False, shown="[@user]"), rulebook=RULEBOOK)
async def stand(ctx: Context, args: StandArgs) -> None:
    """Leave one's seat before the first hand; a moderator may free someone else's."""
    player = ctx.actor_key if args.player is None else (await ctx.member(args.player)).key
    if player != ctx.actor_key:
        ctx.require_moderator()
    match = await load_match(ctx, args.table)
    ruling = match.stand(player, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await ctx.decide(ruling, kind="notice", audit="stand" if player != ctx.actor_key else None)


@dataclass(frozen=True)
class CloseArgs:
    table: int
    reason: str | None


@command("close", TABLE, Text("reason", required=False), rulebook=RULEBOOK)
async def close(ctx: Context, args: CloseArgs) -> None:
    """A table with no hand recorded is closed, by whoever opened it or a moderator."""
    match = await load_match(ctx, args.table)
    if match.opened_by != ctx.actor_key:
        ctx.require_moderator()
    ruling = match.close(ctx.actor_key, args.reason, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    await ctx.decide(
        ruling,
        kind="notice",
        subject="",
        audit="close" if ctx.is_moderator else None,
        reason=args.reason,
    )


# ---- the tables' timers (declared by the rulebook: Rulebook.timers) --------------------------
async def ready_window(ctx: Context, due: Timer) -> None:
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None or match.status != OPEN or match.ready_deadline is None:
        return
    missing = match.not_ready()
    if missing:
        await abandon(ctx, match, missing, "not_ready")


async def next_hand(ctx: Context, due: Timer) -> None:
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None or match.status != OPEN:
        return
    await ctx.decide(
        announce.next_hand(match, ctx.now),
        kind="notice",
        subject="",
    )


async def auto_confirm(ctx: Context, due: Timer) -> None:
    match = await ctx.store.tables.match(ctx.cid, int(due.subject))
    if match is None or match.status != AWAITING or match.pending is None:
        return
    if match.pending.disputed:
        return
    await finish(ctx, match, match.pending.vp)


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
