"""Corrections (RULES §3, Decision): a moderator replaces a Burraco result, voids a match or
undoes a result, a hand, a report or an abandonment. Each is a new ruling citing what it
amends; the rulings it reverses stay in the log, no longer counted, and everything computed
from them (standings, warnings and the stops or cards they brought) is derived again from
what still stands."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.burraco import RULEBOOK
from bot.discipline.burraco import announcements as announce
from bot.discipline.burraco.match import FINISHED, NULL, OPEN, Match
from bot.discipline.burraco.standings import tallies_from
from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import (
    TABLE,
    ResultArgs,
    announce_lifted,
    arm_confirmation,
    arm_expiry,
    cancel_match_timers,
    given_vp,
    load_match,
    restore_warning,
    standings_page,
    table_ttl,
    withdraw_warning,
)
from bot.handlers._core import Context, command
from bot.handlers.grammar import Text
from bot.handlers.undo import Undoing, reverses

VOIDED = "001 §4"


async def correct_match(ctx: Context, args: ResultArgs) -> None:
    """/correct: the right Victory Points replace a table's recorded or disputed ones."""
    match = await load_match(ctx, args.table)
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


@dataclass(frozen=True)
class VoidArgs:
    table: int
    reason: str


@command("void", TABLE, Text("reason"), rulebook=RULEBOOK, moderator=True)
async def void(ctx: Context, args: VoidArgs) -> None:
    """A match as if never played: no points, and no abandonment or warning stands from it
    (the stop or card a warning brought is lifted, and said)."""
    match = await load_match(ctx, args.table)
    number, reason = match.number, args.reason
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


# ---- /undo of a result, a hand, a report, a void, an abandonment --------------------------
@reverses("abandonment")
async def _abandonment(ctx: Context, undoing: Undoing) -> None:
    """No abandonment: no points for the abandoner, and no warning stands from it."""
    player, match = undoing.ruling["player"], undoing.ruling["match"]
    table = await load_match(ctx, match)
    if table.status == NULL and player in table.abandoners:
        table.withdraw_abandonment(player)
        await ctx.store.tables.save_match(ctx.cid, table)
        expired = table.expire(ctx.now, table_ttl(ctx)) if table.status == OPEN else None
        if expired is not None:  # left long ago: no match goes on, the table closes now
            await ctx.store.tables.save_match(ctx.cid, table)
            await cancel_match_timers(ctx, table)
            await ctx.decide(expired, kind="notice", subject="")
        elif table.status == OPEN:  # played on, and left to expire if nobody plays
            await arm_expiry(ctx, table)
            fields = {"match": match, "players": table.people, "amends": undoing.number}
            await ctx.decide(
                Ruling("match_resumed", ctx.now, "", fields),
                kind="notice",
                subject="",
                people=set(table.people),
            )
    record = await ctx.record(player)
    warning = record.warning_for_match(match)
    if warning is not None:
        given = await ctx.store.rulings.ruling_with(
            ctx.cid, player, ("warning",), {"warning_id": warning.id}
        )
        if given is not None:
            await ctx.store.rulings.reverse(ctx.cid, [given], undoing.by)
        await withdraw_warning(ctx, player, warning.id, undoing.reason)
    await _standings_again(ctx, {player})


@reverses("match_result", "match_corrected")
async def _result(ctx: Context, undoing: Undoing) -> None:
    """The result stands no more: the one a correction replaced stands again; a confirmed
    report (by a player, a moderator or the clock) awaits confirmation again; without
    either, the match waits for its result. What was played is never erased."""
    match = await load_match(ctx, undoing.ruling["match"])
    restored = await ctx.store.rulings.restore(ctx.cid, undoing.number, undoing.by)
    previous = [await ctx.store.rulings.ruling(ctx.cid, n) for n in restored]
    earlier = next((r for r in reversed(previous) if r is not None), None)
    people = set(undoing.ruling["vp"]) | (set(earlier["vp"]) if earlier else set())
    report = None
    if earlier is None and undoing.ruling.type == "match_result":
        report = await _standing_report(ctx, match, people | set(match.people))
    if earlier is not None:
        reporter = earlier["player"] if earlier.type == "result_reported" else None
        match.restore(dict(earlier["vp"]), reporter, earlier.at)
    elif report is not None:
        reported, disputed = report
        match.await_confirmation(
            dict(reported["vp"]), reported["player"], ctx.now, disputed=disputed
        )
    else:
        match.withdraw_result(ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await arm_confirmation(ctx, match)
    if match.pending is not None:  # a report awaits again: said, with who settles it
        await ctx.decide(
            announce.result_pending(match, undoing.number, ctx.now),
            kind="notice",
            people=set(match.people),
        )
    await _standings_again(ctx, people)


async def _standing_report(
    ctx: Context, match: Match, people: set[str]
) -> tuple[Ruling, bool] | None:
    """The match's report that still stands, and whether a dispute of it stands too."""
    kinds = ("result_reported", "result_disputed")
    found = await ctx.store.rulings.standing_results(ctx.cid, people, kinds)
    of_match = [(n, r) for n, r in found if r.get("match") == match.number]
    reports = [(n, r) for n, r in of_match if r.type == "result_reported"]
    if not reports:
        return None
    number, report = reports[-1]
    disputed = any(r.type == "result_disputed" and n > number for n, r in of_match)
    return report, disputed


@reverses("hand_recorded")
async def _hand(ctx: Context, undoing: Undoing) -> None:
    """A mistyped hand: the last one recorded, to be recorded again."""
    match = await load_match(ctx, undoing.ruling["match"])
    match.withdraw_hand(undoing.ruling["hand"])
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)


@reverses("result_reported")
async def _report(ctx: Context, undoing: Undoing) -> None:
    """A report withdrawn: the match is played on. One that stands as the result already
    (confirmed by a player, a moderator or the clock) is undone through that ruling."""
    match = await load_match(ctx, undoing.ruling["match"])
    if match.status == FINISHED:
        kinds = ("match_result", "match_corrected")
        found = await ctx.store.rulings.standing_results(ctx.cid, set(match.people), kinds)
        results = [n for n, r in found if r.get("match") == match.number and n > undoing.number]
        if results:
            raise RuleViolation(
                "report_stands", reason="nothing_to_change", table=match.number, ruling=results[-1]
            )
    match.withdraw_report(ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)


@reverses("match_voided")
async def _void(ctx: Context, undoing: Undoing) -> None:
    """The void undone: the match's results stand again, and so do the warnings it annulled
    (with the stops they still justify)."""
    number = undoing.ruling["match"]
    match = await load_match(ctx, number)
    match.unvoid()
    await ctx.store.tables.save_match(ctx.cid, match)
    restored = await ctx.store.rulings.restore(ctx.cid, undoing.number, undoing.by)
    people = set(match.people) | set(match.result_vp or {}) | set(match.abandoners)
    annulments = await ctx.store.rulings.standing_results(ctx.cid, people, ("annulment",))
    for annulled, annulment in annulments:
        if annulment.get("match") == number and annulment.at == undoing.ruling.at:
            await ctx.store.rulings.reverse(ctx.cid, [annulled], undoing.by)
            await restore_warning(ctx, undoing.number, annulment)
    if restored:
        await _standings_again(ctx, people)


@reverses("table_closed")
async def _closing(ctx: Context, undoing: Undoing) -> None:
    """A table the bot closed (its clock) is open again with its seats and hands, its clock
    starting again; one a person closed stays closed (another is opened)."""
    if undoing.ruling.get("player") is not None:
        raise RuleViolation(
            "not_undoable", reason="not_undoable", ruling=undoing.number, hint="seats"
        )
    match = await load_match(ctx, undoing.ruling["match"])
    for seat in match.closed_seats:
        _, elsewhere = await ctx.store.tables.match_for_seat(ctx.cid, match.number, seat.player)
        if elsewhere is not None:
            raise RuleViolation(
                "closed_table_seat_taken",
                reason="already_seated",
                table=match.number,
                player=seat.player,
                elsewhere=elsewhere,
            )
    match.reopen(ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await arm_expiry(ctx, match)
    fields = {
        "match": match.number,
        "table": match.number,
        "players": match.people,
        "played": len(match.hand_scores),
        "hands": match.hands,
        "amends": undoing.number,
    }
    await ctx.decide(
        Ruling("table_reopened", ctx.now, "", fields),
        kind="notice",
        subject="",
        people=set(match.people),
    )


async def _standings_again(ctx: Context, people: set[str]) -> None:
    await rederive_standings(ctx, people)
    await ctx.decide(await standings_page(ctx), kind="notice")
