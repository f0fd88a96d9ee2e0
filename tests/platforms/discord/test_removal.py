"""Messages taken out of a Discord server through the real discord.py client: /del as a
reply, from a message's "Delete message" menu, and as the slash /del naming the message
by its link or id (a slash command answers no message; another channel's is refused),
/purge in bulk (2 to 100 messages younger than 14 days, older ones one by one), a message
breaking a lock, a ban that takes the member's messages with it (delete_message_seconds),
and a missing Manage Messages named to the moderators. The fake Discord deletes as
strictly as Discord does."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend
from discord.ext.test import factories as facts

from tests.platforms.discord.conftest import make_thread, member
from tests.platforms.discord.test_discord import BURRACO, MCR, configure, drain, say

BULK_AGE = timedelta(days=14)  # Discord bulk-deletes no older message
MOST_BULK = 100
LONGEST_PURGE = 7 * 24 * 3600  # seconds a ban's delete_message_seconds may reach


def _refuse(status: int, code: int, message: str) -> None:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    reason = {403: "Forbidden", 404: "Not Found"}.get(status, "Bad Request")
    raise kind(backend.FakeRequest(status, reason), {"code": code, "message": message})


@pytest.fixture
def deleting(discord_bot, monkeypatch):
    """Discord's deletions, kept as ("one" | "bulk", channel, ids); bans with the seconds of
    messages they take. The bot is given Manage Messages (``revoke`` takes it back)."""
    calls: list[tuple[str, int, list[int]]] = []
    purges: list[tuple[int, int]] = []  # user, delete_message_seconds

    def may_manage(channel_id: int) -> None:
        guild = discord_bot.get_channel(int(channel_id)).guild
        if not guild.me.guild_permissions.manage_messages:
            _refuse(403, 50013, "Missing Permissions")

    async def delete_message(http, channel_id, message_id, *, reason=None) -> None:
        calls.append(("one", int(channel_id), [int(message_id)]))
        mine = http.state._get_message(int(message_id))
        if mine is None or mine.author.id != discord_bot.user.id:
            may_manage(channel_id)
        if mine is None and int(message_id) not in known:
            _refuse(404, 10008, "Unknown Message")
        known.discard(int(message_id))

    async def delete_messages(http, channel_id, message_ids, *, reason=None) -> None:
        ids = [int(i) for i in message_ids]
        if not 2 <= len(ids) <= MOST_BULK:
            _refuse(400, 50035, "Invalid Form Body: messages must hold 2 to 100 ids")
        oldest = discord.utils.time_snowflake(discord.utils.utcnow() - BULK_AGE)
        if any(i <= oldest for i in ids):
            _refuse(400, 50034, "You can only bulk delete messages that are under 14 days old.")
        may_manage(channel_id)
        calls.append(("bulk", int(channel_id), sorted(ids)))

    known: set[int] = set()  # messages of members the client never cached
    ban = backend.FakeHttp.ban

    async def ban_purging(http, user_id, guild_id, delete_message_seconds=0, reason=None):
        if not 0 <= delete_message_seconds <= LONGEST_PURGE:
            _refuse(400, 50035, "delete_message_seconds: between 0 and 604800")
        await ban(http, user_id, guild_id, delete_message_seconds, reason)
        purges.append((int(user_id), delete_message_seconds))

    monkeypatch.setattr(backend.FakeHttp, "delete_message", delete_message)
    monkeypatch.setattr(backend.FakeHttp, "delete_messages", delete_messages, raising=False)
    monkeypatch.setattr(backend.FakeHttp, "ban", ban_purging, raising=False)
    for guild in dpytest.get_config().guilds:
        _grant(guild, manage_messages=True)
    return {"calls": calls, "purges": purges, "known": known}


def _grant(guild: discord.Guild, **permissions: bool) -> None:
    role = discord.utils.get(guild.roles, name="Arbitro")
    granted = discord.Permissions(role.permissions.value)
    granted.update(**permissions)
    backend.update_role(role, permissions=granted.value)


async def _until(found, what: str):
    """Waits for what the bot does after the command (its effects go out on their own)."""
    for _ in range(300):
        await dpytest.run_all_events()
        result = found()
        if result:
            return result
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


def _channel() -> discord.TextChannel:
    return dpytest.get_config().guilds[BURRACO].text_channels[0]


async def _post(client, name: str, text: str) -> discord.Message:
    return await dpytest.message(text, channel=_channel(), member=member(client, name))


async def _reply(client, name: str, text: str, to: discord.Message) -> discord.Message:
    """A member's message answering another (Discord's message_reference)."""
    channel, author = _channel(), member(client, name)
    data = facts.make_message_dict(
        channel, author, content=text, guild_id=channel.guild.id, mentions=[]
    )
    data["message_reference"] = {
        "type": 0,
        "message_id": str(to.id),
        "channel_id": str(channel.id),
        "guild_id": str(channel.guild.id),
    }
    data["referenced_message"] = facts.dict_from_message(to)
    backend.get_state().parse_message_create(data)
    await dpytest.run_all_events()
    return backend.get_state()._get_message(int(data["id"]))


async def test_del_as_a_reply_takes_the_message_and_the_command_in_one_bulk(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    spam = await _post(discord_bot, "bob", "cheap followers")
    command = await _reply(discord_bot, "ref", "/del spam", spam)
    [call] = await _until(lambda: deleting["calls"], "the deletion")
    assert call == ("bulk", _channel().id, sorted([spam.id, command.id]))
    said = drain()
    assert any("A message of bob is removed from the chat: spam." in m for m in said), said


async def test_the_delete_menu_deletes_that_message_alone(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    menus = {c["name"]: c for c in discord_bot.syncs[-1]["payload"] if c.get("type") == 3}
    shown = menus["Delete message"]
    names = shown["name_localizations"]
    assert (names["it"], names["ru"]) == ("Elimina messaggio", "Удалить сообщение")
    assert (
        int(shown["default_member_permissions"]) == discord.Permissions(manage_messages=True).value
    )
    spam = await _post(discord_bot, "bob", "cheap followers")
    answer = await _menu(discord_bot, member(discord_bot, "ref"), spam)
    [call] = await _until(lambda: deleting["calls"], "the deletion")
    assert call == ("one", _channel().id, [spam.id])
    shown_all = answer.texts + drain()
    assert any("A message of bob is removed from the chat." in m for m in shown_all), shown_all


async def test_the_delete_menu_is_refused_to_a_member(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    spam = await _post(discord_bot, "bob", "cheap followers")
    answer = await _menu(discord_bot, member(discord_bot, "alice"), spam)
    assert any("Only moderators" in t for t in answer.private), answer.texts()
    await dpytest.run_all_events()
    assert deleting["calls"] == []


async def _menu(client, who: discord.Member, message: discord.Message):
    """A message's Apps menu, "Delete message", as Discord sends its choice."""
    interactions = client.interactions
    shown = facts.dict_from_message(message) | {"channel_id": str(message.channel.id)}
    data = {
        "id": "3",
        "type": 3,
        "name": "Delete message",
        "target_id": str(message.id),
        "resolved": {"messages": {str(message.id): shown}},
    }
    return await interactions.feed(interactions.base(who, 2, "en-US") | {"data": data})


async def test_purge_takes_a_member_s_latest_messages_in_bulk(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    mine = [await _post(discord_bot, "bob", f"spam {n}") for n in range(3)]
    await _post(discord_bot, "alice", "hello")
    command = await _post(discord_bot, "ref", f"/purge 2 <@{member(discord_bot, 'bob').id}>")
    [call] = await _until(lambda: deleting["calls"], "the purge")
    assert call == ("bulk", _channel().id, sorted([mine[1].id, mine[2].id, command.id]))
    said = drain()
    assert any("2 messages of bob are removed from the chat." in m for m in said), said


async def test_messages_older_than_14_days_go_one_by_one_the_rest_in_bulk(discord_bot, deleting):
    """As Discord takes them: a bulk deletion of an older message is refused outright."""
    channel = _channel()
    old = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(days=20))
    young = [(await _post(discord_bot, "bob", f"spam {n}")).id for n in range(2)]
    deleting["known"].add(old)
    refs = tuple(f"{channel.id}:{i}" for i in (old, *young))
    await discord_bot.arbitro.messenger.delete(str(channel.guild.id), refs)
    assert deleting["calls"] == [
        ("bulk", channel.id, sorted(young)),
        ("one", channel.id, [old]),
    ]


async def test_a_message_breaking_a_lock_is_deleted(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    said = await say(discord_bot, "ref", "/lock links")
    assert any("Lock on: links." in m for m in said), said
    await _post(discord_bot, "ref", "the rules: https://example.com/rules")  # a moderator's stays
    link = await _post(discord_bot, "bob", "see https://example.com")
    [call] = await _until(lambda: deleting["calls"], "the removal")
    assert call == ("one", _channel().id, [link.id])
    said = drain()
    assert any("links are locked in this chat" in m for m in said), said


async def test_a_ban_that_purges_asks_discord_for_the_seconds(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    bob = member(discord_bot, "bob")
    await _post(discord_bot, "bob", "cheap followers")
    await say(discord_bot, "ref", "/settings ban_purge=24h")
    await say(discord_bot, "ref", f"/ban <@{bob.id}> spam")
    assert await _until(lambda: deleting["purges"], "the ban") == [(bob.id, 24 * 3600)]
    assert deleting["calls"] == []  # Discord deletes them with the ban


async def test_a_missing_manage_messages_is_named_to_the_moderators(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    _grant(dpytest.get_config().guilds[BURRACO], manage_messages=False)
    spam = await _post(discord_bot, "bob", "cheap followers")
    await _reply(discord_bot, "ref", "/del spam", spam)

    def told() -> list[str]:
        return [m for m in drain() if "would not let me remove the message" in m]

    [notice] = await _until(told, "the refusal told")
    assert "The right I lack: delete messages." in notice
    assert deleting["calls"] == []


def _link(channel, message_id: int) -> str:
    """A message's link, as its menu's Copy Message Link gives it."""
    return f"https://discord.com/channels/{channel.guild.id}/{channel.id}/{message_id}"


async def test_slash_del_takes_the_message_its_link_names(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    [synced] = [c for c in discord_bot.syncs[-1]["payload"] if c["name"] == "del"]
    [option] = [o for o in synced["options"] if o["name"] == "message"]
    assert option["required"] and option["type"] == 3  # a link or an id, as text
    spam = await _post(discord_bot, "bob", "cheap followers")
    answer = await discord_bot.interactions.slash(
        member(discord_bot, "ref"), "del", {"message": _link(_channel(), spam.id), "reason": "spam"}
    )
    [call] = await _until(lambda: deleting["calls"], "the deletion")
    assert call == ("one", _channel().id, [spam.id])
    shown_all = answer.texts + drain()
    assert "Ruling #1: A message of bob is removed from the chat: spam." in shown_all, shown_all
    async with discord_bot.arbitro.app.database.transaction() as tx:
        row = await tx.fetchone("SELECT COUNT(*) FROM rulings WHERE type = 'deleted'")
    assert row[0] == 1
    later = await _post(discord_bot, "bob", "more followers")  # by its id alone: this channel's
    await discord_bot.interactions.slash(
        member(discord_bot, "ref"), "del", {"message": str(later.id)}
    )
    await _until(lambda: len(deleting["calls"]) == 2, "the second deletion")
    assert deleting["calls"][-1] == ("one", _channel().id, [later.id])


async def test_slash_del_of_another_channel_s_message_is_refused(discord_bot, deleting):
    await configure(discord_bot, BURRACO, "burraco")
    ref = member(discord_bot, "ref")
    spam = await _post(discord_bot, "bob", "cheap followers")
    thread = make_thread(discord_bot, _channel(), "Tuesday evening")
    elsewhere = await discord_bot.interactions.slash(
        ref, "del", {"message": _link(thread, spam.id)}
    )
    assert any(
        "That message is in another channel: /del removes only a message of the channel" in t
        for t in elsewhere.private
    ), elsewhere.texts
    other = dpytest.get_config().guilds[MCR].text_channels[0]
    abroad = await discord_bot.interactions.slash(ref, "del", {"message": _link(other, spam.id)})
    assert any("That link is to a message of another server" in t for t in abroad.private), (
        abroad.texts
    )
    nonsense = await discord_bot.interactions.slash(ref, "del", {"message": "that one"})
    assert any('"that one" is neither a message\'s link nor its id' in t for t in nonsense.private)
    await dpytest.run_all_events()
    assert deleting["calls"] == []
    async with discord_bot.arbitro.app.database.transaction() as tx:
        row = await tx.fetchone("SELECT COUNT(*) FROM rulings WHERE type = 'deleted'")
    assert row[0] == 0
