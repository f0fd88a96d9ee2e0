"""Random text never crashes the command layer and a refused or read-only answer writes nothing."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.app import App
from bot.handlers import REGISTRY, Author, Incoming
from tests.conftest import drop_schema, make_database

READ_ONLY = {
    "refused",
    "standings",
    "profile",
    "history",
    "help",
    "log",
    "card_status",
    "stops_list",
}
TABLES = [
    "communities",
    "members",
    "matches",
    "discipline",
    "standings",
    "tournaments",
    "rulings",
    "ruling_people",
    "audit",
    "timers",
    "meta",
]

words = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "1",
            "0",
            "-3",
            "99999999999999",
            "@alice",
            "@",
            "ns",
            "ew",
            "vp",
            "fibur",
            "pairs",
            "4",
            "official",
            "90m",
            "0m",
            "x",
            "uphold",
            "under8",
            "info",
        ]
    ),
)
commands = st.builds(
    lambda name, args, prefix: prefix + name + " " + " ".join(args),
    st.sampled_from([*sorted(REGISTRY), "", "zzz", "Sit", "sit@other_bot"]),
    st.lists(words, max_size=6),
    st.sampled_from(["/", "/", "", " /"]),
)


@pytest.fixture(params=["sqlite", "postgresql"])
def world(request, tmp_path):
    """The fuzz runs on both databases: a value one accepts and the other refuses (an
    integer too large for its column) must be a refusal on both, never a crash."""
    database = make_database(request.param, tmp_path)
    loop = asyncio.new_event_loop()
    app = App(database)
    loop.run_until_complete(app.start())
    for rulebook in ("burraco", "mcr"):
        loop.run_until_complete(app.layer.configure("console", rulebook, {"rulebook": rulebook}))
        loop.run_until_complete(
            app.layer.handle(
                Incoming(
                    "console",
                    rulebook,
                    Author("alice", "alice"),
                    "hello",
                    datetime(2026, 1, 1, tzinfo=UTC),
                    names_are_keys=True,
                )
            )
        )
    yield loop, app
    loop.run_until_complete(app.stop())
    loop.run_until_complete(drop_schema(database))
    loop.close()


async def snapshot(app: App) -> dict:
    """Every table but the outbox, where the answer itself is recorded (its count apart)."""
    async with app.database.transaction() as tx:
        tables = {t: sorted(map(repr, await tx.fetchall(f"SELECT * FROM {t}"))) for t in TABLES}
        [(answers,)] = await tx.fetchall("SELECT COUNT(*) FROM outbox")
    return {**tables, "answers": answers}


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.one_of(st.text(max_size=80), commands),
    rulebook=st.sampled_from(["burraco", "mcr"]),
    moderator=st.booleans(),
)
@example(text="/{$", rulebook="burraco", moderator=False)  # his own braces, quoted back
def test_random_text_never_raises_and_refusals_write_nothing(world, text, rulebook, moderator):
    loop, app = world
    before = loop.run_until_complete(snapshot(app))
    incoming = Incoming(
        "console",
        rulebook,
        Author("alice", "alice", None, moderator),
        text,
        datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=1),
        names_are_keys=False,
    )
    out = loop.run_until_complete(app.layer.handle(incoming))
    for message in out:
        assert message.text.strip()
        told = message.text
        for word in text.split():  # what he wrote may come back quoted: only ours is checked
            told = told.replace(word, "")
        assert "{$" not in told, message.text
    if all(m.ruling and m.ruling["type"] in READ_ONLY for m in out):
        after = loop.run_until_complete(snapshot(app))
        assert after == {**before, "answers": before["answers"] + len(out)}, text
