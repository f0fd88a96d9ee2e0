"""Abandonments, expired turns, the yellow card, stops, annulments and lifts (RULES §1.6–1.8)."""

from __future__ import annotations

from bot.discipline.burraco.match import Match
from bot.discipline.burraco.sanctions import RULE
from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import abandon, load_match
from bot.handlers._core import BURRACO, Args, Context, command


@command("abandon", "/abandon <T> [@user]", rulebook=BURRACO)
async def abandon_table(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    named = args.optional_mention()
    args.end()
    player = ctx.actor_key if named is None else (await ctx.member(named)).key
    if player != ctx.actor_key:
        ctx.require_moderator()
    match = await load_match(ctx, number)
    await abandon(ctx, match, [player], "reported")


async def _table_and_player(ctx: Context, args: Args) -> tuple[Match, str]:
    """``<T> @user``: the match at that table and the member named."""
    number = args.integer("table", 1)
    player = (await ctx.member(args.mention("player"))).key
    args.end()
    return await load_match(ctx, number), player


@command("timeout", "/timeout <T> @user", rulebook=BURRACO, moderator=True)
async def expired_turn(ctx: Context, args: Args) -> None:
    match, player = await _table_and_player(ctx, args)
    number = match.number
    second = match.expire_turn(player)
    await ctx.store.save_match(ctx.cid, match)
    await ctx.decide(
        Ruling(
            "turn_expired",
            ctx.now,
            "001 §3",
            {
                "match": number,
                "player": player,
                "in_a_row": match.expired_runs[player],
                "turn_seconds": match.turn_seconds,
            },
        ),
        kind="notice",
        audit="timeout",
    )
    if second:
        await abandon(ctx, match, [player], "expired_turns")


@command("turn", "/turn <T> @user", rulebook=BURRACO, moderator=True)
async def turn_played(ctx: Context, args: Args) -> None:
    match, player = await _table_and_player(ctx, args)
    match.play_turn(player)
    await ctx.store.save_match(ctx.cid, match)
    await ctx.decide(
        Ruling("turn_played", ctx.now, "001 §3", {"match": match.number, "player": player}),
        audit="turn",
    )


@command("card", "/card", rulebook=BURRACO)
async def card(ctx: Context, args: Args) -> None:
    args.end()
    record = await ctx.record(ctx.actor_key)
    n, d = record.counts(ctx.now, ctx.zone)
    until = record.stop_until(ctx.now)
    if until is not None or record.card is None:
        await ctx.decide(
            Ruling(
                "card_status",
                ctx.now,
                RULE,
                {
                    "player": ctx.actor_key,
                    "stop_until": until,
                    "n": n,
                    "d": d,
                    "cautioned_today": record.cautioned_today(ctx.now, ctx.zone),
                    "reasons": [s.kind for s in record.active_stops(ctx.now)],
                },
            )
        )
        return
    if record.card.on_screen:
        await ctx.decide(
            Ruling(
                "card_shown",
                ctx.now,
                RULE,
                {
                    "player": ctx.actor_key,
                    "balls": record.card.balls,
                    "remaining_seconds": record.card.remaining_at(ctx.now),
                },
            )
        )
        return
    await ctx.show_card(record)


@command("leave", "/leave", rulebook=BURRACO)
async def leave(ctx: Context, args: Args) -> None:
    args.end()
    record = await ctx.record(ctx.actor_key)
    left = record.leave_card(ctx.now)
    await ctx.save_record(record)
    await ctx.decide(left)


@command("annul", "/annul <T> @user <reason>", rulebook=BURRACO, moderator=True)
async def annul(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    player = (await ctx.member(args.mention("player"))).key
    reason = args.rest("reason")
    record = await ctx.record(player)
    warning = record.warning_for_match(number)
    if warning is None:
        raise RuleViolation(
            "no_warning_for_table", reason="no_warning", table=number, player=player
        )
    ruling = record.annul_warning(warning.id, ctx.now, ctx.zone, reason)
    await ctx.save_record(record)
    await ctx.decide(ruling.with_fields(match=number), kind="notice", audit="annul", reason=reason)


@command("stop", "/stop @user <duration> <reason>", moderator=True)
async def stop(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    duration = args.duration("duration")
    reason = args.rest("reason")
    record = await ctx.record(player)
    ruling = record.impose_stop(ctx.now, duration, reason)
    await ctx.save_record(record)
    await ctx.decide(ruling, kind="notice", audit="stop", reason=reason)


@command("lift", "/lift @user <reason>", moderator=True)
async def lift(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    reason = args.rest("reason")
    record = await ctx.record(player)
    ruling = record.lift_stops(ctx.now, reason)
    await ctx.save_record(record)
    await ctx.decide(ruling, kind="notice", audit="lift", reason=reason)


@command("stops", "/stops", moderator=True)
async def stops(ctx: Context, args: Args) -> None:
    """Moderators see every active stop and pending card (RULES §1.8)."""
    args.end()
    active = await ctx.store.active_stops(ctx.cid, ctx.now)
    cards = await ctx.store.pending_cards(ctx.cid)
    await ctx.decide(
        Ruling(
            "stops_list",
            ctx.now,
            RULE,
            {
                "stops": [{"player": p, "until": until} for p, until in active],
                "cards": [
                    {
                        "player": r.player,
                        "remaining_seconds": r.card.remaining_at(ctx.now),
                        "on_screen": r.card.on_screen,
                    }
                    for r in cards
                    if r.card is not None
                ],
            },
        )
    )
