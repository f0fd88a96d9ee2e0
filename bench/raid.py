"""A join raid at Telegram's production limits, through the Bot API emulator (the raid part of
``bench/moderation.py``).

200 newcomers join one group in 60 s (one update each) while its moderator gives commands
and another group asks for ``/help``; Telegram's limits are the production ones (30 messages
a second, 20 a minute in a group). Prints, beside baselines measured in the same run:
- the time from a join reaching Telegram to the newcomer's restriction (p50, p99, the last),
  beside one join in a quiet group;
- the moderator's commands in the raided group: time to their answer;
- the other group's ``/help``: p50 and p99 during the raid, beside the same alone.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.conftest import settings_for
from tests.platforms.telegram.emulator import Emulator, Person

MODERATOR = 99
RAIDED, OTHER, QUIET = -8001, -8002, -8003
JOINS, SECONDS = 200, 60.0


def group(chat_id: int) -> dict:
    return {"id": chat_id, "type": "supergroup", "title": f"g{chat_id}"}


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def said_in(emulator: Emulator, chats: set[int]) -> int:
    return sum(1 for m in await emulator.bot_messages() if m["chat"]["id"] in chats)


async def answered(emulator: Emulator, person: Person, text: str, chats: set[int]) -> float:
    """Seconds from ``text`` reaching Telegram to the bot's next message in ``chats``."""
    before = await said_in(emulator, chats)
    began = time.perf_counter()
    await person.say(text)
    while await said_in(emulator, chats) <= before:
        await asyncio.sleep(0.02)
    return time.perf_counter() - began


async def restricted_after(emulator: Emulator, joined: dict[str, float], count: int) -> list[float]:
    """Seconds from each join to its restrictChatMember, as the emulator saw the calls."""
    seen: dict[str, float] = {}
    while len(seen) < count:
        for call in await emulator.calls("restrictChatMember"):
            user = str(call.get("user_id"))
            if user in joined and user not in seen:
                seen[user] = time.perf_counter()
        await asyncio.sleep(0.05)  # the figure's resolution, light on the machine
    return [seen[user] - joined[user] for user in joined]


async def helps(emulator: Emulator, asker: Person, count: int, every: float) -> list[float]:
    found = []
    for _ in range(count):
        started = time.perf_counter()
        found.append(await answered(emulator, asker, "/help", {OTHER, asker.user_id}))
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - started)))
    return found


async def raid(emulator: Emulator, joined: dict[str, float]) -> None:
    door = Person(emulator, 11, "alice", "Alice", group(RAIDED))
    for n in range(JOINS):
        user = Person(emulator, 20_000 + n, f"raider{n}", f"Raider{n}", group(RAIDED)).user
        joined[str(user["id"])] = time.perf_counter()
        await door.say("", new_chat_members=[user])
        await asyncio.sleep(SECONDS / JOINS)


async def moderator_commands(emulator: Emulator, mod: Person) -> list[float]:
    found = []
    for pause in (10.0, 20.0, 20.0):
        await asyncio.sleep(pause)
        found.append(await answered(emulator, mod, "/rules", {RAIDED, MODERATOR}))
    return found


async def measure(emulator: Emulator) -> None:
    for chat in (RAIDED, OTHER, QUIET):
        await emulator.set_admins(chat, [MODERATOR])
    mod = Person(emulator, MODERATOR, "moderator", "Mod", group(RAIDED))
    for chat in (RAIDED, QUIET):
        setup = replace(mod, chat=group(chat))
        await answered(emulator, setup, "/settings captcha=on raid_joins=10/60s", {chat})
    asker = Person(emulator, 12, "bob", "Bob", group(OTHER))
    alone = await helps(emulator, asker, 15, 4.0)
    one: dict[str, float] = {}
    door = Person(emulator, 13, "carol", "Carol", group(QUIET))
    user = Person(emulator, 19_999, "lone", "Lone", group(QUIET)).user
    one[str(user["id"])] = time.perf_counter()
    await door.say("", new_chat_members=[user])
    [single] = await restricted_after(emulator, one, 1)
    joined: dict[str, float] = {}
    raiding = asyncio.ensure_future(raid(emulator, joined))
    during = asyncio.ensure_future(helps(emulator, asker, 15, 4.0))
    commands = asyncio.ensure_future(moderator_commands(emulator, mod))
    await asyncio.sleep(0.5)
    waits = asyncio.ensure_future(restricted_after(emulator, joined, JOINS))
    await raiding
    delays, busy, answers = await waits, await during, await commands
    print(
        f"join → restriction, {JOINS} joins in {SECONDS:.0f} s:"
        f" p50 {statistics.median(delays):.2f} s,"
        f" p99 {p99(delays):.2f} s, last {max(delays):.2f} s (one join in a quiet group:"
        f" {single:.2f} s; target p99 <= 2 s; before: 94.5 s median, 237 s last for 50 joins)"
    )
    print(
        "the moderator's /rules in the raided group: "
        + ", ".join(f"{a:.2f} s" for a in answers)
        + " (target <= 2 s)"
    )
    print(
        f"another group's /help during the raid: p50 {statistics.median(busy):.2f} s,"
        f" p99 {p99(busy):.2f} s; alone: p50 {statistics.median(alone):.2f} s,"
        f" p99 {p99(alone):.2f} s (p99 ratio {p99(busy) / p99(alone):.2f}; target <= 1.5)"
    )
    greetings = [m for m in await emulator.bot_messages() if m["chat"]["id"] == RAIDED]
    print(f"messages the raided group received: {len(greetings)} (greetings gathered every 5 s)")


async def raid_at_production_limits() -> None:
    emulator = Emulator(group="20/60")  # Telegram's own limits
    with tempfile.TemporaryDirectory() as folder:
        app = App(SqliteDatabase(str(Path(folder) / "raid.db")))
        await app.start()
        production = replace(
            settings_for(emulator),
            group_max_rate=20,
            group_time_period=60,
            overall_max_rate=30,
            poll_interval=0.0,
        )
        bot = TelegramBot(app, production, clock=lambda: datetime.now(UTC))
        await bot.start()
        try:
            await measure(emulator)
        finally:
            await bot.stop()
            await app.stop()
            await emulator.close()
