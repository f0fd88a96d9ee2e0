"""Each chat's recent join instants, shared by the processes on one database and kept across
restarts (the raid check): a join counts the chat's joins within the window, no further than
asked; older instants are dropped; pruning forgets them."""

from __future__ import annotations

from bot.storage.store import unit_of_work


async def _count(database, at: float, seconds: float = 60, enough: int = 100, chat: int = 1):
    async with unit_of_work(database) as store:
        return await store.joins.count(chat, at, at - seconds, enough)


async def test_the_window_counts_the_joins_within_it(database, app):
    assert [await _count(database, at) for at in (100.0, 101.0, 150.0)] == [1, 2, 3]
    assert await _count(database, 161.0) == 2  # 100 and 101 are out of the window, 150 in
    assert await _count(database, 161.5, chat=2) == 1  # each chat its own


async def test_the_count_stops_at_what_the_rule_needs(database, app):
    counted = [await _count(database, 100.0 + n, enough=3) for n in range(6)]
    assert counted == [1, 2, 3, 3, 3, 3]


async def test_pruning_forgets_the_old_instants(database, app):
    for at in (100.0, 200.0, 300.0):
        await _count(database, at, seconds=600)
    async with unit_of_work(database) as store:
        assert await store.joins.prune(250.0) == 2
        assert await store.joins.count(1, 301.0, 301.0 - 600, 100) == 2
