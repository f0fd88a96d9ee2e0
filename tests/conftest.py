"""Shared fixtures: real databases (a SQLite file and a fresh PostgreSQL schema) and a chat."""

from __future__ import annotations

import asyncio
import os
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.app import App
from bot.handlers import Author, Incoming, Outgoing
from bot.storage.database import PostgresDatabase, SqliteDatabase

os.environ["ARBITRO_STRICT_I18N"] = "1"  # a message with a missing variable fails the test

POSTGRES_URL = os.environ.get(
    "ARBITRO_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REQUIRE_POSTGRES = os.environ.get("ARBITRO_REQUIRE_POSTGRES") == "1"


def _postgres_reason() -> str | None:
    async def probe() -> None:
        import asyncpg

        connection = await asyncpg.connect(POSTGRES_URL, timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except Exception as error:  # any failure to connect means: not reachable here
        return f"PostgreSQL not reachable at {POSTGRES_URL}: {error}"
    return None


POSTGRES_UNREACHABLE = _postgres_reason()


def make_database(kind: str, tmp_path) -> SqliteDatabase | PostgresDatabase:
    if kind == "sqlite":
        return SqliteDatabase(str(tmp_path / "arbitro.db"))
    if POSTGRES_UNREACHABLE:
        if REQUIRE_POSTGRES:
            pytest.fail(POSTGRES_UNREACHABLE)
        pytest.skip(POSTGRES_UNREACHABLE)
    return PostgresDatabase(POSTGRES_URL, schema=f"t_{uuid.uuid4().hex[:12]}")


async def drop_schema(database) -> None:
    if isinstance(database, PostgresDatabase) and database.schema:
        import asyncpg

        connection = await asyncpg.connect(POSTGRES_URL)
        try:
            await connection.execute(f'DROP SCHEMA IF EXISTS "{database.schema}" CASCADE')
        finally:
            await connection.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_kind(request) -> str:
    return request.param


@pytest.fixture
async def database(db_kind, tmp_path):
    database = make_database(db_kind, tmp_path)
    yield database
    await database.close()
    await drop_schema(database)


@pytest.fixture
async def app(database):
    async with App(database) as running:
        yield running


@dataclass
class Chat:
    """A chat as the console sees it: people by name, a clock that only moves forward."""

    app: App
    rulebook: str = "burraco"
    tz: str = "Europe/Rome"
    lang: str = "en"
    admins: tuple[str, ...] = ("mod",)
    chat: str = "main"
    now: datetime = field(
        default_factory=lambda: datetime(2026, 3, 2, 18, 0, tzinfo=ZoneInfo("Europe/Rome"))
    )
    sent: list[Outgoing] = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    async def setup(self) -> Chat:
        await self.app.layer.configure(
            "console",
            self.chat,
            {
                "rulebook": self.rulebook,
                "tz": self.tz,
                "lang": self.lang,
                "admins": list(self.admins),
                "ready_clock": "off",
                **self.extra,
            },
        )
        return self

    async def say(
        self,
        name: str,
        text: str,
        *,
        after: timedelta = timedelta(seconds=10),
        lang: str | None = None,
    ) -> list[Outgoing]:
        await self.advance(after)
        author = Author(name, name, None, name in self.admins, (), lang)
        out = await self.app.layer.handle(
            Incoming("console", self.chat, author, text, self.now, names_are_keys=True)
        )
        self.sent += out
        return out

    async def advance(self, delta: timedelta) -> list[Outgoing]:
        target = self.now + delta
        fired: list[Outgoing] = []
        while True:
            due = await self.app.timers.next_due()
            if due is None or due > target:
                break
            fired += await self.app.timers.fire_due(due)
        self.now = target
        self.sent += fired
        return fired

    @staticmethod
    def rulings(out: list[Outgoing], kind: str | None = None) -> list[dict]:
        """The rulings said, each once: a measure's private copy to its member is the same,
        and so are the copies each moderator receives of what is for them alone."""
        copies = ("dm", "moderator")
        said = {
            (o.ruling["type"], o.ruling.get("id")) for o in out if o.ruling and o.kind not in copies
        }
        found = []
        for o in out:
            if not o.ruling or (kind is not None and o.ruling["type"] != kind):
                continue
            key = (o.ruling["type"], o.ruling.get("id"))
            if o.kind in copies and key in said:
                continue
            if o.kind == "moderator":
                said.add(key)
            found.append(o.ruling)
        return found

    @staticmethod
    def one(out: list[Outgoing], kind: str) -> dict:
        found = Chat.rulings(out, kind)
        assert len(found) == 1, (kind, [o.ruling for o in out])
        return found[0]


@pytest.fixture
async def chat(app) -> Chat:
    return await Chat(app).setup()


@pytest.fixture
async def mcr_chat(app) -> Chat:
    return await Chat(
        app,
        rulebook="mcr",
        tz="UTC",
        admins=("ref",),
        now=datetime(2026, 5, 1, 9, tzinfo=ZoneInfo("UTC")),
    ).setup()
