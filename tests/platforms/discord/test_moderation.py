"""Chat moderation through the real discord.py client: warnings and the ladder's timeout,
kicks, bans ended by the scheduler (Discord keeps a ban until lifted), a missing permission
named, and each server's own log."""

from __future__ import annotations

from datetime import timedelta

import discord.ext.test as dpytest
from discord.ext.test import backend, callbacks

from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, configure, drain, say


async def test_warn_kick_ban_and_a_ban_that_ends(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    timeouts = []

    async def record(fields, target, reason):
        timeouts.append((target.name, fields.get("communication_disabled_until"), reason))

    callbacks.set_callback(record, "edit_member")
    bob, carol, dave = (member(discord_bot, name) for name in ("bob", "carol", "dave"))
    for name in ("bob", "carol", "dave"):
        await say(discord_bot, name, "hello")
    said = await say(discord_bot, "ref", f"/warn <@{bob.id}> spam links")
    assert any("Warnings within 30 days: 1." in m for m in said), said
    said = await say(discord_bot, "ref", f"/warn <@{bob.id}> more spam")
    assert any("so a mute follows" in m for m in said)
    [(name, until, reason)] = timeouts
    assert name == "bob" and until and reason == "by ref: more spam"
    await say(discord_bot, "ref", f"/kick <@{carol.id}> flooding")
    await say(discord_bot, "ref", f"/ban <@{dave.id}> 2d spam")
    assert discord_bot.removals == [
        ("kick", guild.id, carol.id, "by ref: flooding"),
        ("ban", guild.id, dave.id, "by ref: spam"),
    ]
    discord_bot.test_clock.now += timedelta(days=2, seconds=1)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()
    assert any("The ban of dave is over" in m for m in drain())
    assert discord_bot.removals[-1] == ("unban", guild.id, dave.id, None)
    said = await say(discord_bot, "ref", f"/ban <@{carol.id}> spam again")
    assert any("until the ban is lifted" in m for m in said)
    discord_bot.test_clock.now += timedelta(days=30)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()
    assert discord_bot.removals[-1] == ("ban", guild.id, carol.id, "by ref: spam again")  # no end
    await say(discord_bot, "ref", f"/unban <@{carol.id}> appealed")
    assert discord_bot.removals[-1] == ("unban", guild.id, carol.id, "by ref: appealed")


async def test_a_ban_without_the_permission_names_it(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    bob = member(discord_bot, "bob")
    await say(discord_bot, "bob", "hello")
    discord_bot.revoke(guild, "ban_members")
    said = await say(discord_bot, "ref", f"/ban <@{bob.id}> spam")
    assert any("is banned from the chat" in m for m in said)
    await dpytest.run_all_events()
    later = said + drain()
    assert any("The right I lack: ban members." in m for m in later), later
    assert discord_bot.removals == []


async def test_a_member_cannot_warn_and_a_bot_is_never_a_target(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    bob = member(discord_bot, "bob")
    said = await say(discord_bot, "alice", f"/warn <@{bob.id}> rude")
    assert any("Only moderators" in m for m in said)
    me = dpytest.get_config().guilds[BURRACO].me
    said = await say(discord_bot, "ref", f"/ban <@{me.id}> spam")
    assert any("is the bot" in m for m in said), said
    assert discord_bot.removals == []


async def test_a_message_reported_from_its_menu_reaches_the_log_alone(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    log_channel = backend.make_text_channel("mod-log", guild)
    await say(discord_bot, "ref", f"/settings log=<#{log_channel.id}>")
    alice, bob = member(discord_bot, "alice"), member(discord_bot, "bob")
    await say(discord_bot, "bob", "cheap followers at spam.example")
    answer = await discord_bot.interactions.report_menu(
        alice, bob, "cheap followers at spam.example"
    )
    assert any("has gone to the moderators" in t for t in answer.private)
    elsewhere = [p for p in answer.posted if p["channel_id"] != log_channel.id]
    assert not any("Report from" in (p.get("content") or "") for p in elsewhere)
    logged = [p for p in discord_bot.payloads if p["channel_id"] == log_channel.id]
    [report] = [p for p in logged if "Report from alice about bob" in (p.get("content") or "")]
    assert 'The message: "cheap followers at spam.example"' in report["content"]
    buttons = [c["custom_id"] for row in report["components"] for c in row["components"]]
    assert [b.split(":")[1] for b in buttons] == [
        "dismiss",
        "report_warn",
        "report_mute",
        "report_ban",
    ]


async def test_the_settings_say_which_permissions_the_bot_lacks(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    for permission in ("moderate_members", "ban_members", "kick_members"):
        discord_bot.revoke(guild, permission)
    said = await say(discord_bot, "ref", "/settings")
    [shown] = [m for m in said if "This chat" in m]
    assert "Rights I lack here: restrict members, ban members, remove members" in shown
