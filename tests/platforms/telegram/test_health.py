"""/healthz tells the truth about Telegram: a revoked token is a platform down (503)."""

from __future__ import annotations

import asyncio
import time

from aiohttp.test_utils import TestClient, TestServer

from bot.operations.server import operations_application


async def test_healthz_says_telegram_is_down_once_its_token_is_revoked(telegram, emulator):
    async with TestClient(TestServer(operations_application(telegram.app))) as ops:
        response = await ops.get("/healthz")
        assert response.status == 200
        found = await response.json()
        assert found["platforms"]["telegram"] == {
            "state": "up",
            "token": "valid",
            "polling": "alive",
        }
        await emulator.revoke()
        watching = asyncio.ensure_future(telegram.lost())  # what the process waits on
        deadline = time.monotonic() + 10
        while (response := await ops.get("/healthz")).status == 200:
            assert time.monotonic() < deadline, "still healthy with a revoked token"
            await asyncio.sleep(0.05)
        assert response.status == 503
        found = await response.json()
        assert found["status"] == "unavailable"
        assert found["platforms"]["telegram"]["state"] == "down"
        assert found["platforms"]["telegram"]["polling"] == "stopped"
        await asyncio.wait([watching], timeout=5)
        assert watching.done() and type(watching.exception()).__name__ == "InvalidToken"


async def test_a_message_sent_with_a_revoked_token_waits_instead_of_being_given_up(
    telegram, emulator
):
    from bot.handlers import Author, Incoming

    await emulator.revoke()
    alice = Author("11", "alice", 11)
    incoming = Incoming("telegram", "-1001", alice, "/help sit", telegram.clock())
    await telegram.app.layer.handle(incoming)
    async with telegram.app.database.transaction() as tx:
        row = await tx.fetchone(
            "SELECT COUNT(*), SUM(CASE WHEN dead_at IS NULL THEN 0 ELSE 1 END) FROM outbox"
            " WHERE delivered_at IS NULL"
        )
    assert row is not None and row[0] >= 1 and not row[1]  # waiting, none given up
    up, details = telegram.health()
    assert not up and details["token"] == "refused"
