"""Updates are recorded before Telegram is told they arrived.

Telegram forgets an update once the bot acknowledges it: by asking for the next ones (polling)
or by answering the webhook's request. python-telegram-bot does both as soon as an update is in
its queue, before any handler has run; a process stopped then would lose it. Here the queue
records each update in the database as it enters; the update's own command lets it go, in its
transaction; on start, what a stopped process received and never processed goes through again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update


def key_of(update: Update) -> str:
    """The update's key in the command layer: one per Telegram update."""
    return f"u{update.update_id}"


class RecordedQueue(asyncio.Queue[Any]):
    """python-telegram-bot's update queue; ``keep`` records an update before it is queued."""

    def __init__(self, keep: Callable[[Update], Awaitable[None]]) -> None:
        super().__init__()
        self._keep = keep

    async def put(self, item: Any) -> None:
        if isinstance(item, Update):
            await self._keep(item)
        await super().put(item)


__all__ = ["RecordedQueue", "key_of"]
