"""New members: held at once, greeted together, challenged, and raids.

A join is one transaction that records no message for the group: a member who must show he
is a person is muted by an action carried out at once (``join_check``, said by the greeting),
and added to the greeting that gathers the joins of the next few seconds (the timer
``welcome_batch``): one message names them all and asks one sum, whose buttons are tokens
only the bot can tell apart. So a raid costs the group one message every few seconds
whatever its size, and its restrictions never wait behind the group's message budget.

A wrong answer fails the check at once (no retry: a second press would halve the odds of a
bot pressing at random); he may join again. A check not answered in time removes him
silently (the moderators' log says it): a raid's hundreds of removals would otherwise fill
the group. On Telegram a join request is challenged in the requester's private chat and
answered (approved, declined) by the outcome; Discord has no join requests, and its join
check is its own verification level, so a Discord join is greeted and counted for raids.
"""

from __future__ import annotations

import random
import secrets
import string
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.discipline.conduct import read_duration, setting_cited
from bot.discipline.errors import RuleViolation
from bot.discipline.joins import (
    GATHER,
    JOIN_CHECK,
    RAID_TIME,
    RaidRule,
    new_challenge,
)
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, command
from bot.handlers.grammar import BadInput, Choice, Duration, Text, Word
from bot.handlers.moderation import BOT, protection, save_conduct
from bot.storage.store import Member as Known
from bot.storage.store import Timer

RAID = "raid"  # the subject of a raid's timer: one raid a chat
BATCH = "joins"  # the subject of the greeting that gathers the latest joins
ADMITTED = timedelta(minutes=10)  # a request let in: his join message comes within this
SHOWN_NAMES = 3  # a greeting names this many; "and N others" for the rest
_ALPHABET = string.ascii_letters + string.digits + "-_"


def token_from(source: random.Random) -> str:
    """16 characters nobody can guess (from the system's randomness, live)."""
    return "".join(source.choice(_ALPHABET) for _ in range(16))


def raid_rule(ctx: Context) -> RaidRule | None:
    return RaidRule.read(ctx.community.settings.get("raid_joins", ""))


def raid_time(ctx: Context) -> timedelta:
    return read_duration(ctx.community.settings.get("raid_time", "")) or RAID_TIME


async def counts_as_raid(ctx: Context) -> bool:
    """Whether this join takes the chat over its ``raid_joins``: counted with the chat's
    recent joins in the database, in the join's transaction (every process on the database
    sees each join, and a restart forgets none)."""
    rule = raid_rule(ctx)
    if rule is None:
        return False
    at = ctx.now.timestamp()
    recent = await ctx.store.joins.count(ctx.cid, at, rule.window_start(at), rule.enough)
    return rule.exceeded_by(recent)


async def running_raid(ctx: Context) -> Timer | None:
    found = await ctx.store.timers.pending(ctx.cid, "raid_end", RAID)
    return found if found is not None and found.due_at > ctx.now else None


# ---- raids ---------------------------------------------------------------------------------
async def start_raid(ctx: Context, until: datetime, *, automatic: bool, reason: str | None) -> None:
    """A raid begins (announced once, in the chat and its moderators' log); one running is
    only made longer by the joins that keep going over the limit."""
    found = await ctx.store.timers.pending(ctx.cid, "raid_end", RAID)
    if found is not None and found.due_at <= ctx.now:  # over, its end not yet fired: said now
        await end_raid(ctx, found, None, on_time=True)
    running = found if found is not None and found.due_at > ctx.now else None
    if running is not None:
        if not automatic:
            raise RuleViolation("raid_running", reason="raid_running", until=running.due_at)
        if until > running.due_at:
            await ctx.store.timers.schedule(ctx.cid, "raid_end", RAID, until, running.payload)
        return
    rule = raid_rule(ctx)
    fields = {
        "until": until,
        "automatic": automatic,
        "joins": rule.joins if automatic and rule else None,
        "seconds": rule.seconds if automatic and rule else None,
        "reason": reason,
    }
    cited = setting_cited("raid_joins") if automatic else ""
    number = await ctx.decide(
        Ruling("raid_started", ctx.now, cited, fields), kind="notice", subject=""
    )
    actor = BOT if automatic else ctx.actor_key
    await ctx.store.rulings.audit(ctx.cid, ctx.now, actor, "raid_on", None, reason, number)
    payload = {"ruling": number, "automatic": automatic}
    await ctx.store.timers.schedule(ctx.cid, "raid_end", RAID, until, payload)


async def end_raid(ctx: Context, running: Timer, reason: str | None, *, on_time: bool) -> None:
    """A raid over: on time (the scheduler, after a restart too) or by ``/raid off``."""
    await ctx.store.timers.cancel(ctx.cid, "raid_end", RAID)
    started = running.payload.get("ruling")
    fields = {"automatic": on_time, "amends": started, "reason": reason}
    cited = setting_cited("raid_time") if on_time and running.payload.get("automatic") else ""
    number = await ctx.decide(
        Ruling("raid_ended", ctx.now, cited, fields), kind="notice", subject=""
    )
    actor = BOT if on_time else ctx.actor_key
    await ctx.store.rulings.audit(ctx.cid, ctx.now, actor, "raid_off", None, reason, number)


async def raid_over(ctx: Context, due: Timer) -> None:
    """The raid's time ran out."""
    await end_raid(ctx, due, None, on_time=True)


@dataclass(frozen=True)
class RaidArgs:
    state: str
    duration: timedelta | None
    reason: str | None


@command(
    "raid",
    Choice("state", ("on", "off")),
    Duration("duration", required=False),
    Text("reason", required=False),
    moderator=True,
)
async def raid(ctx: Context, args: RaidArgs) -> None:
    """A moderator starts a raid (for ``duration``, else the chat's ``raid_time``) or ends
    the one running."""
    if args.state == "on":
        until = ctx.now + (args.duration or raid_time(ctx))
        await start_raid(ctx, until, automatic=False, reason=args.reason)
        return
    if args.duration is not None:
        raise BadInput("raid_off_duration", arg="duration")
    running = await running_raid(ctx)
    if running is None:
        raise RuleViolation("no_raid", reason="no_raid")
    await end_raid(ctx, running, args.reason, on_time=False)


# ---- a member joins --------------------------------------------------------------------------
def _checks(ctx: Context, raiding: bool) -> bool:
    return raiding or ctx.community.settings.get("captcha") == "on"


async def member_joined(ctx: Context, member: Known, *, check: bool, over_limit: bool) -> None:
    """A new member in the chat: counted for raids, held where the chat checks its new
    members (or a raid runs), and added to the next greeting."""
    if over_limit:
        await start_raid(ctx, ctx.now + raid_time(ctx), automatic=True, reason=None)
    raiding = await running_raid(ctx) is not None
    record = await ctx.store.sanctions.conduct(ctx.cid, member.key)
    if record.join_check is not None:
        return  # his check runs already
    admitted = await ctx.store.timers.pending(ctx.cid, "join_admitted", member.key)
    if admitted is not None:  # a request that passed its check: in, and only greeted
        await ctx.store.timers.cancel(ctx.cid, "join_admitted", member.key)
    protected = protection(ctx, member, moderator=ctx.is_moderator, automatic=True) is not None
    held = check and _checks(ctx, raiding) and admitted is None and not protected
    if held:
        length = GATHER + JOIN_CHECK
        fields = {
            "player": member.key,
            "until": ctx.now + length,
            "seconds": int(length.total_seconds()),
        }
        cited = setting_cited("captcha" if not raiding else "raid_joins")
        number = await ctx.decide(Ruling("join_check", ctx.now, cited, fields), kind="action")
        assert number is not None
        record.await_check(number, ctx.now, length)
        await save_conduct(ctx, record)
        payload = {"ruling": number}
        await ctx.store.timers.schedule(
            ctx.cid, "join_check", member.key, ctx.now + length, payload
        )
    if held or ctx.community.settings.get("welcome"):
        await _gather(ctx, member.key)


async def _gather(ctx: Context, member: str) -> None:
    """The member joins the greeting being gathered (due a few seconds after its first), one
    for each forum topic that joins are announced in: each greeted where he was."""
    thread = ctx.store.thread
    subject = BATCH if thread is None else f"{BATCH}:{thread}"
    batch = await ctx.store.timers.pending(ctx.cid, "welcome_batch", subject)
    players = list(batch.payload.get("players", [])) if batch is not None else []
    if member not in players:
        players.append(member)
    due = batch.due_at if batch is not None else ctx.now + GATHER
    await ctx.store.timers.schedule(ctx.cid, "welcome_batch", subject, due, {"players": players})


async def greet(ctx: Context, due: Timer) -> None:
    """The gathered joins greeted in one message: the chat's welcome and rules, and for those
    held, one sum to answer with the buttons below it."""
    players = [str(p) for p in due.payload.get("players", [])]
    held = []
    for player in players:
        check = await ctx.store.timers.pending(ctx.cid, "join_check", player)
        if check is not None and "right" not in check.payload:
            held.append((player, check))
    fields: dict[str, object] = {
        "players": players[:SHOWN_NAMES] if len(players) <= SHOWN_NAMES else players[:2],
        "others": 0 if len(players) <= SHOWN_NAMES else len(players) - 2,
        "text": ctx.community.settings.get("welcome") or None,
        "rules": [],
    }
    if fields["text"]:
        standing = (await ctx.store.sanctions.chat_rules(ctx.cid)).standing()
        fields["rules"] = [{"number": r.number, "text": r.text} for r in standing]
    if held:
        challenge = new_challenge(ctx.secrets, lambda: token_from(ctx.secrets))
        until = ctx.now + JOIN_CHECK
        fields |= {
            **challenge.as_fields(),
            "until": until,
            "seconds": int(JOIN_CHECK.total_seconds()),
        }
        for player, check in held:
            payload = {**check.payload, "right": challenge.right, "sum": challenge.sum}
            await ctx.store.timers.schedule(ctx.cid, "join_check", player, until, payload)
    elif not fields["text"]:
        return  # nobody held, and the chat greets nobody
    await ctx.decide(Ruling("welcome", ctx.now, setting_cited("welcome"), fields), kind="notice")


# ---- a request to join (Telegram) ------------------------------------------------------------
async def join_requested(ctx: Context, member: Known, *, over_limit: bool) -> bool:
    """Someone asks to join: during a raid the request waits for the moderators; where the
    chat checks its new members, he is challenged in his private chat (the answer comes
    back there). Returns whether he was challenged; a chat that checks nobody leaves its
    requests to its administrators."""
    if over_limit:
        await start_raid(ctx, ctx.now + raid_time(ctx), automatic=True, reason=None)
    if await running_raid(ctx) is not None or ctx.community.settings.get("captcha") != "on":
        return False
    record = await ctx.store.sanctions.conduct(ctx.cid, member.key)
    if record.join_check is not None:
        return False  # asked already: his first challenge stands
    challenge = new_challenge(ctx.secrets, lambda: token_from(ctx.secrets))
    fields = {
        "player": member.key,
        "until": ctx.now + JOIN_CHECK,
        "seconds": int(JOIN_CHECK.total_seconds()),
        **challenge.as_fields(),
    }
    ruling = Ruling("join_request_check", ctx.now, setting_cited("captcha"), fields)
    number = await ctx.decide(ruling, kind="reply", to=member.key)
    assert number is not None
    record.join_check = number
    await save_conduct(ctx, record)
    payload = {"ruling": number, "right": challenge.right, "sum": challenge.sum, "request": True}
    await ctx.store.timers.schedule(
        ctx.cid, "join_check", member.key, ctx.now + JOIN_CHECK, payload
    )
    return True


# ---- the answer ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PassArgs:
    answer: str | None


@command("pass", Word("answer", required=False), personal=True)
async def pass_check(ctx: Context, args: PassArgs) -> None:
    """A challenged member's button: the right one lets him write (or in, for a request),
    any other fails his check. Pressed where his challenge was asked: the group for a
    member who joined, his private chat for a request."""
    record = await ctx.store.sanctions.conduct(ctx.cid, ctx.actor_key)
    check = await ctx.store.timers.pending(ctx.cid, "join_check", ctx.actor_key)
    if record.join_check is None or check is None:
        raise RuleViolation("no_join_check")
    request = bool(check.payload.get("request"))
    origin = ctx.incoming.origin if ctx.incoming is not None else None
    private = origin is not None and origin.private
    if private and not request:
        raise RuleViolation("check_in_group", reason="bad_input")
    if request and not private:
        raise RuleViolation("check_in_private", reason="bad_input")
    if "right" not in check.payload:
        raise RuleViolation("check_not_asked", reason="bad_input")
    if args.answer is None:
        raise BadInput("check_answer_needed", arg="answer")
    number = record.end_check(ctx.now)
    await save_conduct(ctx, record)
    await ctx.store.timers.cancel(ctx.cid, "join_check", ctx.actor_key)
    # the button's token, or the sum typed (a console, a reader who cannot press)
    right = secrets.compare_digest(args.answer, str(check.payload["right"]))
    right = right or args.answer == str(check.payload.get("sum"))
    await _settle(ctx, ctx.actor_key, number, request=request, passed=right, timed_out=False)


async def _settle(
    ctx: Context, player: str, check: int, *, request: bool, passed: bool, timed_out: bool
) -> None:
    """The check's outcome as a ruling and its action: let write or removed; a request
    approved or declined. What the scheduler decides is said only in the moderators' log."""
    reason = None if passed else ("timeout" if timed_out else "wrong_answer")
    fields = {"player": player, "amends": check}
    if request:
        kind = "join_request_approved" if passed else "join_request_declined"
        if passed:
            await ctx.store.timers.schedule(ctx.cid, "join_admitted", player, ctx.now + ADMITTED)
    else:
        kind = "join_check_passed" if passed else "join_check_failed"
    if not passed:
        fields["reason"] = reason
    said = "action" if timed_out else ("reply" if request else "notice")
    ruling = Ruling(kind, ctx.now, setting_cited("captcha"), fields)
    number = await ctx.decide(ruling, kind=said, to=player)
    if not passed:
        action = "join_declined" if request else "join_removed"
        await ctx.store.rulings.audit(ctx.cid, ctx.now, BOT, action, player, None, number)


async def check_expired(ctx: Context, due: Timer) -> None:
    """The time ran out: a member removed (he may join again), a request declined."""
    record = await ctx.store.sanctions.conduct(ctx.cid, due.subject)
    check = int(due.payload["ruling"])
    if record.join_check != check:
        return  # answered meanwhile
    record.end_check(ctx.now)
    await save_conduct(ctx, record)
    request = bool(due.payload.get("request"))
    await _settle(ctx, due.subject, check, request=request, passed=False, timed_out=True)


__all__ = [
    "check_expired",
    "counts_as_raid",
    "greet",
    "join_requested",
    "member_joined",
    "pass_check",
    "raid",
    "raid_over",
]
