"""One transactional port over SQLite (aiosqlite) and PostgreSQL (asyncpg).

SQL is written once with ``?`` placeholders and portable statements (``ON CONFLICT``,
``RETURNING``); the PostgreSQL adapter numbers the placeholders.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse

import aiosqlite

Row = tuple[Any, ...]


class Transaction(Protocol):
    dialect: str

    def write(self, sql: str, *args: Any) -> None:
        """A statement whose result is not read: it may be sent later, before any read or
        the commit, in order."""

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    async def execute(self, sql: str, *args: Any) -> int: ...
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    async def fetchall(self, sql: str, *args: Any) -> list[Row]: ...
    async def fetchone(self, sql: str, *args: Any) -> Row | None: ...
    async def lock(self, key: int) -> None: ...


class Database(Protocol):
    dialect: str

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    def transaction(self) -> Any: ...


# ---- SQLite ----------------------------------------------------------------------------------

_READS = ("SELECT", "WITH", "PRAGMA")


class _SqliteTransaction:
    """Statements whose result nobody reads (:meth:`write`) wait, and go to aiosqlite's worker
    thread together with the next statement that is read, or with the COMMIT: one hop to the
    worker thread per read instead of one per statement (the hop, not SQLite, is the cost).

    The write transaction (BEGIN IMMEDIATE) opens with the first write, so a command that only
    reads costs one hop. Reads before it see the committed state, which nothing can change
    meanwhile: the database serialises this process's transactions, and a SQLite file is
    served by one bot process (several processes share PostgreSQL)."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._pending: list[tuple[str, Sequence[Any], bool]] = []
        self.started = False

    @staticmethod
    def _run_batch(connection: sqlite3.Connection, batch: list, last: tuple | None):
        for sql, args, many in batch:
            if many:
                connection.executemany(sql, args)
            else:
                connection.execute(sql, args)
        if last is None:
            return [], 0
        cursor = connection.execute(*last)
        rows = cursor.fetchall()
        return rows, cursor.rowcount

    async def _send(self, last: tuple | None, *, finish: bool = False) -> tuple[list, int]:
        batch, self._pending = self._pending, []
        writes = bool(batch) or (last is not None and not last[0].lstrip().upper().startswith(
            _READS))
        if writes and not self.started:
            batch.insert(0, ("BEGIN IMMEDIATE", (), False))
            self.started = True
        if finish and self.started:
            batch.append(("COMMIT", (), False))
        if not batch and last is None:
            return [], 0
        # aiosqlite's own queue: the path its public methods take, one function a hop
        return await self._db._execute(self._run_batch, self._db._conn, batch, last)

    def write(self, sql: str, *args: Any) -> None:
        self._pending.append((sql, args, False))

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._pending.append((sql, list(rows), True))

    async def execute(self, sql: str, *args: Any) -> int:
        rows, count = await self._send((sql, args))
        return len(rows) if " RETURNING " in sql else count

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.write_many(sql, rows)

    async def fetchall(self, sql: str, *args: Any) -> list[Row]:
        rows, _ = await self._send((sql, args))
        return [tuple(r) for r in rows]

    async def fetchone(self, sql: str, *args: Any) -> Row | None:
        rows, _ = await self._send((sql, args))
        return tuple(rows[0]) if rows else None

    async def commit(self) -> None:
        await self._send(None, finish=True)

    async def rollback(self) -> None:
        self._pending = []
        if self.started:
            # the failed batch may never have opened the transaction
            with contextlib.suppress(sqlite3.OperationalError):
                await self._db.execute("ROLLBACK")

    async def lock(self, key: int) -> None:
        """SQLite transactions are already exclusive (BEGIN IMMEDIATE)."""


class SqliteDatabase:
    """A SQLite file in WAL mode; one writer at a time, serialised in-process."""

    dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode survives a killed process; each commit is one WAL append.
        await self._db.execute("PRAGMA synchronous=NORMAL")
        await self._db.execute("PRAGMA busy_timeout=10000")

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTransaction]:
        assert self._db is not None, "database not open"
        async with self._lock:
            tx = _SqliteTransaction(self._db)
            try:
                yield tx
            except BaseException:
                await tx.rollback()
                raise
            else:
                try:
                    await tx.commit()
                except BaseException:
                    await tx.rollback()
                    raise


# ---- PostgreSQL ------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\?")


def _numbered(sql: str) -> str:
    counter = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


class _PostgresTransaction:
    dialect = "postgresql"

    def __init__(self, connection: Any) -> None:
        self._conn = connection
        self._pending: list[tuple[str, Sequence[Any], bool]] = []

    def write(self, sql: str, *args: Any) -> None:
        self._pending.append((sql, args, False))

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._pending.append((sql, list(rows), True))

    async def flush(self) -> None:
        batch, self._pending = self._pending, []
        for sql, args, many in batch:
            if many:
                await self._conn.executemany(_numbered(sql), args)
            else:
                await self._conn.execute(_numbered(sql), *args)

    async def execute(self, sql: str, *args: Any) -> int:
        await self.flush()
        if " RETURNING " in sql:
            return len(await self._conn.fetch(_numbered(sql), *args))
        status = await self._conn.execute(_numbered(sql), *args)
        tail = status.rsplit(" ", 1)[-1]
        return int(tail) if tail.isdigit() else 0

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.write_many(sql, rows)

    async def fetchall(self, sql: str, *args: Any) -> list[Row]:
        await self.flush()
        return [tuple(r) for r in await self._conn.fetch(_numbered(sql), *args)]

    async def fetchone(self, sql: str, *args: Any) -> Row | None:
        await self.flush()
        row = await self._conn.fetchrow(_numbered(sql), *args)
        return None if row is None else tuple(row)

    async def lock(self, key: int) -> None:
        """Serialise writers of one community across processes until the transaction ends."""
        await self.flush()
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", key)


class PostgresDatabase:
    """PostgreSQL through an asyncpg pool; ``schema`` isolates a deployment (or a test)."""

    dialect = "postgresql"

    def __init__(self, url: str, schema: str | None = None) -> None:
        parsed = urlparse(url)
        query = parse_qs(parsed.query)
        self.schema = schema or query.get("schema", [None])[0]
        self.url = parsed._replace(query="").geturl()
        self._pool: Any = None

    async def open(self) -> None:
        import asyncpg

        settings = {"search_path": self.schema} if self.schema else {}
        if self.schema:
            connection = await asyncpg.connect(self.url)
            try:
                await connection.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            finally:
                await connection.close()
        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=4,
                                               server_settings=settings)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_PostgresTransaction]:
        assert self._pool is not None, "database not open"
        async with self._pool.acquire() as connection, connection.transaction():
            tx = _PostgresTransaction(connection)
            yield tx
            await tx.flush()


def database_from_url(url: str) -> SqliteDatabase | PostgresDatabase:
    """``sqlite:///path/to/file.db`` (or a bare path) or ``postgresql://…[?schema=name]``."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresDatabase(url)
    if url.startswith("sqlite:///"):
        return SqliteDatabase(url[len("sqlite:///"):])
    if url.startswith("sqlite://"):
        return SqliteDatabase(url[len("sqlite://"):] or ":memory:")
    return SqliteDatabase(url)
