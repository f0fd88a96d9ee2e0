"""What a Prometheus scrape costs the database: one round trip to PostgreSQL, and no more
work with a year of messages and timers behind it than with a few."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from pathlib import Path
from urllib.parse import urlparse

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.app import App
from bot.operations.server import operations_application
from bot.storage.database import PostgresDatabase, SqliteDatabase
from tests.conftest import POSTGRES_UNREACHABLE, POSTGRES_URL, Chat, drop_schema
from tests.operations.test_operations import samples

HISTORY = 20_000  # messages sent and timers fired, added between two measures


class CountingProxy:
    """Between the bot and PostgreSQL: counts the requests the bot sends. The protocol
    waits for each answer before the next request, so each read here is one round trip."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.requests = 0
        self._tasks: set[asyncio.Task] = set()
        self._writers: list[asyncio.StreamWriter] = []
        self._upstream: set[asyncio.StreamWriter] = set()  # toward PostgreSQL

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._connect, "127.0.0.1", 0)
        return self._server.sockets[0].getsockname()[1]

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        counted = writer in self._upstream
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(65536):
                self.requests += counted
                writer.write(data)
                await writer.drain()
        writer.close()

    async def _connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._upstream.add(up_writer)
        self._writers += [writer, up_writer]
        for task in (self._pipe(reader, up_writer), self._pipe(up_reader, writer)):
            self._tasks.add(asyncio.create_task(task))

    async def close(self) -> None:
        self._server.close()
        for writer in self._writers:
            writer.close()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._server.wait_closed()


async def _some_of_everything(app: App) -> Chat:
    """Messages waiting (no platform takes them), and a stop's timers."""
    chat = await Chat(app).setup()
    await chat.say("alice", "/open fibur 1v1 2")
    await chat.say("bob", "hello")
    await chat.say("mod", "/stop @bob 2h spam")
    return chat


async def _scrape(client: TestClient) -> dict:
    response = await client.get("/metrics")
    assert response.status == 200
    return samples(await response.text())


@pytest.mark.skipif(POSTGRES_UNREACHABLE is not None, reason=str(POSTGRES_UNREACHABLE))
async def test_a_scrape_asks_postgresql_one_round_trip() -> None:
    where = urlparse(POSTGRES_URL)
    proxy = CountingProxy(where.hostname or "127.0.0.1", where.port or 5432)
    port = await proxy.start()
    user = f"{where.netloc.rsplit('@', 1)[0]}@" if "@" in where.netloc else ""
    url = where._replace(netloc=f"{user}127.0.0.1:{port}").geturl()
    database = PostgresDatabase(url, schema=f"t_{uuid.uuid4().hex[:12]}")
    try:
        async with App(database) as app:
            await _some_of_everything(app)
            async with TestClient(TestServer(operations_application(app))) as client:
                for _ in range(2):  # the statement prepared on the connection
                    await _scrape(client)
                before = proxy.requests
                found = await _scrape(client)
                assert proxy.requests - before == 1
                assert found[("arbitro_outbox_waiting", ())] >= 1
                assert found[("arbitro_outbox_oldest_seconds", ())] > 0
                assert found[("arbitro_timers_pending", ())] >= 2
    finally:
        await proxy.close()
        await drop_schema(database)


async def _add_history(app: App, rows: int) -> None:
    """A year behind: messages sent and given up, timers fired."""
    async with app.database.transaction() as tx:
        community = await tx.fetchone("SELECT MIN(id) FROM communities")
        assert community is not None
        numbers = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
        await tx.execute(
            f"{numbers} INSERT INTO outbox (community_id, at, message, delivered_at, dead_at,"
            " attempts) SELECT ?, '2026-01-01T00:00:00+00:00', '{}',"
            " CASE WHEN i % 100 = 0 THEN NULL ELSE '2026-01-01T00:00:01+00:00' END,"
            " CASE WHEN i % 100 = 0 THEN '2026-01-01T00:00:01+00:00' ELSE NULL END, 1 FROM n",
            rows,
            community[0],
        )
        await tx.execute(
            f"{numbers} INSERT INTO timers (community_id, kind, subject, due_at, payload, state)"
            " SELECT ?, 'stop_ended', 'p' || i, '2026-01-01T00:00:00+00:00', '{}', 'done' FROM n",
            rows,
            community[0],
        )


async def test_a_scrape_does_no_more_work_with_a_year_of_messages_and_timers(
    tmp_path: Path,
) -> None:
    """SQLite's count of the steps its virtual machine runs for a scrape: the same before
    and after a history of sent messages and fired timers a thousand times the scrape's
    figures."""
    database = SqliteDatabase(str(tmp_path / "arbitro.db"))
    async with App(database) as app:
        await _some_of_everything(app)
        steps = 0

        def step() -> int:
            nonlocal steps
            steps += 1
            return 0  # go on

        async def work() -> int:
            nonlocal steps
            steps = 0
            connection = database._conn
            assert connection is not None
            connection.set_progress_handler(step, 1)
            try:
                await app.metrics.read_database(database, app.delivery.scope, app.clock())
            finally:
                connection.set_progress_handler(None, 1)
            return steps

        before = await work()
        await _add_history(app, HISTORY)
        after = await work()
        assert before > 0 and after <= before * 1.1, (before, after)
