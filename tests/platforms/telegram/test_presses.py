"""Every button kind pressed where it does not belong (another group, another member) or with
data the bot never made: refused with an answer to the press, never run, never raised."""

from __future__ import annotations

import time

import pytest

from bot.handlers import Author, Incoming
from tests.platforms.telegram.emulator import Person
from tests.platforms.telegram.test_telegram import (
    GROUP,
    PROPOSED,
    buttons_of,
    has,
    press_for_answer,
    texts,
)

OTHER = {"id": -1002, "type": "supergroup", "title": "Another Club"}
EXPIRED = "non è più valido"
NOT_YOURS = "è per un altro membro"


def alerted(answer: dict) -> bool:
    return answer.get("show_alert") in (True, "true")


def elsewhere(message: dict) -> dict:
    """The same button, as if its message stood in another group (forged)."""
    return {**message, "chat": OTHER, "message_id": 1}


@pytest.fixture
async def stranger(emulator):
    """An administrator of an unrelated group."""
    await emulator.set_admins(OTHER["id"], [77])
    person = Person(emulator, 77, "mallory", "Mallory", chat=OTHER)
    await person.say("ciao")
    return person


async def test_a_page_turns_only_in_its_group_and_for_one_reader_only_for_him(
    telegram, emulator, people, stranger
):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [99])
    boss = Author("99", "moderator", 99, is_admin=True)
    for n in range(120):  # a long list of rules, recorded straight through the command layer
        text = f"/rules add Regola {n:03d}: niente disturbo al tavolo, mai"
        await telegram.app.layer.handle(
            Incoming("telegram", str(GROUP), boss, text, telegram.clock_control())
        )
    await mod.say("/rules")
    messages = await emulator.wait_for(has("Regole di questa chat"))
    paged = next(m for m in messages if "Regole di questa chat" in m["text"])
    page = next(d for d in buttons_of(paged) if d.startswith("page:"))
    before = len(await emulator.calls("editMessageText"))
    answer = await press_for_answer(emulator, stranger, elsewhere(paged), page)
    assert EXPIRED in answer["text"] and alerted(answer)
    assert len(await emulator.calls("editMessageText")) == before  # nothing shown there
    answer = await press_for_answer(emulator, bob, paged, page)  # in its group: anyone
    assert not answer.get("text")
    assert len(await emulator.calls("editMessageText")) == before + 1
    _ = texts


async def test_a_proposal_is_settled_only_in_its_group(telegram, emulator, people, stranger):
    mod, alice = people["moderator"], people["alice"]
    await emulator.set_admins(GROUP, [99])
    await alice.say("ciao")
    await mod.say("/stop @alice 2h spam")
    proposed = await emulator.wait_for(has(PROPOSED))
    proposal = next(m for m in proposed if PROPOSED in m["text"])
    approve, _ = buttons_of(proposal)
    answer = await press_for_answer(emulator, stranger, elsewhere(proposal), approve)
    assert alerted(answer) and "confermata o respinta" in answer["text"]
    assert await emulator.calls("restrictChatMember") == []
    said = texts(await emulator.bot_messages())
    assert sum("Fermo per alice" in t for t in said) == 1  # the proposal's preview alone


async def test_a_card_s_buttons_are_its_owner_s_alone(telegram, emulator, people):
    alice, bob = people["alice"], people["bob"]
    await alice.say("/open fibur 1v1 2")
    await alice.say("/sit 1")
    await bob.say("/sit 1")
    await alice.say("/abandon 1")
    messages = await emulator.wait_for(has("il tuo cartellino giallo"))
    card = next(m for m in messages if "il tuo cartellino giallo" in m["text"])
    [leave] = buttons_of(card)
    answer = await press_for_answer(emulator, bob, card, leave)
    assert NOT_YOURS in answer["text"] and alerted(answer)
    answer = await press_for_answer(emulator, alice, card, leave)
    assert not alerted(answer)


@pytest.mark.parametrize(
    "data",
    [
        "page:²:1",
        "page:AAAAAAAAAAAAAAAA:99999999999999999999",
        "approve:99999999999999999999",
        "approve:../../etc",
        "sit:abc",
        "sit:٣",
        "leave@",
        "nonsense",
        "",
    ],
)
async def test_forged_data_is_answered_never_raised(telegram, emulator, people, data):
    alice = people["alice"]
    await alice.say("/open fibur 1v1 2")
    opened = await emulator.wait_for(has("Tavolo 1 aperto"))
    message = next(m for m in opened if "Tavolo 1 aperto" in m["text"])
    answer = await press_for_answer(emulator, alice, message, data)
    assert alerted(answer) and EXPIRED in answer["text"]


async def test_a_command_button_pressed_in_another_group_acts_there_alone(
    telegram, emulator, people, stranger
):
    alice = people["alice"]
    await alice.say("/open fibur 1v1 2")
    opened = await emulator.wait_for(has("Tavolo 1 aperto"))
    message = next(m for m in opened if "Tavolo 1 aperto" in m["text"])
    answer = await press_for_answer(emulator, stranger, elsewhere(message), "sit:1")
    assert alerted(answer) and "tavolo 1" in answer["text"].lower()  # none there
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline:
        assert not any("mallory si siede" in t for t in texts(await emulator.bot_messages()))
        break
