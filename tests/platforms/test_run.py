"""Starting on the platforms: both at once on one database, and a start that cannot succeed
ending in one clear line."""

from __future__ import annotations

import pytest

from bot.config import Settings
from bot.platforms import run


async def test_an_unreachable_network_is_waited_for_then_given_up(monkeypatch):
    pauses: list[float] = []

    async def no_wait(seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr(run.asyncio, "sleep", no_wait)
    tries = 0

    async def down() -> None:
        nonlocal tries
        tries += 1
        raise ConnectionRefusedError

    with pytest.raises(run.StartFailed, match="cannot reach Telegram"):
        await run.with_retries("Telegram", down, (OSError,))
    assert tries == run.TRIES and pauses == [1, 2, 4, 8, 16]

    async def later() -> str:
        nonlocal tries
        tries += 1
        if tries < run.TRIES + 3:
            raise ConnectionRefusedError
        return "up"

    assert await run.with_retries("Telegram", later, (OSError,)) == "up"


async def test_a_refused_telegram_token_is_one_clear_line(tmp_path, monkeypatch):
    from telegram.error import InvalidToken

    from bot.platforms.telegram import TelegramBot

    async def refused(self) -> None:
        raise InvalidToken("Not Found")

    monkeypatch.setattr(TelegramBot, "start", refused)
    settings = Settings(f"sqlite:///{tmp_path}/a.db", "1:bad", None, "WARNING")
    with pytest.raises(run.StartFailed) as error:
        await run.serve(settings)
    assert str(error.value) == "Telegram refused the token in TELEGRAM_TOKEN"


async def test_a_refused_discord_token_is_one_clear_line(tmp_path, monkeypatch):
    import discord

    async def refused(self, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refused)
    settings = Settings(f"sqlite:///{tmp_path}/a.db", None, "x" * 60, "WARNING")
    with pytest.raises(run.StartFailed) as error:
        await run.serve(settings)
    assert str(error.value) == "Discord refused the token in DISCORD_TOKEN"


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_a_stop_while_telegram_is_waited_for_ends_the_waiting_at_once(tmp_path, signal_name):
    """Started with Telegram out of reach, the bot waits with growing pauses; a SIGTERM or
    SIGINT meanwhile stops it at once, exit 0, not after every try."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as unused:  # a port where nothing listens
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    env |= {
        "TELEGRAM_TOKEN": "123456:FAKE",
        "TELEGRAM_API_URL": f"http://127.0.0.1:{port}/bot",
        "ARBITRO_DATABASE_URL": f"sqlite:///{tmp_path}/a.db",
    }
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "run"],
        env=env,
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    said = ""
    assert bot.stderr is not None
    while "cannot be reached yet" not in said:  # it is waiting
        said += bot.stderr.readline()
        assert time.monotonic() < deadline and bot.poll() is None, said
    asked = time.monotonic()
    bot.send_signal(getattr(signal, signal_name))
    _, rest = bot.communicate(timeout=30)
    assert bot.returncode == 0, said + rest
    assert time.monotonic() - asked < 3, said + rest
    assert "stopped before it had started" in rest
