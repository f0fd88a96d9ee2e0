"""What every repository shares: the unit of work it belongs to, and its transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.store import Store


class Repository:
    """One aggregate's reads and writes, in its unit of work's transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tx = store.tx
