"""MCR tournaments, each kept whole, numbered per community."""

from __future__ import annotations

from bot.discipline.mcr.tournament import Tournament
from bot.ports.rulebooks import BadChoice
from bot.storage.codec import dumps, loads
from bot.storage.repository import Repository


class Tournaments(Repository):
    """MCR tournaments."""

    async def active_tournament(self, community_id: int) -> tuple[int, Tournament] | None:
        row = await self.tx.fetchone(
            "SELECT id, body FROM tournaments WHERE community_id = ? AND active = 1"
            " ORDER BY id DESC LIMIT 1",
            community_id,
        )
        return None if row is None else (row[0], loads(Tournament, row[1]))

    async def latest_tournament(self, community_id: int) -> tuple[int, Tournament] | None:
        """The running tournament, or else the last one finished."""
        row = await self.tx.fetchone(
            "SELECT id, body FROM tournaments WHERE community_id = ? ORDER BY active DESC, id DESC"
            " LIMIT 1",
            community_id,
        )
        return None if row is None else (row[0], loads(Tournament, row[1]))

    async def shown_tournament(
        self, community_id: int, written: str | None
    ) -> tuple[int, Tournament] | None:
        """The tournament a public page shows: the one its address numbers (``?tournament=N``,
        running or finished), else the running one, else the last one finished. A number
        that is none of the community's tournaments is a :class:`BadChoice`."""
        if written is None:
            return await self.latest_tournament(community_id)
        if not (written.isascii() and written.isdigit() and len(written) <= 9):
            raise BadChoice("web-bad-tournament", tournament=written)
        row = await self.tx.fetchone(
            "SELECT id, body FROM tournaments WHERE community_id = ? AND id = ?",
            community_id,
            int(written),
        )
        if row is None:
            raise BadChoice("web-bad-tournament", tournament=written)
        return row[0], loads(Tournament, row[1])

    async def tournaments(self, community_id: int) -> list[tuple[int, bool, Tournament]]:
        """Every tournament of the community, newest first: number, running, the tournament."""
        rows = await self.tx.fetchall(
            "SELECT id, active, body FROM tournaments WHERE community_id = ? ORDER BY id DESC",
            community_id,
        )
        return [(int(r[0]), bool(r[1]), loads(Tournament, r[2])) for r in rows]

    async def finish_tournament(
        self, community_id: int, number: int, tournament: Tournament
    ) -> None:
        """Over: kept, no longer the community's running tournament."""
        await self.save_tournament(community_id, number, tournament)
        self.tx.write(
            "UPDATE tournaments SET active = 0 WHERE community_id = ? AND id = ?",
            community_id,
            number,
        )

    async def resume_tournament(
        self, community_id: int, number: int, tournament: Tournament
    ) -> None:
        """Its end undone: the community's running tournament again."""
        await self.save_tournament(community_id, number, tournament)
        self.tx.write(
            "UPDATE tournaments SET active = 1 WHERE community_id = ? AND id = ?",
            community_id,
            number,
        )

    async def withdraw_tournament(self, community_id: int, number: int) -> None:
        """A tournament created by mistake and never begun: gone from the list (the rulings
        that created and filled it stay in the log, undone); its number is free again."""
        self.tx.write(
            "DELETE FROM tournaments WHERE community_id = ? AND id = ?", community_id, number
        )

    async def add_tournament(self, community_id: int, tournament: Tournament) -> int:
        self.tx.write("UPDATE tournaments SET active = 0 WHERE community_id = ?", community_id)
        row = await self.tx.fetchone(
            "SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments WHERE community_id = ?", community_id
        )
        assert row is not None
        self.tx.write(
            "INSERT INTO tournaments (community_id, id, active, body) VALUES (?, ?, 1, ?)",
            community_id,
            row[0],
            dumps(tournament),
        )
        return int(row[0])

    async def save_tournament(self, community_id: int, number: int, tournament: Tournament) -> None:
        self.tx.write(
            "UPDATE tournaments SET body = ? WHERE community_id = ? AND id = ?",
            dumps(tournament),
            community_id,
            number,
        )
