"""Operating the bot: the Prometheus figures, /healthz, and ``python -m bot status``, each
read against what was done to the bot and what its database holds."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime

import pytest
from aiohttp.test_utils import TestClient, TestServer
from prometheus_client.parser import text_string_to_metric_families

from bot.delivery import DeliveryOptions
from bot.operations.server import operations_application
from tests.conftest import Chat
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
    assert await response.json() == {"status": "ok", "database": "ok", "platforms": ["console"]}
    await chat.app.database.close()
    response = await ops.get("/healthz")
    assert response.status == 503 and (await response.json())["status"] == "unavailable"
    await chat.app.database.open()  # for the fixture's own close


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
