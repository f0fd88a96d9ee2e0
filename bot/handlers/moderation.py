"""Chat moderation, in both rulebooks: the chat's own rules, warnings and the chat's ladder,
mutes, kicks, bans, and reports (CONSOLE.md, "Chat moderation"). Each is a numbered ruling
with its reason; the platform's restriction follows from the ruling (bot.discipline.kinds)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Protocol

from bot.discipline.conduct import (
    BAN,
    DEFAULT_LADDER,
    MUTE,
    STOP,
    WARN_WINDOW,
    ConductRecord,
    Ladder,
    Restriction,
    read_duration,
    setting_cited,
)
from bot.discipline.errors import RuleViolation
from bot.discipline.flood import FloodRule
from bot.discipline.kinds import CHAT, kind_of
from bot.discipline.rulings import Ruling
from bot.handlers._burraco import announce_lifted
from bot.handlers._core import Context, command
from bot.handlers.grammar import (
    BadInput,
    Choice,
    Duration,
    Int,
    Keyed,
    Mention,
    NoArguments,
    Text,
)
from bot.handlers.reach import to_moderators
from bot.handlers.removal import ban_purge, own_message
from bot.handlers.report_guards import own_reason, within_report_limit
from bot.ports.rulebooks import rulebook_named
from bot.storage.store import Member as Known

BOT = "arbitro"  # the actor of what the bot decides by itself, as the log names it

PLAYER = Mention("member", shown="@member")  # anyone in the chat, not only a player
RULE = Keyed("rule")
REPORT = Keyed("report", required=True)
EXCERPT = 200  # characters of the reported message kept with the report


# ---- the chat's own rules ------------------------------------------------------------------
@dataclass(frozen=True)
class RulesArgs:
    action: str | None
    text: str | None


@command(
    "rules",
    forms=((), (Choice("action", ("add", "edit", "remove")), Text("text"))),
)
async def rules(ctx: Context, args: RulesArgs) -> None:
    """Anyone reads the chat's rules; a moderator adds one (``add <text>``), edits one
    (``edit <N> <text>``) or removes one (``remove <N>``)."""
    kept = await ctx.store.sanctions.chat_rules(ctx.cid)
    action = args.action
    if action is None:
        shown = [{"number": r.number, "text": r.text} for r in kept.standing()]
        await ctx.decide(Ruling("chat_rules", ctx.now, "", {"rules": shown}))
        return
    ctx.require_moderator()
    assert args.text is not None  # read with the action
    before = None
    if action == "add":
        changed = kept.add(args.text)
    else:
        written, _, text = args.text.partition(" ")
        if not written.isdigit() or int(written) < 1:
            raise BadInput("expected_integer", arg="rule", got=written)
        if action == "edit" and not text.strip():
            raise BadInput("missing_argument", arg="text", got=None)
        if action == "remove" and text.strip():
            raise BadInput("unexpected_argument", arg="", got=text.strip())
        before = kept.cite(int(written))
        changed = kept.edit(before.number, text) if action == "edit" else kept.remove(before.number)
    await ctx.store.sanctions.save_chat_rules(ctx.cid, kept)
    fields = {
        "action": action,
        "number": changed.number,
        "text": changed.text,
        "previous": before.text if before is not None else None,
    }
    await ctx.decide(
        Ruling("chat_rule", ctx.now, "", fields),
        kind="notice",
        subject="",
        audit=f"rules_{action}",
        reason=changed.text,
    )


async def cited(ctx: Context, number: int | None) -> str:
    """How a ruling cites the chat's rule ``number`` (refused when there is none)."""
    if number is None:
        return ""
    (await ctx.store.sanctions.chat_rules(ctx.cid)).cite(number)
    return f"chat §{number}"


# ---- whom a measure may touch ---------------------------------------------------------------
SELF, THE_BOT, MODERATOR = "self", "bot", "moderator"  # why a member is protected


def protection(
    ctx: Context, member: Known, *, moderator: bool, is_bot: bool = False, automatic: bool = False
) -> str | None:
    """Why no measure may touch ``member``, wherever it starts (a command, a report, a button,
    the ladder, flood, the join check, the moderators' log): he is the speaker himself (not
    for what the bot decides by itself: ``automatic``), the bot, or a moderator of the chat.
    None: nothing protects him."""
    if not automatic and ctx.actor is not None and member.key == ctx.actor_key:
        return SELF
    if is_bot:
        return THE_BOT
    return MODERATOR if moderator else None


def guard(
    ctx: Context, member: Known, *, moderator: bool, is_bot: bool = False, warning: bool = False
) -> bool:
    """The one target check of every measure a moderator decides: refused ``protected``;
    a warning of another moderator stands, exempt from the ladder (True)."""
    why = protection(ctx, member, moderator=moderator, is_bot=is_bot)
    if why is None:
        return False
    if warning and why == MODERATOR:
        return True
    raise RuleViolation(
        "protected", reason="protected", target=member.key, name=member.name, why=why
    )


async def target(ctx: Context, token: str, *, warning: bool = False) -> tuple[Known, bool]:
    """The member a measure names, one the chat has seen, checked by :func:`guard`; and
    whether he is exempt from the ladder (a moderator warned)."""
    if ctx.is_bot(token):
        raise RuleViolation("protected", reason="protected", target=token, name=token, why=THE_BOT)
    member = await ctx.member(token, seen=True)
    exempt = guard(ctx, member, moderator=ctx.moderates(token, member), warning=warning)
    return member, exempt


async def reported(ctx: Context, number: int, *, appeals: bool = False) -> Ruling:
    """An open report, acted on by its number (a button under it); or an open appeal of a
    measure, where ``appeals`` (/dismiss)."""
    found = await ctx.store.rulings.ruling(ctx.cid, number)
    wanted = ("report", "appeal") if appeals else ("report",)
    if (
        found is None
        or found.type not in wanted
        or (found.type == "appeal" and not found.get("amends"))
    ):
        raise RuleViolation("unknown_report", reason="bad_input", ruling=number)
    if await ctx.store.rulings.reversed_by(ctx.cid, number) is not None:
        raise RuleViolation("report_settled", reason="nothing_to_change", ruling=number)
    return found


class Measure(Protocol):
    """What the forms of a measure (/warn, /mute, /ban) read alike: a member and the rule
    and the reason, or a report to settle (its reason then optional)."""

    @property
    def member(self) -> str | None: ...
    @property
    def report(self) -> int | None: ...
    @property
    def rule(self) -> int | None: ...
    @property
    def reason(self) -> str | None: ...


class TimedMeasure(Measure, Protocol):
    """A measure for a time: /mute (always timed) and /ban (timed when a length is given)."""

    @property
    def duration(self) -> timedelta | None: ...


async def _subject(
    ctx: Context, args: Measure, *, warning: bool = False
) -> tuple[Known, str, bool, int | None]:
    """Who a measure is for (named, or the member a report names: checked alike), why,
    whether he is exempt from the ladder, and the report it settles."""
    if args.report is not None:
        report = await reported(ctx, args.report)
        member = await ctx.store.communities.member(ctx.cid, report["player"])
        assert member is not None
        moderator = bool(report.get("moderator")) or ctx.moderates(None, member)
        exempt = guard(ctx, member, moderator=moderator, warning=warning)
        reason = await own_reason(ctx, args.reason, await rule_of(ctx, args), args.report)
        return member, reason, exempt, args.report
    assert args.member is not None and args.reason is not None  # the other form
    member, exempt = await target(ctx, args.member, warning=warning)
    return member, args.reason, exempt, None


async def rule_of(ctx: Context, args: Measure) -> int | None:
    """The chat's rule a measure cites: the moderator's, else the one its report cites."""
    if args.rule is not None or args.report is None:
        return args.rule
    found: int | None = (await reported(ctx, args.report)).get("rule_number")
    return found


async def settle_report(ctx: Context, report: int | None, by: int | None) -> None:
    if report is not None and by is not None:
        await ctx.store.rulings.reverse(ctx.cid, [report], by)


# ---- warnings and the ladder ------------------------------------------------------------------
def ladder_of(ctx: Context) -> Ladder:
    written = ctx.community.settings.get("warn_ladder")
    return DEFAULT_LADDER if written is None else Ladder.read(written)


def window_of(ctx: Context) -> timedelta:
    return read_duration(ctx.community.settings.get("warn_window", "")) or WARN_WINDOW


@dataclass(frozen=True)
class WarnArgs:
    member: str | None
    rule: int | None
    reason: str | None
    report: int | None


@command(
    "warn",
    forms=((PLAYER, RULE, Text("reason")), (REPORT, RULE, Text("reason", required=False))),
    moderator=True,
)
async def warn(ctx: Context, args: WarnArgs) -> None:
    member, reason, exempt, report = await _subject(ctx, args, warning=True)
    number = await rule_of(ctx, args)
    rule = await cited(ctx, number)
    given = await give_warning(ctx, member.key, reason, rule, number, exempt, audit="warn")
    await settle_report(ctx, report, given)


async def give_warning(
    ctx: Context,
    player: str,
    reason: str,
    rule: str,
    number: int | None,
    exempt: bool,
    *,
    audit: str | None,
) -> int:
    """A warning counted by the chat's ladder, and the measure its count brings (a
    moderator's, or one the bot gives by itself: ``audit`` None, its context actorless)."""
    record = await ctx.store.sanctions.conduct(ctx.cid, player)
    window = window_of(ctx)
    count, step = record.assess(ctx.now, window, ladder_of(ctx), exempt=exempt)
    fields = {
        "player": player,
        "count": count,
        "rule": number,
        "measure": step.measure if step is not None else "none",
        "reason": reason,
        "window_seconds": int(window.total_seconds()),
        "exempt": exempt,
    }
    given = await ctx.decide(
        Ruling("conduct_warning", ctx.now, rule, fields),
        kind="notice",
        audit=audit,
        reason=reason,
    )
    assert given is not None
    record.add_warning(given, ctx.now, number)
    ladder = rule or setting_cited("warn_ladder")  # its measure: the chat's rule, else the ladder
    if step is not None and step.measure == STOP:
        discipline = await ctx.record(player)
        assert step.duration is not None
        stopped = discipline.impose_stop(ctx.now, step.duration, reason)
        await ctx.save_record(discipline)
        stop = await ctx.decide(
            replace(stopped, rule=ladder).with_fields(warning=given),
            kind="notice",
            audit="stop",
            reason=reason,
        )
        assert stop is not None
        record.restrict(stop, STOP, ctx.now, step.duration, warning=given, stop=stopped["stop_id"])
    elif step is not None:
        await restrict(ctx, record, step.measure, step.duration, reason, ladder, warning=given)
    await save_conduct(ctx, record)
    return given


async def restrict(
    ctx: Context,
    record: ConductRecord,
    kind: str,
    duration: timedelta | None,
    reason: str,
    rule: str = "",
    *,
    warning: int | None = None,
    automatic: bool = False,
) -> int:
    """A mute or a ban, decided and recorded in the member's conduct (``automatic``: the
    bot's own, which never replaces a measure in force)."""
    until = ctx.now + duration if duration is not None else None
    fields: dict[str, object] = {
        "player": record.player,
        "until": until,
        "reason": reason,
        "warning": warning,
        "amends": None,
    }
    if kind == BAN:  # the chat's ban_purge: his latest messages go with him
        fields.update(await ban_purge(ctx, record.player))
    number = await ctx.decide(
        Ruling("muted" if kind == MUTE else "banned", ctx.now, rule, fields),
        kind="notice",
        audit=kind,
        reason=reason,
    )
    assert number is not None
    # a moderator's mute or ban replaces the one in force; the ladder's never shortens one
    replacing = warning is None and not automatic
    record.restrict(number, kind, ctx.now, duration, warning=warning, replacing=replacing)
    return number


async def save_conduct(ctx: Context, record: ConductRecord) -> None:
    """The member's conduct saved, and the end of his timed ban armed."""
    await ctx.store.sanctions.save_conduct(ctx.cid, record)
    await ctx.store.timers.cancel(ctx.cid, "ban_end", record.player)
    ban = record.ban(ctx.now)
    if ban is not None and ban.until is not None:
        await ctx.store.timers.schedule(ctx.cid, "ban_end", record.player, ban.until, {})


# ---- mutes, kicks, bans ------------------------------------------------------------------------
@dataclass(frozen=True)
class MuteArgs:
    member: str | None
    duration: timedelta
    rule: int | None
    reason: str | None
    report: int | None


@command(
    "mute",
    forms=((PLAYER, Duration("duration"), RULE, Text("reason")),
           (REPORT, Duration("duration"), RULE, Text("reason", required=False))),
    moderator=True,
)  # fmt: skip
async def mute(ctx: Context, args: MuteArgs) -> None:
    """Silence in the chat only: his tables stay open to him (a stop closes them too)."""
    await _impose(ctx, args, MUTE)


async def _impose(ctx: Context, args: TimedMeasure, kind: str) -> None:
    """A moderator's mute or ban, of a member or of a report's, which it then settles."""
    member, reason, _, report = await _subject(ctx, args)
    rule = await cited(ctx, await rule_of(ctx, args))
    record = await ctx.store.sanctions.conduct(ctx.cid, member.key)
    number = await restrict(ctx, record, kind, args.duration, reason, rule)
    await save_conduct(ctx, record)
    await settle_report(ctx, report, number)


@dataclass(frozen=True)
class UnmuteArgs:
    member: str
    reason: str | None


@command("unmute", PLAYER, Text("reason", required=False), moderator=True)
async def unmute(ctx: Context, args: UnmuteArgs) -> None:
    await _lift(ctx, args.member, args.reason, MUTE)


async def _lift(ctx: Context, named: str, reason: str | None, kind: str) -> None:
    """Every mute (or ban) in force lifted, citing the latest (a lift is no measure: anyone
    the chat has seen)."""
    member = await ctx.member(named, seen=True)
    record = await ctx.store.sanctions.conduct(ctx.cid, member.key)
    lifted = record.lift(kind, ctx.now)
    await save_conduct(ctx, record)
    fields = {"player": member.key, "reason": reason, "amends": lifted[-1].id}
    decided, action = ("unmuted", "unmute") if kind == MUTE else ("unbanned", "unban")
    await ctx.decide(
        Ruling(decided, ctx.now, "", fields), kind="notice", audit=action, reason=reason
    )


@dataclass(frozen=True)
class KickArgs:
    member: str
    rule: int | None
    reason: str


@command("kick", PLAYER, RULE, Text("reason"), moderator=True)
async def kick(ctx: Context, args: KickArgs) -> None:
    member, _ = await target(ctx, args.member)
    rule = await cited(ctx, args.rule)
    fields = {"player": member.key, "reason": args.reason}
    await ctx.decide(
        Ruling("kicked", ctx.now, rule, fields), kind="notice", audit="kick", reason=args.reason
    )


@dataclass(frozen=True)
class BanArgs:
    member: str | None
    rule: int | None
    duration: timedelta | None
    reason: str | None
    report: int | None


@command(
    "ban",
    forms=((PLAYER, RULE, Duration("duration", required=False), Text("reason")),
           (REPORT, RULE, Duration("duration", required=False), Text("reason", required=False))),
    moderator=True,
)  # fmt: skip
async def ban(ctx: Context, args: BanArgs) -> None:
    """``/ban @x [duration] reason``: a first word that reads as a length is the length."""
    await _impose(ctx, args, BAN)


@dataclass(frozen=True)
class UnbanArgs:
    member: str
    reason: str | None


@command("unban", PLAYER, Text("reason", required=False), moderator=True)
async def unban(ctx: Context, args: UnbanArgs) -> None:
    await _lift(ctx, args.member, args.reason, BAN)


async def conduct_summary(ctx: Context, player: str) -> dict[str, object] | None:
    """A member's conduct in the chat for his profile: his warnings within the window, his
    mute and ban in force (None: nothing to say)."""
    record = await ctx.store.sanctions.conduct(ctx.cid, player)
    window = window_of(ctx)
    ban = record.ban(ctx.now)
    summary: dict[str, object] = {
        "warnings": record.count_at(ctx.now, window),
        "window_seconds": int(window.total_seconds()),
        "muted_until": record.muted_until(ctx.now),
        "banned": ban is not None,
        "banned_until": ban.until if ban is not None else None,
    }
    quiet = not summary["warnings"] and summary["muted_until"] is None and ban is None
    return None if quiet else summary


# ---- flood -------------------------------------------------------------------------------------
FLOOD_MUTE = timedelta(hours=1)  # unless the chat's flood_mute says otherwise


async def flood_mute(ctx: Context, member: Known) -> None:
    """A member who wrote faster than the chat's flood setting allows is muted, citing it
    (never a moderator)."""
    if protection(ctx, member, moderator=ctx.is_moderator, automatic=True) is not None:
        return
    rule = FloodRule.read(ctx.community.settings.get("flood", ""))
    assert rule is not None
    length = read_duration(ctx.community.settings.get("flood_mute", "")) or FLOOD_MUTE
    record = await ctx.store.sanctions.conduct(ctx.cid, member.key)
    if record.muted_past(ctx.now, ctx.now + length):
        return  # a longer mute stands: a shorter one would cut it short on the platform
    fields = {
        "player": member.key,
        "messages": rule.messages,
        "seconds": rule.seconds,
        "until": ctx.now + length,
    }
    number = await ctx.decide(
        Ruling("flood_muted", ctx.now, setting_cited("flood"), fields),
        kind="notice",
        subject=member.key,
    )
    assert number is not None
    record.restrict(number, MUTE, ctx.now, length, replacing=False)  # never shortens a mute
    await save_conduct(ctx, record)
    await ctx.store.rulings.audit(
        ctx.cid, ctx.now, BOT, "flood_mute", member.key, rule.written(), number
    )


# ---- reports ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReportArgs:
    member: str
    rule: int | None
    reason: str


@command("report", PLAYER, RULE, Text("reason"), personal=True)
async def report(ctx: Context, args: ReportArgs) -> None:
    """A member's report reaches the moderators alone (their log, else each of them
    privately) and /reports; it may cite the chat's rule broken (``rule=N``)."""
    if ctx.is_bot(args.member):
        raise RuleViolation("target_is_bot", reason="bad_input", name=args.member)
    member = await ctx.member(args.member, seen=True)
    if member.key == ctx.actor_key:
        raise RuleViolation("self_report", reason="bad_input")
    await _may_report(ctx, member.key, args.reason)
    await within_report_limit(ctx)
    rule = await cited(ctx, args.rule)
    quoted = ctx.incoming.quoted if ctx.incoming is not None else None
    excerpt = None if not quoted else quoted[:EXCERPT] + ("…" if len(quoted) > EXCERPT else "")
    fields = {
        "reporter": ctx.actor_key,
        "player": member.key,
        "excerpt": excerpt,
        "reason": args.reason,
        # as the platform saw him when reported: no measure follows from the report then
        "moderator": ctx.moderates(args.member, member),
        "rule_number": args.rule,
    }
    # in nobody's /history: who reported whom is the moderators' to know; in their /log
    number = await to_moderators(ctx, Ruling("report", ctx.now, rule, fields))
    await ctx.store.rulings.audit(
        ctx.cid, ctx.now, ctx.actor_key, "report", member.key, args.reason, number
    )
    received = {"player": ctx.actor_key, "reported": number, "messages": own_message(ctx)}
    await ctx.decide(Ruling("report_received", ctx.now, "", received))


async def _may_report(ctx: Context, player: str, reason: str) -> None:
    """A member muted or banned in the chat cannot report; the same report of the same
    member, still open, is not kept twice."""
    record = await ctx.store.sanctions.conduct(ctx.cid, ctx.actor_key)
    if record.muted_until(ctx.now) is not None or record.ban(ctx.now) is not None:
        raise RuleViolation("reporter_restricted", reason="bad_input")
    for number, found in await ctx.store.rulings.standing_of_kind(ctx.cid, "report"):
        same = (found["reporter"], found["player"]) == (ctx.actor_key, player)
        if same and found["reason"].strip().casefold() == reason.strip().casefold():
            raise RuleViolation("report_duplicate", reason="bad_input", ruling=number)


@command("reports", moderator=True)
async def reports(ctx: Context, args: NoArguments) -> None:
    found = await ctx.store.rulings.standing_of_kind(ctx.cid, "report")
    appeals = await ctx.store.rulings.standing_of_kind(ctx.cid, "appeal")
    found += [(number, r) for number, r in appeals if r.get("amends")]  # a measure's
    edited = await ctx.store.rulings.latest_reasons(ctx.cid, [number for number, _ in found])
    shown = [
        {"id": number, "at": r.at, **dict(r.fields), "reason": edited.get(number, r["reason"])}
        for number, r in sorted(found, key=lambda pair: pair[0])
    ]
    await ctx.decide(Ruling("reports", ctx.now, "", {"reports": shown}))


@dataclass(frozen=True)
class DismissArgs:
    report: int
    reason: str | None


@command("dismiss", Int("report", 1, shown="N"), Text("reason", required=False), moderator=True)
async def dismiss(ctx: Context, args: DismissArgs) -> None:
    found = await reported(ctx, args.report, appeals=True)
    fields = {"amends": args.report, "player": found["player"], "reason": args.reason}
    number = await ctx.decide(
        Ruling("report_dismissed", ctx.now, "", fields),
        subject="",
        audit="dismiss",
        reason=args.reason,
    )
    await settle_report(ctx, args.report, number)


# ---- a ruling's reason, edited; a measure appealed by its member ----------------------------
@dataclass(frozen=True)
class ReasonArgs:
    ruling: int
    reason: str


@command("reason", Int("ruling", 1, shown="N"), Text("reason"), moderator=True)
async def reason(ctx: Context, args: ReasonArgs) -> None:
    """A ruling's reason said better, without undoing it: the edit is a ruling of its own
    (rulings are never edited), and every reader of ruling N shows the latest reason."""
    found = await ctx.store.rulings.ruling(ctx.cid, args.ruling)
    if found is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=args.ruling)
    if "reason" not in kind_of(found.type).fields:
        raise RuleViolation("no_reason", reason="bad_input", ruling=args.ruling)
    if await ctx.store.rulings.reversed_by(ctx.cid, args.ruling) is not None:
        raise RuleViolation("already_undone", ruling=args.ruling)
    fields = {
        "amends": args.ruling,
        "reason": args.reason,
        "previous": found.get("reason"),
        "decision": found.type,
        "player": found.get("player"),
    }
    public = kind_of(found.type).audience == CHAT  # a report's is the moderators' alone
    await ctx.decide(
        Ruling("reason_edited", ctx.now, "", fields),
        kind="notice" if public else "reply",
        subject=found.get("player") if public else "",
        audit="reason",
        reason=args.reason,
    )


async def appeal_measure(ctx: Context, number: int, measure: Ruling, text: str) -> None:
    """``/appeal N <text>`` by the member a measure is on, in his private chat with the bot:
    a numbered ruling that reaches the moderators as a report does (their log), which
    /dismiss closes."""
    origin = ctx.incoming.origin if ctx.incoming is not None else None
    if origin is not None and not (origin.private or origin.ephemeral):
        raise RuleViolation("appeal_privately", reason="bad_input", ruling=number)
    if measure.get("player") != ctx.actor_key:
        raise RuleViolation("not_your_measure", reason="bad_input", ruling=number)
    if await ctx.store.rulings.reversed_by(ctx.cid, number) is not None:
        raise RuleViolation("already_undone", ruling=number)
    fields = {"amends": number, "player": ctx.actor_key, "reason": text, "decision": measure.type}
    appealed = await to_moderators(ctx, Ruling("appeal", ctx.now, "", fields))
    received = {"player": ctx.actor_key, "appeal": appealed, "amends": number}
    await ctx.decide(Ruling("appeal_received", ctx.now, "", received))


# ---- what an undo changes --------------------------------------------------------------------
async def announce_changed(
    ctx: Context, record: ConductRecord, changed: list[Restriction], amends: int
) -> None:
    """Measures an undo lifted or shortened, each said as a ruling citing what it amends."""
    for measure in changed:
        lifted = measure.lifted_at is not None
        if measure.kind == STOP:
            discipline = await ctx.record(record.player)
            assert measure.stop is not None
            if lifted:
                await announce_lifted(
                    ctx, record.player, discipline.undo_stop(measure.stop, ctx.now)
                )
            else:
                assert measure.until is not None
                amended = discipline.amend_stop(
                    measure.stop, measure.until - measure.start, ctx.now, None
                )
                await ctx.decide(amended.with_fields(amends=amends), kind="notice")
            await ctx.save_record(discipline)
            continue
        if lifted:
            kind = "unmuted" if measure.kind == MUTE else "unbanned"
            fields: dict[str, object] = {
                "player": record.player,
                "reason": None,
                "amends": measure.id,
            }
        else:
            kind = "muted" if measure.kind == MUTE else "banned"
            fields = {"player": record.player, "until": measure.until, "amends": amends}
            fields |= {"reason": None, "warning": None}
        await ctx.decide(Ruling(kind, ctx.now, "", fields), kind="notice")


@command("card", personal=True)
async def card(ctx: Context, args: NoArguments) -> None:
    """His card or his stop (in both rulebooks: a stop is moderation, RULES §3)."""
    if ctx.card_pending:
        return  # he is back: this very message put his card on screen, shown once
    record = await ctx.record(ctx.actor_key)
    if record.stop_until(ctx.now) is not None or record.card is None:
        await ctx.decide(
            record.status(
                ctx.now,
                ctx.zone,
                warnings=rulebook_named(ctx.community.rulebook).counts_abandonments,
            )
        )
        return
    on_screen = record.card_on_screen(ctx.now)
    if on_screen is not None:
        await ctx.decide(on_screen)
        return
    await ctx.show_card(record)
