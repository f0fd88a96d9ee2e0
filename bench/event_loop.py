"""The event loop never waits: the longest stretch it is held during a 300-player MCR
``/standings`` with its picture, while the command is answered and the picture drawn.

    .venv/bin/python bench/event_loop.py [--players 300]

A ticker wakes every millisecond and records the longest gap between its wake-ups. Printed
beside a baseline from the same run: the same picture drawn on the event loop (as it was
before pictures moved to the drawing thread), and the figure the issue measured (5.0 s).
Target: <= 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import App  # noqa: E402
from bot.delivery import DeliveryOptions, Envelope, Sent  # noqa: E402
from bot.handlers import Author, Incoming  # noqa: E402
from bot.pictures import picture_for  # noqa: E402
from bot.storage.database import SqliteDatabase  # noqa: E402
from tests.delivery.recording import RecordingMessenger  # noqa: E402


class PictureMessenger(RecordingMessenger):
    """Receives each picture as a platform would: drawn, then uploaded."""

    pictures: list[bytes]

    async def send(self, envelope: Envelope) -> Sent:
        if envelope.picture is not None:
            data = await envelope.picture()
            if data:
                self.pictures.append(data)
        return await super().send(envelope)


class Ticker:
    """The longest time the event loop kept a 1-ms sleeper waiting, beyond its millisecond."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.running = True

    async def run(self) -> None:
        last = time.perf_counter()
        while self.running:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.longest = max(self.longest, now - last - 0.001)
            last = now


async def prepare(app: App, players: int) -> datetime:
    """A tournament of ``players`` with one session played, on the console platform."""
    at = datetime(2026, 5, 10, 9, tzinfo=UTC)
    await app.layer.configure("console", "main", {"rulebook": "mcr", "admins": ["ref"]})

    async def say(text: str) -> None:
        nonlocal at
        at += timedelta(seconds=5)
        author = Author("ref", "ref", None, True, (), "en")
        await app.layer.handle(Incoming("console", "main", author, text, at, names_are_keys=True))

    names = [f"player{n:03d}" for n in range(players)]
    await say("/tournament Open 2")
    for start in range(0, players, 50):
        await say("/register " + " ".join(f"@{n}" for n in names[start : start + 50]))
    await say("/seating")
    await say("/session start")
    for table in range(1, players // 4 + 1):
        east, south = 40 + table % 30, 10 + table % 7
        await say(f"/score {table} {east} {south} -10 {-(east + south - 10)}")
    await say("/session end")
    return at + timedelta(minutes=1)


async def standings_block(app: App, messenger: PictureMessenger, at: datetime) -> float:
    ticker = Ticker()
    task = asyncio.create_task(ticker.run())
    await asyncio.sleep(0.05)  # the ticker is ticking
    author = Author("ann", "ann", None, False, (), "en")
    await app.layer.handle(
        Incoming("console", "main", author, "/standings", at, names_are_keys=True)
    )
    await asyncio.sleep(0.05)
    ticker.running = False
    await task
    assert messenger.pictures, "no picture was drawn"
    return ticker.longest


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = App(SqliteDatabase(str(Path(folder) / "loop.db")))
        await app.start()
        messenger = PictureMessenger()
        messenger.pictures = []
        app.delivery.register(messenger, DeliveryOptions())
        try:
            at = await prepare(app, args.players)
            longest = await standings_block(app, messenger, at)
            ruling = await standings_ruling(app, at + timedelta(minutes=1))
            began = time.perf_counter()  # the baseline: the same picture drawn on the loop
            picture_for(ruling, "en", {}, UTC, app.layer.translator)
            on_loop = time.perf_counter() - began
        finally:
            await app.stop()
    print(
        f"{args.players}-player MCR /standings with its picture: the event loop held at most"
        f" {longest * 1000:.1f} ms (target <= 50 ms); the same picture drawn on the loop holds"
        f" it {on_loop * 1000:.0f} ms (ratio {longest / on_loop:.3f}); before the change: 5.0 s"
    )


async def standings_ruling(app: App, at: datetime) -> dict:
    """The standings ruling as JSON, the shape the picture is drawn from."""
    author = Author("ann", "ann", None, False, (), "en")
    [out] = [
        o
        for o in await app.layer.handle(
            Incoming("console", "main", author, "/standings", at, names_are_keys=True)
        )
        if o.ruling_type == "standings"
    ]
    assert out.ruling is not None
    return out.ruling


if __name__ == "__main__":
    asyncio.run(main())
