"""One transactional port over SQLite (sqlite3; aiosqlite checkpoints) and PostgreSQL (asyncpg).

SQL is written once with ``?`` placeholders and portable statements (``ON CONFLICT``,
``RETURNING``); the PostgreSQL adapter numbers the placeholders.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse

import aiosqlite

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)
Row = tuple[Any, ...]


class Transaction(Protocol):
    dialect: str

    def write(self, sql: str, *args: Any) -> None:
        """A statement whose result is not read: it may be sent later, before any read or
        the commit, in order."""

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    async def execute(self, sql: str, *args: Any) -> int: ...
    async def insert(self, sql: str, *args: Any) -> int:
        """An INSERT into a table with an ``id`` key: the id it took."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    async def fetchall(self, sql: str, *args: Any) -> list[Row]: ...
    async def fetchone(self, sql: str, *args: Any) -> Row | None: ...
    async def lock(self, key: int) -> None: ...

    def savepoint(self) -> AbstractAsyncContextManager[None]:
        """What runs inside it is undone alone when it raises; the rest of the transaction
        stays (a refused command: the speaker's return is kept, the command's writes not)."""
        ...


class Database(Protocol):
    dialect: str

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    def transaction(self) -> Any: ...
    async def read_one(self, sql: str, *args: Any) -> Row | None:
        """One read alone, outside any transaction: one round trip, one snapshot."""
        ...


SCHEMA_LOCK = 0x41524249  # the advisory lock under which schemas and migrations are made

# ---- SQLite ----------------------------------------------------------------------------------

_READS = ("SELECT", "WITH", "PRAGMA")
CHECKPOINT_EVERY = 100  # write transactions between two copies of the WAL into the database


class _SqliteTransaction:
    """Statements run on the event loop's thread, against the process's one connection.

    A statement on a local WAL file takes microseconds and, with ``synchronous=NORMAL``, a
    commit only appends to the WAL without waiting on the disk; handing each statement to a
    worker thread costs more than running it (two thread switches a statement, which on two
    busy cores was most of a command's time). The one step that waits on the disk, the
    checkpoint, runs on aiosqlite's worker thread (:class:`_Checkpointer`).

    The write transaction (BEGIN IMMEDIATE) opens with the first write. Reads before it see
    the committed state, which nothing can change meanwhile: the database serialises this
    process's transactions, and a SQLite file is served by one process (enforced by a lock
    file; several processes share PostgreSQL)."""

    dialect = "sqlite"

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._conn = connection
        self.started = False

    def _run(self, sql: str, args: Sequence[Any]) -> sqlite3.Cursor:
        if not self.started and not sql.lstrip().upper().startswith(_READS):
            self._conn.execute("BEGIN IMMEDIATE")
            self.started = True
        return self._conn.execute(sql, args)

    def write(self, sql: str, *args: Any) -> None:
        self._run(sql, args)

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not self.started:
            self._conn.execute("BEGIN IMMEDIATE")
            self.started = True
        self._conn.executemany(sql, rows)

    async def execute(self, sql: str, *args: Any) -> int:
        cursor = self._run(sql, args)
        return len(cursor.fetchall()) if " RETURNING " in sql else cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.write_many(sql, rows)

    async def insert(self, sql: str, *args: Any) -> int:
        row_id = self._run(sql, args).lastrowid
        assert row_id is not None
        return row_id

    async def fetchall(self, sql: str, *args: Any) -> list[Row]:
        return self._run(sql, args).fetchall()

    async def fetchone(self, sql: str, *args: Any) -> Row | None:
        return self._run(sql, args).fetchone()

    def commit(self) -> None:
        if self.started:
            self._conn.execute("COMMIT")

    def rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    async def lock(self, key: int) -> None:
        """SQLite transactions are already exclusive (BEGIN IMMEDIATE)."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        if not self.started:
            self._conn.execute("BEGIN IMMEDIATE")
            self.started = True
        self._conn.execute("SAVEPOINT command")
        try:
            yield
        except BaseException:
            self._conn.execute("ROLLBACK TO command")
            self._conn.execute("RELEASE command")
            raise
        self._conn.execute("RELEASE command")


class _Checkpointer:
    """Copies the WAL into the database file from time to time, on aiosqlite's worker thread
    and its own connection: the fsyncs stay off the event loop, and commands go on meanwhile
    (a PASSIVE checkpoint never waits for, nor blocks, a reader or the writer)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._task: asyncio.Task | None = None
        self._commits = 0

    async def open(self) -> None:
        self._db = await aiosqlite.connect(self.path, isolation_level=None)

    def committed(self) -> None:
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY and (self._task is None or self._task.done()):
            self._commits = 0
            self._task = asyncio.get_running_loop().create_task(self._checkpoint("PASSIVE"))
            self._task.add_done_callback(_log_failure)

    async def _checkpoint(self, mode: str) -> None:
        assert self._db is not None
        await self._db.execute(f"PRAGMA wal_checkpoint({mode})")

    async def close(self) -> None:
        """The last copy, which also empties the WAL file."""
        if self._db is None:
            return
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        try:
            await self._checkpoint("TRUNCATE")
        finally:
            await self._db.close()
            self._db = None


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("WAL checkpoint failed", exc_info=task.exception())


class DatabaseInUse(RuntimeError):
    """Another process serves this SQLite file."""


class DatabaseUnreachable(RuntimeError):
    """The database cannot be opened (a refused password, a database or a folder that does
    not exist): the message says which, never with a password."""


class DatabaseMissing(RuntimeError):
    """A read-only look found no bot database at the address given (it never makes one)."""


class DatabaseNotYetUp(DatabaseUnreachable):
    """The database server does not answer (yet): worth waiting for at start."""


class SqliteDatabase:
    """A SQLite file in WAL mode, served by one process; one transaction at a time."""

    dialect = "sqlite"

    def __init__(self, path: str, *, read_only: bool = False) -> None:
        self.path = path
        # read-only: a look beside the process that serves the file (its lock is not
        # taken, nothing is created, written or migrated)
        self.read_only = read_only
        self._conn: sqlite3.Connection | None = None
        self._checkpointer: _Checkpointer | None = None
        self._lock_file: Any = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        try:
            await self._open()
        except DatabaseMissing:
            await self.close()
            raise
        except (OSError, sqlite3.Error) as error:
            await self.close()
            raise DatabaseUnreachable(
                f"cannot open the SQLite database {self.path} ({type(error).__name__}: {error})"
            ) from None

    async def _open(self) -> None:
        on_disk = self.path != ":memory:" and not self.path.startswith("file::memory:")
        if self.read_only:
            if not on_disk or not Path(self.path).is_file():
                raise DatabaseMissing(f"no database at {self.path}")
            uri = f"{Path(self.path).resolve().as_uri()}?mode=ro"
            self._conn = sqlite3.connect(uri, uri=True, isolation_level=None)
            self._conn.execute("PRAGMA busy_timeout=2000")
            _found_tables(
                self.path,
                {row[0] for row in self._conn.execute("SELECT name FROM sqlite_master")},
            )
            return
        if on_disk:
            self._take_process_lock()
        self._conn = sqlite3.connect(self.path, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode survives a killed process; each commit is one WAL append.
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute("PRAGMA busy_timeout=2000")
        if on_disk:
            self._conn.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer does it
            self._checkpointer = _Checkpointer(self.path)
            await self._checkpointer.open()

    def _take_process_lock(self) -> None:
        """A second process on the same file would fire every timer twice: refuse it."""
        if fcntl is None:  # pragma: no cover - not POSIX
            return
        # the lock is on the database file itself: the same file by any path (a symlink, a
        # relative path) is the same lock. flock() and SQLite's own fcntl() locks are
        # independent, so this never gets in SQLite's way.
        handle = open(self.path, "ab")  # noqa: SIM115 - held until close()
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise DatabaseInUse(
                f"{self.path} is served by another process; a SQLite file serves one bot "
                "process (several processes share a PostgreSQL database)"
            ) from None
        self._lock_file = handle

    async def close(self) -> None:
        async with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._checkpointer is not None:
                await self._checkpointer.close()
                self._checkpointer = None
            if self._lock_file is not None:
                self._lock_file.close()  # releases the lock
                self._lock_file = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTransaction]:
        assert self._conn is not None, "database not open"
        async with self._lock:
            tx = _SqliteTransaction(self._conn)
            try:
                yield tx
                tx.commit()
            except BaseException:
                tx.rollback()
                raise
            if tx.started and self._checkpointer is not None:
                self._checkpointer.committed()

    async def read_one(self, sql: str, *args: Any) -> Row | None:
        async with self.transaction() as tx:  # a read alone begins no transaction
            return await tx.fetchone(sql, *args)


# ---- PostgreSQL ------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\?")


@functools.lru_cache(maxsize=1024)
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

    async def insert(self, sql: str, *args: Any) -> int:
        await self.flush()
        return int(await self._conn.fetchval(_numbered(sql + " RETURNING id"), *args))

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

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """The savepoint travels with the next statement, as writes do: a part that reads
        and writes nothing costs no round trip."""
        await self.flush()  # what came before is the server's: the savepoint marks after it
        mark = ("SAVEPOINT command", (), False)
        self._pending.append(mark)
        try:
            yield
        except BaseException:
            unsent = bool(self._pending) and self._pending[0] is mark
            self._pending.clear()  # what the undone part meant to write
            if not unsent:
                await self._conn.execute("ROLLBACK TO SAVEPOINT command")
            raise
        if self._pending == [mark]:
            self._pending.clear()  # nothing inside it: no savepoint needed
        else:
            self._pending.append(("RELEASE SAVEPOINT command", (), False))


async def _nothing_to_reset(connection: Any) -> None:
    """A connection goes back to the pool as it came: each use is one transaction whose locks
    end with it, and nothing sets, listens or keeps cursors. The default reset would cost every
    command one more round trip; only a transaction left open (it never is) is rolled back."""
    if connection.is_in_transaction():
        await connection.execute("ROLLBACK")


POOL_SIZE = 10  # connections a process keeps to PostgreSQL (?pool=N in the URL)
CONNECT_TIMEOUT = 10  # seconds to wait for the server's answer to one connection


class PostgresDatabase:
    """PostgreSQL through an asyncpg pool; ``schema`` isolates a deployment (or a test)."""

    dialect = "postgresql"

    def __init__(self, url: str, schema: str | None = None, *, read_only: bool = False) -> None:
        self.read_only = read_only  # nothing created, written or migrated: a look
        parsed = urlparse(url)
        query = parse_qs(parsed.query)
        self.schema = schema or query.get("schema", [None])[0]
        pool = query.get("pool", [str(POOL_SIZE)])[0]
        if not (pool.isascii() and pool.isdigit()) or not 1 <= int(pool) <= 100:
            raise ValueError(f"pool= takes a number of connections from 1 to 100, not {pool!r}")
        self.pool_size = int(pool)  # commands of different chats in flight at once
        self.url = parsed._replace(query="").geturl()
        self._pool: Any = None

    async def open(self) -> None:
        import asyncpg

        try:
            await self._open()
        except DatabaseMissing:
            await self.close()
            raise
        except (OSError, TimeoutError, asyncpg.CannotConnectNowError) as error:
            raise DatabaseNotYetUp(self._cannot(error)) from None
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnreachable(self._cannot(error)) from None

    def _cannot(self, error: BaseException) -> str:
        where = urlparse(self.url)
        host = f"{where.hostname or 'localhost'}:{where.port or 5432}{where.path}"
        return f"cannot reach PostgreSQL at {host} ({type(error).__name__}: {error})"

    async def _open(self) -> None:
        import asyncpg

        settings = {"search_path": self.schema} if self.schema else {}
        if self.read_only:
            settings["default_transaction_read_only"] = "on"
        if self.schema and not self.read_only:
            connection = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT)
            try:  # processes starting together create it once, one after the other
                async with connection.transaction():
                    await connection.execute("SELECT pg_advisory_xact_lock($1)", SCHEMA_LOCK)
                    await connection.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            finally:
                await connection.close()
        self._pool = await asyncpg.create_pool(
            self.url,
            timeout=CONNECT_TIMEOUT,
            min_size=1,
            max_size=self.pool_size,
            server_settings=settings,
            reset=_nothing_to_reset,
        )
        if self.read_only:
            async with self._pool.acquire() as connection:
                rows = await connection.fetch(
                    "SELECT table_name FROM information_schema.tables"
                    " WHERE table_schema = current_schema()"
                )
            where = urlparse(self.url)
            _found_tables(
                f"{where.hostname or 'localhost'}{where.path}"
                + (f"?schema={self.schema}" if self.schema else ""),
                {row[0] for row in rows},
            )

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

    async def read_one(self, sql: str, *args: Any) -> Row | None:
        """No BEGIN and COMMIT around it: each would be one more round trip."""
        assert self._pool is not None, "database not open"
        async with self._pool.acquire() as connection:
            row = await connection.fetchrow(_numbered(sql), *args)
        return None if row is None else tuple(row)


def _found_tables(where: str, tables: set[str]) -> None:
    """A read-only look needs the bot's own tables (``outbox``, ``timers``) there."""
    if not {"outbox", "timers"} <= tables:
        raise DatabaseMissing(f"no Arbitro database at {where}")


def database_from_url(url: str, *, read_only: bool = False) -> SqliteDatabase | PostgresDatabase:
    """``sqlite:///path/to/file.db`` (or a bare path) or ``postgresql://…[?schema=name]``;
    ``read_only``: a look that never creates, writes or migrates anything."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresDatabase(url, read_only=read_only)
    if url.startswith("sqlite:///"):
        return SqliteDatabase(url[len("sqlite:///") :], read_only=read_only)
    if url.startswith("sqlite://"):
        return SqliteDatabase(url[len("sqlite://") :] or ":memory:", read_only=read_only)
    return SqliteDatabase(url, read_only=read_only)
