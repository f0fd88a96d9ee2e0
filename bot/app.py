"""Composition root: the database, the command layer, the timer service and the delivery
layer, wired together. Platforms register their messenger with ``app.delivery``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.delivery import Delivery
from bot.handlers import CommandLayer
from bot.i18n import Translator
from bot.operations.metrics import Metrics
from bot.scheduler import TimerService
from bot.scheduler.live import RETENTION, LiveScheduler
from bot.storage.database import Database, database_from_url
from bot.storage.migrations import migrate
from bot.storage.store import unit_of_work


def utc_now() -> datetime:
    return datetime.now(UTC)


class App:
    def __init__(
        self,
        database: Database,
        translator: Translator | None = None,
        node: str | None = None,
        retention: timedelta = RETENTION,
    ) -> None:
        self.database = database
        self.retention = retention
        self.layer = CommandLayer(database, translator)
        self.timers = TimerService(self.layer, node)
        self.delivery = Delivery(database, self.layer.translator, self.timers.node)
        self.layer.courier = self.delivery  # every answer recorded, then sent
        self.metrics = Metrics()
        self.layer.command_listeners.append(self.metrics.command)
        self.delivery.error_listeners.append(self.metrics.platform_error)
        self._live: LiveScheduler | None = None
        # each platform's state for /healthz: up or not, and what was checked (a platform
        # adds its own when it starts)
        self.health: dict[str, Callable[[], tuple[bool, dict[str, str]]]] = {}

    def clock(self) -> datetime:
        """The live clock's time (the wall clock unless a platform was given another)."""
        return self._live.clock() if self._live is not None else utc_now()

    def live(self, clock: Callable[[], datetime] | None = None) -> LiveScheduler:
        """The process's one live clock, shared by every platform it serves (so that each
        timer wakes one scheduler, and each card is edited once a minute)."""
        if self._live is None:
            self._live = LiveScheduler(
                self.timers, self.delivery, clock or utc_now, retention=self.retention
            )
        return self._live

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> App:
        return cls(database_from_url(url), **kwargs)

    async def meta(self, key: str) -> str | None:
        """A value the bot keeps for itself between runs (a platform's state)."""
        async with unit_of_work(self.database) as store:
            return await store.meta(key)

    async def set_meta(self, key: str, value: str) -> None:
        async with unit_of_work(self.database) as store:
            await store.set_meta(key, value)

    async def start(self) -> None:
        await self.database.open()
        await migrate(self.database)

    async def stop(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> App:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
