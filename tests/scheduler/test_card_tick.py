"""The minute tick shows the minutes left on every card on screen, and writes nothing."""

from datetime import timedelta

from tests.conftest import Chat


async def test_tick_counts_down_only_cards_on_screen(chat: Chat):
    out = await chat.say("alice", "/open fibur 1v1 2")
    await chat.say("alice", "/sit 1")
    await chat.say("bob", "/sit 1")
    await chat.say("alice", "/abandon 1")  # her card is on screen at once
    edits = await chat.app.timers.card_tick(chat.now + timedelta(seconds=150))
    assert [(e.to, e.ruling["remaining_seconds"]) for e in edits] == [("alice", 750)]
    assert edits[0].kind == "edit" and "13 minutes" in edits[0].text
    await chat.say("alice", "/leave")
    assert await chat.app.timers.card_tick(chat.now + timedelta(minutes=1)) == []
    assert out
