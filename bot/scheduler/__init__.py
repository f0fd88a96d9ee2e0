"""Keeping time: timers live in the database; this service fires the due ones exactly once."""

from __future__ import annotations

import logging
import os
import socket
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.discipline.calendar import next_new_year
from bot.handlers import CommandLayer, render_messages
from bot.handlers._core import Context, Origin, Outgoing
from bot.ports.rulebooks import timer_hook
from bot.scheduler.timers import HANDLERS
from bot.storage.codec import from_utc_text, utc_text
from bot.storage.store import Scope, Store, Timer, unit_of_work

log = logging.getLogger(__name__)
BATCH = 200
CLOCK_KEY = "replay_clock"


class TimerService:
    """Fires due timers. Each is claimed atomically (a conditional UPDATE) in the transaction
    that applies its effects and queues its messages in the outbox, so two processes sharing
    one database never fire the same timer twice, and a crash fires it again from scratch."""

    def __init__(self, layer: CommandLayer, node: str | None = None) -> None:
        self.layer = layer
        self.database = layer.database
        self.node = node or f"{socket.gethostname()}:{os.getpid()}"

    @property
    def scope(self) -> Scope | None:
        """The timers this process fires: those of the communities whose messages it sends
        (its platforms and, for Discord split across processes, its shards)."""
        courier = self.layer.courier
        return courier.scope if courier is not None else None

    async def pending_count(self) -> int:
        async with unit_of_work(self.database) as store:
            return await store.timers.pending_timer_count(self.scope)

    async def next_due(self) -> datetime | None:
        async with unit_of_work(self.database) as store:
            return await store.timers.next_due(self.scope)

    async def fire_due(self, now: datetime) -> list[Outgoing]:
        """Fire, in due order, every timer due at or before ``now``; each acts at its own
        instant, and what it says is recorded in the outbox with its effects, then sent.
        Returns the messages."""
        outputs: list[Outgoing] = []
        while True:
            async with unit_of_work(self.database) as store:
                batch = await store.timers.due_timers(now, BATCH, self.scope)
            if not batch:
                return outputs
            for due in batch:
                outputs += await self._fire(due, now)

    async def _fire(self, due: Timer, now: datetime) -> list[Outgoing]:
        handler = HANDLERS.get(due.kind) or timer_hook(due.kind)
        async with unit_of_work(self.database) as store:
            community = await store.communities.community_by_id(
                due.community_id
            )  # its number stays
            await store.lock_chat(community.platform, community.chat)
            if not await store.timers.claim_timer(due.id, self.node, now):
                return []
            if handler is None:
                log.error("timer %s has unknown kind %r; dropped", due.id, due.kind)
                return []
            community = await store.communities.community_by_id(due.community_id)
            # what a timer says, and the timers it arms, go to the forum topic its subject
            # lives in
            thread = due.payload.get("thread")
            store.thread = thread
            at = await self._instant(store, due)
            ctx = Context(store, community, at, None, False, None)
            ctx.secrets = self.layer.secrets  # a join challenge's (seeded in a replay)
            await handler(ctx, due)
            outputs = await render_messages(self.layer, ctx, at=max(at, now))
            origin = Origin(community.platform, thread=thread) if thread else None
            courier = self.layer.courier
            sending = await courier.record(store, community, outputs, origin) if courier else []
        if courier is not None and sending:
            await courier.dispatch(sending, origin, now)
        return outputs

    @staticmethod
    async def _instant(store: Store, due: Timer) -> datetime:
        """A timer acts at its due instant, never before the chat's latest ruling (what
        armed it): one armed for a moment already past acts when it fires, after it."""
        latest = await store.rulings.last_instant(due.community_id)
        return due.due_at if latest is None else max(due.due_at, latest)

    # ---- the simulated clock of replays --------------------------------------------------
    async def simulated_clock(self) -> datetime | None:
        """The last instant a replay on this database reached."""
        async with unit_of_work(self.database) as store:
            text = await store.meta(CLOCK_KEY)
        return from_utc_text(text) if text else None

    async def save_simulated_clock(self, at: datetime) -> None:
        async with unit_of_work(self.database) as store:
            await store.set_meta(CLOCK_KEY, utc_text(at))

    async def arm_year_reset(self, platform: str, chat: str, now: datetime) -> None:
        async with unit_of_work(self.database) as store:
            community = await store.communities.community(platform, chat)
            if community is None:
                return
            if not await store.timers.has_pending(community.id, "year_reset"):
                await store.timers.schedule(
                    community.id, "year_reset", "year", next_new_year(now, ZoneInfo(community.tz))
                )
