"""Timers in a forum: what a timer says, minutes after what armed it, goes to the topic of
the command, table or tournament that caused it (and to General when that is where it
began), never elsewhere."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from tests.platforms.telegram.emulator import Emulator, Person

FORUM = {"id": -1009990002, "type": "supergroup", "title": "Club", "is_forum": True}
TOPIC = 77
IN_TOPIC = {"message_thread_id": TOPIC, "is_topic_message": True}


def in_forum(person: Person) -> Person:
    return replace(person, chat=FORUM)


def topic_of(call: dict) -> int | None:
    thread = call.get("message_thread_id")
    return None if thread in (None, "") else int(thread)


def saying(*fragments: str):
    """A predicate on the emulator's calls: a message to the forum saying all of these."""

    def said(call: dict) -> bool:
        text = str(call.get("text") or call.get("caption") or "")
        return str(call["chat_id"]) == str(FORUM["id"]) and all(f in text for f in fragments)

    return said


async def sent(emulator: Emulator, *fragments: str) -> dict:
    """The one message to the forum saying all of these, once the bot has sent it."""
    [call] = await emulator.called("sendMessage", where=saying(*fragments), timeout=30)
    return call


async def test_the_session_clock_s_warning_goes_to_the_topic_the_session_was_started_in(
    telegram, emulator, people
):
    await emulator.set_admins(FORUM["id"], [99])
    await telegram.app.layer.configure("telegram", str(FORUM["id"]), {"rulebook": "mcr"})
    mod = in_forum(people["moderator"])
    for name in ("alice", "bob", "carol", "dave"):
        await in_forum(people[name]).say("ciao")
    for command in ("/tournament Open 1", "/register @alice @bob @carol @dave", "/seating"):
        await mod.say(command, **IN_TOPIC)
    await mod.say("/session start", **IN_TOPIC)
    seated = await sent(emulator, "Table 1")
    assert topic_of(seated) == TOPIC
    await mod.say("/clock 90m", **IN_TOPIC)
    started = await sent(emulator, "Session 1:", "until")
    assert topic_of(started) == TOPIC
    telegram.clock_control.now += timedelta(minutes=75, seconds=1)  # 15 minutes left
    await telegram.live.wake()
    warning = await sent(emulator, "Session 1:", "15 minutes")
    assert topic_of(warning) == TOPIC, warning


async def test_joins_are_greeted_where_they_were_announced_and_removed_silently(
    telegram, emulator, people
):
    """Captcha on, in a forum: a newcomer announced in General is greeted and asked there,
    one announced in a topic, in it (one greeting each); not answering in time removes both,
    without a word in the group."""
    await emulator.set_admins(FORUM["id"], [99])
    mod, alice = in_forum(people["moderator"]), in_forum(people["alice"])
    await mod.say("/settings captcha=on", **IN_TOPIC)
    changed = await sent(emulator, "Impostazioni cambiate")
    assert topic_of(changed) == TOPIC  # the answer stays with the command
    await alice.say("", new_chat_members=[people["carol"].user])  # in General
    await alice.say("", new_chat_members=[people["dave"].user], **IN_TOPIC)
    muted = await emulator.called("restrictChatMember", 2, timeout=30)
    assert {c["user_id"] for c in muted} == {"13", "14"}
    telegram.clock_control.now += timedelta(seconds=6)
    await telegram.live.wake()
    carol_asked = await sent(emulator, "carol", "entro 5 minuti")
    dave_asked = await sent(emulator, "dave", "entro 5 minuti")
    assert topic_of(carol_asked) is None and topic_of(dave_asked) == TOPIC
    telegram.clock_control.now += timedelta(minutes=5, seconds=1)
    await telegram.live.wake()
    kicked = await emulator.called("banChatMember", 2, timeout=30)
    assert {c["user_id"] for c in kicked} == {"13", "14"}
    said = [m.get("text", "") for m in await emulator.bot_messages()]
    assert not any("Nessuna risposta in tempo" in t for t in said)


async def test_a_join_in_general_is_greeted_there_whatever_thread_id_it_carries(
    telegram, emulator, people
):
    """A join announced in a reply thread of General carries a message_thread_id that is no
    topic (is_topic_message unset): the greeting goes to General."""
    await emulator.set_admins(FORUM["id"], [99])
    mod, alice = in_forum(people["moderator"]), in_forum(people["alice"])
    await mod.say("/settings captcha=on")
    await sent(emulator, "Impostazioni cambiate")
    await alice.say("", new_chat_members=[people["carol"].user], message_thread_id=55)
    await emulator.called("restrictChatMember", timeout=30)
    telegram.clock_control.now += timedelta(seconds=6)
    await telegram.live.wake()
    asked = await sent(emulator, "carol", "entro 5 minuti")
    assert topic_of(asked) is None, asked
