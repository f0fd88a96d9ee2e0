"""The raid check counts a chat's joins in the database: joins split between two bot
processes on one PostgreSQL database reach the chat's raid_joins together (each counting its
own in memory would see half the raid), and a restart between joins forgets none of them."""

from __future__ import annotations

import pytest

from bot.app import App
from bot.storage.database import SqliteDatabase
from tests.conftest import Chat, drop_schema, make_database
from tests.handlers.test_joins import _join


async def test_two_processes_count_one_raid_together(tmp_path):
    first = make_database("postgresql", tmp_path)
    second = type(first)(first.url, schema=first.schema)
    try:
        async with App(first) as one, App(second) as two:
            here = await Chat(one).setup()
            there = Chat(two, now=here.now)
            await here.say("mod", "/settings raid_joins=3/60s raid_time=10m")
            started = []
            for n, chat in enumerate((here, there, here, there)):  # two joins through each
                chat.now = max(here.now, there.now)
                said = await _join(chat, f"raider{n}", after=2)
                started.append(Chat.rulings(said, "raid_started"))
            assert [bool(found) for found in started] == [False, False, False, True]
            [ruling] = started[-1]
            assert (ruling["automatic"], ruling["joins"], ruling["seconds"]) == (True, 3, 60)
    finally:
        await second.close()
        await first.close()
        await drop_schema(first)


def _reopened(database):
    """The same database, as a new process opens it."""
    if isinstance(database, SqliteDatabase):
        return SqliteDatabase(database.path)
    return type(database)(database.url, schema=database.schema)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_a_restart_between_joins_keeps_the_count(kind, tmp_path):
    database = make_database(kind, tmp_path)
    again = None
    try:
        async with App(database) as before:
            chat = await Chat(before).setup()
            await chat.say("mod", "/settings raid_joins=3/60s raid_time=10m")
            for name in ("a1", "a2"):
                assert Chat.rulings(await _join(chat, name, after=5), "raid_started") == []
        await database.close()
        again = _reopened(database)
        async with App(again) as after:  # the bot started again
            chat = Chat(after, now=chat.now)
            assert Chat.rulings(await _join(chat, "a3", after=5), "raid_started") == []
            started = Chat.one(await _join(chat, "a4", after=5), "raid_started")
            assert (started["joins"], started["seconds"]) == (3, 60)
    finally:
        if again is not None:
            await again.close()
        await database.close()
        await drop_schema(database)
