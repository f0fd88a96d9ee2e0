"""Performance figures for the bot core, each beside a baseline measured in the same run.

    .venv/bin/python bench/run.py [--quick] [--dir DIR]

Prints: commands/s through the command layer on a SQLite file (a realistic mix of at least
20,000 commands) beside raw aiosqlite insert-and-commit/s on the same disk, and their ratio;
the time and memory to restart fully armed with 100,000 active stops and 10,000 cards on
screen; the cost of one minute's card tick for 10,000 cards; /standings latency for a
community with 1,000,000 recorded matches. A script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import App  # noqa: E402
from bot.delivery import Limits, Sent  # noqa: E402
from bot.discipline.record import Card, DisciplineRecord, Stop  # noqa: E402
from bot.handlers import Author, Incoming  # noqa: E402
from bot.storage.codec import dumps, utc_text  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402

T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)


# ---- 1. commands per second -------------------------------------------------------------------


def command_mix(total: int, seed: int = 7) -> list[tuple[str, str, bool]]:
    """A club evening: tables opened, filled, hands and results recorded, standings and
    profiles read, the odd abandonment, card and refusal. (speaker, text, is_moderator)"""
    rng = random.Random(seed)
    players = [f"p{n}" for n in range(400)]
    lines: list[tuple[str, str, bool]] = []
    table = 0
    while len(lines) < total:
        table += 1
        a, b = rng.sample(players, 2)
        lines += [
            (a, "/open fibur 1v1 2", False),
            (a, f"/sit {table}", False),
            (b, f"/sit {table}", False),
        ]
        roll = rng.random()
        if roll < 0.08:
            lines.append((a, f"/abandon {table}", False))
            lines.append((a, "/leave", False))
        elif roll < 0.5:
            lines += [
                ("mod", f"/hand {table} {rng.randint(0, 900)} {rng.randint(0, 900)}", True),
                ("mod", f"/hand {table} {rng.randint(0, 900)} {rng.randint(0, 900)}", True),
            ]
        else:
            lines += [(a, f"/result {table} vp 13 7", False), (b, f"/confirm {table}", False)]
        lines += [
            (
                rng.choice(players),
                rng.choice(["/standings", "/standings official", "/profile", "/card", "/help"]),
                False,
            ),
            (rng.choice(players), rng.choice(["/sit 999999", "/hand x", "gg"]), False),
        ]
    return lines[:total]


class Sink:
    """A platform that takes every message at once: each command's answers go the whole way
    (recorded in the outbox with the command, sent, their outcome recorded)."""

    platform = "console"
    limits = Limits(text=4096, caption=1024)
    longest_mute = None
    pages = True

    def __init__(self) -> None:
        self.sent = 0

    def inert(self, text: str) -> str:
        return text

    async def send(self, envelope: Any) -> Sent:
        self.sent += 1
        return Sent(envelope.target.chat, self.sent)

    async def edit(self, where: Sent, text: str, buttons: Any) -> None:
        return None

    async def mute(self, chat: str, member: str, until: datetime, reason: str | None) -> None:
        return None

    async def unmute(self, chat: str, member: str, reason: str | None) -> None:
        return None

    async def finish(self, origin: Any) -> None:
        return None


async def commands_per_second(
    folder: Path, total: int, *, sent: bool = False
) -> tuple[float, int, list[float]]:
    """The rate, and each command's own duration: SQLite runs on the event loop's thread, so
    the loop waits for one command at a time and the longest is what other chats wait. Each
    command's answers are written to the outbox in its transaction; with ``sent``, they also
    go to a platform that takes them at once, and their outcome is recorded, as live."""
    app = App(SqliteDatabase(str(folder / f"commands-{sent}.db")))
    await app.start()
    if sent:
        app.delivery.register(Sink())
    await app.layer.configure(
        "console", "club", {"rulebook": "burraco", "ready_clock": "off", "admins": ["mod"]}
    )
    lines = command_mix(total)
    gc.freeze()  # as `python -m bot` does once started
    at = T0
    durations = []
    started = time.perf_counter()
    for speaker, text, moderator in lines:
        at += timedelta(seconds=2)
        began = time.perf_counter()
        await app.layer.handle(
            Incoming(
                "console",
                "club",
                Author(speaker, speaker, None, moderator),
                text,
                at,
                names_are_keys=True,
            )
        )
        durations.append(time.perf_counter() - began)
    elapsed = time.perf_counter() - started
    await app.stop()
    return len(lines) / elapsed, len(lines), durations


async def raw_inserts_per_second(folder: Path, total: int) -> float:
    async with aiosqlite.connect(str(folder / "raw.db"), isolation_level=None) as db:
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, at TEXT, body TEXT)")
        started = time.perf_counter()
        for n in range(total):
            await db.execute("BEGIN IMMEDIATE")
            await db.execute("INSERT INTO t (at, body) VALUES (?, ?)", (str(n), "x" * 200))
            await db.execute("COMMIT")
        return total / (time.perf_counter() - started)


# ---- 2. restart -------------------------------------------------------------------------------


async def populate_restart(path: Path, stops: int, cards: int) -> None:
    app = App(SqliteDatabase(str(path)))
    await app.start()
    community = await app.layer.configure("console", "big", {"rulebook": "burraco"})
    now = T0
    rows, timers = [], []
    for n in range(stops + cards):
        record = DisciplineRecord(f"m{n}")
        if n < stops:
            end = now + timedelta(hours=1 + n % 23, minutes=n % 60)
            record.stops.append(Stop(1, "manual", now, end, note="bench"))
            timers += [
                (
                    community.id,
                    "stop_reminder",
                    record.player,
                    utc_text(end - timedelta(hours=1)),
                    "{}",
                ),
                (community.id, "stop_end", record.player, utc_text(end), "{}"),
            ]
        else:
            record.card = Card(1, 1, n % 600, now)
            timers.append(
                (community.id, "card_served", record.player, utc_text(record.card.due_at()), "{}")
            )
        until = record.stop_until(now)
        rows.append(
            (
                community.id,
                record.player,
                dumps(record),
                until and utc_text(until),
                int(record.card is not None),
                record.card and utc_text(record.card.on_screen_since),
                record.card.served_seconds if record.card else 0,
            )
        )
    async with app.database.transaction() as tx:
        await tx.executemany(
            "INSERT INTO discipline (community_id, member, body, stop_until, card_pending,"
            " card_on_screen_since, card_served) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        await tx.executemany(
            "INSERT INTO timers (community_id, kind, subject, due_at, payload)"
            " VALUES (?, ?, ?, ?, ?)",
            timers,
        )
        await tx.executemany(  # the message showing each card, edited each minute
            "INSERT INTO platform_messages (community_id, member, purpose, chat, message_id)"
            " VALUES (?, ?, 'card', 'big', ?)",
            [(community.id, row[1], n) for n, row in enumerate(rows) if row[4]],
        )
    await app.stop()


RESTART_PROBE = """
import asyncio, json, resource, sys, time
from datetime import datetime, UTC
started = time.perf_counter()
from bot.app import App
from bot.scheduler.live import LiveScheduler
from bot.storage.database import SqliteDatabase

async def main():
    app = App(SqliteDatabase(sys.argv[1]))
    await app.start()
    live = LiveScheduler(app.timers, app.delivery,
                         clock=lambda: datetime(2026, 3, 2, 17, tzinfo=UTC))
    await live.start()
    armed = live.scheduler.get_job("timers") is not None
    pending = await app.timers.pending_count()
    elapsed = time.perf_counter() - started
    await live.stop()
    await app.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": elapsed, "rss_mb": rss, "armed": armed, "pending": pending}))

asyncio.run(main())
"""


def restart(path: Path) -> dict:
    run = subprocess.run(
        [sys.executable, "-c", RESTART_PROBE, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return json.loads(run.stdout)


# ---- 3. card tick -----------------------------------------------------------------------------


class EditCounter:
    """A platform that only counts the edits it is asked for."""

    platform = "console"
    limits = Limits(text=4096, caption=1024)

    def __init__(self) -> None:
        self.edits = 0

    def inert(self, text: str) -> str:
        return text

    async def edit(self, where, text, buttons) -> None:
        self.edits += 1


async def card_tick_cost(path: Path) -> tuple[float, int]:
    """One minute's tick through the delivery layer: every card's text, every edit."""
    app = App(SqliteDatabase(str(path)))
    await app.start()
    counter = EditCounter()
    app.delivery.register(counter)  # type: ignore[arg-type]
    samples = []
    for minute in range(5):
        counter.edits = 0
        started = time.perf_counter()
        await app.delivery.tick(T0 + timedelta(minutes=minute))
        samples.append(time.perf_counter() - started)
    await app.stop()
    return statistics.median(samples), counter.edits


# ---- 4. standings with a million matches ------------------------------------------------------


async def standings_latency(folder: Path, matches: int, players: int) -> tuple[float, float]:
    app = App(SqliteDatabase(str(folder / "standings.db")))
    await app.start()
    community = await app.layer.configure("console", "league", {"rulebook": "burraco"})
    rng = random.Random(3)
    tallies: dict[str, list[int]] = {}
    batch = []
    async with app.database.transaction() as tx:
        for number in range(1, matches + 1):
            a, b = f"q{rng.randrange(players)}", f"q{rng.randrange(players)}"
            vp = rng.randint(0, 20)
            for player, value in ((a, vp), (b, 20 - vp)):
                row = tallies.setdefault(player, [0, 0, 0])
                row[0] += value * 4  # quarters of 4-hand points
                row[1] += 1
                row[2] += value
            batch.append((community.id, number, "finished", '{"bench": true}'))
            if len(batch) == 50_000:
                await tx.executemany(
                    "INSERT INTO matches (community_id, number, status, body) VALUES (?, ?, ?, ?)",
                    batch,
                )
                batch.clear()
        if batch:
            await tx.executemany(
                "INSERT INTO matches (community_id, number, status, body) VALUES (?, ?, ?, ?)",
                batch,
            )
        await tx.executemany(
            "INSERT INTO standings (community_id, tally, member, points_q, matches, vp_total,"
            " last_result_at) VALUES (?, 'profile', ?, ?, ?, ?, ?)",
            [(community.id, p, q, m, v, utc_text(T0)) for p, (q, m, v) in tallies.items()],
        )
    samples = []
    for n in range(60):
        started = time.perf_counter()
        await app.layer.handle(
            Incoming(
                "console",
                "league",
                Author("q1", "q1"),
                "/standings",
                T0 + timedelta(seconds=n),
                names_are_keys=True,
            )
        )
        samples.append(time.perf_counter() - started)
    await app.stop()
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    parser.add_argument("--dir", type=Path, default=None, help="where the database files go")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    with tempfile.TemporaryDirectory(dir=args.dir) as scratch:
        folder = Path(scratch)
        rate, count, durations = await commands_per_second(folder, 20_000 // scale)
        raw = await raw_inserts_per_second(folder, 20_000 // scale)
        whole, _, _ = await commands_per_second(folder, 20_000 // scale, sent=True)
        print(f"commands through the command layer: {rate:,.0f}/s ({count:,} commands,")
        print("                                    each with its answers written to the outbox)")
        print(f"raw aiosqlite insert+commit:         {raw:,.0f}/s")
        print(f"ratio:                               {rate / raw:.2f}   (target >= 0.4)")
        print(
            f"the same, answers also sent and settled: {whole:,.0f}/s, {whole / raw:.2f} × raw"
            " (a platform that takes every message at once)"
        )
        durations = sorted(d * 1000 for d in durations)
        print(
            f"one command holds the event loop:    median {statistics.median(durations):.2f} "
            f"ms, p99 {durations[int(len(durations) * 0.99)]:.2f} ms, "
            f"max {durations[-1]:.1f} ms"
        )

        restart_db = folder / "restart.db"
        await populate_restart(restart_db, 100_000 // scale, 10_000 // scale)
        probe = restart(restart_db)
        print(
            f"restart with {100_000 // scale:,} stops and {10_000 // scale:,} cards: "
            f"{probe['seconds']:.2f} s, {probe['rss_mb']:.0f} MB resident, "
            f"{probe['pending']:,} timers pending, armed={probe['armed']}   "
            "(target <= 3 s, <= 250 MB)"
        )

        tick, edits = await card_tick_cost(restart_db)
        print(f"card tick for {edits:,} cards on screen: {tick * 1000:.0f} ms   (target <= 200 ms)")

        median, p95 = await standings_latency(folder, 1_000_000 // scale, 2_000)
        print(
            f"/standings with {1_000_000 // scale:,} matches: median {median * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms   (target <= 50 ms)"
        )


if __name__ == "__main__":
    asyncio.run(main())
