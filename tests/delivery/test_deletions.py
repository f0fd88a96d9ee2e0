"""The Delete effect (a /del, a /purge, a lock's removal) carried out as a mute is: after the
commit, whatever becomes of its notice; tried again when the platform says (429), after a
pause (5xx, a timeout) and after a restart; given up at once when refused for good, in the
moderators' log as ``delete_failed`` and told in the chat with the right the bot lacks."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.delivery import Delivery, DeliveryOptions, MissingRight, Unreachable
from bot.delivery.outbox import EFFECT_FIRST_PAUSE
from bot.handlers import Author, Incoming
from tests.conftest import Chat
from tests.delivery.recording import RecordingMessenger
from tests.delivery.test_delivery import audit_actions, register

_ids = iter(range(100, 10_000))


async def _post(chat: Chat, name: str, text: str, replied: str | None = None) -> str:
    """A message with the platform's id (as Telegram and Discord give them); its id."""
    await chat.advance(timedelta(seconds=5))
    ref = str(next(_ids))
    author = Author(name, name, None, name in chat.admins, (), None)
    replied_author = Author("pia", "pia", None, False, (), None) if replied else None
    incoming = Incoming(
        "console",
        chat.chat,
        author,
        text,
        chat.now,
        names_are_keys=True,
        message=ref,
        replied=replied,
        replied_author=replied_author,
    )
    chat.sent += await chat.app.layer.handle(incoming)
    return ref


async def _say_del(chat: Chat, messenger: RecordingMessenger) -> tuple[str, str]:
    target = await _post(chat, "pia", "cheap followers here")
    messenger.actions.clear()
    command = await _post(chat, "mod", "/del spam", replied=target)
    return ("delete", f"{target},{command}")


async def test_a_deletion_goes_with_the_command_and_its_notice_refused(chat):
    messenger = register(chat)
    messenger.reject = True  # every message refused: the deletion is carried out all the same
    action = await _say_del(chat, messenger)
    assert messenger.actions == [action]


async def test_a_purge_takes_the_members_messages_and_the_command(chat):
    messenger = register(chat)
    mine = [await _post(chat, "pia", f"spam {n}") for n in range(3)]
    await _post(chat, "ann", "hello")
    messenger.deletions.clear()
    command = await _post(chat, "mod", "/purge 2 @pia")
    [(_, deleted)] = messenger.deletions
    assert deleted == (mine[2], mine[1], command)


async def test_a_rate_limited_deletion_waits_as_long_as_the_platform_says(chat):
    messenger = register(chat)
    messenger.action_failures = [Unreachable("429 Too Many Requests", retry_after=7)]
    action = await _say_del(chat, messenger)
    assert messenger.actions == []
    await chat.app.delivery.flush(chat.now + timedelta(seconds=6))
    assert messenger.actions == []  # not before the platform said
    await chat.app.delivery.flush(chat.now + timedelta(seconds=7))
    assert messenger.actions == [action]
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    assert messenger.actions == [action]  # once


@pytest.mark.parametrize("failure", ["502 Bad Gateway", "timed out"])
async def test_a_deletion_the_platform_cannot_take_now_is_tried_again_later(chat, failure):
    messenger = register(chat)
    messenger.action_failures = [Unreachable(failure), Unreachable(failure)]
    action = await _say_del(chat, messenger)
    now = chat.now
    await chat.app.delivery.flush(now + EFFECT_FIRST_PAUSE)  # the second failure
    await chat.app.delivery.flush(now + EFFECT_FIRST_PAUSE * 2)  # too soon: the pause grows
    assert messenger.actions == []
    await chat.app.delivery.flush(now + EFFECT_FIRST_PAUSE * 3)
    assert messenger.actions == [action]


async def test_a_deletion_recorded_before_a_restart_is_carried_out_after_it(chat):
    messenger = register(chat)
    delivery = chat.app.delivery

    async def stopped(*args, **kwargs):  # the process ends between commit and sending
        return []

    delivery.dispatch = stopped  # type: ignore[method-assign]
    action = await _say_del(chat, messenger)
    del delivery.dispatch
    assert messenger.actions == []
    restarted = Delivery(chat.app.database, chat.app.layer.translator, node="restarted")
    again = RecordingMessenger(reject=True)
    restarted.register(again, DeliveryOptions())
    await restarted.release_leases(all_holders=True)
    await restarted.flush(chat.now + timedelta(seconds=1))
    assert again.actions == [action]
    assert messenger.actions == []


async def test_a_deletion_refused_for_lack_of_the_right_is_logged_and_told(chat):
    messenger = register(chat)
    messenger.action_failures = [MissingRight("delete", "400 Bad Request: not enough rights")]
    await _say_del(chat, messenger)
    assert "delete_failed" in await audit_actions(chat)
    told = [t for t in messenger.texts() if "would not let me remove the message" in t]
    assert told and "The right I lack: delete messages." in told[0], messenger.texts()
    messenger.sent.clear()
    await chat.say("mod", "/log")
    shown = "\n".join(messenger.texts())
    assert "the bot lacks the right to delete messages" in shown
    assert "not enough rights" not in shown
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    assert messenger.actions == []  # refused for good: never asked again
