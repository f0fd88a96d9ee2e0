"""A flooded group never delays another chat, and each chat's answers keep its order, with
Telegram's real per-group send limit (20 messages a minute)."""

from __future__ import annotations

import time
from dataclasses import replace

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.conftest import Clock, settings_for
from tests.platforms.telegram.emulator import Person

GROUP_A = {"id": -2001, "type": "supergroup", "title": "Club A"}
GROUP_B = {"id": -2002, "type": "supergroup", "title": "Club B"}
TOPICS = ["sit", "open", "hand", "result", "ready", "card", "leave", "help"]


async def test_a_flooded_group_does_not_delay_another(emulator, tmp_path):
    app = App(SqliteDatabase(str(tmp_path / "fair.db")))
    await app.start()
    # Telegram's per-group limit (20 a minute), at a scale a test can wait for: 5 in 3 s
    settings = replace(settings_for(emulator), group_max_rate=5, group_time_period=3)
    bot = TelegramBot(app, settings, clock=Clock())
    await bot.start()
    try:
        flooder = Person(emulator, 21, "ugo", "Ugo", chat=GROUP_A)
        other = Person(emulator, 22, "vera", "Vera", chat=GROUP_B)
        flood = [TOPICS[i % len(TOPICS)] for i in range(16)]
        for topic in flood:
            await flooder.say(f"/help {topic}")
        started = time.monotonic()
        await other.say("/help stop")

        def answered_in_b(messages: list[dict]) -> bool:
            return any(m["chat"]["id"] == GROUP_B["id"] for m in messages)

        await emulator.wait_for(answered_in_b, timeout=10)
        waited = time.monotonic() - started
        assert waited < 1.5, f"group B waited {waited:.1f} s behind group A"
        # group A's answers come in the order of its commands
        messages = await emulator.wait_for(
            lambda ms: sum(m["chat"]["id"] == GROUP_A["id"] for m in ms) >= len(flood), timeout=20
        )
        in_a = [m["text"] for m in messages if m["chat"]["id"] == GROUP_A["id"]]
        expected = [f"/{topic} " for topic in flood[: len(in_a)]]
        assert all(text.startswith(want) for text, want in zip(in_a, expected, strict=True)), in_a[
            :5
        ]
    finally:
        await bot.stop()
        await app.stop()
