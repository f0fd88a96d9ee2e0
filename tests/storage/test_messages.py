"""The messages the bot has seen in a chat: newest first, by member, bounded by age and count."""

from datetime import UTC, datetime, timedelta

from bot.storage import messages
from bot.storage.store import Store

AT = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


async def _community(store: Store) -> int:
    return (await store.communities.create_community("telegram", "-100", {})).id


async def test_latest_messages_newest_first_of_one_member_or_all(app):
    async with app.database.transaction() as tx:
        store = Store(tx)
        cid = await _community(store)
        for n, who in enumerate(["ann", "bob", "ann", "bob", "bob"]):
            store.messages.note(cid, str(n + 1), who, AT + timedelta(seconds=n))
    async with app.database.transaction() as tx:
        store = Store(tx)
        now = AT + timedelta(minutes=1)
        assert [m.ref for m in await store.messages.latest(cid, now, 2, "bob")] == ["5", "4"]
        assert [m.ref for m in await store.messages.latest(cid, now, 10)] == list("54321")
        since = AT + timedelta(seconds=2)
        assert [m.ref for m in await store.messages.latest(cid, now, 10, "ann", since)] == ["3"]
        assert await store.messages.author_of(cid, "2") == "bob"
        found = await store.messages.latest(cid, now, 2)
        store.messages.forget(cid, [m.row for m in found])
        assert [m.ref for m in await store.messages.latest(cid, now, 10)] == ["3", "2", "1"]


async def test_what_is_older_than_two_days_or_beyond_the_count_is_not_kept(app, monkeypatch):
    monkeypatch.setattr(messages, "KEPT_PER_CHAT", 3)
    async with app.database.transaction() as tx:
        store = Store(tx)
        cid = await _community(store)
        store.messages.note(cid, "old", "ann", AT - timedelta(hours=49))
        for n in range(5):
            store.messages.note(cid, str(n), "bob", AT + timedelta(seconds=n))
        store.messages.trim(cid, AT + timedelta(seconds=5))
        rows = await tx.fetchall("SELECT ref FROM seen_messages ORDER BY id")
        assert [ref for (ref,) in rows] == ["2", "3", "4"]
        assert [m.ref for m in await store.messages.latest(cid, AT, 10)] == ["4", "3", "2"]
