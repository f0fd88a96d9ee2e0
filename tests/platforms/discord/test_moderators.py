"""ARBITRO_MODERATORS on Discord: a user id moderates every server; a username there is
turned into its id once, at start, from the members the bot has seen, and the log says so."""

from __future__ import annotations

import logging
from dataclasses import replace

from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, configure, say


async def test_moderators_of_the_settings_by_id_and_a_username_resolved(discord_bot, caplog):
    caplog.set_level(logging.WARNING)
    await configure(discord_bot, BURRACO, "burraco")
    bob, dave = member(discord_bot, "bob"), member(discord_bot, "dave")
    await say(discord_bot, "carol", "hello")  # seen by the bot: her name has her id
    cog = discord_bot.arbitro
    cog.settings = replace(cog.settings, moderators=("carol", "ghost", str(dave.id)))
    await cog.resolve_moderators()  # as at start
    carol = member(discord_bot, "carol")
    assert f"@carol is Discord user {carol.id}" in caplog.text
    assert "@ghost ignored on Discord: no member of that name" in caplog.text
    said = await say(discord_bot, "carol", f"/warn <@{bob.id}> spam")
    assert any("Warnings within 30 days: 1." in m for m in said), said
    said = await say(discord_bot, "dave", f"/warn <@{bob.id}> more spam")  # by his id
    assert any("Warnings within 30 days: 2" in m for m in said), said
    said = await say(discord_bot, "alice", f"/warn <@{bob.id}> rude")
    assert any("Only moderators" in m for m in said), said


async def test_a_moderator_of_telegram_does_not_moderate_on_discord(discord_bot, caplog):
    """``telegram:ID`` is a Telegram user, whoever has that number on Discord; ``discord:ID``
    moderates here; a bare id moderates here too, and the start says it names no platform."""
    caplog.set_level(logging.WARNING)
    await configure(discord_bot, BURRACO, "burraco")
    alice, bob, carol, dave = (
        member(discord_bot, name) for name in ("alice", "bob", "carol", "dave")
    )
    cog = discord_bot.arbitro
    entries = (f"telegram:{carol.id}", f"discord:{dave.id}", str(bob.id))
    cog.settings = replace(cog.settings, moderators=entries)
    await cog.resolve_moderators()  # as at start
    assert f"ARBITRO_MODERATORS: {bob.id} names no platform" in caplog.text
    said = await say(discord_bot, "carol", f"/warn <@{alice.id}> spam")
    assert any("Only moderators" in m for m in said), said
    said = await say(discord_bot, "dave", f"/warn <@{carol.id}> spam")
    assert any("Warnings within 30 days: 1." in m for m in said), said
    said = await say(discord_bot, "bob", f"/warn <@{carol.id}> more spam")
    assert any("Warnings within 30 days: 2" in m for m in said), said
