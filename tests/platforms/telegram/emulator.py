"""The Telegram Bot API emulator (telegram-test-api, with the compatibility layer in
emulator/server.js) as a local process, and people who write to the bot through it."""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

HERE = Path(__file__).resolve().parent / "emulator"
TOKEN = "123456:TEST-token"
REQUIRE = os.environ.get("ARBITRO_REQUIRE_EMULATORS") == "1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def unavailable() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (HERE / "node_modules" / "telegram-test-api").is_dir():
        return "telegram-test-api is not installed (scripts/setup runs npm ci)"
    return None


# Telegram's sending limits as the emulator applies them: a group's 20 messages a minute over a
# second here (a test waits no minute), the bot's 30 a second in all as they are
GROUP_LIMIT = "20/1"
OVERALL_LIMIT = "30/1"


class Emulator:
    def __init__(self, group: str = GROUP_LIMIT, overall: str = OVERALL_LIMIT) -> None:
        """``group`` and ``overall``: Telegram's sending limits, ``COUNT/SECONDS``."""
        reason = unavailable()
        if reason:
            if REQUIRE:
                pytest.fail(reason)
            pytest.skip(reason)
        self.port = free_port()
        self.process = subprocess.Popen(
            ["node", "server.js", str(self.port), "--group", group, "--overall", overall],
            cwd=HERE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith("listening"), line
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.AsyncClient(base_url=self.url, timeout=10)
        self.update_ids = itertools.count(1)

    @property
    def api_url(self) -> str:
        return f"{self.url}/bot"

    async def close(self) -> None:
        await self.http.aclose()
        self.process.terminate()
        self.process.wait(timeout=10)

    async def post(self, path: str, payload: dict) -> dict:
        response = await self.http.post(path, json=payload)
        response.raise_for_status()
        return response.json()

    async def set_admins(self, chat_id: int, user_ids: list[int], *, notify: bool = False) -> None:
        """The group's administrators; ``notify``: Telegram tells the bot of each change."""
        await self.post(
            "/compat/admins",
            {"chatId": chat_id, "userIds": user_ids, "notify": notify, "token": TOKEN},
        )

    async def set_rights(self, chat_id: int, missing: list[str]) -> None:
        """The administrator rights the bot lacks in that chat (``can_restrict_members``)."""
        await self.post("/compat/rights", {"chatId": chat_id, "missing": missing})

    async def fail_next(self, method: str, times: int, status: int | str = 429) -> None:
        """The next ``times`` calls of ``method`` fail: 429 (retry after 1 s), 502, 400
        (TOPIC_CLOSED) or ``"drop"`` (no answer: the connection dropped, as a timeout)."""
        await self.post("/compat/fail", {"method": method, "times": times, "status": status})

    async def block(self, user_id: int) -> None:
        """The user blocks the bot: Telegram refuses its private messages to him (403)."""
        await self.post("/compat/block", {"userId": user_id})

    async def revoke(self) -> None:
        """The bot's token is revoked (BotFather's /revoke): Telegram answers 401 from now."""
        await self.post("/compat/revoke", {"token": TOKEN})

    async def calls(self, method: str | None = None) -> list[dict]:
        found = (await self.http.get("/compat/calls")).json()["result"]
        return [c for c in found if method is None or c["method"] == method]

    async def called(
        self, method: str, count: int = 1, timeout: float = 10.0, where=None
    ) -> list[dict]:
        """The bot's calls of ``method`` (those ``where`` holds for, given a predicate) once
        there are ``count`` of them: what a test asserts about a call it waits for, not for
        another message sent before it."""
        deadline = time.monotonic() + timeout
        while True:
            found = [c for c in await self.calls(method) if where is None or where(c)]
            if len(found) >= count:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{method} called {len(found)} times, not {count}")
            await asyncio.sleep(0.02)

    async def bot_messages(self) -> list[dict]:
        return (await self.post("/compat/messages", {"token": TOKEN}))["result"]

    async def wait_for(self, predicate, timeout: float = 30.0) -> list[dict]:
        """Wait until the bot's messages satisfy ``predicate``; return the new ones."""
        deadline = time.monotonic() + timeout
        while True:
            messages = await self.bot_messages()
            if predicate(messages):
                return messages
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; bot said: {[m.get('text') for m in messages]}")
            await asyncio.sleep(0.02)


@dataclass
class Person:
    """Someone in a Telegram group (or in his private chat with the bot)."""

    emulator: Emulator
    user_id: int
    username: str | None
    first_name: str
    chat: dict = field(
        default_factory=lambda: {"id": -1001, "type": "supergroup", "title": "Burraco Club"}
    )
    language_code: str = "it"

    @property
    def user(self) -> dict:
        user = {
            "id": self.user_id,
            "is_bot": False,
            "first_name": self.first_name,
            "language_code": self.language_code,
        }
        if self.username:
            user["username"] = self.username
        return user

    def private(self) -> Person:
        return Person(
            self.emulator,
            self.user_id,
            self.username,
            self.first_name,
            {"id": self.user_id, "type": "private", "first_name": self.first_name},
            self.language_code,
        )

    async def say(
        self,
        text: str,
        *,
        entities: list[dict] | None = None,
        reply_to: dict | None = None,
        **extra,
    ) -> None:
        message = {
            "botToken": TOKEN,
            "from": self.user,
            "chat": self.chat,
            "date": int(time.time()),
            "text": text,
            **extra,
        }
        if text.startswith("/"):
            length = len(text.split()[0])
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        if entities:
            message["entities"] = message.get("entities", []) + entities
        if reply_to is not None:
            message["reply_to_message"] = reply_to
        await self.emulator.post("/sendMessage", message)

    async def press(self, bot_message: dict, data: str) -> None:
        await self.emulator.post(
            "/sendCallback",
            {
                "botToken": TOKEN,
                "from": self.user,
                "data": data,
                "message": {
                    "message_id": bot_message["message_id"],
                    "date": bot_message["date"],
                    "chat": bot_message["chat"],
                    # a picture's message has a caption, not a text, as Telegram says
                    **(
                        {"photo": bot_message["photo"], "caption": bot_message.get("text", "")}
                        if bot_message.get("photo")
                        else {"text": bot_message.get("text", "")}
                    ),
                },
            },
        )
