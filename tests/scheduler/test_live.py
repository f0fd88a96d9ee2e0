"""The live clock: missed timers fire at once on start, exactly once; failed deliveries stay
in the outbox and go out on the next start."""

import asyncio
from datetime import UTC, datetime, timedelta

from bot.app import App
from bot.handlers import Author, Incoming
from bot.scheduler.live import LiveScheduler
from tests.conftest import make_database
from tests.delivery.recording import RecordingMessenger

START = datetime(2026, 6, 1, 10, tzinfo=UTC)


async def stop_someone(app: App, at: datetime = START) -> None:
    await app.layer.configure("console", "main", {"rulebook": "burraco", "admins": ["mod"]})
    await app.layer.handle(Incoming("console", "main", Author("pia", "pia"), "spam!", at))
    await app.layer.handle(
        Incoming(
            "console",
            "main",
            Author("mod", "mod", None, True),
            "/stop @pia 2h spam",
            at,
            names_are_keys=True,
        )
    )


def told(messenger: RecordingMessenger) -> list[tuple[str, str | None]]:
    return [(r.target, r.ruling_type) for r in messenger.sent]


REMINDER = ("private", "stop_reminder")
EVERYTHING = sorted([("group", "stop"), ("private", "stop"), ("private", "stop_ended"), REMINDER])


async def test_missed_timers_fire_at_once_on_start_and_only_once(tmp_path):
    database = make_database("sqlite", tmp_path)
    async with App(database) as app:
        await stop_someone(app)
    messenger = RecordingMessenger()
    later = START + timedelta(hours=5)  # the bot was down through the reminder and the end
    async with App(type(database)(database.path)) as app:
        app.delivery.register(messenger)
        live = LiveScheduler(app.timers, app.delivery, clock=lambda: later)
        await live.start()
        await live.stop()
    # the stop's own notice too, and its private copy to the member: recorded while no
    # platform could take them, sent now
    assert sorted(told(messenger)) == EVERYTHING
    messenger.sent.clear()
    async with App(type(database)(database.path)) as app:
        app.delivery.register(messenger)
        live = LiveScheduler(app.timers, app.delivery, clock=lambda: later + timedelta(hours=1))
        await live.start()
        await live.stop()
    assert messenger.sent == []


async def test_a_failed_delivery_is_retried_from_the_outbox(tmp_path):
    database = make_database("sqlite", tmp_path)
    async with App(database) as app:
        await stop_someone(app)

    down = RecordingMessenger(unreachable=10)
    later = START + timedelta(hours=3)
    async with App(type(database)(database.path)) as app:
        app.delivery.register(down)
        live = LiveScheduler(app.timers, app.delivery, clock=lambda: later)
        await live.start()
        await live.stop()
    assert down.sent == []
    messenger = RecordingMessenger()
    async with App(type(database)(database.path)) as app:
        app.delivery.register(messenger)
        # the next start, after the pause a failed message waits
        live = LiveScheduler(app.timers, app.delivery, clock=lambda: later + timedelta(minutes=1))
        await live.start()
        await live.stop()
    assert sorted(told(messenger)) == EVERYTHING


async def test_the_next_wake_up_is_armed_for_the_next_due_timer(tmp_path):
    # APScheduler waits on the real clock: put the story in the future so that nothing fires
    # by itself while the test drives the wake-ups.
    future = datetime.now(UTC).replace(microsecond=0) + timedelta(days=365)
    database = make_database("sqlite", tmp_path)
    messenger = RecordingMessenger()
    async with App(database) as app:
        app.delivery.register(messenger)
        await stop_someone(app, future)
        now = [future]
        live = LiveScheduler(app.timers, app.delivery, clock=lambda: now[0])
        await live.start()
        job = live.scheduler.get_job("timers")
        assert job.next_run_time == future + timedelta(hours=1)  # the reminder
        now[0] = future + timedelta(hours=1)
        await live.wake()
        await asyncio.sleep(0)
        assert told(messenger) == [("group", "stop"), ("private", "stop"), REMINDER]
        assert live.scheduler.get_job("timers").next_run_time == future + timedelta(hours=2)
        await live.stop()


async def test_what_is_older_than_the_retention_is_pruned_and_nothing_else(app):
    """Processed updates, delivered (or dead) messages, pages and flood marks are forgotten
    after the retention; rulings, the audit and undelivered messages never are (on both
    databases)."""
    from datetime import UTC, datetime, timedelta

    from bot.scheduler.live import LiveScheduler
    from bot.storage.store import Store
    from tests.conftest import Chat

    now = datetime(2026, 6, 1, 12, tzinfo=UTC)
    old, recent = now - timedelta(days=8), now - timedelta(days=1)
    chat = await Chat(app, chat="pruned").setup()
    await chat.say("mod", "/open fibur 1v1 2")
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.community("console", "pruned")
        store.outbox.record_update("telegram", "old", old)
        store.outbox.record_update("telegram", "recent", recent)
        for at, delivered in ((old, True), (recent, True), (old, False)):
            outbox_id = await store.outbox.add_to_outbox(community.id, at, {"text": "hi"}, at)
            if delivered:
                await store.outbox.mark_delivered(outbox_id, at)
        await store.pages.add_pages(community.id, "a" * 16, "en", ["a", "b"], old)
        await store.pages.add_pages(community.id, "b" * 16, "en", ["c", "d"], recent)
        await store.floods.count(community.id, "ann", old.timestamp(), 10)
        await store.floods.count(community.id, "bob", recent.timestamp(), 10)
        for at in (old, recent):  # a join long ago, and one lately (a window from the epoch)
            await store.joins.count(community.id, at.timestamp(), 0.0, 10)
    live = LiveScheduler(app.timers, app.delivery, lambda: now, retention=timedelta(days=7))
    pruned = await live.prune()
    assert pruned == {
        "processed_updates": 1,
        "outbox": 1,
        "pages": 1,
        "flood_marks": 1,
        "join_marks": 1,
    }
    async with app.database.transaction() as tx:
        assert await tx.fetchall("SELECT update_key FROM processed_updates") == [("recent",)]
        waiting = await tx.fetchone("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL")
        assert waiting[0] >= 1  # what was never delivered stays, to be delivered
        assert (await tx.fetchone("SELECT COUNT(*) FROM rulings"))[0] >= 1
    again = {"processed_updates": 0, "outbox": 0, "pages": 0, "flood_marks": 0, "join_marks": 0}
    assert await live.prune() == again
