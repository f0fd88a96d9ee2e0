"""Storage details: 64-bit ids, round trips, atomic timer claims, transactions."""

import asyncio
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.app import App
from bot.discipline.burraco.sanctions import LADDER
from bot.discipline.record import DisciplineRecord
from bot.storage.communities import Communities
from bot.storage.store import Member, Store
from tests.conftest import drop_schema, make_database

AT = datetime(2026, 2, 1, 12, tzinfo=UTC)


async def test_platform_ids_are_64_bit(app):
    big = 2**63 - 1
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.create_community("telegram", str(-(10**15)), {})
        await store.communities.save_member(community.id, Member(str(big), "giant", big))
        member = await store.communities.member(community.id, str(big))
    assert member.user_id == big


async def test_a_failed_transaction_leaves_nothing(app):
    with pytest.raises(RuntimeError):
        async with app.database.transaction() as tx:
            store = Store(tx)
            await store.communities.create_community("console", "ghost", {})
            raise RuntimeError("boom")
    async with app.database.transaction() as tx:
        assert await Store(tx).communities.community("console", "ghost") is None


async def test_discipline_and_tallies_round_trip(app):
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.create_community("console", "main", {})
        record = DisciplineRecord("alice", ladder=LADDER)
        record.add_warning(AT, UTC, 1)
        record.show_card(AT)
        await store.sanctions.save_discipline(community.id, record, AT)
        await store.tallies.add_to_tally(community.id, "profile", "alice", Fraction(21, 4), 7, AT)
        await store.tallies.add_to_tally(community.id, "profile", "alice", Fraction(10), 20, AT)
    async with app.database.transaction() as tx:
        store = Store(tx)
        assert await store.sanctions.discipline(community.id, "alice") == record
        [row] = await store.tallies.tally(community.id, "profile")
    assert row.points == Fraction(61, 4) and row.matches == 2 and row.average == Fraction(27, 2)


async def test_a_timer_is_claimed_once(app):
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.create_community("console", "main", {})
        await store.timers.schedule(community.id, "stop_end", "alice", AT)
        [timer] = await store.timers.due_timers(AT, 10)
    async with app.database.transaction() as tx:
        assert await Store(tx).timers.claim_timer(timer.id, "one", AT) is True
    async with app.database.transaction() as tx:
        assert await Store(tx).timers.claim_timer(timer.id, "two", AT) is False


async def test_rescheduling_replaces_the_pending_timer(app):
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.create_community("console", "main", {})
        await store.timers.schedule(community.id, "stop_end", "alice", AT)
        await store.timers.schedule(community.id, "stop_end", "alice", AT + timedelta(hours=1))
        assert await store.timers.pending_timer_count() == 1
        assert await store.timers.next_due() == AT + timedelta(hours=1)


async def test_a_pending_timer_is_read_back_with_its_payload_until_it_is_done(app):
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.create_community("console", "main", {})
        assert await store.timers.pending(community.id, "raid_end", "raid") is None
        await store.timers.schedule(community.id, "raid_end", "raid", AT, {"ruling": 4})
        await store.timers.schedule(community.id, "raid_end", "raid", AT + timedelta(hours=1))
        found = await store.timers.pending(community.id, "raid_end", "raid")
        assert found is not None and found.due_at == AT + timedelta(hours=1)
        assert found.payload == {} and found.subject == "raid"
    async with app.database.transaction() as tx:
        assert await Store(tx).timers.claim_timer(found.id, "one", AT) is True
    async with app.database.transaction() as tx:
        assert await Store(tx).timers.pending(community.id, "raid_end", "raid") is None


async def test_two_processes_sharing_postgresql_never_fire_a_timer_twice(tmp_path):
    database = make_database("postgresql", tmp_path)
    other = type(database)(database.url, schema=database.schema)
    try:
        async with App(database, node="one") as first, App(other, node="two") as second:
            await first.layer.configure("console", "main", {"rulebook": "burraco"})
            async with first.database.transaction() as tx:
                store = Store(tx)
                community = await store.communities.community("console", "main")
                for n in range(300):
                    record = DisciplineRecord(f"p{n}")
                    record.impose_stop(AT - timedelta(hours=2), timedelta(hours=1), "test")
                    await store.sanctions.save_discipline(
                        community.id, record, AT - timedelta(hours=2)
                    )
                    await store.timers.schedule(
                        community.id, "stop_end", f"p{n}", AT - timedelta(hours=1)
                    )
                due = await store.timers.due_timers(AT, 1000)
            # each timer raced by both processes at once: exactly one fires it
            ended = []
            for timer in due[:150]:
                one, two = await asyncio.gather(
                    first.timers._fire(timer, AT), second.timers._fire(timer, AT)
                )
                assert bool(one) != bool(two)
                ended += [o.ruling["player"] for o in one + two]
            # then both sweep the rest concurrently
            results = await asyncio.gather(first.timers.fire_due(AT), second.timers.fire_due(AT))
            ended += [o.ruling["player"] for out in results for o in out]
            assert sorted(ended) == sorted(f"p{n}" for n in range(300))
            async with first.database.transaction() as tx:
                fired_by = await tx.fetchall(
                    "SELECT fired_by, COUNT(*) FROM timers GROUP BY fired_by"
                )
                rulings = await tx.fetchone(
                    "SELECT COUNT(*) FROM rulings WHERE type = 'stop_ended'"
                )
            assert rulings[0] == 300
            assert sum(count for _, count in fired_by) == 300
            assert len(fired_by) == 2, fired_by  # both processes really fired some
    finally:
        await drop_schema(database)


async def test_the_database_orders_standings_as_the_rules_do(app):
    import random

    from bot.discipline.burraco.standings import ordered

    rng = random.Random(11)
    async with app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.create_community("console", "main", {})
        for _ in range(300):
            player = f"p{rng.randrange(60)}"
            hands = rng.choice([2, 3, 4])
            vp = rng.randint(0, 20)
            points = (
                Fraction(vp * hands, 4) if rng.random() < 0.2 else Fraction(round(vp * hands / 4))
            )
            at = AT + timedelta(minutes=rng.randrange(5))
            await store.tallies.add_to_tally(community.id, "profile", player, points, vp, at)
        # deliberate ties at each level of the order: points, then average, then matches,
        # then the earliest last result, then the name
        for name, results, minute in [
            ("t_a", [(10, 20), (10, 0)], 1),
            ("t_b", [(10, 10), (10, 10)], 1),
            ("t_c", [(10, 10), (10, 10)], 0),
            ("t_d", [(5, 10), (5, 5), (10, 5)], 0),
            ("t_e", [(20, 20)], 0),
            ("t_f", [(20, 20)], 0),
            ("t_g", [(20, 15)], 0),
        ]:
            for points, vp in results:
                await store.tallies.add_to_tally(
                    community.id,
                    "profile",
                    name,
                    Fraction(points),
                    vp,
                    AT + timedelta(days=1, minutes=minute),
                )
        from_database = await store.tallies.tally(community.id, "profile")
    assert [r.player for r in from_database] == [r.player for r in ordered(from_database)]
    assert len({(r.points, r.average) for r in from_database}) < len(from_database)  # ties


async def test_a_redelivered_update_racing_in_two_processes_is_answered_once(tmp_path):
    from bot.handlers import Author, Incoming

    database = make_database("postgresql", tmp_path)
    other = type(database)(database.url, schema=database.schema)
    try:
        async with App(database) as first, App(other) as second:
            await first.layer.configure("telegram", "-5", {"rulebook": "burraco"})
            incoming = Incoming(
                "telegram", "-5", Author("7", "ann", 7), "/open fibur 1v1 2", AT, update_key="u42"
            )
            answers = await asyncio.gather(
                first.layer.handle(incoming), second.layer.handle(incoming)
            )
            assert sorted(len(a) for a in answers) == [0, 1]
            async with first.database.transaction() as tx:
                assert (await tx.fetchone("SELECT COUNT(*) FROM matches"))[0] == 1
    finally:
        await drop_schema(database)


async def test_two_processes_changing_one_member_lose_no_update(tmp_path, monkeypatch):
    from bot.handlers import Author, Incoming

    original = Communities.speaker

    async def slow_speaker(self, *args, **kwargs):  # widen the window between read and write
        found = await original(self, *args, **kwargs)
        await asyncio.sleep(0.05)
        return found

    monkeypatch.setattr(Communities, "speaker", slow_speaker)
    database = make_database("postgresql", tmp_path)
    other = type(database)(database.url, schema=database.schema)
    try:
        async with App(database) as first, App(other) as second:
            await first.layer.configure(
                "console", "club", {"rulebook": "burraco", "admins": ["mod"]}
            )
            mod = Author("mod", "mod", None, True)
            await first.layer.handle(Incoming("console", "club", Author("pia", "pia"), "hi", AT))
            stops = [
                Incoming(
                    "console", "club", mod, f"/stop @pia {n}h reason {n}", AT, names_are_keys=True
                )
                for n in range(1, 7)
            ]
            apps = [first, second] * 3
            await asyncio.gather(*(a.layer.handle(i) for a, i in zip(apps, stops, strict=True)))
            async with first.database.transaction() as tx:
                store = Store(tx)
                community = await store.communities.community("console", "club")
                record = await store.sanctions.discipline(community.id, "pia")
            assert len(record.stops) == 6  # none overwritten by a concurrent writer
            assert record.stop_until(AT) == AT + timedelta(hours=6)
    finally:
        await drop_schema(database)


def test_the_postgresql_pool_size_comes_from_the_url():
    import pytest

    from bot.storage.database import PostgresDatabase

    assert PostgresDatabase("postgresql://u@h/db").pool_size == 10
    assert PostgresDatabase("postgresql://u@h/db?pool=3&schema=s").pool_size == 3
    with pytest.raises(ValueError, match="pool="):
        PostgresDatabase("postgresql://u@h/db?pool=0")
