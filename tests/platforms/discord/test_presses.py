"""Every button kind pressed where it does not belong (another server, another member) or
with data the bot never made: refused with an answer to the press, never run, never raised."""

from __future__ import annotations

import pytest

from bot.handlers import Author, Incoming
from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, MCR, configure, say

EXPIRED = "no longer valid"
NOT_YOURS = "meant for someone else"


def buttons(answer) -> list[str]:
    return [b.get("custom_id", "") for row in answer.components for b in row["components"]]


async def long_stops(client, guild: int = BURRACO) -> None:
    """120 stops in the server, recorded straight through the command layer."""
    import discord.ext.test as dpytest

    server = str(dpytest.get_config().guilds[guild].id)
    boss = Author(str(member(client, "ref", guild).id), "ref", None, is_admin=True)
    now = client.test_clock()
    for n in range(120):
        someone = Author(str(9000 + n), f"p{n:03d}", 9000 + n)
        why = "flooding the chat again after two warnings " * 3  # long rows: the log is paged
        for who, text in ((someone, "hi"), (boss, f"/stop @p{n:03d} 2h {why}")):
            await client.arbitro.app.layer.handle(Incoming("discord", server, who, text, now))


async def test_a_page_turns_only_in_its_server_and_an_answer_for_one_only_by_him(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    await configure(discord_bot, MCR, "mcr")
    await long_stops(discord_bot)
    ref, alice = member(discord_bot, "ref"), member(discord_bot, "alice")
    answer = await discord_bot.interactions.slash(ref, "log")  # for his eyes: ephemeral
    page = next(b for b in buttons(answer) if b.startswith("arbitro:page:"))
    there = member(discord_bot, "ref", MCR)  # the same button, pressed in another server
    refused = await discord_bot.interactions.press(there, page)
    assert EXPIRED in refused.text and refused.private
    refused = await discord_bot.interactions.press(alice, page)  # another member, here
    assert NOT_YOURS in refused.text and refused.private
    turned = await discord_bot.interactions.press(ref, page)
    assert any(r["body"].get("type") == 7 for r in turned.responses)  # the page, in place


async def test_a_card_s_buttons_are_its_owner_s_alone(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    await say(discord_bot, "alice", "/open fibur 1v1 2")
    await say(discord_bot, "alice", "/sit 1")
    await say(discord_bot, "bob", "/sit 1")
    alice, bob = member(discord_bot, "alice"), member(discord_bot, "bob")
    card = await discord_bot.interactions.slash(alice, "burraco abandon", {"table": 1})
    [leave] = [b for b in buttons(card) if b.startswith("arbitro:leave")]
    assert leave == f"arbitro:leave@{alice.id}"
    refused = await discord_bot.interactions.press(bob, leave)
    assert NOT_YOURS in refused.text and refused.private


@pytest.mark.parametrize(
    "custom_id",
    [
        "arbitro:page:²:1",
        "arbitro:page:AAAAAAAAAAAAAAAA:99999999999999999999",
        "arbitro:approve:99999999999999999999",
        "arbitro:sit:abc",
        "arbitro:leave@",
        "arbitro:",
        "arbitro:" + "x" * 90,
    ],
)
async def test_forged_data_is_answered_never_raised(discord_bot, custom_id):
    await configure(discord_bot, BURRACO, "burraco")
    answer = await discord_bot.interactions.press(member(discord_bot, "alice"), custom_id)
    assert EXPIRED in answer.text and answer.private


async def test_a_command_button_pressed_in_another_server_acts_there_alone(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    await configure(discord_bot, MCR, "burraco")
    await say(discord_bot, "alice", "/open fibur 1v1 2")
    there = member(discord_bot, "bob", MCR)
    answer = await discord_bot.interactions.press(there, "arbitro:sit:1")
    assert "There is no table 1" in answer.text  # no table 1 there: nothing sat here
