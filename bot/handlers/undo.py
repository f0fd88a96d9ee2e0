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
from datetime import timedelta

from bot.discipline.burraco.match import NULL, OPEN
from bot.discipline.burraco.sanctions import MANUAL
from bot.discipline.conduct import BAN, MUTE, ChatRule
from bot.discipline.errors import RuleViolation
from bot.discipline.mcr.tournament import Table, Tournament
from bot.discipline.rulings import Ruling
from bot.handlers import moderation
from bot.handlers._burraco import (
    announce_lifted,
    arm_expiry,
    cancel_match_timers,
    load_match,
    standings_page,
    table_ttl,
)
from bot.handlers._core import Context, command
from bot.handlers.corrections import rederive_standings
from bot.handlers.grammar import Int, Text, Values
from bot.handlers.tournaments import (
    TABLE_RULINGS,
    final_again,
    for_sheets,
    publish,
    standing_sheet,
    withdraw_sheet,
)


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
    "registered",
    "unregistered",
    "seating",
    "substitution",
    "tournament_finished",
}
# what to do instead, for a decision /undo does not take back
OWN_HINTS = {
    "settings_changed": "settings",
    "kicked": "kicked",
    "flood_muted": "flood_muted",
    "report": "report",
    "undone": "undone",
    "seating_plan": "seating_plan",
    "seating_withdrawn": "seating_plan",
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
    found = await ctx.store.rulings.ruling(ctx.cid, number)
    if found is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=number)
    reverser = REVERSERS.get(found.type)
    if reverser is None:
        hint = OWN_HINTS.get(found.type) or ("seats" if found.type in SEATING else "consequence")
        raise RuleViolation("not_undoable", reason="not_undoable", ruling=number, hint=hint)
    if await _was_undone(ctx, number):
        raise RuleViolation("already_undone", reason="already_undone", ruling=number)
    # a later ruling replaced it (a table's sheet is checked by its own reverser: points
    # announced again after a penalty replace the ruling, not the sheet it holds)
    # (nor is a referee's recorded effect: a penalty stepped again is still that penalty)
    replaced = await ctx.store.rulings.reversed_by(ctx.cid, number)
    if replaced is not None and found.type not in TABLE_RULINGS and found.get("effect") is None:
        raise RuleViolation("superseded", reason="superseded", ruling=number, by=replaced)
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
    await ctx.store.rulings.reverse(ctx.cid, [number], by)
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
        await _withdraw(ctx, player, warning.id, undoing.reason)
    await _standings_again(ctx, {player})


@reverses("match_result", "match_corrected")
async def _result(ctx: Context, undoing: Undoing) -> None:
    """The result stands no more: the one a correction replaced stands again; without one,
    the match waits for a moderator's /correct."""
    match = await load_match(ctx, undoing.ruling["match"])
    restored = await ctx.store.rulings.restore(ctx.cid, undoing.number, undoing.by)
    previous = [await ctx.store.rulings.ruling(ctx.cid, n) for n in restored]
    earlier = next((r for r in reversed(previous) if r is not None), None)
    if earlier is None:
        match.withdraw_result()
    else:
        reporter = earlier["player"] if earlier.type == "result_reported" else None
        match.restore(dict(earlier["vp"]), reporter, earlier.at)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    people = set(undoing.ruling["vp"]) | (set(earlier["vp"]) if earlier else set())
    await _standings_again(ctx, people)


@reverses("hand_recorded")
async def _hand(ctx: Context, undoing: Undoing) -> None:
    """A mistyped hand: the last one recorded, to be recorded again."""
    match = await load_match(ctx, undoing.ruling["match"])
    match.withdraw_hand(undoing.ruling["hand"])
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)


@reverses("result_reported")
async def _report(ctx: Context, undoing: Undoing) -> None:
    """A report withdrawn: the match is played on."""
    match = await load_match(ctx, undoing.ruling["match"])
    match.withdraw_report()
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
            await _restore_warning(ctx, undoing.number, annulment)
    if restored:
        await _standings_again(ctx, people)


async def _standings_again(ctx: Context, people: set[str]) -> None:
    await rederive_standings(ctx, people)
    await ctx.decide(await standings_page(ctx), kind="notice")


# ---- MCR -----------------------------------------------------------------------------------
async def _tournament_of(ctx: Context, undoing: Undoing) -> tuple[int, Tournament]:
    """The tournament the ruling belongs to: the running one, or the last one finished
    (its final results can still be put right), never an earlier one."""
    number, found, _finished = await for_sheets(ctx)
    created = await ctx.store.rulings.latest_ruling(ctx.cid, "tournament_created")
    if created is not None and undoing.number < created:
        raise RuleViolation("earlier_tournament", reason="not_undoable", ruling=undoing.number)
    return number, found


async def _publish_changes(
    ctx: Context, number: int, found: Tournament, rulings: list[Ruling]
) -> None:
    await publish(ctx, number, found, rulings)
    if found.finished_at is not None:  # the final standings, announced again
        await final_again(ctx, found)
    else:
        await ctx.decide(found.standings(ctx.now), kind="notice")


def _still_running(found: Tournament) -> None:
    """Sessions are reopened or taken back only while the tournament runs."""
    if found.finished_at is not None:
        raise RuleViolation("tournament_finished", reason="not_undoable", tournament=found.name)


@reverses("tournament_created")
async def _tournament_created(ctx: Context, undoing: Undoing) -> None:
    """A tournament created by mistake is withdrawn while no session has begun; once one
    has, it runs to /finish."""
    running = await ctx.store.tournaments.active_tournament(ctx.cid)
    if running is None or running[0] != undoing.ruling["id"]:
        raise RuleViolation("earlier_tournament", reason="not_undoable", ruling=undoing.number)
    number, found = running
    if found.current > 0:
        raise RuleViolation("tournament_begun", reason="not_undoable", tournament=found.name)
    await ctx.store.tournaments.withdraw_tournament(ctx.cid, number)


EFFECT_RULINGS = ("penalty", "no_penalty", "lateness", "false_hu", "dead_hand", "disqualification")


@reverses(*EFFECT_RULINGS)
async def _effect(ctx: Context, undoing: Undoing) -> None:
    """As if never recorded: later ladder penalties stepped again, table points again."""
    number, found = await _tournament_of(ctx, undoing)
    effect = undoing.ruling.get("effect")
    if effect is None:
        raise RuleViolation("not_undoable", reason="not_undoable", ruling=undoing.number)
    try:
        changed = found.undo_effect(effect, ctx.now)
    except RuleViolation as error:  # undone under the ruling that stepped it again
        if error.code != "already_undone":
            raise
        raise RuleViolation("already_undone", ruling=undoing.number) from None
    # every ruling that recorded it stands no more: a false hu's dead hand, a penalty's
    # earlier steps
    player = undoing.ruling["player"]
    recorded = await ctx.store.rulings.standing_results(ctx.cid, {player}, EFFECT_RULINGS)
    await ctx.store.rulings.reverse(
        ctx.cid, [n for n, r in recorded if r.get("effect") == effect], undoing.by
    )
    await _publish_changes(ctx, number, found, changed)


@reverses("table_points", "score_corrected")
async def _sheet(ctx: Context, undoing: Undoing) -> None:
    """The table's sheet as it was before this one was recorded (none: to be scored)."""
    number, found = await _tournament_of(ctx, undoing)
    session, table = undoing.ruling["session"], undoing.ruling["table"]
    sheet = list(undoing.ruling.get("sheet") or ())
    now = found.table(session, table)
    summed = now is not None and bool(now.standing_hands)  # its hands make its sheet
    derived = undoing.ruling.get("amends") is not None or summed
    if undoing.ruling.type == "table_points" and derived:  # the bot's, not the referee's
        raise RuleViolation(
            "not_undoable", reason="not_undoable", ruling=undoing.number, hint="consequence"
        )
    if now is None or now.scores != sheet or await _corrected_since(ctx, undoing, now, sheet):
        holder = await standing_sheet(ctx, session, table, set(now.seats) if now else set())
        raise RuleViolation("superseded", reason="superseded", ruling=undoing.number, by=holder)
    earlier = await _earlier_sheet(ctx, undoing, sheet)
    await withdraw_sheet(ctx, session, now, undoing.by)  # what holds the sheet now
    again = found.set_sheet(session, table, earlier, ctx.now)
    await _publish_changes(
        ctx, number, found, [r.with_fields(amends=undoing.number) for r in again]
    )


async def _corrected_since(ctx: Context, undoing: Undoing, now: Table, sheet: list[int]) -> bool:
    """Whether a correction still standing replaced this sheet, even with the same numbers:
    back from the ruling that holds the table's sheet now to the one undone, a correction
    or another sheet on the way (points announced again after a penalty are neither)."""
    number = await standing_sheet(ctx, now.session, now.number, set(now.seats))
    while number is not None and number != undoing.number:
        ruling = await ctx.store.rulings.ruling(ctx.cid, number)
        if ruling is None or ruling.type not in TABLE_RULINGS:
            return True
        changed = ruling.type == "score_corrected" or list(ruling.get("sheet") or ()) != sheet
        if changed and not await _was_undone(ctx, number):
            return True
        number = ruling.get("amends")
    return (
        number is None
        and await standing_sheet(ctx, now.session, now.number, set(now.seats)) is not None
    )


async def _earlier_sheet(ctx: Context, undoing: Undoing, sheet: list[int]) -> list[int] | None:
    """The table's sheet before this one: back along the rulings each amended, the first
    with another sheet (none: the table is to be scored again)."""
    amends = undoing.ruling.get("amends")
    while amends is not None:
        earlier = await ctx.store.rulings.ruling(ctx.cid, amends)
        if earlier is None or earlier.type not in TABLE_RULINGS:
            return None
        recorded = list(earlier.get("sheet") or ())
        if recorded and recorded != sheet and not await _was_undone(ctx, amends):
            return recorded
        amends = earlier.get("amends")
    return None


async def _was_undone(ctx: Context, number: int) -> bool:
    """Whether a ruling stands no more because it was undone (not merely replaced)."""
    by = await ctx.store.rulings.reversed_by(ctx.cid, number)
    reverser = None if by is None else await ctx.store.rulings.ruling(ctx.cid, by)
    return reverser is not None and reverser.type == "undone"


@reverses("appeal_resolved")
async def _appeal_resolved(ctx: Context, undoing: Undoing) -> None:
    """The appeal waits for a decision again; what an overturn reversed stands again."""
    number, found = await _tournament_of(ctx, undoing)
    changed = found.reopen_appeal(undoing.ruling["appeal"], ctx.now)
    await ctx.store.rulings.restore(ctx.cid, undoing.number, undoing.by)
    await _publish_changes(ctx, number, found, changed)


@reverses("hand_won", "hand_washout")
async def _hand_played(ctx: Context, undoing: Undoing) -> None:
    """A hand recorded by mistake counts for nothing; an ended session's table is summed
    again from the hands that stand, and its points announced again."""
    number, found = await _tournament_of(ctx, undoing)
    session, table = undoing.ruling["session"], undoing.ruling["table"]
    kept = found.table(session, table)
    summed = kept is not None and kept.scores is not None
    try:
        changed = found.undo_hand(session, table, undoing.ruling["hand"], ctx.now)
    except RuleViolation as refused:  # said with the number of the hand's ruling
        holder = (
            None if kept is None else await standing_sheet(ctx, session, table, set(kept.seats))
        )
        raise RuleViolation(
            refused.code, reason=refused.reason, ruling=undoing.number, by=holder
        ) from None
    if kept is not None and summed and kept.scores is None:  # no hand left: to be scored
        await withdraw_sheet(ctx, session, kept, undoing.by)
    elif not summed:  # the session goes on: the table's sheet is summed at its end
        await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
        return
    await _publish_changes(ctx, number, found, changed)


@reverses("session_started")
async def _session_started(ctx: Context, undoing: Undoing) -> None:
    """A session started by mistake: its tables go, and the seats it gave stand no more."""
    number, found = await _tournament_of(ctx, undoing)
    _still_running(found)
    session = undoing.ruling["session"]
    seated = {p for t in found.tables if t.session == session for p in t.seats}
    found.undo_session_start(session)
    seatings = await ctx.store.rulings.standing_results(ctx.cid, seated, ("seating",))
    gone = [n for n, r in seatings if r["session"] == session]
    await ctx.store.rulings.reverse(ctx.cid, gone, undoing.by)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)


@reverses("session_ended")
async def _session_ended(ctx: Context, undoing: Undoing) -> None:
    """A session ended by mistake is open again: the sheets its end summed from the hands
    stand no more, and its points leave the standings until it ends again."""
    number, found = await _tournament_of(ctx, undoing)
    _still_running(found)
    session = undoing.ruling["session"]
    for table in found.undo_session_end(session):
        kept = found.table(session, table)
        if kept is not None:
            await withdraw_sheet(ctx, session, kept, undoing.by)
    await _publish_changes(ctx, number, found, [])


@reverses("player_excluded")
async def _excluded(ctx: Context, undoing: Undoing) -> None:
    number, found = await _tournament_of(ctx, undoing)
    found.include(undoing.ruling["player"])
    await _publish_changes(ctx, number, found, [])


@reverses("substitute_ranked")
async def _ranked(ctx: Context, undoing: Undoing) -> None:
    number, found = await _tournament_of(ctx, undoing)
    found.unrank(undoing.ruling["player"])
    await _publish_changes(ctx, number, found, [])


# ---- chat moderation ------------------------------------------------------------------------
@reverses("conduct_warning")
async def _conduct_warning(ctx: Context, undoing: Undoing) -> None:
    """The warnings left are counted again: a measure they no longer call for is lifted or
    shortened, never imposed."""
    record = await ctx.store.sanctions.conduct(ctx.cid, undoing.ruling["player"])
    changed = record.withdraw_warning(
        undoing.number, ctx.now, moderation.window_of(ctx), moderation.ladder_of(ctx)
    )
    await moderation.announce_changed(ctx, record, changed, undoing.number)
    await moderation.save_conduct(ctx, record)


@reverses("muted", "banned")
async def _measure(ctx: Context, undoing: Undoing) -> None:
    record = await ctx.store.sanctions.conduct(ctx.cid, undoing.ruling["player"])
    lifted = record.undo_restriction(undoing.number, ctx.now)
    await moderation.announce_changed(ctx, record, lifted, undoing.number)
    await moderation.save_conduct(ctx, record)


@reverses("unmuted", "unbanned")
async def _measure_lifted(ctx: Context, undoing: Undoing) -> None:
    """The mute (or ban) the lift ended holds again, while it still runs."""
    player = undoing.ruling["player"]
    record = await ctx.store.sanctions.conduct(ctx.cid, player)
    kind = MUTE if undoing.ruling.type == "unmuted" else BAN
    for measure in record.restore(undoing.ruling.at, kind, ctx.now):
        fields = {"player": player, "until": measure.until, "amends": undoing.number}
        fields |= {"reason": None, "warning": None}
        await ctx.decide(
            Ruling("muted" if kind == MUTE else "banned", ctx.now, "", fields), kind="notice"
        )
    await moderation.save_conduct(ctx, record)


@reverses("chat_rule")
async def _chat_rule(ctx: Context, undoing: Undoing) -> None:
    """The chat's rule as it was before (an added one removed; its number is not reused)."""
    rules = await ctx.store.sanctions.chat_rules(ctx.cid)
    decided = undoing.ruling
    number = decided["number"]
    if decided["action"] == "add":
        rules.remove(number)
    else:
        text = decided["previous"] if decided["action"] == "edit" else decided["text"]
        rules.restore(ChatRule(number, text))
    await ctx.store.sanctions.save_chat_rules(ctx.cid, rules)


@reverses("report_dismissed")
async def _dismissal(ctx: Context, undoing: Undoing) -> None:
    """The report is open again."""
    await ctx.store.rulings.restore(ctx.cid, undoing.number, undoing.by)


@reverses("stop_amended")
async def _stop_amended(ctx: Context, undoing: Undoing) -> None:
    """The stop has its earlier length again, while it runs."""
    decided = undoing.ruling
    record = await ctx.record(decided["player"])
    length = timedelta(seconds=decided["previous_seconds"])
    amended = record.amend_stop(decided["stop_id"], length, ctx.now, None)
    await ctx.save_record(record)
    await ctx.decide(amended.with_fields(amends=undoing.number), kind="notice")
