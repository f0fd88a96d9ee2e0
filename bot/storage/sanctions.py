"""Each member's discipline (warnings, cards, stops) and conduct in the chat (measures,
the chat's rules), and the mutes a platform renews."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.discipline.conduct import ChatRules, ConductRecord
from bot.discipline.record import MANUAL, DisciplineRecord
from bot.storage.codec import dumps, from_utc_text, loads, utc_text
from bot.storage.records import (
    community_of,
)
from bot.storage.repository import Repository


class Sanctions(Repository):
    """Discipline and conduct."""

    @staticmethod
    def discipline_from(member: str, body: str | None) -> DisciplineRecord:
        return DisciplineRecord(member) if body is None else loads(DisciplineRecord, body)

    async def discipline(self, community_id: int, member: str) -> DisciplineRecord:
        row = await self.tx.fetchone(
            "SELECT body FROM discipline WHERE community_id = ? AND member = ?",
            community_id,
            member,
        )
        return self.discipline_from(member, None if row is None else row[0])

    async def save_discipline(
        self, community_id: int, record: DisciplineRecord, now: datetime
    ) -> None:
        until = record.stop_until(now)
        card = record.card
        self.tx.write(
            "INSERT INTO discipline (community_id, member, body, stop_until, card_pending,"
            " card_on_screen_since, card_served) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (community_id, member) DO UPDATE SET body = excluded.body,"
            " stop_until = excluded.stop_until, card_pending = excluded.card_pending,"
            " card_on_screen_since = excluded.card_on_screen_since,"
            " card_served = excluded.card_served",
            community_id,
            record.player,
            dumps(record),
            until and utc_text(until),
            int(card is not None),
            card and card.on_screen_since and utc_text(card.on_screen_since),
            card.served_seconds if card else 0,
        )

    async def conduct(self, community_id: int, member: str) -> ConductRecord:
        row = await self.tx.fetchone(
            "SELECT body FROM conduct WHERE community_id = ? AND member = ?",
            community_id,
            member,
        )
        return ConductRecord(member) if row is None else loads(ConductRecord, row[0])

    async def save_conduct(self, community_id: int, record: ConductRecord) -> None:
        self.tx.write(
            "INSERT INTO conduct (community_id, member, body) VALUES (?, ?, ?)"
            " ON CONFLICT (community_id, member) DO UPDATE SET body = excluded.body",
            community_id,
            record.player,
            dumps(record),
        )

    async def silenced_until(
        self, community_id: int, member: str, now: datetime
    ) -> datetime | None:
        """Until when nothing he writes may reach the chat: the later end of his mutes and of
        a moderator's stops (which keep him from the chat too); a rulebook's stop keeps him
        from the tables only. None when nothing holds him."""
        ends = [
            (await self.discipline(community_id, member)).stop_until(now, MANUAL),
            (await self.conduct(community_id, member)).muted_until(now),
        ]
        return max((end for end in ends if end is not None), default=None)

    async def chat_measures(self, community_id: int, now: datetime) -> list[dict[str, Any]]:
        """Every mute and ban in force in the chat, soonest end first (until lifted last)."""
        rows = await self.tx.fetchall(
            "SELECT body FROM conduct WHERE community_id = ?", community_id
        )
        found = []
        for (body,) in rows:
            record = loads(ConductRecord, body)
            for kind in ("mute", "ban"):
                for measure in record.active(kind, now):
                    found.append({"player": record.player, "kind": kind, "until": measure.until})
        far = datetime.max.replace(tzinfo=now.tzinfo)
        return sorted(found, key=lambda m: (m["until"] or far, m["player"]))

    async def chat_rules(self, community_id: int) -> ChatRules:
        row = await self.tx.fetchone(
            "SELECT body FROM chat_rules WHERE community_id = ?", community_id
        )
        return ChatRules() if row is None else loads(ChatRules, row[0])

    async def save_chat_rules(self, community_id: int, rules: ChatRules) -> None:
        self.tx.write(
            "INSERT INTO chat_rules (community_id, body) VALUES (?, ?)"
            " ON CONFLICT (community_id) DO UPDATE SET body = excluded.body",
            community_id,
            dumps(rules),
        )

    async def active_stops(self, community_id: int, now: datetime) -> list[tuple[str, datetime]]:
        rows = await self.tx.fetchall(
            "SELECT member, stop_until FROM discipline WHERE community_id = ? AND stop_until > ?"
            " ORDER BY stop_until",
            community_id,
            utc_text(now),
        )
        return [(r[0], from_utc_text(r[1])) for r in rows]

    async def pending_cards(self, community_id: int) -> list[DisciplineRecord]:
        rows = await self.tx.fetchall(
            "SELECT body FROM discipline WHERE community_id = ? AND card_pending = 1"
            " ORDER BY member",
            community_id,
        )
        return [loads(DisciplineRecord, r[0]) for r in rows]

    async def cards_on_screen(
        self, platforms: tuple[str, ...]
    ) -> list[tuple[int, str, str, str, str, str, datetime, int, tuple[str, int] | None]]:
        """Per card on screen on these platforms: (community, its chat, its platform, member,
        name, reader's language, on screen since, seconds served, the message showing it)."""
        if not platforms:
            return []
        marks = ", ".join("?" for _ in platforms)
        communities = {
            r[0]: community_of(r)
            for r in await self.tx.fetchall(
                f"SELECT id, platform, chat, settings FROM communities WHERE platform IN ({marks})",
                *platforms,
            )
        }
        rows = await self.tx.fetchall(
            "SELECT d.community_id, d.member, COALESCE(m.name, d.member),"
            " COALESCE(m.lang, m.platform_lang), d.card_on_screen_since, d.card_served,"
            " p.chat, p.message_id FROM discipline d"
            " LEFT JOIN members m ON m.community_id = d.community_id AND m.key = d.member"
            " LEFT JOIN platform_messages p ON p.community_id = d.community_id"
            " AND p.member = d.member AND p.purpose = 'card'"
            " WHERE d.card_on_screen_since IS NOT NULL"
        )
        cards = []
        for r in rows:
            community = communities.get(r[0])
            if community is None:
                continue  # a community of another platform
            cards.append(
                (
                    r[0],
                    community.chat,
                    community.platform,
                    r[1],
                    r[2],
                    r[3] or community.lang,
                    from_utc_text(r[4]),
                    r[5],
                    (r[6], int(r[7])) if r[6] is not None else None,
                )
            )
        return cards

    async def plan_mute_renewal(self, community_id: int, member: str, at: datetime) -> None:
        self.tx.write(
            "INSERT INTO mute_renewals (community_id, member, renew_at) VALUES (?, ?, ?)"
            " ON CONFLICT (community_id, member) DO UPDATE SET renew_at = excluded.renew_at",
            community_id,
            member,
            utc_text(at),
        )

    async def forget_mute_renewal(self, community_id: int, member: str) -> None:
        self.tx.write(
            "DELETE FROM mute_renewals WHERE community_id = ? AND member = ?",
            community_id,
            member,
        )

    async def due_mute_renewals(
        self, platforms: tuple[str, ...], now: datetime
    ) -> list[tuple[int, str, str, str]]:
        """(community, its platform, its chat, member) for each mute to renew now."""
        if not platforms:
            return []
        marks = ", ".join("?" for _ in platforms)
        rows = await self.tx.fetchall(
            "SELECT r.community_id, c.platform, c.chat, r.member FROM mute_renewals r"
            " JOIN communities c ON c.id = r.community_id"
            f" WHERE r.renew_at <= ? AND c.platform IN ({marks})",
            utc_text(now),
            *platforms,
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]
