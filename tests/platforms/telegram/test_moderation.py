"""Chat moderation end to end through the Telegram emulator: warnings and the ladder's mute,
kicks, bans (timed and not) and unbans as the Bot API calls them, a report made by replying
to a message, a missing right named, and the bot itself never a target."""

from __future__ import annotations

from tests.platforms.telegram.test_telegram import GROUP, has, texts


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
    [mute] = await emulator.calls("restrictChatMember")
    now = int(telegram.clock_control.now.timestamp())
    assert mute["user_id"] == "12" and int(mute["until_date"]) == now + 3600
    await mod.say("/kick @alice insulti")
    await emulator.wait_for(has("Allontanamento dalla chat per alice"))
    [kick] = await emulator.calls("banChatMember")
    [back] = await emulator.calls("unbanChatMember")
    assert kick["user_id"] == back["user_id"] == "11"
    assert back["only_if_banned"] in (True, "true", "True")
    await mod.say("/ban @carol 2d spam")
    await emulator.wait_for(has("Bando dalla chat per carol fino a"))
    timed = (await emulator.calls("banChatMember"))[-1]
    assert timed["user_id"] == "13" and int(timed["until_date"]) == now + 2 * 86400
    assert "until_date" not in kick or not kick["until_date"]  # a kick: banned, let back
    await mod.say("/unban @carol ha chiesto scusa")
    await emulator.wait_for(has("Bando revocato per carol"))
    assert [c["user_id"] for c in await emulator.calls("unbanChatMember")] == ["11", "13"]
    await alice.say("/ban @bob spam")  # a member is no moderator
    await emulator.wait_for(has("Solo moderatori e arbitri"))
    assert len(await emulator.calls("banChatMember")) == 2


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
    told = await emulator.wait_for(has("è arrivata ai moderatori"))
    assert not any("Segnalazione di" in t for t in texts(told))  # never in the group
    await mod.say("/reports")
    listed = await emulator.wait_for(has("Una segnalazione aperta"))
    [shown] = [m for m in listed if "Una segnalazione aperta" in m["text"]]
    assert shown["chat"]["id"] == 99  # the moderator's private chat
    assert "alice segnala bob — spam nel gruppo" in shown["text"]
