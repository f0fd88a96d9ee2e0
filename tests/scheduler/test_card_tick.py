"""The minute tick shows the minutes left on every card on screen, and writes nothing."""

from datetime import timedelta

from tests.conftest import Chat
from tests.delivery.recording import RecordingMessenger


async def test_tick_counts_down_only_cards_on_screen(chat: Chat):
    chat.app.delivery.register(RecordingMessenger())
    for name, text in [("alice", "/open fibur 1v1 2"), ("alice", "/sit 1"), ("bob", "/sit 1")]:
        await chat.say(name, text)
    # her card is on screen at once, in the message the delivery layer keeps
    await chat.say("alice", "/abandon 1")
    edits = await chat.app.delivery.card_edits(chat.now + timedelta(seconds=150))
    assert [(e.member, e.remaining_seconds) for e in edits] == [("alice", 750)]
    assert "13 minutes" in edits[0].text
    await chat.say("alice", "/leave")
    assert await chat.app.delivery.card_edits(chat.now + timedelta(minutes=1)) == []


async def test_a_new_chat_gets_its_new_year_timer(app):
    from datetime import UTC, datetime

    from bot.handlers import Author, Incoming
    from bot.storage.store import Store

    await app.layer.handle(
        Incoming(
            "telegram",
            "-77",
            Author("1", "ann", 1),
            "hello",
            datetime(2026, 12, 31, 22, 30, tzinfo=UTC),
            defaults={"rulebook": "burraco"},
        )
    )
    async with app.database.transaction() as tx:
        due = await Store(tx).timers.next_due()
    # 1 January in Rome is 23:00 UTC on 31 December
    assert due == datetime(2026, 12, 31, 23, 0, tzinfo=UTC)
    fired = await app.timers.fire_due(due)
    assert [m.ruling["year"] for m in fired] == [2027]
