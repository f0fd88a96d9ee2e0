"""The timers, kept in the database so that they outlive the process, each claimed by
one scheduler."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.storage.codec import from_utc_text, utc_text
from bot.storage.records import (
    Scope,
    Timer,
)
from bot.storage.repository import Repository


class Timers(Repository):
    """The timers."""

    async def schedule(
        self,
        community_id: int,
        kind: str,
        subject: str,
        due: datetime,
        payload: dict[str, Any] | None = None,
    ) -> None:
        """Arm a timer, replacing any pending one of the same kind for the same subject."""
        await self.cancel(community_id, kind, subject)
        if self.store.earliest_timer is None or due < self.store.earliest_timer:
            self.store.earliest_timer = due
        if self.store.thread is not None:
            payload = {**(payload or {}), "thread": self.store.thread}
        self.tx.write(
            "INSERT INTO timers (community_id, kind, subject, due_at, payload)"
            " VALUES (?, ?, ?, ?, ?)",
            community_id,
            kind,
            subject,
            utc_text(due),
            json.dumps(payload or {}),
        )

    async def has_pending(self, community_id: int, kind: str) -> bool:
        """Whether a timer of ``kind`` is armed in the community."""
        row = await self.tx.fetchone(
            "SELECT 1 FROM timers WHERE community_id = ? AND kind = ? AND state = 'pending'",
            community_id,
            kind,
        )
        return row is not None

    async def pending(self, community_id: int, kind: str, subject: str) -> Timer | None:
        """The armed timer of ``kind`` for ``subject``, if there is one (a raid's end)."""
        row = await self.tx.fetchone(
            "SELECT id, community_id, kind, subject, due_at, payload FROM timers"
            " WHERE community_id = ? AND kind = ? AND subject = ? AND state = 'pending'"
            " ORDER BY id DESC",
            community_id,
            kind,
            subject,
        )
        if row is None:
            return None
        return Timer(row[0], row[1], row[2], row[3], from_utc_text(row[4]), json.loads(row[5]))

    async def cancel(self, community_id: int, kind: str, subject: str) -> None:
        self.tx.write(
            "UPDATE timers SET state = 'cancelled' WHERE community_id = ? AND kind = ?"
            " AND subject = ? AND state = 'pending'",
            community_id,
            kind,
            subject,
        )

    @staticmethod
    def _timers_in(scope: Scope | None) -> tuple[str, list[Any]]:
        """A join and a condition keeping the timers of ``scope``'s communities (all when
        None or when no platform is named: a process without messengers fires them all)."""
        if scope is None or not scope.platforms:
            return "", []
        where, values = scope.condition("c")
        return f" JOIN communities c ON c.id = t.community_id AND {where}", values

    async def due_timers(
        self, until: datetime, limit: int, scope: Scope | None = None
    ) -> list[Timer]:
        join, values = self._timers_in(scope)
        rows = await self.tx.fetchall(
            "SELECT t.id, t.community_id, t.kind, t.subject, t.due_at, t.payload FROM timers t"
            f"{join} WHERE t.state = 'pending' AND t.due_at <= ? ORDER BY t.due_at, t.id LIMIT ?",
            *values,
            utc_text(until),
            limit,
        )
        return [Timer(r[0], r[1], r[2], r[3], from_utc_text(r[4]), json.loads(r[5])) for r in rows]

    async def claim_timer(self, timer_id: int, by: str, at: datetime) -> bool:
        """Atomically take a pending timer; False if another process already took it."""
        return (
            await self.tx.execute(
                "UPDATE timers SET state = 'done', fired_at = ?, fired_by = ?"
                " WHERE id = ? AND state = 'pending'",
                utc_text(at),
                by,
                timer_id,
            )
            == 1
        )

    async def next_due(self, scope: Scope | None = None) -> datetime | None:
        join, values = self._timers_in(scope)
        row = await self.tx.fetchone(
            f"SELECT MIN(t.due_at) FROM timers t{join} WHERE t.state = 'pending'", *values
        )
        return from_utc_text(row[0]) if row and row[0] else None

    async def pending_timer_count(self, scope: Scope | None = None) -> int:
        join, values = self._timers_in(scope)
        row = await self.tx.fetchone(
            f"SELECT COUNT(*) FROM timers t{join} WHERE t.state = 'pending'", *values
        )
        return int(row[0]) if row else 0
