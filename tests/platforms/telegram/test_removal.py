"""Messages taken out of a Telegram group: /del of the message replied to (and the command),
/purge by deleteMessages, a locked link removed, and a message the emulator refuses as too
old (48 hours) told to the moderators as too old, and one the bot has no right to delete by
the right it lacks (Telegram says the same of both); /del of a message Telegram
would skip as too old is refused, saying so, before Telegram is asked."""

from __future__ import annotations

import time

from tests.platforms.telegram.test_moderation import _called, _known
from tests.platforms.telegram.test_telegram import GROUP, has, texts


async def _posted(emulator, text: str) -> int:
    """The id the emulator gave a member's message."""
    for _ in range(500):
        found = [c for c in await emulator.calls("userMessage") if c.get("text") == text]
        if found:
            return int(found[-1]["message_id"])
    raise AssertionError(text)


async def test_del_removes_the_replied_message_and_the_command(telegram, emulator, people):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await bob.say("compra follower")
    target = await _posted(emulator, "compra follower")
    replied = {"message_id": target, "date": int(time.time()) - 60, "chat": bob.chat,
               "from": bob.user, "text": "compra follower"}  # fmt: skip
    await mod.say("/del spam", reply_to=replied)
    await emulator.wait_for(has("Messaggio di bob rimosso dalla chat: spam."))
    [deleted] = await _called(emulator, "deleteMessages")
    command = await _posted(emulator, "/del spam")
    assert sorted(deleted["message_ids"]) == [target, command]


async def test_purge_takes_the_members_latest_messages(telegram, emulator, people):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await _known(people, "alice")
    for n in range(3):
        await bob.say(f"spam {n}")
    ids = [await _posted(emulator, f"spam {n}") for n in range(3)]
    await mod.say("/purge 2 @bob")
    await emulator.wait_for(has("2 messaggi di bob rimossi dalla chat."))
    [purged] = await _called(emulator, "deleteMessages")
    assert sorted(purged["message_ids"]) == sorted(
        [*ids[1:], await _posted(emulator, "/purge 2 @bob")]
    )


async def test_a_locked_link_goes_and_a_too_old_message_is_told(telegram, emulator, people):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/lock links")
    await emulator.wait_for(has("Blocco attivo: i link."))
    await bob.say("guarda https://example.com")
    await emulator.wait_for(has("Messaggio di bob rimosso: in questa chat i link sono bloccati."))
    [gone] = await _called(emulator, "deleteMessage")
    assert gone["message_ids"] == [await _posted(emulator, "guarda https://example.com")]
    await bob.say("vecchio https://example.org", date=int(time.time()) - 49 * 3600)
    told = await emulator.wait_for(has("è stato inviato troppo tempo fa"))
    assert len(await emulator.calls("deleteMessage")) == 1  # the old one was refused
    assert not any("permesso che mi manca" in t for t in texts(told))  # the bot has them all


async def test_a_message_the_bot_has_no_right_to_delete_is_told_by_the_right_it_lacks(
    telegram, emulator, people
):
    """Telegram says "message can't be deleted" as it says of a message too old: the bot's
    own rights in the chat tell the moderators which right to give it."""
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/lock links")
    await emulator.wait_for(has("Blocco attivo: i link."))
    await emulator.set_rights(GROUP, ["can_delete_messages"])
    await bob.say("guarda https://example.com")
    told = await emulator.wait_for(has("Il permesso che mi manca: eliminare i messaggi."))
    assert not any("troppo tempo fa" in t for t in texts(told))
    asked = await emulator.called("getChatMember", where=lambda c: str(c["user_id"]) == "666")
    assert str(asked[-1]["chat_id"]) == str(GROUP)
    assert await emulator.calls("deleteMessage") == []  # refused: nothing was deleted


async def test_del_of_a_message_older_than_48_hours_is_refused_saying_why(
    telegram, emulator, people
):
    """deleteMessages would skip it without a word: the bot knows its age and says so."""
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    sent = int(time.time()) - 49 * 3600
    await bob.say("vecchio messaggio", date=sent)
    target = await _posted(emulator, "vecchio messaggio")
    replied = {"message_id": target, "date": sent, "chat": bob.chat, "from": bob.user,
               "text": "vecchio messaggio"}  # fmt: skip
    await mod.say("/del spam", reply_to=replied)
    await emulator.wait_for(
        has("Telegram non permette più a un bot di rimuovere questo messaggio: è stato inviato"
            " più di 48 ore fa.")
    )  # fmt: skip
    assert await emulator.calls("deleteMessages") == []
    assert await emulator.calls("deleteMessage") == []
