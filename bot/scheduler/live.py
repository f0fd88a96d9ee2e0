"""The live clock: APScheduler wakes the timer service at the next due instant, polls for
timers armed by other processes, and refreshes the cards on screen once a minute."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger
from apscheduler.triggers.interval import IntervalTrigger

from bot.delivery import Delivery
from bot.scheduler import TimerService
from bot.storage.store import unit_of_work

log = logging.getLogger(__name__)
POLL = timedelta(seconds=30)
RETENTION = timedelta(days=7)  # the default; ARBITRO_RETENTION_DAYS changes it
PRUNE_EVERY = timedelta(hours=1)


def utc_now() -> datetime:
    return datetime.now(UTC)


class LiveScheduler:
    def __init__(
        self,
        timers: TimerService,
        delivery: Delivery,
        clock: Callable[[], datetime] = utc_now,
        *,
        card_edits: bool = True,
        retention: timedelta = RETENTION,
    ) -> None:
        self.timers = timers
        self.delivery = delivery
        self.clock = clock
        self.card_edits = card_edits
        self.retention = retention
        self.scheduler = AsyncIOScheduler(timezone=UTC)
        self.armed_for: datetime | None = None
        self.users = 0  # the platforms running on it; the last to stop stops it
        # asked to shut down (apscheduler's asyncio scheduler says it runs until the loop
        # has taken the request: a second request then fails, logged as an error)
        self.shut = False
        timers.layer.timer_listeners.append(self.timer_armed)

    async def start(self) -> None:
        """Deliver what a previous run left undelivered, fire what fell due while we were
        down (at once), then arm the next wake-up. Started once however many platforms
        use it."""
        self.users += 1
        if self.users > 1:
            return
        try:  # what a stopped process left half-sent goes out now
            released = await self.delivery.release_leases(
                all_holders=self.timers.database.dialect == "sqlite"  # one process per file
            )
            if released:
                log.info("%d messages left by a stopped process are sent again", released)
        except Exception:
            log.exception("releasing the leases of stopped processes failed")
        self.scheduler.start()
        self.shut = False
        self.scheduler.add_job(
            self.wake,
            IntervalTrigger(seconds=POLL.total_seconds()),
            id="poll",
            coalesce=True,
            max_instances=1,
        )
        if self.card_edits:
            self.scheduler.add_job(
                self.tick,
                IntervalTrigger(minutes=1),
                id="card_tick",
                coalesce=True,
                max_instances=1,
            )
        self.scheduler.add_job(
            self.prune,
            IntervalTrigger(seconds=PRUNE_EVERY.total_seconds()),
            id="prune",
            coalesce=True,
            max_instances=1,
        )
        await self.prune()
        await self.wake()

    async def prune(self) -> dict[str, int]:
        """Forget the processed updates, delivered messages and pages older than the
        retention: the database does not grow with every message ever seen."""
        try:
            async with unit_of_work(self.timers.database) as store:
                pruned = await store.prune(self.clock() - self.retention)
        except Exception:  # housekeeping never stops the clock
            log.exception("pruning failed")
            return {}
        if any(pruned.values()):
            log.info("pruned %s", pruned)
        return pruned

    async def stop(self) -> None:
        self.users = max(0, self.users - 1)
        if self.users or self.shut or not self.scheduler.running:
            return
        self.shut = True
        self.scheduler.shutdown(wait=False)
        if self.timer_armed in self.timers.layer.timer_listeners:
            self.timers.layer.timer_listeners.remove(self.timer_armed)

    async def halt(self) -> None:
        """Stopped for every platform at once (the process is stopping)."""
        self.users = 1
        await self.stop()

    async def wake(self) -> None:
        """Send what is waiting in the outbox, fire what is due, arm the next wake-up."""
        try:
            await self.delivery.flush(self.clock())
        except Exception:  # the timers must fire all the same
            log.exception("the outbox round failed")
        await self.timers.fire_due(self.clock())
        await self.rearm()

    async def rearm(self) -> None:
        due = await self.timers.next_due()
        self.armed_for = None
        if due is not None:
            self.timer_armed(due)

    def timer_armed(self, due: datetime) -> None:
        """A timer was armed: wake up for it if it is earlier than the next wake-up."""
        if self.armed_for is not None and self.armed_for <= due:
            return
        self.armed_for = due
        self.scheduler.add_job(
            self.wake,
            DateTrigger(run_date=max(due, self.clock())),
            id="timers",
            replace_existing=True,
            misfire_grace_time=None,
        )

    async def tick(self) -> None:
        await self.delivery.tick(self.clock())
