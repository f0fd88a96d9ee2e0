"""The Discord bot: discord.py's client around the command layer.

A server (guild) is a community; its moderators are members with the Moderate Members or
Manage Server permission, or a configured role. Commands arrive as slash commands, as text
commands (``/sit 1`` or ``!sit 1``) and as buttons; answers about one's own card or stop are
ephemeral; reminders go by DM, to the channel when DMs are closed.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import App
from bot.delivery import DeliveryOptions, Origin, Viewer, decode
from bot.handlers import LANGS, Author, Incoming
from bot.handlers.reach import reaches_moderators
from bot.handlers.staff import resolve_moderators
from bot.logs import hide
from bot.platforms.discord.messenger import PLATFORM, UNAUTHORIZED, DiscordMessenger
from bot.platforms.discord.slash import (
    MENUS,
    add_delete_menu,
    add_report_menu,
    build_tree,
    form_key,
)
from bot.platforms.discord.sync import sync_if_changed
from bot.ports.rulebooks import for_new_chat

log = logging.getLogger(__name__)
_MENTION = re.compile(r"<@!?(\d+)>")
# what Discord calls our languages (English is its default, in several variants)
LOCALES = {discord.Locale(lang): lang for lang in LANGS if lang != "en"}


@dataclass(frozen=True)
class DiscordSettings:
    token: str
    moderator_role: str | None = None  # a role whose members are moderators too
    # user ids who moderate every server (ARBITRO_MODERATORS; a username resolved at start)
    moderators: tuple[str, ...] = ()
    log_channel: int | None = None  # every moderator ruling is copied here
    presence: bool = False  # the card pauses while its player is offline (presence intent)
    members: bool = True  # the member list (members intent): DMs, timeouts, names
    message_content: bool = True  # text commands like !sit 1 (message content intent)
    timeout_on_stop: bool = True  # a manual stop also times the member out
    sharded: bool = True
    shard_count: int | None = None  # shards over all processes (None: as Discord advises)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all)
    command_guild: int | None = None  # slash commands synced to this server only (development)
    sync_commands: bool = True
    announce: Callable[[str], None] = field(default=logging.getLogger(__name__).info, repr=False)

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
        if (
            context.location
            in (
                app_commands.TranslationContextLocation.command_name,
                app_commands.TranslationContextLocation.group_name,
            )
            and key not in MENUS
            and not (key or "").startswith(form_key(""))
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
        self.messenger = DiscordMessenger(client)
        app.delivery.register(
            self.messenger,
            DeliveryOptions(
                effects=settings.timeout_on_stop,
                log_channel=str(settings.log_channel) if settings.log_channel else None,
            ),
        )
        if settings.shard_count and settings.shard_ids is not None:  # shards split: claim ours
            app.delivery.shard_count, app.delivery.shards = settings.shard_count, settings.shard_ids
        self.live = app.live(clock)
        self.started = False  # the clock starts with the gateway's first ready
        self.moderator_ids: frozenset[int] = frozenset()  # ARBITRO_MODERATORS, resolved
        app.health[PLATFORM] = self.health  # said from the start: down until connected

    # ---- health ---------------------------------------------------------------------------
    def connected(self) -> bool:
        """Whether the gateway is connected: every shard this process runs has its websocket
        open (a connection lost and being tried again has not), once ready."""
        client = self.client
        if client.is_closed() or not client.is_ready():
            return False
        if isinstance(client, discord.AutoShardedClient):
            shards = client.shards.values()
            return bool(shards) and not any(shard.is_closed() for shard in shards)
        return client.ws is not None and client.ws.open

    def health(self) -> tuple[bool, dict[str, str]]:
        """For ``/healthz``: the gateway's connection, and whether Discord still takes the
        token (a request answered 401, or the gateway closed with 4004, says it does not)."""
        connected, refused = self.connected(), self.messenger.token_refused
        details = {
            "gateway": "connected" if connected else "disconnected",
            "token": "refused" if refused else "valid",
        }
        return connected and not refused, details

    # ---- who is who ----------------------------------------------------------------------
    async def resolve_moderators(self) -> None:
        """ARBITRO_MODERATORS by user id, a username there turned into its id once."""
        entries = self.settings.moderators
        self.moderator_ids = await resolve_moderators(self.app.layer, PLATFORM, entries)

    def is_moderator(self, member: discord.abc.User) -> bool:
        if member.id in self.moderator_ids:
            return True
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
            is_bot=getattr(member, "bot", False),
        )

    async def incoming(
        self,
        guild: discord.Guild,
        member: discord.abc.User,
        text: str,
        mentions: dict,
        key: str,
        locale: discord.Locale | None = None,
        origin: Origin | None = None,
    ) -> Incoming:
        named = {token: self.author(m) for token, m in mentions.items()}
        # a new server's notices go to its system channel until a moderator sets another
        defaults: dict[str, Any] = {"rulebook": for_new_chat(PLATFORM), "lang": "en"}
        if guild.system_channel is not None:
            defaults["channel"] = str(guild.system_channel.id)
        return Incoming(
            PLATFORM,
            str(guild.id),
            self.author(member, locale),
            text,
            self.clock(),
            mentions=named,
            update_key=key,
            defaults=defaults,
            origin=origin,
            bot_rights=rights_in(guild),
            staff=await self.staff(guild) if reaches_moderators(text) else frozenset(),
        )

    async def staff(self, guild: discord.Guild) -> frozenset[str]:
        """The server's moderators, those a report reaches by DM when the server has no log:
        the members cached who moderate, and, cached or not (without the members intent the
        cache holds only the members seen), the server's owner, ARBITRO_MODERATORS and the
        members the records show acting as moderators, each asked of Discord and kept only
        while he moderates; a member whose DMs refused the bot lately is left out."""
        found = {m.id for m in guild.members if not m.bot and self.is_moderator(m)}
        recorded = await self.app.layer.acting_moderators(PLATFORM, str(guild.id))
        wanted = {*self.moderator_ids, *(int(key) for key in recorded if key.isdecimal())}
        if guild.owner_id is not None:
            wanted.add(guild.owner_id)
        for user_id in sorted(wanted - found):
            member = await self.messenger.member(guild, str(user_id))
            if member is not None and not member.bot and self.is_moderator(member):
                found.add(member.id)
        return frozenset(str(key) for key in found) - self.messenger.dms_closed

    # ---- the gateway ----------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """The clock and the outbox start once the gateway has said which servers the bot
        is in: a message for a server not known yet would otherwise have nowhere to go."""
        if not self.started:
            self.started = True
            await self.live.start()

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
        origin = Origin(PLATFORM, message, reply_to=message.id, channel=str(message.channel.id))
        incoming = await self.incoming(message.guild, message.author, text, mentions,
                                 f"m{message.id}", origin=origin)  # fmt: skip
        await self.app.layer.handle(self.with_message(incoming, message))  # recorded, then sent

    def with_message(self, incoming: Incoming, message: discord.Message) -> Incoming:
        """The message's own id, the one it answers and its author, and what it carries."""
        channel = message.channel.id
        reference = message.reference
        forwarded = bool(getattr(message, "message_snapshots", None)) or (
            reference is not None and reference.type == discord.MessageReferenceType.forward
        )
        replied = None if forwarded or reference is None else reference.message_id
        resolved = reference.resolved if reference is not None and not forwarded else None
        carries = {"forwards"} if forwarded else set()
        if message.stickers:
            carries.add("stickers")
        if message.attachments:
            carries.add("media")
        return replace(
            incoming,
            message=f"{channel}:{message.id}",
            replied=f"{channel}:{replied}" if replied else None,
            replied_author=(
                self.author(resolved.author) if isinstance(resolved, discord.Message) else None
            ),
            carries=frozenset(carries),
        )

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """An edit counts against flooding like a message and is never run as a command;
        the raw event, so that a message the client has not cached counts too."""
        message = payload.message
        if message.guild is None or message.author.bot or not edited_by_author(payload):
            return
        origin = Origin(PLATFORM, None, channel=str(payload.channel_id))
        stamp = payload.data.get("edited_timestamp")
        key = f"e{payload.message_id}:{stamp}"
        incoming = await self.incoming(message.guild, message.author, message.content, {}, key,
                                 origin=origin)  # fmt: skip
        await self.app.layer.handle(replace(incoming, edited=True))

    # ---- slash commands and buttons ------------------------------------------------------
    async def report_message(
        self, interaction: discord.Interaction, message: discord.Message
    ) -> None:
        """The message's "Report to moderators": a report of its author, the message kept
        as its excerpt."""
        lang = self.app.layer.translator.language(lang_of(interaction.locale) or "en")
        reason = self.app.layer.translator.format(lang, "report-from-menu")
        token = f"id{message.author.id}"
        await self.run_slash(
            interaction, f"/report @{token} {reason}", {token: message.author}, message.content
        )

    async def delete_message(
        self, interaction: discord.Interaction, message: discord.Message
    ) -> None:
        """The message's "Delete message": ``/del`` of it, as a reply to it would say."""
        await self.run_slash(interaction, "/del", {}, about=message)

    async def run_slash(
        self,
        interaction: discord.Interaction,
        text: str,
        mentions: dict,
        quoted: str | None = None,
        about: discord.Message | None = None,
        named: str | None = None,
    ) -> None:
        """``named``: the message an option names (``/del message:<link>``), as typed."""
        if interaction.guild is None or interaction.channel_id is None:
            return
        await self._defer(interaction)
        for found in _MENTION.finditer(text):  # members named inside text options
            # asked of Discord when not cached (without the members intent, most are not)
            member = await self.messenger.member(interaction.guild, found[1])
            if member is not None:
                mentions[f"id{member.id}"] = member
        text = _MENTION.sub(lambda found: f"@id{found[1]}", text)
        origin = Origin(PLATFORM, interaction, channel=str(interaction.channel_id), ephemeral=True)
        incoming = await self.incoming(
            interaction.guild,
            interaction.user,
            text,
            mentions,
            f"i{interaction.id}",
            interaction.locale,
            origin,
        )
        incoming = replace(incoming, quoted=quoted, named_message=named)
        if about is not None:  # a message's own menu: about it, as a reply to it would be
            replied = f"{about.channel.id}:{about.id}"
            incoming = replace(incoming, replied=replied, replied_author=self.author(about.author))
        await self.app.layer.handle(incoming)

    @staticmethod
    async def _defer(interaction: discord.Interaction) -> None:
        """Discord waits three seconds for a first answer, no more: the command is deferred
        at once. A deferral too late (a slow start, a lost connection) loses only the
        "thinking…" line, never the command: its answers go out all the same (a private one
        by DM)."""
        if interaction.response.is_done():
            return
        try:
            if interaction.type == discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            log.warning("interaction %s not deferred in time: %s", interaction.id, error)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom = str(data.get("custom_id", ""))
        if not custom.startswith("arbitro:"):
            return
        if custom.startswith("arbitro:help"):  # the help menu
            chosen = str((data.get("values") or ["help"])[0])
            await self.run_slash(interaction, f"/help {chosen}", {})
            return
        translator = self.app.layer.translator
        lang = translator.language(lang_of(interaction.locale) or "en")
        press = decode(custom[len("arbitro:") :])
        if (
            press is not None
            and press.owner is not None
            and press.owner != str(interaction.user.id)
        ):
            await interaction.response.send_message(
                translator.format(lang, "button-not-yours"), ephemeral=True
            )
            return
        if press is not None and press.page is not None:
            await self._turn_page(interaction, lang, *press.page)
            return
        if press is None or press.command is None:
            await interaction.response.send_message(
                translator.format(lang, "button-expired"), ephemeral=True
            )
            return
        await self.run_slash(interaction, press.command, {})

    async def _turn_page(
        self, interaction: discord.Interaction, lang: str, token: str, number: int
    ) -> None:
        """Another page of a long answer, in place of the one shown: only in the server it
        was sent to, and an answer meant for one member only for him."""
        where = str(interaction.guild_id) if interaction.guild_id is not None else None
        viewer = Viewer(PLATFORM, where, str(interaction.user.id))
        turned = await self.app.delivery.turn_page(token, number, viewer)
        if turned.refused is not None:
            await interaction.response.send_message(
                self.app.layer.translator.format(lang, turned.said), ephemeral=True
            )
            return
        await interaction.response.edit_message(
            content=turned.text,  # kept as sent: already inert
            view=self.messenger.view_of(turned.buttons),
        )

    # ---- presence: the card pauses while its player is offline ---------------------------
    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        """A new member of the server is greeted where its moderators asked for it (the join
        check is Telegram's: Discord has its own verification levels)."""
        if member.bot:
            return
        key = f"j{member.guild.id}:{member.id}:{int(self.clock().timestamp())}"
        incoming = await self.incoming(member.guild, member, "", {}, key)
        await self.app.layer.joined(incoming, check=False)

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
        # a presence change answers nothing but the card it puts back on screen
        origin = Origin(PLATFORM, only=("card_shown",))
        key = f"p{after.id}:{self.clock().timestamp()}"
        incoming = await self.incoming(after.guild, after, text, {}, key, origin=origin)
        await self.app.layer.handle(incoming)


def build_bot(
    app: App, settings: DiscordSettings, clock: Callable[[], datetime] = utc_now
) -> commands.Bot:
    """The client (sharded in production), its command tree and the Arbitro cog."""
    hide(settings.token)
    intents = discord.Intents.default()
    intents.message_content = settings.message_content
    intents.members = settings.members
    intents.presences = settings.presence
    base: Any = commands.AutoShardedBot if settings.sharded else commands.Bot
    sharding: dict[str, Any] = {}
    if settings.sharded and settings.shard_count is not None:
        sharding["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            sharding["shard_ids"] = list(settings.shard_ids)
    client = base(
        command_prefix=commands.when_mentioned,
        intents=intents,
        help_command=None,
        allowed_mentions=discord.AllowedMentions.none(),
        **sharding,
    )
    cog = Arbitro(client, app, settings, clock)
    _watch_token(client, cog.messenger)
    build_tree(client.tree, cog.run_slash)
    add_report_menu(client.tree, cog.report_message)
    add_delete_menu(client.tree, cog.delete_message)

    async def setup_hook() -> None:
        await client.add_cog(cog)
        await cog.resolve_moderators()
        await client.tree.set_translator(Localiser(app))
        # the command tree is one for the whole application: the process running shard 0
        # (or the only one) syncs it
        if settings.sync_commands and 0 in (settings.shard_ids or (0,)):
            synced = await sync_if_changed(
                client, client.tree, app.meta, app.set_meta, settings.command_guild
            )
            scope = f"server {settings.command_guild}" if settings.command_guild else "global"
            settings.announce(
                f"Discord slash commands synced ({synced}, {scope})"
                if synced is not None
                else f"Discord slash commands unchanged ({scope})"
            )

    client.setup_hook = setup_hook

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

    client.arbitro = cog
    return client


def _watch_token(client: commands.Bot, messenger: DiscordMessenger) -> None:
    """Any request Discord answers 401 (the token revoked while the bot runs: a message, an
    edit, a timeout, a member looked up) tells the messenger, which stops the process."""
    request = client.http.request

    async def watched(route: discord.http.Route, **kwargs: Any) -> Any:
        try:
            return await request(route, **kwargs)
        except discord.HTTPException as error:
            if error.status == UNAUTHORIZED:
                messenger.refuse_token()
            raise

    client.http.request = watched  # type: ignore[method-assign]


def edited_by_author(payload: discord.RawMessageUpdateEvent) -> bool:
    """Whether an update of a message is its author's edit: Discord also sends one when it
    adds a link's preview (embeds), with no new edit time."""
    stamp = payload.data.get("edited_timestamp")
    if not stamp:
        return False
    before = payload.cached_message
    return before is None or before.edited_at != payload.message.edited_at


def rights_in(guild: discord.Guild) -> frozenset[str] | None:
    """What the bot may do in a server, as the command layer names it (its cached role
    permissions; None while the server's own member is not known yet)."""
    me = guild.me
    if me is None:
        return None
    granted = me.guild_permissions
    found = {
        "mute": granted.moderate_members,
        "ban": granted.ban_members,
        "kick": granted.kick_members,
        "delete": granted.manage_messages,
        "slowmode": granted.manage_channels,  # a channel's slow mode
        "attach_files": granted.attach_files,
    }
    return frozenset(right for right, has in found.items() if has)
