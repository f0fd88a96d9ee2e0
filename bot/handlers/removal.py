"""Messages taken out of the chat by a moderator: /del (a reply to the message) and /purge
(the latest messages the bot has seen, of one member or of all), and the messages a ban
takes with it (the chat's ``ban_purge``). Each is a numbered ruling; the deletion itself is
the ruling's effect (bot.discipline.kinds.Delete), carried out and retried by the delivery."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

from bot.discipline.conduct import read_duration
from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, Incoming, command
from bot.handlers.grammar import Int, Mention, Text
from bot.storage.store import Member

MOST_PURGED = 100  # what one /purge takes (Telegram's and Discord's one call)
# platforms that let a bot delete a member's message for a while only (Telegram: 48 hours,
# after which deleteMessages skips it without a word)
DELETABLE_FOR = {"telegram": timedelta(hours=48)}
BAN_PURGES = ("off", "1h", "24h", "7d")  # how far back a ban takes the member's messages
# a message named by its link (Discord's Copy Message Link: .../channels/server/channel/id)
# or by its id alone (of the channel where the command is used)
MESSAGE_LINK = re.compile(
    r"<?https?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/channels/(\d+)/(\d+)/(\d+)/?>?"
)
MESSAGE_ID = re.compile(r"\d{1,20}")


def own_message(ctx: Context) -> list[str]:
    """The command's own message, where the platform gave its id (taken out with it)."""
    incoming = ctx.incoming
    if incoming is None or incoming.message is None:
        return []
    if incoming.origin is not None and incoming.origin.private:
        return []
    return [incoming.message]


def note_seen(ctx: Context) -> None:
    """The message is one the bot has seen in the chat (what /purge may take out)."""
    incoming = ctx.incoming
    if incoming is None or ctx.actor is None or incoming.edited:
        return
    if incoming.origin is not None and incoming.origin.private:
        return
    ctx.store.messages.note(ctx.cid, incoming.message, ctx.actor.key, incoming.at)


@dataclass(frozen=True)
class DelArgs:
    reason: str | None


@command("del", Text("reason", required=False), moderator=True)
async def delete(ctx: Context, args: DelArgs) -> None:
    """The message this command answers (or names by its link or id), and the command,
    taken out of the chat."""
    incoming = ctx.incoming
    if incoming is not None and incoming.named_message is not None:
        message, author, age = named_message(incoming), None, None
    elif incoming is not None and incoming.replied is not None:
        message, author, age = incoming.replied, incoming.replied_author, incoming.replied_age
    else:
        platform = incoming.platform if incoming is not None else None
        raise RuleViolation("needs_reply", reason="bad_input", command="del", platform=platform)
    await _still_deletable(ctx, message, age)
    player = None
    if author is not None:
        player = (await _known(ctx, author.key, author.name, author.user_id)).key
    else:
        player = await ctx.store.messages.author_of(ctx.cid, message)
    fields = {
        "player": player,
        "reason": args.reason,
        "messages": [message, *own_message(ctx)],
    }
    await ctx.decide(
        Ruling("deleted", ctx.now, "", fields),
        kind="notice",
        audit="delete",
        reason=args.reason,
    )


def named_message(incoming: Incoming) -> str:
    """The message a command names by its link or its id (``channel:id``), refused unless it
    is of the channel (or thread) where the command is used."""
    written = (incoming.named_message or "").strip()
    here = incoming.origin.channel if incoming.origin is not None else None
    link = MESSAGE_LINK.fullmatch(written)
    if link is not None:
        server, channel, message = link.groups()
        if server != incoming.chat:
            raise RuleViolation(
                "message_elsewhere", reason="bad_input", command="del", where="server"
            )
        if channel != here:
            raise RuleViolation(
                "message_elsewhere", reason="bad_input", command="del", where="channel"
            )
        return f"{channel}:{message}"
    if MESSAGE_ID.fullmatch(written) and here is not None:
        return f"{here}:{written}"
    raise RuleViolation("not_a_message_link", reason="bad_input", got=written[:100])


async def _still_deletable(ctx: Context, message: str, age: timedelta | None) -> None:
    """Refused when the platform no longer lets a bot delete the message: its age as the
    platform gave it, else since the bot saw it."""
    assert ctx.incoming is not None
    window = DELETABLE_FOR.get(ctx.incoming.platform)
    if window is None:
        return
    if age is None:
        seen = await ctx.store.messages.seen_at(ctx.cid, message)
        age = ctx.now - seen if seen is not None else None
    if age is not None and age > window:
        hours = int(window.total_seconds() // 3600)
        raise RuleViolation(
            "too_old_to_delete", platform=ctx.incoming.platform.title(), hours=hours
        )


async def _known(ctx: Context, key: str, name: str, user_id: int | None) -> Member:
    found = await ctx.store.communities.member(ctx.cid, key)
    if found is None:
        found = Member(key, name, user_id, None, None)
        await ctx.store.communities.save_member(ctx.cid, found)
    return found


@dataclass(frozen=True)
class PurgeArgs:
    count: int
    member: str | None
    reason: str | None


@command(
    "purge",
    Int("count", 1, MOST_PURGED),
    Mention("member", required=False, shown="@member"),
    Text("reason", required=False),
    moderator=True,
)
async def purge(ctx: Context, args: PurgeArgs) -> None:
    """The chat's latest ``count`` messages the bot has seen (of one member), and the
    command, taken out. Where there are no platform ids (the console) it says how many it
    would take."""
    player = None
    if args.member is not None:
        player = (await ctx.member(args.member, seen=True)).key
    found = await ctx.store.messages.latest(ctx.cid, ctx.now, args.count, player)
    ctx.store.messages.forget(ctx.cid, [seen.row for seen in found])
    messages = [seen.ref for seen in found if seen.ref is not None]
    fields = {
        "count": len(found),
        "player": player,
        "reason": args.reason,
        "messages": messages + own_message(ctx),
    }
    await ctx.decide(
        Ruling("purged", ctx.now, "", fields),
        kind="notice",
        subject=player or "",
        audit="purge",
        reason=args.reason,
    )


def ban_purge_length(written: str | None) -> timedelta | None:
    """The chat's ``ban_purge`` setting as a length (None: off)."""
    if not written or written == "off":
        return None
    return read_duration(written)


async def ban_purge(ctx: Context, player: str) -> dict[str, object]:
    """What a ban of ``player`` takes with it, by the chat's ``ban_purge``: how far back,
    and his messages the bot has seen in that time (forgotten: they go with the ban)."""
    length = ban_purge_length(ctx.community.settings.get("ban_purge"))
    if length is None:
        return {}
    since = ctx.now - length
    found = await ctx.store.messages.latest(ctx.cid, ctx.now, 1000, player, since)
    ctx.store.messages.forget(ctx.cid, [seen.row for seen in found])
    return {
        "purge_seconds": int(length.total_seconds()),
        "purge_messages": [seen.ref for seen in found if seen.ref is not None],
    }


__all__ = ["BAN_PURGES", "MOST_PURGED", "ban_purge", "note_seen", "own_message"]
