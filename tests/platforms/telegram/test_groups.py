"""What real Telegram groups do that a simple script does not: a group becomes a supergroup
(a new id), and administrators write anonymously, as the group."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

from tests.platforms.telegram.emulator import TOKEN, Person
from tests.platforms.telegram.test_telegram import GROUP, PROPOSED, has, texts

SUPERGROUP = -1007770001
GROUP_ANONYMOUS_BOT = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}


async def test_a_group_that_becomes_a_supergroup_keeps_its_club(telegram, emulator, people):
    alice, bob = people["alice"], people["bob"]
    await alice.say("/open fibur 1v1 2")
    await emulator.wait_for(has("Tavolo 1 aperto"))
    await emulator.fail_next("sendMessage", 20, status=502)
    await bob.say("/sit 1")  # its answer waits in the outbox, addressed to the old id
    deadline = time.monotonic() + 10
    while not await waiting(telegram):
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
    await emulator.fail_next("sendMessage", 0)
    await emulator.post("/compat/migrate", {"from": GROUP, "to": SUPERGROUP})
    upgraded = {"id": SUPERGROUP, "type": "supergroup", "title": "Burraco Club"}
    # Telegram's service message in the new chat
    await emulator.post(
        "/sendMessage",
        {
            "botToken": TOKEN,
            "from": alice.user,
            "chat": upgraded,
            "date": int(time.time()),
            "text": "",
            "migrate_from_chat_id": GROUP,
        },
    )
    deadline = time.monotonic() + 10
    while await chats_of(telegram) != [str(SUPERGROUP)]:
        assert time.monotonic() < deadline, await chats_of(telegram)
        await asyncio.sleep(0.02)
    telegram.clock_control.now += timedelta(seconds=30)  # the pause after a failed try
    await telegram.live.wake()  # the waiting answer goes to the new id
    seated = "Tavolo 1: bob si siede"
    messages = await emulator.wait_for(has(seated))
    assert next(m for m in messages if seated in m["text"])["chat"]["id"] == SUPERGROUP
    await Person(emulator, 11, "alice", "Alice", chat=upgraded).say("/sit 1")  # the same table
    messages = await emulator.wait_for(has("la partita comincia"))
    assert next(m for m in messages if "la partita comincia" in m["text"])["chat"]["id"] == (
        SUPERGROUP
    )


async def test_an_anonymous_administrator_is_a_moderator(telegram, emulator, people):
    await people["alice"].say("ciao")
    await emulator.post(
        "/sendMessage",
        {
            "botToken": TOKEN,
            "from": GROUP_ANONYMOUS_BOT,
            "sender_chat": {"id": GROUP, "type": "supergroup", "title": "Burraco Club"},
            "author_signature": "Direttore",
            "chat": {"id": GROUP, "type": "supergroup", "title": "Burraco Club"},
            "date": int(time.time()),
            "text": "/stop @alice 2h spam",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    )
    messages = await emulator.wait_for(has(PROPOSED))
    assert not any("Solo i moderatori" in t for t in texts(messages))


async def waiting(telegram) -> list:
    """Answers tried and kept for a later round."""
    async with telegram.app.database.transaction() as tx:
        return await tx.fetchall(
            "SELECT id FROM outbox WHERE delivered_at IS NULL AND last_error IS NOT NULL"
        )


async def chats_of(telegram) -> list[str]:
    async with telegram.app.database.transaction() as tx:
        return [row[0] for row in await tx.fetchall("SELECT chat FROM communities")]


async def test_a_long_list_comes_a_page_at_a_time_within_telegram_limits(
    telegram, emulator, people
):
    from datetime import timedelta

    from bot.handlers import Author, Incoming

    mod = people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("ciao")
    await mod.private().say("/start")  # the stops are his alone: they come there
    await emulator.wait_for(has("Ti scriverò qui"))
    layer, now = telegram.app.layer, telegram.clock_control.now
    moderator = Author("99", "moderator", 99, is_admin=True)
    for n in range(120):  # a busy evening: 120 stopped members
        member = Author(str(5000 + n), f"giocatore{n:03d}", 5000 + n)
        await layer.handle(Incoming("telegram", str(GROUP), member, "ciao", now))
        await layer.handle(
            Incoming(
                "telegram",
                str(GROUP),
                moderator,
                f"/stop @giocatore{n:03d} 2h spam",
                now + timedelta(seconds=1),
            )
        )
    await mod.say("/stops")
    messages = await emulator.wait_for(has("Fermi in corso"))
    [first] = [m for m in messages if "Fermi in corso" in m["text"]]
    assert len(first["text"]) <= 4096
    [[next_page]] = first["reply_markup"]["inline_keyboard"]
    assert next_page["text"].endswith("▶")
    await mod.press(first, next_page["callback_data"])
    deadline = time.monotonic() + 10
    while not await emulator.calls("editMessageText"):
        assert time.monotonic() < deadline, "the page was not turned"
        await asyncio.sleep(0.02)
    [turned] = await emulator.calls("editMessageText")
    assert turned["message_id"] == str(first["message_id"]) and "giocatore" in turned["text"]
    assert "giocatore" in turned["text"] and turned["text"] not in first["text"]


async def test_a_year_long_stop_is_never_a_restriction_forever(telegram, emulator, people):
    from datetime import UTC, datetime

    from tests.platforms.telegram.test_telegram import confirmed_stop

    telegram.clock_control.now = datetime.now(UTC)  # Telegram's own clock reads until_date
    await emulator.set_admins(GROUP, [99])
    await people["alice"].say("ciao")
    await people["moderator"].say("/stop @alice 400d spam")  # beyond what a stop may last
    await emulator.wait_for(has("366"))
    await confirmed_stop(emulator, people["moderator"], "/stop @alice 366d spam")
    [restrict] = await emulator.called("restrictChatMember")
    assert restrict["forever"] is False  # over 366 days, Telegram would never lift it


async def test_answers_and_notices_stay_in_the_forum_topic_they_belong_to(emulator, tmp_path):
    """A forum's topic: the answer, the notice and the timer's notice that follows, hours
    later, all land in the topic the command was given in, never in General."""
    from bot.app import App
    from bot.platforms.telegram import TelegramBot
    from bot.storage.database import SqliteDatabase
    from tests.platforms.telegram.conftest import Clock, settings_for

    forum = {"id": -1009990001, "type": "supergroup", "title": "Club", "is_forum": True}
    topic = {"message_thread_id": 77, "is_topic_message": True}
    clock = Clock()
    app = App(SqliteDatabase(str(tmp_path / "forum.db")))
    await app.start()
    bot = TelegramBot(app, settings_for(emulator, confirm_stops=False), clock=clock)
    await bot.start()
    try:
        await emulator.set_admins(forum["id"], [99])
        alice = Person(emulator, 11, "alice", "Alice", forum)
        mod = Person(emulator, 99, "moderator", "Mod", forum)
        await alice.say("/open fibur 1v1 2", **topic)
        await emulator.wait_for(has("Tavolo 1 aperto"))
        await alice.say("ciao", **topic)
        await mod.say("/stop @alice 2h spam", **topic)
        await emulator.wait_for(has("Fermo per alice"))
        clock.now += timedelta(hours=2, seconds=1)
        await bot.live.wake()
        await emulator.wait_for(has("fermo è finito"))
        sent = [c for c in await emulator.calls() if c["method"] in ("sendMessage", "sendPhoto")]
        in_forum = [c for c in sent if str(c["chat_id"]) == str(forum["id"])]
        assert len(in_forum) >= 3
        assert all(str(c.get("message_thread_id")) == "77" for c in in_forum), in_forum
    finally:
        await bot.stop()
        await app.stop()
