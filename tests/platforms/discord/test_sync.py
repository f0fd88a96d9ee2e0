"""The slash commands reach Discord: synced at start when the tree changed, never otherwise,
in a payload Discord accepts (checked as strictly as Discord does by the harness)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.platforms.discord.sync import sync_if_changed


def named(payload: list[dict]) -> dict[str, dict]:
    return {command["name"]: command for command in payload}


async def test_the_tree_is_synced_at_start_grouped_and_translated(discord_bot):
    [first] = discord_bot.syncs
    assert first["guild"] is None  # global by default
    commands = named(first["payload"])
    assert {"burraco", "mcr", "mcr-event", "help", "stop", "settings"} <= set(commands)
    # Discord holds at most 25 commands in a group
    assert all(len(c.get("options", ())) <= 25 for c in commands.values() if c.get("type") == 1)
    assert "exclude" in named(commands["mcr-event"]["options"])
    sit = named(commands["burraco"]["options"])["sit"]
    assert sit["description_localizations"]["it"] and sit["description_localizations"]["ru"]
    table = named(sit["options"])["table"]
    assert table["type"] == 4 and table["required"] is True  # a whole number, required
    score = named(named(commands["mcr"]["options"])["score"]["options"])
    assert list(score) == ["table", "east", "south", "west", "north", "session"]
    assert score["session"]["required"] is False
    # keyed options: a number (draw=), a word among choices (separate=), a free word (kind=)
    seating = named(named(commands["mcr-event"]["options"])["seating"]["options"])
    assert [seating["draw"]["type"], seating["separate"]["type"]] == [4, 3]
    assert [c["value"] for c in seating["separate"]["choices"]] == ["team", "country"]
    log = named(commands["log"]["options"])
    assert log["kind"]["type"] == 3 and "choices" not in log["kind"]


async def test_an_unchanged_tree_is_not_synced_again(discord_bot):
    app = discord_bot.arbitro.app
    assert await sync_if_changed(discord_bot, discord_bot.tree, app.meta, app.set_meta) is None
    assert len(discord_bot.syncs) == 1


async def test_a_changed_tree_is_synced_and_a_development_server_gets_its_own(discord_bot):
    app = discord_bot.arbitro.app

    @app_commands.command(name="extra", description="one more")
    async def extra(interaction: discord.Interaction) -> None:
        return None

    discord_bot.tree.add_command(extra)
    synced = await sync_if_changed(discord_bot, discord_bot.tree, app.meta, app.set_meta)
    assert synced == len(discord_bot.syncs[-1]["payload"]) and "extra" in named(
        discord_bot.syncs[-1]["payload"]
    )
    await sync_if_changed(discord_bot, discord_bot.tree, app.meta, app.set_meta, guild_id=77)
    assert discord_bot.syncs[-1]["guild"] == 77
    assert (
        await sync_if_changed(discord_bot, discord_bot.tree, app.meta, app.set_meta, guild_id=77)
        is None
    )
