"""Measures through the real discord.py client are decisions, not side effects of their
notices: each (mute, unmute, ban, unban, kick) is carried out when its notice's channel is
gone or refuses it, waits out a rate limit, is tried again after a 5xx or a timeout, and
after a restart; a refusal for good is in /log with its reason in words."""

from __future__ import annotations

import asyncio
import inspect
from datetime import timedelta

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from tests.platforms.discord.conftest import member
from tests.platforms.discord.test_discord import BURRACO, configure, drain, say

# each measure: what sets it up, the command, and the call Discord receives for it
MEASURES = {
    "mute": ((), "/mute <@{bob}> 1h spam", "edit_member"),
    "unmute": (("/mute <@{bob}> 1h spam",), "/unmute <@{bob}> ok", "edit_member"),
    "ban": ((), "/ban <@{bob}> spam", "ban"),
    "unban": (("/ban <@{bob}> spam",), "/unban <@{bob}> ok", "unban"),
    "kick": ((), "/kick <@{bob}> spam", "kick"),
}
measures = pytest.mark.parametrize("measure", sorted(MEASURES))


def _failing(monkeypatch, name: str, failures: list[BaseException]) -> list[str]:
    """Discord's ``name`` call fails with each of ``failures`` in turn, then works; the
    calls that reached Discord are listed."""
    real = getattr(backend.FakeHttp, name)
    done: list[str] = []

    async def call(http, *args, **kwargs):
        if failures:
            raise failures.pop(0)
        # dpytest reads the member from its caller's locals: be that caller faithfully
        self = inspect.currentframe().f_back.f_locals.get("self")  # noqa: F841
        result = await real(http, *args, **kwargs)
        done.append(name)
        return result

    monkeypatch.setattr(backend.FakeHttp, name, call, raising=False)
    return done


async def _ready(discord_bot, measure: str) -> tuple[str, str]:
    await configure(discord_bot, BURRACO, "burraco")
    setup, command, call = MEASURES[measure]
    bob = member(discord_bot, "bob").id
    await say(discord_bot, "bob", "hello")
    for said in setup:
        await say(discord_bot, "ref", said.format(bob=bob))
    return command.format(bob=bob), call


async def _round(discord_bot, seconds: float = 0) -> None:
    discord_bot.test_clock.now += timedelta(seconds=seconds)
    await discord_bot.arbitro.live.wake()
    await dpytest.run_all_events()


def _server_error() -> discord.DiscordServerError:
    return discord.DiscordServerError(backend.FakeRequest(503, "Service Unavailable"), "")


@measures
@pytest.mark.parametrize("refusal", ["gone", "bad_request"])
async def test_a_measure_is_carried_out_when_its_notice_cannot_be_sent(
    discord_bot, monkeypatch, measure, refusal
):
    command, call = await _ready(discord_bot, measure)
    done = _failing(monkeypatch, call, [])
    error = (
        discord.NotFound(backend.FakeRequest(404, "Not Found"), "Unknown Channel")
        if refusal == "gone"
        else discord.HTTPException(backend.FakeRequest(400, "Bad Request"), "closed")
    )

    async def refused(http, channel_id, **_):
        raise error

    monkeypatch.setattr(backend.FakeHttp, "send_message", refused)
    await say(discord_bot, "ref", command)
    assert done == [call]


@measures
@pytest.mark.parametrize(
    ("failure", "pause"),
    [
        (lambda: discord.RateLimited(5.0), 5),  # discord.py gave up waiting: retry after 5 s
        (_server_error, 2),
        (asyncio.TimeoutError, 2),
    ],
    ids=["429", "5xx", "timeout"],
)
async def test_a_measure_discord_cannot_take_now_is_tried_again(
    discord_bot, monkeypatch, measure, failure, pause
):
    command, call = await _ready(discord_bot, measure)
    done = _failing(monkeypatch, call, [failure()])
    said = await say(discord_bot, "ref", command)
    assert said and done == []  # told at once; carried out later
    await _round(discord_bot, pause - 1)
    assert done == []  # not before the pause
    await _round(discord_bot, 1)
    assert done == [call]
    await _round(discord_bot, 3600)
    assert done == [call]


@measures
async def test_a_measure_is_carried_out_after_a_restart(discord_bot, monkeypatch, measure):
    """Kept for a later try when the process stopped: a start tries it again at once."""
    command, call = await _ready(discord_bot, measure)
    done = _failing(monkeypatch, call, [_server_error()])
    await say(discord_bot, "ref", command)
    assert done == []
    await discord_bot.arbitro.app.delivery.release_leases(all_holders=True)  # as a start does
    await _round(discord_bot)
    assert done == [call]


async def test_a_ban_refused_for_good_is_in_the_log_with_its_reason(discord_bot):
    command, _ = await _ready(discord_bot, "ban")
    guild = dpytest.get_config().guilds[BURRACO]
    discord_bot.without_permissions.add((guild.id, "ban_members"))
    await say(discord_bot, "ref", command)
    await dpytest.run_all_events()
    drain()
    shown = " ".join(await say(discord_bot, "ref", "/log"))
    # Discord's 403 while the bot holds Ban Members: the hierarchy shields him
    assert "out of the bot's reach" in shown, shown
    assert "Missing Permissions" not in shown and "missing_right" not in shown
