"""Discord's own moderation tools through the real discord.py client: a channel's slow mode
set by a text or slash command (Manage Channels named when the bot lacks it, Discord's six
hours kept), and the moderator named in the reason each ban, kick, timeout and unban carries
to the server's audit log, within its 512 characters."""

from __future__ import annotations

import discord.ext.test as dpytest

from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_channels import until
from tests.platforms.discord.test_discord import BURRACO, configure, drain, say


async def test_slow_mode_is_set_on_the_channel_it_is_asked_in(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    channel = guild.text_channels[0]
    discord_bot.revoke(guild, "manage_channels", given=True)
    said = await say(discord_bot, "ref", "/slowmode 30 too busy")
    assert any("each member waits at least 30 seconds" in m for m in said), said
    [(where, seconds, reason)] = await until(lambda: discord_bot.slowmodes, "the slow mode")
    assert (where, seconds, reason) == (channel.id, 30, "by ref: too busy")
    await until(lambda: channel.slowmode_delay == 30, "the channel's own slow mode")
    answer = await discord_bot.interactions.slash(member(discord_bot, "ref"), "slowmode off")
    assert "Slow mode is off in this channel" in answer.text, answer
    await until(lambda: len(discord_bot.slowmodes) == 2, "the slow mode lifted")
    assert discord_bot.slowmodes[-1] == (channel.id, 0, "by ref")
    await say(discord_bot, "ref", "/undo 2 the round goes on")  # back to what it was
    await until(lambda: len(discord_bot.slowmodes) == 3, "the slow mode given back")
    assert discord_bot.slowmodes[-1] == (channel.id, 30, "by ref")


async def test_slow_mode_beyond_six_hours_or_by_a_member_is_refused(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    discord_bot.revoke(guild, "manage_channels", given=True)
    said = await say(discord_bot, "ref", "/slowmode 21601")
    assert any("at most 21,600 (Discord's slow mode lasts up to 6 hours)" in m for m in said)
    answer = await discord_bot.interactions.slash(
        member(discord_bot, "ref"), "slowmode seconds", {"seconds": 21601}, checked=False
    )
    assert "at most 21,600" in answer.text, answer
    said = await say(discord_bot, "alice", "/slowmode 10")
    assert any("Only moderators" in m for m in said)
    said = await say(discord_bot, "ref", "/slowmode 21600")  # the longest Discord keeps
    assert any("21,600 seconds" in m for m in said), said
    [(_, seconds, _)] = await until(lambda: discord_bot.slowmodes, "the longest slow mode")
    assert seconds == 21600


async def test_slow_mode_without_manage_channels_names_the_right(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    said = await say(discord_bot, "ref", "/slowmode 30")  # invited without Manage Channels
    assert any("each member waits" in m for m in said), said
    told = await until(
        lambda: [m for m in said + drain() if "The slow mode stays as it was" in m], "refusal"
    )
    assert "The right I lack: manage channels." in told[0], told
    assert discord_bot.slowmodes == []


async def test_the_audit_log_reason_names_the_moderator(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    timeouts = []

    async def record(fields, target, reason):
        timeouts.append((target.name, reason))

    dpytest.callbacks.set_callback(record, "edit_member")
    bob, carol = member(discord_bot, "bob"), member(discord_bot, "carol")
    for name in ("bob", "carol"):
        await say(discord_bot, name, "hello")
    await say(discord_bot, "ref", f"/mute <@{bob.id}> 1h spam links")
    await until(lambda: timeouts, "the timeout")
    assert timeouts == [("bob", "by ref: spam links")]
    await say(discord_bot, "ref", f"/unmute <@{bob.id}>")
    await until(lambda: len(timeouts) == 2, "the timeout lifted")
    assert timeouts[-1] == ("bob", "by ref")
    longest = "x" * 500  # the longest reason a command takes, its moderator named before it
    await say(discord_bot, "ref", f"/kick <@{carol.id}> rude")
    await say(discord_bot, "ref", f"/ban <@{bob.id}> {longest}")
    await say(discord_bot, "ref", f"/unban <@{bob.id}> appealed")
    removals = await until(lambda: len(discord_bot.removals) == 3 and discord_bot.removals, "3")
    kick, ban, unban = removals
    assert kick == ("kick", guild.id, carol.id, "by ref: rude")
    assert ban == ("ban", guild.id, bob.id, "by ref: " + longest)  # 508 characters
    assert unban == ("unban", guild.id, bob.id, "by ref: appealed")


async def test_the_settings_name_a_missing_manage_channels(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    discord_bot.revoke(guild, "manage_messages", given=True)  # the only other right lacking
    said = await say(discord_bot, "ref", "/settings")
    [shown] = [m for m in said if "This chat" in m]
    assert "Rights I lack here: manage channels." in shown, shown
    discord_bot.revoke(guild, "manage_channels", given=True)
    said = await say(discord_bot, "ref", "/settings")
    [shown] = [m for m in said if "This chat" in m]
    assert "Rights I lack" not in shown, shown
