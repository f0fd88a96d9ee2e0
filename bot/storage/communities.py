"""Communities and their members: settings, names, languages, the public page's
address, the private chats that speak for a community."""

from __future__ import annotations

import json
from datetime import datetime

from bot.storage.codec import from_utc_text, utc_text
from bot.storage.migrations import shard_key
from bot.storage.records import (
    Community,
    Member,
    Speaker,
    community_of,
)
from bot.storage.repository import Repository


class Communities(Repository):
    """Communities and their members."""

    async def community(self, platform: str, chat: str) -> Community | None:
        row = await self.tx.fetchone(
            "SELECT id, settings FROM communities WHERE platform = ? AND chat = ?", platform, chat
        )
        return None if row is None else Community(row[0], platform, chat, json.loads(row[1]))

    async def speaker(
        self, platform: str, chat: str, key: str, now: datetime, update_key: str | None = None
    ) -> Speaker:
        """Everything about who spoke, in one read (see :class:`Speaker`)."""
        row = await self.tx.fetchone(
            "SELECT c.id, c.settings, m.key, m.name, m.user_id, m.lang, m.platform_lang,"
            " d.card_pending, d.card_on_screen_since, d.stop_until, p.community_id, d.body,"
            " (SELECT 1 FROM processed_updates u WHERE u.platform = ? AND u.update_key = ?)"
            " FROM communities c"
            " LEFT JOIN members m ON m.community_id = c.id AND m.key = ?"
            " LEFT JOIN discipline d ON d.community_id = c.id AND d.member = ?"
            " LEFT JOIN private_chats p ON p.platform = c.platform AND p.user_key = ?"
            " WHERE c.platform = ? AND c.chat = ?",
            platform,
            update_key or "",
            key,
            key,
            key,
            platform,
            chat,
        )
        if row is None:
            return Speaker(None, None, False, False, False, False)
        community = Community(row[0], platform, chat, json.loads(row[1]))
        member = Member(*row[2:7]) if row[2] is not None else None
        held = bool(row[7]) or (row[9] is not None and from_utc_text(row[9]) > now)
        return Speaker(
            community,
            member,
            bool(row[7]) and row[8] is None,
            held,
            row[10] == row[0],
            row[12] is not None,
            row[11],
        )

    async def community_by_id(self, community_id: int) -> Community:
        row = await self.tx.fetchone(
            "SELECT platform, chat, settings FROM communities WHERE id = ?", community_id
        )
        assert row is not None, community_id
        return Community(community_id, row[0], row[1], json.loads(row[2]))

    async def create_community(self, platform: str, chat: str, settings: dict) -> Community:
        await self.tx.execute(
            "INSERT INTO communities (platform, chat, settings, shard_key) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (platform, chat) DO NOTHING",
            platform,
            chat,
            json.dumps(settings),
            shard_key(platform, chat),
        )
        found = await self.community(platform, chat)
        assert found is not None
        return found

    async def move_community(self, platform: str, old: str, new: str) -> bool:
        """The chat got a new id (a Telegram group became a supergroup): the community, with
        all it owns, now lives there. A community the new id already had, with nothing
        recorded, gives way; one with rulings of its own is left as it is (False)."""
        moving = await self.community(platform, old)
        if moving is None:
            return False
        there = await self.community(platform, new)
        if there is not None:
            recorded = await self.tx.fetchone(
                "SELECT 1 FROM rulings WHERE community_id = ? LIMIT 1", there.id
            )
            if recorded is not None:
                return False
            for table in (
                "members",
                "timers",
                "discipline",
                "conduct",
                "chat_rules",
                "outbox",
                "outbox_counts",
            ):
                await self.tx.execute(f"DELETE FROM {table} WHERE community_id = ?", there.id)
            await self.tx.execute("DELETE FROM communities WHERE id = ?", there.id)
        await self.tx.execute(
            "UPDATE communities SET chat = ?, shard_key = ? WHERE id = ?",
            new,
            shard_key(platform, new),
            moving.id,
        )
        return True

    async def save_settings(self, community: Community) -> None:
        """The settings, and the moderators' log chat they name bound to this community
        alone (a chat another community has as its log is not taken over)."""
        self.tx.write(
            "UPDATE communities SET settings = ? WHERE id = ?",
            json.dumps(community.settings),
            community.id,
        )
        self.tx.write("DELETE FROM log_chats WHERE community_id = ?", community.id)
        log = community.settings.get("log")
        if log:
            self.tx.write(
                "INSERT INTO log_chats (platform, chat, community_id) VALUES (?, ?, ?)"
                " ON CONFLICT (platform, chat) DO NOTHING",
                community.platform,
                str(log),
                community.id,
            )

    async def logged_by(self, platform: str, chat: str) -> Community | None:
        """The community whose moderators' log ``chat`` is, by its index."""
        row = await self.tx.fetchone(
            "SELECT c.id, c.platform, c.chat, c.settings FROM log_chats l"
            " JOIN communities c ON c.id = l.community_id"
            " WHERE l.platform = ? AND l.chat = ?",
            platform,
            chat,
        )
        return None if row is None else community_of(row)

    async def member(self, community_id: int, key: str) -> Member | None:
        row = await self.tx.fetchone(
            "SELECT key, name, user_id, lang, platform_lang FROM members"
            " WHERE community_id = ? AND key = ?",
            community_id,
            key,
        )
        return None if row is None else Member(*row)

    async def members_named(self, community_id: int, name: str) -> list[Member]:
        """The members known by this name (any case): two when a username and someone
        else's first name collide."""
        rows = await self.tx.fetchall(
            "SELECT key, name, user_id, lang, platform_lang FROM members"
            " WHERE community_id = ? AND LOWER(name) = LOWER(?) ORDER BY key LIMIT 2",
            community_id,
            name,
        )
        return [Member(*row) for row in rows]

    async def user_ids_named(self, platform: str, name: str) -> set[int]:
        """The user ids the platform's members known by this name (any case) have had, in
        any of its chats (more than one: the name is nobody's for sure)."""
        rows = await self.tx.fetchall(
            "SELECT DISTINCT m.user_id FROM members m JOIN communities c"
            " ON c.id = m.community_id WHERE c.platform = ? AND LOWER(m.name) = LOWER(?)"
            " AND m.user_id IS NOT NULL LIMIT 3",
            platform,
            name,
        )
        return {int(row[0]) for row in rows}

    async def save_member(self, community_id: int, member: Member) -> None:
        self.tx.write(
            "INSERT INTO members (community_id, key, name, user_id, lang, platform_lang)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (community_id, key) DO UPDATE SET"
            " name = excluded.name, user_id = excluded.user_id, lang = excluded.lang,"
            " platform_lang = excluded.platform_lang",
            community_id,
            member.key,
            member.name,
            member.user_id,
            member.lang,
            member.platform_lang,
        )

    async def members(self, community_id: int, keys: set[str]) -> dict[str, Member]:
        if not keys:
            return {}
        marks = ", ".join("?" for _ in keys)
        rows = await self.tx.fetchall(
            "SELECT key, name, user_id, lang, platform_lang FROM members"
            f" WHERE community_id = ? AND key IN ({marks})",
            community_id,
            *sorted(keys),
        )
        return {row[0]: Member(*row) for row in rows}

    async def member_names(self, community_id: int) -> dict[str, str]:
        rows = await self.tx.fetchall(
            "SELECT key, name FROM members WHERE community_id = ?", community_id
        )
        return {str(r[0]): str(r[1]) for r in rows}

    async def communities(self) -> list[Community]:
        rows = await self.tx.fetchall(
            "SELECT id, platform, chat, settings FROM communities ORDER BY id"
        )
        return [community_of(r) for r in rows]

    async def community_with(self, platform: str, setting: str, value: str) -> Community | None:
        """The platform's community whose setting has that value (a link code, a log chat):
        rare questions, answered by reading the settings."""
        rows = await self.tx.fetchall(
            "SELECT id, platform, chat, settings FROM communities WHERE platform = ? ORDER BY id",
            platform,
        )
        found = [c for c in map(community_of, rows) if c.settings.get(setting) == value]
        return found[0] if found else None

    async def web_slug(self, community_id: int) -> str | None:
        row = await self.tx.fetchone(
            "SELECT slug FROM web_pages WHERE community_id = ?", community_id
        )
        return None if row is None else str(row[0])

    async def set_web_slug(self, community_id: int, slug: str, at: datetime) -> None:
        """The community's page moves to ``slug``: the old address stops working at once."""
        await self.tx.execute(
            "INSERT INTO web_pages (community_id, slug, created_at) VALUES (?, ?, ?)"
            " ON CONFLICT (community_id) DO UPDATE SET slug = excluded.slug,"
            " created_at = excluded.created_at",
            community_id,
            slug,
            utc_text(at),
        )

    async def community_by_slug(self, slug: str) -> Community | None:
        row = await self.tx.fetchone(
            "SELECT c.id, c.platform, c.chat, c.settings FROM web_pages w"
            " JOIN communities c ON c.id = w.community_id WHERE w.slug = ?",
            slug,
        )
        return None if row is None else community_of(row)

    async def web_community(self, slug: str) -> tuple[Community, int] | None:
        """The community a public address shows, and the number of its last ruling."""
        row = await self.tx.fetchone(
            "SELECT c.id, c.platform, c.chat, c.settings, c.next_ruling - 1 FROM web_pages w"
            " JOIN communities c ON c.id = w.community_id WHERE w.slug = ?",
            slug,
        )
        return None if row is None else (community_of(row), int(row[4]))

    async def private_chat(self, platform: str, user_key: str) -> tuple[bool, int | None]:
        """(whether he opened a private chat with the bot, the community he last spoke in)."""
        row = await self.tx.fetchone(
            "SELECT opened, community_id FROM private_chats WHERE platform = ? AND user_key = ?",
            platform,
            user_key,
        )
        return (bool(row[0]), row[1]) if row else (False, None)

    async def note_private_chat(self, platform: str, user_key: str) -> None:
        self.tx.write(
            "INSERT INTO private_chats (platform, user_key, opened) VALUES (?, ?, 1)"
            " ON CONFLICT (platform, user_key) DO UPDATE SET opened = 1",
            platform,
            user_key,
        )

    async def note_community(self, platform: str, user_key: str, community_id: int) -> None:
        self.tx.write(
            "INSERT INTO private_chats (platform, user_key, community_id) VALUES (?, ?, ?)"
            " ON CONFLICT (platform, user_key) DO UPDATE SET community_id = excluded.community_id",
            platform,
            user_key,
            community_id,
        )
