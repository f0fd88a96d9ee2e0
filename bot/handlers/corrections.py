"""Corrections (RULES §3, Decision): a moderator replaces a Burraco result or voids a match.
Each is a new ruling citing what it amends; the rulings it reverses stay in the log, no
longer counted, and everything computed from them (standings, warnings and the stops or cards
they brought) is derived again from what still stands."""

from __future__ import annotations

from bot.discipline.burraco import RULEBOOK
from bot.discipline.burraco.standings import tallies_from
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import (
    TABLE,
    announce_lifted,
    cancel_match_timers,
    given_vp,
    load_match,
    standings_page,
)
from bot.handlers._core import Context, command
from bot.handlers.grammar import Text, Values

VOIDED = "001 §4"


async def correct_match(ctx: Context, args: Values) -> None:
    """/correct: the right Victory Points replace a table's recorded or disputed ones."""
    match = await load_match(ctx, args["table"])
    match.require_correctable()
    vp = await given_vp(ctx, match, args, playing=False)
    people = set(match.people) | set(vp)
    standing = await ctx.store.rulings.standing_results(
        ctx.cid, people, ("result_reported", "match_result", "match_corrected")
    )
    of_match = [(rid, r) for rid, r in standing if r.get("match") == match.number]
    ruling = match.correct(vp, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    amends = of_match[-1][0] if of_match else None
    corrected = await ctx.decide(
        ruling.with_fields(amends=amends),
        kind="notice",
        people=people,
        subject="",
        audit="correct",
    )
    assert corrected is not None
    await ctx.store.rulings.reverse(ctx.cid, [rid for rid, _ in of_match], corrected)
    await rederive_standings(ctx, people)
    await ctx.decide(await standings_page(ctx), kind="notice")


@command("void", TABLE, Text("reason"), rulebook=RULEBOOK, moderator=True)
async def void(ctx: Context, args: Values) -> None:
    """A match as if never played: no points, and no abandonment or warning stands from it
    (the stop or card a warning brought is lifted, and said)."""
    match = await load_match(ctx, args["table"])
    number, reason = match.number, args["reason"]
    people = set(match.people) | set(match.result_vp or {}) | set(match.abandoners)
    standing = await ctx.store.rulings.standing_results(ctx.cid, people)
    undone = [rid for rid, r in standing if r.get("match") == number]
    match.void(ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    annulments: list[tuple[str, Ruling, list[Ruling]]] = []
    for player in sorted(people):
        record = await ctx.record(player)
        warning = record.warning_for_match(number)
        if warning is not None and not warning.annulled:
            given = await ctx.store.rulings.ruling_with(
                ctx.cid, player, ("warning",), {"warning_id": warning.id}
            )
            if given is not None:  # the warning's ruling stands no more either: listed
                undone.append(given)
            annulment, lifted = record.withdraw_warning(warning.id, ctx.now, ctx.zone, reason)
            annulments.append((player, annulment.with_fields(match=number), lifted))
            await ctx.save_record(record)
    undone.sort()
    voided = await ctx.decide(
        Ruling(
            "match_voided", ctx.now, VOIDED, {"match": number, "undone": undone, "reason": reason}
        ),
        kind="notice",
        people=people,
        subject="",
        audit="void",
        reason=reason,
    )
    assert voided is not None
    await ctx.store.rulings.reverse(ctx.cid, undone, voided)
    for player, annulment, lifted in annulments:
        await ctx.decide(annulment, kind="notice")
        await announce_lifted(ctx, player, lifted)
    await rederive_standings(ctx, people)
    await ctx.decide(await standings_page(ctx), kind="notice")


async def rederive_standings(ctx: Context, members: set[str]) -> None:
    """These members' standings, derived again from the results that still stand."""
    results = await ctx.store.rulings.standing_results(ctx.cid, members)
    rows = tallies_from([(r.at, r.type, dict(r.fields)) for _, r in results], members)
    await ctx.store.tallies.replace_tallies(ctx.cid, members, rows)
