"""What finding a report button's club costs when many clubs have a moderators' group.

    .venv/bin/python bench/reports.py [--communities N] [--presses N]

A press in a Telegram moderators' group acts in the club whose log that group is: the club is
found by the log_chats index (one lookup, whatever the number of clubs). Prints the time of
that lookup per press (median and p99, SQLite file) with N clubs each linked to its own log
group, against the target of 5 ms a press, beside the same lookup with 100 clubs.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import App  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402
from bot.storage.store import unit_of_work  # noqa: E402

TARGET_MS = 5.0


async def linked_clubs(app: App, count: int) -> None:
    """``count`` clubs, each with its log group bound by the index (as /link binds it)."""
    async with unit_of_work(app.database) as store:
        for n in range(count):
            club = await store.communities.create_community(
                "telegram", str(-(10**9) - n), {"rulebook": "burraco", "lang": "it"}
            )
            club.settings["log"] = str(-(2 * 10**9) - n)
            await store.communities.save_settings(club)


async def presses(app: App, count: int, clubs: int) -> list[float]:
    """Milliseconds of each press's lookup of its club, from random log groups."""
    found = []
    for _ in range(count):
        log_group = str(-(2 * 10**9) - random.randrange(clubs))
        started = time.perf_counter()
        chat = await app.layer.logged_for("telegram", log_group)
        found.append((time.perf_counter() - started) * 1000)
        assert chat is not None
    return found


def said(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    return f"{label}: median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms"


async def main(communities: int, count: int) -> None:
    for clubs in (100, communities):
        with tempfile.TemporaryDirectory() as folder:
            async with App(SqliteDatabase(str(Path(folder) / "bench.db"))) as app:
                await linked_clubs(app, clubs)
                times = await presses(app, count, clubs)
        print(said(f"{clubs:,} clubs with a log group, a press's club found", times))
    print(f"target: ≤ {TARGET_MS:g} ms a press")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--communities", type=int, default=20_000)
    parser.add_argument("--presses", type=int, default=2_000)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.communities, arguments.presses))
