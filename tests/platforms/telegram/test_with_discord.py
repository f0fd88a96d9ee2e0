"""Telegram and Discord in one process, on one database."""

from __future__ import annotations

import asyncio

import pytest

from bot.config import Settings
from bot.platforms import run


async def test_both_platforms_run_in_one_process_on_one_database(tmp_path, monkeypatch, emulator):
    """Telegram against the emulator, Discord with its gateway held still: one database,
    one live clock, each community on its own platform."""
    import discord

    from tests.platforms.telegram.emulator import TOKEN, Person

    connected = asyncio.Event()

    async def login(self, token: str) -> None:
        self._connection.application_id = 1
        await self.setup_hook()

    async def connect(self, *, reconnect: bool = True) -> None:
        connected.set()
        await asyncio.Event().wait()

    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setattr(discord.Client, "connect", connect)
    monkeypatch.setattr(discord.AutoShardedClient, "connect", connect)
    monkeypatch.setattr(
        "bot.platforms.discord.bot.sync_if_changed", lambda *a, **k: asyncio.sleep(0)
    )
    settings = Settings(
        f"sqlite:///{tmp_path}/both.db",
        TOKEN,
        "x" * 60,
        "WARNING",
        telegram_api_url=emulator.api_url,
    )
    made: list[run.App] = []
    from_url = run.App.from_url

    def keep(url: str, **kwargs) -> run.App:
        made.append(from_url(url, **kwargs))
        return made[-1]

    monkeypatch.setattr(run.App, "from_url", keep)
    running = asyncio.create_task(run.serve(settings))
    await asyncio.wait_for(connected.wait(), 30)  # both platforms started, on a busy machine too
    alice = Person(emulator, 11, "alice", "Alice")
    await alice.say("/help sit")
    messages = await emulator.wait_for(
        lambda ms: any("/sit <tavolo>" in (m.get("text") or "") for m in ms)
    )
    assert messages
    [app] = made  # one database, both platforms served by it
    assert set(app.delivery.platforms) == {"telegram", "discord"}
    assert set(app.health) == {"telegram", "discord"}
    running.cancel()
    with pytest.raises(asyncio.CancelledError):
        await running
