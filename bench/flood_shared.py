"""What the flood check costs when the processes on one PostgreSQL database share it.

    .venv/bin/python bench/flood_shared.py [--messages N] [--url postgresql://…]

Prints, each beside a baseline measured in the same run (a fresh schema, dropped after):
- a plain message through the command layer with ``flood=5/10`` (one statement more in its
  transaction), beside the same with the flood check off;
- the flood statement alone, inside a transaction, beside SELECT 1;
- two processes (two command layers, two pools) taking one chat's messages in turn.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.app import App  # noqa: E402
from bot.handlers import Author, Incoming  # noqa: E402
from bot.storage.database import PostgresDatabase  # noqa: E402
from bot.storage.store import unit_of_work  # noqa: E402

T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)
URL = "postgresql://postgres@127.0.0.1:5432/test"


def said(chat: str, name: str, at: datetime) -> Incoming:
    return Incoming("console", chat, Author(name, name, None, False), "hello", at)


async def per_message(apps: list[App], chat: str, count: int) -> float:
    """Milliseconds a plain message takes, the apps taking turns (slower than any limit)."""
    started = time.perf_counter()
    for n in range(count):
        at = T0 + timedelta(seconds=n * 3)
        await apps[n % len(apps)].layer.handle(said(chat, f"m{n % 200}", at))
    return (time.perf_counter() - started) / count * 1000


async def statement(database: PostgresDatabase, count: int, flood: bool) -> float:
    """Milliseconds a statement takes inside a transaction (its commit not counted): the
    flood statement, or SELECT 1."""
    async with unit_of_work(database) as store:
        started = time.perf_counter()
        for n in range(count):
            if flood:
                await store.floods.count(1, f"m{n % 200}", 1000.0 + n * 3, 10)
            else:
                await store.reachable()
        return (time.perf_counter() - started) / count * 1000


async def main(messages: int, url: str) -> None:
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    first = PostgresDatabase(url, schema=schema)
    second = PostgresDatabase(url, schema=schema)
    try:
        async with App(first) as one, App(second) as two:
            await one.layer.configure("console", "off", {})
            await one.layer.configure("console", "on", {"flood": "5/10"})
            await one.layer.configure("console", "both", {"flood": "5/10"})
            await per_message([one], "off", 100)  # warm up
            rounds = [
                (
                    await per_message([one], "off", messages),
                    await per_message([one], "on", messages),
                )
                for _ in range(3)
            ]
            off = statistics.median(r[0] for r in rounds)
            on = statistics.median(r[1] for r in rounds)
            print(f"a message, flood check off: {off:.3f} ms; with flood=5/10 shared: {on:.3f} ms")
            print(f"  the shared check adds {on - off:+.3f} ms a message")
            empty = await statement(first, messages, flood=False)
            alone = await statement(first, messages, flood=True)
            print(f"a statement: SELECT 1 {empty:.3f} ms; the flood statement {alone:.3f} ms")
            both = await per_message([one, two], "both", messages)
            print(f"two processes taking one chat's messages in turn: {both:.3f} ms a message")
    finally:
        await second.close()
        await first.close()
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await connection.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--url", default=URL)
    options = parser.parse_args()
    asyncio.run(main(options.messages, options.url))
