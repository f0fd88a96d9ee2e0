"""Private stays private on Discord: every private answer of a slash command, whatever fails
between its decision and its sending (a 5xx or a timeout on its follow-up, a restart after
the commit), reaches its reader alone, by DM when its interaction can no longer carry it, and
never the channel; public answers follow their interaction; moderation actions checked first;
no view kept per message."""

from __future__ import annotations

from datetime import timedelta

import discord
import discord.ext.test as dpytest
import pytest
from discord import app_commands
from discord.ext.test import backend

from bot.platforms.discord import messenger
from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, configure, say

# each private kind, as a slash command asks for it: who, the command, its options (a
# member's name stands for him), and what only its answer says
PRIVATE = [
    ("ref", "log", {}, "Moderators' log"),
    ("ref", "reports", {}, "report"),
    ("ref", "history", {"player": "bob"}, "History of bob"),
    ("ref", "web", {}, "public page"),
    ("ref", "stops", {}, "Active stops"),
    ("ref", "settings", {}, "This chat"),
    ("alice", "report", {"member": "bob", "reason": "rude words"}, "your report"),
    ("ref", "dismiss", {"report": 0, "reason": "no harm"}, "dismissed"),
    ("alice", "card", {}, "alice"),
    ("alice", "help", {}, "/"),
    ("alice", "warn member", {"member": "bob", "reason": "x"}, "Only moderators"),
]
FAILURES = ["5xx", "timeout", "restart"]


def path_of(client: discord.Client, name: str) -> str:
    """The slash command's path: at the top, or in its rulebook's group."""
    if " " in name:  # a form's subcommand, named whole
        return name
    commands = client.tree.get_commands()
    if any(command.name == name for command in commands):  # a command of its own first
        return name
    for command in commands:
        inside = isinstance(command, app_commands.Group) and command.commands
        if inside and any(sub.name == name for sub in command.commands):
            return f"{command.name} {name}"
    raise AssertionError(f"no slash command {name}")


def channels(client: discord.Client) -> set[int]:
    return {c.id for guild in dpytest.get_config().guilds for c in guild.text_channels}


def public(client: discord.Client) -> list[str]:
    """Everything the bot said where others could read it: the channels, and every answer
    to an interaction not flagged ephemeral."""
    said = [p.get("content") or "" for p in client.payloads if p["channel_id"] in channels(client)]
    for response in client.interactions.responses:
        body = response["body"]
        data = body.get("data") or {} if response["path"].endswith("/callback") else body
        if response["method"] == "POST" and not (data.get("flags") or 0) & 64:
            said.append(data.get("content") or "")
    return said


def direct(client: discord.Client, reader: discord.Member) -> list[str]:
    """What the bot said to him by DM."""
    if reader.dm_channel is None:
        return []
    dm = reader.dm_channel.id
    return [p.get("content") or "" for p in client.payloads if p["channel_id"] == dm]


async def _report(client) -> int:
    """A report alice made, for /dismiss to name."""
    alice, bob = member(client, "alice"), member(client, "bob")
    await client.interactions.slash(alice, "report", {"member": bob, "reason": "spam"})
    async with client.arbitro.app.database.transaction() as tx:
        row = await tx.fetchone("SELECT MAX(id) FROM rulings WHERE type = 'report'")
    return int(row[0])


def _options(client, options: dict, report: int) -> dict:
    found = {}
    for key, value in options.items():
        if key in ("member", "player"):
            value = member(client, value)
        if key == "report":
            value = report
        found[key] = value
    return found


async def _restarted(client, monkeypatch) -> None:
    """Every dispatch stops after the commit, as a process killed there would."""
    delivery = client.arbitro.app.delivery
    interactions = client.interactions

    async def killed(parcels, origin, now):
        if origin is not None and isinstance(origin.handle, discord.Interaction):
            interactions.finished.add(origin.handle.id)  # the harness waits no more
        return []

    monkeypatch.setattr(delivery, "dispatch", killed)


async def _recover(client, monkeypatch, failure: str) -> None:
    """The failure over: the next rounds of the outbox, as a restarted process runs them."""
    client.interactions.failures.clear()
    if failure == "restart":
        monkeypatch.undo()
        client.test_clock.now += timedelta(minutes=3)  # the dead process's lease lapses
    for _ in range(3):
        client.test_clock.now += timedelta(minutes=2)
        await client.arbitro.live.wake()
        await dpytest.run_all_events()


@pytest.mark.parametrize("failure", FAILURES)
async def test_every_private_answer_reaches_its_reader_alone_whatever_fails(
    discord_bot, monkeypatch, failure
):
    await configure(discord_bot, BURRACO, "burraco")
    for name in ("alice", "bob"):
        await say(discord_bot, name, "hello")
    report = await _report(discord_bot)
    discord_bot.payloads.clear()
    discord_bot.interactions.responses.clear()
    for who, name, options, said in PRIVATE:
        reader = member(discord_bot, who)
        with monkeypatch.context() as patched:
            if failure == "restart":
                await _restarted(discord_bot, patched)
            else:
                discord_bot.interactions.fail_next(failure, 50)
            await discord_bot.interactions.slash(
                reader, path_of(discord_bot, name), _options(discord_bot, options, report)
            )
            await _recover(discord_bot, patched, failure)
        assert not any(said in text for text in public(discord_bot)), (name, public(discord_bot))
        assert any(said in text for text in direct(discord_bot, reader)), (name, failure)
        discord_bot.payloads.clear()
        discord_bot.interactions.responses.clear()


async def test_an_interaction_that_cannot_be_closed_for_a_timeout_is_still_done_with(
    discord_bot,
):
    """Discord not answering the close of a deferred command is logged, not raised out of
    the sending (which would leave the command's dispatch unfinished)."""
    await configure(discord_bot, BURRACO, "burraco")
    done = len(discord_bot.interactions.finished)
    discord_bot.interactions.fail_next("timeout", 50)
    await discord_bot.interactions.slash(member(discord_bot, "ref"), path_of(discord_bot, "log"))
    assert len(discord_bot.interactions.finished) == done + 1


async def test_a_private_answer_whose_reader_takes_no_dm_waits_for_his_next_interaction(
    discord_bot, monkeypatch
):
    await configure(discord_bot, BURRACO, "burraco")
    ref = member(discord_bot, "ref")
    discord_bot.dms_closed.add(ref.id)
    discord_bot.interactions.fail_next("5xx", 50)
    await discord_bot.interactions.slash(ref, path_of(discord_bot, "web"))
    await _recover(discord_bot, monkeypatch, "5xx")
    assert not any("public page" in text for text in public(discord_bot))
    async with discord_bot.arbitro.app.database.transaction() as tx:
        waiting = await tx.fetchall(
            "SELECT last_error FROM outbox WHERE delivered_at IS NULL AND dead_at IS NULL"
        )
    assert ("waiting for its reader",) in [tuple(row) for row in waiting]
    again = await discord_bot.interactions.slash(ref, "help")  # his next interaction
    assert any("public page" in text for text in again.private)
    assert not any("public page" in text for text in public(discord_bot))


async def test_public_slash_answers_go_through_the_interaction_without_send_messages(
    discord_bot,
):
    await configure(discord_bot, BURRACO, "burraco")
    alice = member(discord_bot, "alice")
    channel = dpytest.get_config().guilds[BURRACO].text_channels[0]
    discord_bot.silenced_channels.add(channel.id)  # no Send Messages there
    answer = await discord_bot.interactions.slash(
        alice, "burraco open", {"ruleset": "fibur", "format": "1v1", "hands": "2"}
    )
    assert any("Table 1 is open" in text for text in answer.public), answer.texts
    assert not answer.posted


async def test_a_channel_the_bot_may_not_write_in_is_told_to_the_moderators_once(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    log_channel = backend.make_text_channel("mod-log", guild)
    await say(discord_bot, "ref", f"/settings log=<#{log_channel.id}>")
    discord_bot.silenced_channels.add(guild.text_channels[0].id)
    for _ in range(2):
        await say(discord_bot, "alice", "/open fibur 1v1 2")
        await dpytest.run_all_events()
    told = [
        p
        for p in discord_bot.payloads
        if p["channel_id"] == log_channel.id and "Send Messages" in (p.get("content") or "")
    ]
    assert len(told) == 1


@pytest.mark.parametrize("failure", ["5xx", "timeout", "429"])
async def test_a_public_follow_up_that_fails_goes_out_later_once(discord_bot, failure):
    await configure(discord_bot, BURRACO, "burraco")
    alice = member(discord_bot, "alice")
    discord_bot.interactions.fail_next(failure, 3)
    answer = await discord_bot.interactions.slash(
        alice, "burraco open", {"ruleset": "fibur", "format": "1v1", "hands": "2"}
    )
    assert not any("Table 1 is open" in text for text in answer.texts)
    discord_bot.test_clock.now += timedelta(seconds=31)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()
    assert sum("Table 1 is open" in text for text in public(discord_bot)) == 1


async def test_a_command_deferred_too_late_is_still_answered(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    alice = member(discord_bot, "alice")
    discord_bot.interactions.deadline = -1.0  # every deferral comes too late
    await discord_bot.interactions.slash(
        alice, "burraco open", {"ruleset": "fibur", "format": "1v1", "hands": "2"}
    )
    await dpytest.run_all_events()
    assert any("Table 1 is open" in text for text in public(discord_bot))
    card = await discord_bot.interactions.slash(alice, "card")
    await dpytest.run_all_events()
    assert not card.private  # its interaction is gone: by DM, not in the channel
    assert any("alice" in text for text in direct(discord_bot, alice))
    assert not any("no stop" in text.lower() for text in public(discord_bot))


# ---- moderation: the permission and the role order, before Discord is asked ---------------
async def test_a_member_above_the_bot_is_refused_for_the_hierarchy_not_a_right(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    bob = member(discord_bot, "bob")
    high = backend.make_role("Veterans", guild)
    high.position = 20  # above the bot's own role
    await dpytest.add_role(bob, high)
    await say(discord_bot, "bob", "hello")
    said = await say(discord_bot, "ref", f"/ban <@{bob.id}> spam")
    await dpytest.run_all_events()
    told = " ".join(said + [p.get("content") or "" for p in discord_bot.payloads])
    assert "Discord's role order shields this member" in told
    assert "The right I lack" not in told
    assert discord_bot.removals == []


async def test_a_missing_permission_is_refused_before_discord_is_asked(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    guild = dpytest.get_config().guilds[BURRACO]
    bob = member(discord_bot, "bob")
    await say(discord_bot, "bob", "hello")
    discord_bot.revoke(guild, "kick_members")
    asked = []
    discord_bot.without_permissions.clear()  # Discord itself would let it through
    original = backend.FakeHttp.kick

    async def counted(*args, **kwargs):
        asked.append(args)
        return await original(*args, **kwargs)

    backend.FakeHttp.kick = counted
    try:
        said = await say(discord_bot, "ref", f"/kick <@{bob.id}> spam")
        await dpytest.run_all_events()
    finally:
        backend.FakeHttp.kick = original
    told = " ".join(said + [p.get("content") or "" for p in discord_bot.payloads])
    assert "The right I lack: remove members." in told
    assert asked == []


@pytest.mark.parametrize(("granted", "told"), [(True, "Outranked"), (False, "MissingRight")])
def test_a_403_is_a_hierarchy_when_the_bot_holds_the_permission(discord_bot, granted, told):
    guild = dpytest.get_config().guilds[BURRACO]
    if not granted:
        discord_bot.revoke(guild, "ban_members")
    forbidden = discord.Forbidden(
        backend.FakeRequest(403, "Forbidden"), {"code": 50013, "message": "Missing Permissions"}
    )
    assert type(messenger.refused(forbidden, "ban", guild)).__name__ == told


# ---- views ----------------------------------------------------------------------------------
async def test_no_view_is_kept_per_message(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    store = discord_bot._connection._view_store
    before = len(store._synced_message_views), len(store.persistent_views)
    await say(discord_bot, "ref", "/settings open_tables=50")  # one member's 40 empty tables
    for _ in range(40):
        await say(discord_bot, "alice", "/open fibur 1v1 2")  # each with its Sit button
    await discord_bot.interactions.slash(member(discord_bot, "alice"), "help")
    assert (len(store._synced_message_views), len(store.persistent_views)) == before
    pressed = await discord_bot.interactions.press(member(discord_bot, "bob"), "arbitro:sit:40")
    assert "bob sits at table 40" in pressed.text  # a press comes by its custom_id alone


# ---- the double, as strict as Discord on these paths ---------------------------------------
class _Route:
    """A request as discord.py's webhook adapter makes it."""

    def __init__(self, url: str, method: str = "POST") -> None:
        self.url, self.path, self.method = url, url.split("/api/v10")[-1], method


async def test_the_double_refuses_a_channel_without_send_messages(discord_bot):
    channel = dpytest.get_config().guilds[BURRACO].text_channels[0]
    discord_bot.silenced_channels.add(channel.id)
    with pytest.raises(discord.Forbidden):
        await channel.send("hello")


@pytest.mark.parametrize(
    ("how", "raised"),
    [
        ("5xx", discord.DiscordServerError),
        ("timeout", TimeoutError),
        ("429", discord.HTTPException),
    ],
)
async def test_the_double_fails_follow_ups_as_discord_does(discord_bot, how, raised):
    interactions = discord_bot.interactions
    interactions.acknowledged.add("7")
    interactions.fail_next(how)
    followup = _Route("https://discord.com/api/v10/webhooks/1/token7")
    with pytest.raises(raised) as error:
        await interactions.fake_request(followup, payload={"content": "hi"})
    if how == "429":
        assert error.value.status == 429
    await interactions.fake_request(followup, payload={"content": "hi"})  # then it passes


async def test_the_double_forgets_an_interaction_never_answered_in_time(discord_bot):
    followup = _Route("https://discord.com/api/v10/webhooks/1/token8")
    with pytest.raises(discord.NotFound):
        await discord_bot.interactions.fake_request(followup, payload={"content": "hi"})
