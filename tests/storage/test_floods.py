"""The recent message instants the processes on one database share (the flood check): a
message counts the member's messages within the window, one statement; older instants are
dropped; an album counts once; going over starts the count again; pruning forgets them."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.storage.store import unit_of_work

MEMBER = "bob"


async def _count(database, at: float, seconds: int = 10, album: str | None = None) -> int | None:
    async with unit_of_work(database) as store:
        return await store.floods.count(1, MEMBER, at, seconds, album)


async def test_the_window_counts_the_messages_within_it(database, app):
    assert [await _count(database, at) for at in (100.0, 101.0, 105.0)] == [1, 2, 3]
    assert await _count(database, 111.0) == 2  # 100 and 101 are out of the window, 105 in
    async with unit_of_work(database) as store:
        assert await store.floods.count(1, "ann", 111.5, 10) == 1  # each member his own
        assert await store.floods.count(2, MEMBER, 111.5, 10) == 1  # each chat its own


async def test_an_album_counts_once_and_forgetting_starts_again(database, app):
    assert await _count(database, 100.0, album="a1") == 1
    assert await _count(database, 100.1, album="a1") is None  # another picture of the post
    assert await _count(database, 100.2, album="a2") == 2
    async with unit_of_work(database) as store:
        store.floods.forget(1, MEMBER)
    assert await _count(database, 101.0) == 1


async def test_pruning_forgets_the_old_instants(database, app):
    for at in (100.0, 200.0, 300.0):
        await _count(database, at, seconds=600)
    async with unit_of_work(database) as store:
        assert await store.floods.prune(250.0) == 2
        assert await store.floods.count(1, MEMBER, 301.0, 600) == 2


_examples = itertools.count()


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(gaps=st.lists(st.floats(0.0, 5.0), min_size=1, max_size=12), seconds=st.integers(1, 10))
async def test_the_count_is_the_number_of_instants_in_the_window(database, app, gaps, seconds):
    """Whatever the instants: the count is those within ``seconds`` before, this one too."""
    member, at, seen = f"m{next(_examples)}", 1000.0, []
    for gap in gaps:
        at += gap
        seen.append(at)
        async with unit_of_work(database) as store:
            counted = await store.floods.count(1, member, at, seconds)
        assert counted == sum(1 for t in seen if t > at - seconds)
