"""Who sees what (README, "Who sees what"): a ruling only the player concerned and the
moderators may read is never shown to another member, however it is asked for; an answer
for a moderator's eyes goes to his private chat, never to the group."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.delivery import DeliveryOptions
from bot.discipline.kinds import CATALOGUE, CHAT, CONCERNED
from bot.discipline.rulings import Ruling
from bot.storage.store import Store
from tests.conftest import Chat
from tests.delivery.recording import RecordingMessenger

RESTRICTED = [kind for kind in CATALOGUE if kind.stored and kind.audience != CHAT]
marks = st.text(alphabet="QXZqxz0123456789", min_size=12, max_size=16)


def test_the_restricted_kinds_are_known():
    assert {kind.name for kind in RESTRICTED} >= {"player_details", "report", "report_dismissed"}


async def record(chat: Chat, kind: str, fields: dict) -> int:
    async with chat.app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        number = await store.rulings.append_ruling(
            community.id, Ruling(kind, chat.now, "000 §4", fields), "ann", "mod", {"ann"}
        )
    assert number is not None
    return number


@pytest.mark.parametrize("kind", RESTRICTED, ids=lambda kind: kind.name)
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(values=st.lists(marks, min_size=8, max_size=8, unique=True))
async def test_a_plain_member_never_reads_a_restricted_ruling(mcr_chat, kind, values):
    await mcr_chat.say("ann", "hello")
    await mcr_chat.say("eve", "hello")
    fields = {name: value for name, value in zip(kind.fields, values, strict=False)}
    fields["player"] = "ann"
    number = await record(mcr_chat, kind.name, fields)
    secrets = [value for name, value in fields.items() if name != "player"]
    # the moderators' alone (a report): not even the member it is about reads it
    outsiders = ("eve",) if kind.audience == CONCERNED else ("eve", "ann")
    for outsider in outsiders:
        for asked in (f"/ruling {number}", "/history @ann", "/history @ann 1"):
            told = " ".join(o.text for o in await mcr_chat.say(outsider, asked))
            assert not any(secret in told for secret in secrets), (asked, told)
    readers = ("ann", "ref") if kind.audience == CONCERNED else ("ref",)
    for reader in readers:  # the player concerned, a moderator: they read it
        told = " ".join(o.text for o in await mcr_chat.say(reader, f"/ruling {number}"))
        assert "private details" not in told, told


async def test_details_a_referee_recorded_are_his_and_the_player_s_alone(mcr_chat):
    await mcr_chat.say("ref", "/tournament Cup 2")
    await mcr_chat.say("ref", "/register @ann @bea @cid @dan")
    out = await mcr_chat.say("ref", '/player @ann ema=04010001 country=IT name="Anna Rossi"')
    number = mcr_chat.one(out, "player_details")["id"]
    eve = await mcr_chat.say("eve", f"/ruling {number}")
    assert "04010001" not in eve[0].text and "Rossi" not in eve[0].text
    assert "private details" in eve[0].text
    assert "04010001" in (await mcr_chat.say("ann", f"/ruling {number}"))[0].text
    history = await mcr_chat.say("eve", "/history @ann")
    assert "Rossi" not in history[0].text and "private details" in history[0].text


@pytest.fixture
def group_platform(chat: Chat) -> RecordingMessenger:
    """A platform whose groups cannot answer one member privately, and whose private
    chats exist only once opened (Telegram)."""
    messenger = RecordingMessenger()
    chat.app.delivery.register(messenger, DeliveryOptions(private_needs_opening=True))
    return messenger


async def test_the_log_asked_in_a_group_goes_to_the_moderator_s_private_chat(chat, group_platform):
    from bot.handlers import Author, Incoming, Origin

    async def asked_in_group(name: str, text: str) -> None:
        await chat.advance(timedelta(seconds=5))
        await chat.app.layer.handle(
            Incoming(
                "console",
                chat.chat,
                Author(name, name, None, name in chat.admins),
                text,
                chat.now,
                names_are_keys=True,
                origin=Origin("console", reply_to=1),
            )
        )

    await asked_in_group("pia", "spam")
    await asked_in_group("mod", "/stop @pia 2h spam in chat")
    group_platform.sent.clear()
    await asked_in_group("mod", "/log")  # no private chat yet: the group hears only that
    [notice] = group_platform.sent
    assert notice.target == "group" and notice.ruling_type is None
    assert "spam in chat" not in notice.text and "private chat" in notice.text
    await chat.app.layer.open_private_chat("console", "mod")
    group_platform.sent.clear()
    await asked_in_group("mod", "/log")
    [log, pointer] = group_platform.sent  # the log privately, and the group told where it went
    assert (log.target, log.user) == ("private", "mod") and "spam in chat" in log.text
    assert pointer.target == "group" and pointer.ruling_type is None
    assert "spam in chat" not in pointer.text and "private chat" in pointer.text
