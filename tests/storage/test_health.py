"""What ``/metrics`` reads in one statement is what the separate reads of
``python -m bot status`` find, for every process's scope (platforms, Discord shards)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app import App
from bot.handlers import Author, Incoming
from bot.storage.health import outbox_health, pending_timers, scrape_figures
from bot.storage.records import Scope

T0 = datetime(2026, 3, 2, 17, tzinfo=UTC)
# Discord servers on shards 0 and 1 of 2 (a server's shard is (id >> 22) % the count)
CHATS = [
    ("console", "main"),
    ("telegram", "-1001"),
    ("discord", str(2 << 22)),
    ("discord", str(3 << 22)),
]
SCOPES = [
    None,
    Scope(()),
    Scope(("console",)),
    Scope(("telegram", "console")),
    Scope(("discord",), shard_count=2, shards=(1,)),
    Scope(("discord", "telegram"), shard_count=2, shards=(0,)),
    Scope(("slack",)),
]


async def _say(app: App, platform: str, chat: str, name: str, text: str, at: datetime) -> None:
    author = Author(name, name, None, name == "mod", (), None)
    await app.layer.handle(Incoming(platform, chat, author, text, at, names_are_keys=True))


@pytest.fixture
async def busy(app: App) -> App:
    """Each chat with messages waiting (no platform takes them) and timers pending (a stop's
    reminder and end), a different number of each per chat."""
    for n, (platform, chat) in enumerate(CHATS):
        await app.layer.configure(platform, chat, {"rulebook": "burraco", "admins": ["mod"]})
        at = T0 + timedelta(minutes=n)
        for stopped in range(n + 1):
            await _say(app, platform, chat, f"p{stopped}", "hello", at)
            await _say(app, platform, chat, "mod", f"/stop @p{stopped} 2h spam", at)
    return app


@pytest.mark.parametrize("scope", SCOPES, ids=repr)
async def test_the_one_statement_of_a_scrape_reads_what_the_separate_reads_find(
    busy: App, scope: Scope | None
) -> None:
    async with busy.database.transaction() as tx:
        outbox = await outbox_health(tx, scope)
        timers = await pending_timers(tx, scope)
    figures = await scrape_figures(busy.database, scope)
    assert (figures.outbox, figures.timers_pending) == (outbox, timers)
    if scope is None:
        assert outbox.waiting > 0 and outbox.oldest is not None and timers > 0


async def test_a_scrape_of_an_empty_database_reads_nothing_waiting(app: App) -> None:
    figures = await scrape_figures(app.database)
    assert (figures.outbox.waiting, figures.outbox.oldest, figures.outbox.dead) == (0, None, 0)
    assert figures.timers_pending == 0
