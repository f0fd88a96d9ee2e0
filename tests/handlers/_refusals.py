"""A refusal, checked to record nothing: the helpers the command tests share."""

from __future__ import annotations

from tests.conftest import Chat


async def ruling_count(chat: Chat) -> int:
    async with chat.app.database.transaction() as tx:
        row = await tx.fetchone("SELECT COUNT(*) FROM rulings")
    return row[0]


async def refused(chat: Chat, name: str, text: str) -> dict:
    """A refusal that records nothing."""
    before = await ruling_count(chat)
    [answer] = Chat.rulings(await chat.say(name, text), "refused")
    assert await ruling_count(chat) == before
    return answer
