"""Joins through the Telegram emulator: held at once (the restriction never waits behind the
group's message budget, even in a burst of 200), greeted together with one challenge whose
buttons carry tokens, and join requests challenged in the requester's private chat, then
approved or declined (bot/handlers/joins.py, bot/platforms/telegram)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

from tests.platforms.telegram.emulator import Person
from tests.platforms.telegram.test_telegram import GROUP, has

ASKED = re.compile(r"quanto fa (\d+) \+ (\d+)\?")


def _buttons(message: dict) -> dict[str, str]:
    """The challenge's buttons: the number shown → the data a press sends."""
    return {b["text"]: b["callback_data"] for b in message["reply_markup"]["inline_keyboard"][0]}


def _right_and_wrong(message: dict) -> tuple[str, str]:
    found = ASKED.search(message["text"])
    assert found is not None, message["text"]
    total = str(int(found[1]) + int(found[2]))
    shown = _buttons(message)
    wrong = next(data for label, data in shown.items() if label != total)
    return shown[total], wrong


async def _greeting(telegram, emulator, fragment: str) -> dict:
    """The greeting gathered for the latest joins, once its few seconds have passed."""
    telegram.clock_control.now += timedelta(seconds=6)
    await telegram.live.wake()
    said = await emulator.wait_for(has(fragment))
    return next(m for m in said if fragment in m.get("text", ""))


async def test_new_members_are_muted_at_once_greeted_together_and_answer_with_a_button(
    telegram, emulator, people
):
    alice, mod, carol, dave = people["alice"], people["moderator"], people["carol"], people["dave"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    await alice.say("", new_chat_members=[carol.user, dave.user])
    muted = await emulator.called("restrictChatMember", 2)  # before any word of greeting
    assert {c["user_id"] for c in muted} == {"13", "14"}
    greeting = await _greeting(telegram, emulator, "quanto fa")
    assert "Un saluto a carol e dave!" in greeting["text"]
    shown = _buttons(greeting)
    assert len(shown) == 4 and all(len(data.encode()) <= 64 for data in shown.values())
    assert all(re.fullmatch(r"answer:[A-Za-z0-9_-]{16}", data) for data in shown.values())
    right, wrong = _right_and_wrong(greeting)
    await carol.press(greeting, right)
    await emulator.wait_for(has("carol può scrivere in chat"))
    # muted, then given her rights back
    await emulator.called("restrictChatMember", 2, where=lambda c: c["user_id"] == "13")
    await dave.press(greeting, wrong)
    await emulator.wait_for(has("Risposta sbagliata di dave"))
    [kick] = await emulator.called("banChatMember")
    [back_in] = await emulator.called("unbanChatMember")
    assert kick["user_id"] == back_in["user_id"] == "14"


async def test_a_check_not_answered_in_time_removes_the_member_without_a_word(
    telegram, emulator, people
):
    alice, mod, carol = people["alice"], people["moderator"], people["carol"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    await alice.say("", new_chat_members=[carol.user])
    await emulator.called("restrictChatMember")  # his join taken: its greeting gathers
    await _greeting(telegram, emulator, "quanto fa")
    telegram.clock_control.now += timedelta(minutes=5, seconds=1)
    await telegram.live.wake()
    [kick] = await emulator.called("banChatMember")
    assert kick["user_id"] == "13"
    said = [m.get("text", "") for m in await emulator.bot_messages()]
    assert not any("Nessuna risposta in tempo" in t for t in said)  # the log says it


async def test_a_burst_of_200_joins_is_restricted_before_the_group_hears_a_word(
    telegram, emulator, people
):
    """200 joins, one update each: every newcomer restricted, with a single greeting to
    come for all of them, however the group's message budget stands."""
    mod, alice = people["moderator"], people["alice"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    before = len(await emulator.bot_messages())
    for n in range(200):
        newcomer = Person(emulator, 1000 + n, f"raider{n}", f"Raider{n}")
        await alice.say("", new_chat_members=[newcomer.user])
    muted = await emulator.called("restrictChatMember", 200, timeout=120)
    assert {c["user_id"] for c in muted} == {str(1000 + n) for n in range(200)}
    assert len(await emulator.bot_messages()) == before  # no word yet: the greeting gathers
    greeting = await _greeting(telegram, emulator, "altre 198 persone")
    assert "raider0, raider1 e altre 198 persone" in greeting["text"]


async def test_a_join_request_is_challenged_privately_then_approved(telegram, emulator, people):
    mod, dave = people["moderator"], people["dave"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    await dave.say("", compat_join_request=True)
    said = await emulator.wait_for(has("Per entrare nel gruppo"))
    asked = next(m for m in said if "Per entrare nel gruppo" in m.get("text", ""))
    assert asked["chat"]["id"] == 14  # his private chat: the request's user_chat_id
    assert await emulator.calls("approveChatJoinRequest") == []  # not before he answers
    right, _ = _right_and_wrong(asked)
    await dave.private().press(asked, right)
    [approved] = await emulator.called("approveChatJoinRequest")
    assert (approved["chat_id"], approved["user_id"]) == (str(GROUP), "14")
    await emulator.wait_for(has("richiesta di ingresso di dave accolta"))
    await dave.say("", new_chat_members=[dave.user])  # Telegram's "joined" that follows
    telegram.clock_control.now += timedelta(seconds=6)
    await telegram.live.wake()
    await mod.say("/rules")  # the group's updates are taken in order: after his join
    await emulator.wait_for(has("non ha ancora regole"))
    assert await emulator.calls("restrictChatMember") == []  # checked once, privately


async def test_a_join_request_wrongly_answered_or_unanswered_is_declined(
    telegram, emulator, people
):
    mod, carol, dave, alice = people["moderator"], people["carol"], people["dave"], people["alice"]
    await emulator.set_admins(GROUP, [99])
    await carol.say("", compat_join_request=True)  # the group checks nobody: left to people
    await mod.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    await dave.say("", compat_join_request=True)
    said = await emulator.wait_for(has("Per entrare nel gruppo"))
    asked = next(m for m in said if "Per entrare nel gruppo" in m.get("text", ""))
    _, wrong = _right_and_wrong(asked)
    await dave.private().press(asked, wrong)
    [declined] = await emulator.called("declineChatJoinRequest")
    assert declined["user_id"] == "14"
    await emulator.wait_for(has("richiesta di ingresso di dave respinta"))
    await alice.say("", compat_join_request=True)
    await emulator.wait_for(has("Per entrare nel gruppo", 2))
    telegram.clock_control.now += timedelta(minutes=5, seconds=1)
    await telegram.live.wake()
    timed_out = await emulator.called("declineChatJoinRequest", 2)
    assert {c["user_id"] for c in timed_out} == {"14", "11"}
    assert await emulator.calls("approveChatJoinRequest") == []  # carol's waits for the admins


async def test_during_a_raid_join_requests_wait_for_the_moderators(telegram, emulator, people):
    mod, dave = people["moderator"], people["dave"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    await mod.say("/raid on 1h")
    await emulator.wait_for(has("Modalità raid attiva"))
    await dave.say("", compat_join_request=True)
    await mod.say("/rules")  # after his request, in the group's order
    await emulator.wait_for(has("non ha ancora regole"))
    assert not any(str(c["chat_id"]) == "14" for c in await emulator.calls("sendMessage"))
    assert await emulator.calls("approveChatJoinRequest") == []
    assert await emulator.calls("declineChatJoinRequest") == []


CLUB_B = {"id": -1003, "type": "supergroup", "title": "Circolo B"}


async def test_a_private_answer_goes_to_the_club_asked_whatever_club_he_last_spoke_in(
    telegram, emulator, people
):
    """A member of club A asks to join club B, then writes in A: his private answer to B's
    challenge lets him into B, and A knows nothing of it (the button names its club)."""
    mod, dave = people["moderator"], people["dave"]
    await emulator.set_admins(GROUP, [99])
    await emulator.set_admins(CLUB_B["id"], [99])
    mod_b, dave_b = replace(mod, chat=CLUB_B), replace(dave, chat=CLUB_B)
    await mod_b.say("/settings captcha=on")
    await emulator.wait_for(has("Impostazioni cambiate"))
    await dave_b.say("", compat_join_request=True)
    said = await emulator.wait_for(has("Per entrare nel gruppo"))
    asked = next(m for m in said if "Per entrare nel gruppo" in m.get("text", ""))
    await dave.say("/rules")  # in club A, after his request: A is the club he last spoke in
    await emulator.wait_for(has("non ha ancora regole"))
    in_a = len([m for m in await emulator.bot_messages() if m["chat"]["id"] == GROUP])
    right, _ = _right_and_wrong(asked)
    await dave.private().press(asked, right)
    [approved] = await emulator.called("approveChatJoinRequest")
    assert (approved["chat_id"], approved["user_id"]) == (str(CLUB_B["id"]), "14")
    await emulator.wait_for(has("richiesta di ingresso di dave accolta"))
    assert len([m for m in await emulator.bot_messages() if m["chat"]["id"] == GROUP]) == in_a
    [answered] = await emulator.calls("answerCallbackQuery")
    assert not answered.get("text")  # no refusal: the press was taken where it belongs
    await dave.private().press(asked, f"{right.partition('#')[0]}#999")  # forged: no club
    forged = await emulator.called("answerCallbackQuery", 2)
    assert forged[-1]["text"] == "Questo pulsante non è più valido."
