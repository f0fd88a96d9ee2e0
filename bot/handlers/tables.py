"""Burraco tables: open, sit, hands, results, confirmation, readiness (RULES §1.1–1.6)."""

from __future__ import annotations

from bot.discipline.burraco.match import FORMATS, GIALLO, NEXT_HAND_DELAY, SIDES, Match
from bot.discipline.burraco.vp import HAND_COUNTS, RULESETS
from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import (
    cancel_match_timers,
    finish,
    load_match,
    may_report,
    on_behalf,
    settle_result,
    tables_for,
)
from bot.handlers._core import BURRACO, Args, Context, command

MP_LIMIT = 100_000
RULE = "001 §1"


@command(
    "open",
    "/open <fibur|fitab> <1v1|pairs|4in2|giallo> <2|3|4> [official] [ai] [final]",
    rulebook=BURRACO,
)
async def open_table(ctx: Context, args: Args) -> None:
    ruleset = args.choice("ruleset", RULESETS)
    fmt = args.choice("format", FORMATS)
    hands = int(args.choice("hands", tuple(str(h) for h in HAND_COUNTS)))
    flags = set()
    while args.has_more():
        flags.add(args.choice("option", ("official", "ai", "final")))
    table = tables_for(ctx, ruleset).table(hands)
    number = await ctx.store.take_table_number(ctx.cid)
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
    await ctx.store.save_match(ctx.cid, match)
    await ctx.decide(
        Ruling(
            "table_opened",
            ctx.now,
            RULE,
            {
                "match": number,
                "table": number,
                "ruleset": ruleset,
                "format": fmt,
                "hands": hands,
                "official": match.official,
                "ai": match.ai,
                "final": match.final,
                "provisional_table": table.provisional,
                "provenance": table.provenance,
                "seats": match.capacity,
                "player": ctx.actor_key,
            },
        ),
        kind="notice",
        subject="",
    )


@command("sit", "/sit <T> [ns|ew]", rulebook=BURRACO)
async def sit(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    side = args.optional_choice(SIDES)
    args.end()
    if not ctx.speaker_clear:
        refusal = (await ctx.record(ctx.actor_key)).seating_refusal(ctx.now)
        if refusal is not None:
            raise refusal
    match, elsewhere = await ctx.store.match_for_seat(ctx.cid, number, ctx.actor_key)
    if match is None:
        raise RuleViolation("unknown_table", reason="unknown_table", table=number)
    if elsewhere is not None:
        raise RuleViolation("seated_elsewhere", reason="already_seated", table=elsewhere)
    seat = match.sit(ctx.actor_key, side)
    await ctx.store.save_match(ctx.cid, match)
    await ctx.decide(
        Ruling(
            "seated",
            ctx.now,
            RULE,
            {
                "match": number,
                "player": ctx.actor_key,
                "side": seat.side,
                "seated": len(match.seats),
                "seats": match.capacity,
            },
        )
    )
    if match.is_full:
        await ctx.decide(
            Ruling(
                "match_started",
                ctx.now,
                RULE,
                {
                    "match": number,
                    "players": match.people,
                    "hands": match.hands,
                    "turn_seconds": match.turn_seconds,
                },
            ),
            kind="notice",
            subject="",
            people=set(match.people),
        )


@command("hand", "/hand <T> <mp_ns> <mp_ew>", rulebook=BURRACO)
async def hand(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    mp_ns = args.integer("mp_ns", -MP_LIMIT, MP_LIMIT)
    mp_ew = args.integer("mp_ew", -MP_LIMIT, MP_LIMIT)
    args.end()
    match = await load_match(ctx, number)
    may_report(ctx, match)
    last = match.record_hand(mp_ns, mp_ew, ctx.now)
    await ctx.store.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    await ctx.decide(
        Ruling(
            "hand_recorded",
            ctx.now,
            "001 §2",
            {
                "match": number,
                "hand": len(match.hand_scores),
                "hands": match.hands,
                "mp_ns": mp_ns,
                "mp_ew": mp_ew,
                "difference_ns": match.difference_for("ns"),
                "player": ctx.actor_key,
            },
        ),
        kind="notice",
        subject="",
        people=set(match.people),
        audit="hand" if on_behalf(ctx, match) else None,
    )
    if last:
        if match.format == GIALLO:
            await ctx.decide(
                Ruling("awaiting_vp", ctx.now, "001 §2", {"match": number}),
                kind="notice",
                subject="",
            )
            return
        await settle_result(ctx, match, match.vp_from_hands())
        return
    if ctx.community.settings.get("ready_clock", "on") == "on" and match.ready_deadline:
        await ctx.store.schedule(ctx.cid, "ready_window", str(number), match.ready_deadline)
        await ctx.decide(
            Ruling(
                "ready_window",
                ctx.now,
                "001 §3",
                {
                    "match": number,
                    "players": match.people,
                    "seconds": 120,
                    "closes_at": match.ready_deadline,
                },
            ),
            kind="notice",
            subject="",
        )


@command(
    "result",
    "/result <T> vp <vp_ns> <vp_ew> | /result <T> vp @a <n> @b <n> @c <n> @d <n>",
    rulebook=BURRACO,
)
async def result(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    args.choice("vp", ("vp",))
    match = await load_match(ctx, number)
    may_report(ctx, match)
    if match.format == GIALLO:
        given: dict[str, int] = {}
        while args.has_more():
            member = await ctx.member(args.mention("player"))
            given[member.key] = args.integer("vp", 0, 20)
        vp = match.vp_from_players(given)
    else:
        vp_ns = args.integer("vp_ns", 0, 20)
        vp_ew = args.integer("vp_ew", 0, 20)
        args.end()
        vp = match.vp_from_sides(vp_ns, vp_ew)
    await settle_result(ctx, match, vp)


@command("confirm", "/confirm <T>", rulebook=BURRACO)
async def confirm(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    args.end()
    match = await load_match(ctx, number)
    if match.result_vp is not None:
        raise RuleViolation("result_already_confirmed", reason="already_confirmed", table=number)
    if match.pending is None:
        raise RuleViolation("no_result_reported", reason="no_result", table=number)
    if not ctx.is_moderator and not match.may_confirm(ctx.actor_key):
        raise RuleViolation("not_other_side", reason="not_other_side", table=number)
    moderator_decides = not match.may_confirm(ctx.actor_key)
    await finish(ctx, match, match.pending.vp, audit="confirm" if moderator_decides else None)


@command("dispute", "/dispute <T> <reason>", rulebook=BURRACO)
async def dispute(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    reason = args.rest("reason")
    match = await load_match(ctx, number)
    ruling = match.dispute(ctx.actor_key, reason, ctx.now)
    await ctx.store.save_match(ctx.cid, match)
    await ctx.store.cancel(ctx.cid, "auto_confirm", str(number))
    await ctx.decide(ruling, kind="notice", people=set(match.people))


@command("ready", "/ready <T>", rulebook=BURRACO)
async def ready(ctx: Context, args: Args) -> None:
    number = args.integer("table", 1)
    args.end()
    match = await load_match(ctx, number)
    everyone = match.mark_ready(ctx.actor_key)
    await ctx.store.save_match(ctx.cid, match)
    await ctx.decide(
        Ruling(
            "ready",
            ctx.now,
            "001 §3",
            {
                "match": number,
                "player": ctx.actor_key,
                "waiting_for": match.not_ready(),
                "all_ready": everyone,
            },
        )
    )
    if everyone:
        await ctx.store.cancel(ctx.cid, "ready_window", str(number))
        await ctx.store.schedule(
            ctx.cid,
            "next_hand",
            str(number),
            ctx.now + NEXT_HAND_DELAY,
            {"hand": len(match.hand_scores) + 1},
        )
