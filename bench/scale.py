"""How far the bot scales on PostgreSQL: several bot processes, many communities, and one
chat's flood against the others' latency. Every figure beside a baseline from the same run.

    .venv/bin/python bench/scale.py [--url postgresql://postgres@127.0.0.1:5432/test]
                                    [--commands 4000] [--communities 1000]

Prints, for 1, 2 and 4 bot processes (each its own command layer and connection pool, as
separate deployments behind one database would be) sharing a fresh schema with 1,000
communities: commands/s through the command layer for a club evening's mix, beside raw asyncpg
insert-and-commit/s from one connection in the same run; then, while one community floods
1,000 commands, the p50/p99 latency of another community's commands, in the command layer and
through the Telegram Bot API emulator with Telegram's production send limits (answers in 25
other groups). A script, not a test; the emulator needs node (scripts/setup installs it).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.run import command_mix  # noqa: E402
from bot.app import App  # noqa: E402
from bot.handlers import Author, Incoming  # noqa: E402
from bot.storage.database import PostgresDatabase  # noqa: E402

T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)
URL = "postgresql://postgres@127.0.0.1:5432/test"


def incoming(chat: str, speaker: str, text: str, moderator: bool, at: datetime) -> Incoming:
    return Incoming(
        "console", chat, Author(speaker, speaker, None, moderator), text, at, names_are_keys=True
    )


async def _prepare(url: str, schema: str, communities: int) -> None:
    app = App(PostgresDatabase(url, schema))
    await app.start()
    for n in range(communities):
        await app.layer.configure(
            "console", f"club{n}", {"rulebook": "burraco", "ready_clock": "off", "admins": ["mod"]}
        )
    await app.stop()


async def _serve(url: str, schema: str, chats: list[str], total: int, seed: int) -> int:
    """One bot process: its share of the evening, over its own communities, commands of
    several chats in flight at once (as a platform delivers them)."""
    app = App(PostgresDatabase(url, schema))
    await app.start()
    rng = random.Random(seed)
    per_chat = max(1, total // len(chats))

    async def chat_evening(chat: str) -> None:
        at = T0
        for speaker, text, moderator in command_mix(per_chat, rng.randrange(10**6)):
            at += timedelta(seconds=2)
            await app.layer.handle(incoming(chat, speaker, text, moderator, at))

    concurrency = 16
    for start in range(0, len(chats), concurrency):
        await asyncio.gather(*(chat_evening(c) for c in chats[start : start + concurrency]))
    await app.stop()
    return per_chat * len(chats)


def _process(url: str, schema: str, chats: list[str], total: int, seed: int, ready, go, out):
    ready.set()
    go.wait()
    out.put(asyncio.run(_serve(url, schema, chats, total, seed)))


def processes_rate(url: str, processes: int, communities: int, total: int) -> float:
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    asyncio.run(_prepare(url, schema, communities))
    context = multiprocessing.get_context("spawn")
    chats = [f"club{n}" for n in range(communities)]
    go, out = context.Event(), context.Queue()
    workers, readies = [], []
    for index in range(processes):
        ready = context.Event()
        mine = chats[index::processes][: max(1, total // 10 // processes)]  # ~10 lines a chat
        worker = context.Process(
            target=_process, args=(url, schema, mine, total // processes, index, ready, go, out)
        )
        worker.start()
        workers.append(worker)
        readies.append(ready)
    for ready in readies:
        ready.wait()
    time.sleep(1.0)  # every process has imported and connected its pool
    started = time.perf_counter()
    go.set()
    done = sum(out.get() for _ in workers)
    elapsed = time.perf_counter() - started
    for worker in workers:
        worker.join()
    asyncio.run(_drop(url, schema))
    return done / elapsed


async def raw_rate(url: str, total: int) -> float:
    import asyncpg

    connection = await asyncpg.connect(url)
    table = f"raw_{uuid.uuid4().hex[:8]}"
    await connection.execute(f"CREATE TABLE {table} (id BIGSERIAL PRIMARY KEY, at TEXT, body TEXT)")
    started = time.perf_counter()
    for n in range(total):
        async with connection.transaction():
            await connection.execute(
                f"INSERT INTO {table} (at, body) VALUES ($1, $2)", str(n), "x" * 200
            )
    elapsed = time.perf_counter() - started
    await connection.execute(f"DROP TABLE {table}")
    await connection.close()
    return total / elapsed


async def raw_parallel_rate(url: str, total: int, connections: int) -> float:
    """The database's own ceiling: insert-and-commit from several connections at once."""
    import asyncpg

    table = f"raw_{uuid.uuid4().hex[:8]}"
    setup = await asyncpg.connect(url)
    await setup.execute(f"CREATE TABLE {table} (id BIGSERIAL PRIMARY KEY, at TEXT, body TEXT)")
    pool = [await asyncpg.connect(url) for _ in range(connections)]

    async def insert(connection, count: int) -> None:
        for n in range(count):
            async with connection.transaction():
                await connection.execute(
                    f"INSERT INTO {table} (at, body) VALUES ($1, $2)", str(n), "x" * 200
                )

    started = time.perf_counter()
    await asyncio.gather(*(insert(c, total // connections) for c in pool))
    elapsed = time.perf_counter() - started
    for connection in pool:
        await connection.close()
    await setup.execute(f"DROP TABLE {table}")
    await setup.close()
    return total / elapsed


async def fairness(url: str, flood: int = 1000) -> tuple[float, float, float]:
    """One community floods ``flood`` commands; another's commands meanwhile: their p50 and
    p99 latency, and the flood's own duration."""
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    await _prepare(url, schema, 2)
    app = App(PostgresDatabase(url, schema))
    await app.start()
    latencies: list[float] = []
    flooding = True

    async def flooder() -> float:
        nonlocal flooding
        began = time.perf_counter()
        at = T0
        # one chat's commands are handled in order, one at a time, as the platforms' adapters
        # deliver them (bot/platforms/telegram/ordering.py): a flood is a queue in that chat
        for speaker, text, moderator in command_mix(flood, 3):
            at += timedelta(seconds=1)
            await app.layer.handle(incoming("club0", speaker, text, moderator, at))
        flooding = False
        return time.perf_counter() - began

    async def observer() -> None:
        at = T0
        lines = command_mix(400, 5)
        for speaker, text, moderator in lines:
            if not flooding:
                return
            at += timedelta(seconds=3)
            began = time.perf_counter()
            await app.layer.handle(incoming("club1", speaker, text, moderator, at))
            latencies.append(time.perf_counter() - began)
            await asyncio.sleep(0.01)

    took, _ = await asyncio.gather(flooder(), observer())
    await app.stop()
    await _drop(url, schema)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return statistics.median(latencies) * 1000, p99 * 1000, took


async def telegram_fairness(url: str, flood: int = 1000, observers: int = 25) -> tuple:
    """Through the Telegram Bot API emulator, with Telegram's production send limits (30
    messages a second, 20 a minute in one group): one group floods ``flood`` commands; in
    ``observers`` other groups a member meanwhile asks every 8 s (within the group's own
    limit). Returns the p50 and p99 time from the question reaching Telegram to the answer
    reaching it, in ms, and how many were measured."""
    from bot.platforms.telegram import TelegramBot, TelegramSettings
    from tests.platforms.telegram.emulator import TOKEN, Emulator, Person

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    emulator = Emulator()
    app = App(PostgresDatabase(url, schema))
    await app.start()
    bot = TelegramBot(app, TelegramSettings(token=TOKEN, base_url=emulator.api_url))
    await bot.start()
    first_seen: dict[int, list[float]] = {}  # chat → when each of its answers was first seen
    watching = True

    async def watch() -> None:
        seen = 0
        while watching:
            messages = await emulator.bot_messages()
            now = time.perf_counter()
            for message in messages[seen:]:
                first_seen.setdefault(message["chat"]["id"], []).append(now)
            seen = len(messages)
            await asyncio.sleep(0.02)

    async def answered(chat: int, count: int) -> float:
        while len(first_seen.get(chat, ())) < count:
            await asyncio.sleep(0.005)
        return first_seen[chat][count - 1]

    flooder = Person(emulator, 1, "flood", "Flood", {"id": -3000, "type": "supergroup"})
    topics = ["sit", "open", "hand", "result", "ready", "card", "stop", "help"]
    latencies: list[float] = []

    async def flooding() -> None:
        for n in range(flood):
            await flooder.say(f"/help {topics[n % len(topics)]}")

    async def observing(index: int) -> None:
        chat = {"id": -4000 - index, "type": "supergroup"}
        member = Person(emulator, 100 + index, f"m{index}", "Member", chat)
        await asyncio.sleep(index * 8 / observers)  # spread over the 8 s
        for asked in range(1, 5):
            began = time.perf_counter()
            await member.say("/help standings")
            latencies.append(await asyncio.wait_for(answered(chat["id"], asked), 30) - began)
            await asyncio.sleep(max(0.0, 8 - (time.perf_counter() - began)))

    watcher = asyncio.create_task(watch())
    try:
        flood_task = asyncio.create_task(flooding())
        await asyncio.sleep(1.0)  # the flood is under way
        await asyncio.gather(*(observing(i) for i in range(observers)))
        await flood_task
    finally:
        watching = False
        await watcher
        for task in asyncio.all_tasks():  # the flood's answers still waiting on the group limit
            if "process_concurrent_update" in task.get_name():
                task.cancel()
        await bot.stop()
        await app.stop()
        await emulator.close()
        await _drop(url, schema)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return statistics.median(latencies) * 1000, p99 * 1000, len(latencies)


async def _drop(url: str, schema: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(url)
    await connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    await connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=URL)
    parser.add_argument("--commands", type=int, default=4000)
    parser.add_argument("--communities", type=int, default=1000)
    options = parser.parse_args()
    raw = asyncio.run(raw_rate(options.url, 2000))
    print(f"raw asyncpg insert+commit, one connection: {raw:,.0f}/s")
    ceiling = asyncio.run(raw_parallel_rate(options.url, 4000, 8))
    print(f"raw asyncpg insert+commit, 8 connections at once: {ceiling:,.0f}/s")
    print(f"CPUs on this machine: {os.cpu_count()} (the bot processes and the server share them)")
    for processes in (1, 2, 4):
        rate = processes_rate(options.url, processes, options.communities, options.commands)
        print(
            f"{processes} process(es), {options.communities} communities: {rate:,.0f} commands/s"
            f"  ({rate / raw:.2f} × raw)"
        )
    p50, p99, took = asyncio.run(fairness(options.url))
    print(
        f"one community floods 1,000 commands ({took:.1f} s): another community's commands"
        f" p50 {p50:.1f} ms, p99 {p99:.1f} ms (goal ≤ 50 ms)"
    )
    p50, p99, measured = asyncio.run(telegram_fairness(options.url))
    print(
        "through the Telegram emulator, production send limits: one group floods 1,000"
        f" commands; {measured} answers in 25 other groups: p50 {p50:.0f} ms, p99 {p99:.0f} ms"
        " (goal ≤ 1 s)"
    )


if __name__ == "__main__":
    main()
