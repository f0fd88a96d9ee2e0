"""On Telegram an administrator is a moderator however a command names him (a mention by
username, a text mention, a reply): no measure lands on him, and the Bot API is never asked
to restrict him. ARBITRO_MODERATORS grants moderation by user id; a username there is turned
into its id once, at start, or left out, and said so."""

from __future__ import annotations

import asyncio
import logging

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.conftest import Clock, settings_for
from tests.platforms.telegram.test_telegram import GROUP, has

PROTECTED = "modera questa chat"


async def _known(people, *names: str) -> None:
    for name in names:
        await people[name].say("ciao a tutti")


async def test_an_admin_named_by_username_is_never_muted(telegram, emulator, people):
    mod = people["moderator"]
    await emulator.set_admins(GROUP, [99, 11])  # alice administers the group too
    await _known(people, "alice")
    await mod.say("/mute @alice 1h spam")
    await emulator.wait_for(has(PROTECTED))
    await mod.say("/ban @alice spam")
    await emulator.wait_for(has(PROTECTED, 2))
    await asyncio.sleep(0.2)
    assert await emulator.calls("restrictChatMember") == []
    assert await emulator.calls("banChatMember") == []


async def test_an_admin_named_by_text_mention_or_reply_is_protected(telegram, emulator, people):
    mod, dave = people["moderator"], people["dave"]
    await emulator.set_admins(GROUP, [99, 14])
    await _known(people, "dave")
    text = "/mute Dave 1h spam"
    mention = {"type": "text_mention", "offset": 6, "length": 4, "user": dave.user}
    await mod.say(text, entities=[mention])
    await emulator.wait_for(has(PROTECTED))
    reply = {"message_id": 5, "date": 1, "chat": dave.chat, "from": dave.user, "text": "x"}
    await mod.say("/kick spam", reply_to=reply)
    await emulator.wait_for(has(PROTECTED, 2))
    await asyncio.sleep(0.2)
    assert await emulator.calls("restrictChatMember") == []
    assert await emulator.calls("banChatMember") == []


async def _started(emulator, tmp_path, moderators: tuple[str, ...]) -> tuple[App, TelegramBot]:
    app = App(SqliteDatabase(str(tmp_path / "telegram.db")))
    await app.start()
    bot = TelegramBot(app, settings_for(emulator, moderators=moderators), clock=Clock())
    await bot.start()
    return app, bot


async def test_moderators_of_the_settings_by_id_a_username_resolved_once_or_refused(
    emulator, tmp_path, people, caplog
):
    caplog.set_level(logging.WARNING)
    app, bot = await _started(emulator, tmp_path, ())
    await _known(people, "carol", "bob", "dave")
    await asyncio.sleep(0.5)  # each greeting recorded
    await bot.stop()
    await app.stop()
    app, bot = await _started(emulator, tmp_path, ("carol", "ghost", "12"))
    try:
        said = caplog.text
        assert "@carol is Telegram user 13" in said
        assert "@ghost ignored on Telegram: no member of that name" in said
        await people["carol"].say("/warn @dave spam")  # moderates by her id
        await emulator.wait_for(has("Ammonizione"))
        await people["dave"].say("/warn @carol spam")
        await emulator.wait_for(has("Solo moderatori"))
        await people["bob"].say("/mute @carol 1h spam")  # bob, by id; carol protected
        await emulator.wait_for(has(PROTECTED))
    finally:
        await bot.stop()
        await app.stop()


async def test_a_moderator_of_discord_does_not_moderate_on_telegram(
    emulator, tmp_path, people, caplog
):
    """``discord:13`` is Discord's user 13, not Telegram's carol; ``telegram:14`` is dave
    here; a bare id moderates here too, and the start says it names no platform."""
    caplog.set_level(logging.WARNING)
    app, bot = await _started(emulator, tmp_path, ("discord:13", "telegram:14", "12"))
    try:
        assert "ARBITRO_MODERATORS: 12 names no platform" in caplog.text
        assert "discord:13" not in caplog.text  # nothing to say of another platform's
        await _known(people, "alice")
        await people["carol"].say("/warn @alice spam")
        await emulator.wait_for(has("Solo moderatori"))
        await people["dave"].say("/warn @alice spam")
        await emulator.wait_for(has("Ammonizione"))
        await people["bob"].say("/warn @alice ancora spam")
        await emulator.wait_for(has("Ammonizione", 2))
        assert sum("Solo moderatori" in m["text"] for m in await emulator.bot_messages()) == 1
    finally:
        await bot.stop()
        await app.stop()
