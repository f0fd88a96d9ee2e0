"""Operating the bot: the Prometheus figures, /healthz, and ``python -m bot status``, each
read against what was done to the bot and what its database holds."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import uuid
from datetime import UTC, datetime

import pytest
from aiohttp.test_utils import TestClient, TestServer
from prometheus_client.parser import text_string_to_metric_families

from bot.delivery import DeliveryOptions
from bot.operations.server import operations_application
from bot.storage.store import unit_of_work
from tests.conftest import POSTGRES_UNREACHABLE, POSTGRES_URL, Chat
from tests.delivery.recording import RecordingMessenger


def samples(exposition: str) -> dict[tuple[str, tuple], float]:
    found = {}
    for family in text_string_to_metric_families(exposition):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


@pytest.fixture
async def ops(chat: Chat):
    async with TestClient(TestServer(operations_application(chat.app))) as client:
        yield client


async def _metrics(ops: TestClient) -> dict[tuple[str, tuple], float]:
    response = await ops.get("/metrics")
    assert response.status == 200 and response.content_type == "text/plain"
    return samples(await response.text())


async def test_metrics_count_commands_by_outcome_and_time_them(chat: Chat, ops):
    await chat.say("alice", "/open fibur 1v1 2")
    await chat.say("alice", "/sit 1")
    await chat.say("bob", "/sit 9")  # no such table: refused
    await chat.say("bob", "hello")  # not a command: not counted
    await chat.say("mod", "/stop @bob 2h spam")  # its reminder and its end are timers
    found = await _metrics(ops)
    platform = (("outcome", "done"), ("platform", "console"))
    assert found[("arbitro_commands_total", platform)] == 3
    refused = (("outcome", "refused"), ("platform", "console"))
    assert found[("arbitro_commands_total", refused)] == 1
    assert found[("arbitro_command_seconds_count", (("platform", "console"),))] == 4
    assert found[("arbitro_timers_pending", ())] >= 2


async def test_metrics_show_the_outbox_waiting_its_age_and_what_was_given_up(chat: Chat, ops):
    messenger = RecordingMessenger()
    chat.app.delivery.register(messenger, DeliveryOptions())
    messenger.unreachable = 10**6  # the platform is down
    await chat.say("alice", "/open fibur 1v1 2")
    found = await _metrics(ops)
    assert found[("arbitro_outbox_waiting", ())] >= 1
    assert found[("arbitro_outbox_oldest_seconds", ())] > 0
    unreachable = (("kind", "unreachable"), ("platform", "console"))
    assert found[("arbitro_platform_errors_total", unreachable)] >= 1
    messenger.unreachable, messenger.reject = 0, True  # back, and refusing for good
    await chat.app.delivery.flush(datetime.now(UTC).replace(year=2100))
    found = await _metrics(ops)
    assert found[("arbitro_outbox_waiting", ())] == 0
    assert found[("arbitro_outbox_oldest_seconds", ())] == 0
    assert found[("arbitro_outbox_dead", ())] >= 1


async def test_healthz_says_ok_and_the_platforms_then_unavailable_without_the_database(
    chat: Chat, ops
):
    chat.app.delivery.register(RecordingMessenger(), DeliveryOptions())
    response = await ops.get("/healthz")
    assert response.status == 200
    assert await response.json() == {
        "status": "ok",
        "database": "ok",
        "platforms": {"console": {"state": "up"}},
    }
    await chat.app.database.close()
    response = await ops.get("/healthz")
    assert response.status == 503 and (await response.json())["status"] == "unavailable"
    await chat.app.database.open()  # for the fixture's own close


async def test_healthz_answers_503_when_a_platform_is_down(chat: Chat, ops):
    chat.app.delivery.register(RecordingMessenger(), DeliveryOptions())
    connected = True
    chat.app.health["console"] = lambda: (
        connected,
        {"gateway": "connected" if connected else "lost"},
    )
    assert (await ops.get("/healthz")).status == 200
    connected = False
    response = await ops.get("/healthz")
    assert response.status == 503
    assert await response.json() == {
        "status": "unavailable",
        "database": "ok",
        "platforms": {"console": {"state": "down", "gateway": "lost"}},
    }


async def test_status_reads_the_database_of_a_stopped_bot(tmp_path):
    from bot.app import App

    path = tmp_path / "arbitro.db"
    async with App.from_url(str(path)) as app:
        chat = await Chat(app).setup()
        messenger = RecordingMessenger()
        app.delivery.register(messenger, DeliveryOptions())
        await chat.say("pia", "cheap followers here")
        await chat.say("mod", "/stop @pia 2h spam")
        messenger.reject = True
        await chat.say("mod", "/stops")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "status", "--db", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # a message was given up
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Outbox: 0 waiting; 1 given up"), lines
    assert "given up #" in lines[1] and "Rejected" in lines[1]
    assert any(line.startswith("Timers: ") for line in lines)
    assert any("stop_reminder console main" in line for line in lines), lines


def test_status_of_a_database_that_is_not_there_says_so_and_makes_none(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "status", "--db", str(tmp_path / "typo.db")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "no database at" in done.stderr
    assert list(tmp_path.iterdir()) == []


def _status(db: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", "status", "--db", db],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


async def test_status_reads_a_sqlite_file_a_running_bot_holds(tmp_path):
    from bot.app import App

    path = tmp_path / "held.db"
    async with App.from_url(str(path)) as app:  # the bot runs: the file is locked
        chat = await Chat(app).setup()
        app.delivery.register(RecordingMessenger(), DeliveryOptions())
        await chat.say("pia", "cheap followers here")
        await chat.say("mod", "/stop @pia 2h spam")
        done = await asyncio.to_thread(_status, str(path))
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Outbox: 0 waiting; 0 given up"), done.stdout
        assert "stop_reminder console main" in done.stdout
        await chat.say("mod", "/stops")  # and the bot still writes
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM timers").fetchone()[0] >= 2


@pytest.mark.skipif(POSTGRES_UNREACHABLE is not None, reason=str(POSTGRES_UNREACHABLE))
async def test_status_on_a_postgresql_schema_that_is_not_there_creates_nothing():
    import asyncpg

    schema = f"typo_{uuid.uuid4().hex[:8]}"
    done = await asyncio.to_thread(_status, f"{POSTGRES_URL}?schema={schema}")
    assert done.returncode == 2 and "no Arbitro database at" in done.stderr, done.stderr
    connection = await asyncpg.connect(POSTGRES_URL)
    try:
        found = await connection.fetchval(
            "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = $1", schema
        )
    finally:
        await connection.close()
    assert found == 0


async def _recounted(chat: Chat) -> tuple[int, int]:
    """Waiting and given up, counted over the whole outbox."""
    async with chat.app.database.transaction() as tx:
        row = await tx.fetchone(
            "SELECT SUM(CASE WHEN delivered_at IS NULL AND dead_at IS NULL THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN dead_at IS NOT NULL THEN 1 ELSE 0 END) FROM outbox"
        )
    assert row is not None
    return int(row[0] or 0), int(row[1] or 0)


async def test_the_outbox_counts_kept_as_messages_change_are_those_of_the_outbox(chat: Chat):
    from bot.storage.health import outbox_health

    async def kept() -> tuple[int, int]:
        async with chat.app.database.transaction() as tx:
            health = await outbox_health(tx)
        return health.waiting, health.dead

    messenger = RecordingMessenger()
    chat.app.delivery.register(messenger, DeliveryOptions())
    messenger.unreachable = 10**6
    await chat.say("alice", "/open fibur 1v1 2")
    await chat.say("bob", "/help")
    assert await kept() == await _recounted(chat) and (await kept())[0] >= 2
    messenger.unreachable, messenger.reject = 0, True  # refused for good: given up
    await chat.app.delivery.flush(datetime.now(UTC).replace(year=2100))
    assert await kept() == await _recounted(chat) and (await kept())[1] >= 2
    messenger.reject = False
    await chat.say("carol", "/help")  # sent at once
    assert await kept() == await _recounted(chat)
    async with unit_of_work(chat.app.database) as store:
        await store.prune(datetime.now(UTC).replace(year=2200))  # the given up forgotten
    assert await kept() == await _recounted(chat) == (0, 0)


@pytest.mark.parametrize("sent", [b"", b"GET /healthz HTTP/1.1\r\nHost: ops\r\n"])
async def test_the_operators_port_closes_a_connection_that_never_completes_a_request(
    chat: Chat, sent: bytes
):
    import contextlib
    import socket

    from bot.operations.server import serve_operations

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with contextlib.AsyncExitStack() as stack:
        await serve_operations(chat.app, "127.0.0.1", port, stack, idle_timeout=0.5)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(sent)  # nothing, or headers that never end
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), timeout=5) == b""  # closed by the server
        writer.close()
