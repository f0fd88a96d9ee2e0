"""Each member's recent message instants, shared by every bot process on one database: the
flood check of a chat served by several processes counts all of its messages (a process's
own memory would see only those it received). A message costs one statement: its instant
added, those out of the window dropped, the rest counted."""

from __future__ import annotations

from bot.storage.repository import Repository

# PostgreSQL: the three steps in one statement (one round trip); its count reads the rows
# as they were before the statement, this message's instant not among them
_COUNTED = (
    "WITH gone AS (DELETE FROM flood_marks WHERE community_id = ? AND member = ? AND at <= ?),"
    " added AS (INSERT INTO flood_marks (community_id, member, at, album) VALUES (?, ?, ?, ?))"
    " SELECT COUNT(*) FROM flood_marks WHERE community_id = ? AND member = ? AND at > ?"
)


class Floods(Repository):
    """The instants of each member's messages within his chat's flood window."""

    async def count(
        self, community_id: int, member: str, at: float, seconds: int, album: str | None = None
    ) -> int | None:
        """This message's instant (seconds since the epoch) added: how many of the member's
        messages fall within the ``seconds`` before it, this one included. None: a picture
        of an album already counted (one post, one message)."""
        if album is not None and await self.tx.fetchone(
            "SELECT 1 FROM flood_marks WHERE community_id = ? AND member = ? AND album = ?",
            community_id,
            member,
            album,
        ):
            return None
        since = at - seconds
        if self.tx.dialect == "postgresql":
            row = await self.tx.fetchone(
                _COUNTED,
                *(community_id, member, since),
                *(community_id, member, at, album),
                *(community_id, member, since),
            )
            return (int(row[0]) if row else 0) + 1
        self.tx.write(
            "DELETE FROM flood_marks WHERE community_id = ? AND member = ? AND at <= ?",
            community_id,
            member,
            since,
        )
        self.tx.write(
            "INSERT INTO flood_marks (community_id, member, at, album) VALUES (?, ?, ?, ?)",
            community_id,
            member,
            at,
            album,
        )
        row = await self.tx.fetchone(
            "SELECT COUNT(*) FROM flood_marks WHERE community_id = ? AND member = ? AND at > ?",
            community_id,
            member,
            since,
        )
        return int(row[0]) if row else 1

    def forget(self, community_id: int, member: str) -> None:
        """His count starts again (a measure was taken for the burst)."""
        self.tx.write(
            "DELETE FROM flood_marks WHERE community_id = ? AND member = ?", community_id, member
        )

    async def prune(self, before: float) -> int:
        """The instants older than ``before`` (idle members' last ones): no window reaches
        them."""
        gone = await self.tx.fetchall("DELETE FROM flood_marks WHERE at < ? RETURNING 1", before)
        return len(gone)


__all__ = ["Floods"]
