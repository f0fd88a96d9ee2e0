"""What a Prometheus scrape of ``/metrics`` costs as the outbox grows.

    .venv/bin/python bench/ops.py [--rows 1000000] [--small 1000] [--scrapes 30] [--sqlite-only]
        [--link-ms 10]

Fills an outbox with ``--small`` rows, then another with ``--rows`` (a busy year: 99 % sent,
0.9 % given up, 0.1 % waiting, over 100 communities), on SQLite and on PostgreSQL (a fresh
schema, dropped after), and times ``/metrics`` through the operators' server (median and p95
of ``--scrapes`` requests on one kept-alive connection), beside the whole-outbox sum each
scrape made before the counts were kept (one run of its query). With ``--link-ms``,
PostgreSQL is measured again through a local link that holds each packet half that long each
way, as a database on another host would, and the round trips of a scrape are counted there.
Figures and ratios printed; a script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from bot.app import App  # noqa: E402
from bot.operations.server import operations_application  # noqa: E402
from bot.storage.codec import utc_text  # noqa: E402
from bot.storage.database import Database, PostgresDatabase, SqliteDatabase  # noqa: E402

POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"
COMMUNITIES = 100
T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)
# what each row is: sent (99 %), given up (0.9 %), waiting (0.1 %)
STATE = (
    "CASE WHEN i % 1000 = 0 THEN NULL ELSE {at} END,"
    " CASE WHEN i % 1000 BETWEEN 1 AND 9 THEN {at} ELSE NULL END,"
    " CASE WHEN i % 1000 BETWEEN 1 AND 9 THEN 'Rejected: 403 Forbidden' ELSE NULL END"
)
COLUMNS = "community_id, at, message, delivered_at, dead_at, last_error, attempts"
# the sum each scrape made before (bot/storage/health.py's former outbox_health)
SUMMED = (
    "SELECT SUM(CASE WHEN o.delivered_at IS NULL AND o.dead_at IS NULL THEN 1 ELSE 0 END),"
    " MIN(CASE WHEN o.delivered_at IS NULL AND o.dead_at IS NULL THEN o.at END),"
    " SUM(CASE WHEN o.dead_at IS NOT NULL THEN 1 ELSE 0 END)"
    " FROM outbox o JOIN communities c ON c.id = o.community_id"
)


class Link:
    """Between the bot and PostgreSQL: each packet held ``delay`` seconds, each request
    counted (the protocol waits for each answer: one request, one round trip)."""

    def __init__(self, delay: float) -> None:
        self.delay, self.requests = delay, 0
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._connect, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        return POSTGRES_URL.replace("127.0.0.1:5432", f"127.0.0.1:{port}")

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up: bool):
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(65536):
                self.requests += up
                await asyncio.sleep(self.delay)
                writer.write(data)
                await writer.drain()
        writer.close()

    async def _connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", 5432)
        for task in (self._pipe(reader, up_writer, True), self._pipe(up_reader, writer, False)):
            self._tasks.add(asyncio.create_task(task))

    async def close(self) -> None:
        self._server.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


async def fill(app: App, rows: int) -> None:
    """``rows`` messages over the communities, and the counts the bot keeps of them."""
    for n in range(COMMUNITIES):
        await app.layer.configure("console", f"club{n}", {"rulebook": "burraco"})
    database = app.database
    at = f"'{utc_text(T0)}'"
    message = '\'{"text": "Ruling #1", "platform": "console"}\''
    async with database.transaction() as tx:
        first = await tx.fetchone("SELECT MIN(id) FROM communities")
        assert first is not None
        values = f"{first[0]} + i % {COMMUNITIES}, {at}, {message}, {STATE.format(at=at)}, 1"
        if database.dialect == "sqlite":
            await tx.execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
                f" INSERT INTO outbox ({COLUMNS}) SELECT {values} FROM n",
                rows,
            )
        else:
            await tx.execute(
                f"INSERT INTO outbox ({COLUMNS}) SELECT {values}"
                " FROM generate_series(1, ?::int) AS i",
                rows,
            )
        await tx.execute("DELETE FROM outbox_counts")
        await tx.execute(  # as the migration that made them counts them
            "INSERT INTO outbox_counts (community_id, waiting, dead) SELECT community_id,"
            " SUM(CASE WHEN delivered_at IS NULL AND dead_at IS NULL THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN dead_at IS NOT NULL THEN 1 ELSE 0 END) FROM outbox"
            " GROUP BY community_id"
        )
    if database.dialect == "postgresql":
        async with database.transaction() as tx:
            await tx.execute("ANALYZE outbox")


async def scrapes(app: App, count: int, link: Link | None) -> tuple[float, float, str, str]:
    """Median and p95 of ``count`` scrapes (ms), the waiting count one of them gave, and the
    round trips to the database a scrape took (when they go through ``link``)."""
    times = []
    async with TestClient(TestServer(operations_application(app))) as client:
        await (await client.get("/metrics")).read()  # the connection is open
        requests = link.requests if link else 0
        for _ in range(count):
            started = time.perf_counter()
            response = await client.get("/metrics")
            body = await response.text()
            times.append((time.perf_counter() - started) * 1000)
    trips = f", {(link.requests - requests) / count:.1f} round trips a scrape" if link else ""
    waiting = next(line for line in body.splitlines() if line.startswith("arbitro_outbox_waiting"))
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], waiting.split()[-1], trips


async def summed(database: Database) -> float:
    started = time.perf_counter()
    async with database.transaction() as tx:
        await tx.fetchone(SUMMED)
    return (time.perf_counter() - started) * 1000


async def measure(
    make: callable, rows: int, count: int, link: Link | None = None
) -> tuple[float, float, float, str]:
    database = make()
    app = App(database)
    await app.start()
    try:
        started = time.perf_counter()
        await fill(app, rows)
        filled = time.perf_counter() - started
        median, p95, waiting, trips = await scrapes(app, count, link)
        before = await summed(database)
    finally:
        if isinstance(database, PostgresDatabase):
            async with database.transaction() as tx:
                await tx.execute(f'DROP SCHEMA "{database.schema}" CASCADE')
        await app.stop()
    print(
        f"  {rows:>9,} rows (filled in {filled:.0f} s): /metrics median {median:.1f} ms,"
        f" p95 {p95:.1f} ms ({waiting} waiting{trips}); the former whole-outbox sum"
        f" {before:.0f} ms",
        flush=True,
    )
    return median, p95, before, waiting


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--scrapes", type=int, default=30)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--link-ms", type=float, default=0.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        kinds: list[tuple[str, callable]] = [
            ("SQLite", lambda: SqliteDatabase(str(Path(scratch) / f"{uuid.uuid4().hex}.db")))
        ]
        if not args.sqlite_only:
            kinds.append(
                (
                    "PostgreSQL",
                    lambda: PostgresDatabase(POSTGRES_URL, schema=f"b_{uuid.uuid4().hex[:12]}"),
                )
            )
        for name, make in kinds:
            print(f"{name}:", flush=True)
            await compare(make, args)
        if args.link_ms and not args.sqlite_only:
            link = Link(args.link_ms / 2000)
            url = await link.start()
            print(f"PostgreSQL {args.link_ms:g} ms a round trip away:", flush=True)
            try:
                await compare(
                    lambda: PostgresDatabase(url, schema=f"b_{uuid.uuid4().hex[:12]}"), args, link
                )
            finally:
                await link.close()


async def compare(make: callable, args: argparse.Namespace, link: Link | None = None) -> None:
    small = await measure(make, args.small, args.scrapes, link)
    large = await measure(make, args.rows, args.scrapes, link)
    print(
        f"  {args.rows:,} rows / {args.small:,} rows: /metrics median"
        f" × {large[0] / small[0]:.2f}, p95 × {large[1] / small[1]:.2f};"
        f" the former sum × {large[2] / max(small[2], 0.01):.0f}",
        flush=True,
    )


if __name__ == "__main__":
    asyncio.run(main())
