"""How fast the public pages answer, how many live displays one update reaches, and what
readers of the pages cost the bot's commands.

    .venv/bin/python bench/web.py [--rows 1000] [--clients 200] [--readers 20]

Prints the server time of the standings page with 1,000 rows (median and p95 of 50 requests
on a kept-alive connection, beside a static file through the same server in the same run);
with 200 display pages listening (server-sent events), how long one ruling takes to reach
them all; and the time of a club evening's commands in the bot's process, with no reader of
the pages and then while 20 readers (another process) pull the 1,000-row standings page as
fast as they can, the commands changing those standings meanwhile. A script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
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
        club = await store.communities.community("console", "club")
        assert club is not None
        for n in range(rows):
            member = f"player{n:04d}"
            await store.communities.save_member(club.id, _member(member))
            for tally in ("training", "profile"):
                points = Fraction(n % 37, 4)
                await store.tallies.add_to_tally(club.id, tally, member, points, n % 21, T0)
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


async def afresh(app: App, http: httpx.AsyncClient, url: str, count: int) -> list[float]:
    """The page just after a ruling changed it: made again, not served as kept."""
    took = []
    for n in range(count):
        await app.layer.handle(said("club", "mod", "/open fibur 1v1 2", T0 + timedelta(hours=n)))
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


# readers in a process of their own, as browsers would be: each pulls the page again as soon as
# it has it, and counts its pages; the count is printed when the process is told to stop
READERS = """
import asyncio, sys, httpx
url, count = sys.argv[1], int(sys.argv[2])
pulled = 0
async def reader(http):
    global pulled
    while True:
        answer = await http.get(url)
        assert answer.status_code in (200, 503), answer.status_code
        pulled += 1
async def main():
    async with httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_connections=count)) as http:
        tasks = [asyncio.create_task(reader(http)) for _ in range(count)]
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        for task in tasks:
            task.cancel()
    print(pulled, flush=True)
asyncio.run(main())
"""


def evening(table: int, at: datetime) -> list[Incoming]:
    """One match of a club evening, from its opening to its result, in the club whose
    standings the readers pull."""
    a, b = f"player{table % 997:04d}", f"player{(table * 7 + 1) % 997:04d}"
    lines = [
        (a, "/open fibur 1v1 2"),
        (a, f"/sit {table}"),
        (b, f"/sit {table}"),
        (a, f"/hand {table} 300 100"),
        (a, f"/hand {table} 50 140"),
        (b, f"/confirm {table}"),
        (a, "/standings"),
    ]
    return [
        said("club", who, text, at + timedelta(seconds=i)) for i, (who, text) in enumerate(lines)
    ]


async def command_times(app: App, first_table: int, tables: int) -> list[float]:
    took = []
    for number in range(first_table, first_table + tables):
        for incoming in evening(number, T0 + timedelta(days=1, minutes=number)):
            began = time.perf_counter()
            await app.layer.handle(incoming)
            took.append(time.perf_counter() - began)
            await asyncio.sleep(0.002)  # people type: the loop serves the readers meanwhile
    return took


async def under_readers(app: App, url: str, readers: int, tables: int) -> tuple[list[float], int]:
    process = subprocess.Popen(
        [sys.executable, "-c", READERS, url, str(readers)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    await asyncio.sleep(2.0)  # every reader is pulling
    took = await command_times(app, 1 + tables, tables)
    out, _ = process.communicate("", timeout=60)
    return took, int(out.strip() or 0)


def shown(took: list[float]) -> str:
    ordered = sorted(took)
    p50, p99 = statistics.median(ordered), ordered[int(len(ordered) * 0.99)]
    return f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--readers", type=int, default=20)
    parser.add_argument("--tables", type=int, default=150, help="matches played per run")
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
            remade = await afresh(app, http, base + paths["club"] + "?lang=it", 20)
            shown_rows = (await http.get(base + paths["club"])).text.count("<tr") - 1
        first, last = await reach(base, paths["hall"], options.clients, app)
        alone = await command_times(app, 1, options.tables)
        crowded, pulled = await under_readers(
            app, base + paths["club"], options.readers, options.tables
        )
        await pages.stop()
        await app.stop()
    median = statistics.median(page) * 1000
    p95 = sorted(page)[int(len(page) * 0.95)] * 1000
    baseline = statistics.median(static) * 1000
    print(
        f"standings page, {shown_rows:,} rows: median {median:.1f} ms, p95 {p95:.1f} ms"
        f" (goal ≤ 50 ms); a static file through the same server: {baseline:.1f} ms"
        f" ({median / baseline:.1f} ×)"
    )
    print(
        f"the same page just after a ruling changed it (made again, off the event loop):"
        f" median {statistics.median(remade) * 1000:.1f} ms"
    )
    print(
        f"{options.clients} display pages listening: one ruling reached the first in"
        f" {first * 1000:.0f} ms and the last in {last * 1000:.0f} ms (goal ≤ 1 s)"
    )
    print(f"a command, no reader of the pages: {shown(alone)}")
    print(
        f"a command, {options.readers} readers pulling the {shown_rows:,}-row standings"
        f" ({pulled:,} pages served meanwhile): {shown(crowded)} (goal: p99 ≤ 20 ms)"
    )


if __name__ == "__main__":
    asyncio.run(main())
