"""What a timer says goes to the forum topic of the command that caused it, also when the
timer was armed by another timer (a card served, then the stop it brought ending)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from bot.delivery import Envelope, Sent
from bot.handlers import Author, Incoming, Origin
from tests.conftest import Chat
from tests.delivery.recording import RecordingMessenger

TOPIC = 77


@dataclass
class TopicsSeen(RecordingMessenger):
    topics: list[tuple[str | None, int | None]] = field(default_factory=list)

    async def send(self, envelope: Envelope) -> Sent:
        if envelope.target.where == "group":
            self.topics.append((envelope.message.ruling_type, envelope.target.thread))
        return await super().send(envelope)


async def test_a_stop_a_served_card_brings_ends_in_the_topic_of_the_table(chat: Chat):
    messenger = TopicsSeen()
    chat.app.delivery.register(messenger)
    for name, text in [
        ("alice", "/open fibur 1v1 2"),
        ("alice", "/sit 1"),
        ("bob", "/sit 1"),
        ("alice", "/abandon 1"),
    ]:
        await chat.advance(timedelta(seconds=10))
        author = Author(name, name, None, name in chat.admins)
        await chat.app.layer.handle(
            Incoming(
                "console",
                chat.chat,
                author,
                text,
                chat.now,
                names_are_keys=True,
                origin=Origin("console", thread=TOPIC),
            )
        )
    await chat.advance(timedelta(days=3))  # the card served, what it brought, and its end
    fired = [kind for kind, _ in messenger.topics]
    assert "card_served" in fired or len(fired) > 5, fired
    assert all(topic == TOPIC for _, topic in messenger.topics), messenger.topics


async def test_a_timer_armed_by_a_timer_keeps_the_topic_of_the_one_that_fired(chat: Chat):
    """The New Year's timer, armed in a topic, arms next year's as it fires: in the same
    topic (so would any timer a firing one arms)."""
    from datetime import UTC, datetime

    from bot.storage.store import unit_of_work

    async with unit_of_work(chat.app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        await store.timers.cancel(community.id, "year_reset", "year")
        store.thread = TOPIC
        due = datetime(2027, 1, 1, tzinfo=UTC)
        await store.timers.schedule(community.id, "year_reset", "year", due)
    await chat.app.timers.fire_due(due + timedelta(seconds=1))
    async with chat.app.database.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT due_at, payload FROM timers WHERE kind = 'year_reset' AND state = 'pending'"
        )
    [(next_due, payload)] = rows
    assert next_due.startswith("2027-12-31") or next_due.startswith("2028")
    assert f'"thread": {TOPIC}' in payload
