"""Updates of different chats are handled at the same time; those of one chat, and those of
one person (his group and his private chat), one after the other, in the order Telegram sent
them. A flooded group (or one waiting on its per-group send limit) never delays another
chat's answers, and a member who writes in the group and then privately is read in order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

Key = tuple[str, int]
WAITING_UNBOUNDED = 2**31 - 1  # updates waiting for their turn hold no slot


class PerChatOrder(BaseUpdateProcessor):
    def __init__(
        self,
        max_concurrent_updates: int = 256,
        done: Callable[[object], Awaitable[None]] | None = None,
    ) -> None:
        # the library's own limit counts updates still waiting for their chat's turn, so a
        # flood of one chat longer than the limit would starve every other chat: its limit is
        # lifted, and ours counts only the updates being handled
        super().__init__(WAITING_UNBOUNDED)
        self._slots = asyncio.BoundedSemaphore(max_concurrent_updates)
        self._locks: dict[Key, tuple[asyncio.Lock, int]] = {}  # key → its lock, its users
        self._done = done  # told of each update once it has been handled (not if cancelled)

    @staticmethod
    def keys_of(update: object) -> list[Key]:
        if not isinstance(update, Update):
            return []
        keys = []
        if update.effective_chat is not None:
            keys.append(("chat", update.effective_chat.id))
        message = update.effective_message
        # an anonymous administrator (or a channel) speaks as a chat: every one of them comes
        # as the same user (GroupAnonymousBot), so only the chat orders his updates
        as_chat = message is not None and message.sender_chat is not None
        if update.effective_user is not None and not as_chat:
            keys.append(("user", update.effective_user.id))
        return sorted(keys)  # always taken in the same order: no two updates wait on each other

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        keys = self.keys_of(update)
        locks = [self._take(key) for key in keys]
        try:
            async with AsyncExitStack() as stack:
                for lock in locks:
                    await stack.enter_async_context(lock)
                async with self._slots:
                    try:
                        await coroutine
                    except asyncio.CancelledError:
                        raise  # stopped in the middle: its update is kept for the next start
                    except BaseException:
                        await self._handled(update)
                        raise
                    await self._handled(update)
        finally:
            for key in keys:
                self._give_back(key)

    async def _handled(self, update: object) -> None:
        if self._done is not None:
            await self._done(update)

    def _take(self, key: Key) -> asyncio.Lock:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        return lock

    def _give_back(self, key: Key) -> None:
        lock, users = self._locks[key]
        if users <= 1:
            del self._locks[key]
        else:
            self._locks[key] = (lock, users - 1)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
