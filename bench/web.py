"""How fast the public pages answer, and how many live displays one update reaches.

    .venv/bin/python bench/web.py [--rows 1000] [--clients 200]

Prints the server time of the standings page with 1,000 rows (median and p95 of 50 requests
on a kept-alive connection, beside a static file through the same server in the same run),
then, with 200 display pages listening (server-sent events), how long one ruling takes to
reach them all. A script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from bot.app import App  # noqa: E402
from bot.handlers import Author, Incoming  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402
from bot.storage.store import Store  # noqa: E402
from bot.web import WebPages, links  # noqa: E402
from tests.web.conftest import free_port  # noqa: E402

T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)


def said(chat: str, who: str, text: str, at: datetime) -> Incoming:
    return Incoming("console", chat, Author(who, who, None, True), text, at, names_are_keys=True)


async def fill(app: App, rows: int) -> None:
    await app.layer.configure("console", "club", {"rulebook": "burraco", "admins": ["mod"]})
    await app.layer.configure("console", "hall", {"rulebook": "mcr", "admins": ["ref"]})
    async with app.database.transaction() as tx:
        store = Store(tx)
        club = await store.community("console", "club")
        assert club is not None
        for n in range(rows):
            member = f"player{n:04d}"
            await store.save_member(club.id, _member(member))
            for tally in ("training", "profile"):
                points = Fraction(n % 37, 4)
                await store.add_to_tally(club.id, tally, member, points, n % 21, T0)
    for line in ("/tournament Hall 2", "/register @a @b @c @d", "/session start"):
        await app.layer.handle(said("hall", "ref", line, T0))


def _member(key: str):
    from bot.storage.store import Member

    return Member(key, key)


async def timed_gets(http: httpx.AsyncClient, url: str, count: int) -> list[float]:
    await http.get(url)  # warm
    took = []
    for _ in range(count):
        began = time.perf_counter()
        answer = await http.get(url)
        took.append(time.perf_counter() - began)
        assert answer.status_code == 200, answer.status_code
    return took


async def reach(base: str, path: str, clients: int, app: App) -> tuple[float, float]:
    """``clients`` event streams open; one ruling: when the first and the last heard it."""
    limits = httpx.Limits(max_connections=clients + 10)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        heard: list[float] = []
        ready = asyncio.Event()
        opened = 0

        async def listen() -> None:
            nonlocal opened
            async with http.stream("GET", base + path + "events") as stream:
                opened += 1
                if opened == clients:
                    ready.set()
                async for line in stream.aiter_lines():
                    if line.startswith("data:"):
                        heard.append(time.perf_counter())
                        return

        listeners = [asyncio.create_task(listen()) for _ in range(clients)]
        await asyncio.wait_for(ready.wait(), 30)
        await asyncio.sleep(1.0)  # the watcher has read the latest ruling
        began = time.perf_counter()
        await app.layer.handle(said("hall", "ref", "/seat 1 @a @b @c @d", T0 + timedelta(1)))
        await asyncio.wait_for(asyncio.gather(*listeners), 30)
    return min(heard) - began, max(heard) - began


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=200)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = App(SqliteDatabase(str(Path(folder) / "web.db")))
        await app.start()
        await fill(app, options.rows)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        pages = WebPages(app.database, app.layer.translator)
        await pages.start("127.0.0.1", port)
        found = await links(app.database, base, create=True, now=T0)
        paths = {line.split()[1]: line.split()[2].removeprefix(base) for line in found}
        async with httpx.AsyncClient(timeout=30) as http:
            page = await timed_gets(http, base + paths["club"] + "?lang=it", 50)
            static = await timed_gets(http, base + "/static/style.css", 50)
            shown = (await http.get(base + paths["club"])).text.count("<tr")
        first, last = await reach(base, paths["hall"], options.clients, app)
        await pages.stop()
        await app.stop()
    median = statistics.median(page) * 1000
    p95 = sorted(page)[int(len(page) * 0.95)] * 1000
    baseline = statistics.median(static) * 1000
    print(
        f"standings page, {shown - 1:,} rows: median {median:.1f} ms, p95 {p95:.1f} ms"
        f" (goal ≤ 50 ms); a static file through the same server: {baseline:.1f} ms"
        f" ({median / baseline:.1f} ×)"
    )
    print(
        f"{options.clients} display pages listening: one ruling reached the first in"
        f" {first * 1000:.0f} ms and the last in {last * 1000:.0f} ms (goal ≤ 1 s)"
    )


if __name__ == "__main__":
    asyncio.run(main())
