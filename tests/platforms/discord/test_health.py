"""/healthz tells the truth about Discord, and a token revoked while the bot runs stops it:
the whole process (``python -m bot run``) against a local Discord (``gateway.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest

from tests.platforms.discord.gateway import LAUNCH, TOKEN, FakeDiscord

WAIT = 60.0  # seconds anything is waited for (a busy machine included)
REVOKED = "Discord no longer accepts the token in DISCORD_TOKEN"


def _free_port() -> int:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        return int(unused.getsockname()[1])


class Running:
    """The bot's process, its stderr as it comes, and its /healthz."""

    def __init__(self, process: asyncio.subprocess.Process, ops: str, database: str) -> None:
        self.process, self.ops, self.database = process, ops, database
        self.said: list[str] = []
        self._reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.said.append(line.decode(errors="replace"))

    @property
    def stderr(self) -> str:
        return "".join(self.said)

    async def health(self) -> tuple[int, dict[str, Any]] | None:
        """The status and body of /healthz; None while nothing answers yet."""
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"{self.ops}/healthz") as response,
            ):
                return response.status, await response.json()
        except aiohttp.ClientConnectionError:
            return None

    async def health_until(self, wanted: Callable[[int, dict[str, Any]], bool], what: str):
        deadline = asyncio.get_running_loop().time() + WAIT
        while True:
            found = await self.health()
            if found is not None and wanted(*found):
                return found
            assert self.process.returncode is None, f"the bot ended: {self.stderr}"
            assert asyncio.get_running_loop().time() < deadline, f"{what}: {found}"
            await asyncio.sleep(0.1)

    async def ended(self) -> int:
        """The exit status, once the process has ended of itself."""
        try:
            code = await asyncio.wait_for(self.process.wait(), WAIT)
        except TimeoutError:
            raise AssertionError(f"still running: {self.stderr}") from None
        await asyncio.wait_for(self._reading, WAIT)
        return code


@pytest.fixture
async def discord_server() -> AsyncIterator[FakeDiscord]:
    server = await FakeDiscord().start()
    yield server
    await server.stop()


@pytest.fixture
async def bot(discord_server: FakeDiscord, tmp_path) -> AsyncIterator[Running]:
    ops = f"http://127.0.0.1:{_free_port()}"
    database = str(tmp_path / "arbitro.db")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    env |= {
        "DISCORD_TOKEN": TOKEN,
        "ARBITRO_DATABASE_URL": f"sqlite:///{database}",
        "ARBITRO_OPS_PORT": ops.rsplit(":", 1)[1],
        "ARBITRO_STOP_GRACE": "2",
        "ARBITRO_LOG_LEVEL": "WARNING",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        LAUNCH,
        discord_server.url,
        env=env,
        cwd=tmp_path,
        stderr=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.DEVNULL,
    )
    running = Running(process, ops, database)
    try:
        await running.health_until(
            lambda status, body: "discord" in body.get("platforms", {}), "the bot never served"
        )
        yield running
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), WAIT)
            except TimeoutError:
                process.kill()
                await process.wait()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(running._reading, 5)


def _up(status: int, body: dict[str, Any]) -> bool:
    return status == 200


async def test_healthz_shows_the_gateway_and_503_while_it_is_disconnected(discord_server, bot):
    status, body = await bot.health_until(_up, "never healthy")
    assert body["platforms"]["discord"] == {
        "state": "up",
        "gateway": "connected",
        "token": "valid",
    }
    discord_server.accepting = False  # an outage: the connection drops and none is taken
    await discord_server.drop(4000)
    status, body = await bot.health_until(lambda s, b: s != 200, "healthy while disconnected")
    assert status == 503 and body["status"] == "unavailable", body
    assert body["platforms"]["discord"] == {
        "state": "down",
        "gateway": "disconnected",
        "token": "valid",
    }
    discord_server.accepting = True  # Discord is back: a session again
    status, body = await bot.health_until(_up, "not healthy again once reconnected")
    assert body["platforms"]["discord"]["gateway"] == "connected"
    assert discord_server.identified + discord_server.resumed >= 2
    assert bot.process.returncode is None  # an outage is waited out, never an end


async def test_a_gateway_closed_for_a_revoked_token_ends_the_process(discord_server, bot):
    await bot.health_until(_up, "never healthy")
    discord_server.revoked = True
    await discord_server.drop(4004)  # Discord: authentication failed
    assert await bot.ended() == 3, bot.stderr
    assert REVOKED in bot.stderr and "Traceback" not in bot.stderr, bot.stderr
    assert TOKEN not in bot.stderr


async def test_a_request_refused_401_ends_the_process_and_its_message_waits(discord_server, bot):
    await bot.health_until(_up, "never healthy")
    discord_server.revoked = True  # the gateway stays open: the next request says 401
    await discord_server.say("/help")
    assert await bot.ended() == 3, bot.stderr
    assert REVOKED in bot.stderr and "Traceback" not in bot.stderr, bot.stderr
    assert TOKEN not in bot.stderr
    refused = [r for r in discord_server.requests if r[2] == 401]
    assert refused and refused[0][:2] == ("POST", "/channels/4004/messages"), refused
    with sqlite3.connect(bot.database) as database:  # waiting for a new token, not given up
        waiting, dead = database.execute(
            "SELECT COUNT(*), COUNT(dead_at) FROM outbox WHERE delivered_at IS NULL"
        ).fetchone()
    assert waiting >= 1 and dead == 0, (waiting, dead)
