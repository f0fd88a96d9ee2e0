"""Burraco standings: each member's tallies, derived from the results that stand."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from bot.discipline.burraco.standings import TallyRow
from bot.storage.codec import from_utc_text, ruling_loads, utc_text
from bot.storage.records import (
    PEOPLES_RULINGS,
    REVERSED,
)
from bot.storage.repository import Repository


class Tallies(Repository):
    """Burraco tallies."""

    async def add_to_tally(
        self, community_id: int, tally: str, member: str, points: Fraction, vp: int, at: datetime
    ) -> None:
        quarters = points * 4
        assert quarters.denominator == 1, points
        self.tx.write(
            "INSERT INTO standings (community_id, tally, member, points_q, matches, vp_total,"
            " last_result_at) VALUES (?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (community_id, tally, member) DO UPDATE SET"
            " points_q = standings.points_q + excluded.points_q,"
            " matches = standings.matches + 1, vp_total = standings.vp_total + excluded.vp_total,"
            " last_result_at = excluded.last_result_at",
            community_id,
            tally,
            member,
            int(quarters),
            vp,
            utc_text(at),
        )

    async def tally_size(self, community_id: int, tally: str) -> int:
        row = await self.tx.fetchone(
            "SELECT COUNT(*) FROM standings WHERE community_id = ? AND tally = ?",
            community_id,
            tally,
        )
        return int(row[0]) if row else 0

    async def tally(
        self, community_id: int, tally: str, limit: int = 1_000_000, offset: int = 0
    ) -> list[TallyRow]:
        """The tally's rows in standings order: the order of
        :func:`bot.discipline.burraco.standings.sort_key`, computed by the database (the
        average as vp_total ÷ matches: equal fractions give equal doubles)."""
        rows = await self.tx.fetchall(
            "SELECT member, points_q, matches, vp_total, last_result_at FROM standings"
            " WHERE community_id = ? AND tally = ? ORDER BY points_q DESC,"
            " CAST(vp_total AS DOUBLE PRECISION) / matches DESC, matches DESC,"
            " last_result_at, member LIMIT ? OFFSET ?",
            community_id,
            tally,
            limit,
            offset,
        )
        return [TallyRow(r[0], Fraction(r[1], 4), r[2], r[3], from_utc_text(r[4])) for r in rows]

    async def replace_tallies(
        self, community_id: int, members: set[str], rows: dict[tuple[str, str], TallyRow]
    ) -> None:
        """The standings of these members, re-derived: their old rows give way."""
        if not members:  # "IN ()": SQLite takes it, PostgreSQL does not
            return
        marks = ", ".join("?" for _ in members)
        self.tx.write(
            f"DELETE FROM standings WHERE community_id = ? AND member IN ({marks})",
            community_id,
            *sorted(members),
        )
        if not rows:
            return
        self.tx.write_many(
            "INSERT INTO standings (community_id, tally, member, points_q, matches, vp_total,"
            " last_result_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    community_id,
                    tally,
                    member,
                    int(row.points * 4),
                    row.matches,
                    row.vp_total,
                    utc_text(row.last_result_at),
                )
                for (tally, member), row in sorted(rows.items())
            ],
        )

    async def profile_of(
        self,
        community_id: int,
        member: str,
        limit: int,
    ) -> tuple[dict[str, TallyRow], list[tuple[datetime, str, dict]]]:
        """In one read: the member's row in every tally, and his latest match results and
        abandonments (for his chart), oldest first."""
        rows = await self.tx.fetchall(
            "SELECT 't', tally, points_q, matches, vp_total, last_result_at, NULL, 0"
            " FROM standings WHERE community_id = ? AND member = ?"
            " UNION ALL SELECT 'r', NULL, NULL, NULL, NULL, NULL, body, id FROM ("
            f" SELECT r.body AS body, r.number AS id FROM {PEOPLES_RULINGS}"
            " WHERE p.community_id = ? AND p.member = ?"
            f" AND r.type IN ('match_result', 'match_corrected', 'abandonment') AND NOT {REVERSED}"
            " ORDER BY r.number DESC LIMIT ?) latest",
            community_id,
            member,
            community_id,
            member,
            limit,
        )
        tallies = {
            r[1]: TallyRow(member, Fraction(r[2], 4), r[3], r[4], from_utc_text(r[5]))
            for r in rows
            if r[0] == "t"
        }
        results = []
        for row in sorted((r for r in rows if r[0] == "r"), key=lambda r: r[7]):
            ruling = ruling_loads(row[6])
            results.append((ruling.at, ruling.type, dict(ruling.fields)))
        return tallies, results
