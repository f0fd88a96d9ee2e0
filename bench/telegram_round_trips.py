"""Sequential command round trips per second through a Telegram Bot API emulator: our bot
beside a bare python-telegram-bot echo bot, in the same run, same emulator, same settings.

    .venv/bin/python bench/telegram_round_trips.py [--count N]

A round trip: a person's message reaches the emulator, the bot polls it, answers, and the
answer reaches the emulator. Both bots poll the same way and use the same rate limiter with
Telegram's flood limits raised (the emulator has none), so the ratio shows what the bot's own
work costs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from telegram.ext import AIORateLimiter, ApplicationBuilder, MessageHandler, filters  # noqa: E402

from bot.app import App  # noqa: E402
from bot.platforms.telegram import TelegramBot, TelegramSettings  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402
from tests.platforms.telegram.emulator import TOKEN, Emulator, Person  # noqa: E402

COMMANDS = ["/help sit", "/card", "/profile", "/standings", "/sit 99", "/help"]
LIMITER = {"overall_max_rate": 100_000, "group_max_rate": 100_000, "max_retries": 3}


async def round_trips(emulator: Emulator, person: Person, count: int) -> float:
    seen = len(await emulator.bot_messages())
    started = time.perf_counter()
    for n in range(count):
        await person.say(COMMANDS[n % len(COMMANDS)])
        seen = (await emulator.post("/compat/wait", {"token": TOKEN, "after": seen}))["result"]
    return count / (time.perf_counter() - started)


async def echo_bot(emulator: Emulator, person: Person, count: int) -> float:
    async def echo(update, context) -> None:
        await update.message.reply_text(update.message.text)

    application = (
        ApplicationBuilder()
        .token(TOKEN)
        .base_url(emulator.api_url)
        .rate_limiter(AIORateLimiter(**LIMITER))
        .build()
    )
    application.add_handler(MessageHandler(filters.ALL, echo))
    await application.initialize()
    await application.start()
    await application.updater.start_polling(poll_interval=0.0)
    try:
        await round_trips(emulator, person, 20)  # warm up
        return await round_trips(emulator, person, count)
    finally:
        await application.updater.stop()
        await application.stop()
        await application.shutdown()


async def our_bot(emulator: Emulator, person: Person, count: int, folder: Path) -> float:
    app = App(SqliteDatabase(str(folder / "bench.db")))
    await app.start()
    bot = TelegramBot(
        app,
        TelegramSettings(
            token=TOKEN,
            base_url=emulator.api_url,
            poll_interval=0.0,
            overall_max_rate=LIMITER["overall_max_rate"],
            group_max_rate=LIMITER["group_max_rate"],
        ),
    )
    await bot.start()
    try:
        await round_trips(emulator, person, 20)
        return await round_trips(emulator, person, count)
    finally:
        await bot.stop()
        await app.stop()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs of each bot")
    args = parser.parse_args()
    results: dict[str, list[float]] = {"echo": [], "ours": []}
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(args.runs):  # interleaved, so that both see the same machine
            for name in ("echo", "ours"):
                emulator = Emulator(group="100000/1", overall="100000/1")  # round trips alone
                person = Person(emulator, 11, "alice", "Alice")
                try:
                    if name == "echo":
                        rate = await echo_bot(emulator, person, args.count)
                    else:
                        rate = await our_bot(
                            emulator, person, args.count, Path(tempfile.mkdtemp(dir=scratch))
                        )
                    results[name].append(rate)
                finally:
                    await emulator.close()
    echo, ours = (statistics.median(results[k]) for k in ("echo", "ours"))
    runs = {k: ", ".join(f"{r:,.0f}" for r in v) for k, v in results.items()}
    print(
        f"bare python-telegram-bot echo bot: {echo:,.0f} round trips/s (median; runs: "
        f"{runs['echo']})"
    )
    print(
        f"Arbitro, commands through the layer: {ours:,.0f} round trips/s (median; runs: "
        f"{runs['ours']})"
    )
    print(f"ratio: {ours / echo:.2f}   (target >= 0.8)")


if __name__ == "__main__":
    asyncio.run(main())
