"""What the repositories hand out and take in (communities, members, timers…), and the SQL
fragments and helpers they share."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.ports import rulebooks
from bot.storage.codec import utc_text
from bot.storage.database import Row
from bot.storage.migrations import shard_key

# the rulings concerning people (``p``), joined to the rulings (``r``) by their chat's number
PEOPLES_RULINGS = (
    "ruling_people p JOIN rulings r ON r.community_id = p.community_id AND r.number = p.ruling_id"
)
# a ruling (``r``) some later ruling reversed, and that reversal was not itself undone
REVERSED = (
    "EXISTS (SELECT 1 FROM reversals v WHERE v.community_id = r.community_id"
    " AND v.ruling_id = r.number AND v.restored_by IS NULL)"
)


@dataclass
class Community:
    id: int
    platform: str
    chat: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def rulebook(self) -> str:
        """Its rulebook; none chosen: the first installed (bot.rulebooks)."""
        return self.settings.get("rulebook") or rulebooks.default_name()

    @property
    def tz(self) -> str:
        """Its time zone; none set: its rulebook's."""
        return self.settings.get("tz") or rulebooks.rulebook_named(self.rulebook).zone

    @property
    def lang(self) -> str:
        return self.settings.get("lang", "en")


@dataclass
class Member:
    key: str
    name: str
    user_id: int | None = None
    lang: str | None = None
    platform_lang: str | None = None


@dataclass(frozen=True)
class Speaker:
    community: Community | None
    member: Member | None
    card_waiting: bool  # a yellow card of his is pending and not on screen
    held: bool  # a card or a stop holds him
    noted: bool  # his private chat already speaks for this community
    seen_update: bool  # the platform delivered this update before: it was processed
    discipline: str | None = None  # his discipline record, as stored (read with the rest)


@dataclass(frozen=True)
class Proposal:
    """A command a moderator proposed; it runs when a moderator confirms it."""

    id: int
    proposer: str
    command: str
    mentions: dict[str, Any]  # mention token → the member fields the platform resolved
    proposed_at: datetime


@dataclass(frozen=True)
class Paged:
    """A long answer kept a page at a time: where it was sent, who may turn it."""

    platform: str
    chat: str  # its community's chat
    owner: str | None  # the one member who may turn it (None: anyone in the chat)
    lang: str
    parts: list[str]


@dataclass(frozen=True)
class Scope:
    """The messages and timers one process takes care of: its platforms and, for Discord
    split across processes, its shards (``shards`` of ``shard_count``)."""

    platforms: tuple[str, ...]
    shard_count: int | None = None
    shards: tuple[int, ...] | None = None

    def condition(self, communities: str = "c") -> tuple[str, list[Any]]:
        """SQL over ``communities`` (an alias of the communities table), and its values."""
        marks = ", ".join("?" for _ in self.platforms)
        where = f"{communities}.platform IN ({marks})"
        values: list[Any] = list(self.platforms)
        if self.shard_count and self.shards is not None and "discord" in self.platforms:
            shards = ", ".join("?" for _ in self.shards)
            where += (
                f" AND ({communities}.platform <> 'discord'"
                f" OR {communities}.shard_key % ? IN ({shards}))"
            )
            values += [self.shard_count, *self.shards]
        return where, values

    def holds(self, platform: str, chat: str) -> bool:
        if platform not in self.platforms:
            return False
        if platform != "discord" or not self.shard_count or self.shards is None:
            return True
        key = shard_key(platform, chat)
        return key is None or key % self.shard_count in self.shards


@dataclass(frozen=True)
class Timer:
    id: int
    community_id: int
    kind: str
    subject: str
    due_at: datetime
    payload: dict[str, Any]


@dataclass(frozen=True)
class AuditFilter:
    """Which of the moderators' actions ``/log`` shows: on one member, of one kind (the
    decision's type or the action's name), from an instant on."""

    target: str | None = None
    kind: str | None = None
    since: datetime | None = None

    @property
    def any(self) -> bool:
        return self.target is not None or self.kind is not None or self.since is not None


def audit_where(wanted: AuditFilter) -> tuple[str, list[Any]]:
    where, values = "", []
    if wanted.target is not None:
        where += " AND a.target = ?"
        values.append(wanted.target)
    if wanted.kind is not None:
        where += " AND (a.action = ? OR r.type = ?)"
        values += [wanted.kind, wanted.kind]
    if wanted.since is not None:
        where += " AND a.at >= ?"
        values.append(utc_text(wanted.since))
    return where, values


def community_of(row: Row) -> Community:
    """A community from a row that starts with its id, platform, chat and settings."""
    return Community(row[0], row[1], row[2], json.loads(row[3]))


def chat_lock(platform: str, chat: str) -> int:
    """The key that serialises one community's transactions across processes (PostgreSQL
    advisory lock): known before anything is read, so that every read is under it."""
    digest = hashlib.blake2b(f"{platform}\x00{chat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFF_FFFF_FFFF_FFFF
