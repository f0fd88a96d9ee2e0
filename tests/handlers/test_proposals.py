"""A command proposed by one moderator and run when a moderator confirms it (the Telegram
stop): checked at once, nothing kept but the proposal, run once, by whoever confirms."""

import asyncio
from datetime import timedelta

from bot.app import App
from bot.handlers import PROPOSAL_LIFETIME, Author, Incoming
from tests.conftest import Chat, drop_schema, make_database


def incoming(chat: Chat, name: str, text: str) -> Incoming:
    return Incoming(
        "console",
        chat.chat,
        Author(name, name, None, name in chat.admins),
        text,
        chat.now,
        names_are_keys=True,
    )


async def propose(chat: Chat, name: str, text: str) -> list:
    out = await chat.app.layer.propose(incoming(chat, name, text))
    chat.sent += out
    return out


async def settle(chat: Chat, name: str, proposal: str, confirm: bool = True) -> list:
    out = await chat.app.layer.settle(incoming(chat, name, ""), proposal, confirm)
    chat.sent += out
    return out


async def rows(chat: Chat, sql: str) -> list[tuple]:
    async with chat.app.database.transaction() as tx:
        return await tx.fetchall(sql)


async def test_a_proposed_stop_does_nothing_until_a_moderator_confirms_it(app):
    chat = await Chat(app, admins=("mod", "ref")).setup()
    await chat.say("pia", "hello")
    out = await propose(chat, "mod", "/stop @pia 2h spam")
    proposal = Chat.one(out, "proposal")
    assert proposal["command"] == "stop" and proposal["player"] == "mod"
    assert "pia is stopped until" in proposal["preview"]  # what confirming will do
    assert out[0].kind == "notice"  # for every moderator, in the chat's language
    assert await rows(chat, "SELECT type FROM rulings WHERE type = 'stop'") == []
    assert await rows(chat, "SELECT kind FROM timers WHERE kind LIKE 'stop%'") == []
    await chat.say("pia", "/open fibur 1v1 2")
    Chat.one(await chat.say("pia", "/sit 1"), "seated")  # not stopped yet

    stop = Chat.one(await settle(chat, "ref", proposal["proposal"]), "stop")
    assert stop["player"] == "pia" and stop["reason"] == "spam"
    assert await rows(chat, "SELECT actor FROM rulings WHERE type = 'stop'") == [("ref",)]
    audit = await rows(chat, "SELECT actor, action, reason FROM audit ORDER BY id")
    assert audit == [("mod", "propose", "/stop @pia 2h spam"), ("ref", "stop", "spam")]
    await chat.say("pia", "/open fibur 1v1 2")
    refused = Chat.one(await chat.say("pia", "/sit 2"), "refused")
    assert refused["reason"] == "stopped"


async def test_a_mistake_is_refused_at_once_and_never_proposed(chat):
    for name, text, code in [
        ("pia", "/stop @leo 2h spam", "not_moderator"),
        ("mod", "/stop @leo 2x spam", "expected_duration"),
        ("mod", "/stop @leo 2h", "missing_argument"),
    ]:
        refused = Chat.one(await propose(chat, name, text), "refused")
        assert refused["code"] == code
    assert await rows(chat, "SELECT id FROM proposals") == []


async def test_only_a_moderator_settles_a_proposal_and_only_once(chat):
    await chat.say("pia", "hello")
    proposal = Chat.one(await propose(chat, "mod", "/stop @pia 2h spam"), "proposal")
    number = proposal["proposal"]
    for confirm in (True, False):  # neither confirmed nor cancelled by a player
        refused = Chat.one(await settle(chat, "leo", number, confirm), "refused")
        assert refused["code"] == "not_moderator"
    Chat.one(await settle(chat, "mod", number), "stop")
    again = Chat.one(await settle(chat, "mod", number), "refused")
    assert again["code"] == "proposal_settled"
    cancel_after = Chat.one(await settle(chat, "mod", number, confirm=False), "refused")
    assert cancel_after["code"] == "proposal_settled"
    assert Chat.one(await settle(chat, "mod", "A" * 16), "refused")["code"] == (
        "proposal_settled"
    )  # no such proposal
    assert isinstance(number, str) and len(number) == 16  # a token, not a counter
    assert len(await rows(chat, "SELECT id FROM rulings WHERE type = 'stop'")) == 1


async def test_a_cancelled_proposal_never_runs(chat):
    await chat.say("pia", "hello")
    proposal = Chat.one(await propose(chat, "mod", "/stop @pia 2h spam"), "proposal")
    cancelled = Chat.one(
        await settle(chat, "mod", proposal["proposal"], confirm=False), "proposal_cancelled"
    )
    assert cancelled["proposer"] == "mod"
    assert Chat.one(await settle(chat, "mod", proposal["proposal"]), "refused")["code"] == (
        "proposal_settled"
    )
    assert await rows(chat, "SELECT id FROM rulings WHERE type = 'stop'") == []
    assert ("mod", "cancel") in await rows(chat, "SELECT actor, action FROM audit")


async def test_a_proposal_lapses_after_ten_minutes_to_the_second(chat):
    await chat.say("pia", "hello")
    await chat.say("leo", "hello")
    on_time = Chat.one(await propose(chat, "mod", "/stop @pia 2h spam"), "proposal")
    late = Chat.one(await propose(chat, "mod", "/stop @leo 2h spam"), "proposal")
    await chat.advance(PROPOSAL_LIFETIME)  # both proposed now: ten minutes on, still valid
    Chat.one(await settle(chat, "mod", on_time["proposal"]), "stop")
    await chat.advance(timedelta(seconds=1))
    lapsed = Chat.one(await settle(chat, "mod", late["proposal"]), "refused")
    assert lapsed["code"] == "proposal_expired"
    assert await rows(chat, "SELECT subject FROM rulings WHERE type = 'stop'") == [("pia",)]


async def test_mentions_resolved_by_the_platform_are_kept_until_confirmed(chat):
    zoe = Author("77", "Zoë Rossi", 77)
    proposed = await chat.app.layer.propose(
        Incoming(
            "console",
            chat.chat,
            Author("mod", "mod", None, True),
            "/stop @id77 1h spam",
            chat.now,
            mentions={"id77": zoe},
        )
    )
    proposal = Chat.one(proposed, "proposal")
    assert "Zoë Rossi is stopped" in proposal["preview"]
    assert Chat.one(await settle(chat, "mod", proposal["proposal"]), "stop")["player"] == "77"


async def test_two_moderators_confirming_at_once_in_two_processes_stop_once(tmp_path):
    database = make_database("postgresql", tmp_path)
    other = type(database)(database.url, schema=database.schema)
    try:
        async with App(database) as first, App(other) as second:
            chat = await Chat(first, admins=("mod", "ref")).setup()
            await chat.say("pia", "hello")
            proposal = Chat.one(await propose(chat, "mod", "/stop @pia 2h spam"), "proposal")
            presses = [
                layer.settle(incoming(chat, name, ""), proposal["proposal"], True)
                for layer, name in [(first.layer, "mod"), (second.layer, "ref")]
            ]
            answers = await asyncio.gather(*presses)
            kinds = sorted(r["type"] for answer in answers for r in Chat.rulings(answer))
            assert kinds == ["refused", "stop"]
            assert len(await rows(chat, "SELECT id FROM rulings WHERE type = 'stop'")) == 1
    finally:
        await drop_schema(database)


async def test_a_proposal_of_another_chat_cannot_be_settled_from_this_one(app):
    """Its token is all a press carries: pressed in another chat (an administrator there),
    it is not found, and nothing runs."""
    here = await Chat(app).setup()
    there = await Chat(app, chat="other", admins=("boss",)).setup()
    await here.say("pia", "hello")
    proposal = Chat.one(await propose(here, "mod", "/stop @pia 2h spam"), "proposal")
    refused = Chat.one(await settle(there, "boss", proposal["proposal"]), "refused")
    assert refused["code"] == "proposal_settled"
    assert await rows(here, "SELECT id FROM rulings WHERE type = 'stop'") == []
    Chat.one(await settle(here, "mod", proposal["proposal"]), "stop")  # still there, here
