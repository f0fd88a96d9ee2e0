"""Each chat's recent join instants, shared by every bot process on one database and kept
across restarts: the raid check of a chat served by several processes counts all of its joins
(a process's own memory would see only those it received, and forget them when it stops). A
join costs one statement on PostgreSQL: its instant added, those out of the window dropped,
the rest counted (no further than the rule needs)."""

from __future__ import annotations

from bot.storage.repository import Repository

# PostgreSQL: the three steps in one statement (one round trip); its count reads the rows as
# they were before the statement, this join's instant not among them
_COUNTED = (
    "WITH gone AS (DELETE FROM join_marks WHERE community_id = ? AND at <= ?),"
    " added AS (INSERT INTO join_marks (community_id, at) VALUES (?, ?))"
    " SELECT COUNT(*) FROM (SELECT 1 FROM join_marks WHERE community_id = ? AND at > ?"
    " LIMIT ?) AS recent"
)
_COUNT = (
    "SELECT COUNT(*) FROM (SELECT 1 FROM join_marks WHERE community_id = ? AND at > ?"
    " LIMIT ?) AS recent"
)


class Joins(Repository):
    """The instants of each chat's joins within its raid window."""

    async def count(self, community_id: int, at: float, since: float, enough: int) -> int:
        """This join's instant (seconds since the epoch) added: how many of the chat's joins
        fall after ``since``, this one included, counted up to ``enough``."""
        if self.tx.dialect == "postgresql":
            row = await self.tx.fetchone(
                _COUNTED,
                *(community_id, since),
                *(community_id, at),
                *(community_id, since, max(enough - 1, 0)),
            )
            return (int(row[0]) if row else 0) + 1
        self.tx.write(
            "DELETE FROM join_marks WHERE community_id = ? AND at <= ?", community_id, since
        )
        self.tx.write("INSERT INTO join_marks (community_id, at) VALUES (?, ?)", community_id, at)
        row = await self.tx.fetchone(_COUNT, community_id, since, enough)
        return int(row[0]) if row else 1

    async def prune(self, before: float) -> int:
        """The instants older than ``before`` (quiet chats' last joins): no window reaches
        them."""
        gone = await self.tx.fetchall("DELETE FROM join_marks WHERE at < ? RETURNING 1", before)
        return len(gone)


__all__ = ["Joins"]
