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
    PrivateClosed,
    Rejected,
    Sent,
    Unreachable,
)

log = logging.getLogger(__name__)
PLATFORM = "discord"
UNREACHABLE = (discord.DiscordServerError, aiohttp.ClientError, asyncio.TimeoutError)
ANSWERS_KEPT = 1024  # interaction answers kept to be edited (a card lasts 15 minutes at most)


HELP_MENU_SIZE = 25  # options Discord shows in one menu


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

    # ---- sending ------------------------------------------------------------------------
    @staticmethod
    def inert(text: str) -> str:
        """Discord reads markdown in every message: a masked link, a spoiler or a heading in
        a reason would be shown as such. Every markdown character is escaped (backslashes
        included), links left whole."""
        return discord.utils.escape_markdown(text)

    async def send(self, envelope: Envelope) -> Sent | None:
        try:
            return await self._send(envelope)
        except discord.NotFound:
            log.info("the channel for %s is gone; message dropped", envelope.target.chat)
            return None
        except discord.Forbidden as error:
            if envelope.target.where == "private":
                raise PrivateClosed(str(error)) from error
            raise Rejected(str(error)) from error
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise Rejected(str(error)) from error

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
                answered = await self._answer(handle, envelope)
            except discord.NotFound:  # the interaction is gone: never posted for all to read
                if not (envelope.private and envelope.message.to):
                    answered = None
                else:
                    member = await self.member(guild, envelope.message.to)
                    if member is None:
                        return None
                    sent = await member.send(envelope.text, **await self._extras(envelope, None))
                    return Sent(str(sent.channel.id), sent.id)
            if answered is not None:
                return answered
        channel: Any = None
        if target.where == "log":
            channel = guild.get_channel(int(target.channel)) if target.channel else None
        else:  # where it was asked, or the community's channel, or the server's first
            channel = (
                guild.get_channel(int(target.channel)) if target.channel else None
            ) or self._default_channel(guild)
        if channel is None or not hasattr(channel, "send"):
            return None
        text = envelope.text
        if envelope.ping is not None:
            text = f"<@{envelope.ping}> {text}"
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

    async def _answer(self, interaction: discord.Interaction, envelope: Envelope) -> Sent | None:
        """A slash command is deferred privately the moment it arrives (Discord waits three
        seconds, no more): its private answers follow it, the first in place of the
        "thinking…" line. Public answers go to the channel for all (None here)."""
        if not envelope.private:
            return None
        extras = await self._extras(envelope, None)
        if not interaction.response.is_done():
            callback = await interaction.response.send_message(
                envelope.text, ephemeral=True, **extras
            )
            message_id, original = getattr(callback, "message_id", None), True
        else:
            followup = await interaction.followup.send(
                envelope.text, ephemeral=True, wait=True, **extras
            )
            message_id, original = followup.id, False
        self._followed.add(interaction.id)
        if message_id is None:
            return Sent(str(interaction.channel_id), 0)
        self._answers[message_id] = (interaction, original)
        while len(self._answers) > ANSWERS_KEPT:
            self._answers.popitem(last=False)
        return Sent(str(interaction.channel_id), message_id)

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
        view = discord.ui.View(timeout=None)  # pick a command, read its help
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
        return view

    @staticmethod
    def view_of(buttons: tuple[Button, ...]) -> discord.ui.View | None:
        if not buttons:
            return None
        view = discord.ui.View(timeout=None)
        for button in buttons:
            if button.url is not None:  # a link button: Discord opens it, nothing comes back
                view.add_item(discord.ui.Button(label=button.label, url=button.url))
            else:
                view.add_item(
                    discord.ui.Button(label=button.label, custom_id="arbitro:" + button.data)
                )
        return view

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
            raise Rejected(str(error)) from error

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
            raise EffectFailed("not a member of the server")
        try:
            await found.timeout(until, reason=reason)
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise refused(error, "mute") from error

    async def remove(
        self, chat: str, member: str, ban: bool, until: datetime | None, reason: str | None
    ) -> None:
        """A ban (Discord keeps it until lifted: a timed one is lifted by the scheduler), or
        a kick."""
        guild = self._guild(chat)
        try:
            if ban:
                await guild.ban(
                    discord.Object(int(member)), reason=reason, delete_message_seconds=0
                )
                return
            found = await self.member(guild, member)
            if found is None:
                return  # he has already left
            await found.kick(reason=reason)
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise refused(error, "ban" if ban else "kick") from error

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        guild = self._guild(chat)
        try:
            await guild.unban(discord.Object(int(member)), reason=reason)
        except discord.NotFound:
            return  # not banned (any more)
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise refused(error, "ban") from error

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
        except discord.HTTPException as error:
            log.info("could not close an interaction: %s", error)
        finally:
            self._followed.discard(handle.id)


def refused(error: discord.HTTPException, right: str) -> EffectFailed:
    """Discord's refusal of an action: a missing permission is named."""
    if isinstance(error, discord.Forbidden):
        return MissingRight(right, str(error))
    return EffectFailed(str(error))
