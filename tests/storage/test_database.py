"""The SQLite adapter's own guarantees: one process per file, and the WAL copied into the
database file by the checkpointer (the connection itself never checkpoints)."""

import asyncio
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.storage.database import CHECKPOINT_EVERY, DatabaseInUse, SqliteDatabase

ROOT = Path(__file__).resolve().parents[2]


def rows_in_database_file(path: Path) -> int:
    """What the database file itself holds, ignoring the WAL."""
    connection = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return connection.execute("SELECT COUNT(*) FROM notes").fetchone()[0]
    except sqlite3.OperationalError:  # the table itself is still only in the WAL
        return 0
    finally:
        connection.close()


async def write_notes(database: SqliteDatabase, count: int) -> None:
    for n in range(count):
        async with database.transaction() as tx:
            tx.write("INSERT INTO notes (body) VALUES (?)", f"note {n}")


async def test_a_second_opening_of_the_same_file_is_refused_until_the_first_closes(tmp_path):
    first, second = (SqliteDatabase(str(tmp_path / "club.db")) for _ in range(2))
    await first.open()
    try:
        with pytest.raises(DatabaseInUse, match="another process"):
            await second.open()
    finally:
        await first.close()
    await second.open()
    async with second.transaction() as tx:
        assert await tx.fetchone("SELECT 1") == (1,)
    await second.close()


def test_a_second_bot_process_on_the_same_file_stops_with_a_clear_message(tmp_path):
    db = tmp_path / "club.db"
    first = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--db", str(db)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert first.stdout.readline().startswith("Arbitro console")
        second = subprocess.run(
            [sys.executable, "-m", "bot", "console", "--db", str(db)],
            cwd=ROOT,
            input="",
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2
        assert "served by another process" in second.stderr
        assert "Traceback" not in second.stderr
    finally:
        first.stdin.close()
        first.wait(timeout=30)
    assert first.returncode == 0
    after = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(db)],
        cwd=ROOT,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert after.returncode == 0, after.stderr  # the lock went with the first process


async def test_the_checkpointer_copies_the_wal_into_the_database_file(tmp_path):
    path = tmp_path / "club.db"
    database = SqliteDatabase(str(path))
    await database.open()
    async with database.transaction() as tx:
        tx.write("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    await write_notes(database, CHECKPOINT_EVERY // 2)
    assert rows_in_database_file(path) == 0  # still only in the WAL
    await write_notes(database, CHECKPOINT_EVERY)
    deadline = time.monotonic() + 10
    while rows_in_database_file(path) == 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.01)  # the copy runs on aiosqlite's worker thread
    assert rows_in_database_file(path) >= CHECKPOINT_EVERY // 2
    await write_notes(database, 3)
    await database.close()
    assert rows_in_database_file(path) == CHECKPOINT_EVERY * 3 // 2 + 3
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0


async def test_a_transaction_that_only_reads_takes_no_write_lock(tmp_path):
    database = SqliteDatabase(str(tmp_path / "club.db"))
    await database.open()
    try:
        async with database.transaction() as tx:
            await tx.fetchall("SELECT name FROM sqlite_master")
            assert not tx.started
            tx.write("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
            assert tx.started
    finally:
        await database.close()


async def test_the_same_file_by_another_path_is_the_same_lock(tmp_path):
    """Through a symlink or a relative path, it is the same database: refused."""
    path = tmp_path / "club.db"
    link = tmp_path / "alias.db"
    first = SqliteDatabase(str(path))
    await first.open()
    link.symlink_to(path)
    try:
        for other in (str(link), str(tmp_path / "." / "club.db")):
            with pytest.raises(DatabaseInUse):
                await SqliteDatabase(other).open()
    finally:
        await first.close()
    second = SqliteDatabase(str(link))
    await second.open()  # free again
    await second.close()


async def test_processes_starting_together_on_a_fresh_postgresql_schema(tmp_path):
    """Schema and migrations under one lock: none of them fails, every migration once."""
    import asyncio
    import uuid

    from bot.storage.migrations import LATEST, current_version, migrate
    from tests.conftest import POSTGRES_URL, drop_schema, make_database

    probe = make_database("postgresql", tmp_path)  # skips (or fails in CI) without a server
    for _ in range(5):
        schema = f"t_{uuid.uuid4().hex[:12]}"
        databases = [type(probe)(POSTGRES_URL, schema=schema) for _ in range(4)]

        async def start(database) -> list[int]:
            await database.open()
            return await migrate(database)

        try:
            applied = await asyncio.gather(*(start(d) for d in databases))
            assert sorted(n for numbers in applied for n in numbers) == list(range(1, LATEST + 1))
            assert await current_version(databases[0]) == LATEST
        finally:
            for database in databases:
                await database.close()
            await drop_schema(databases[0])
