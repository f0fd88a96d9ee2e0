"""MCR tournaments: sessions, seating, scores, penalties, substitutes, appeals (RULES §2)."""

from __future__ import annotations

from bot.discipline.errors import RuleViolation
from bot.discipline.mcr.catalogue import DEAD_HANDS, VIOLATIONS
from bot.discipline.mcr.penalties import FALSE_HU_VARIANTS, Ladder
from bot.discipline.mcr.tournament import SUB_REASONS, Tournament
from bot.discipline.rulings import Ruling
from bot.handlers._core import MCR, Args, Context, command

SCORE_LIMIT = 1_000_000


async def current(ctx: Context) -> tuple[int, Tournament]:
    found = await ctx.store.active_tournament(ctx.cid)
    if found is None:
        raise RuleViolation("no_tournament", reason="no_tournament")
    return found


async def publish(
    ctx: Context,
    number: int,
    tournament: Tournament,
    rulings: list[Ruling],
    audit: str | None = None,
    reason: str | None = None,
) -> None:
    """Save the tournament and announce its rulings; table points go to the whole chat."""
    await ctx.store.save_tournament(ctx.cid, number, tournament)
    for ruling in rulings:
        people = set(ruling.get("paid") or ()) | set(ruling.get("tp") or ())
        is_table = ruling.type == "table_points"
        await ctx.decide(
            ruling,
            kind="notice",
            people=people,
            subject="" if is_table else None,
            audit=None if is_table else audit,
            reason=reason,
        )


@command("tournament", "/tournament <name> <sessions>", rulebook=MCR, moderator=True)
async def tournament(ctx: Context, args: Args) -> None:
    name = args.word("name")
    sessions = args.integer("sessions", 1, 99)
    args.end()
    created = Tournament.create(name, sessions)
    ladder = ctx.community.settings.get("ladder")
    if ladder:
        created.ladder = Ladder(tuple(ladder["steps"]), int(ladder["increment"]))
    created.placement = ctx.community.settings.get("placement", "after")
    number = await ctx.store.add_tournament(ctx.cid, created)
    await ctx.decide(
        Ruling(
            "tournament_created",
            ctx.now,
            "000 §1",
            {"tournament": name, "id": number, "sessions": sessions},
        ),
        kind="notice",
        subject="",
        audit="tournament",
    )


@command("register", "/register @user…", rulebook=MCR, moderator=True)
async def register(ctx: Context, args: Args) -> None:
    names = args.mentions("players")
    keys = [(await ctx.member(name)).key for name in names]
    number, found = await current(ctx)
    added = found.register(keys)
    await ctx.store.save_tournament(ctx.cid, number, found)
    await ctx.decide(
        Ruling(
            "registered", ctx.now, "000 §1", {"players": added, "registered": len(found.players)}
        ),
        kind="notice",
        subject="",
        people=set(added),
        audit="register",
    )


@command("session", "/session <start|end>", rulebook=MCR, moderator=True)
async def session(ctx: Context, args: Args) -> None:
    action = args.choice("action", ("start", "end"))
    args.end()
    number, found = await current(ctx)
    if action == "start":
        started = found.start_session()
        await ctx.store.save_tournament(ctx.cid, number, found)
        await ctx.decide(
            Ruling(
                "session_started",
                ctx.now,
                "000 §1",
                {"session": started, "sessions": found.sessions},
            ),
            kind="notice",
            subject="",
            audit="session",
        )
        return
    ended = found.end_session()
    await ctx.store.save_tournament(ctx.cid, number, found)
    await ctx.decide(
        Ruling(
            "session_ended",
            ctx.now,
            "000 §1",
            {
                "session": ended,
                "sessions": found.sessions,
                "pending_appeals": [a.id for a in found.pending_appeals()],
            },
        ),
        kind="notice",
        subject="",
        audit="session",
    )
    for appeal in found.pending_appeals():
        await ctx.decide(
            Ruling(
                "appeal_reminder",
                ctx.now,
                "000 2.1",
                {
                    "appeal": appeal.id,
                    "ruling_appealed": appeal.ruling,
                    "player": appeal.by,
                    "text": appeal.text,
                },
            ),
            kind="notice",
        )


@command("seat", "/seat <table> @east @south @west @north", rulebook=MCR, moderator=True)
async def seat(ctx: Context, args: Args) -> None:
    table = args.integer("table", 1, 999)
    keys = [
        (await ctx.member(args.mention(wind))).key for wind in ("east", "south", "west", "north")
    ]
    args.end()
    number, found = await current(ctx)
    placed = found.seat(table, keys)
    await ctx.store.save_tournament(ctx.cid, number, found)
    await ctx.decide(
        Ruling(
            "seating", ctx.now, "000 §1", {"session": placed.session, "table": table, "seats": keys}
        ),
        kind="notice",
        subject="",
        people=set(keys),
        audit="seat",
    )


@command("score", "/score <table> <e> <s> <w> <n>", rulebook=MCR, moderator=True)
async def score(ctx: Context, args: Args) -> None:
    table = args.integer("table", 1, 999)
    scores = [args.integer(wind, -SCORE_LIMIT, SCORE_LIMIT) for wind in ("e", "s", "w", "n")]
    args.end()
    number, found = await current(ctx)
    ruling, zero_sum = found.record_scores(table, scores, ctx.now)
    await publish(
        ctx,
        number,
        found,
        [ruling.with_fields(zero_sum=zero_sum, sheet_total=sum(scores))],
        audit="score",
    )


@command("late", "/late @user <minutes>", rulebook=MCR, moderator=True)
async def late(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    minutes = args.integer("minutes", 1, 24 * 60)
    args.end()
    number, found = await current(ctx)
    await publish(ctx, number, found, found.late(player, minutes, ctx.now), audit="late")


@command("violation", "/violation @user <kind> [points]", rulebook=MCR, moderator=True)
async def violation(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    kind = args.choice("kind", tuple(VIOLATIONS))
    extra = args.integer("points", 0, SCORE_LIMIT) if args.has_more() else None
    args.end()
    number, found = await current(ctx)
    await publish(
        ctx, number, found, found.violation(player, kind, extra, ctx.now), audit="violation"
    )


@command("deadhand", "/deadhand @user <kind>", rulebook=MCR, moderator=True)
async def deadhand(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    kind = args.choice("kind", tuple(DEAD_HANDS))
    args.end()
    number, found = await current(ctx)
    await publish(ctx, number, found, [found.dead_hand(player, kind, ctx.now)], audit="deadhand")


@command(
    "falsehu", "/falsehu @user <under8|invalid> [exposed|concealed]", rulebook=MCR, moderator=True
)
async def falsehu(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    variant = args.choice("variant", FALSE_HU_VARIANTS)
    shown = args.optional_choice(("exposed", "concealed")) or "exposed"
    args.end()
    number, found = await current(ctx)
    await publish(
        ctx,
        number,
        found,
        found.false_hu(player, variant, shown == "exposed", ctx.now),
        audit="falsehu",
    )


@command("notile", "/notile @user", rulebook=MCR, moderator=True)
async def notile(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    args.end()
    number, found = await current(ctx)
    await publish(ctx, number, found, found.forgotten_tile(player, ctx.now), audit="notile")


@command("dq", "/dq @user <reason>", rulebook=MCR, moderator=True)
async def dq(ctx: Context, args: Args) -> None:
    player = (await ctx.member(args.mention("player"))).key
    reason = args.rest("reason")
    number, found = await current(ctx)
    await publish(
        ctx, number, found, found.disqualify(player, reason, ctx.now), audit="dq", reason=reason
    )


@command("sub", "/sub @out @in <late|ill-before|ill-during|dq>", rulebook=MCR, moderator=True)
async def sub(ctx: Context, args: Args) -> None:
    out = (await ctx.member(args.mention("out"))).key
    replacement = (await ctx.member(args.mention("in"))).key
    reason = args.choice("reason", SUB_REASONS)
    args.end()
    number, found = await current(ctx)
    await publish(
        ctx, number, found, found.substitute(out, replacement, reason, ctx.now), audit="sub"
    )


@command("appeal", "/appeal <ruling id> <text>", rulebook=MCR)
async def appeal(ctx: Context, args: Args) -> None:
    ruling_id = args.integer("ruling", 1)
    text = args.rest("text")
    appealed = await ctx.store.ruling(ctx.cid, ruling_id)
    if appealed is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=ruling_id)
    number, found = await current(ctx)
    effect = appealed.get("effect")
    if effect is None:
        raise RuleViolation("ruling_not_appealable", reason="not_appealable", ruling=ruling_id)
    ruling = found.appeal(ruling_id, effect, ctx.actor_key, text, ctx.now)
    await ctx.store.save_tournament(ctx.cid, number, found)
    await ctx.decide(ruling)


@command("resolve", "/resolve <appeal id> <uphold|overturn> <reason>", rulebook=MCR, moderator=True)
async def resolve(ctx: Context, args: Args) -> None:
    appeal_id = args.integer("appeal", 1)
    decision = args.choice("decision", ("uphold", "overturn"))
    reason = args.rest("reason")
    number, found = await current(ctx)
    await publish(
        ctx,
        number,
        found,
        found.resolve(appeal_id, decision, reason, ctx.now),
        audit="resolve",
        reason=reason,
    )


@command("referee", "/referee", rulebook=MCR)
async def referee(ctx: Context, args: Args) -> None:
    reason = args.rest("reason", required=False)
    await ctx.decide(
        Ruling(
            "referee_call",
            ctx.now,
            "000 2.1",
            {
                "player": ctx.actor_key,
                "note": reason or None,
                "referees": ctx.community.settings.get("admins", []),
            },
        ),
        kind="notice",
    )
