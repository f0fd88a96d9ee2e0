"""Chat moderation end to end through the Telegram emulator: warnings and the ladder's mute,
kicks, bans (timed and not) and unbans as the Bot API calls them, a report made by replying
to a message, a missing right named, and the bot itself never a target."""

from __future__ import annotations

import asyncio

from tests.platforms.telegram.test_telegram import GROUP, has, texts


async def _called(emulator, method: str, count: int = 1) -> list[dict]:
    """The bot's calls of a method, once there are ``count`` (an effect follows its message)."""
    for _ in range(500):
        found = await emulator.calls(method)
        if len(found) >= count:
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"{method} called {len(found)} times, not {count}")


async def _known(people, *names: str) -> None:
    for name in names:
        await people[name].say("ciao a tutti")


async def test_warnings_mute_kick_ban_and_unban_call_the_bot_api(telegram, emulator, people):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await _known(people, "alice", "bob", "carol")
    await mod.say("/rules add Niente pubblicità")
    await emulator.wait_for(has("Nuova regola 1"))
    await mod.say("/warn @bob rule=1 link a un casinò")
    await emulator.wait_for(has("[Regole di questa chat, punto 1]"))
    assert await emulator.calls("restrictChatMember") == []
    await mod.say("/warn @bob rule=1 ancora link")
    await emulator.wait_for(has("Divieto di scrivere in chat per bob"))
    [mute] = await _called(emulator, "restrictChatMember")
    now = int(telegram.clock_control.now.timestamp())
    assert mute["user_id"] == "12" and int(mute["until_date"]) == now + 3600
    await mod.say("/kick @alice insulti")
    await emulator.wait_for(has("Allontanamento dalla chat per alice"))
    [kick] = await _called(emulator, "banChatMember")
    [back] = await _called(emulator, "unbanChatMember")
    assert kick["user_id"] == back["user_id"] == "11"
    assert back["only_if_banned"] in (True, "true", "True")
    await mod.say("/ban @carol 2d spam")
    await emulator.wait_for(has("Bando dalla chat per carol fino a"))
    timed = (await _called(emulator, "banChatMember", 2))[-1]
    assert timed["user_id"] == "13" and int(timed["until_date"]) == now + 2 * 86400
    assert "until_date" not in kick or not kick["until_date"]  # a kick: banned, let back
    await mod.say("/unban @carol ha chiesto scusa")
    await emulator.wait_for(has("Bando revocato per carol"))
    assert [c["user_id"] for c in await _called(emulator, "unbanChatMember", 2)] == ["11", "13"]
    await mod.say("/ban @alice spam")  # no length: until lifted
    await emulator.wait_for(has("Bando dalla chat per alice fino a revoca"))
    untimed = (await _called(emulator, "banChatMember", 3))[-1]
    assert untimed["user_id"] == "11" and not untimed.get("until_date")
    await alice.say("/ban @bob spam")  # a member is no moderator
    await emulator.wait_for(has("Solo moderatori e arbitri"))
    assert len(await emulator.calls("banChatMember")) == 3


async def test_a_missing_right_is_named_and_the_bot_is_never_a_target(telegram, emulator, people):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await _known(people, "bob")
    await emulator.set_rights(GROUP, ["can_restrict_members"])
    await mod.say("/ban @bob spam")
    told = await emulator.wait_for(has("Il permesso che mi manca: bandire i membri."))
    assert any("Bando dalla chat per bob" in t for t in texts(told))
    bot_said = next(m for m in told if "Bando dalla chat" in m["text"])
    bot_user = {"id": 666, "is_bot": True, "first_name": "Arbitro"}
    await mod.say(
        "/ban spam",
        reply_to={
            "message_id": bot_said["message_id"],
            "date": 1,
            "chat": bob.chat,
            "from": bot_user,
        },
    )
    await emulator.wait_for(has("è un bot"))
    assert await emulator.calls("banChatMember") == []


async def test_a_report_by_reply_reaches_the_moderators_alone(telegram, emulator, people):
    alice, bob, mod = people["alice"], people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.private().say("/start")
    await _known(people, "alice")
    await bob.say("compra follower a poco su spam.example")
    await alice.say(
        "/report spam nel gruppo",
        reply_to={
            "message_id": 7,
            "date": 1,
            "chat": bob.chat,
            "from": bob.user,
            "text": "compra follower a poco su spam.example",
        },
    )
    told = await emulator.wait_for(has("Segnalazione di alice nei confronti di bob"))
    [report] = [m for m in told if "Segnalazione di" in m["text"]]
    assert report["chat"]["id"] == 99  # no log: the moderator's private chat, never the group
    told = await emulator.wait_for(has("Segnalazione ricevuta"))  # alice has no private chat
    [received] = [m for m in told if "Segnalazione ricevuta" in m["text"]]
    assert received["chat"]["id"] == GROUP and "alice" not in received["text"]
    await mod.say("/reports")
    listed = await emulator.wait_for(has("Una segnalazione aperta"))
    [shown] = [m for m in listed if "Una segnalazione aperta" in m["text"]]
    assert shown["chat"]["id"] == 99  # the moderator's private chat
    assert "alice segnala bob — spam nel gruppo" in shown["text"]


MODS = {"id": -2002, "type": "supergroup", "title": "Moderatori del club"}


async def test_a_moderators_group_linked_by_code_gets_the_reports_and_acts_from_them(
    telegram, emulator, people
):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await emulator.set_admins(MODS["id"], [99])
    await mod.private().say("/start")
    await _known(people, "alice", "bob")
    await mod.say("/settings log")
    told = await emulator.wait_for(has("/link "))
    [code_message] = [m for m in told if "/link " in m["text"]]
    assert code_message["chat"]["id"] == 99  # the code goes to the moderator alone
    code = code_message["text"].rsplit("/link ", 1)[1].strip()
    in_mods = type(mod)(emulator, 99, "moderator", "Moderator", chat=MODS)
    await in_mods.say("/link wrongcode")
    await emulator.wait_for(has("non collega niente"))
    await in_mods.say(f"/link {code}")
    await emulator.wait_for(has("registro dei moderatori della chat"))
    await mod.say("/rules add Niente insulti")
    await alice.say("/report @bob rule=1 mi ha dato dello scemo")
    reported = await emulator.wait_for(has("Segnalazione di alice nei confronti di bob"))
    [report] = [m for m in reported if "Segnalazione di" in m["text"]]
    assert report["chat"]["id"] == MODS["id"]
    buttons = [b["callback_data"] for b in report["reply_markup"]["inline_keyboard"][0]]
    assert buttons[1].startswith("report_warn:")
    await in_mods.press(report, buttons[1])

    def said_in(messages: list[dict]) -> set[int]:
        warning = "Ammonizione per la condotta in chat — bob: Niente insulti"  # the rule's
        return {m["chat"]["id"] for m in messages if warning in m.get("text", "")}

    # said in the club and copied to its log (and to bob privately): wait for both chats
    warned = await emulator.wait_for(lambda messages: {GROUP, MODS["id"]} <= said_in(messages))
    assert len(said_in(warned) - {GROUP, MODS["id"]}) <= 1


async def test_the_settings_say_which_rights_the_bot_lacks(telegram, emulator, people):
    mod = people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("ciao")
    await mod.private().say("/start")  # the settings are his alone: they come there
    await emulator.wait_for(has("Ti scriverò qui"))
    await mod.say("/settings")
    shown = await emulator.wait_for(has("Questa chat"))
    assert not any("Permessi che qui mi mancano" in t for t in texts(shown))
    await emulator.set_rights(GROUP, ["can_restrict_members", "can_delete_messages"])
    await mod.say("/settings")
    lacking = await emulator.wait_for(has("Permessi che qui mi mancano"))
    [said] = [t for t in texts(lacking) if "Permessi che qui mi mancano" in t]
    assert said.endswith(
        "Permessi che qui mi mancano: limitare i membri, bandire i membri, "
        "rimuovere i membri, eliminare i messaggi."
    )


async def test_a_flood_is_muted_and_the_log_filtered_by_kind(telegram, emulator, people):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.private().say("/start")
    await mod.say("/settings flood=3/10 flood_mute=10m")
    await emulator.wait_for(has("Impostazioni cambiate"))
    for n in range(4):
        await bob.say(f"compra ora {n}")
    await emulator.wait_for(has("Più di 3 messaggi in 10 secondi da bob"))
    [mute] = await _called(emulator, "restrictChatMember")
    now = int(telegram.clock_control.now.timestamp())
    assert mute["user_id"] == "12" and int(mute["until_date"]) == now + 600
    await mod.say("/warn @bob insulti")
    await emulator.wait_for(has("Ammonizione per la condotta in chat — bob"))
    await mod.say("/log kind=flood_mute")
    shown = await emulator.wait_for(has("Registro dei moderatori"))
    [log] = [m for m in shown if "Registro dei moderatori" in m["text"]]
    assert log["chat"]["id"] == 99  # the moderator's private chat
    assert "più di 3 messaggi in 10 secondi" in log["text"]
    assert "ammonizione" not in log["text"]


async def test_an_album_is_one_message_and_edits_count_against_flooding(telegram, emulator, people):
    """Six pictures sent as one album are one post, not a flood; a message edited again and
    again counts each edit (an edit is never run as a command)."""
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/settings flood=3/10 flood_mute=10m")
    await emulator.wait_for(has("Impostazioni cambiate"))
    photo = [{"file_id": "p1", "file_unique_id": "u1", "width": 90, "height": 90}]
    for n in range(6):
        await bob.say("" if n else "le foto della serata", photo=photo, media_group_id="a1")
    await mod.say("/rules")  # the chat's updates are taken in order: after the album
    shown = await emulator.wait_for(has("non ha ancora regole"))
    assert not any("Più di 3 messaggi" in text for text in texts(shown))
    assert await emulator.calls("restrictChatMember") == []
    await bob.say("ciao")
    for n in range(3):
        await bob.say(f"/open fibur 1v1 {n + 2}", compat_edited=True)
    await emulator.wait_for(has("Più di 3 messaggi in 10 secondi da bob"))
    [mute] = await _called(emulator, "restrictChatMember")
    assert mute["user_id"] == "12"
    assert not any("Tavolo 1 aperto" in text for text in texts(await emulator.bot_messages()))


async def test_a_ladder_mute_never_shortens_a_longer_mute_on_telegram(telegram, emulator, people):
    """A warning whose step mutes for an hour, given while a moderator's day-long mute runs:
    Telegram keeps the day (the record's silence), never told the hour's end."""
    mod = people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await _known(people, "bob")
    await mod.say("/mute @bob 1d insulti")
    await emulator.wait_for(has("Divieto di scrivere in chat per bob"))
    [muted] = await _called(emulator, "restrictChatMember")
    day = int(telegram.clock_control.now.timestamp()) + 86400
    assert int(muted["until_date"]) == day
    await mod.say("/warn @bob spam")
    await mod.say("/warn @bob ancora spam")  # the ladder's second step: a 1-hour mute
    await emulator.wait_for(has("Divieto di scrivere in chat per bob", 2))
    await mod.say("/warn @carol prova")  # a later command: whatever bob's mute sent is in
    await emulator.wait_for(has("carol"))
    assert [int(c["until_date"]) for c in await emulator.calls("restrictChatMember")] == [day]
