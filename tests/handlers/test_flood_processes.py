"""The flood check counts a chat's messages across every bot process on one PostgreSQL
database: two processes taking two messages each mute the member with flood=3/10 (each
process counting its own in memory would see two). SQLite, one process, counts in memory."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.app import App
from tests.conftest import Chat, drop_schema, make_database


async def test_two_processes_count_one_member_s_messages_together(tmp_path):
    first = make_database("postgresql", tmp_path)
    second = type(first)(first.url, schema=first.schema)
    try:
        async with App(first) as one, App(second) as two:
            here = await Chat(one).setup()
            there = Chat(two, now=here.now)
            await here.say("mod", "/settings flood=3/10 flood_mute=30m")
            muted = []
            for chat in (here, there, here, there):  # two messages through each process
                chat.now = max(here.now, there.now)
                said = await chat.say("bob", "buy now", after=timedelta(seconds=1))
                muted.append(Chat.rulings(said, "flood_muted"))
            assert [bool(found) for found in muted] == [False, False, False, True]
            [ruling] = muted[-1]
            assert (ruling["player"], ruling["messages"], ruling["seconds"]) == ("bob", 3, 10)
    finally:
        await second.close()
        await first.close()
        await drop_schema(first)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_where_the_count_is_kept(kind, tmp_path):
    database = make_database(kind, tmp_path)
    try:
        async with App(database) as app:
            assert app.layer.flood.shared == (kind == "postgresql")
    finally:
        await database.close()
        await drop_schema(database)
