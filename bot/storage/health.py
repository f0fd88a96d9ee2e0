"""What an operator asks of the database: the messages waiting or given up, the timers to
come. Read-only, for ``/metrics``, ``/healthz`` and ``python -m bot status``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.storage.codec import from_utc_text
from bot.storage.database import Transaction
from bot.storage.store import Scope


@dataclass(frozen=True)
class OutboxHealth:
    waiting: int  # decided, not yet sent, not given up
    oldest: datetime | None  # when the oldest of them was decided
    dead: int  # given up after every try (kept until the retention prunes them)


@dataclass(frozen=True)
class DeadMessage:
    id: int
    platform: str
    chat: str
    at: datetime
    dead_at: datetime
    error: str


@dataclass(frozen=True)
class NextTimer:
    kind: str
    platform: str
    chat: str
    due: datetime


def _in(scope: Scope | None) -> tuple[str, list]:
    if scope is None or not scope.platforms:
        return "", []
    where, values = scope.condition("c")
    return f" AND {where}", values


async def outbox_health(tx: Transaction, scope: Scope | None = None) -> OutboxHealth:
    where, values = _in(scope)
    row = await tx.fetchone(
        "SELECT SUM(CASE WHEN o.delivered_at IS NULL AND o.dead_at IS NULL THEN 1 ELSE 0 END),"
        " MIN(CASE WHEN o.delivered_at IS NULL AND o.dead_at IS NULL THEN o.at END),"
        " SUM(CASE WHEN o.dead_at IS NOT NULL THEN 1 ELSE 0 END)"
        f" FROM outbox o JOIN communities c ON c.id = o.community_id WHERE 1 = 1{where}",
        *values,
    )
    if row is None:
        return OutboxHealth(0, None, 0)
    return OutboxHealth(
        int(row[0] or 0), from_utc_text(row[1]) if row[1] else None, int(row[2] or 0)
    )


async def dead_messages(tx: Transaction, limit: int) -> list[DeadMessage]:
    rows = await tx.fetchall(
        "SELECT o.id, c.platform, c.chat, o.at, o.dead_at, o.last_error FROM outbox o"
        " JOIN communities c ON c.id = o.community_id WHERE o.dead_at IS NOT NULL"
        " ORDER BY o.dead_at DESC, o.id DESC LIMIT ?",
        limit,
    )
    return [
        DeadMessage(r[0], r[1], r[2], from_utc_text(r[3]), from_utc_text(r[4]), r[5] or "")
        for r in rows
    ]


async def next_timers(tx: Transaction, limit: int) -> list[NextTimer]:
    """The pending timers, soonest (or most overdue) first."""
    rows = await tx.fetchall(
        "SELECT t.kind, c.platform, c.chat, t.due_at FROM timers t"
        " JOIN communities c ON c.id = t.community_id"
        " WHERE t.state = 'pending' ORDER BY t.due_at, t.id LIMIT ?",
        limit,
    )
    return [NextTimer(r[0], r[1], r[2], from_utc_text(r[3])) for r in rows]


async def pending_timers(tx: Transaction, scope: Scope | None = None) -> int:
    where, values = _in(scope)
    row = await tx.fetchone(
        "SELECT COUNT(*) FROM timers t JOIN communities c ON c.id = t.community_id"
        f" WHERE t.state = 'pending'{where}",
        *values,
    )
    return int(row[0]) if row else 0
