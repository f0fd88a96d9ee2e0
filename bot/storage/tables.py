"""Burraco tables and their matches, numbered per community."""

from __future__ import annotations

from bot.discipline.burraco.match import AWAITING, OPEN, Match
from bot.storage.codec import dumps, loads
from bot.storage.repository import Repository


class Tables(Repository):
    """Burraco tables and their matches."""

    async def take_table_number(self, community_id: int) -> int:
        row = await self.tx.fetchone(
            "UPDATE communities SET next_table = next_table + 1 WHERE id = ? RETURNING next_table",
            community_id,
        )
        assert row is not None
        return int(row[0]) - 1

    async def match(self, community_id: int, number: int) -> Match | None:
        row = await self.tx.fetchone(
            "SELECT body FROM matches WHERE community_id = ? AND number = ?", community_id, number
        )
        return None if row is None else loads(Match, row[0])

    async def save_match(self, community_id: int, match: Match) -> None:
        self.tx.write(
            "INSERT INTO matches (community_id, number, status, body) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (community_id, number) DO UPDATE SET status = excluded.status,"
            " body = excluded.body",
            community_id,
            match.number,
            match.status,
            dumps(match),
        )
        if match.status == OPEN:
            self.tx.write(  # who stood up is no longer seated
                "DELETE FROM match_seats WHERE community_id = ? AND number = ?",
                community_id,
                match.number,
            )
            self.tx.write_many(
                "INSERT INTO match_seats (community_id, member, number) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                [(community_id, p, match.number) for p in match.people],
            )
        else:
            self.tx.write(
                "DELETE FROM match_seats WHERE community_id = ? AND number = ?",
                community_id,
                match.number,
            )

    async def open_matches(self, community_id: int) -> list[Match]:
        """Tables open or with a result awaiting confirmation, by number."""
        rows = await self.tx.fetchall(
            "SELECT body FROM matches WHERE community_id = ? AND status IN (?, ?) ORDER BY number",
            community_id,
            OPEN,
            AWAITING,
        )
        return [loads(Match, row[0]) for row in rows]

    async def match_for_seat(
        self, community_id: int, number: int, member: str
    ) -> tuple[Match | None, int | None]:
        """The match at table ``number`` and, in the same read, another open table where
        ``member`` already sits (if any)."""
        row = await self.tx.fetchone(
            "SELECT (SELECT body FROM matches WHERE community_id = ? AND number = ?),"
            " (SELECT MIN(number) FROM match_seats WHERE community_id = ? AND member = ?"
            " AND number <> ?)",
            community_id,
            number,
            community_id,
            member,
            number,
        )
        assert row is not None
        return (loads(Match, row[0]) if row[0] else None), row[1]
