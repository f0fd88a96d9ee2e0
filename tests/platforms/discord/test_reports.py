"""Reports through the real discord.py client: a server with no log gets each report by DM
to its moderators (the members with the moderators' permissions or role), never in a
channel and never to the member reported; the reporter's acknowledgement is ephemeral."""

from __future__ import annotations

from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, configure, say
from tests.platforms.discord.test_private import direct, public


async def test_with_no_log_a_report_goes_to_each_moderator_by_dm(discord_bot):
    await configure(discord_bot, BURRACO, "burraco")
    alice, bob, ref = (member(discord_bot, name) for name in ("alice", "bob", "ref"))
    await say(discord_bot, "bob", "cheap followers at spam.example")
    answer = await discord_bot.interactions.report_menu(
        alice, bob, "cheap followers at spam.example"
    )
    assert any("has gone to the moderators" in t for t in answer.private)
    assert not any("has gone to the moderators" in t for t in answer.public)
    [report] = [t for t in direct(discord_bot, ref) if "Report from alice about bob" in t]
    assert 'The message: "cheap followers at spam.example"' in report
    assert not direct(discord_bot, bob) and not direct(discord_bot, alice)
    assert not any("Report from" in t for t in public(discord_bot))
