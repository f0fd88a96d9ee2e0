"""Restart safety, by really stopping the process (RULES §3 "Nothing is lost")."""

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"


def replay(script: Path, db: Path | None = None) -> list[dict]:
    command = [sys.executable, "-m", "bot", "replay", str(script), "--json"]
    if db is not None:
        command += ["--db", str(db)]
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def split(script: Path, marker: str, tmp_path: Path) -> tuple[Path, Path]:
    lines = script.read_text().splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if line.startswith(marker))
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("".join(lines[:cut]))
    second.write_text("".join(lines[cut:]))
    return first, second


def test_a_replay_in_two_halves_gives_the_same_rulings_as_one_run(tmp_path):
    script = CASES / "burraco-warnings-year.txt"
    whole = replay(script)
    # stop the process just before the clock runs over New Year and the end of the stop
    first, second = split(script, "@until 2027-01-01T22:00:00", tmp_path)
    db = tmp_path / "restart.db"
    halves = replay(first, db) + replay(second, db)
    assert halves == whole
    assert any(e["ruling"] and e["ruling"]["type"] == "stop_ended" for e in halves)


@pytest.mark.parametrize(
    ("case", "marker", "fired"),
    [
        # stopped with a timed ban running: it ends on time after the start
        ("chat-moderation.txt", "@until 2026-07-17T19:05:00", "ban_ended"),
        # stopped with tables left open: each closes once, at its own instant
        ("burraco-club-life.txt", "@until 2026-06-06T00:41:00", "table_closed"),
        # stopped with the session's clock running: its warning and its end come once
        ("mcr-clock.txt", "@until 2026-05-01T11:20:00", "clock_ended"),
    ],
)
def test_moderation_and_tournament_timers_survive_a_restart(tmp_path, case, marker, fired):
    script = CASES / case
    whole = replay(script)
    first, second = split(script, marker, tmp_path)
    db = tmp_path / "restart.db"
    halves = replay(first, db) + replay(second, db)
    assert halves == whole
    assert any(e["ruling"] and e["ruling"]["type"] == fired for e in halves)


def test_timers_that_fell_due_while_stopped_fire_once_on_start(tmp_path):
    db = tmp_path / "down.db"
    start = tmp_path / "start.txt"
    start.write_text(
        "@community rulebook=burraco tz=Europe/Rome lang=en\n@admins mod\n"
        "2026-06-01T09:59:00 pia: cheap followers here\n"
        "2026-06-01T09:59:01 leo: and here\n"
        "2026-06-01T10:00:00 mod: /stop @pia 3h spam\n"
        "2026-06-01T10:00:10 mod: /stop @leo 90m spam\n"
    )
    replay(start, db)
    later = tmp_path / "later.txt"
    later.write_text("@until 2026-06-02T10:00:00\n")
    fired = [e["ruling"]["type"] + ":" + e["ruling"]["player"] for e in replay(later, db)]
    assert sorted(fired) == [
        "stop_ended:leo",
        "stop_ended:pia",
        "stop_reminder:leo",
        "stop_reminder:pia",
    ]
    again = tmp_path / "again.txt"
    again.write_text("@until 2026-06-05T10:00:00\n")
    assert replay(again, db) == []


def test_kill_9_during_a_stream_loses_no_answered_command_and_records_none_twice(tmp_path):
    db = tmp_path / "killed.db"
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--db", str(db)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )
    answered: set[int] = set()
    opened = re.compile(r"Table (\d+) is open")
    try:
        assert bot.stdout.readline().startswith("Arbitro console")
        for n in range(40):  # one at a time: wait for each answer
            bot.stdin.write(f"p{n}: /open fibur 1v1 2\n")
            bot.stdin.flush()
            found = opened.search(bot.stdout.readline())
            assert found
            answered.add(int(found[1]))
        for n in range(40, 400):  # then a burst, killed in the middle
            bot.stdin.write(f"p{n}: /open fibur 1v1 2\n")
        bot.stdin.flush()
        deadline = time.monotonic() + 10
        while len(answered) < 120 and time.monotonic() < deadline:
            found = opened.search(bot.stdout.readline())
            if found:
                answered.add(int(found[1]))
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(timeout=10)
    finally:
        if bot.poll() is None:
            bot.kill()
    connection = sqlite3.connect(db)
    numbers = sorted(n for (n,) in connection.execute("SELECT number FROM matches"))
    opened_rulings = connection.execute(
        "SELECT COUNT(*) FROM rulings WHERE type = 'table_opened'"
    ).fetchone()[0]
    connection.close()
    assert answered <= set(numbers), "an answered command was lost"
    assert numbers == list(range(1, len(numbers) + 1)), "a gap or a duplicate"
    assert opened_rulings == len(numbers), "a command recorded twice or half"
    assert len(answered) <= len(numbers) < 400


def test_a_replay_killed_before_saving_its_clock_does_not_record_a_line_twice(tmp_path):
    """A replay killed between a command's commit and the clock saved after it: resumed
    from that line, the line is recognised and not recorded twice (one stop, not two)."""
    db = tmp_path / "resumed.db"
    header = "@community rulebook=burraco tz=Europe/Rome lang=en\n@admins mod\n"
    stop = "2026-06-01T20:00:00 mod: /stop @pia 2h spam\n"
    first = tmp_path / "first.txt"
    first.write_text(header + "2026-06-01T19:00:00 pia: /card\n" + stop)
    replay(first, db)
    connection = sqlite3.connect(db)  # as if killed before the clock was saved
    connection.execute(
        "UPDATE meta SET value = '2026-06-01T17:00:00.000000Z' WHERE key = 'replay_clock'"
    )
    connection.commit()
    connection.close()
    resumed = tmp_path / "resumed.txt"
    resumed.write_text(header + stop + "2026-06-01T20:05:00 pia: /card\n")
    events = replay(resumed, db)
    assert not [e for e in events if (e.get("ruling") or {}).get("type") == "stop"]
    connection = sqlite3.connect(db)
    stops = connection.execute("SELECT COUNT(*) FROM rulings WHERE type = 'stop'").fetchone()[0]
    connection.close()
    assert stops == 1


def test_a_timer_notice_recorded_but_never_printed_is_printed_on_resume(tmp_path):
    db = tmp_path / "drained.db"
    script = tmp_path / "stop.txt"
    script.write_text(
        "@community rulebook=burraco tz=Europe/Rome lang=en\n@admins mod\n"
        "2026-06-01T19:00:00 pia: /card\n"
        "2026-06-01T20:00:00 mod: /stop @pia 2h spam\n@until 2026-06-01T23:00:00\n"
    )
    replay(script, db)
    connection = sqlite3.connect(db)  # as if killed after the timer fired, before printing
    connection.execute("UPDATE outbox SET delivered_at = NULL, claimed_until = NULL")
    connection.commit()
    connection.close()
    again = tmp_path / "again.txt"
    again.write_text("@until 2026-06-01T23:30:00\n")
    printed = [(e.get("ruling") or {}).get("type") for e in replay(again, db)]
    assert "stop_ended" in printed


def _evening(path: Path) -> Path:
    """A long evening on a simulated clock: players seen, stops imposed and lifted, the clock
    moved on so that reminders and ends fire, over and over."""
    lines = ["@community rulebook=burraco tz=Europe/Rome lang=en ready_clock=off", "@admins mod"]
    at = datetime(2026, 6, 1, 18, 0)  # noqa: DTZ001  # a script's wall-clock time, in its zone
    for step in range(300):
        player, other = f"p{step % 9}", f"p{(step * 4 + 1) % 9}"
        lines.append(f"{at.isoformat()} {player}: /card")
        lines.append(f"{(at + timedelta(seconds=5)).isoformat()} {other}: /card")
        minutes = 60 + step % 4 * 30
        stop = f"mod: /stop @{player} {minutes}m spam"
        lines.append(f"{(at + timedelta(seconds=10)).isoformat()} {stop}")
        if step % 3 == 0:
            lines.append(f"{(at + timedelta(seconds=20)).isoformat()} mod: /lift @{other} calmer")
        at += timedelta(minutes=35)
        lines.append(f"@until {at.isoformat()}")
    path.write_text("\n".join(lines) + "\n")
    return path


def _rulings(url: str) -> list[tuple]:
    import asyncio

    from bot.storage.database import database_from_url

    async def read() -> list[tuple]:
        database = database_from_url(url)
        await database.open()
        try:
            async with database.transaction() as tx:
                return await tx.fetchall("SELECT number, type, body FROM rulings ORDER BY number")
        finally:
            await database.close()

    return asyncio.run(read())


@pytest.mark.parametrize("db_kind", ["sqlite", "postgresql"])
def test_twenty_kills_lose_nothing_and_double_nothing(tmp_path, db_kind):
    """kill -9 twenty times, at random points of a long replay whose timers fire (stops'
    reminders and ends), each time resumed on the same database: the rulings at the end are
    exactly those of a run never interrupted, and the SQLite file passes its integrity check."""
    from tests.conftest import POSTGRES_UNREACHABLE, POSTGRES_URL

    if db_kind == "postgresql" and POSTGRES_UNREACHABLE:
        pytest.skip(POSTGRES_UNREACHABLE)
    script = _evening(tmp_path / "evening.txt")

    def url(name: str) -> str:
        if db_kind == "sqlite":
            return str(tmp_path / f"{name}.db")
        return f"{POSTGRES_URL}?schema=kill_{name}_{uuid.uuid4().hex[:8]}"

    clean, killed = url("clean"), url("killed")
    replay(script, clean)
    rng = random.Random(20)
    kills = 0
    while kills < 20:
        run = subprocess.Popen(
            [sys.executable, "-m", "bot", "replay", str(script), "--json", "--db", killed],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        first = run.stdout.readline()  # it is working: kill it somewhere in what follows
        if not first:
            run.wait(timeout=30)
            break  # it had nothing left to do
        time.sleep(rng.uniform(0, 0.06))
        os.kill(run.pid, signal.SIGKILL)
        run.wait(timeout=30)
        kills += 1
    replay(script, killed)  # the rest, to the end
    assert kills >= 10  # most runs were killed midway (a last one may find nothing to do)
    assert _rulings(killed) == _rulings(clean)
    if db_kind == "sqlite":
        connection = sqlite3.connect(killed)
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.close()
    else:
        for name in (clean, killed):
            schema = name.rsplit("schema=", 1)[1]
            _drop(schema)


def _drop(schema: str) -> None:
    import asyncio

    import asyncpg

    from tests.conftest import POSTGRES_URL

    async def drop() -> None:
        connection = await asyncpg.connect(POSTGRES_URL)
        await connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await connection.close()

    asyncio.run(drop())


def test_the_console_reopened_without_options_keeps_the_chat_s_own_settings(tmp_path):
    """A tournament kept in Russian stays one when the console is opened on its database
    again; only what the command line says changes it."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    db = tmp_path / "hall.db"

    def console(*options: str, said: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "bot", "console", "--db", str(db), *options],
            cwd=root,
            input=said,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    first = ("--rulebook", "mcr", "--lang", "ru", "--admins", "ref")
    console(*first, said="ref: /tournament Весна 2\n")
    shown = console(said="ref: /settings\n")
    assert "MCR" in shown and "русский" in shown  # not reset to a Burraco club in English
    shown = console("--lang", "it", said="ref: /settings\n")
    assert "italiano" in shown


def test_sigterm_ends_the_console_with_status_0_and_what_it_decided_kept(tmp_path):
    db = tmp_path / "stopped.db"
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--db", str(db)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    try:
        assert bot.stdout.readline().startswith("Arbitro console")
        bot.stdin.write("alice: /open fibur 1v1 2\n")
        bot.stdin.flush()
        assert "Table 1 is open" in bot.stdout.readline()
        bot.send_signal(signal.SIGTERM)  # waiting for the next line, stdin still open
        assert bot.wait(timeout=20) == 0, bot.stderr.read()
    finally:
        if bot.poll() is None:
            bot.kill()
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1


def test_sigterm_ends_a_replay_with_status_0_and_the_next_run_goes_on(tmp_path):
    db, script = tmp_path / "replayed.db", tmp_path / "long.txt"
    start = datetime(2026, 5, 10, 12, 0, tzinfo=UTC)
    script.write_text(
        "".join(
            f"{(start + timedelta(minutes=n)).isoformat()} p{n}: /open fibur 1v1 2\n"
            for n in range(150)  # within the tables' 3 hours: none closes
        )
    )
    command = [sys.executable, "-m", "bot", "replay", str(script), "--db", str(db)]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, bufsize=1)
    first = run.stdout.readline()
    assert "Table 1 is open" in first
    run.send_signal(signal.SIGTERM)
    assert run.wait(timeout=30) == 0
    first += run.stdout.read()
    said = first + "\n".join(m["text"] for m in replay(script, db))  # the rest, resumed
    with sqlite3.connect(db) as connection:
        numbers = [n for (n,) in connection.execute("SELECT number FROM matches ORDER BY 1")]
    assert numbers == list(range(1, 151))  # each line once
    shown = {int(n) for n in re.findall(r"Table (\d+) is open", said)}
    assert shown == set(numbers)  # and each said


def test_a_raid_ends_on_time_after_a_restart(tmp_path):
    """The raid's end is a timer in the database: a process stopped during the raid, started
    again after its end, announces the end once, at its instant."""
    first, second = tmp_path / "raid-first.txt", tmp_path / "raid-second.txt"
    first.write_text(
        "@community rulebook=burraco tz=Europe/Rome lang=en\n@admins mod\n"
        "2026-06-02T18:00:00 mod: /raid on 20m\n"
    )
    second.write_text("@until 2026-06-02T19:00:00\n")
    db = tmp_path / "raid.db"
    started = replay(first, db)
    assert [e["ruling"]["type"] for e in started if e["ruling"]] == ["raid_started"]
    ended = [e for e in replay(second, db) if e["ruling"] and e["ruling"]["type"] == "raid_ended"]
    assert len(ended) == 1
    assert datetime.fromisoformat(ended[0]["at"]) == datetime(2026, 6, 2, 16, 20, tzinfo=UTC)
