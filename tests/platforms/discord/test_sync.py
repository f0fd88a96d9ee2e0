"""The slash commands reach Discord: synced at start when the tree changed, never otherwise,
in a payload Discord accepts (checked as strictly as Discord does by the harness)."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.platforms.discord.sync import sync_if_changed
from tests.platforms.discord.conftest import member


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


async def test_each_form_is_a_subcommand_named_in_every_language(discord_bot):
    commands = named(discord_bot.syncs[0]["payload"])
    win = named(named(commands["mcr"]["options"])["win"]["options"])
    assert list(win) == ["self", "discarder"]
    assert win["discarder"]["name_localizations"]["it"] == "chi-scarta"
    assert win["self"]["name_localizations"]["ru"] == "сам"
    assert named(win["discarder"]["options"])["discarder"]["type"] == 6  # a member
    assert "how" not in named(win["self"]["options"])  # the subcommand says it
    assert list(named(commands["correct"]["options"])) == ["vp", "scores", "mcr"]
    assert list(named(commands["rules"]["options"])) == ["show", "add", "edit", "remove"]
    for command in commands.values():  # required options first, wherever they are
        for sub in [command, *(command.get("options") or ())]:
            required = [o.get("required", False) for o in sub.get("options") or ()]
            assert required == sorted(required, reverse=True), sub["name"]


def too_big(tree: app_commands.CommandTree) -> None:
    """A command Discord refuses: 25 choices of 100 characters each, name and value."""
    from bot.platforms.discord.slash import Option, _callback

    choices = tuple(letter * 100 for letter in "abcdefghijklmnopqrstuvwxy")

    async def run(interaction: discord.Interaction, text: str, members: dict) -> None:
        return None

    options = [Option("first", "choice", True, choices), Option("second", "choice", True, choices)]
    tree.add_command(
        app_commands.Command(
            name="huge", description="too much", callback=_callback("huge", options, run)
        )
    )


async def test_discord_refuses_a_command_of_more_than_4000_characters(discord_bot):
    app = discord_bot.arbitro.app
    too_big(discord_bot.tree)
    with pytest.raises(discord.HTTPException, match="4000 characters"):
        await sync_if_changed(discord_bot, discord_bot.tree, app.meta, app.set_meta)


async def test_discord_refuses_groups_nested_deeper_than_one_level(discord_bot):
    from tests.platforms.discord.conftest import _check_size

    deep = {"type": 1, "name": "a", "description": "a", "options": [
        {"type": 2, "name": "b", "description": "b", "options": [
            {"type": 2, "name": "c", "description": "c", "options": []}]}]}  # fmt: skip
    with pytest.raises(discord.HTTPException, match="nested too deep"):
        _check_size(deep, "a")


async def test_the_harness_sends_only_what_discords_client_would(discord_bot):
    alice = member(discord_bot, "alice")
    slash = discord_bot.interactions.slash
    with pytest.raises(AssertionError, match="offers no"):
        await slash(alice, "burraco win", {"table": 1})
    with pytest.raises(AssertionError, match="is a group"):
        await slash(alice, "mcr win", {"table": 1})  # a group: its subcommands are offered
    with pytest.raises(AssertionError, match="required"):
        await slash(alice, "burraco sit", {})
    with pytest.raises(AssertionError, match="no option"):
        await slash(alice, "burraco sit", {"table": 1, "chair": 2})
    with pytest.raises(AssertionError, match="not among"):
        await slash(alice, "burraco open", {"ruleset": "chess", "format": "1v1", "hands": "2"})
    with pytest.raises(AssertionError, match="type 4"):
        await slash(alice, "burraco sit", {"table": "seven"})
