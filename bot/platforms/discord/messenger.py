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

    async def _send(self, envelope: Envelope) -> Sent | None:
        target = envelope.target
        guild = self.client.get_guild(int(target.chat))
        if guild is None:
            return None
        handle = envelope.origin.handle if envelope.origin is not None else None
        if target.where == "private":
            member = guild.get_member(int(target.user or 0))
            if member is None:
                raise PrivateClosed("not a member of the server")
            sent = await member.send(envelope.text, **self._extras(envelope))
            return Sent(str(sent.channel.id), sent.id)
        if isinstance(handle, discord.Interaction) and target.where == "group":
            try:
                answered = await self._answer(handle, envelope)
            except discord.NotFound:  # too late to answer it (3 s): said in its channel
                answered = None
            if answered is not None:
                return answered
        channel: Any = None
        if target.where == "log":
            channel = guild.get_channel(int(target.channel)) if target.channel else None
        elif handle is None:  # the community's channel; a server that chose none: its first
            channel = (
                guild.get_channel(int(target.channel)) if target.channel else None
            ) or self._default_channel(guild)
        elif isinstance(handle, discord.Message | discord.Interaction):
            channel = handle.channel
        if channel is None or not hasattr(channel, "send"):
            return None
        text = envelope.text
        if envelope.ping is not None:
            text = f"<@{envelope.ping}> {text}"
        reference = (
            handle
            if isinstance(handle, discord.Message) and (envelope.message.kind == "reply")
            else None
        )
        sent = await channel.send(
            text, reference=reference, mention_author=False, **self._extras(envelope)
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
        """The first answer goes to the interaction (ephemeral when private), and so do the
        private ones after it; the others go to the channel as usual."""
        extras = self._extras(envelope)
        if not interaction.response.is_done():
            callback = await interaction.response.send_message(
                envelope.text, ephemeral=envelope.private, **extras
            )
            message_id, original = getattr(callback, "message_id", None), True
        elif envelope.private:
            followup = await interaction.followup.send(
                envelope.text, ephemeral=True, wait=True, **extras
            )
            message_id, original = followup.id, False
        else:
            return None
        if message_id is None:
            return Sent(str(interaction.channel_id), 0)
        self._answers[message_id] = (interaction, original)
        while len(self._answers) > ANSWERS_KEPT:
            self._answers.popitem(last=False)
        return Sent(str(interaction.channel_id), message_id)

    def _extras(self, envelope: Envelope) -> dict[str, Any]:
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
        if envelope.picture is not None:
            picture = envelope.picture()
            if picture is not None:
                name = envelope.file_name or f"{envelope.message.ruling_type}.png"
                extras["file"] = discord.File(io.BytesIO(picture), filename=name)
        return extras

    def _view(self, envelope: Envelope) -> discord.ui.View | None:
        ruling = envelope.message.ruling or {}
        if envelope.message.ruling_type == "help" and ruling.get("commands") and envelope.last:
            view = discord.ui.View(timeout=None)  # a menu: pick a command, read its help
            view.add_item(
                discord.ui.Select(
                    custom_id="arbitro:help",
                    options=[
                        discord.SelectOption(label=f"/{name}", value=name)
                        for name in ruling["commands"][:25]
                    ],
                )
            )
            return view
        return self.view_of(envelope.buttons)

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
        guild = self.client.get_guild(int(chat))
        found = guild.get_member(int(member)) if guild is not None else None
        if found is None:
            if until is None:
                return  # he left the server: nothing to give back
            raise EffectFailed("not a member of the server")
        try:
            await found.timeout(until, reason=reason)
        except UNREACHABLE as error:
            raise Unreachable(str(error)) from error
        except discord.HTTPException as error:
            raise EffectFailed(str(error)) from error

    def channel_of(self, origin: Origin) -> str | None:
        handle = origin.handle
        if isinstance(handle, discord.Message):
            return str(handle.channel.id)
        if isinstance(handle, discord.Interaction) and handle.channel_id is not None:
            return str(handle.channel_id)
        return None

    async def finish(self, origin: Origin | None) -> None:
        """An interaction must be answered: a quiet tick when nothing was said."""
        handle = origin.handle if origin is not None else None
        if isinstance(handle, discord.Interaction) and not handle.response.is_done():
            try:
                await handle.response.send_message("✓", ephemeral=True)
            except discord.HTTPException as error:
                log.info("could not acknowledge an interaction: %s", error)
