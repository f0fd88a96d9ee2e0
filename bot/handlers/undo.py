"""``/undo N``: a moderator reverses any decision by its number (RULES §3, Corrections).

One design for every kind: the ruling is marked reversed (it stays in the log), the aggregate
it changed is told to forget it and derives again what followed from it (a discipline
record's stops and card, a tournament's ladder steps and table points, a match's state), the
Burraco standings are counted again from the results that still stand, and every consequence
is announced as a new ruling citing the one it amends. A kind with no reverser here is not a
decision that can be undone (``not_undoable``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.discipline.burraco.match import NULL
from bot.discipline.burraco.sanctions import MANUAL
from bot.discipline.errors import RuleViolation
from bot.discipline.mcr.tournament import Tournament
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import announce_lifted, cancel_match_timers, load_match, standings_page
from bot.handlers._core import Context, command
from bot.handlers.corrections import rederive_standings
from bot.handlers.grammar import Int, Text, Values
from bot.handlers.tournaments import TABLE_RULINGS, current, publish


@dataclass(frozen=True)
class Undoing:
    number: int  # the ruling undone
    ruling: Ruling
    by: int  # the ``undone`` ruling's number
    reason: str


# decisions about who sits where, and when play starts and ends: their own commands change them
SEATING = {
    "table_opened",
    "seated",
    "stood",
    "table_closed",
    "match_started",
    "ready",
    "next_hand",
    "tournament_created",
    "registered",
    "unregistered",
    "session_started",
    "session_ended",
    "seating",
    "substitution",
    "tournament_finished",
    "settings_changed",
}
Reverser = Callable[[Context, Undoing], Awaitable[None]]
REVERSERS: dict[str, Reverser] = {}


def reverses(*kinds: str) -> Callable[[Reverser], Reverser]:
    def register(reverser: Reverser) -> Reverser:
        for kind in kinds:
            REVERSERS[kind] = reverser
        return reverser

    return register


@command("undo", Int("ruling", 1, shown="N"), Text("reason"), moderator=True)
async def undo(ctx: Context, args: Values) -> None:
    number, reason = args["ruling"], args["reason"]
    found = await ctx.store.ruling(ctx.cid, number)
    if found is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=number)
    reverser = REVERSERS.get(found.type)
    if reverser is None:
        hint = "seats" if found.type in SEATING else "consequence"
        raise RuleViolation("not_undoable", reason="not_undoable", ruling=number, hint=hint)
    if await ctx.store.reversed_by(ctx.cid, number) is not None:
        raise RuleViolation("already_undone", reason="already_undone", ruling=number)
    player = found.get("player")
    fields = {"amends": number, "decision": found.type, "player": player, "reason": reason}
    by = await ctx.decide(
        Ruling("undone", ctx.now, "", fields),
        kind="notice",
        subject=player or "",
        people=set(vp) if isinstance(vp := found.get("vp"), dict) else set(),
        audit="undo",
        reason=reason,
    )
    assert by is not None
    await ctx.store.reverse(ctx.cid, [number], by)
    await reverser(ctx, Undoing(number, found, by, reason))


# ---- Burraco: discipline ----------------------------------------------------------------
@reverses("warning")
async def _warning(ctx: Context, undoing: Undoing) -> None:
    await _withdraw(ctx, undoing.ruling["player"], undoing.ruling["warning_id"], undoing.reason)


async def _withdraw(ctx: Context, player: str, warning_id: int, reason: str) -> None:
    """A warning withdrawn: the stops and card it alone justified are lifted, and said."""
    record = await ctx.record(player)
    _annulment, lifted = record.withdraw_warning(warning_id, ctx.now, ctx.zone, reason)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, lifted)


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


@reverses("lift")
async def _lift(ctx: Context, undoing: Undoing) -> None:
    player = undoing.ruling["player"]
    record = await ctx.record(player)
    restored = record.restore_lifted(undoing.ruling.at, ctx.now)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, restored, amends=undoing.number)


@reverses("annulment")
async def _annulment(ctx: Context, undoing: Undoing) -> None:
    await _restore_warning(ctx, undoing.number, undoing.ruling)


async def _restore_warning(ctx: Context, number: int, annulment: Ruling) -> None:
    player = annulment["player"]
    record = await ctx.record(player)
    restored = record.restore_warning(annulment["warning_id"], annulment.at, ctx.now)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, restored, amends=number)


# ---- Burraco: results ---------------------------------------------------------------------
@reverses("abandonment")
async def _abandonment(ctx: Context, undoing: Undoing) -> None:
    """No abandonment: no points for the abandoner, and no warning stands from it."""
    player, match = undoing.ruling["player"], undoing.ruling["match"]
    table = await load_match(ctx, match)
    if table.status == NULL and player in table.abandoners:
        table.withdraw_abandonment(player)
        await ctx.store.save_match(ctx.cid, table)
    record = await ctx.record(player)
    warning = record.warning_for_match(match)
    if warning is not None:
        given = await ctx.store.ruling_with(
            ctx.cid, player, ("warning",), {"warning_id": warning.id}
        )
        if given is not None:
            await ctx.store.reverse(ctx.cid, [given], undoing.by)
        await _withdraw(ctx, player, warning.id, undoing.reason)
    await _standings_again(ctx, {player})


@reverses("match_result", "match_corrected")
async def _result(ctx: Context, undoing: Undoing) -> None:
    """The result stands no more: the one a correction replaced stands again; without one,
    the match waits for a moderator's /correct."""
    match = await load_match(ctx, undoing.ruling["match"])
    restored = await ctx.store.restore(ctx.cid, undoing.number, undoing.by)
    previous = [await ctx.store.ruling(ctx.cid, n) for n in restored]
    earlier = next((r for r in reversed(previous) if r is not None), None)
    if earlier is None:
        match.withdraw_result()
    else:
        reporter = earlier["player"] if earlier.type == "result_reported" else None
        match.restore(dict(earlier["vp"]), reporter, earlier.at)
    await ctx.store.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    people = set(undoing.ruling["vp"]) | (set(earlier["vp"]) if earlier else set())
    await _standings_again(ctx, people)


@reverses("hand_recorded")
async def _hand(ctx: Context, undoing: Undoing) -> None:
    """A mistyped hand: the last one recorded, to be recorded again."""
    match = await load_match(ctx, undoing.ruling["match"])
    match.withdraw_hand(undoing.ruling["hand"])
    await ctx.store.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)


@reverses("result_reported")
async def _report(ctx: Context, undoing: Undoing) -> None:
    """A report withdrawn: the match is played on."""
    match = await load_match(ctx, undoing.ruling["match"])
    match.withdraw_report()
    await ctx.store.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)


@reverses("match_voided")
async def _void(ctx: Context, undoing: Undoing) -> None:
    """The void undone: the match's results stand again, and so do the warnings it annulled
    (with the stops they still justify)."""
    number = undoing.ruling["match"]
    match = await load_match(ctx, number)
    match.unvoid()
    await ctx.store.save_match(ctx.cid, match)
    restored = await ctx.store.restore(ctx.cid, undoing.number, undoing.by)
    people = set(match.people) | set(match.result_vp or {}) | set(match.abandoners)
    annulments = await ctx.store.standing_results(ctx.cid, people, ("annulment",))
    for annulled, annulment in annulments:
        if annulment.get("match") == number and annulment.at == undoing.ruling.at:
            await ctx.store.reverse(ctx.cid, [annulled], undoing.by)
            await _restore_warning(ctx, undoing.number, annulment)
    if restored:
        await _standings_again(ctx, people)


async def _standings_again(ctx: Context, people: set[str]) -> None:
    await rederive_standings(ctx, people)
    await ctx.decide(await standings_page(ctx), kind="notice")


# ---- MCR -----------------------------------------------------------------------------------
async def _tournament_of(ctx: Context, undoing: Undoing) -> tuple[int, Tournament]:
    """The running tournament, when the ruling is one of its own."""
    number, found = await current(ctx)
    created = await ctx.store.latest_ruling(ctx.cid, "tournament_created")
    if created is not None and undoing.number < created:
        raise RuleViolation("earlier_tournament", reason="not_undoable", ruling=undoing.number)
    return number, found


async def _publish_changes(
    ctx: Context, number: int, found: Tournament, rulings: list[Ruling]
) -> None:
    await publish(ctx, number, found, rulings)
    await ctx.decide(found.standings(ctx.now), kind="notice")


@reverses("penalty", "no_penalty", "lateness", "false_hu", "dead_hand", "disqualification")
async def _effect(ctx: Context, undoing: Undoing) -> None:
    """As if never recorded: later ladder penalties stepped again, table points again."""
    number, found = await _tournament_of(ctx, undoing)
    effect = undoing.ruling.get("effect")
    if effect is None:
        raise RuleViolation("not_undoable", reason="not_undoable", ruling=undoing.number)
    await _publish_changes(ctx, number, found, found.undo_effect(effect, ctx.now))


@reverses("table_points", "score_corrected")
async def _sheet(ctx: Context, undoing: Undoing) -> None:
    """The table's sheet as it was before this one was recorded (none: to be scored)."""
    number, found = await _tournament_of(ctx, undoing)
    session, table = undoing.ruling["session"], undoing.ruling["table"]
    sheet = list(undoing.ruling.get("sheet") or ())
    now = found.table(session, table)
    if now is None or now.scores != sheet:  # a later sheet replaced it: undo that one
        raise RuleViolation("superseded", reason="superseded", ruling=undoing.number)
    earlier = await _earlier_sheet(ctx, undoing, sheet)
    await _publish_changes(ctx, number, found, found.set_sheet(session, table, earlier, ctx.now))


async def _earlier_sheet(ctx: Context, undoing: Undoing, sheet: list[int]) -> list[int] | None:
    """The last sheet of the table recorded before this one, if any."""
    player = next(iter(undoing.ruling["tp"] or undoing.ruling["scores"]), None)
    if player is None:
        return None
    rulings = await ctx.store.standing_results(ctx.cid, {player}, TABLE_RULINGS)
    for number, ruling in reversed(rulings):
        same_table = (ruling["session"], ruling["table"]) == (
            undoing.ruling["session"],
            undoing.ruling["table"],
        )
        recorded = list(ruling.get("sheet") or ())
        if number < undoing.number and same_table and recorded and recorded != sheet:
            return recorded
    return None


@reverses("appeal_resolved")
async def _appeal_resolved(ctx: Context, undoing: Undoing) -> None:
    """The appeal waits for a decision again; what an overturn reversed stands again."""
    number, found = await _tournament_of(ctx, undoing)
    changed = found.reopen_appeal(undoing.ruling["appeal"], ctx.now)
    await ctx.store.restore(ctx.cid, undoing.number, undoing.by)
    await _publish_changes(ctx, number, found, changed)
