"""A real process, stopped as a service manager stops it: SIGTERM while an answer waits on
Telegram's 429 (20 times), and kill -9 between a command's commit and its answer. It exits
cleanly (status 0) and nothing decided is lost: the next start sends it."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.platforms.telegram.emulator import TOKEN, Person
from tests.platforms.telegram.test_telegram import has

ROOT = Path(__file__).resolve().parents[3]


class Bot:
    """``python -m bot run`` on the emulated Telegram, a SQLite file kept across starts."""

    def __init__(self, emulator, db: Path) -> None:
        self.environment = {
            **os.environ,
            "TELEGRAM_TOKEN": TOKEN,
            "TELEGRAM_API_URL": emulator.api_url,
            "ARBITRO_DATABASE_URL": f"sqlite:///{db}",
            "ARBITRO_STOP_GRACE": "1",
            "TELEGRAM_CONFIRM_STOPS": "off",
            "ARBITRO_LOG_LEVEL": "ERROR",
        }
        self.environment.pop("DISCORD_TOKEN", None)
        self.db = db
        self.process: subprocess.Popen | None = None

    async def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "run"],
            cwd=ROOT,
            env=self.environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        deadline = time.monotonic() + 30
        said = ""
        while True:  # it says when it is running
            line = await asyncio.to_thread(self.process.stderr.readline)
            said += line
            assert line, f"the bot ended before it ran: {said}"
            if "running on Telegram" in line:
                return
            assert time.monotonic() < deadline

    async def signal(self, number: int) -> int:
        assert self.process is not None
        self.process.send_signal(number)
        return await asyncio.to_thread(self.process.wait, 30)

    def waiting(self) -> int:
        """Answers recorded and not sent yet (read beside the running bot)."""
        with sqlite3.connect(self.db) as db:
            row = db.execute("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").fetchone()
        return int(row[0])


@pytest.fixture
async def bot(emulator, tmp_path):
    running = Bot(emulator, tmp_path / "stopped.db")
    yield running
    if running.process is not None and running.process.poll() is None:
        running.process.kill()
        running.process.wait()


async def test_sigterm_while_answers_wait_on_a_429_loses_none_of_them(emulator, bot):
    await bot.start()
    for table in range(1, 21):
        # each table its own member's: a member keeps at most two empty tables open
        opener = Person(emulator, 100 + table, f"player{table}", f"Player{table}")
        await emulator.fail_next("sendMessage", 1000)  # 429, retry after 1 s: it waits
        await opener.say("/open fibur 1v1 2")
        deadline = time.monotonic() + 10
        while bot.waiting() == 0:  # decided and recorded; its answer is being tried
            assert time.monotonic() < deadline, "the command was never recorded"
            await asyncio.sleep(0.05)
        assert await bot.signal(signal.SIGTERM) == 0  # a clean stop, in bounded time
        await emulator.fail_next("sendMessage", 0)
        await bot.start()  # the next start sends what the stop interrupted
        await emulator.wait_for(has(f"Tavolo {table} aperto"), timeout=15)
    assert await bot.signal(signal.SIGTERM) == 0
    said = [m.get("text", "") for m in await emulator.bot_messages()]
    for table in range(1, 21):  # every answer arrived, each once
        assert sum(f"Tavolo {table} aperto" in text for text in said) == 1, table


async def test_kill_9_between_the_commit_and_the_send_loses_nothing(emulator, bot):
    alice = Person(emulator, 11, "alice", "Alice")
    await bot.start()
    await emulator.fail_next("sendMessage", 1000, status=502)  # it cannot send anything
    await alice.say("/open fibur 1v1 2")
    deadline = time.monotonic() + 10
    while bot.waiting() == 0:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)
    assert await bot.signal(signal.SIGKILL) == -signal.SIGKILL  # no chance to say anything
    await emulator.fail_next("sendMessage", 0)
    await bot.start()
    await emulator.wait_for(has("Tavolo 1 aperto"), timeout=15)
    assert await bot.signal(signal.SIGINT) == 0


async def test_an_update_taken_but_not_processed_is_processed_on_the_next_start(emulator, bot):
    """Telegram was told it arrived (the next poll acknowledges it); the process stopped before
    its command ran: the next start runs it, from the database."""
    alice = Person(emulator, 11, "alice", "Alice")
    await bot.start()
    await emulator.fail_next("sendMessage", 1000)  # the first answer holds the chat's turn
    await alice.say("/open fibur 1v1 2")
    await alice.say("/open fibur pairs 4")  # queued behind it, taken from Telegram
    deadline = time.monotonic() + 10
    while True:
        with sqlite3.connect(bot.db) as db:
            kept = db.execute("SELECT COUNT(*) FROM inbox").fetchone()[0]
        if kept >= 1 and bot.waiting() >= 1:
            break
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)
    assert await bot.signal(signal.SIGTERM) == 0
    await emulator.fail_next("sendMessage", 0)
    await bot.start()
    await emulator.wait_for(has("Tavolo 2 aperto"), timeout=15)
    assert await bot.signal(signal.SIGTERM) == 0


async def test_a_clean_stop_logs_no_error(emulator, bot):
    bot.environment["ARBITRO_LOG_LEVEL"] = "WARNING"
    await bot.start()
    await Person(emulator, 11, "alice", "Alice").say("/help")
    await emulator.wait_for(has("Comandi"))
    assert await bot.signal(signal.SIGTERM) == 0
    assert bot.process is not None and bot.process.stderr is not None
    said = bot.process.stderr.read()
    assert "ERROR" not in said and "Traceback" not in said, said


async def test_a_token_revoked_while_running_ends_the_process_with_one_clear_line(emulator, bot):
    await bot.start()
    await emulator.revoke()
    assert bot.process is not None and bot.process.stderr is not None
    assert await asyncio.to_thread(bot.process.wait, 30) == 3
    said = bot.process.stderr.read()
    assert "no longer accepts the token in TELEGRAM_TOKEN" in said
    assert TOKEN not in said
