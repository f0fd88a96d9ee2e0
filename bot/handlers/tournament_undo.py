"""``/undo`` of a tournament's decisions: each as if never recorded, what followed from it
derived again (ladder steps, table points, the standings) and announced (MCR, RULES §2)."""

from __future__ import annotations

from bot.discipline.errors import RuleViolation
from bot.discipline.mcr.tournament import Table, Tournament
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context
from bot.handlers.tournaments import (
    TABLE_RULINGS,
    _redraw,
    final_again,
    for_sheets,
    not_stopped,
    publish,
    standing_sheet,
    withdraw_sheet,
)
from bot.handlers.undo import Undoing, reverses, was_undone


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


@reverses("tournament_finished")
async def _tournament_finished(ctx: Context, undoing: Undoing) -> None:
    """The tournament runs again, until another one is created (CONSOLE.md fourth edition)."""
    created = await ctx.store.rulings.latest_ruling(ctx.cid, "tournament_created")
    last = await ctx.store.tournaments.latest_tournament(ctx.cid)
    if (created is not None and created > undoing.number) or last is None:
        raise RuleViolation(
            "later_tournament",
            reason="not_undoable",
            ruling=undoing.number,
            tournament=undoing.ruling["tournament"],
        )
    number, found = last
    found.resume()
    await ctx.store.tournaments.resume_tournament(ctx.cid, number, found)
    await ctx.decide(found.standings(ctx.now), kind="notice")


async def _registration_open(ctx: Context, undoing: Undoing) -> tuple[int, Tournament]:
    """The field changes before the first session only (afterwards: substitutes)."""
    number, found = await _tournament_of(ctx, undoing)
    if found.current > 0:
        raise RuleViolation(
            "tournament_started", reason="tournament_started", ruling=undoing.number
        )
    return number, found


@reverses("registered")
async def _registered(ctx: Context, undoing: Undoing) -> None:
    """As /unregister of each player it registered who still is: the plan drawn again."""
    number, found = await _registration_open(ctx, undoing)
    leaving = [p for p in undoing.ruling["players"] if p in found.players]
    if not leaving:
        raise RuleViolation("nothing_to_change", reason="nothing_to_change")
    for player in leaving:
        found.unregister(player, ctx.now)
    await _redraw(ctx, number, found)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)


@reverses("unregistered")
async def _unregistered(ctx: Context, undoing: Undoing) -> None:
    """As /register of the player again: the plan drawn again."""
    number, found = await _registration_open(ctx, undoing)
    player = undoing.ruling["player"]
    await not_stopped(ctx, [player])
    if not found.register([player]):
        raise RuleViolation("already_registered", reason="already_registered", players=[player])
    await _redraw(ctx, number, found)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)


EFFECT_RULINGS = ("penalty", "no_penalty", "lateness", "false_hu", "dead_hand", "disqualification")


@reverses(*EFFECT_RULINGS, judges_replacement=True)
async def _effect(ctx: Context, undoing: Undoing) -> None:
    """As if never recorded: later ladder penalties stepped again, table points again (a
    penalty stepped again is still that penalty: replaced, it is undone all the same)."""
    effect = undoing.ruling.get("effect")
    if effect is None and undoing.replaced is not None:
        raise RuleViolation(
            "superseded", reason="superseded", ruling=undoing.number, by=undoing.replaced
        )
    number, found = await _tournament_of(ctx, undoing)
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


@reverses(*TABLE_RULINGS, judges_replacement=True)
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
    if now is None or now.scores != sheet or await _corrected_since(ctx, undoing, now):
        holder = await standing_sheet(ctx, session, table, set(now.seats) if now else set())
        raise RuleViolation("superseded", reason="superseded", ruling=undoing.number, by=holder)
    earlier = await _earlier_sheet(ctx, undoing, sheet)
    await withdraw_sheet(ctx, session, now, undoing.by)  # what holds the sheet now
    again = found.set_sheet(session, table, earlier, ctx.now)
    await _publish_changes(
        ctx, number, found, [r.with_fields(amends=undoing.number) for r in again]
    )


async def _corrected_since(ctx: Context, undoing: Undoing, now: Table) -> bool:
    """Whether the referee corrected this sheet since, even to the same numbers: a later
    correction of the table that was not undone (the table points announced again after a
    penalty, a substitution or an undo correct nothing)."""
    players = set(now.seats) | set(undoing.ruling.get("seats") or ())
    later = await ctx.store.rulings.results_since(
        ctx.cid, players, ("score_corrected",), undoing.number
    )
    for number, ruling in later:
        here = (ruling["session"], ruling["table"]) == (now.session, now.number)
        if here and not await was_undone(ctx, number):
            return True
    return False


async def _earlier_sheet(ctx: Context, undoing: Undoing, sheet: list[int]) -> list[int] | None:
    """The table's sheet before this one: back along the rulings each amended, the first
    with another sheet (none: the table is to be scored again)."""
    amends = undoing.ruling.get("amends")
    while amends is not None:
        earlier = await ctx.store.rulings.ruling(ctx.cid, amends)
        if earlier is None or earlier.type not in TABLE_RULINGS:
            return None
        recorded = list(earlier.get("sheet") or ())
        if recorded and recorded != sheet and not await was_undone(ctx, amends):
            return recorded
        amends = earlier.get("amends")
    return None


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


@reverses("substitution")
async def _substitution(ctx: Context, undoing: Undoing) -> None:
    """A substitution for the rest of the tournament ends with the sessions started by now
    (they keep him); the later ones seat the plan's player again. One for a session alone
    is put right with /seat."""
    if not undoing.ruling.get("rest"):
        raise RuleViolation(
            "not_undoable", reason="not_undoable", ruling=undoing.number, hint="seats"
        )
    number, found = await _tournament_of(ctx, undoing)
    fields = undoing.ruling
    found.end_rest(fields["player"], fields["substitute"], fields["session"])
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
