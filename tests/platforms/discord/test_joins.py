"""Joins on Discord through the real discord.py client: newcomers greeted together and counted
for raids; never challenged nor timed out (Discord has no join requests, and a server's own
verification level is its join check)."""

from __future__ import annotations

from datetime import timedelta

import discord.ext.test as dpytest
from discord.ext.test import callbacks

from tests.platforms.discord.test_discord import BURRACO, configure, drain, say


async def test_members_who_join_are_greeted_together_and_a_raid_is_announced_once(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    timeouts = []

    async def record(fields, target, reason):
        timeouts.append(target.name)

    callbacks.set_callback(record, "edit_member")
    said = await say(discord_bot, "ref", '/settings welcome="Be kind" raid_joins=2/60s')
    assert any("Settings changed" in m for m in said), said
    for name in ("ann", "ben", "cid", "dan"):
        await dpytest.member_join(guild, name=name)
    await dpytest.run_all_events()
    raid = [m for m in drain() if m.startswith("Ruling #") and "Raid:" in m]
    assert len(raid) == 1 and "more than 2 people joined" in raid[0], raid
    discord_bot.test_clock.now += timedelta(seconds=6)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()
    greeted = [m for m in drain() if m.startswith("Welcome,")]
    assert greeted == ["Welcome, ann, ben and 2 others! Be kind"], greeted
    assert timeouts == []  # no check on Discord: nobody is timed out
