"""Telegram at its production limits (30 messages a second, 20 a minute in one group),
through the Telegram Bot API emulator: how long an answer waits behind what went before.

    .venv/bin/python bench/telegram_limits.py

Prints, each beside a baseline from the same run (the same command in a group where nothing
went before) and beside the figure the issue measured before the change:
- after 30 members say hello, the time until ``/help`` is answered;
- after a 120-player MCR session starts (seating every table), the time until the
  director's next command is answered.
A script, not a test; the emulator needs node (scripts/setup installs it).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import App  # noqa: E402
from bot.platforms.telegram import TelegramBot  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402
from tests.platforms.telegram.conftest import Clock, settings_for  # noqa: E402
from tests.platforms.telegram.emulator import Emulator, Person  # noqa: E402

DIRECTOR = 99


async def answered(emulator: Emulator, chat: int, before: int, person: Person, text: str) -> float:
    """Seconds from ``text`` reaching Telegram to the bot's next message in ``chat``."""
    began = time.perf_counter()
    await person.say(text)
    while True:
        mine = [m for m in await emulator.bot_messages() if m["chat"]["id"] == chat]
        if len(mine) > before:
            return time.perf_counter() - began
        await asyncio.sleep(0.01)


async def count_in(emulator: Emulator, chat: int) -> int:
    return sum(1 for m in await emulator.bot_messages() if m["chat"]["id"] == chat)


def group(chat_id: int) -> dict:
    return {"id": chat_id, "type": "supergroup", "title": f"g{chat_id}"}


async def chatter_then_help(emulator: Emulator, chat_id: int, members: int) -> float:
    chat = group(chat_id)
    await emulator.set_admins(chat_id, [DIRECTOR])
    for n in range(members):
        await Person(emulator, 5000 + n, f"m{chat_id}_{n}", f"M{n}", chat).say("ciao a tutti")
    asker = Person(emulator, 4000 - chat_id, f"asker{-chat_id}", "Asker", chat)
    return await answered(emulator, chat_id, await count_in(emulator, chat_id), asker, "/help")


async def session_then_score(app: App, emulator: Emulator, chat_id: int, players: int) -> float:
    chat = group(chat_id)
    await emulator.set_admins(chat_id, [DIRECTOR])
    await app.layer.configure("telegram", str(chat_id), {"rulebook": "mcr", "lang": "en"})
    director = Person(emulator, DIRECTOR, "director", "Director", chat)
    names = [f"p{-chat_id}_{n:03d}" for n in range(players)]
    for n, name in enumerate(names):
        await Person(emulator, 10_000 + n, name, name, chat).say("hello")
    await director.say("/tournament Open 2")
    for start in range(0, players, 40):
        await director.say("/register " + " ".join(f"@{n}" for n in names[start : start + 40]))
    if players:
        await director.say("/seating")
        await director.say("/session start")
        await asyncio.sleep(1.0)  # the start is under way; the director goes on at once
    text = "/score 1 40 10 -10 -40" if players else "/help"
    return await answered(emulator, chat_id, await count_in(emulator, chat_id), director, text)


async def main() -> None:
    emulator = Emulator(group="20/60")  # Telegram's own limits
    with tempfile.TemporaryDirectory() as folder:
        app = App(SqliteDatabase(str(Path(folder) / "limits.db")))
        await app.start()
        production = replace(
            settings_for(emulator),
            group_max_rate=20,
            group_time_period=60,
            overall_max_rate=30,
            poll_interval=0.0,
        )
        bot = TelegramBot(app, production, clock=Clock())
        await bot.start()
        try:
            quiet = await chatter_then_help(emulator, -7001, 0)
            chatty = await chatter_then_help(emulator, -7002, 30)
            print(
                f"/help after 30 members chat: {chatty:.2f} s (quiet group: {quiet:.2f} s,"
                f" ratio {chatty / quiet:.1f}; target <= 2 s; before the change: 32.9 s)"
            )
            quiet = await session_then_score(app, emulator, -7003, 0)
            busy = await session_then_score(app, emulator, -7004, 120)
            print(
                f"next command after a 120-player session start: {busy:.2f} s (quiet group:"
                f" {quiet:.2f} s; target <= 2 s; before the change: 41 s)"
            )
        finally:
            await bot.stop()
            await app.stop()
            await emulator.close()


if __name__ == "__main__":
    asyncio.run(main())
