"""The messages the bot has seen in each chat lately: who wrote which, and when. Kept so that
/purge and a ban that purges know what to take out; bounded by age and by count per chat."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import count

from bot.storage.codec import from_utc_text, utc_text
from bot.storage.repository import Repository

KEPT_FOR = timedelta(hours=48)  # Telegram deletes nothing older; Discord purges no older
KEPT_PER_CHAT = 1000
PRUNE_EVERY = 100  # a chat's record is trimmed at every this many messages noted
_noted = count(1)


@dataclass(frozen=True)
class SeenMessage:
    row: int
    ref: str | None  # the platform's id (``channel:id`` where chats have channels); None: none
    member: str
    at: datetime


class Messages(Repository):
    """The chat's recent messages (at most :data:`KEPT_PER_CHAT`, none older than
    :data:`KEPT_FOR`)."""

    def note(self, community_id: int, ref: str | None, member: str, at: datetime) -> None:
        self.tx.write(
            "INSERT INTO seen_messages (community_id, ref, member, at) VALUES (?, ?, ?, ?)",
            community_id,
            ref,
            member,
            utc_text(at),
        )
        if next(_noted) % PRUNE_EVERY == 0:
            self.trim(community_id, at)

    def trim(self, community_id: int, now: datetime) -> None:
        """Forget what is too old, and all but the chat's latest :data:`KEPT_PER_CHAT`."""
        self.tx.write(
            "DELETE FROM seen_messages WHERE community_id = ? AND (at < ? OR id <= COALESCE("
            "(SELECT id FROM seen_messages WHERE community_id = ? ORDER BY id DESC"
            " LIMIT 1 OFFSET ?), 0))",
            community_id,
            utc_text(now - KEPT_FOR),
            community_id,
            KEPT_PER_CHAT,
        )

    async def latest(
        self,
        community_id: int,
        now: datetime,
        limit: int,
        member: str | None = None,
        since: datetime | None = None,
    ) -> list[SeenMessage]:
        """The chat's latest ``limit`` messages (of ``member``; from ``since``), newest first,
        among those still kept."""
        oldest = max(now - KEPT_FOR, since) if since is not None else now - KEPT_FOR
        rows = await self.tx.fetchall(
            "SELECT id, ref, member, at FROM seen_messages WHERE id IN (SELECT id"
            " FROM seen_messages WHERE community_id = ? ORDER BY id DESC LIMIT ?)"
            " AND at >= ? AND (? = '' OR member = ?) ORDER BY id DESC LIMIT ?",
            community_id,
            KEPT_PER_CHAT,
            utc_text(oldest),
            member or "",
            member or "",
            limit,
        )
        return [SeenMessage(row, ref, who, from_utc_text(at)) for row, ref, who, at in rows]

    async def author_of(self, community_id: int, ref: str) -> str | None:
        row = await self.tx.fetchone(
            "SELECT member FROM seen_messages WHERE community_id = ? AND ref = ?"
            " ORDER BY id DESC LIMIT 1",
            community_id,
            ref,
        )
        return row[0] if row else None

    async def seen_at(self, community_id: int, ref: str) -> datetime | None:
        """When the bot saw that message (None: not among those it keeps)."""
        row = await self.tx.fetchone(
            "SELECT at FROM seen_messages WHERE community_id = ? AND ref = ?"
            " ORDER BY id DESC LIMIT 1",
            community_id,
            ref,
        )
        return from_utc_text(row[0]) if row else None

    def forget(self, community_id: int, rows: list[int]) -> None:
        """Messages taken out of the chat (by their rows): no longer there to purge."""
        self.tx.write_many(
            "DELETE FROM seen_messages WHERE community_id = ? AND id = ?",
            [(community_id, row) for row in rows],
        )
