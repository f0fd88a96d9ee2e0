"""The outbox: messages recorded with the decisions that caused them, sent when the platform
can take them. Each row is leased while one process sends it; a failure is retried later with
a growing pause, and after :data:`MAX_ATTEMPTS` (or at once, when the platform says it would
never take it) the row is dead: kept with its reason, reported in the moderators' log, and no
longer blocking anything."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.handlers import Outgoing
from bot.storage.database import Database
from bot.storage.store import Store

LEASE = timedelta(minutes=2)  # while one process sends a message, the others keep off
MAX_ATTEMPTS = 12
FIRST_PAUSE = timedelta(seconds=30)
LONGEST_PAUSE = timedelta(hours=1)


def record_of(message: Outgoing) -> dict:
    return {
        "at": message.at.isoformat(),
        "chat": message.chat,
        "kind": message.kind,
        "to": message.to,
        "to_name": message.to_name,
        "lang": message.lang,
        "text": message.text,
        "ruling": message.ruling,
        "platform": message.platform,
        "ruling_type": message.ruling_type,
        "names": message.names,
        "tz": message.tz,
        "channel": message.channel,
    }


def message_of(record: dict, outbox_id: int | None = None) -> Outgoing:
    return Outgoing(
        datetime.fromisoformat(record["at"]),
        record["chat"],
        record["kind"],
        record["to"],
        record.get("to_name"),
        record["lang"],
        record["text"],
        record["ruling"],
        record.get("platform", ""),
        record.get("ruling_type"),
        outbox_id,
        record.get("names", {}),
        record.get("tz", "UTC"),
        record.get("channel"),
    )


def pause_after(attempts: int) -> timedelta:
    """How long a message that failed ``attempts`` times waits before the next try."""
    return min(LONGEST_PAUSE, FIRST_PAUSE * 2 ** max(0, attempts - 1))


class Outbox:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def add(self, messages: list[Outgoing]) -> None:
        """Messages that could not be sent now: a later delivery round sends them."""
        async with self.database.transaction() as tx:
            store = Store(tx)
            for message in messages:
                community = await store.community(message.platform, message.chat)
                if community is not None:
                    await store.add_to_outbox(community.id, message.at, record_of(message))

    async def claim(
        self, platforms: tuple[str, ...], now: datetime, limit: int = 100
    ) -> list[tuple[Outgoing, int]]:
        """Messages for these platforms that are due and nobody is sending, leased to the
        caller, with how many times each has been tried (this one included)."""
        async with self.database.transaction() as tx:
            claimed = await Store(tx).claim_undelivered(platforms, now, LEASE, limit)
        return [(message_of(record, outbox_id), tries) for outbox_id, record, tries in claimed]

    async def delivered(self, outbox_ids: list[int], at: datetime) -> None:
        if not outbox_ids:
            return
        async with self.database.transaction() as tx:
            store = Store(tx)
            for outbox_id in outbox_ids:
                await store.mark_delivered(outbox_id, at)

    async def failed(
        self, message: Outgoing, tries: int, now: datetime, error: str, *, final: bool
    ) -> bool:
        """Record a failed try: retried later, or dead (True) after the last try, or at once
        when ``final``. A dead message is reported in its community's moderators' log."""
        assert message.outbox_id is not None
        dead = final or tries >= MAX_ATTEMPTS
        async with self.database.transaction() as tx:
            store = Store(tx)
            if not dead:
                await store.retry_later(
                    message.outbox_id, tries, now + pause_after(tries), error, record_of(message)
                )
                return False
            community_id = await store.mark_dead(message.outbox_id, now, error)
            await store.audit(
                community_id, now, BOT, "undeliverable", message.to, error[:300], None
            )
        return True


BOT = "arbitro"  # the actor of what the bot records by itself

__all__ = ["BOT", "LEASE", "MAX_ATTEMPTS", "Outbox", "message_of", "pause_after", "record_of"]
