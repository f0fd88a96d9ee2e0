"""End to end through a Telegram Bot API emulator: the real python-telegram-bot application,
several people in a group, buttons, private chats, restrictions, time passing."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import httpx

from bot.app import App
from bot.platforms.telegram import TelegramBot
from bot.storage.database import SqliteDatabase
from tests.platforms.telegram.conftest import Clock, settings_for
from tests.platforms.telegram.emulator import free_port

GROUP = -1001


def texts(messages: list[dict]) -> list[str]:
    return [m.get("text", "") for m in messages]


def has(fragment: str, count: int = 1):
    return lambda messages: sum(fragment in t for t in texts(messages)) >= count


PROPOSED = "un moderatore conferma"


def buttons_of(message: dict) -> list[str]:
    return [b["callback_data"] for b in message["reply_markup"]["inline_keyboard"][0]]


async def press_for_answer(emulator, person, message: dict, data: str) -> dict:
    """Press a button and wait for the bot's answer to that press (its alert, if any)."""
    before = len(await emulator.calls("answerCallbackQuery"))
    await person.press(message, data)
    deadline = time.monotonic() + 10
    while len(answers := await emulator.calls("answerCallbackQuery")) == before:
        assert time.monotonic() < deadline, "the press was never answered"
        await asyncio.sleep(0.01)
    return answers[before]


async def confirmed_stop(emulator, moderator, text: str, **extra) -> dict:
    """A moderator's stop in the group: proposed, then confirmed with its button."""
    before = sum(PROPOSED in t for t in texts(await emulator.bot_messages()))
    await moderator.say(text, **extra)
    messages = await emulator.wait_for(has(PROPOSED, before + 1))
    proposal = [m for m in messages if PROPOSED in m["text"]][before]
    await moderator.press(proposal, buttons_of(proposal)[0])
    return proposal


async def test_menus_are_set_per_language_and_scope(telegram, emulator):
    calls = await emulator.calls("setMyCommands")
    languages = {c.get("language_code") for c in calls}
    assert {"it", "ru", "en"} <= languages
    scopes = {c["scope"] for c in calls}
    assert any("all_group_chats" in s for s in scopes)
    assert any("all_private_chats" in s for s in scopes)
    italian = next(
        c for c in calls if c.get("language_code") == "it" and "all_group_chats" in c["scope"]
    )
    assert "siediti a un tavolo" in italian["commands"]


async def test_a_club_evening(telegram, emulator, people):
    alice, bob, mod = people["alice"], people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await alice.say("/open fibur 1v1 2")
    opened = await emulator.wait_for(has("Tavolo 1 aperto"))
    table_message = next(m for m in opened if "Tavolo 1 aperto" in m["text"])
    assert table_message["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "sit:1"
    await alice.press(table_message, "sit:1")  # the Sit button
    await bob.say("/sit 1")
    await emulator.wait_for(has("comincia"))
    await bob.say("/hand 1 300 100")
    await bob.say("/hand 1 50 140")
    reported = await emulator.wait_for(has("comunica il risultato"))
    report = next(m for m in reported if "comunica il risultato" in m["text"])
    buttons = [b["callback_data"] for b in report["reply_markup"]["inline_keyboard"][0]]
    assert buttons == ["confirm:1", "dispute:1"]
    await alice.press(report, "confirm:1")
    messages = await emulator.wait_for(has("Risultato del tavolo 1"))
    assert any("Victory Points alice 11, bob 9" in t for t in texts(messages))
    # a player cannot stop another; the moderator can, and the member is muted until the end
    await bob.say("/stop @alice 2h rude")
    await emulator.wait_for(has("Solo moderatori e arbitri"))
    # the stop waits for a moderator's Confirm: it says what it will do, and does nothing yet
    await mod.say("/stop @alice 2h rude")
    proposed = await emulator.wait_for(has(PROPOSED))
    proposal = next(m for m in proposed if PROPOSED in m["text"])
    assert "Fermo per alice fino a" in proposal["text"]
    approve, reject = buttons_of(proposal)
    assert approve.startswith("approve:") and reject == approve.replace("approve", "reject")
    assert await emulator.calls("restrictChatMember") == []
    answer = await press_for_answer(emulator, bob, proposal, approve)  # a player cannot
    assert "Solo moderatori" in answer["text"]
    await mod.press(proposal, approve)
    await emulator.wait_for(has("Fermo per ", 2))
    [restrict] = await emulator.called("restrictChatMember")
    assert restrict["user_id"] == "11" and int(restrict["until_date"]) > 0
    [settled] = await emulator.called("editMessageReplyMarkup")  # its buttons are gone
    assert settled["message_id"] == str(proposal["message_id"])
    answer = await press_for_answer(emulator, mod, proposal, approve)  # again: done once
    assert "già stata confermata" in answer["text"]
    assert len(await emulator.calls("restrictChatMember")) == 1
    await alice.say("/sit 1")
    await emulator.wait_for(has("Sei in fermo fino a"))
    # the clock moves two hours: the reminder and the end of the stop arrive
    telegram.clock_control.now += timedelta(hours=2, seconds=1)
    await telegram.live.wake()
    await emulator.wait_for(has("il tuo fermo è finito"))
    assert any("fermo termina " in t for t in texts(await emulator.bot_messages()))


async def test_abandonment_card_on_screen_with_leave_button_and_minute_edits(
    telegram, emulator, people
):
    alice, bob = people["alice"], people["bob"]
    await alice.say("/open fibur 1v1 2")
    await alice.say("/sit 1")
    await bob.say("/sit 1")
    await alice.say("/abandon 1")
    messages = await emulator.wait_for(has("il tuo cartellino giallo"))
    card = next(m for m in messages if "il tuo cartellino giallo" in m["text"])
    assert card["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "leave@11"  # hers
    photos = await emulator.called("sendPhoto")
    assert any(p["png"] and "cartellino giallo" in p["caption"] for p in photos)
    telegram.clock_control.now += timedelta(minutes=3)
    await telegram.live.tick()
    edits = await emulator.called("editMessageCaption")
    assert edits and edits[-1]["message_id"] == str(card["message_id"])
    assert "12 minuti" in edits[-1]["caption"]
    await alice.press(card, "leave")
    await emulator.wait_for(has("ha chiuso il cartellino"))
    await bob.say("/open fibur 1v1 2")
    await alice.say("/sit 2")
    await emulator.wait_for(has("non è ancora scontato"))
    await bob.say("/standings")
    await emulator.wait_for(has("Classifica"))
    await bob.say("/standings")
    await emulator.wait_for(has("Classifica", 2))
    standings = [p for p in await emulator.calls("sendPhoto") if "Classifica" in p["caption"]]
    assert standings[0]["png"] and not standings[1].get("png")  # the second by file id


async def test_mentions_by_reply_text_mention_and_username(telegram, emulator, people):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await alice.say("hello")  # the bot learns alice
    nameless = type(alice)(emulator, 77, None, "Zoë Rossi")
    await nameless.say("ciao")
    # who a reply or a text mention names is kept with the proposal until it is confirmed
    await confirmed_stop(
        emulator,
        mod,
        "/stop 30m spam",
        reply_to={
            "message_id": 5,
            "date": 1,
            "chat": alice.chat,
            "from": alice.user,
            "text": "hello",
        },
    )
    await emulator.wait_for(has("Fermo per alice", 2))
    await confirmed_stop(
        emulator,
        mod,
        "/stop Zoë Rossi 1h spam",
        entities=[{"type": "text_mention", "offset": 6, "length": 9, "user": nameless.user}],
    )
    await emulator.wait_for(has("Fermo per Zoë Rossi", 2))
    muted = {c["user_id"] for c in await emulator.calls("restrictChatMember")}
    assert muted == {"11", "77"}
    await mod.say("/lift @alice chiarito")
    await emulator.wait_for(has("Fermo revocato per alice"))
    lifts = [
        c
        for c in await emulator.calls("restrictChatMember")
        if "can_send_messages" in c.get("permissions", "")
        and '"can_send_messages": true' in c["permissions"].replace(":true", ": true")
    ]
    assert lifts


async def test_private_chat_reminders_and_group_fallback(telegram, emulator, people):
    alice, bob, mod = people["alice"], people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await alice.private().say("/card")
    await emulator.wait_for(has("Scrivimi prima nel gruppo"))
    await alice.say("ciao a tutti")
    await bob.say("ciao")
    await alice.private().say("/start")
    await emulator.wait_for(has("Ti scriverò qui"))
    await confirmed_stop(emulator, mod, "/stop @alice 2h spam")
    await confirmed_stop(emulator, mod, "/stop @bob 2h spam")
    await emulator.wait_for(has("Fermo per ", 4))
    await alice.private().say("/card")
    answer = await emulator.wait_for(
        lambda ms: any(m["chat"]["id"] == 11 and "fermo fino a " in m["text"] for m in ms)
    )
    assert answer
    telegram.clock_control.now += timedelta(hours=1, seconds=1)
    await telegram.live.wake()
    messages = await emulator.wait_for(has("il tuo fermo termina", 2))
    reminders = [m for m in messages if "il tuo fermo termina" in m["text"]]
    chats = {m["chat"]["id"] for m in reminders}
    assert 11 in chats  # alice opened a private chat: a DM
    assert GROUP in chats  # bob never did: told in the group


async def test_a_proposed_stop_can_be_cancelled_and_lapses_unconfirmed(telegram, emulator, people):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await alice.say("ciao")
    await mod.say("/stop @nobody 2h spam")  # a mistake is refused at once, not proposed
    await emulator.wait_for(has("nessun membro @nobody"))
    await mod.say("/stop @alice 2h spam")
    messages = await emulator.wait_for(has(PROPOSED))
    first = next(m for m in messages if PROPOSED in m["text"])
    assert first["text"].count("Fermo per alice") == 1  # the chat's words, not alice's copy
    assert "/appeal" not in first["text"]
    await mod.press(first, buttons_of(first)[1])  # Cancel
    await emulator.wait_for(has("ha respinto la proposta"))
    await mod.say("/stop @alice 3h spam")
    messages = await emulator.wait_for(has(PROPOSED, 2))
    second = [m for m in messages if PROPOSED in m["text"]][1]
    telegram.clock_control.now += timedelta(minutes=11)
    answer = await press_for_answer(emulator, mod, second, buttons_of(second)[0])
    assert "scaduta" in answer["text"]
    await alice.say("/open fibur 1v1 2")
    await alice.say("/sit 1")  # never stopped
    await emulator.wait_for(has("Tavolo 1: alice si siede"))
    assert await emulator.calls("restrictChatMember") == []
    async with telegram.app.database.transaction() as tx:
        log = set(await tx.fetchall("SELECT action, reason FROM audit"))
    assert ("propose", "/stop @alice 2h spam") in log and ("cancel", "/stop @alice 2h spam") in log


async def test_a_stop_sent_privately_is_proposed_in_the_group(telegram, emulator, people):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await alice.say("ciao")
    await mod.say("ciao")
    await mod.private().say("/start")
    await mod.private().say("/stop @alice 1h spam")
    messages = await emulator.wait_for(has(PROPOSED))
    proposal = next(m for m in messages if PROPOSED in m["text"])
    assert proposal["chat"]["id"] == GROUP  # where every moderator sees its buttons
    await mod.press(proposal, buttons_of(proposal)[0])
    await emulator.wait_for(has("Fermo per alice", 2))


async def test_bad_input_is_ignored_or_answered_never_crashes(telegram, emulator, people):
    alice = people["alice"]
    await alice.say("/sit@another_bot 1")
    await alice.say("x" * 5000)
    await alice.say("/help " + "y" * 3000)
    await alice.say(
        "",
        sticker={
            "file_id": "s",
            "file_unique_id": "s",
            "type": "regular",
            "width": 1,
            "height": 1,
            "is_animated": False,
            "is_video": False,
        },
    )
    await alice.press({"message_id": 1, "date": 1, "chat": alice.chat}, "explode:now")
    await alice.say("/open fibur 1v1 2", compat_edited=True)  # an edit is not a new command
    await alice.say("/sit 42")
    messages = await emulator.wait_for(has("non c'è il tavolo 42"))
    assert not any("another_bot" in t for t in texts(messages))
    assert not any("Tavolo 1 aperto" in t for t in texts(messages))
    assert any("troppo lungo" in t for t in texts(messages))
    answers = await emulator.called("answerCallbackQuery")
    assert answers and answers[-1].get("show_alert") in ("true", True)


async def test_each_update_is_processed_once(telegram, emulator, people):
    """Telegram delivers one update twice (a webhook retried, a poll not confirmed): the
    bot answers it once."""
    from telegram import Update

    body = {
        "update_id": 424242,
        "message": {
            "message_id": 4242,
            "date": int(time.time()),
            "chat": {"id": GROUP, "type": "supergroup", "title": "Burraco Club"},
            "from": people["alice"].user,
            "text": "/open fibur 1v1 2",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }
    for _ in range(2):
        update = Update.de_json(body, telegram.application.bot)
        await telegram.application.update_queue.put(update)
    await people["bob"].say("/help sit")  # answered after both copies
    said = texts(await emulator.wait_for(has("/sit <tavolo>")))
    assert sum("Tavolo 1 aperto" in t for t in said) == 1
    assert not any("Tavolo 2" in t for t in said)


async def test_retry_after_is_respected_and_scheduled_notices_are_not_lost(
    telegram, emulator, people
):
    mod = people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await people["bob"].say("ciao")
    await confirmed_stop(emulator, mod, "/stop @bob 2h spam")
    await emulator.wait_for(has("Fermo per bob", 2))
    await emulator.fail_next("sendMessage", 1)  # one 429 with retry_after 1
    await mod.say("/help sit")
    await emulator.wait_for(has("/sit <tavolo>"))
    # the platform is down when the stop ends: the notice stays in the outbox, then goes out
    await emulator.fail_next("sendMessage", 50)
    telegram.clock_control.now += timedelta(hours=2, seconds=1)
    await telegram.live.wake()
    assert not any("è finito" in t for t in texts(await emulator.bot_messages()))
    async with telegram.app.database.transaction() as tx:
        errors = await tx.fetchall("SELECT last_error FROM outbox WHERE delivered_at IS NULL")
    assert errors and all("Unreachable" in error for (error,) in errors)
    await emulator.fail_next("sendMessage", 0)
    await telegram.live.wake()  # too soon: a failed message waits before its next try
    assert not any("è finito" in t for t in texts(await emulator.bot_messages()))
    telegram.clock_control.now += timedelta(seconds=31)
    await telegram.live.wake()
    await emulator.wait_for(has("il tuo fermo è finito"))


async def waiting_in_outbox(telegram) -> list[tuple]:
    """Answers tried and kept for a later round."""
    async with telegram.app.database.transaction() as tx:
        return await tx.fetchall(
            "SELECT id FROM outbox WHERE delivered_at IS NULL AND last_error IS NOT NULL"
        )


async def test_an_answer_telegram_cannot_take_now_goes_out_later(telegram, emulator, people):
    alice = people["alice"]
    await emulator.fail_next("sendMessage", 20, status=502)  # Telegram unreachable
    await alice.say("/open fibur 1v1 2")
    deadline = time.monotonic() + 10
    while not await waiting_in_outbox(telegram):
        assert time.monotonic() < deadline, "the answer was neither sent nor kept"
        await asyncio.sleep(0.01)
    assert not any("Tavolo 1 aperto" in t for t in texts(await emulator.bot_messages()))
    await emulator.fail_next("sendMessage", 0)
    telegram.clock_control.now += timedelta(seconds=30)  # the pause after a failed try
    await telegram.live.wake()  # the next delivery round
    await emulator.wait_for(has("Tavolo 1 aperto"))
    await telegram.live.wake()
    assert sum("Tavolo 1 aperto" in t for t in texts(await emulator.bot_messages())) == 1
    assert await waiting_in_outbox(telegram) == []
    # asked in private, answered in private, even later
    await alice.private().say("/start")
    await emulator.wait_for(has("Ti scriverò qui"))
    await emulator.fail_next("sendMessage", 20, status=502)
    await alice.private().say("/card")
    while not await waiting_in_outbox(telegram):
        assert time.monotonic() < deadline + 10, "the answer was neither sent nor kept"
        await asyncio.sleep(0.01)
    await emulator.fail_next("sendMessage", 0)
    telegram.clock_control.now += timedelta(seconds=30)
    await telegram.live.wake()
    messages = await emulator.wait_for(has("alice: nessun fermo"))
    assert next(m for m in messages if "alice: nessun fermo" in m["text"])["chat"]["id"] == 11


async def test_webhook_mode(emulator, people, tmp_path):
    port = free_port()
    app = App(SqliteDatabase(str(tmp_path / "hook.db")))
    await app.start()
    bot = TelegramBot(
        app,
        settings_for(
            emulator,
            webhook_url=f"http://127.0.0.1:{port}/hook",
            webhook_listen="127.0.0.1",
            webhook_port=port,
            confirm_stops=False,
        ),
        clock=Clock(),
    )
    await bot.start()
    try:
        [hook] = await emulator.calls("setWebhook")
        assert hook["url"].endswith("/hook") and hook["secret"]  # made up when not configured
        # a forged update, without the secret Telegram sends, is refused and not processed
        forged = {
            "update_id": 999,
            "message": {
                "message_id": 1,
                "date": 0,
                "chat": {"id": GROUP, "type": "supergroup", "title": "x"},
                "from": {"id": 99, "is_bot": False, "first_name": "Mallory"},
                "text": "/stop @alice 2h forged",
            },
        }
        async with httpx.AsyncClient() as client:
            answer = await client.post(f"http://127.0.0.1:{port}/hook", json=forged)
            assert answer.status_code == 403
            wrong = await client.post(
                f"http://127.0.0.1:{port}/hook",
                json=forged,
                headers={"X-Telegram-Bot-Api-Secret-Token": "guess"},
            )
            assert wrong.status_code == 403
        await people["alice"].say("/open fitab pairs 4 official")
        messages = await emulator.wait_for(has("Tavolo 1 aperto"))
        assert any("provvisoria" in t for t in texts(messages))
        await emulator.set_admins(GROUP, [99])
        await people["moderator"].say("/stop @alice 2h spam")  # configured: no confirmation
        await emulator.wait_for(has("Fermo per alice"))
        assert not any("forged" in t for t in texts(await emulator.bot_messages()))
        deliveries = await emulator.calls("webhookDelivery")
        assert deliveries and all(d["status"] == 200 for d in deliveries)
        assert not any(PROPOSED in t for t in texts(await emulator.bot_messages()))
    finally:
        await bot.stop()
        await app.stop()


async def test_standings_open_the_public_page_as_a_mini_app_in_private_and_a_link_in_a_group(
    telegram, emulator, people
):
    """Telegram takes a Mini App button only in a private chat and only over HTTPS; the
    emulator refuses anything else, as Telegram does."""
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    telegram.app.layer.web_url = "https://arbitro.example.org"
    await mod.say("ciao")
    await mod.private().say("/start")  # the page's address is his alone
    await emulator.wait_for(has("Ti scriverò qui"))
    await alice.say("/standings")
    first = await emulator.wait_for(has("Classifica"))
    assert all("reply_markup" not in m or not m["reply_markup"] for m in first)  # no page yet
    await mod.say("/web")
    await emulator.wait_for(has("https://arbitro.example.org/c/"))
    await alice.say("/standings")
    answers = await emulator.wait_for(has("Classifica", 2))
    in_group = [m for m in answers if "Classifica" in (m.get("text") or "")][-1]
    [link] = in_group["reply_markup"]["inline_keyboard"][0]
    assert link["url"].startswith("https://arbitro.example.org/c/")
    assert link["url"].endswith("?tally=all&lang=it") and "web_app" not in link
    await alice.private().say("/standings")
    answers = await emulator.wait_for(has("Classifica", 3))
    in_private = [m for m in answers if m["chat"]["id"] == 11][-1]
    [app_button] = in_private["reply_markup"]["inline_keyboard"][0]
    assert app_button["web_app"]["url"] == link["url"] and "url" not in app_button


async def test_no_link_button_for_an_address_telegram_would_refuse(telegram, emulator, people):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    telegram.app.layer.web_url = "http://127.0.0.1:8080"  # a test server: not a public address
    await mod.say("ciao")
    await mod.private().say("/start")
    await emulator.wait_for(has("Ti scriverò qui"))
    await mod.say("/web")
    await emulator.wait_for(has("http://127.0.0.1:8080/c/"))
    await alice.say("/standings")
    answers = await emulator.wait_for(has("Classifica"))
    shown = [m for m in answers if "Classifica" in (m.get("text") or "")][-1]
    assert not shown.get("reply_markup")


async def test_the_generated_webhook_secret_never_reaches_a_debug_log(emulator, tmp_path, capsys):
    import logging

    from bot.logs import configure

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    configure("DEBUG", [])  # as a start with ARBITRO_LOG_LEVEL=DEBUG and no secret given
    port = free_port()
    app = App(SqliteDatabase(str(tmp_path / "hook.db")))
    await app.start()
    bot = TelegramBot(
        app,
        settings_for(
            emulator,
            webhook_url=f"http://127.0.0.1:{port}/hook",
            webhook_listen="127.0.0.1",
            webhook_port=port,
        ),
        clock=Clock(),
    )
    try:
        await bot.start()
        [hook] = await emulator.calls("setWebhook")
        await bot.stop()
    finally:
        await app.stop()
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(level)
    written = capsys.readouterr().err
    assert "setWebhook" in written  # the library did log the call, at DEBUG
    assert hook["secret"] and len(bot.webhook_secret) > 20
    assert bot.webhook_secret not in written
