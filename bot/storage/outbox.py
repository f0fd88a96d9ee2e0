"""What is to be sent, leased to one sender at a time, and the platform's bookkeeping:
updates processed once, messages kept to be edited."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from bot.storage.codec import utc_text
from bot.storage.records import (
    Scope,
)
from bot.storage.repository import Repository


class Outbox(Repository):
    """The outbox, and the platform's bookkeeping."""

    async def add_to_outbox(
        self,
        community_id: int,
        at: datetime,
        message: dict,
        claimed_until: datetime | None = None,
        claimed_by: str | None = None,
    ) -> int:
        """A message to send; leased (``claimed_until``) when its sender tries it now."""
        self.tx.write(
            "INSERT INTO outbox_counts (community_id, waiting, dead) VALUES (?, 1, 0)"
            " ON CONFLICT (community_id) DO UPDATE SET waiting = outbox_counts.waiting + 1",
            community_id,
        )
        return await self.tx.insert(
            "INSERT INTO outbox (community_id, at, message, claimed_until, claimed_by, attempts)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            community_id,
            utc_text(at),
            json.dumps(message, ensure_ascii=False),
            claimed_until and utc_text(claimed_until),
            claimed_by,
            0 if claimed_until is None else 1,
        )

    async def claim_undelivered(
        self,
        scope: Scope,
        now: datetime,
        lease: timedelta,
        limit: int,
        by: str | None = None,
    ) -> list[tuple[int, int, dict, int]]:
        """Undelivered, live messages in ``scope`` that are due and nobody is sending, each
        leased to the caller until ``now + lease`` (another process will not take them
        meanwhile): (row, its community, the message, tries with this one)."""
        if not scope.platforms:
            return []
        where, values = scope.condition()
        rows = await self.tx.fetchall(
            "SELECT o.id, o.community_id, o.message, o.attempts FROM outbox o"
            " JOIN communities c ON c.id = o.community_id"
            " WHERE o.delivered_at IS NULL AND o.dead_at IS NULL"
            f" AND (o.claimed_until IS NULL OR o.claimed_until <= ?) AND {where}"
            " ORDER BY o.id LIMIT ?",
            utc_text(now),
            *values,
            limit,
        )
        claimed = []
        for outbox_id, community_id, message, attempts in rows:
            taken = await self.tx.execute(
                "UPDATE outbox SET claimed_until = ?, claimed_by = ?, attempts = attempts + 1"
                " WHERE id = ? AND delivered_at IS NULL"
                " AND (claimed_until IS NULL OR claimed_until <= ?)",
                utc_text(now + lease),
                by,
                outbox_id,
                utc_text(now),
            )
            if taken == 1:
                claimed.append((outbox_id, community_id, json.loads(message), attempts + 1))
        return claimed

    async def waiting(self, community_id: int, reason: str) -> list[tuple[int, dict, int]]:
        """The community's live messages that wait for ``reason`` (their last failure) and
        nobody is sending: (row, the message, tries so far)."""
        rows = await self.tx.fetchall(
            "SELECT id, message, attempts FROM outbox WHERE community_id = ?"
            " AND delivered_at IS NULL AND dead_at IS NULL AND last_error = ?"
            " AND claimed_by IS NULL ORDER BY id",
            community_id,
            reason,
        )
        return [(row, json.loads(message), attempts) for row, message, attempts in rows]

    async def claim(self, outbox_id: int, now: datetime, lease: timedelta, by: str) -> bool:
        """One message leased to the caller now, whatever its next try was, unless another
        sender holds it."""
        taken = await self.tx.execute(
            "UPDATE outbox SET claimed_until = ?, claimed_by = ?, attempts = attempts + 1"
            " WHERE id = ? AND delivered_at IS NULL AND dead_at IS NULL AND claimed_by IS NULL",
            utc_text(now + lease),
            by,
            outbox_id,
        )
        return taken == 1

    async def release_leases(self, holders: list[str] | None, keeper: str = "") -> int:
        """Messages leased to processes that are gone (``None``: to any process but
        ``keeper``, the one asking) are free for the next round: their sender died before
        it could say how it went."""
        if holders is None:
            gone = await self.tx.fetchall(
                "UPDATE outbox SET claimed_until = NULL WHERE delivered_at IS NULL"
                " AND dead_at IS NULL AND claimed_until IS NOT NULL"
                " AND (claimed_by IS NULL OR claimed_by <> ?) RETURNING id",
                keeper,
            )
            return len(gone)
        released = 0
        for holder in holders:
            gone = await self.tx.fetchall(
                "UPDATE outbox SET claimed_until = NULL WHERE delivered_at IS NULL"
                " AND dead_at IS NULL AND claimed_by = ? RETURNING id",
                holder,
            )
            released += len(gone)
        return released

    async def retry_now(self) -> int:
        """Messages waiting for their next try are tried at once (a process that starts
        gives each one a fresh chance, whatever pause its last failure earned)."""
        gone = await self.tx.fetchall(
            "UPDATE outbox SET claimed_until = NULL WHERE delivered_at IS NULL"
            " AND dead_at IS NULL AND claimed_by IS NULL AND claimed_until IS NOT NULL"
            " RETURNING id"
        )
        return len(gone)

    async def lease_holders(self) -> list[str]:
        rows = await self.tx.fetchall(
            "SELECT DISTINCT claimed_by FROM outbox WHERE delivered_at IS NULL"
            " AND dead_at IS NULL AND claimed_by IS NOT NULL"
        )
        return [str(r[0]) for r in rows]

    async def retry_later(
        self, outbox_id: int, tries: int, at: datetime, error: str, message: dict
    ) -> None:
        """Tried ``tries`` times; next at ``at``, by whichever process comes first (nobody
        holds it meanwhile). ``message`` is what is left to send (the parts of a long
        message already sent are not sent again)."""
        self.tx.write(
            "UPDATE outbox SET claimed_until = ?, claimed_by = NULL, last_error = ?,"
            " attempts = ?, message = ? WHERE id = ?",
            utc_text(at),
            error[:500],
            tries,
            json.dumps(message, ensure_ascii=False),
            outbox_id,
        )

    async def rewrite(self, outbox_id: int, message: dict) -> None:
        """What a row holds, changed in place (an older row split in two)."""
        self.tx.write(
            "UPDATE outbox SET message = ? WHERE id = ?",
            json.dumps(message, ensure_ascii=False),
            outbox_id,
        )

    async def mark_dead(self, outbox_id: int, at: datetime, error: str) -> None:
        """No more tries: the message stays, with its reason."""
        self._leaves_waiting(outbox_id, dead=1)
        self.tx.write(
            "UPDATE outbox SET dead_at = ?, last_error = ? WHERE id = ?",
            utc_text(at),
            error[:500],
            outbox_id,
        )

    async def mark_delivered(self, outbox_id: int, at: datetime) -> None:
        self._leaves_waiting(outbox_id, dead=0)
        self.tx.write("UPDATE outbox SET delivered_at = ? WHERE id = ?", utc_text(at), outbox_id)

    def _leaves_waiting(self, outbox_id: int, dead: int) -> None:
        """The counts of its community, before the row changes: one waiting less (if it was
        waiting), and ``dead`` given up more."""
        self.tx.write(
            "UPDATE outbox_counts SET waiting = waiting - 1, dead = dead + ? WHERE community_id ="
            " (SELECT community_id FROM outbox WHERE id = ? AND delivered_at IS NULL"
            " AND dead_at IS NULL)",
            dead,
            outbox_id,
        )

    async def remember_message(
        self, community_id: int, member: str, purpose: str, chat: str, message_id: int
    ) -> None:
        self.tx.write(
            "INSERT INTO platform_messages (community_id, member, purpose, chat, message_id)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (community_id, member, purpose) DO UPDATE SET"
            " chat = excluded.chat, message_id = excluded.message_id",
            community_id,
            member,
            purpose,
            chat,
            message_id,
        )

    def record_update(self, platform: str, key: str, at: datetime) -> None:
        """Mark an update processed, with the command's other writes (it leaves the inbox
        with them). Two processes racing on one update: the second's commit fails on the
        primary key, and it sends nothing."""
        self.tx.write(
            "INSERT INTO processed_updates (platform, update_key, seen_at) VALUES (?, ?, ?)",
            platform,
            key,
            utc_text(at),
        )
        self.tx.write("DELETE FROM inbox WHERE platform = ? AND update_key = ?", platform, key)

    async def keep_update(self, platform: str, key: str, body: str, at: datetime) -> None:
        """An update received, kept until it is processed: the platform may then be told it
        arrived (Telegram's next poll acknowledges what the last one returned)."""
        self.tx.write(
            "INSERT INTO inbox (platform, update_key, body, received_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (platform, update_key) DO NOTHING",
            platform,
            key,
            body,
            utc_text(at),
        )

    async def forget_update(self, platform: str, key: str) -> None:
        """An update that asked for nothing (another bot's command, a status change)."""
        self.tx.write("DELETE FROM inbox WHERE platform = ? AND update_key = ?", platform, key)

    async def unprocessed_updates(self, platform: str) -> list[str]:
        """What a stopped process received and never processed, oldest first."""
        rows = await self.tx.fetchall(
            "SELECT body FROM inbox WHERE platform = ? AND update_key NOT IN"
            " (SELECT update_key FROM processed_updates WHERE platform = ?)"
            " ORDER BY received_at, update_key",
            platform,
            platform,
        )
        return [str(r[0]) for r in rows]
