"""Rendered pages kept until their community changes, and rendered off the bot's event loop.

The pages are served by the bot's own process: a reader must never slow a command. Each page
is rendered once per change of its community (a new ruling, a new minute for a page that
counts time), in a worker thread of its own; readers of an unchanged page get the bytes
rendered before. Readers of a page being rendered wait for that one rendering, never start
another; and the readers who may wait at once are bounded (beyond: "busy, try again").
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

KEPT = 512  # rendered pages kept, the least recently read forgotten first
WAITING = 64  # readers waiting for renderings at once; beyond, they are told to come back

T = TypeVar("T")


@dataclass(frozen=True)
class Rendered:
    stamp: Hashable  # what the page was rendered from: the same stamp, the same page
    body: bytes
    content_type: str


class Busy(Exception):
    """Too many readers are waiting for pages to be rendered."""


class RenderedPages:
    def __init__(self, kept: int = KEPT, waiting: int = WAITING) -> None:
        self._pages: OrderedDict[Hashable, Rendered] = OrderedDict()
        self._rendering: dict[Hashable, asyncio.Future[Rendered]] = {}
        self._kept = kept
        self._waiting = waiting
        self._waiters = 0
        # one thread: renderings never compete with each other for the interpreter, and a
        # reader's page costs the loop only the reading of its data
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="page-renderer")

    async def off_loop(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the rendering thread."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, work, *args)

    async def page(
        self, key: Hashable, stamp: Hashable, render: Callable[[], Awaitable[Rendered]]
    ) -> Rendered:
        """The page under ``key`` as of ``stamp``: kept, or rendered by one reader while
        the others wait for it."""
        kept = self._pages.get(key)
        if kept is not None and kept.stamp == stamp:
            self._pages.move_to_end(key)
            return kept
        pending = self._rendering.get(key)
        if pending is not None:
            return await self._wait(pending)
        if self._waiters >= self._waiting:
            raise Busy()
        future: asyncio.Future[Rendered] = asyncio.get_running_loop().create_future()
        self._rendering[key] = future
        self._waiters += 1
        try:
            rendered = await render()
        except BaseException as error:
            future.set_exception(error)
            with contextlib.suppress(BaseException):
                future.exception()  # retrieved here, whether or not anyone else waits
            raise
        finally:
            self._waiters -= 1
            self._rendering.pop(key, None)
        future.set_result(rendered)
        self._pages[key] = rendered
        self._pages.move_to_end(key)
        while len(self._pages) > self._kept:
            self._pages.popitem(last=False)
        return rendered

    async def _wait(self, pending: asyncio.Future[Rendered]) -> Rendered:
        if self._waiters >= self._waiting:
            raise Busy()
        self._waiters += 1
        try:
            return await asyncio.shield(pending)
        finally:
            self._waiters -= 1

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)


__all__ = ["Busy", "Rendered", "RenderedPages"]
