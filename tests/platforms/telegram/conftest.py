"""An emulated Telegram, a real python-telegram-bot application on it, a clock we move."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app import App
from bot.platforms.telegram import TelegramBot, TelegramSettings
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.emulator import TOKEN, Emulator, Person, free_port


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0) + timedelta(days=400)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def emulator():
    running = Emulator()
    yield running
    await running.close()


def settings_for(emulator: Emulator, **extra) -> TelegramSettings:
    return TelegramSettings(
        token=TOKEN,
        base_url=emulator.api_url,
        poll_interval=0.01,
        group_max_rate=20,  # the emulator's limit (tests/platforms/telegram/emulator.py)
        group_time_period=1,
        admin_cache_seconds=0.0,
        **extra,
    )


@pytest.fixture
async def telegram(emulator, tmp_path):
    clock = Clock()
    app = App(SqliteDatabase(str(tmp_path / "telegram.db")))
    await app.start()
    bot = TelegramBot(app, settings_for(emulator), clock=clock)
    await bot.start()
    bot.clock_control = clock
    yield bot
    await bot.stop()
    await app.stop()


@pytest.fixture
def people(emulator):
    return {
        name: Person(emulator, user_id, name, name.title())
        for user_id, name in [
            (11, "alice"),
            (12, "bob"),
            (13, "carol"),
            (14, "dave"),
            (99, "moderator"),
        ]
    }


__all__ = ["Clock", "free_port", "settings_for"]
