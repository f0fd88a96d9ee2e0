"""The chat's locks and blocklist: /lock, /unlock, /blocklist, and what a member's message
that breaks one brings (CONSOLE.md, fourth edition). The message is taken out
(``message_removed``, an act of the lock: no number, in /log); a blocklist entry with an
action also warns or mutes, at most once per member per short window."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.conduct import MUTE, read_duration, setting_cited
from bot.discipline.errors import RuleViolation
from bot.discipline.locks import (
    BLOCK_ACTIONS,
    LOCKS,
    Blocklist,
    BlocklistError,
    Carried,
    MeasureThrottle,
)
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, command
from bot.handlers.grammar import BadInput, Choice, KeyedWord, Text, canonical
from bot.handlers.moderation import BOT, FLOOD_MUTE, give_warning, restrict, save_conduct

BLOCKLIST_RULE = setting_cited("blocklist")


def locks_of(ctx: Context) -> list[str]:
    return [lock for lock in LOCKS if lock in (ctx.community.settings.get("locks") or ())]


@dataclass(frozen=True)
class LockArgs:
    what: str
    reason: str | None


async def _set_lock(ctx: Context, what: str, on: bool, reason: str | None) -> None:
    kept = set(locks_of(ctx))
    if on and what in kept:
        raise RuleViolation("already_locked", reason="nothing_to_change", what=what)
    if not on and what not in kept:
        raise RuleViolation("not_locked", reason="nothing_to_change", what=what)
    kept = kept | {what} if on else kept - {what}
    ctx.community.settings["locks"] = [lock for lock in LOCKS if lock in kept]
    await ctx.store.communities.save_settings(ctx.community)
    fields = {"what": what, "locks": locks_of(ctx), "reason": reason}
    decided = "locked" if on else "unlocked"
    await ctx.decide(
        Ruling(decided, ctx.now, "", fields),
        kind="notice",
        subject="",
        audit="lock" if on else "unlock",
        reason=what,
    )


@command("lock", Choice("what", LOCKS), Text("reason", required=False), moderator=True)
async def lock(ctx: Context, args: LockArgs) -> None:
    """Members' messages of that kind are taken out from now on (moderators' never)."""
    await _set_lock(ctx, args.what, True, args.reason)


@command("unlock", Choice("what", LOCKS), Text("reason", required=False), moderator=True)
async def unlock(ctx: Context, args: LockArgs) -> None:
    await _set_lock(ctx, args.what, False, args.reason)


@dataclass(frozen=True)
class BlocklistArgs:
    change: str | None
    entry: str | None
    action: str | None


@command(
    "blocklist",
    forms=(
        (),
        (
            Choice("change", ("add", "remove")),
            KeyedWord("action", shown="|".join(BLOCK_ACTIONS), choices=BLOCK_ACTIONS),
            Text("entry", limit=100),
        ),
    ),
    moderator=True,
)
async def blocklist(ctx: Context, args: BlocklistArgs) -> None:
    """The chat's blocked words and domains: shown, or one added (with what a match
    brings besides its removal) or removed."""
    kept = Blocklist.read(ctx.community.settings.get("blocklist"))
    if args.change is None:
        shown = Ruling("blocklist", ctx.now, "", {"entries": kept.records()})
        ctx.messages.append(("reply", ctx.actor_key, shown, None))  # a display: no number
        return
    assert args.entry is not None
    action = canonical(args.action) if args.action is not None else "delete"
    if action not in BLOCK_ACTIONS:
        raise BadInput("expected_choice", arg="action", got=action,
                       options=" | ".join(BLOCK_ACTIONS), choices=len(BLOCK_ACTIONS))  # fmt: skip
    if args.change == "remove" and args.action is not None:
        raise BadInput("unexpected_argument", arg="action", got=f"action={args.action}")
    try:
        changed = kept.add(args.entry, action) if args.change == "add" else kept.remove(args.entry)
    except BlocklistError as error:
        raise RuleViolation(error.code, reason="bad_input", entry=args.entry) from None
    ctx.community.settings["blocklist"] = changed.records()
    await ctx.store.communities.save_settings(ctx.community)
    entry = " ".join(args.entry.split())
    fields = {
        "entries": changed.records(),
        "change": args.change,
        "entry": entry,
        "action": action if args.change == "add" else None,
    }
    await ctx.decide(
        Ruling("blocklist", ctx.now, "", fields),
        kind="reply",
        subject="",
        audit=f"blocklist_{args.change}",
        reason=entry,
    )


def polices(settings: dict[str, object]) -> bool:
    """Whether the chat has a lock or a blocklist that messages are checked against."""
    return bool(settings.get("locks") or settings.get("blocklist"))


async def police(ctx: Context, throttle: MeasureThrottle) -> None:
    """A member's message checked against the chat's locks and blocklist (the caller keeps
    moderators out): one that breaks them is taken out, and a blocklist entry's action
    follows, unless this member had a measure from it a moment ago (a burst is one)."""
    incoming, member = ctx.incoming, ctx.actor
    assert incoming is not None and member is not None
    carried = Carried.of(incoming.text, incoming.hidden_links, incoming.carries)
    broken = carried.breaks(locks_of(ctx))
    entry = None
    if broken is None:
        entry = Blocklist.read(ctx.community.settings.get("blocklist")).match(carried)
        if entry is None:
            return
    messages = [incoming.message] if incoming.message is not None else []
    fields = {
        "player": member.key,
        "lock": broken,
        "blocked": entry.written if entry is not None else None,
        "messages": messages,
    }
    rule = setting_cited("locks") if broken is not None else BLOCKLIST_RULE
    await ctx.decide(Ruling("message_removed", ctx.now, rule, fields), kind="notice")
    said = None if entry is None else entry.written  # a lock: its action says it in words
    await ctx.store.rulings.audit(ctx.cid, ctx.now, BOT, "message_removed", member.key, said, None)
    if entry is None or entry.action == "delete":
        return
    if not throttle.allow(ctx.cid, member.key, ctx.now.timestamp()):
        return
    await _measure(ctx, member.key, entry.written, entry.action)


async def _measure(ctx: Context, player: str, written: str, action: str) -> None:
    """What a blocklist entry brings, decided by the bot itself (in /log as the bot's)."""
    bot = Context(ctx.store, ctx.community, ctx.now, None, False, ctx.incoming)
    if action == "warn":
        number = await give_warning(bot, player, written, BLOCKLIST_RULE, None, False, audit=None)
    else:
        length = read_duration(ctx.community.settings.get("flood_mute") or "") or FLOOD_MUTE
        record = await ctx.store.sanctions.conduct(ctx.cid, player)
        if record.muted_past(ctx.now, ctx.now + length):
            return  # a longer mute stands: a shorter one would cut it short on the platform
        number = await restrict(bot, record, MUTE, length, written, BLOCKLIST_RULE, automatic=True)
        await save_conduct(bot, record)
    ctx.messages.extend(bot.messages)
    logged = "warn" if action == "warn" else "mute"
    await ctx.store.rulings.audit(ctx.cid, ctx.now, BOT, logged, player, written, number)


__all__ = ["LOCKS", "blocklist", "lock", "police", "polices", "unlock"]
