"""The pages of long answers, turned with buttons."""

from __future__ import annotations

import json
from datetime import datetime

from bot.storage.codec import utc_text
from bot.storage.records import (
    Paged,
)
from bot.storage.repository import Repository


class Pages(Repository):
    """Pages of long answers."""

    async def add_pages(
        self,
        community_id: int,
        token: str,
        lang: str,
        parts: list[str],
        at: datetime,
        owner: str | None = None,
    ) -> None:
        """A long answer's pages, under a token nobody can guess; ``owner``: the one member
        who may turn them (an answer meant for him alone)."""
        self.tx.write(
            "INSERT INTO pages (community_id, token, owner, lang, parts, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            community_id,
            token,
            owner,
            lang,
            json.dumps(parts, ensure_ascii=False),
            utc_text(at),
        )

    async def pages(self, token: str) -> Paged | None:
        row = await self.tx.fetchone(
            "SELECT c.platform, c.chat, p.owner, p.lang, p.parts FROM pages p"
            " JOIN communities c ON c.id = p.community_id WHERE p.token = ?",
            token,
        )
        if row is None:
            return None
        return Paged(row[0], row[1], row[2], row[3], json.loads(row[4]))
