"""Updates of different chats are handled at the same time; those of one chat one after the
other, in the order Telegram sent them. A flooded group (or one waiting on its per-group send
limit) never delays another chat's answers."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


class PerChatOrder(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = 256) -> None:
        super().__init__(max_concurrent_updates)
        self._chats: dict[int | None, tuple[asyncio.Lock, int]] = {}  # chat → lock, users

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = (
            update.effective_chat.id
            if isinstance(update, Update) and (update.effective_chat is not None)
            else None
        )
        lock, users = self._chats.get(chat) or (asyncio.Lock(), 0)
        self._chats[chat] = (lock, users + 1)
        try:
            async with lock:
                await coroutine
        finally:
            lock, users = self._chats[chat]
            if users <= 1:
                del self._chats[chat]
            else:
                self._chats[chat] = (lock, users - 1)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
