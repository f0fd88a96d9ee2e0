"""Abandonments, expired turns, the yellow card, stops, annulments and lifts (RULES §1.6–1.8),
and how /undo takes each back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.discipline.burraco import RULEBOOK
from bot.discipline.burraco import announcements as announce
from bot.discipline.burraco.match import Match
from bot.discipline.errors import RuleViolation
from bot.discipline.record import MANUAL, stops_list
from bot.handlers._burraco import (
    TABLE,
    abandon,
    announce_lifted,
    imposed_by,
    load_match,
    restore_warning,
    withdraw_warning,
)
from bot.handlers._core import Context, command
from bot.handlers.grammar import Choice, Duration, Int, Mention, NoArguments, Text
from bot.handlers.moderation import target
from bot.handlers.undo import Undoing, reverses
from bot.ports.rulebooks import rulebook_named

PLAYER = Mention("player", shown="@user")


@dataclass(frozen=True)
class AbandonArgs:
    table: int
    player: str | None


@command("abandon", TABLE, Mention("player", required=False, shown="[@user]"), rulebook=RULEBOOK)
async def abandon_table(ctx: Context, args: AbandonArgs) -> None:
    number, named = args.table, args.player
    player = ctx.actor_key if named is None else (await ctx.member(named)).key
    if player != ctx.actor_key:
        ctx.require_moderator()
    match = await load_match(ctx, number)
    await abandon(ctx, match, [player], "reported")


async def _table_and_player(ctx: Context, table: int, named: str) -> tuple[Match, str]:
    """``<T> @user``: the match at that table and the member named."""
    player = (await ctx.member(named)).key
    return await load_match(ctx, table), player


@dataclass(frozen=True)
class TimeoutArgs:
    table: int
    player: str


@command("timeout", TABLE, PLAYER, rulebook=RULEBOOK, moderator=True)
async def expired_turn(ctx: Context, args: TimeoutArgs) -> None:
    match, player = await _table_and_player(ctx, args.table, args.player)
    second = match.expire_turn(player)
    await ctx.store.tables.save_match(ctx.cid, match)
    await ctx.decide(
        announce.turn_expired(match, player, ctx.now),
        kind="notice",
        audit="timeout",
    )
    if second:
        await abandon(ctx, match, [player], "expired_turns")


@dataclass(frozen=True)
class TurnArgs:
    table: int
    player: str


@command("turn", TABLE, PLAYER, rulebook=RULEBOOK, moderator=True)
async def turn_played(ctx: Context, args: TurnArgs) -> None:
    match, player = await _table_and_player(ctx, args.table, args.player)
    match.play_turn(player)
    await ctx.store.tables.save_match(ctx.cid, match)
    await ctx.decide(
        announce.turn_played(match, player, ctx.now),
        audit="turn",
    )


@command("leave", rulebook=RULEBOOK, personal=True)
async def leave(ctx: Context, args: NoArguments) -> None:
    record = await ctx.record(ctx.actor_key)
    left = record.leave_card(ctx.now)
    await ctx.save_record(record)
    await ctx.decide(left)


@dataclass(frozen=True)
class AnnulArgs:
    table: int
    player: str
    reason: str


@command("annul", TABLE, PLAYER, Text("reason"), rulebook=RULEBOOK, moderator=True)
async def annul(ctx: Context, args: AnnulArgs) -> None:
    number, reason = args.table, args.reason
    player = (await ctx.member(args.player)).key
    record = await ctx.record(player)
    warning = record.warning_for_match(number)
    if warning is None:
        raise RuleViolation(
            "no_warning_for_table", reason="no_warning", table=number, player=player
        )
    annulment, lifted = record.withdraw_warning(warning.id, ctx.now, ctx.zone, reason)
    await ctx.save_record(record)
    await ctx.decide(
        annulment.with_fields(match=number), kind="notice", audit="annul", reason=reason
    )
    await announce_lifted(ctx, player, lifted)


@dataclass(frozen=True)
class StopArgs:
    player: str | None
    duration: timedelta
    reason: str | None
    action: str | None
    ruling: int | None


@command(
    "stop",
    forms=(
        (PLAYER, Duration("duration"), Text("reason")),
        (Choice("action", ("edit",)), Int("ruling", 1, shown="N"), Duration("duration"),
         Text("reason", required=False)),
    ),
    moderator=True,
    confirmed=True,
)  # fmt: skip
async def stop(ctx: Context, args: StopArgs) -> None:
    """Only someone the chat has seen, never the moderator himself nor another (RULES §3,
    and the target check of every measure)."""
    if args.ruling is not None:  # /stop edit N …
        await _edit_stop(ctx, args.ruling, args.duration, args.reason)
        return
    assert args.player is not None and args.reason is not None  # the other form
    player = (await target(ctx, args.player))[0].key
    duration, reason = args.duration, args.reason
    record = await ctx.record(player)
    ruling = record.impose_stop(ctx.now, duration, reason)
    await ctx.save_record(record)
    await ctx.decide(ruling, kind="notice", audit="stop", reason=reason)


async def _edit_stop(ctx: Context, number: int, duration: timedelta, reason: str | None) -> None:
    """A moderator's stop given a new length, counted from its start."""
    found = await ctx.store.rulings.ruling(ctx.cid, number)
    if found is None or found.type != "stop" or found.get("kind") != MANUAL:
        raise RuleViolation("not_a_stop", reason="bad_input", ruling=number)
    if await ctx.store.rulings.reversed_by(ctx.cid, number) is not None:
        raise RuleViolation("already_undone", ruling=number)
    record = await ctx.record(found["player"])
    amended = record.amend_stop(found["stop_id"], duration, ctx.now, reason)
    await ctx.save_record(record)
    await ctx.decide(
        amended.with_fields(amends=number), kind="notice", audit="stop_edit", reason=reason
    )
    if amended["stop_until"] <= ctx.now:  # the new end has passed: the stop ends at the edit
        ended = record.stop_ended(ctx.now)
        if ended is not None:
            await ctx.decide(ended, kind="dm", to=found["player"])


@dataclass(frozen=True)
class LiftArgs:
    player: str
    reason: str


@command("lift", PLAYER, Text("reason"), moderator=True)
async def lift(ctx: Context, args: LiftArgs) -> None:
    player = (await ctx.member(args.player)).key
    if player == ctx.actor_key:  # a stopped moderator's stop is another moderator's to lift
        raise RuleViolation("self_lift", reason="bad_input")
    reason = args.reason
    record = await ctx.record(player)
    ruling = record.lift_stops(ctx.now, reason)
    await ctx.save_record(record)
    amends = await imposed_by(ctx, player, ruling)
    await ctx.decide(ruling.with_fields(amends=amends), kind="notice", audit="lift", reason=reason)


@command("stops", moderator=True)
async def stops(ctx: Context, args: NoArguments) -> None:
    """Moderators see every active stop and pending card (RULES §1.8), and every mute and
    ban in force in the chat."""
    active = await ctx.store.sanctions.active_stops(ctx.cid, ctx.now)
    cards = await ctx.store.sanctions.pending_cards(ctx.cid)
    measures = await ctx.store.sanctions.chat_measures(
        ctx.cid, ctx.now
    )  # mutes and bans in the chat
    rule = rulebook_named(ctx.community.rulebook).warnings.rule
    await ctx.decide(stops_list(active, cards, ctx.now, rule).with_fields(measures=measures))


# ---- /undo of a warning, an annulment, a stop, its lift or its new length --------------------
@reverses("warning")
async def _warning(ctx: Context, undoing: Undoing) -> None:
    await withdraw_warning(
        ctx, undoing.ruling["player"], undoing.ruling["warning_id"], undoing.reason
    )


@reverses("stop")
async def _stop(ctx: Context, undoing: Undoing) -> None:
    player = undoing.ruling["player"]
    record = await ctx.record(player)
    stop_id = undoing.ruling.get("stop_id") or next(
        (s.id for s in record.stops if s.kind == MANUAL and s.start == undoing.ruling.at), 0
    )
    lifted = record.undo_stop(stop_id, ctx.now)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, lifted)


@reverses("lift", "stop_lifted")
async def _lift(ctx: Context, undoing: Undoing) -> None:
    if undoing.ruling.type == "stop_lifted" and undoing.ruling.get("reason") is None:
        # the consequence of another ruling: that one is undone instead
        raise RuleViolation("not_undoable", reason="not_undoable", ruling=undoing.number)
    player = undoing.ruling["player"]
    record = await ctx.record(player)
    restored = record.restore_lifted(undoing.ruling.at, ctx.now)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, restored, amends=undoing.number)


@reverses("annulment")
async def _annulment(ctx: Context, undoing: Undoing) -> None:
    await restore_warning(ctx, undoing.number, undoing.ruling)


@reverses("stop_amended")
async def _stop_amended(ctx: Context, undoing: Undoing) -> None:
    """The stop has its earlier length again, while it runs: the ruling amends the stop, as
    the undone edit did (the undo itself cites the edit)."""
    decided = undoing.ruling
    record = await ctx.record(decided["player"])
    length = timedelta(seconds=decided["previous_seconds"])
    amended = record.amend_stop(decided["stop_id"], length, ctx.now, None)
    await ctx.save_record(record)
    stop = decided.get("amends", undoing.number)
    await ctx.decide(amended.with_fields(amends=stop), kind="notice")
