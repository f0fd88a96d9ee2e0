"""Measures through the Telegram emulator are decisions, not side effects of their notices:
each (mute, unmute, ban, unban, kick) is carried out when its notice is refused (400
TOPIC_CLOSED), waits out a 429's retry_after, is tried again after a 502 or a dropped
connection, and after a restart; a refusal for good is in /log with its reason in words."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.conftest import Clock, settings_for
from tests.platforms.telegram.test_telegram import GROUP, has, texts

# each measure: what sets it up (and the Bot API method it calls), the command, its method
MEASURES = {
    "mute": ((), "/mute @bob 1h spam", "restrictChatMember"),
    "unmute": (
        ("/mute @bob 1h spam", "restrictChatMember"),
        "/unmute @bob ok",
        "restrictChatMember",
    ),
    "ban": ((), "/ban @bob spam", "banChatMember"),
    "unban": (("/ban @bob spam", "banChatMember"), "/unban @bob ok", "unbanChatMember"),
    "kick": ((), "/kick @bob spam", "banChatMember"),
}
measures = pytest.mark.parametrize("measure", sorted(MEASURES))
BOB = "12"


async def _calls(emulator, method: str) -> list[dict]:
    return [c for c in await emulator.calls(method) if str(c.get("user_id")) == BOB]


async def _called(emulator, method: str, count: int) -> None:
    deadline = time.monotonic() + 15
    while len(await _calls(emulator, method)) < count:
        assert time.monotonic() < deadline, f"{method} not called {count} times"
        await asyncio.sleep(0.01)


async def _ready(emulator, people, measure: str) -> tuple[str, str, int]:
    """The group, bob known to the bot, the measure's setup done: its command, its method
    and how many times that method was called on bob so far."""
    setup, command, method = MEASURES[measure]
    await emulator.set_admins(GROUP, [99])
    await people["bob"].say("ciao a tutti")
    if setup:
        said, called = setup
        await people["moderator"].say(said)
        await _called(emulator, called, 1)
    return command, method, len(await _calls(emulator, method))


async def _waiting(database) -> list[str]:
    """The measures tried and kept for a later try, with why."""
    async with database.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT last_error FROM outbox WHERE delivered_at IS NULL AND dead_at IS NULL"
            ' AND last_error IS NOT NULL AND message LIKE \'%"where": "effect"%\''
        )
    return [row[0] for row in rows]


async def _until_waiting(database) -> list[str]:
    deadline = time.monotonic() + 15
    while not (found := await _waiting(database)):
        assert time.monotonic() < deadline, "the measure was neither carried out nor kept"
        await asyncio.sleep(0.01)
    return found


@measures
async def test_a_measure_is_carried_out_when_its_notice_is_refused(
    telegram, emulator, people, measure
):
    command, method, before = await _ready(emulator, people, measure)
    await emulator.fail_next("sendMessage", 10, status=400)  # the notice's topic is closed
    await people["moderator"].say(command)
    await _called(emulator, method, before + 1)


@measures
@pytest.mark.parametrize(("status", "pause"), [(429, 1), (502, 2), ("drop", 2)])
async def test_a_measure_telegram_cannot_take_now_is_tried_again(
    telegram, emulator, people, measure, status, pause
):
    """429 (retry after 1 s, as Telegram says), 502 and a dropped connection (a timeout):
    tried again after the pause, once."""
    command, method, before = await _ready(emulator, people, measure)
    await emulator.fail_next(method, 1, status=status)
    await people["moderator"].say(command)
    [why] = await _until_waiting(telegram.app.database)
    assert "Unreachable" in why
    await telegram.live.wake()  # too soon
    assert len(await _calls(emulator, method)) == before
    telegram.clock_control.now += timedelta(seconds=pause)
    await telegram.live.wake()
    await _called(emulator, method, before + 1)
    await telegram.live.wake()
    assert len(await _calls(emulator, method)) == before + 1
    assert await _waiting(telegram.app.database) == []


@measures
async def test_a_measure_is_carried_out_after_a_restart(emulator, people, tmp_path, measure):
    """Recorded with its ruling, not carried out before the process stopped (Telegram was
    down): the next start carries it out."""
    clock = Clock()
    database = str(tmp_path / "restart.db")
    app = App(SqliteDatabase(database))
    await app.start()
    bot = TelegramBot(app, settings_for(emulator), clock=clock)
    await bot.start()
    command, method, before = await _ready(emulator, people, measure)
    await emulator.fail_next(method, 1, status=502)
    await people["moderator"].say(command)
    await _until_waiting(app.database)
    await bot.stop()
    await app.stop()
    assert len(await _calls(emulator, method)) == before
    app = App(SqliteDatabase(database))
    await app.start()
    bot = TelegramBot(app, settings_for(emulator), clock=clock)
    await bot.start()
    try:
        await _called(emulator, method, before + 1)
    finally:
        await bot.stop()
        await app.stop()


async def test_a_ban_refused_for_good_is_in_the_log_with_its_reason(telegram, emulator, people):
    command, _, _ = await _ready(emulator, people, "ban")
    await people["moderator"].private().say("/start")  # /log is answered privately
    await emulator.set_rights(GROUP, ["can_restrict_members"])
    await people["moderator"].say(command)
    await emulator.wait_for(has("Il permesso che mi manca: bandire i membri."))
    await people["moderator"].say("/log")
    told = texts(await emulator.wait_for(has("al bot manca il permesso di bandire i membri")))
    assert not any("not enough rights" in t or "missing_right" in t for t in told)
