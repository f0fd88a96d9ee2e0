"""The Discord bot: discord.py's client around the command layer.

A server (guild) is a community; its moderators are members with the Moderate Members or
Manage Server permission, or a configured role. Commands arrive as slash commands, as text
commands (``/sit 1`` or ``!sit 1``) and as buttons; answers about one's own card or stop are
ephemeral; reminders go by DM, to the channel when DMs are closed.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.app import App
from bot.handlers import Author, Incoming, Outgoing
from bot.pictures import picture_for
from bot.platforms.discord.slash import build_tree
from bot.scheduler.live import LiveScheduler
from bot.storage.store import Store

log = logging.getLogger(__name__)
PLATFORM = "discord"
PRIVATE_TYPES = {
    "card_shown",
    "card_status",
    "card_left",
    "profile",
    "history",
    "refused",
    "lang",
    "help",
}
BUTTONS = {
    "table_opened": [("sit", "sit:{table}")],
    "result_reported": [("confirm", "confirm:{match}"), ("dispute", "dispute:{match}")],
    "ready_window": [("ready", "ready:{match}")],
    "card_shown": [("leave", "leave")],
    "card_left": [("card", "card")],
}
ACTIONS = {
    "sit": "/sit {0}",
    "confirm": "/confirm {0}",
    "ready": "/ready {0}",
    "leave": "/leave",
    "card": "/card",
    "dispute": "/dispute {0} —",
}
_MENTION = re.compile(r"<@!?(\d+)>")
UNREACHABLE = (discord.DiscordServerError, aiohttp.ClientError, asyncio.TimeoutError)
LOCALES = {discord.Locale.italian: "it", discord.Locale.russian: "ru"}


@dataclass(frozen=True)
class DiscordSettings:
    token: str
    moderator_role: str | None = None  # a role whose members are moderators too
    log_channel: int | None = None  # every moderator ruling is copied here
    presence: bool = True  # the card pauses while its player is offline (presence intent)
    timeout_on_stop: bool = True  # a manual stop also times the member out
    sharded: bool = True

    def __repr__(self) -> str:  # never print the token
        return f"DiscordSettings(sharded={self.sharded}, presence={self.presence})"


def utc_now() -> datetime:
    return datetime.now(UTC)


def lang_of(locale: discord.Locale | None) -> str | None:
    if locale is None:
        return None
    return LOCALES.get(locale, "en" if str(locale).startswith("en") else str(locale))


class Localiser(app_commands.Translator):
    """Command names' descriptions in Italian, Russian and English, from the Fluent files."""

    def __init__(self, app: App) -> None:
        self.translator = app.layer.translator

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        key = string.extras.get("key")
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
        ):
            key = f"discord-name-{string.message}"
        lang = LOCALES.get(locale) or ("en" if str(locale).startswith("en") else None)
        if key is None or lang is None or not self.translator.has(lang, key):
            return None
        return self.translator.format(lang, key)[:100]


class Arbitro(commands.Cog):
    def __init__(
        self,
        client: commands.Bot,
        app: App,
        settings: DiscordSettings,
        clock: Callable[[], datetime],
    ) -> None:
        self.client = client
        self.app = app
        self.settings = settings
        self.clock = clock
        self.live = LiveScheduler(app.timers, self.deliver, self.tick, clock=clock)
        # (guild, member) → the interaction whose ephemeral answer shows his card: only its
        # token can edit it, for the 15 minutes a card lasts at most
        self._card_answers: dict[tuple[str, str], discord.Interaction] = {}

    # ---- who is who ----------------------------------------------------------------------
    def is_moderator(self, member: discord.abc.User) -> bool:
        if not isinstance(member, discord.Member):
            return False
        rights = member.guild_permissions
        if rights.moderate_members or rights.manage_guild or rights.administrator:
            return True
        role = self.settings.moderator_role
        return bool(role) and any(r.name == role or str(r.id) == role for r in member.roles)

    def author(self, member: discord.abc.User, locale: discord.Locale | None = None) -> Author:
        roles = tuple(r.name for r in getattr(member, "roles", ()))
        return Author(
            str(member.id),
            member.name,
            member.id,
            self.is_moderator(member),
            roles,
            lang_of(locale),
        )

    def incoming(
        self,
        guild: discord.Guild,
        channel_id: int,
        member: discord.abc.User,
        text: str,
        mentions: dict,
        key: str,
        locale: discord.Locale | None = None,
    ) -> Incoming:
        named = {token: self.author(m) for token, m in mentions.items()}
        return Incoming(
            PLATFORM,
            str(guild.id),
            self.author(member, locale),
            text,
            self.clock(),
            mentions=named,
            update_key=key,
            defaults={"rulebook": "mcr", "lang": "en", "discord_channel": channel_id},
        )

    async def remember_channel(self, guild: discord.Guild, channel_id: int) -> None:
        """Notices go to the channel where the community last spoke to the bot."""
        async with self.app.database.transaction() as tx:
            community = await Store(tx).community(PLATFORM, str(guild.id))
        if community is not None and community.settings.get("discord_channel") != channel_id:
            await self.app.layer.configure(PLATFORM, str(guild.id), {"discord_channel": channel_id})

    # ---- text commands -------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None:
            return
        text = message.content
        if text.startswith("!"):
            text = "/" + text[1:]
        mentions = {f"id{m.id}": m for m in message.mentions}
        text = _MENTION.sub(lambda found: f"@id{found[1]}", text)
        await self.remember_channel(message.guild, message.channel.id)
        outputs = await self.app.layer.handle(
            self.incoming(
                message.guild, message.channel.id, message.author, text, mentions, f"m{message.id}"
            )
        )
        await self.send_answers(outputs, reply_to=message)

    # ---- slash commands and buttons ------------------------------------------------------
    async def run_slash(self, interaction: discord.Interaction, text: str, mentions: dict) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            return
        for found in _MENTION.finditer(text):  # members named inside text options
            member = interaction.guild.get_member(int(found[1]))
            if member is not None:
                mentions[f"id{member.id}"] = member
        text = _MENTION.sub(lambda found: f"@id{found[1]}", text)
        await self.remember_channel(interaction.guild, interaction.channel_id)
        outputs = await self.app.layer.handle(
            self.incoming(
                interaction.guild,
                interaction.channel_id,
                interaction.user,
                text,
                mentions,
                f"i{interaction.id}",
                interaction.locale,
            )
        )
        await self.answer(interaction, outputs)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type != discord.InteractionType.component:
            return
        custom = (interaction.data or {}).get("custom_id", "")
        if not custom.startswith("arbitro:"):
            return
        if custom == "arbitro:help":  # the help menu
            chosen = ((interaction.data or {}).get("values") or ["help"])[0]
            await self.run_slash(interaction, f"/help {chosen}", {})
            return
        action, _, argument = custom[len("arbitro:") :].partition(":")
        template = ACTIONS.get(action)
        if template is None or ("{0}" in template and not argument.isdigit()):
            lang = lang_of(interaction.locale) or "en"
            await interaction.response.send_message(
                self.app.layer.translator.format(
                    self.app.layer.translator.language(lang), "telegram-unknown-button"
                ),
                ephemeral=True,
            )
            return
        await self.run_slash(interaction, template.format(argument), {})

    async def answer(self, interaction: discord.Interaction, outputs: list[Outgoing]) -> None:
        """The first answer goes to the interaction (ephemeral when private), the rest to the
        channel as usual."""
        if not outputs:
            await interaction.response.send_message("✓", ephemeral=True)
            return
        first, rest = outputs[0], outputs[1:]
        private = first.kind == "reply" and first.ruling_type in PRIVATE_TYPES
        await interaction.response.send_message(
            first.text, ephemeral=private, view=self.view(first), **self.files(first)
        )
        if first.ruling_type == "card_shown" and first.to:
            self._card_answers[(first.chat, first.to)] = interaction
        await self.send_answers(rest)

    # ---- outgoing ------------------------------------------------------------------------
    def view(self, message: Outgoing) -> discord.ui.View | discord.utils._MissingSentinel:
        ruling = message.ruling or {}
        if message.ruling_type == "help" and ruling.get("commands"):
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
        buttons = BUTTONS.get(message.ruling_type or "")
        if not buttons or not message.ruling:
            return discord.utils.MISSING
        view = discord.ui.View(timeout=None)
        translator = self.app.layer.translator
        for label, data in buttons:
            view.add_item(
                discord.ui.Button(
                    label=translator.format(message.lang, f"button-{label}"),
                    custom_id="arbitro:" + data.format(**message.ruling),
                )
            )
        return view

    def files(self, message: Outgoing) -> dict:
        try:
            picture = picture_for(
                message.ruling,
                message.lang,
                message.names,
                ZoneInfo(message.tz),
                self.app.layer.translator,
            )
        except Exception:  # a picture is a nicety: the text goes anyway
            log.exception("picture for %s failed", message.ruling_type)
            picture = None
        if picture is None:
            return {}
        return {"file": discord.File(io.BytesIO(picture), filename=f"{message.ruling_type}.png")}

    async def send_answers(
        self, outputs: list[Outgoing], reply_to: discord.Message | None = None
    ) -> None:
        """A command's answers. Its rulings are recorded already: when Discord cannot be
        reached (after discord.py's own retries), what is left waits in the outbox and goes
        out with the next delivery round, like a scheduled notice."""
        ours = [message for message in outputs if message.platform == PLATFORM]
        for index, message in enumerate(ours):
            try:
                await self.deliver([message], reply_to)
            except UNREACHABLE as error:
                log.warning(
                    "Discord unreachable (%s): %d answers wait in the outbox",
                    error,
                    len(ours) - index,
                )
                await self.app.timers.queue(ours[index:])
                return

    async def deliver(
        self,
        outputs: list[Outgoing],
        reply_to: discord.Message | None = None,
    ) -> None:
        for message in outputs:
            if message.platform != PLATFORM:
                continue
            try:
                await self._send(message, reply_to)
            except discord.NotFound:
                log.info("the channel for %s is gone; message dropped", message.chat)

    async def _send(self, message: Outgoing, reply_to: discord.Message | None) -> None:
        guild = self.client.get_guild(int(message.chat))
        if guild is None:
            return
        channel = await self._channel_of(guild, reply_to)
        if message.kind == "dm" and message.to:
            member = guild.get_member(int(message.to))
            if member is not None:
                try:
                    sent = await member.send(message.text, **self.files(message))
                except discord.Forbidden:
                    pass  # DMs closed: tell him in the channel
                else:
                    await self._remember_card(message, sent)
                    return
        if channel is None:
            return
        mention = f"<@{message.to}> " if message.kind == "dm" and message.to else ""
        reference = reply_to if message.kind == "reply" else None
        sent = await channel.send(
            mention + message.text,
            view=self.view(message),
            reference=reference,
            mention_author=False,
            **self.files(message),
        )
        await self._after_sent(guild, message, sent)

    async def _channel_of(self, guild: discord.Guild, reply_to: discord.Message | None):
        if reply_to is not None:
            return reply_to.channel
        async with self.app.database.transaction() as tx:
            community = await Store(tx).community(PLATFORM, str(guild.id))
        channel_id = community.settings.get("discord_channel") if community else None
        return guild.get_channel(int(channel_id)) if channel_id else None

    async def _remember_card(self, message: Outgoing, sent: discord.Message) -> None:
        """The message that shows a card, to edit it each minute."""
        if message.ruling_type != "card_shown" or not message.to:
            return
        self._card_answers.pop((message.chat, message.to), None)
        async with self.app.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(PLATFORM, message.chat)
            if community is not None:
                await store.remember_message(
                    community.id, message.to, "card", str(sent.channel.id), sent.id
                )

    async def _after_sent(
        self, guild: discord.Guild, message: Outgoing, sent: discord.Message
    ) -> None:
        await self._remember_card(message, sent)
        ruling = message.ruling or {}
        if self.settings.log_channel and message.ruling_type in MODERATOR_RULINGS:
            log_channel = guild.get_channel(self.settings.log_channel)
            if log_channel is not None:
                await log_channel.send(message.text)
        if not self.settings.timeout_on_stop:
            return
        kind = ruling.get("type")
        if kind in ("stop", "lift"):
            member = guild.get_member(int(ruling["player"]))
            if member is None:
                return  # he left the server
            until = (
                datetime.fromisoformat(ruling["stop_until"])
                if kind == "stop" and ruling.get("kind") == "manual"
                else None
            )
            try:
                await member.timeout(until, reason=ruling.get("reason"))
            except (discord.Forbidden, discord.HTTPException) as error:
                log.warning("could not time out %s: %s", member, error)

    async def tick(self, now: datetime) -> None:
        """The card on screen: the message that shows it is edited each minute with the time
        left (an edit notifies nobody)."""
        for edit in await self.app.timers.card_tick(now):
            if edit.platform != PLATFORM or edit.to is None:
                continue
            try:
                await self._edit_card(edit)
            except discord.HTTPException as error:
                log.info("card edit failed: %s", error)

    async def _edit_card(self, edit: Outgoing) -> None:
        assert edit.to is not None
        interaction = self._card_answers.get((edit.chat, edit.to))
        if interaction is not None:
            try:
                await interaction.edit_original_response(content=edit.text)
                return
            except discord.HTTPException:  # its token has expired: the channel's copy
                self._card_answers.pop((edit.chat, edit.to), None)
        async with self.app.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(PLATFORM, edit.chat)
            where = community and await store.message_for(community.id, edit.to, "card")
        if where:
            channel = self.client.get_partial_messageable(int(where[0]))
            await channel.get_partial_message(where[1]).edit(content=edit.text)

    # ---- presence: the card pauses while its player is offline ---------------------------
    @commands.Cog.listener()
    async def on_presence_update(self, before: discord.Member, after: discord.Member) -> None:
        if not self.settings.presence or before.status == after.status:
            return
        if after.status == discord.Status.offline:
            text = "/leave"
        elif before.status == discord.Status.offline:
            text = ""  # back: his pending card goes on screen again
        else:
            return
        outputs = await self.app.layer.handle(
            self.incoming(
                after.guild, 0, after, text, {}, f"p{after.id}:{self.clock().timestamp()}"
            )
        )
        await self.send_answers([o for o in outputs if o.ruling_type == "card_shown"])


MODERATOR_RULINGS = {
    "stop",
    "lift",
    "annulment",
    "penalty",
    "lateness",
    "dead_hand",
    "false_hu",
    "disqualification",
    "substitution",
    "appeal_resolved",
    "tournament_created",
    "session_started",
    "session_ended",
    "abandonment",
    "turn_expired",
}


def build_bot(
    app: App, settings: DiscordSettings, clock: Callable[[], datetime] = utc_now
) -> commands.Bot:
    """The client (sharded in production), its command tree and the Arbitro cog."""
    intents = discord.Intents.default()
    intents.message_content = True
    intents.members = True
    intents.presences = settings.presence
    base = commands.AutoShardedBot if settings.sharded else commands.Bot
    client = base(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
    cog = Arbitro(client, app, settings, clock)
    build_tree(client.tree, cog.run_slash)

    async def setup_hook() -> None:
        await client.add_cog(cog)
        await client.tree.set_translator(Localiser(app))
        await cog.live.start()

    client.setup_hook = setup_hook  # type: ignore[method-assign]

    @client.tree.error
    async def on_tree_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Wrong option types and the like: a clear answer, never a crash."""
        translator = app.layer.translator
        lang = translator.language(lang_of(interaction.locale))
        text = translator.format(lang, "discord-bad-option", {"error": str(error)[:300]})
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    client.arbitro = cog  # type: ignore[attr-defined]
    return client
