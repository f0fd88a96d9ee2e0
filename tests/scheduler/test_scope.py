"""Timers are claimed by the process that sends their community's messages: its platforms
and, for Discord split across processes, its shards; a process without messengers (tests,
tools) fires them all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.app import App
from bot.scheduler import TimerService
from bot.storage.store import Store
from tests.delivery.recording import RecordingMessenger

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)
SHARD_0, SHARD_1 = str(6 << 22), str(7 << 22)  # Discord servers on shards 0 and 1 of 2


async def _arm(app: App, platform: str, chat: str) -> int:
    community = await app.layer.configure(platform, chat, {"rulebook": "burraco"})
    async with app.database.transaction() as tx:
        await Store(tx).timers.schedule(
            community.id, "unknown_kind", chat, NOW - timedelta(minutes=1)
        )
    return community.id


async def _fired(app: App) -> dict[int, str | None]:
    async with app.database.transaction() as tx:
        rows = await tx.fetchall("SELECT community_id, fired_by FROM timers")
    return {row[0]: row[1] for row in rows}


async def _field(app: App) -> dict[str, int]:
    return {
        "telegram": await _arm(app, "telegram", "-100"),
        "shard 0": await _arm(app, "discord", SHARD_0),
        "shard 1": await _arm(app, "discord", SHARD_1),
    }


async def test_each_shard_process_fires_the_timers_of_its_own_servers(database):
    async with App(database) as app:
        ids = await _field(app)
        app.delivery.register(RecordingMessenger(platform="discord"))
        app.delivery.shard_count, app.delivery.shards = 2, (1,)
        service = TimerService(app.layer, node="shard-1")
        assert await service.pending_count() == 1
        await service.fire_due(NOW)
        fired = await _fired(app)
        assert fired == {ids["telegram"]: None, ids["shard 0"]: None, ids["shard 1"]: "shard-1"}
        assert await service.next_due() is None

        app.delivery.shards = (0,)
        await TimerService(app.layer, node="shard-0").fire_due(NOW)
        assert (await _fired(app))[ids["shard 0"]] == "shard-0"
        assert (await _fired(app))[ids["telegram"]] is None  # a Telegram process's


async def test_a_telegram_process_leaves_discord_timers_alone(database):
    async with App(database) as app:
        ids = await _field(app)
        app.delivery.register(RecordingMessenger(platform="telegram"))
        service = TimerService(app.layer, node="telegram")
        assert await service.next_due() == NOW - timedelta(minutes=1)
        await service.fire_due(NOW)
        assert await _fired(app) == {
            ids["telegram"]: "telegram",
            ids["shard 0"]: None,
            ids["shard 1"]: None,
        }


async def test_a_process_without_messengers_fires_every_timer(database):
    async with App(database) as app:
        await _field(app)
        await TimerService(app.layer, node="tool").fire_due(NOW)
        assert set((await _fired(app)).values()) == {"tool"}
