"""An edit counts against flooding on Discord as on Telegram, never run as a command: the raw
edit event, so that a message the client has not cached counts too; an update that only adds
a link's preview (Discord's own, no new edit time) is no edit."""

from __future__ import annotations

import itertools

import discord.ext.test as dpytest
from discord.ext.test import backend

from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, configure, drain, say

_ids = itertools.count(9 * 10**17)


def _update(client, data: dict, content: str, edited: str | None) -> None:
    """Discord's MESSAGE_UPDATE: the message as it is now, with its edit time (None: an
    update that only adds embeds)."""
    changed = data | {"content": content, "edited_timestamp": edited}
    if edited is None:
        changed["embeds"] = [{"type": "link", "url": "https://example.org"}]
    client._connection.parse_message_update(changed)


async def test_edits_count_against_flooding_and_never_run(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    channel = guild.text_channels[0]
    await say(discord_bot, "ref", "/settings flood=3/10 flood_mute=30m")
    bob = member(discord_bot, "bob")
    first = await dpytest.message("look at example.org", channel=channel, member=bob)
    await dpytest.message("and this", channel=channel, member=bob)
    data = backend.facts.dict_from_message(first) | {
        "channel_id": str(channel.id),
        "guild_id": str(guild.id),
        "timestamp": "2026-01-01T00:00:00+00:00",
    }
    _update(discord_bot, data, first.content, None)  # its link's preview: no edit
    preview = data | {"id": str(next(_ids))}  # the same of a message never cached
    _update(discord_bot, preview, "see example.org", None)
    _update(discord_bot, data, "/help", "2026-01-01T00:00:01+00:00")  # the third message
    await dpytest.run_all_events()
    assert drain() == []  # three in ten seconds: allowed; an edit is never run (no help)
    uncached = data | {"id": str(next(_ids))}  # a message the client never cached
    _update(discord_bot, uncached, "spam", "2026-01-01T00:00:02+00:00")
    await dpytest.run_all_events()
    said = drain()
    assert any("bob" in m and "more than 3 messages in 10 seconds" in m for m in said), said
