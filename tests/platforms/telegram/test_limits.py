"""Telegram as it really limits: a group's budget of messages is spent on messages alone,
administrators are known per group without a question per message, and a picture never
exceeds what Telegram takes."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace

from bot.app import App
from bot.delivery import Limits
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
        settings_for(emulator, **extra),
        admin_cache_seconds=600.0,
        group_max_rate=20,
        group_time_period=60,
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
        await emulator.wait_for(has("riservata a te"))  # hers alone, in a private chat
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


GOTHIC = "𐌰𐌱𐌲𐌳𐌴𐌵𐌶𐌷𐌸𐌹𐌺𐌻𐌼𐌽𐌾𐌿"  # outside the BMP: two UTF-16 units each


async def _players_outside_the_bmp(telegram, emulator, people) -> list[str]:
    """120 players named in Gothic letters: /players is about 2,800 characters, but over
    4,096 UTF-16 units, as Telegram counts."""
    await emulator.set_admins(GROUP, [99])
    await telegram.app.layer.configure("telegram", str(GROUP), {"rulebook": "mcr"})
    mod = people["moderator"]
    names = [f"{GOTHIC}{n:03d}" for n in range(120)]
    gothic = [Person(emulator, 3000 + n, None, name) for n, name in enumerate(names)]
    for person in gothic:
        await person.say("ciao")
    await mod.say("/tournament Open 2")
    for start in range(0, 120, 40):  # named by text mentions: they have no username
        text, entities = "/register", []
        for person in gothic[start : start + 40]:
            text += " "
            offset = len(text.encode("utf-16-le")) // 2
            text += person.first_name
            length = len(person.first_name.encode("utf-16-le")) // 2
            entities.append(
                {"type": "text_mention", "offset": offset, "length": length, "user": person.user}
            )
        await mod.say(text, entities=entities)
    await emulator.wait_for(has("120 players"))
    return names


def units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


async def turned_pages(emulator, person: Person, first: dict) -> list[str]:
    """Every page of a paged answer, turned with its ▶ button until the last."""
    pages, shown = [first["text"]], first
    while shown.get("reply_markup") and shown["reply_markup"]["inline_keyboard"][0][-1][
        "text"
    ].endswith("▶"):
        before = len(await emulator.calls("editMessageText"))
        await person.press(first, shown["reply_markup"]["inline_keyboard"][0][-1]["callback_data"])
        deadline = time.monotonic() + 10
        while len(edits := await emulator.calls("editMessageText")) == before:
            assert time.monotonic() < deadline, "the page was not turned"
            await asyncio.sleep(0.02)
        assert "refused" not in edits[before], edits[before]["refused"]
        shown = {"text": edits[before]["text"], "reply_markup": edits[before]["reply_markup"]}
        if isinstance(shown["reply_markup"], str):
            shown["reply_markup"] = json.loads(shown["reply_markup"])
        pages.append(shown["text"])
    return pages


async def test_names_outside_the_bmp_are_cut_as_telegram_counts(telegram, emulator, people):
    names = await _players_outside_the_bmp(telegram, emulator, people)
    mod = people["moderator"]
    await mod.say("/players")
    said = await emulator.wait_for(has("(120)"))
    first = next(m for m in said if "(120)" in m["text"])
    pages = await turned_pages(emulator, mod, first)
    assert [c for c in await emulator.calls("sendMessage") if "refused" in c] == []
    assert len(pages) >= 2 and all(units(page) <= 4096 for page in pages)
    shown = "\n".join(pages)
    assert all(shown.count(name) == 1 for name in names)  # every player once


async def test_a_part_telegram_refuses_as_too_long_goes_as_smaller_parts(
    telegram, emulator, people
):
    """Counted in code points (as a platform might), the first page is one part: Telegram
    refuses it, and it goes as two, with nothing lost behind it."""
    telegram.messenger.limits = Limits(text=4096, caption=1024, pages=True)
    names = await _players_outside_the_bmp(telegram, emulator, people)
    await people["moderator"].say("/players")
    await people["alice"].say("/help")  # what follows the refused part still goes
    said = await emulator.wait_for(has("(120)"))
    await emulator.wait_for(has("Comandi"))
    refused = [c for c in await emulator.calls("sendMessage") if "refused" in c]
    assert [c["refused"] for c in refused] == ["Bad Request: message is too long"]
    said = await emulator.bot_messages()
    start = next(n for n, m in enumerate(said) if "(120)" in m["text"])
    halves = [m for m in said[start:] if GOTHIC in m["text"]]
    assert len(halves) >= 2 and all(units(half["text"]) <= 4096 for half in halves)
    shown = " ".join(half["text"] for half in halves)
    assert shown.split() == refused[0]["text"].split()  # every word of it, once
    assert "Comandi" in said[start + len(halves)]["text"]  # after it, in order
    assert any(name in refused[0]["text"] for name in names)


async def test_the_results_file_goes_as_a_document_at_finish_and_by_export(
    telegram, emulator, people
):
    """The EMA results file through the real library: sent as a document Telegram takes
    (UTF-8 with a byte order mark, a spreadsheet's way to know it), again on /export."""
    await emulator.set_admins(GROUP, [99])
    await telegram.app.layer.configure("telegram", str(GROUP), {"rulebook": "mcr"})
    mod = people["moderator"]
    players = ["alice", "bob", "carol", "dave"]
    for name in players:
        await people[name].say("ciao")
    for command in ("/tournament Open 1", "/register @alice @bob @carol @dave", "/seating"):
        await mod.say(command)
    await mod.say("/session start")
    await emulator.wait_for(has("Table 1"))
    await mod.say("/score 1 40 10 -10 -40")
    await mod.say("/session end")
    await mod.say("/finish")
    [document] = await emulator.called("sendDocument")
    assert document["filename"].endswith(".csv") and document["chat_id"] == str(GROUP)
    assert document["text"].startswith("\ufeff") and all(
        name in document["text"]
        for name in players  # their chat names, until /player
    ), document["text"]
    await mod.say("/export")
    assert len(await emulator.called("sendDocument", count=2)) == 2
