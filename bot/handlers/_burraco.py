"""Helpers shared by the Burraco handlers: tables, results, abandonment."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.discipline.burraco import announcements as announce
from bot.discipline.burraco.announcements import AUTO_CONFIRM_AFTER
from bot.discipline.burraco.match import GIALLO, OPEN, Match
from bot.discipline.burraco.sanctions import LADDER
from bot.discipline.burraco.standings import PROFILE, standings, tallies_of
from bot.discipline.burraco.vp import VpTableSet, parse_table_set
from bot.discipline.conduct import read_duration
from bot.discipline.errors import RuleViolation
from bot.discipline.record import DisciplineRecord
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context
from bot.handlers.grammar import BadInput, Form, Int, Literal, Scores
from bot.rulesets import bundled_tables

MATCH_TIMERS = ("ready_window", "next_hand", "auto_confirm", "table_expiry")
TABLE_TTL = timedelta(hours=3)  # a table with no hand recorded for this long closes
SHORTEST_TABLE_TTL = timedelta(minutes=15)  # shorter would close tables between hands
OPEN_TABLES = 2  # empty tables a member may have open at once, unless the chat says otherwise
MOST_OPEN_TABLES = 99
STANDINGS_SIZE = 50  # rows a page; /standings [tally] N shows page N
TABLE = Int("table", 1, shown="T")
# a match's Victory Points, by side or (giallo matto) by player: /result and /correct
RESULT_FORMS: tuple[Form, ...] = (
    (TABLE, Literal("vp"), Int("vp_ns", 0, 20), Int("vp_ew", 0, 20)),
    (TABLE, Literal("vp"), Scores("scores", 0, 20, shown="@user <VP> @user <VP>…")),
)


@dataclass(frozen=True)
class ResultArgs:
    """What :data:`RESULT_FORMS` read: by side (``vp_ns``, ``vp_ew``) or by player."""

    table: int
    vp: str
    vp_ns: int | None
    vp_ew: int | None
    scores: dict[str, int] | None


async def given_vp(
    ctx: Context, match: Match, args: ResultArgs, *, playing: bool = True
) -> dict[str, int]:
    """Each player's Victory Points as the command gives them, in the form the table's
    format needs (by player at a giallo matto table, by side elsewhere)."""
    by_players = args.scores is not None
    if by_players != (match.format == GIALLO):  # the other form than this table needs
        wanted = "player" if match.format == GIALLO else "vp_ns"
        code = "expected_mention" if match.format == GIALLO else "expected_integer"
        got = str(args.vp_ns) if args.vp_ns is not None else f"@{next(iter(args.scores or ()))}"
        raise BadInput(code, arg=wanted, got=got)
    if args.scores is not None:
        given = {(await ctx.member(name)).key: vp for name, vp in args.scores.items()}
        return match.vp_from_players(given, playing=playing)
    assert args.vp_ns is not None and args.vp_ew is not None  # the other form
    return match.vp_from_sides(args.vp_ns, args.vp_ew, playing=playing)


def tables_for(ctx: Context, ruleset: str) -> VpTableSet:
    """The community's own table when an admin loaded one, else the bundled one."""
    custom = ctx.community.settings.get("vp_tables", {}).get(ruleset)
    return parse_table_set(custom) if custom else bundled_tables(ruleset)


async def load_match(ctx: Context, number: int) -> Match:
    match = await ctx.store.tables.match(ctx.cid, number)
    if match is None:
        raise RuleViolation("unknown_table", reason="unknown_table", table=number)
    return match


async def cancel_match_timers(ctx: Context, match: Match) -> None:
    for kind in MATCH_TIMERS:
        await ctx.store.timers.cancel(ctx.cid, kind, str(match.number))
    await arm_expiry(ctx, match)


def table_ttl(ctx: Context) -> timedelta:
    return read_duration(ctx.community.settings.get("table_ttl", "")) or TABLE_TTL


async def arm_expiry(ctx: Context, match: Match) -> None:
    """An open table closes by itself when left without a hand for the chat's ``table_ttl``
    (never before now: what closes it comes after what armed it)."""
    await ctx.store.timers.cancel(ctx.cid, "table_expiry", str(match.number))
    if match.status == OPEN:
        due = max(match.expires_at(table_ttl(ctx)), ctx.now)
        await ctx.store.timers.schedule(ctx.cid, "table_expiry", str(match.number), due)


async def arm_confirmation(ctx: Context, match: Match) -> None:
    """A pending report stands by itself when unanswered for ``AUTO_CONFIRM_AFTER`` from
    its report (or from the undo that made it pending again); a disputed one waits."""
    await cancel_match_timers(ctx, match)
    if match.pending is not None and not match.pending.disputed:
        due = match.pending.at + AUTO_CONFIRM_AFTER
        await ctx.store.timers.schedule(ctx.cid, "auto_confirm", str(match.number), due)


async def may_open(ctx: Context) -> None:
    """A member keeps at most the chat's ``open_tables`` empty tables open (CONSOLE.md,
    fourth edition): one nobody sits at counts until it is played or closed."""
    limit = int(ctx.community.settings.get("open_tables") or OPEN_TABLES)
    found = await ctx.store.tables.open_matches(ctx.cid)
    empty = [m.number for m in found if m.opened_by == ctx.actor_key and not m.seats]
    if len(empty) >= limit:
        raise RuleViolation(
            "too_many_open_tables", reason="too_many_open_tables", limit=limit, tables=empty
        )


def may_report(ctx: Context, match: Match) -> None:
    if not ctx.is_moderator and ctx.actor_key not in match.people:
        raise RuleViolation("not_seated", reason="not_seated", table=match.number)


def on_behalf(ctx: Context, match: Match) -> bool:
    """A moderator acting on a table he does not sit at (an audited action)."""
    return ctx.is_moderator and (ctx.actor is None or ctx.actor.key not in match.people)


async def settle_result(ctx: Context, match: Match, vp: dict[str, int]) -> None:
    """A moderator's result stands at once; a seated player's waits for the other side."""
    if ctx.is_moderator:
        await finish(ctx, match, vp, audit="result" if on_behalf(ctx, match) else None)
        return
    pending = match.report(vp, ctx.actor_key, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await arm_confirmation(ctx, match)
    await ctx.decide(
        announce.result_reported(match, ctx.actor_key, pending.vp, ctx.now),
        kind="notice",
        people=set(match.people),
    )


async def finish(ctx: Context, match: Match, vp: dict[str, int], audit: str | None = None) -> None:
    ruling = match.finish(vp, ctx.now)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    for player, value in vp.items():
        for tally in tallies_of(match.official):
            await ctx.store.tallies.add_to_tally(
                ctx.cid, tally, player, ruling["points"][player], value, ctx.now
            )
    await ctx.decide(ruling, kind="notice", people=set(vp), subject="", audit=audit)


async def abandon(ctx: Context, match: Match, players: list[str], cause: str) -> None:
    """Abandonment: null for the others, the abandoner's capped VP, and a warning against
    people, which brings a stop or a yellow card (RULES §1.7, §1.8)."""
    by_moderator = ctx.actor is not None and ctx.actor_key not in players
    rulings = match.abandon(players, ctx.now, cause)
    await ctx.store.tables.save_match(ctx.cid, match)
    await cancel_match_timers(ctx, match)
    for ruling in rulings:
        player = ruling["player"]
        for tally in tallies_of(match.official):
            await ctx.store.tallies.add_to_tally(
                ctx.cid, tally, player, ruling["points"], ruling["vp"], ctx.now
            )
        await ctx.decide(
            ruling,
            kind="notice",
            people=set(match.people),
            audit="abandon" if by_moderator else None,
        )
        if not ruling["warning"]:
            continue
        record = await ctx.record(player)
        _entry, _verdict, warning = record.add_warning(ctx.now, ctx.zone, match.number)
        await ctx.decide(warning, kind="notice")
        if ctx.actor is not None and ctx.actor_key == player:
            await ctx.show_card(record)  # he reported it himself: he is here
        await ctx.save_record(record)


async def standings_page(ctx: Context, tally: str = PROFILE, page: int = 1) -> Ruling:
    """One page of a tally's standings (the general tally's first, after a correction)."""
    total = await ctx.store.tallies.tally_size(ctx.cid, tally)
    rows = await ctx.store.tallies.tally(
        ctx.cid, tally, STANDINGS_SIZE, (page - 1) * STANDINGS_SIZE
    )
    return standings(
        tally,
        rows,
        ctx.now,
        first_rank=(page - 1) * STANDINGS_SIZE + 1,
        total=total,
        page=page,
        pages=max(1, -(-total // STANDINGS_SIZE)),
    )


async def announce_lifted(
    ctx: Context, player: str, lifted: list[Ruling], amends: int | None = None
) -> None:
    """Each stop or card lifted (or stop restored) by a correction, citing the ruling it
    amends: ``amends``, or else the ruling that imposed it (RULES §3, Corrections)."""
    for ruling in lifted:
        cited = amends if amends is not None else await imposed_by(ctx, player, ruling)
        await ctx.decide(ruling.with_fields(amends=cited), kind="notice")


async def imposed_by(ctx: Context, player: str, ruling: Ruling) -> int | None:
    """The number of the ruling that imposed the stop ``ruling`` speaks of: a moderator's
    /stop, or the warning whose measure it was."""
    if ruling.get("kind") == "manual":
        return await ctx.store.rulings.ruling_with(
            ctx.cid, player, ("stop",), {"stop_id": ruling["stop_id"]}
        )
    return await ctx.store.rulings.ruling_with(
        ctx.cid, player, ("warning",), {"warning_id": ruling.get("warning_id")}
    )


async def club_record(ctx: Context, player: str) -> DisciplineRecord:
    """His record as the club's ladder counts it: his warnings were the club's, even where
    the chat has since turned to another rulebook (an /undo of one of them)."""
    record = await ctx.record(player)
    record.ladder = LADDER
    return record


async def withdraw_warning(ctx: Context, player: str, warning_id: int, reason: str) -> None:
    """A warning withdrawn: the stops and card it alone justified are lifted, and said."""
    record = await club_record(ctx, player)
    _annulment, lifted = record.withdraw_warning(warning_id, ctx.now, ctx.zone, reason)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, lifted)


async def restore_warning(ctx: Context, number: int, annulment: Ruling) -> None:
    """An annulment undone: the warning counts again, with the stops it still justifies."""
    player = annulment["player"]
    record = await club_record(ctx, player)
    restored = record.restore_warning(annulment["warning_id"], annulment.at, ctx.now)
    await ctx.save_record(record)
    await announce_lifted(ctx, player, restored, amends=number)
