"""Reports through the real discord.py client: a server with no log gets each report by DM
to its moderators (the members with the moderators' permissions or role), never in a
channel and never to the member reported; the reporter's acknowledgement is ephemeral.
Without the members intent the client has not seen most moderators: they are asked of
Discord (the owner, ARBITRO_MODERATORS, those who acted as moderators), and kept only while
they moderate; one whose DMs are closed is skipped."""

from __future__ import annotations

import discord
import discord.ext.test as dpytest

from tests.platforms.discord.conftest import forget, member
from tests.platforms.discord.test_channels import until
from tests.platforms.discord.test_discord import BURRACO, configure, drain, say
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


async def test_a_report_reaches_a_moderator_the_client_never_cached(discord_bot):
    """ref moderates and dave did (his role taken away since): both acted as moderators,
    neither is in the client's cache any more. The report goes to ref alone."""
    await configure(discord_bot, BURRACO, "burraco")
    alice, bob, carol, dave, ref = (
        member(discord_bot, name) for name in ("alice", "bob", "carol", "dave", "ref")
    )
    referees = discord.utils.get(ref.guild.roles, name="Referees")
    await dpytest.add_role(dave, referees)
    await say(discord_bot, "ref", f"/warn <@{carol.id}> spam")
    await say(discord_bot, "dave", f"/warn <@{carol.id}> more spam")
    await dpytest.remove_role(dave, referees)
    drain()
    forget(discord_bot, ref)
    forget(discord_bot, dave)
    answer = await discord_bot.interactions.report_menu(alice, bob, "cheap followers")
    assert any("has gone to the moderators" in t for t in answer.private), answer.texts
    [report] = await until(
        lambda: [t for t in direct(discord_bot, ref) if "Report from alice about bob" in t],
        "the report in ref's DMs",
    )
    assert 'The message: "cheap followers"' in report
    assert not direct(discord_bot, dave) and not direct(discord_bot, alice)


async def test_a_report_nobody_can_receive_is_refused_to_the_reporter(discord_bot):
    """ref, the only moderator, takes no DM from the bot: his copy is skipped, and from then
    on the reporter is told that nobody can receive a report, as on Telegram."""
    await configure(discord_bot, BURRACO, "burraco")
    alice, bob, carol, ref = (
        member(discord_bot, name) for name in ("alice", "bob", "carol", "ref")
    )
    discord_bot.dms_closed.add(ref.id)
    first = await discord_bot.interactions.report_menu(alice, bob, "cheap followers")
    assert any("has gone to the moderators" in t for t in first.private), first.texts
    await until(lambda: discord_bot.arbitro.messenger.dms_closed, "ref's DMs found closed")
    answer = await discord_bot.interactions.report_menu(alice, carol, "more cheap followers")
    assert any("No moderator can receive your report now" in t for t in answer.private), (
        answer.texts
    )
    assert not any("Report from" in t for t in public(discord_bot))
    assert not direct(discord_bot, ref)
