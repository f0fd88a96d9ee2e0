"""Keeping time: timers live in the database; this service fires the due ones exactly once."""

from __future__ import annotations

import logging
import os
import socket
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.discipline.burraco.sanctions import CARD_SECONDS, next_new_year
from bot.handlers import CommandLayer, render_messages
from bot.handlers._core import Context, Outgoing
from bot.scheduler.timers import HANDLERS
from bot.storage.store import Store, Timer, chat_lock

log = logging.getLogger(__name__)
BATCH = 200
DELIVERY_LEASE = timedelta(minutes=2)


class TimerService:
    """Fires due timers. Each is claimed atomically (a conditional UPDATE) in the transaction
    that applies its effects and queues its messages in the outbox, so two processes sharing
    one database never fire the same timer twice, and a crash fires it again from scratch."""

    def __init__(self, layer: CommandLayer, node: str | None = None) -> None:
        self.layer = layer
        self.database = layer.database
        self.node = node or f"{socket.gethostname()}:{os.getpid()}"

    async def pending_count(self) -> int:
        async with self.database.transaction() as tx:
            return await Store(tx).pending_timer_count()

    async def next_due(self) -> datetime | None:
        async with self.database.transaction() as tx:
            return await Store(tx).next_due()

    async def fire_due(self, now: datetime) -> list[Outgoing]:
        """Fire, in due order, every timer due at or before ``now``; each acts at its own
        instant. Returns the messages queued (already in the outbox)."""
        outputs: list[Outgoing] = []
        while True:
            async with self.database.transaction() as tx:
                batch = await Store(tx).due_timers(now, BATCH)
            if not batch:
                return outputs
            for due in batch:
                outputs += await self._fire(due, now)

    async def _fire(self, due: Timer, now: datetime) -> list[Outgoing]:
        handler = HANDLERS.get(due.kind)
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community_by_id(due.community_id)  # its chat never changes
            await tx.lock(chat_lock(community.platform, community.chat))
            if not await store.claim_timer(due.id, self.node, now):
                return []
            if handler is None:
                log.error("timer %s has unknown kind %r; dropped", due.id, due.kind)
                return []
            community = await store.community_by_id(due.community_id)
            ctx = Context(store, community, due.due_at, None, False, None)
            await handler(ctx, due)
            outputs = await render_messages(self.layer, ctx, at=max(due.due_at, now))
            ids = []
            lease = now + DELIVERY_LEASE  # the caller delivers these; others keep off
            for message in outputs:
                ids.append(
                    await store.add_to_outbox(
                        community.id, message.at, message_record(message), lease
                    )
                )
        return [replace(o, outbox_id=i) for o, i in zip(outputs, ids, strict=True)]

    async def card_tick(self, now: datetime) -> list[Outgoing]:
        """Once a minute: the minutes left on every card on screen, as edits of the card
        message. Reads only the discipline projection; writes nothing."""
        async with self.database.transaction() as tx:
            cards = await Store(tx).cards_on_screen()
            communities = {
                cid: await Store(tx).community_by_id(cid) for cid in {card[0] for card in cards}
            }
        edits = []
        translator = self.layer.translator
        texts: dict[tuple[str, int], str] = {}  # one Fluent call per language and minute
        for cid, member, name, lang, since, served in cards:
            community = communities[cid]
            remaining = max(0, CARD_SECONDS - served - int((now - since).total_seconds()))
            reader = translator.language(lang or community.lang)
            minutes = -(-remaining // 60)
            if (reader, minutes) not in texts:
                texts[reader, minutes] = translator.format(
                    reader, "card-tick", {"player": "\x00", "remaining_minutes": minutes}
                )
            text = texts[reader, minutes].replace("\x00", name)
            edits.append(
                Outgoing(
                    now,
                    community.chat,
                    "edit",
                    member,
                    name,
                    reader,
                    text,
                    {"type": "card_tick", "player": member, "remaining_seconds": remaining},
                    community.platform,
                    "card_tick",
                )
            )
        return edits

    async def queue(self, outputs: list[Outgoing]) -> None:
        """Messages that could not be sent now: the next delivery round sends them."""
        async with self.database.transaction() as tx:
            store = Store(tx)
            for message in outputs:
                community = await store.community(message.platform, message.chat)
                if community is not None:
                    await store.add_to_outbox(community.id, message.at, message_record(message))

    async def mark_delivered(self, outbox_ids: list[int], at: datetime) -> None:
        async with self.database.transaction() as tx:
            store = Store(tx)
            for outbox_id in outbox_ids:
                await store.mark_delivered(outbox_id, at)

    async def claim_undelivered(self, now: datetime, limit: int = 100) -> list[tuple[int, dict]]:
        async with self.database.transaction() as tx:
            return await Store(tx).claim_undelivered(now, DELIVERY_LEASE, limit)

    async def release(self, outbox_ids: list[int]) -> None:
        async with self.database.transaction() as tx:
            store = Store(tx)
            for outbox_id in outbox_ids:
                await store.release(outbox_id)

    async def arm_year_reset(self, platform: str, chat: str, now: datetime) -> None:
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(platform, chat)
            if community is None:
                return
            row = await tx.fetchone(
                "SELECT 1 FROM timers WHERE community_id = ? AND kind = 'year_reset'"
                " AND state = 'pending'",
                community.id,
            )
            if row is None:
                await store.schedule(
                    community.id, "year_reset", "year", next_new_year(now, ZoneInfo(community.tz))
                )


def message_record(message: Outgoing) -> dict:
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
    }
