"""Composition root: the database, the command layer, the timer service and the delivery
layer, wired together. Platforms register their messenger with ``app.delivery``."""

from __future__ import annotations

from bot.delivery import Delivery
from bot.handlers import CommandLayer
from bot.i18n import Translator
from bot.scheduler import TimerService
from bot.storage.database import Database, database_from_url
from bot.storage.migrations import migrate


class App:
    def __init__(
        self, database: Database, translator: Translator | None = None, node: str | None = None
    ) -> None:
        self.database = database
        self.layer = CommandLayer(database, translator)
        self.timers = TimerService(self.layer, node)
        self.delivery = Delivery(database, self.layer.translator)

    @classmethod
    def from_url(cls, url: str, **kwargs) -> App:
        return cls(database_from_url(url), **kwargs)

    async def start(self) -> None:
        await self.database.open()
        await migrate(self.database)

    async def stop(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> App:
        await self.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()
