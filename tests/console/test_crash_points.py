"""A notice is never lost to a crash, wherever on its path the process dies: recorded with
the decision of its timer but not sent, sent but not yet marked so, or marked. The replay
run again on its database prints what the crash interrupted (at least once), in the
community's time, as if nothing had happened."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import POSTGRES_URL, drop_schema, make_database

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """@community rulebook=burraco tz=Europe/Rome lang=en
@admins mod
2026-06-01T09:59:00 pia: cheap followers here
2026-06-01T09:59:01 leo: and here
2026-06-01T10:00:00 mod: /stop @pia 3h spam
2026-06-01T10:00:10 mod: /stop @leo 90m spam
@until 2026-06-02T10:00:00
"""
# a replay that dies (as kill -9 would) the nth time a timer's notices reach one step
CRASHING = """
import asyncio, os, sys
from pathlib import Path
from bot.console.replay import replay
from bot.delivery.service import Delivery

step, nth, script, db = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
reached = 0

def die_at_the_nth() -> None:
    global reached
    reached += 1
    if reached == nth:
        sys.stdout.flush()
        os._exit(9)

dispatch, settle = Delivery.dispatch, Delivery._settle
TIMERS = ("stop_reminder", "stop_ended")

async def crashing_dispatch(self, parcels, origin, now):
    if step == "recorded" and origin is None and parcels:  # a timer's, not yet sent
        die_at_the_nth()
    return await dispatch(self, parcels, origin, now)

async def crashing_settle(self, outcomes, now):
    timers = any(o.parcel.message.ruling_type in TIMERS for o in outcomes)
    if step == "sent" and timers:  # out, not yet recorded as out
        die_at_the_nth()
    await settle(self, outcomes, now)
    if step == "settled" and timers:
        die_at_the_nth()

Delivery.dispatch, Delivery._settle = crashing_dispatch, crashing_settle
asyncio.run(replay(Path(script), db=db, as_json=True))
"""


def lines_of(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def notices(printed: list[dict]) -> Counter:
    return Counter(
        (p["ruling"]["type"], p["ruling"]["player"])
        for p in printed
        if p["ruling"] and p["ruling"]["type"] in ("stop_reminder", "stop_ended")
    )


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> list[dict]:
    script = tmp_path_factory.mktemp("whole") / "script.txt"
    script.write_text(SCRIPT)
    run = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(script), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    printed = lines_of(run.stdout)
    assert sum(notices(printed).values()) == 4
    return printed


@pytest.fixture
def crash_db(db_kind, tmp_path):
    """Where the crashing replay keeps its data: a SQLite file, or a PostgreSQL schema of its
    own (dropped afterwards)."""
    if db_kind == "sqlite":
        yield str(tmp_path / "crash.db")
        return
    database = make_database(db_kind, tmp_path)  # skips, or fails, without a server
    yield f"{POSTGRES_URL}?schema={database.schema}"
    asyncio.run(drop_schema(database))


@pytest.mark.parametrize("nth", [1, 2, 3, 4])
@pytest.mark.parametrize("step", ["recorded", "sent", "settled"])
def test_a_resumed_replay_prints_every_notice_a_crash_interrupted(
    tmp_path, uninterrupted, step, nth, crash_db
):
    script, db = tmp_path / "script.txt", crash_db
    script.write_text(SCRIPT)
    crashed = subprocess.run(
        [sys.executable, "-c", CRASHING, step, str(nth), str(script), db],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert crashed.returncode == 9, crashed.stderr  # it died where it was told to
    resumed = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(script), "--json", "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    before, after = lines_of(crashed.stdout), lines_of(resumed.stdout)
    told = notices(before) + notices(after)
    wanted = notices(uninterrupted)
    assert set(told) == set(wanted)  # every notice, none made up
    twice = {notice for notice, times in told.items() if times > 1}
    if step != "sent":
        assert not twice  # only a crash between the send and its record repeats one
    else:
        assert len(twice) <= 1
    for printed in after:  # in the community's time, as the first run printed them
        assert printed["at"].endswith("+02:00"), printed["at"]
    stops = Counter(
        (p["kind"], p["ruling"]["player"])
        for p in before + after
        if p["ruling"] and p["ruling"]["type"] == "stop"
    )
    # the commands' answers were not lost either: each stop said in the chat and to its member
    assert stops == {(kind, who): 1 for kind in ("notice", "dm") for who in ("pia", "leo")}
