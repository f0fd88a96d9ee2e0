"""MCR tournaments: sessions, seating, scores, penalties, substitutes, appeals (RULES §2)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.mcr import RULEBOOK
from bot.discipline.mcr import announcements as announce
from bot.discipline.mcr.catalogue import DEAD_HANDS, VIOLATIONS
from bot.discipline.mcr.clock import require_clock, start_clock
from bot.discipline.mcr.hands import check_win_flags, parse_hand
from bot.discipline.mcr.penalties import FALSE_HU_VARIANTS, Ladder
from bot.discipline.mcr.table_points import SEATS
from bot.discipline.mcr.tournament import SUB_REASONS, Table, Tournament
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, command, told_privately
from bot.handlers.grammar import (
    BadInput,
    Choice,
    Duration,
    Int,
    Keyed,
    KeyedWord,
    Mention,
    Mentions,
    NoArguments,
    Phrase,
    Settings,
    Text,
    Word,
    canonical,
)
from bot.handlers.moderation import appeal_measure
from bot.mahjong import count_fan
from bot.storage.store import Timer

SCORE_LIMIT = 1_000_000
PLAYER = Mention("player", shown="@user")
WINDS = ("east", "south", "west", "north")
WIND_LETTERS = ("E", "S", "W", "N")
TABLE_RULINGS = ("table_points", "score_corrected")  # a table's sheet and its table points
REPLACING = (*TABLE_RULINGS, "penalty")  # announced again, they replace what they amend
TABLE = Int("table", 1, 999)
MAX_FAN = 1000
# the session a penalty concerns, when it is not the running one (CONSOLE.md, fourth edition)
IN_SESSION = Keyed("session", 1)


async def current(ctx: Context) -> tuple[int, Tournament]:
    found = await ctx.store.tournaments.active_tournament(ctx.cid)
    if found is None:
        raise RuleViolation("no_tournament", reason="no_tournament")
    return found


async def not_stopped(ctx: Context, players: list[str]) -> None:
    """A stopped player is neither seated nor registered until his stop ends (RULES §3)."""
    for player in players:
        until = (await ctx.record(player)).stop_until(ctx.now)
        if until is not None:
            raise RuleViolation("player_stopped", reason="stopped", player=player, until=until)


async def _stopped(ctx: Context, player: str) -> bool:
    return (await ctx.record(player)).stop_until(ctx.now) is not None


async def publish(
    ctx: Context,
    number: int,
    tournament: Tournament,
    rulings: list[Ruling],
    audit: str | None = None,
    reason: str | None = None,
) -> None:
    """Save the tournament and announce its rulings; table points go to the whole chat."""
    await ctx.store.tournaments.save_tournament(ctx.cid, number, tournament)
    for index, ruling in enumerate(await citing(ctx, rulings)):
        people = set(ruling.get("paid") or ()) | set(ruling.get("tp") or ())
        if ruling.get("winner"):  # a hand won is in the winner's history too
            people.add(ruling["winner"])
        is_table = ruling.type == "table_points"
        decided = await ctx.decide(
            ruling,
            kind="notice",
            people=people,
            subject="" if is_table else None,
            # the moderator's own decision is logged, not what follows from it
            audit=audit if index == 0 else None,
            reason=reason,
        )
        amends = ruling.get("amends")
        if ruling.type in REPLACING and amends is not None and decided is not None:
            # a table's points, a penalty's step, stand once: what it replaces stands no more
            await ctx.store.rulings.reverse(ctx.cid, [amends], decided)


async def standing_sheet(ctx: Context, session: int, table: int, players: set[str]) -> int | None:
    """The ruling that holds a table's sheet and points now, if it has one."""
    rulings = await ctx.store.rulings.standing_results(ctx.cid, players, TABLE_RULINGS)
    return next(
        (
            number
            for number, ruling in reversed(rulings)
            if (ruling["session"], ruling["table"]) == (session, table)
        ),
        None,
    )


async def withdraw_sheet(ctx: Context, session: int, table: Table, by: int) -> None:
    """A table's sheet taken back (it is to be scored or summed again): the ruling that
    held it stands no more."""
    held = await standing_sheet(ctx, session, table.number, set(table.seats))
    if held is not None:
        await ctx.store.rulings.reverse(ctx.cid, [held], by)


@dataclass(frozen=True)
class TournamentArgs:
    name: str
    sessions: int


@command("tournament", Phrase("name"), Int("sessions", 1, 99), rulebook=RULEBOOK, moderator=True)
async def tournament(ctx: Context, args: TournamentArgs) -> None:
    name, sessions = args.name, args.sessions
    running = await ctx.store.tournaments.active_tournament(ctx.cid)
    if running is not None:  # finished with /finish, never replaced
        raise RuleViolation(
            "tournament_running", reason="tournament_running", tournament=running[1].name
        )
    created = Tournament.create(name, sessions, ctx.now)
    ladder = ctx.community.settings.get("ladder")
    if ladder:
        created.ladder = Ladder(tuple(ladder["steps"]), int(ladder["increment"]))
    created.placement = ctx.community.settings.get("placement", "after")
    number = await ctx.store.tournaments.add_tournament(ctx.cid, created)
    await ctx.decide(
        announce.tournament_created(created, number, ctx.now),
        kind="notice",
        subject="",
        audit="tournament",
    )


@dataclass(frozen=True)
class RegisterArgs:
    players: list[str]


@command("register", Mentions("players", shown="@user…"), rulebook=RULEBOOK, moderator=True)
async def register(ctx: Context, args: RegisterArgs) -> None:
    names = args.players
    keys = [(await ctx.member(name)).key for name in names]
    number, found = await current(ctx)
    await not_stopped(ctx, keys)
    added = found.register(keys)
    if not added:
        raise RuleViolation("already_registered", reason="already_registered", players=names)
    await ctx.decide(
        announce.registered(found, added, ctx.now),
        kind="notice",
        subject="",
        people=set(added),
        audit="register",
    )
    await _redraw(ctx, number, found)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)


async def _redraw(ctx: Context, number: int, found: Tournament) -> None:
    """The field changed after /seating, before the first session: the plan is drawn again
    (a new seating_plan amending the last one)."""
    had_plan = bool(found.seating_plan)
    ruling = found.redraw_seating(ctx.now)
    amends = await ctx.store.rulings.latest_ruling(ctx.cid, "seating_plan")
    if ruling is not None:
        await _replace_plan(ctx, ruling.with_fields(amends=amends), audit="seating")
    elif had_plan and found.plan_dropped:  # said, so that nobody trusts a stale plan
        players = len(found.players)
        fields = {"amends": amends, "players": players, "needed": SEATS - players % SEATS}
        withdrawn = Ruling("seating_withdrawn", ctx.now, "000 §1", fields)
        await _replace_plan(ctx, withdrawn, audit="seating_withdrawn")


async def _replace_plan(ctx: Context, ruling: Ruling, audit: str) -> None:
    """A plan drawn, or withdrawn: the plan it replaces (its ``amends``) stands no more."""
    given = await ctx.decide(ruling, kind="notice", subject="", audit=audit)
    if ruling.get("amends") is not None and given is not None:
        await ctx.store.rulings.reverse(ctx.cid, [ruling["amends"]], given)


@dataclass(frozen=True)
class UnregisterArgs:
    player: str


@command("unregister", PLAYER, rulebook=RULEBOOK, moderator=True)
async def unregister(ctx: Context, args: UnregisterArgs) -> None:
    player = (await ctx.member(args.player)).key
    number, found = await current(ctx)
    ruling = found.unregister(player, ctx.now)
    await ctx.decide(ruling, kind="notice", audit="unregister")
    await _redraw(ctx, number, found)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)


@dataclass(frozen=True)
class SessionArgs:
    action: str


@command("session", Choice("action", ("start", "end")), rulebook=RULEBOOK, moderator=True)
async def session(ctx: Context, args: SessionArgs) -> None:
    action = args.action
    number, found = await current(ctx)
    if action == "start":
        started = found.start_session()
        seated = []
        for index, players in enumerate(found.planned_tables(started), 1):  # from the plan
            out = {
                p
                for p in players
                if p in found.disqualified or p in found.excluded or await _stopped(ctx, p)
            }
            placed = found.seat_planned(index, players, out)  # an empty seat for each one out
            seated.append((index, placed.sitting))  # substitutes for the rest of it seated
        await ctx.decide(  # one ruling: the seats it gives take no numbers of their own
            announce.session_started(found, started, ctx.now, seated),
            kind="notice",
            subject="",
            people={p for _, players in seated for p in players if p is not None},
            audit="session_start",
        )
        await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
        return
    ended = found.end_session()
    # every table's points (a table kept hand by hand has its sheet now), then the end
    await publish(ctx, number, found, found.session_tables(ctx.now))
    end, *reminders = announce.session_ended(found, ended, ctx.now)
    await ctx.decide(end, kind="notice", subject="", audit="session_end")
    for reminder in reminders:
        await ctx.decide(reminder, kind="notice")


@dataclass(frozen=True)
class SeatArgs:
    table: int
    east: str
    south: str
    west: str
    north: str


@command("seat", Int("table", 1, 999), *map(Mention, WINDS), rulebook=RULEBOOK, moderator=True)
async def seat(ctx: Context, args: SeatArgs) -> None:
    table = args.table
    keys = [(await ctx.member(name)).key for name in (args.east, args.south, args.west, args.north)]
    number, found = await current(ctx)
    await not_stopped(ctx, keys)
    known = len(found.subs)
    placed = found.seat(table, keys)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
    replacing = {sub.sub: sub.out for sub in found.subs[known:]}  # newcomers in empty seats
    await ctx.decide(
        announce.seating(placed.session, table, keys, ctx.now, replacing),
        kind="notice",
        subject="",
        people=set(keys),
        audit="seat",
    )


SHEET_OPTIONS = ("session=N",)
SHEET = (
    TABLE,
    *(Int(wind, -SCORE_LIMIT, SCORE_LIMIT) for wind in WINDS),
    Settings("options", SHEET_OPTIONS),
)


@dataclass(frozen=True)
class SheetArgs:
    """What :data:`SHEET` reads (/score, /correct): a table's four scores, East first."""

    table: int
    east: int
    south: int
    west: int
    north: int
    options: list[str]


def session_option(options: list[str]) -> int | None:
    """``session=N``: the session of the sheet, when it is not the current one."""
    session: int | None = None
    for token in options:
        key, equals, value = token.partition("=")
        if canonical(key) == "session" and equals and session is not None:
            raise BadInput("repeated_option", arg="session", got=token)
        if canonical(key) != "session" or not equals or not value.isdigit() or len(value) > 2:
            raise BadInput("expected_setting", arg="options", got=token, options="session=N")
        session = int(value)
    return session


async def for_sheets(ctx: Context) -> tuple[int, Tournament, bool]:
    """The tournament a sheet is for: the running one, else the last finished (a late
    score or correction, CONSOLE.md third edition); and whether it is finished."""
    running = await ctx.store.tournaments.active_tournament(ctx.cid)
    if running is not None:
        return running[0], running[1], False
    last = await ctx.store.tournaments.latest_tournament(ctx.cid)
    if last is None:
        raise RuleViolation("no_tournament", reason="no_tournament")
    return last[0], last[1], True


async def named_tournament(ctx: Context, name: str) -> tuple[int, bool, Tournament]:
    """The newest of the chat's tournaments with that name (or, else, whose name begins
    so): its number, whether it runs, the tournament."""
    wanted = name.strip().casefold()
    every = await ctx.store.tournaments.tournaments(ctx.cid)
    named = [(n, a, t) for n, a, t in every if t.name.casefold() == wanted] or [
        (n, a, t) for n, a, t in every if t.name.casefold().startswith(wanted)
    ]
    if not named:
        raise RuleViolation("unknown_tournament", reason="unknown_tournament", tournament=name)
    return named[0]


async def for_results(ctx: Context, name: str | None) -> tuple[int, Tournament]:
    """The tournament a player's details and the results file are for: the one named, else
    the running one, else the last finished (CONSOLE.md, fourth edition)."""
    if name is not None:
        number, _running, found = await named_tournament(ctx, name)
        return number, found
    number, found, _finished = await for_sheets(ctx)
    return number, found


async def final_again(ctx: Context, found: Tournament) -> None:
    """After a late sheet, the final standings, announced again."""
    await ctx.decide(found.standings(ctx.now).with_fields(final=True), kind="notice", subject="")


@command("score", *SHEET, rulebook=RULEBOOK, moderator=True)
async def score(ctx: Context, args: SheetArgs) -> None:
    table = args.table
    scores = [args.east, args.south, args.west, args.north]
    session = session_option(args.options)
    number, found, finished = await for_sheets(ctx)
    ruling = found.record_scores(table, scores, ctx.now, session)
    await publish(ctx, number, found, [ruling], audit="score")
    if finished:
        await final_again(ctx, found)
    elif ruling["session"] != found.current or not found.session_open:  # a late sheet
        await ctx.decide(found.standings(ctx.now), kind="notice")


WIN_OPTIONS = ("flowers=N",)


def bad_option(token: str, options: tuple[str, ...]) -> BadInput:
    """What is wrong with an option of /win or /hu: a value out of its range (flowers=9,
    seat=X), else an option that does not exist (``maybe``)."""
    key, equals, value = token.partition("=")
    key = canonical(key)
    if equals and key == "flowers":
        return BadInput("bad_flowers", arg="flowers", got=value)
    if equals and key in ("seat", "round"):
        return BadInput("bad_wind", arg=key, got=value)
    return BadInput("unknown_option", arg="options", got=token, options=", ".join(options))


def _flowers(options: list[str]) -> int:
    """``flowers=N`` (0 to 8, once), the only option of a hand won."""
    flowers: int | None = None
    for token in options:
        key, equals, value = token.partition("=")
        if canonical(key) == "flowers" and equals and flowers is not None:
            raise BadInput("repeated_option", arg="flowers", got=token)
        if canonical(key) != "flowers" or not equals or value not in FLOWER_COUNTS:
            raise bad_option(token, WIN_OPTIONS)
        flowers = int(value)
    return flowers or 0


@dataclass(frozen=True)
class WinArgs:
    table: int
    winner: str
    fan: int
    how: str | None
    options: list[str]
    discarder: str | None


@command(
    "win",
    forms=(
        (
            TABLE,
            Mention("winner"),
            Int("fan", 1, MAX_FAN),
            Choice("how", ("self",)),
            Settings("options", WIN_OPTIONS),
        ),
        (
            TABLE,
            Mention("winner"),
            Int("fan", 1, MAX_FAN),
            Mention("discarder"),
            Settings("options", WIN_OPTIONS),
        ),
    ),
    rulebook=RULEBOOK,
    moderator=True,
)
async def win(ctx: Context, args: WinArgs) -> None:
    """A hand won, recorded hand by hand: MCR's payments follow from the fan (the flowers
    included, though they do not count towards the 8 a win needs)."""
    winner = (await ctx.member(args.winner)).key
    discarder = (await ctx.member(args.discarder)).key if args.discarder else None
    flowers = _flowers(args.options)
    number, found = await current(ctx)
    ruling = found.win(args.table, winner, args.fan, discarder, ctx.now, flowers)
    await publish(ctx, number, found, [ruling], audit="win")


@dataclass(frozen=True)
class WashoutArgs:
    table: int


@command("washout", TABLE, rulebook=RULEBOOK, moderator=True)
async def washout(ctx: Context, args: WashoutArgs) -> None:
    number, found = await current(ctx)
    await publish(ctx, number, found, [found.washout(args.table, ctx.now)], audit="washout")


@dataclass(frozen=True)
class LateArgs:
    player: str
    minutes: int
    session: int | None


@command("late", PLAYER, Int("minutes", 1, 24 * 60), IN_SESSION, rulebook=RULEBOOK, moderator=True)
async def late(ctx: Context, args: LateArgs) -> None:
    player = (await ctx.member(args.player)).key
    minutes = args.minutes
    number, found = await current(ctx)
    rulings = found.late(player, minutes, ctx.now, args.session)
    await publish(ctx, number, found, rulings, audit="late")


@dataclass(frozen=True)
class ViolationArgs:
    player: str
    kind: str
    points: int | None
    session: int | None


@command(
    "violation",
    PLAYER,
    Choice("kind", tuple(VIOLATIONS), shown="kind"),
    Int("points", 0, SCORE_LIMIT, required=False),
    IN_SESSION,
    rulebook=RULEBOOK,
    moderator=True,
)
async def violation(ctx: Context, args: ViolationArgs) -> None:
    player = (await ctx.member(args.player)).key
    kind, extra = args.kind, args.points
    number, found = await current(ctx)
    rulings = found.violation(player, kind, extra, ctx.now, args.session)
    await publish(ctx, number, found, rulings, audit="violation")


@dataclass(frozen=True)
class DeadhandArgs:
    player: str
    kind: str
    session: int | None


@command(
    "deadhand",
    PLAYER,
    Choice("kind", tuple(DEAD_HANDS), shown="kind"),
    IN_SESSION,
    rulebook=RULEBOOK,
    moderator=True,
)
async def deadhand(ctx: Context, args: DeadhandArgs) -> None:
    player = (await ctx.member(args.player)).key
    number, found = await current(ctx)
    ruling = found.dead_hand(player, args.kind, ctx.now, args.session)
    await publish(ctx, number, found, [ruling], audit="deadhand")


@dataclass(frozen=True)
class FalsehuArgs:
    player: str
    variant: str
    exposure: str | None
    session: int | None


@command(
    "falsehu",
    PLAYER,
    Choice("variant", FALSE_HU_VARIANTS),
    Choice("exposure", ("exposed", "concealed"), required=False),
    IN_SESSION,
    rulebook=RULEBOOK,
    moderator=True,
)
async def falsehu(ctx: Context, args: FalsehuArgs) -> None:
    player = (await ctx.member(args.player)).key
    variant = args.variant
    shown = args.exposure or "exposed"
    number, found = await current(ctx)
    await publish(
        ctx,
        number,
        found,
        found.false_hu(player, variant, shown == "exposed", ctx.now, args.session),
        audit="falsehu",
    )


@dataclass(frozen=True)
class NotileArgs:
    player: str
    session: int | None


@command("notile", PLAYER, IN_SESSION, rulebook=RULEBOOK, moderator=True)
async def notile(ctx: Context, args: NotileArgs) -> None:
    player = (await ctx.member(args.player)).key
    number, found = await current(ctx)
    rulings = found.forgotten_tile(player, ctx.now, args.session)
    await publish(ctx, number, found, rulings, audit="notile")


@dataclass(frozen=True)
class DqArgs:
    player: str
    reason: str
    session: int | None


@command("dq", PLAYER, IN_SESSION, Text("reason"), rulebook=RULEBOOK, moderator=True)
async def dq(ctx: Context, args: DqArgs) -> None:
    player = (await ctx.member(args.player)).key
    reason = args.reason
    number, found = await current(ctx)
    rulings = found.disqualify(player, reason, ctx.now, args.session)
    await publish(ctx, number, found, rulings, audit="dq", reason=reason)


@dataclass(frozen=True)
class SubArgs:
    out: str
    substitute: str
    reason: str
    rest: str | None


@command(
    "sub",
    Mention("out"),
    Mention("substitute", shown="@in"),
    Choice("reason", SUB_REASONS),
    Choice("rest", ("rest",), required=False),  # for the rest of the tournament
    rulebook=RULEBOOK,
    moderator=True,
)
async def sub(ctx: Context, args: SubArgs) -> None:
    out = (await ctx.member(args.out)).key
    replacement = (await ctx.member(args.substitute)).key
    number, found = await current(ctx)
    await not_stopped(ctx, [replacement])
    rulings = found.substitute(out, replacement, args.reason, ctx.now, rest=bool(args.rest))
    await publish(ctx, number, found, rulings, audit="sub")


@dataclass(frozen=True)
class AppealArgs:
    ruling: int
    text: str


@command("appeal", Int("ruling", 1, shown="ruling id"), Text("text"), personal=True)
async def appeal(ctx: Context, args: AppealArgs) -> None:
    """A referee's decision appealed in the tournament (ERGMT); a chat measure appealed by
    its member, in any chat (:func:`appeal_measure`)."""
    ruling_id, text = args.ruling, args.text
    appealed = await ctx.store.rulings.ruling(ctx.cid, ruling_id)
    if appealed is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=ruling_id)
    if told_privately(appealed):
        await appeal_measure(ctx, ruling_id, appealed, text)
        return
    effect = appealed.get("effect")
    if effect is None or ctx.community.rulebook != RULEBOOK:
        raise RuleViolation("ruling_not_appealable", reason="not_appealable", ruling=ruling_id)
    number, found = await current(ctx)
    ruling = found.appeal(
        ruling_id,
        effect,
        ctx.actor_key,
        text,
        ctx.now,
        about=appealed.get("player"),
        on_behalf=ctx.is_moderator,
    )
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
    await ctx.decide(ruling)


@dataclass(frozen=True)
class ResolveArgs:
    appeal: int
    decision: str
    reason: str


@command(
    "resolve",
    Int("appeal", 1, shown="appeal id"),
    Choice("decision", ("uphold", "overturn")),
    Text("reason"),
    rulebook=RULEBOOK,
    moderator=True,
)
async def resolve(ctx: Context, args: ResolveArgs) -> None:
    appeal_id, decision, reason = args.appeal, args.decision, args.reason
    number, found = await current(ctx)
    rulings = found.resolve(appeal_id, decision, reason, ctx.now)
    await publish(ctx, number, found, rulings, audit="resolve", reason=reason)
    if decision == "overturn":  # the ruling appealed stands no more (an undo restores it)
        resolved = await ctx.store.rulings.latest_ruling(ctx.cid, "appeal_resolved")
        assert resolved is not None
        await ctx.store.rulings.reverse(ctx.cid, [rulings[0]["ruling_appealed"]], resolved)
    if len(rulings) > 1:  # what the overturn changed
        await ctx.decide(found.standings(ctx.now), kind="notice")


async def citing(ctx: Context, rulings: list[Ruling]) -> list[Ruling]:
    """Penalties stepped again and table points announced again, each citing the ruling it
    amends (RULES 2.10, §3)."""
    cited = []
    for ruling in rulings:
        amends = None
        if ruling.type == "penalty" and ruling.get("amends") is None:
            amends = await ctx.store.rulings.ruling_with(
                ctx.cid, ruling["player"], ("penalty",), {"effect": ruling["effect"]}
            )
        elif ruling.type == "table_points" and ruling["tp"] and ruling.get("amends") is None:
            amends = await standing_sheet(
                ctx, ruling["session"], ruling["table"], set(ruling["tp"])
            )
        cited.append(ruling if amends is None else ruling.with_fields(amends=amends))
    return cited


@dataclass(frozen=True)
class ExcludeArgs:
    player: str
    reason: str


@command("exclude", PLAYER, Text("reason"), rulebook=RULEBOOK, moderator=True)
async def exclude(ctx: Context, args: ExcludeArgs) -> None:
    """A player replaced for illness left out of the final results (RULES 2.9)."""
    player = (await ctx.member(args.player)).key
    number, found = await current(ctx)
    ruling = found.exclude(player, args.reason, ctx.now)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
    await ctx.decide(ruling, kind="notice", audit="exclude", reason=args.reason)


@dataclass(frozen=True)
class RankArgs:
    player: str


@command("rank", PLAYER, rulebook=RULEBOOK, moderator=True)
async def rank(ctx: Context, args: RankArgs) -> None:
    """A substitute who played every session from the first, ranked (ERGMT §3.9)."""
    player = (await ctx.member(args.player)).key
    number, found = await current(ctx)
    ruling = found.rank(player, ctx.now)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
    await ctx.decide(ruling, kind="notice", audit="rank")


@dataclass(frozen=True)
class TournamentsArgs:
    page: int | None


@command("tournaments", Int("page", 1, required=False), rulebook=RULEBOOK)
async def tournaments(ctx: Context, args: TournamentsArgs) -> None:
    """The chat's tournaments, the running one and those finished, newest first."""
    rows = []
    for number, active, found in await ctx.store.tournaments.tournaments(ctx.cid):
        standings = found.standings(ctx.now)["rows"]
        winner = standings[0]["player"] if standings and not active else None
        rows.append(
            {
                "id": number,
                "tournament": found.name,
                "running": active,
                "started": found.created_at,
                "finished": found.finished_at,
                "sessions": found.sessions,
                "players": len(found.players),
                "winner": winner,
            }
        )
    await ctx.decide(Ruling("tournaments", ctx.now, "000 §4", {"tournaments": rows}))


@command("finish", rulebook=RULEBOOK, moderator=True)
async def finish(ctx: Context, args: NoArguments) -> None:
    """The tournament ends after its last session, with its final standings."""
    number, found = await current(ctx)
    ruling = found.finish(ctx.now)
    await ctx.store.tournaments.finish_tournament(ctx.cid, number, found)
    await ctx.decide(ruling, kind="notice", subject="", audit="finish")
    await ctx.decide(results_of(found, ctx.now), kind="notice")  # the file for the EMA


OF_TOURNAMENT = KeyedWord("tournament", shown="tournament")  # a finished one, by its name
PLAYER_DETAILS = (
    "ema=number",
    "country=code",
    'first="First"',
    'last="Last"',
    'name="First Last"',
    'team="Team"',
)


@dataclass(frozen=True)
class PlayerArgs:
    player: str
    details: list[str]
    tournament: str | None


@command(
    "player",
    PLAYER,
    Settings("details", PLAYER_DETAILS),
    OF_TOURNAMENT,
    rulebook=RULEBOOK,
    moderator=True,
)
async def player(ctx: Context, args: PlayerArgs) -> None:
    """What the EMA's results file needs: EMA number, country, real name; and his team."""
    who = (await ctx.member(args.player)).key
    given: dict[str, str] = {}
    for token in args.details:
        key, equals, value = token.partition("=")
        if key not in ("ema", "country", "name", "first", "last", "team") or not equals:
            raise BadInput(
                "expected_setting",
                arg="details",
                got=token,
                options=", ".join(PLAYER_DETAILS),
            )
        if key in given:
            raise BadInput("repeated_option", arg=key, got=token)
        given[key] = value
    if not given:
        raise BadInput("missing_argument", arg="details")
    number, found = await for_results(ctx, args.tournament)
    kept_apart = found.group_of(who, found.seating_apart)
    ruling = found.record_details(
        who,
        given.get("ema"),
        given.get("country"),
        given.get("name"),
        ctx.now,
        first=given.get("first"),
        last=given.get("last"),
        team=given.get("team"),
    )
    await ctx.decide(ruling, audit="player")
    if found.group_of(who, found.seating_apart) != kept_apart and found.current == 0:
        await _redraw(ctx, number, found)  # a plan keeping mates apart, drawn for them again
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)


SEPARATE = ("team", "country")


@dataclass(frozen=True)
class SeatingArgs:
    session: int | None
    draw: int | None
    separate: str | None


@command(
    "seating",
    Int("session", 1, 99, required=False),
    Keyed("draw", 0),
    KeyedWord("separate", shown="|".join(SEPARATE), choices=SEPARATE),
    rulebook=RULEBOOK,
)
async def seating(ctx: Context, args: SeatingArgs) -> None:
    """Moderators draw the seating of every session, from a public number or one the bot
    picks; anyone reads a session's tables."""
    number, found = await current(ctx)
    session = args.session
    if session is not None and (args.draw is not None or args.separate):
        raise RuleViolation("seating_view_options", reason="bad_input", session=session)
    if session is None:
        ctx.require_moderator()
        apart = canonical(args.separate or "")
        if apart and apart not in SEPARATE:
            options = " | ".join(SEPARATE)
            raise BadInput(
                "expected_choice",
                arg="separate",
                got=apart,
                options=options,
                choices=len(SEPARATE),
            )
        seed = args.draw if args.draw is not None else ctx.chance(ctx.now)
        drawn_before = bool(found.seating_plan)
        ruling = found.draw_seating(ctx.now, seed, apart)
        await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
        if drawn_before:  # drawn again: said, and the plan it replaces stands no more
            amends = await ctx.store.rulings.latest_ruling(ctx.cid, "seating_plan")
            ruling = ruling.with_fields(amends=amends, redrawn=True)
        await _replace_plan(ctx, ruling, audit="seating")
        return
    if session > found.sessions:
        raise RuleViolation(
            "no_such_session", reason="bad_input", session=session, sessions=found.sessions
        )
    tables = found.planned_seats(session)  # who will really sit there
    if not tables:
        raise RuleViolation("no_seating_plan", reason="no_seating_plan", session=session)
    fields = {
        "session": session,
        "tables": [{"table": n, "seats": t} for n, t in enumerate(tables, 1)],
    }
    await ctx.decide(Ruling("seating_view", ctx.now, "000 §1", fields))


@dataclass(frozen=True)
class ExportArgs:
    tournament: str | None


@command("export", OF_TOURNAMENT, rulebook=RULEBOOK, moderator=True)
async def export(ctx: Context, args: ExportArgs) -> None:
    """The results file in the EMA's format, of the running tournament, the last one or the
    one named."""
    _number, found = await for_results(ctx, args.tournament)
    await ctx.decide(results_of(found, ctx.now), kind="notice")


def results_of(tournament: Tournament, at: datetime) -> Ruling:
    ruling = tournament.results(at)
    slug = re.sub(r"[^\w-]+", "-", tournament.name.lower(), flags=re.UNICODE).strip("-")
    return ruling.with_fields(file=f"{slug or 'tournament'}-ema-results.csv")


@command("players", rulebook=RULEBOOK)
async def players(ctx: Context, args: NoArguments) -> None:
    """Who is registered, and who came in as a substitute."""
    _, found = await current(ctx)
    await ctx.decide(found.roster(ctx.now))


@dataclass(frozen=True)
class RefereeArgs:
    note: str | None


@command("referee", Text("note", required=False), rulebook=RULEBOOK)
async def referee(ctx: Context, args: RefereeArgs) -> None:
    reason = args.note
    await ctx.decide(
        announce.referee_call(
            ctx.actor_key, reason, ctx.community.settings.get("admins", []), ctx.now
        ),
        kind="notice",
    )


FLOWER_COUNTS = tuple(str(n) for n in range(9))  # a hand has at most eight flowers
HU_FLAGS = ("self", "last-tile", "kong", "last-of-wall")
HU_OPTIONS = (
    *HU_FLAGS,
    "flowers=N",
    "seat=E|S|W|N",
    "round=E|S|W|N",
)


_TILE_GROUP = re.compile(r"[\[\]{}0-9mpszMPSZ]*[0-9][\[\]{}0-9mpszMPSZ]*")


def _hand_and_options(hand: str, win: str, more: list[str]) -> tuple[str, str, list[str]]:
    """The hand, its winning tile and the options, however the groups were spaced: every
    tile group but the last is the hand, the last is the winning tile."""
    words = [hand, win, *more]
    groups = [word for word in words if _TILE_GROUP.fullmatch(word)]
    options = [word for word in words if not _TILE_GROUP.fullmatch(word)]
    if len(groups) < 2 or words[: len(groups)] != groups:  # the tiles first, then options
        raise InvalidArgument("hand_notation", hand=" ".join(words))
    return "".join(groups[:-1]), groups[-1], options


@dataclass(frozen=True)
class HuArgs:
    hand: str
    win: str
    options: list[str]


@command("hu", Word("hand"), Word("win"), Settings("options", HU_OPTIONS), rulebook=RULEBOOK)
async def hu(ctx: Context, args: HuArgs) -> None:
    """A claimed hand checked with the MCR fan rules (MahjongGB, read as the EMA's rulebook
    counts): its fan, and whether it reaches 8 without the flowers (RULES 2.6)."""
    written_hand, written_win, options = _hand_and_options(args.hand, args.win, args.options)
    hand = parse_hand(written_hand, written_win)
    flags: set[str] = set()
    values = {"flowers": "0", "seat": "E", "round": "E"}
    given: set[str] = set()
    for token in options:
        key, equals, value = token.partition("=")
        key = canonical(key)
        if key in given:  # said twice: which one was meant?
            raise BadInput("repeated_option", arg=key, got=token)
        given.add(key)
        if not equals and key in HU_FLAGS:
            flags.add(key)
        elif equals and key == "flowers" and value in FLOWER_COUNTS:
            values[key] = value
        elif equals and key in ("seat", "round") and value.upper() in WIND_LETTERS:
            values[key] = value.upper()
        else:
            raise bad_option(token, HU_OPTIONS)
    check_win_flags(  # flags that cannot hold, for this hand or any
        hand,
        self_drawn="self" in flags,
        last_tile="last-tile" in flags,
        kong="kong" in flags,
        last_of_wall="last-of-wall" in flags,
    )
    flowers = int(values["flowers"])
    fans = count_fan(
        hand,
        self_drawn="self" in flags,
        last_tile="last-tile" in flags,
        kong="kong" in flags,
        last_of_wall="last-of-wall" in flags,
        flowers=flowers,
        seat=values["seat"],
        prevalent=values["round"],
    )
    written = f"{written_hand} {written_win}"
    if fans is None:
        fields = {"hand": written, "fan": 0, "valid": False, "fans": [], "reason": "not_a_win"}
    else:
        total = sum(fan.points for fan in fans)
        without_flowers = sum(f.points for f in fans if f.name != "flower-tiles")
        fields = {
            "hand": written,
            "fan": total,
            "valid": without_flowers >= 8,
            "fans": [{"name": fan.name, "points": fan.points} for fan in fans],
            "reason": None if without_flowers >= 8 else "under8",
        }
    await ctx.decide(Ruling("hand_check", ctx.now, "000 2.6", fields))


@dataclass(frozen=True)
class ClockArgs:
    duration: timedelta | None
    action: str | None


@command(
    "clock",
    forms=((), (Duration("duration"),), (Choice("action", ("stop",)),)),
    rulebook=RULEBOOK,
)
async def clock(ctx: Context, args: ClockArgs) -> None:
    """The session's countdown (ERGMT §3.6): a referee starts it or stops it; anyone asks
    how long is left. Its warning and its end are the scheduler's."""
    number, found = await current(ctx)
    if args.duration is None and args.action is None:
        await ctx.decide(require_clock(found.clock, ctx.now).status(ctx.now))
        return
    ctx.require_moderator()
    await ctx.store.timers.cancel(ctx.cid, "clock_warning", "clock")
    await ctx.store.timers.cancel(ctx.cid, "clock_end", "clock")
    if args.action == "stop":
        running = require_clock(found.clock, ctx.now)
        found.clock = None
        await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
        await ctx.decide(running.stopped(ctx.now), kind="notice", subject="", audit="clock")
        return
    session = found.current if found.session_open else None
    assert args.duration is not None  # the form that starts it
    found.clock = start_clock(session, ctx.now, args.duration)
    await ctx.store.tournaments.save_tournament(ctx.cid, number, found)
    ends = {"ends_at": found.clock.ends_at.isoformat()}
    warning = found.clock.warning_at(ctx.now)
    if warning is not None:
        await ctx.store.timers.schedule(ctx.cid, "clock_warning", "clock", warning, ends)
    await ctx.store.timers.schedule(ctx.cid, "clock_end", "clock", found.clock.ends_at, ends)
    await ctx.decide(found.clock.started(ctx.now), kind="notice", subject="", audit="clock")


async def correct_table_scores(ctx: Context, args: SheetArgs) -> None:
    """/correct: a table's score sheet replaced (the session's, or an earlier one's)."""
    number, found, finished = await for_sheets(ctx)
    table = args.table
    scores = [args.east, args.south, args.west, args.north]
    corrected = found.correct_scores(table, scores, ctx.now, session_option(args.options))
    amends = await standing_sheet(ctx, corrected["session"], table, set(corrected["seats"]))
    await publish(ctx, number, found, [corrected.with_fields(amends=amends)], audit="correct")
    if finished:
        await final_again(ctx, found)
    else:
        await ctx.decide(found.standings(ctx.now), kind="notice")


# ---- the session clock's timers (declared by the rulebook: Rulebook.timers) ------------------
async def _running_clock(ctx: Context, due: Timer) -> tuple[int, Tournament] | None:
    """The tournament whose countdown this timer belongs to, while it still runs as armed."""
    found = await ctx.store.tournaments.active_tournament(ctx.cid)
    if found is None or found[1].clock is None:
        return None
    if found[1].clock.ends_at.isoformat() != due.payload.get("ends_at"):
        return None  # started again or stopped meanwhile: its own timers tell
    return found


async def clock_warning(ctx: Context, due: Timer) -> None:
    """15 minutes left in the session (ERGMT §3.6)."""
    found = await _running_clock(ctx, due)
    if found is not None and found[1].clock is not None:
        await ctx.decide(found[1].clock.warning(ctx.now), kind="notice", subject="")


async def clock_end(ctx: Context, due: Timer) -> None:
    """Time: play stops."""
    found = await _running_clock(ctx, due)
    if found is None or found[1].clock is None:
        return
    _, tournament = found
    assert tournament.clock is not None
    # the clock stays, at zero, until the session ends: the projector says time is up
    await ctx.decide(tournament.clock.ended(ctx.now), kind="notice", subject="")
