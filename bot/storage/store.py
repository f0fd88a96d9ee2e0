"""The unit of work: one transaction, and a repository per aggregate over it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from functools import cached_property

from bot.storage.codec import utc_text
from bot.storage.communities import Communities
from bot.storage.database import Database, Transaction
from bot.storage.floods import Floods
from bot.storage.joins import Joins
from bot.storage.messages import Messages
from bot.storage.outbox import Outbox
from bot.storage.pages import Pages
from bot.storage.records import (
    AuditFilter,
    Community,
    Member,
    Paged,
    Proposal,
    Scope,
    Speaker,
    Timer,
    chat_lock,
)
from bot.storage.rulings import Rulings
from bot.storage.sanctions import Sanctions
from bot.storage.tables import Tables
from bot.storage.tallies import Tallies
from bot.storage.timers import Timers
from bot.storage.tournaments import Tournaments


class Store:
    """Everything one use case reads or writes, in one transaction: each aggregate through
    its repository (``store.timers``, ``store.rulings``…)."""

    def __init__(self, tx: Transaction) -> None:
        self.tx = tx
        self.earliest_timer: datetime | None = None  # the earliest timer armed here
        # the forum topic of the command this transaction runs: what its timers say later
        # goes there (a hand's readiness window, a card served)
        self.thread: int | None = None

    # each repository made when first asked for: most use cases touch two or three
    @cached_property
    def communities(self) -> Communities:
        return Communities(self)

    @cached_property
    def tables(self) -> Tables:
        return Tables(self)

    @cached_property
    def tallies(self) -> Tallies:
        return Tallies(self)

    @cached_property
    def sanctions(self) -> Sanctions:
        return Sanctions(self)

    @cached_property
    def tournaments(self) -> Tournaments:
        return Tournaments(self)

    @cached_property
    def rulings(self) -> Rulings:
        return Rulings(self)

    @cached_property
    def timers(self) -> Timers:
        return Timers(self)

    @cached_property
    def outbox(self) -> Outbox:
        return Outbox(self)

    @cached_property
    def pages(self) -> Pages:
        return Pages(self)

    @cached_property
    def messages(self) -> Messages:
        return Messages(self)

    @cached_property
    def floods(self) -> Floods:
        return Floods(self)

    @cached_property
    def joins(self) -> Joins:
        return Joins(self)

    async def lock_chat(self, platform: str, chat: str) -> None:
        """Hold the chat's lock until the end of the transaction: its commands and timers run
        one after the other, across processes too."""
        await self.tx.lock(chat_lock(platform, chat))

    async def reachable(self) -> bool:
        """The database answers (the health check's question)."""
        return await self.tx.fetchone("SELECT 1") is not None

    async def meta(self, key: str) -> str | None:
        row = await self.tx.fetchone("SELECT value FROM meta WHERE key = ?", key)
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        self.tx.write(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def prune(self, before: datetime) -> dict[str, int]:
        """Forget what is older than ``before`` and no longer needed: updates processed (a
        platform redelivers within minutes, not days), messages delivered or given up on,
        pages of long answers. Rulings, audit and timers are never pruned."""
        cutoff = utc_text(before)
        counts = {}
        given_up = await self.tx.fetchall(
            "SELECT community_id, COUNT(*) FROM outbox WHERE dead_at < ? GROUP BY community_id",
            cutoff,
        )
        for community_id, forgotten in given_up:  # what the counts no longer hold
            self.tx.write(
                "UPDATE outbox_counts SET dead = dead - ? WHERE community_id = ?",
                forgotten,
                community_id,
            )
        for table, condition in (
            ("processed_updates", "seen_at IS NULL OR seen_at < ?"),
            ("outbox", "delivered_at < ? OR dead_at < ?"),
            ("pages", "created_at < ?"),
        ):
            marks = condition.count("?")
            gone = await self.tx.fetchall(
                f"DELETE FROM {table} WHERE {condition} RETURNING 1", *([cutoff] * marks)
            )
            counts[table] = len(gone)
        counts["flood_marks"] = await self.floods.prune(before.timestamp())
        counts["join_marks"] = await self.joins.prune(before.timestamp())
        return counts


@asynccontextmanager
async def unit_of_work(database: Database) -> AsyncIterator[Store]:
    """One use case's reads and writes: committed together when the block ends, none of
    them if it raises."""
    async with database.transaction() as tx:
        yield Store(tx)


__all__ = [
    "AuditFilter",
    "Community",
    "Member",
    "Paged",
    "Proposal",
    "Scope",
    "Speaker",
    "Store",
    "Timer",
    "chat_lock",
]
