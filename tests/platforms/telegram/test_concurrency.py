"""A flooded group never delays another chat, and each chat's answers keep its order, with
Telegram's real per-group send limit (20 messages a minute)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from datetime import UTC, datetime

from telegram import Chat, Message, Update, User

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.platforms.telegram.ordering import PerChatOrder
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


async def test_a_flood_longer_than_the_concurrency_limit_does_not_starve_another_chat():
    """Updates waiting for their chat's turn hold no slot: 50 queued updates of one chat,
    over a limit of 8 handled at once, leave room for another chat's update at once."""

    def update_in(chat_id: int, number: int) -> Update:
        chat = Chat(chat_id, "supergroup")
        author = User(number, "Someone", False)
        message = Message(number, datetime.now(UTC), chat, from_user=author, text="/help")
        return Update(number, message=message)

    order = PerChatOrder(max_concurrent_updates=8)
    release_a = asyncio.Event()
    handled: list[str] = []

    async def handle_a() -> None:
        await release_a.wait()
        handled.append("a")

    async def handle_b() -> None:
        handled.append("b")

    flood = [
        asyncio.create_task(order.process_update(update_in(-1, n), handle_a()))
        for n in range(1, 51)
    ]
    await asyncio.sleep(0.05)  # the flood is queued: one update handled, the rest waiting
    other = asyncio.create_task(order.process_update(update_in(-2, 99), handle_b()))
    await asyncio.wait_for(other, timeout=2)
    assert handled == ["b"]
    release_a.set()
    await asyncio.gather(*flood)
    assert handled == ["b"] + ["a"] * 50


async def test_anonymous_administrators_of_two_groups_do_not_wait_on_each_other():
    """Telegram sends every anonymous administrator as one user (GroupAnonymousBot): the
    groups' updates are locked per chat, never on that shared user."""

    def anonymous_in(chat_id: int, number: int) -> Update:
        chat = Chat(chat_id, "supergroup", title=f"Club {chat_id}")
        anonymous = User(1087968824, "Group", True, username="GroupAnonymousBot")
        message = Message(
            number, datetime.now(UTC), chat, from_user=anonymous, sender_chat=chat, text="/stops"
        )
        return Update(number, message=message)

    order = PerChatOrder()
    release_a = asyncio.Event()
    handled: list[str] = []

    async def handle_a() -> None:
        await release_a.wait()
        handled.append("a")

    async def handle_b() -> None:
        handled.append("b")

    first = asyncio.create_task(order.process_update(anonymous_in(-1, 1), handle_a()))
    await asyncio.sleep(0.05)
    other = asyncio.create_task(order.process_update(anonymous_in(-2, 2), handle_b()))
    try:
        await asyncio.wait_for(asyncio.shield(other), timeout=2)
    finally:
        release_a.set()
        await asyncio.gather(first, other)
    assert handled == ["b", "a"]
