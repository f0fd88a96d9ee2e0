"""Where Discord answers and whom it names: a command typed in a thread is answered there, a
forum chosen for notices gets them in a thread of its own, and a member named in a text option
is found even when the client has not seen him (no members intent)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from tests.platforms.discord.conftest import forget, make_forum, make_thread, member
from tests.platforms.discord.test_discord import BURRACO, MCR, configure


async def test_a_member_the_client_has_not_seen_is_asked_of_discord(discord_bot):
    await configure(discord_bot, MCR, "mcr")
    ref = member(discord_bot, "ref", MCR)
    slash = discord_bot.interactions.slash
    await slash(ref, "mcr-event tournament", {"name": "Open", "sessions": 2})
    players = [member(discord_bot, n, MCR) for n in ("alice", "bob", "carol", "dave")]
    forget(discord_bot, players[1])  # bob: in the server, never seen by the client
    named = " ".join(f"<@{p.id}>" for p in players)
    answer = await slash(ref, "mcr-event register", {"players": named})
    assert "bob" in answer.text, answer.text
    listed = await slash(ref, "mcr-event players")
    assert all(p.name in listed.text for p in players), listed.text


async def typed_in(client, channel, name: str, text: str) -> set[int]:
    """The channels the bot answered a text command in."""
    before = len(client.payloads)
    await dpytest.message(text, channel=channel, member=member(client, name))
    await dpytest.run_all_events()
    return {payload["channel_id"] for payload in client.payloads[before:]}


@pytest.mark.parametrize("forum", [False, True], ids=["thread", "forum post"])
async def test_a_command_typed_in_a_thread_is_answered_in_the_thread(discord_bot, forum):
    await configure(discord_bot, BURRACO, "burraco")
    guild = member(discord_bot, "alice").guild
    parent = make_forum(discord_bot, guild, "evenings") if forum else guild.text_channels[0]
    thread = make_thread(discord_bot, parent, "Tuesday evening")
    assert await typed_in(discord_bot, thread, "alice", "/sit 9") == {thread.id}


async def test_a_thread_the_client_has_not_seen_is_asked_of_discord(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    alice = member(discord_bot, "alice")
    thread = make_thread(discord_bot, alice.guild.text_channels[0], "Tuesday evening")
    alice.guild._remove_thread(thread)  # archived, or before the bot started
    assert await typed_in(discord_bot, thread, "alice", "/sit 9") == {thread.id}


async def test_a_forum_chosen_for_notices_gets_them_in_a_post_of_its_own(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = member(discord_bot, "ref").guild
    forum = make_forum(discord_bot, guild, "club-news")
    await typed_in(discord_bot, guild.text_channels[0], "ref", f"/settings channel=<#{forum.id}>")
    for name in ("alice", "bob"):
        await typed_in(discord_bot, guild.text_channels[0], name, "/open fibur 1v1 2")
    [post] = discord_bot.posts  # the first notice opens the post, the next ones follow it
    assert post["forum"] == forum.id and "Settings changed (channel)" in post["content"]
    notices = [m for m in discord_bot.cached_messages if "is open" in m.content]
    assert [m.channel.id for m in notices] == [post["thread"]] * 2, notices


async def test_a_command_typed_in_a_voice_channels_chat_is_answered_there(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = member(discord_bot, "alice").guild
    voice = backend.make_voice_channel("Table talk", guild)
    assert await typed_in(discord_bot, voice, "alice", "/sit 9") == {voice.id}


async def until(found, what: str, seconds: float = 20.0):
    """What ``found`` returns once it is there (the machine may be busy)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not (result := found()):
        assert asyncio.get_running_loop().time() < deadline, f"never came: {what}"
        await asyncio.sleep(0.02)
    return result


async def test_a_slash_command_in_a_thread_is_answered_in_the_thread(discord_bot):
    """Its answers are the interaction's own (Discord shows them where it was typed), and an
    answer the interaction can no longer carry is posted in the thread, never its parent.
    The notice of a timer it set goes where a text command's goes: to the notices channel."""
    await configure(discord_bot, BURRACO, "burraco")
    alice, bob = member(discord_bot, "alice"), member(discord_bot, "bob")
    parent = alice.guild.text_channels[0]
    thread = make_thread(discord_bot, parent, "Tuesday evening")
    slash = discord_bot.interactions.slash
    opening = {"ruleset": "fibur", "format": "1v1", "hands": "2"}
    opened = await slash(alice, "burraco open", opening, channel=thread)
    assert "Table 1 is open" in opened.text and not opened.posted, opened
    await slash(alice, "burraco sit", {"table": 1}, channel=thread)
    await slash(bob, "burraco sit", {"table": 1}, channel=thread)
    reported = await slash(
        alice, "burraco result vp", {"table": 1, "vp_ns": 13, "vp_ew": 7}, channel=thread
    )
    assert "reports the result" in reported.text and not reported.posted, reported
    await typed_in(discord_bot, thread, "alice", "/open fibur 1v1 2")  # the same by text
    for name in ("alice", "bob"):
        await typed_in(discord_bot, thread, name, "/sit 2")
    await typed_in(discord_bot, thread, "alice", "/result 2 vp 13 7")

    discord_bot.interactions.deadline = 0  # Discord has forgotten the next interaction
    listed = await slash(alice, "burraco tables", channel=thread)
    assert [p["channel_id"] for p in listed.posted] == [thread.id], listed.posted

    before = len(discord_bot.payloads)
    discord_bot.test_clock.now += timedelta(minutes=11)  # unanswered: both results stand
    await discord_bot.arbitro.live.wake()

    def standing() -> dict[str, int]:
        return {
            table: p["channel_id"]
            for p in discord_bot.payloads[before:]
            for table in ("Table 1 result", "Table 2 result")
            if table in (p.get("content") or "")
        }

    stood = await until(lambda: len(standing()) == 2 and standing(), "both results standing")
    assert stood["Table 1 result"] == stood["Table 2 result"] == parent.id, stood
