"""Discord as a :class:`~bot.delivery.Messenger`: channel messages, interaction answers
(ephemeral when private), DMs, edits and timeouts."""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Any

import aiohttp
import discord

from bot.delivery import (
    LIMITS,
    Button,
    EffectFailed,
    Envelope,
    MissingRight,
    Origin,
    Outranked,
    PrivateClosed,
    Rejected,
    Sent,
    Unreachable,
)

log = logging.getLogger(__name__)
PLATFORM = "discord"
UNREACHABLE = (
    discord.DiscordServerError,
    discord.RateLimited,
    aiohttp.ClientError,
    asyncio.TimeoutError,
)
TOO_MANY_REQUESTS = 429  # still limited after the library's own waits: it goes out later
UNAUTHORIZED = 401  # Discord no longer takes the token (revoked, or reset in the portal)
# the permission each moderation action needs, as discord.py names it
PERMISSIONS = {
    "mute": "moderate_members",
    "ban": "ban_members",
    "kick": "kick_members",
    "slowmode": "manage_channels",
    "delete": "manage_messages",
}
MOST_DELETED = 100  # messages in one bulk delete
BULK_AGE = timedelta(days=14)  # Discord bulk-deletes no older message: those go one by one
LONGEST_SLOWMODE = 21600  # seconds: Discord's slow mode is at most six hours
ANSWERS_KEPT = 1024  # interaction answers kept to be edited (a card lasts 15 minutes at most)


HELP_MENU_SIZE = 25  # options Discord shows in one menu
FORUM_POST = "Arbitro"  # the post a forum chosen for notices gets them in


class DiscordMessenger:
    platform = PLATFORM
    limits = LIMITS[PLATFORM]
    # Discord refuses a timeout of more than 28 days
    pages = True
    longest_mute: timedelta | None = timedelta(days=27, hours=23)

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        # message id → the interaction that answered with it, and whether it was its first
        # answer: only the interaction's token can edit an ephemeral answer
        self._answers: OrderedDict[int, tuple[discord.Interaction, bool]] = OrderedDict()
        self._followed: set[int] = set()  # interactions that got a private answer
        # (server, right) the bot found it lacks while sending: the delivery layer says so
        self.missing_rights: set[tuple[str, str]] = set()
        # Discord answered 401 to a request with the token: nothing goes until a new one,
        # and the process ends (its messages wait for the next start)
        self.token_refused = False
        self.revoked = asyncio.Event()
        # members whose DMs refused the bot (403), until one goes through: what is for the
        # moderators alone is not counted as reaching them
        self.dms_closed: set[str] = set()

    def refuse_token(self) -> None:
        """Discord refused the token (a 401): said by /healthz, and the process stops."""
        if not self.token_refused:
            log.error("Discord refused the bot's token (401): it was revoked or reset")
        self.token_refused = True
        self.revoked.set()

    def _unauthorized(self, error: discord.HTTPException) -> Unreachable | None:
        """A 401 means the token, never the message: it waits for the next start."""
        if error.status != UNAUTHORIZED:
            return None
        self.refuse_token()
        return Unreachable(str(error))

    # ---- sending ------------------------------------------------------------------------
    @staticmethod
    def inert(text: str) -> str:
        """Discord reads markdown in every message: a masked link, a spoiler or a heading in
        a reason would be shown as such. Every markdown character is escaped (backslashes
        included), links left whole."""
        return discord.utils.escape_markdown(text)

    async def send(self, envelope: Envelope) -> Sent | None:
        direct = envelope.target.user if envelope.target.where == "private" else None
        try:
            sent = await self._send(envelope)
        except discord.NotFound:
            log.info("the channel for %s is gone; message dropped", envelope.target.chat)
            return None
        except discord.Forbidden as error:
            if direct is not None:
                self.dms_closed.add(direct)
            if envelope.target.where == "private" or envelope.target.sealed:
                raise PrivateClosed(str(error)) from error
            self.missing_rights.add((envelope.target.chat, "send_messages"))
            raise Rejected(str(error)) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            if error.status == TOO_MANY_REQUESTS or error.status >= 500:
                raise Unreachable(str(error)) from error
            raise self._unauthorized(error) or Rejected(str(error)) from error
        if direct is not None and sent is not None:
            self.dms_closed.discard(direct)
        return sent

    def _guild(self, chat: str) -> discord.Guild:
        """The server, once the gateway has made it available: until then (the bot starting,
        an outage) the message waits, and is never taken as sent."""
        guild = self.client.get_guild(int(chat))
        if guild is None or guild.unavailable:
            raise Unreachable(f"server {chat} is not available yet")
        return guild

    async def member(self, guild: discord.Guild, key: str) -> discord.Member | None:
        """A member, from the cache or else asked of Discord (the cache does not hold every
        member of a large server); None when he is not a member."""
        if not (key.isascii() and key.isdigit()):
            return None
        found = guild.get_member(int(key))
        if found is not None:
            return found
        try:
            return await guild.fetch_member(int(key))
        except discord.NotFound:
            return None

    async def _send(self, envelope: Envelope) -> Sent | None:
        target = envelope.target
        guild = self._guild(target.chat)
        handle = envelope.origin.handle if envelope.origin is not None else None
        if target.where == "private":
            member = await self.member(guild, target.user or "")
            if member is None:
                raise PrivateClosed("not a member of the server")
            sent = await member.send(envelope.text, **await self._extras(envelope, None))
            return Sent(str(sent.channel.id), sent.id)
        if isinstance(handle, discord.Interaction) and target.where == "group":
            try:
                return await self._answer(handle, envelope)
            except discord.NotFound:  # the interaction is gone: never posted for all to read
                if envelope.private and envelope.message.to:
                    member = await self.member(guild, envelope.message.to)
                    if member is None:
                        raise PrivateClosed("not a member of the server") from None
                    sent = await member.send(envelope.text, **await self._extras(envelope, None))
                    return Sent(str(sent.channel.id), sent.id)
        if target.sealed and target.where == "group":  # for one reader: never the channel
            raise PrivateClosed("a private answer without its interaction")
        channel: Any = await self._channel(guild, target.channel)
        if target.where != "log":  # where it was asked, or the community's channel, or the first
            channel = channel or self._default_channel(guild)
        text = envelope.text
        if envelope.ping is not None:
            text = f"<@{envelope.ping}> {text}"
        if isinstance(channel, discord.ForumChannel):  # a forum takes posts, not messages
            post = self._own_post(channel)
            if post is None:
                return await self._open_post(channel, text, envelope)
            channel = post
        if channel is None or not hasattr(channel, "send"):
            return None
        reference = (
            discord.MessageReference(
                message_id=target.reply_to, channel_id=channel.id, fail_if_not_exists=False
            )
            if target.reply_to and envelope.message.kind == "reply"
            else None
        )
        sent = await channel.send(
            text, reference=reference, mention_author=False, **await self._extras(envelope, channel)
        )
        return Sent(str(sent.channel.id), sent.id)

    async def _channel(self, guild: discord.Guild, key: str | None) -> Any:
        """A channel of the server, a thread or a forum post included, from the cache or else
        asked of Discord (a thread not seen since the bot started); None when it is gone."""
        if not (key and key.isascii() and key.isdigit()):
            return None
        found = guild.get_channel_or_thread(int(key))
        if found is not None:
            return found
        try:
            return await guild.fetch_channel(int(key))
        except (discord.NotFound, discord.Forbidden, discord.InvalidData):
            return None

    def _own_post(self, forum: discord.ForumChannel) -> discord.Thread | None:
        """The bot's post in a forum chosen for notices, while it is open."""
        me = forum.guild.me
        return next(
            (
                thread
                for thread in forum.threads
                if me is not None and thread.owner_id == me.id and thread.name == FORUM_POST
                and not (thread.archived or thread.locked)
            ),
            None,
        )  # fmt: skip

    async def _open_post(self, forum: discord.ForumChannel, text: str, envelope: Envelope) -> Sent:
        """The bot's post in a forum, opened with the notice it is to carry."""
        opened = await forum.create_thread(
            name=FORUM_POST,
            content=text,
            auto_archive_duration=10080,  # a week without notices, the longest Discord keeps
            **await self._extras(envelope, forum),
        )
        return Sent(str(opened.thread.id), opened.message.id)

    @staticmethod
    def _default_channel(guild: discord.Guild) -> Any:
        """Where a server that chose no channel for notices gets them: its system channel,
        else its first text channel the bot may write in."""
        me = guild.me
        candidates = [guild.system_channel, *guild.text_channels]
        for channel in candidates:
            if channel is not None and (me is None or channel.permissions_for(me).send_messages):
                return channel
        return None

    async def _answer(self, interaction: discord.Interaction, envelope: Envelope) -> Sent:
        """A slash command is deferred privately the moment it arrives (Discord waits three
        seconds, no more): its private answers follow it, the first in place of the
        "thinking…" line. Public answers follow it too, for all to read (they need no Send
        Messages permission): the "thinking…" line is closed first, as the first follow-up
        would take its place, and its privacy."""
        private = envelope.private
        extras = await self._extras(envelope, interaction.channel)
        if not interaction.response.is_done():
            callback = await interaction.response.send_message(
                envelope.text, ephemeral=private, **extras
            )
            message_id, original = getattr(callback, "message_id", None), True
        else:
            if not private and self._pending(interaction):
                await interaction.edit_original_response(content="✓")
            followup = await interaction.followup.send(
                envelope.text, ephemeral=private, wait=True, **extras
            )
            message_id, original = followup.id, False
        self._followed.add(interaction.id)
        if message_id is None:
            return Sent(str(interaction.channel_id), 0)
        self._answers[message_id] = (interaction, original)
        while len(self._answers) > ANSWERS_KEPT:
            self._answers.popitem(last=False)
        return Sent(str(interaction.channel_id), message_id)

    def _pending(self, interaction: discord.Interaction) -> bool:
        """Whether a deferred slash command still shows its "thinking…" line."""
        deferred = interaction.type is not discord.InteractionType.component
        return deferred and interaction.id not in self._followed

    async def _extras(self, envelope: Envelope, channel: Any) -> dict[str, Any]:
        extras: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                everyone=False,
                roles=False,
                replied_user=False,
                users=[discord.Object(int(envelope.ping))] if envelope.ping else False,
            )
        }
        view = self._view(envelope)
        if view is not None:
            extras["view"] = view
        if envelope.picture is not None and self._may_attach(channel):
            picture = await envelope.picture()
            if picture is not None:
                name = envelope.file_name or f"{envelope.message.ruling_type}.png"
                extras["file"] = discord.File(io.BytesIO(picture), filename=name)
        return extras

    def _may_attach(self, channel: Any) -> bool:
        """Without the Attach Files right the text goes alone (the moderators are told once,
        by the delivery layer)."""
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None or guild.me is None:
            return True
        if channel.permissions_for(guild.me).attach_files:
            return True
        self.missing_rights.add((str(guild.id), "attach_files"))
        return False

    def _view(self, envelope: Envelope) -> discord.ui.View | None:
        ruling = envelope.message.ruling or {}
        if envelope.message.ruling_type == "help" and ruling.get("commands") and envelope.last:
            return self.help_menu(sorted(ruling["commands"]))
        return self.view_of(envelope.buttons)

    @staticmethod
    def help_menu(commands: list[str]) -> discord.ui.View:
        """Every command offered: one menu per 25 (Discord's limit of a menu), up to five."""
        view = Shown()  # pick a command, read its help
        size = HELP_MENU_SIZE
        for row, start in enumerate(range(0, min(len(commands), size * 5), size)):
            chunk = commands[start : start + size]
            view.add_item(
                discord.ui.Select(
                    custom_id=f"arbitro:help:{row}",
                    placeholder=f"/{chunk[0]} … /{chunk[-1]}",
                    options=[discord.SelectOption(label=f"/{name}", value=name) for name in chunk],
                    row=row,
                )
            )
        return view.shown()

    @staticmethod
    def view_of(buttons: tuple[Button, ...]) -> discord.ui.View | None:
        if not buttons:
            return None
        view = Shown()
        for button in buttons:
            if button.url is not None:  # a link button: Discord opens it, nothing comes back
                view.add_item(discord.ui.Button(label=button.label, url=button.url))
            else:
                view.add_item(
                    discord.ui.Button(label=button.label, custom_id="arbitro:" + button.data)
                )
        return view.shown()

    # ---- editing ------------------------------------------------------------------------
    async def edit(self, where: Sent, text: str, buttons: tuple[Button, ...]) -> None:
        try:
            answer = self._answers.get(where.message_id)
            if answer is not None:
                interaction, original = answer
                try:
                    if original:
                        await interaction.edit_original_response(content=text)
                    else:
                        await interaction.followup.edit_message(where.message_id, content=text)
                    return
                except discord.HTTPException:  # its token has expired: the channel's copy
                    self._answers.pop(where.message_id, None)
            channel = self.client.get_partial_messageable(int(where.chat))
            await channel.get_partial_message(where.message_id).edit(content=text)
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or Rejected(str(error)) from error

    # ---- timeouts -----------------------------------------------------------------------
    async def mute(self, chat: str, member: str, until: datetime, reason: str | None) -> None:
        await self._timeout(chat, member, until, reason)

    async def unmute(self, chat: str, member: str, reason: str | None) -> None:
        await self._timeout(chat, member, None, reason)

    async def _timeout(
        self, chat: str, member: str, until: datetime | None, reason: str | None
    ) -> None:
        guild = self._guild(chat)
        found = await self.member(guild, member)
        if found is None:
            if until is None:
                return  # he left the server: nothing to give back
            raise EffectFailed("not a member of the server", "gone")
        check_may(guild, "mute", found)
        try:
            await found.timeout(until, reason=reason)
        except discord.RateLimited as error:
            raise Unreachable(str(error), error.retry_after) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or refused(error, "mute", guild, found) from error

    async def remove(
        self, chat: str, member: str, ban: bool, until: datetime | None, reason: str | None
    ) -> None:
        """A ban (Discord keeps it until lifted: a timed one is lifted by the scheduler), or
        a kick."""
        guild = self._guild(chat)
        right = "ban" if ban else "kick"
        found = await self.member(guild, member)
        if found is None and not ban:
            return  # he has already left
        check_may(guild, right, found)
        try:
            if ban:
                await guild.ban(
                    discord.Object(int(member)), reason=reason, delete_message_seconds=0
                )
                return
            assert found is not None
            await found.kick(reason=reason)
        except discord.RateLimited as error:
            raise Unreachable(str(error), error.retry_after) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or refused(error, right, guild, found) from error

    async def remove_purging(
        self, chat: str, member: str, until: datetime | None, reason: str | None, seconds: int
    ) -> None:
        """A ban that takes the member's messages of the last ``seconds`` with it (Discord
        deletes them itself, at most seven days back)."""
        guild = self._guild(chat)
        check_may(guild, "ban", await self.member(guild, member))
        try:
            await guild.ban(
                discord.Object(int(member)),
                reason=reason,
                delete_message_seconds=min(seconds, 7 * 24 * 3600),
            )
        except discord.RateLimited as error:
            raise Unreachable(str(error), error.retry_after) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or refused(error, "ban", guild) from error

    async def delete(self, chat: str, messages: tuple[str, ...]) -> None:
        """Each channel's messages: younger than 14 days in bulk, a hundred at a time (one
        alone by itself), older ones one by one; one already gone is no failure."""
        guild = self._guild(chat)
        check_may(guild, "delete", None)
        by_channel: dict[int, list[int]] = {}
        for message in messages:
            where, _, written = message.rpartition(":")
            by_channel.setdefault(int(where or 0), []).append(int(written))
        oldest = discord.utils.time_snowflake(discord.utils.utcnow() - BULK_AGE)
        try:
            for room, ids in by_channel.items():
                young = sorted(i for i in set(ids) if i > oldest)
                alone = sorted(i for i in set(ids) if i <= oldest)
                for start in range(0, len(young), MOST_DELETED):
                    chunk: list[str | int] = [*young[start : start + MOST_DELETED]]
                    if len(chunk) == 1:
                        alone.append(young[start])
                    else:
                        await self.client.http.delete_messages(room, chunk)
                for one in alone:
                    await self._delete_one(room, one)
        except discord.RateLimited as error:
            raise Unreachable(str(error), error.retry_after) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or refused(error, "delete", guild) from error

    async def _delete_one(self, channel: int, number: int) -> None:
        try:
            await self.client.http.delete_message(channel, number)
        except discord.NotFound:
            return  # already gone

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        guild = self._guild(chat)
        check_may(guild, "ban", None)
        try:
            await guild.unban(discord.Object(int(member)), reason=reason)
        except discord.NotFound:
            return  # not banned (any more)
        except discord.RateLimited as error:
            raise Unreachable(str(error), error.retry_after) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or refused(error, "ban") from error

    async def slowmode(
        self, chat: str, channel: str | None, seconds: int, reason: str | None
    ) -> None:
        """The channel's slow mode (Discord's ``rate_limit_per_user``), which needs Manage
        Channels there."""
        guild = self._guild(chat)
        found = await self._channel(guild, channel)
        if found is None or not hasattr(found, "slowmode_delay"):
            raise EffectFailed(f"no channel {channel} with a slow mode")
        me = guild.me
        if me is not None and not found.permissions_for(me).manage_channels:
            raise MissingRight("slowmode", "missing manage_channels")
        try:
            await found.edit(slowmode_delay=min(seconds, LONGEST_SLOWMODE), reason=reason)
        except discord.RateLimited as error:
            raise Unreachable(str(error), error.retry_after) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise self._unauthorized(error) or refused(error, "slowmode", guild) from error

    async def answer_join(self, chat: str, member: str, approve: bool) -> None:
        """Discord has no join requests: a server's own verification stands in for them."""
        raise EffectFailed("Discord has no join requests")

    async def finish(self, origin: Origin | None) -> None:
        """An interaction must be answered: the "thinking…" line of a command deferred and
        answered only in the channel goes; one never answered gets a quiet tick."""
        handle = origin.handle if origin is not None else None
        if not isinstance(handle, discord.Interaction):
            return
        try:
            if not handle.response.is_done():
                await handle.response.send_message("✓", ephemeral=True)
            elif handle.id not in self._followed and handle.type is not (
                discord.InteractionType.component
            ):
                await handle.delete_original_response()
        except (discord.HTTPException, *UNREACHABLE) as error:  # a timeout is no HTTP error
            log.info("could not close an interaction: %r", error)
        finally:
            self._followed.discard(handle.id)


class Shown(discord.ui.View):
    """The buttons or menus under one message. Their presses reach the bot by their
    ``custom_id`` alone (``on_interaction``, the same after a restart), so no view is kept
    per message: one would be kept for ever for each message sent."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def shown(self) -> Shown:
        self.stop()  # finished: discord.py keeps no copy of it for the message it goes under
        return self


def check_may(guild: discord.Guild, right: str, target: discord.Member | None) -> None:
    """What Discord would refuse, said before asking it: the permission the action needs,
    and a member whose highest role is not below the bot's (or who owns the server)."""
    me = guild.me
    if me is None:
        return  # not known yet: Discord will say
    if not getattr(me.guild_permissions, PERMISSIONS[right]):
        raise MissingRight(right, f"missing {PERMISSIONS[right]}")
    if target is not None and outranks(guild, target):
        raise Outranked(right, f"{target.id} is not below the bot's highest role")


def outranks(guild: discord.Guild, target: discord.Member) -> bool:
    """Whether Discord's role hierarchy shields the member from the bot."""
    me = guild.me
    if me is None:
        return False
    return target.id == guild.owner_id or target.top_role >= me.top_role


def refused(
    error: discord.HTTPException,
    right: str,
    guild: discord.Guild | None = None,
    target: discord.Member | None = None,
) -> EffectFailed | Unreachable:
    """Discord's answer to an action: a rate limit or a server error is for later; a 403 is
    a role hierarchy that shields the member when the bot holds the permission, else the
    permission it lacks; an unknown member is gone."""
    if error.status == 429 or error.status >= 500:
        return Unreachable(str(error), _retry_after(error))
    if isinstance(error, discord.Forbidden):
        me = guild.me if guild is not None else None
        granted = me is not None and getattr(me.guild_permissions, PERMISSIONS[right])
        if granted:
            return Outranked(right, str(error))
        return MissingRight(right, str(error))
    if isinstance(error, discord.NotFound):
        return EffectFailed(str(error), "gone")
    return EffectFailed(str(error))


def _retry_after(error: discord.HTTPException) -> float | None:
    """The seconds Discord asked to wait, where it said so."""
    response = getattr(error, "response", None)
    header = getattr(response, "headers", {}).get("Retry-After") if response else None
    try:
        return float(header) if header is not None else None
    except ValueError:
        return None
