"""Telegram as it really limits: a group's budget of messages is spent on messages alone,
administrators are known per group without a question per message, and a picture never
exceeds what Telegram takes."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.conftest import Clock, settings_for
from tests.platforms.telegram.emulator import Person
from tests.platforms.telegram.test_telegram import GROUP, has


async def production_bot(emulator, tmp_path, **extra) -> tuple[App, TelegramBot]:
    """Telegram's own limits: 30 messages a second, 20 a minute in a group."""
    app = App(SqliteDatabase(str(tmp_path / "limits.db")))
    await app.start()
    settings = replace(
        settings_for(emulator, **extra), admin_cache_seconds=600.0, group_max_rate=20
    )
    bot = TelegramBot(app, settings, clock=Clock())
    await bot.start()
    return app, bot


async def test_members_chatting_never_delay_an_answer(emulator, tmp_path):
    app, bot = await production_bot(emulator, tmp_path)
    try:
        await emulator.set_admins(GROUP, [99])
        for n in range(30):  # thirty members say hello: no answer is due, no question asked
            await Person(emulator, 500 + n, f"m{n}", f"M{n}").say("ciao a tutti")
        asked = time.monotonic()
        await Person(emulator, 11, "alice", "Alice").say("/help")
        await emulator.wait_for(has("Comandi"), timeout=10)
        assert time.monotonic() - asked < 2.0
        assert await emulator.calls("getChatMember") == []
        assert len(await emulator.calls("getChatAdministrators")) == 1  # asked once, kept
    finally:
        await bot.stop()
        await app.stop()


async def test_a_new_administrator_moderates_as_soon_as_telegram_says_so(emulator, tmp_path):
    app, bot = await production_bot(emulator, tmp_path)
    try:
        await emulator.set_admins(GROUP, [99])
        alice, bob = Person(emulator, 11, "alice", "Alice"), Person(emulator, 12, "bob", "Bob")
        await bob.say("ciao")
        await alice.say("/stops")
        await emulator.wait_for(has("Solo moderatori"))
        await emulator.set_admins(GROUP, [99, 11], notify=True)  # she is made one
        deadline = time.monotonic() + 5
        while len(await emulator.calls("getChatAdministrators")) < 2:
            await alice.say("/stops")
            assert time.monotonic() < deadline, "the change was never heard"
            await asyncio.sleep(0.2)
        await emulator.wait_for(has("Fermi in corso"))
    finally:
        await bot.stop()
        await app.stop()


async def test_a_long_standings_picture_stays_within_telegram_s_dimensions(
    telegram, emulator, people
):
    await emulator.set_admins(GROUP, [99])
    await telegram.app.layer.configure("telegram", str(GROUP), {"rulebook": "mcr"})
    mod = people["moderator"]
    names = [f"giocatore{n:03d}" for n in range(300)]
    for n, name in enumerate(names):
        await Person(emulator, 1000 + n, name, name).say("ciao")
    await mod.say("/tournament Open 2")
    for start in range(0, 300, 50):
        await mod.say("/register " + " ".join(f"@{name}" for name in names[start : start + 50]))
    await emulator.wait_for(has("300 players"))
    await people["alice"].say("/standings")
    deadline = time.monotonic() + 20
    while not await emulator.calls("sendPhoto"):
        assert time.monotonic() < deadline, "no picture was sent"
        await asyncio.sleep(0.1)
    [photo] = await emulator.calls("sendPhoto")
    assert "refused" not in photo and photo["png"]


async def test_a_session_start_names_the_players_at_each_table(telegram, emulator, people):
    """One message seats every table, by the names people know, never by their ids."""
    await emulator.set_admins(GROUP, [99])
    await telegram.app.layer.configure("telegram", str(GROUP), {"rulebook": "mcr"})
    mod = people["moderator"]
    names = [f"giocatore{n}" for n in range(8)]
    for n, name in enumerate(names):
        await Person(emulator, 2000 + n, name, f"Giocatore {n}").say("ciao")
    await mod.say("/tournament Open 2")
    await mod.say("/register " + " ".join(f"@{name}" for name in names))
    await mod.say("/seating")
    await mod.say("/session start")
    said = await emulator.wait_for(has("Table 2"))
    text = next(t for t in (m.get("text", "") for m in said) if "Table 2" in t)
    assert all(name in text for name in names), text
    assert "200" not in text  # no id in place of a name
