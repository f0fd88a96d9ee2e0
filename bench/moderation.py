"""What the flood and join checks cost, and what a flooding chat costs the others.

    .venv/bin/python bench/moderation.py [--messages N]

Prints, each beside a baseline measured in the same run:
- the flood check alone, per message, on a busy group (10,000 members writing), against
  the target of 0.1 ms a message on the event loop;
- a plain message through the command layer with the flood check on, beside the same with
  it off (the difference is what the check adds);
- a new member's join (greeting and check, one transaction), beside a plain message;
- another chat's command latency (median and p99) while one member floods a chat with 100
  messages in 10 s and 50 accounts join it, beside the same chat's latency alone;
- a raid of 200 joins in 60 s at Telegram's production limits, through the Bot API emulator
  (``bench/raid.py``; ``--no-raid`` leaves it out, as it takes two minutes and needs node).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.raid import raid_at_production_limits  # noqa: E402
from bot.app import App  # noqa: E402
from bot.discipline.flood import FloodRule, FloodWatch  # noqa: E402
from bot.handlers import Author, Incoming  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402

T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)


def flood_check_alone(messages: int) -> float:
    """Microseconds a message: 10,000 members of one chat, in a random order."""
    watch, rule = FloodWatch(), FloodRule(5, 10)
    rng = random.Random(1)
    members = [str(n) for n in range(10_000)]
    started = time.perf_counter()
    for n in range(messages):
        watch.over(1, members[rng.randrange(len(members))], n * 0.001, rule)
    return (time.perf_counter() - started) / messages * 1e6


def said(chat: str, name: str, text: str, at: datetime) -> Incoming:
    return Incoming("console", chat, Author(name, name, None, name == "mod"), text, at)


async def per_message(app: App, chat: str, count: int) -> float:
    """Milliseconds a plain message takes through the command layer, one after another."""
    started = time.perf_counter()
    for n in range(count):
        at = T0 + timedelta(seconds=n * 3)  # slower than any flood limit: nobody is muted
        await app.layer.handle(said(chat, f"m{n % 200}", "hello", at))
    return (time.perf_counter() - started) / count * 1000


async def per_join(app: App, chat: str, count: int) -> float:
    started = time.perf_counter()
    for n in range(count):
        incoming = Incoming("console", chat, Author(f"j{n}", f"j{n}"), "", T0)
        await app.layer.joined(incoming, check=True)
    return (time.perf_counter() - started) / count * 1000


async def latencies(app: App, chat: str, commands: int, flooded: str | None) -> list[float]:
    """Another chat's commands, one every 100 ms, while ``flooded`` (if any) takes a burst."""

    async def other_chat() -> list[float]:
        found = []
        for n in range(commands):
            started = time.perf_counter()
            await app.layer.handle(said(chat, "ann", "/help sit", T0 + timedelta(seconds=n)))
            found.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.1)
        return found

    async def flood() -> None:
        assert flooded is not None
        pending: list[asyncio.Future] = []
        for n in range(100):  # 100 messages in 10 s from one member
            at = T0 + timedelta(milliseconds=100 * n)
            pending.append(
                asyncio.ensure_future(app.layer.handle(said(flooded, "spammer", "buy now", at)))
            )
            if n < 50:  # and a wave of 50 joins
                joiner = Incoming("console", flooded, Author(f"w{n}", f"w{n}"), "", at)
                pending.append(asyncio.ensure_future(app.layer.joined(joiner, check=True)))
            await asyncio.sleep(0.1)
        await asyncio.gather(*pending)

    if flooded is None:
        return await other_chat()
    found, _ = await asyncio.gather(other_chat(), flood())
    return found


def p99(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.99) - 1)]


async def main(messages: int, raid: bool) -> None:
    alone = flood_check_alone(messages)
    print(f"flood check alone: {alone:.2f} µs a message (target 100 µs), {messages:,} messages")
    with tempfile.TemporaryDirectory() as folder:
        app = App(SqliteDatabase(str(Path(folder) / "bench.db")))
        await app.start()
        try:
            await app.layer.configure("console", "off", {"admins": ["mod"]})
            await app.layer.configure(
                "console", "on", {"admins": ["mod"], "flood": "5/10", "captcha": "on"}
            )
            await app.layer.configure("console", "busy", {"flood": "5/10", "captcha": "on"})
            await app.layer.configure("console", "calm", {})
            off = await per_message(app, "off", 500)
            on = await per_message(app, "on", 500)
            print(
                f"plain message through the layer: {on:.3f} ms with the flood check, "
                f"{off:.3f} ms without (the check adds {on - off:+.3f} ms)"
            )
            joined = await per_join(app, "on", 200)
            print(f"a join (greeting and check): {joined:.3f} ms, a plain message {on:.3f} ms")
            quiet = await latencies(app, "calm", 100, None)
            busy = await latencies(app, "calm", 100, "busy")
            print(
                "another chat's /help while one chat floods (100 messages in 10 s, 50 joins): "
                f"median {statistics.median(busy):.2f} ms, p99 {p99(busy):.2f} ms; "
                f"alone: median {statistics.median(quiet):.2f} ms, p99 {p99(quiet):.2f} ms "
                f"(p99 ratio {p99(busy) / p99(quiet):.2f})"
            )
        finally:
            await app.stop()
    if raid:
        await raid_at_production_limits()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--no-raid", action="store_true")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.messages, not arguments.no_raid))
