"""Schema migrations upgrade an existing database in place, on SQLite and PostgreSQL."""

from datetime import UTC, datetime

from bot.discipline.rulings import Ruling
from bot.storage.codec import ruling_dumps, utc_text
from bot.storage.migrations import LATEST, current_version, migrate


async def test_upgrade_in_place_keeps_and_backfills_data(database):
    await database.open()
    assert await migrate(database, target=1) == [1]
    ruling = Ruling("stop", datetime(2026, 1, 1, tzinfo=UTC), "001 §5", {"player": "alice"})
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO communities (platform, chat, settings) VALUES (?, ?, ?)",
            "console",
            "main",
            "{}",
        )
        await tx.execute(
            "INSERT INTO rulings (community_id, at, type, subject, actor, body)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            1,
            utc_text(ruling.at),
            ruling.type,
            "alice",
            "mod",
            ruling_dumps(ruling),
        )
        correction = Ruling(
            "match_corrected", datetime(2026, 1, 2, tzinfo=UTC), "001 §2", {"amends": 1}
        )
        await tx.execute(
            "INSERT INTO rulings (community_id, at, type, subject, actor, body)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            1,
            utc_text(correction.at),
            correction.type,
            None,
            "mod",
            ruling_dumps(correction),
        )
    applied = await migrate(database)
    assert applied == list(range(2, LATEST + 1))
    assert await current_version(database) == LATEST
    async with database.transaction() as tx:
        rows = await tx.fetchall("SELECT member, ruling_id FROM ruling_people")
        assert rows == [("alice", 1)]
        assert (await tx.fetchone("SELECT COUNT(*) FROM rulings"))[0] == 2
        # each ruling keeps its id as its number in the chat, and the chat's next follows;
        # what a ruling amends is read out of it, for /ruling N
        assert await tx.fetchall("SELECT number, cites FROM rulings ORDER BY number") == [
            (1, None),
            (2, 1),
        ]
        assert await tx.fetchall("SELECT next_ruling FROM communities") == [(3,)]


async def test_rulings_are_numbered_in_each_chat(app):
    """#1, #2, #3… in each chat, whatever the other chats recorded meanwhile."""
    from tests.conftest import Chat

    first, second = Chat(app, chat="first"), Chat(app, chat="second")
    await first.setup()
    await second.setup()
    numbers = {"first": [], "second": []}
    for opener, chat in enumerate((first, second, first, second, first)):
        # each by another member: a member holds at most two empty tables (open_tables)
        out = await chat.say(f"p{opener}", "/open fibur 1v1 2")
        numbers[chat.chat] += [m.ruling["id"] for m in out if m.ruling and m.ruling.get("id")]
    assert numbers == {"first": [1, 2, 3], "second": [1, 2]}
    out = await second.say("mod", "/ruling 2")
    [view] = [m.ruling for m in out if m.ruling and m.ruling["type"] == "ruling"]
    assert view["decision"] == "table_opened" and view["fields"]["table"] == 2


async def test_migrating_twice_does_nothing(database):
    await database.open()
    await migrate(database)
    assert await migrate(database) == []


async def test_the_log_chats_are_indexed_from_the_settings_the_first_club_keeping_its_log(
    database,
):
    await database.open()
    await migrate(database, target=21)
    async with database.transaction() as tx:
        for chat, settings in (("a", '{"log": "-9"}'), ("b", '{"log": "-9"}'), ("c", "{}")):
            await tx.execute(
                "INSERT INTO communities (platform, chat, settings) VALUES (?, ?, ?)",
                "telegram",
                chat,
                settings,
            )
    await migrate(database)
    async with database.transaction() as tx:
        rows = await tx.fetchall("SELECT platform, chat, community_id FROM log_chats")
    assert rows == [("telegram", "-9", 1)]
