"""Slash commands reach Discord only when the command tree is synced. Syncing is rate-limited
by Discord, so it is done at start only when the tree changed: a digest of exactly what Discord
would receive (names, options, every translation) is kept, and compared at the next start."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

log = logging.getLogger(__name__)


async def payload_of(tree: app_commands.CommandTree, guild: discord.Object | None) -> list[dict]:
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


async def sync_if_changed(
    client: discord.Client,
    tree: app_commands.CommandTree,
    remembered: Callable[[str], Awaitable[str | None]],
    remember: Callable[[str, str], Awaitable[None]],
    guild_id: int | None = None,
) -> int | None:
    """Sync the tree (to one guild, for development, or globally) when it differs from what
    was synced last; the number of commands synced, or None when nothing changed."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    payload = await payload_of(tree, guild)
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    key = f"discord_commands:{client.application_id}:{guild_id or 'global'}"
    if await remembered(key) == digest:
        return None
    synced = await tree.sync(guild=guild)
    await remember(key, digest)
    return len(synced)
