"""Repositories over one transaction: aggregates in, aggregates out, rulings appended."""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any

from bot.discipline.burraco.match import AWAITING, OPEN, Match
from bot.discipline.burraco.sanctions import DisciplineRecord
from bot.discipline.burraco.standings import TallyRow
from bot.discipline.conduct import ChatRules, ConductRecord
from bot.discipline.mcr.tournament import Tournament
from bot.discipline.rulings import Ruling
from bot.ports import rulebooks
from bot.storage.codec import dumps, from_utc_text, loads, ruling_dumps, ruling_loads, utc_text
from bot.storage.database import Row, Transaction
from bot.storage.migrations import shard_key

# the rulings concerning people (``p``), joined to the rulings (``r``) by their chat's number
_PEOPLES_RULINGS = (
    "ruling_people p JOIN rulings r ON r.community_id = p.community_id AND r.number = p.ruling_id"
)
# a ruling (``r``) some later ruling reversed, and that reversal was not itself undone
_REVERSED = (
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


def _audit_where(wanted: AuditFilter) -> tuple[str, list[Any]]:
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


def _community_of(row: Row) -> Community:
    """A community from a row that starts with its id, platform, chat and settings."""
    return Community(row[0], row[1], row[2], json.loads(row[3]))


def chat_lock(platform: str, chat: str) -> int:
    """The key that serialises one community's transactions across processes (PostgreSQL
    advisory lock): known before anything is read, so that every read is under it."""
    digest = hashlib.blake2b(f"{platform}\x00{chat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFF_FFFF_FFFF_FFFF


class Store:
    """Everything the command layer and the scheduler read or write, in one transaction."""

    def __init__(self, tx: Transaction) -> None:
        self.tx = tx
        self.earliest_timer: datetime | None = None  # the earliest timer armed here
        # the forum topic of the command this transaction runs: what its timers say later
        # goes there (a hand's readiness window, a card served)
        self.thread: int | None = None

    # ---- communities and members ---------------------------------------------------------
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
            for table in ("members", "timers", "discipline", "conduct", "chat_rules", "outbox"):
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
        self.tx.write(
            "UPDATE communities SET settings = ? WHERE id = ?",
            json.dumps(community.settings),
            community.id,
        )

    async def take_table_number(self, community_id: int) -> int:
        row = await self.tx.fetchone(
            "UPDATE communities SET next_table = next_table + 1 WHERE id = ? RETURNING next_table",
            community_id,
        )
        assert row is not None
        return int(row[0]) - 1

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

    # ---- Burraco matches and discipline --------------------------------------------------
    async def match(self, community_id: int, number: int) -> Match | None:
        row = await self.tx.fetchone(
            "SELECT body FROM matches WHERE community_id = ? AND number = ?", community_id, number
        )
        return None if row is None else loads(Match, row[0])

    async def save_match(self, community_id: int, match: Match) -> None:
        self.tx.write(
            "INSERT INTO matches (community_id, number, status, body) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (community_id, number) DO UPDATE SET status = excluded.status,"
            " body = excluded.body",
            community_id,
            match.number,
            match.status,
            dumps(match),
        )
        if match.status == OPEN:
            self.tx.write(  # who stood up is no longer seated
                "DELETE FROM match_seats WHERE community_id = ? AND number = ?",
                community_id,
                match.number,
            )
            self.tx.write_many(
                "INSERT INTO match_seats (community_id, member, number) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                [(community_id, p, match.number) for p in match.people],
            )
        else:
            self.tx.write(
                "DELETE FROM match_seats WHERE community_id = ? AND number = ?",
                community_id,
                match.number,
            )

    async def open_matches(self, community_id: int) -> list[Match]:
        """Tables open or with a result awaiting confirmation, by number."""
        rows = await self.tx.fetchall(
            "SELECT body FROM matches WHERE community_id = ? AND status IN (?, ?) ORDER BY number",
            community_id,
            OPEN,
            AWAITING,
        )
        return [loads(Match, row[0]) for row in rows]

    async def match_for_seat(
        self, community_id: int, number: int, member: str
    ) -> tuple[Match | None, int | None]:
        """The match at table ``number`` and, in the same read, another open table where
        ``member`` already sits (if any)."""
        row = await self.tx.fetchone(
            "SELECT (SELECT body FROM matches WHERE community_id = ? AND number = ?),"
            " (SELECT MIN(number) FROM match_seats WHERE community_id = ? AND member = ?"
            " AND number <> ?)",
            community_id,
            number,
            community_id,
            member,
            number,
        )
        assert row is not None
        return (loads(Match, row[0]) if row[0] else None), row[1]

    @staticmethod
    def discipline_from(member: str, body: str | None) -> DisciplineRecord:
        return DisciplineRecord(member) if body is None else loads(DisciplineRecord, body)

    async def discipline(self, community_id: int, member: str) -> DisciplineRecord:
        row = await self.tx.fetchone(
            "SELECT body FROM discipline WHERE community_id = ? AND member = ?",
            community_id,
            member,
        )
        return DisciplineRecord(member) if row is None else loads(DisciplineRecord, row[0])

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
        """Until when nothing he writes may reach the chat: the later end of his stops (a
        moderator's stop mutes too) and of his mutes; None when neither holds him."""
        ends = [
            (await self.discipline(community_id, member)).stop_until(now),
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
            r[0]: _community_of(r)
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

    # ---- standings -----------------------------------------------------------------------
    async def add_to_tally(
        self, community_id: int, tally: str, member: str, points: Fraction, vp: int, at: datetime
    ) -> None:
        quarters = points * 4
        assert quarters.denominator == 1, points
        self.tx.write(
            "INSERT INTO standings (community_id, tally, member, points_q, matches, vp_total,"
            " last_result_at) VALUES (?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (community_id, tally, member) DO UPDATE SET"
            " points_q = standings.points_q + excluded.points_q,"
            " matches = standings.matches + 1, vp_total = standings.vp_total + excluded.vp_total,"
            " last_result_at = excluded.last_result_at",
            community_id,
            tally,
            member,
            int(quarters),
            vp,
            utc_text(at),
        )

    async def tally_size(self, community_id: int, tally: str) -> int:
        row = await self.tx.fetchone(
            "SELECT COUNT(*) FROM standings WHERE community_id = ? AND tally = ?",
            community_id,
            tally,
        )
        return int(row[0]) if row else 0

    async def tally(
        self, community_id: int, tally: str, limit: int = 1_000_000, offset: int = 0
    ) -> list[TallyRow]:
        """The tally's rows in standings order: the order of
        :func:`bot.discipline.burraco.standings.sort_key`, computed by the database (the
        average as vp_total ÷ matches: equal fractions give equal doubles)."""
        rows = await self.tx.fetchall(
            "SELECT member, points_q, matches, vp_total, last_result_at FROM standings"
            " WHERE community_id = ? AND tally = ? ORDER BY points_q DESC,"
            " CAST(vp_total AS DOUBLE PRECISION) / matches DESC, matches DESC,"
            " last_result_at, member LIMIT ? OFFSET ?",
            community_id,
            tally,
            limit,
            offset,
        )
        return [TallyRow(r[0], Fraction(r[1], 4), r[2], r[3], from_utc_text(r[4])) for r in rows]

    # ---- MCR tournaments ---------------------------------------------------------------
    async def active_tournament(self, community_id: int) -> tuple[int, Tournament] | None:
        row = await self.tx.fetchone(
            "SELECT id, body FROM tournaments WHERE community_id = ? AND active = 1"
            " ORDER BY id DESC LIMIT 1",
            community_id,
        )
        return None if row is None else (row[0], loads(Tournament, row[1]))

    async def latest_tournament(self, community_id: int) -> tuple[int, Tournament] | None:
        """The running tournament, or else the last one finished."""
        row = await self.tx.fetchone(
            "SELECT id, body FROM tournaments WHERE community_id = ? ORDER BY active DESC, id DESC"
            " LIMIT 1",
            community_id,
        )
        return None if row is None else (row[0], loads(Tournament, row[1]))

    async def tournaments(self, community_id: int) -> list[tuple[int, bool, Tournament]]:
        """Every tournament of the community, newest first: number, running, the tournament."""
        rows = await self.tx.fetchall(
            "SELECT id, active, body FROM tournaments WHERE community_id = ? ORDER BY id DESC",
            community_id,
        )
        return [(int(r[0]), bool(r[1]), loads(Tournament, r[2])) for r in rows]

    async def finish_tournament(
        self, community_id: int, number: int, tournament: Tournament
    ) -> None:
        """Over: kept, no longer the community's running tournament."""
        await self.save_tournament(community_id, number, tournament)
        self.tx.write(
            "UPDATE tournaments SET active = 0 WHERE community_id = ? AND id = ?",
            community_id,
            number,
        )

    async def add_tournament(self, community_id: int, tournament: Tournament) -> int:
        self.tx.write("UPDATE tournaments SET active = 0 WHERE community_id = ?", community_id)
        row = await self.tx.fetchone(
            "SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments WHERE community_id = ?", community_id
        )
        assert row is not None
        self.tx.write(
            "INSERT INTO tournaments (community_id, id, active, body) VALUES (?, ?, 1, ?)",
            community_id,
            row[0],
            dumps(tournament),
        )
        return int(row[0])

    async def save_tournament(self, community_id: int, number: int, tournament: Tournament) -> None:
        self.tx.write(
            "UPDATE tournaments SET body = ? WHERE community_id = ? AND id = ?",
            dumps(tournament),
            community_id,
            number,
        )

    # ---- rulings, history and audit ------------------------------------------------------
    async def append_ruling(
        self,
        community_id: int,
        ruling: Ruling,
        subject: str | None,
        actor: str | None,
        people: set[str],
    ) -> int:
        """Append a ruling under the chat's next number (1, 2, 3… in each chat)."""
        row = await self.tx.fetchone(
            "UPDATE communities SET next_ruling = next_ruling + 1 WHERE id = ?"
            " RETURNING next_ruling",
            community_id,
        )
        assert row is not None
        number = int(row[0]) - 1
        cites = ruling.get("amends") or ruling.get("ruling_appealed")
        self.tx.write(
            "INSERT INTO rulings (community_id, number, at, type, subject, actor, body, cites)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            community_id,
            number,
            utc_text(ruling.at),
            ruling.type,
            subject,
            actor,
            ruling_dumps(ruling),
            cites if isinstance(cites, int) else None,
        )
        if people:
            self.tx.write_many(
                "INSERT INTO ruling_people (community_id, member, ruling_id) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                [(community_id, p, number) for p in sorted(people)],
            )
        return number

    # ---- corrections: rulings reversed, and what is derived from the rest ----------------
    RESULTS = ("match_result", "match_corrected", "abandonment")

    async def reverse(self, community_id: int, ruling_ids: list[int], by_ruling: int) -> None:
        """These rulings stand no more (``by_ruling`` says why); they are kept."""
        self.tx.write_many(
            "INSERT INTO reversals (community_id, ruling_id, by_ruling) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [(community_id, ruling_id, by_ruling) for ruling_id in ruling_ids],
        )

    async def restore(self, community_id: int, by_ruling: int, restorer: int) -> list[int]:
        """What ``by_ruling`` reversed stands again (``by_ruling`` was itself undone)."""
        rows = await self.tx.fetchall(
            "UPDATE reversals SET restored_by = ? WHERE community_id = ? AND by_ruling = ?"
            " AND restored_by IS NULL RETURNING ruling_id",
            restorer,
            community_id,
            by_ruling,
        )
        return sorted(int(r[0]) for r in rows)

    async def reversed_by(self, community_id: int, ruling_id: int) -> int | None:
        """The ruling that reversed this one, while that reversal stands."""
        row = await self.tx.fetchone(
            "SELECT by_ruling FROM reversals WHERE community_id = ? AND ruling_id = ?"
            " AND restored_by IS NULL",
            community_id,
            ruling_id,
        )
        return None if row is None else int(row[0])

    async def reversed_among(self, community_id: int, ruling_ids: list[int]) -> set[int]:
        """Which of these rulings stand no more."""
        if not ruling_ids:
            return set()
        marks = ", ".join("?" for _ in ruling_ids)
        rows = await self.tx.fetchall(
            f"SELECT ruling_id FROM reversals WHERE community_id = ? AND ruling_id IN ({marks})"
            " AND restored_by IS NULL",
            community_id,
            *ruling_ids,
        )
        return {int(r[0]) for r in rows}

    async def ruling_with(
        self, community_id: int, member: str, kinds: tuple[str, ...], fields: dict[str, Any]
    ) -> int | None:
        """The latest ruling of these kinds about this member with these field values
        (reversed or not): what a later ruling cites as the one it amends."""
        types = ", ".join("?" for _ in kinds)
        rows = await self.tx.fetchall(
            f"SELECT r.number, r.body FROM {_PEOPLES_RULINGS}"
            f" WHERE p.community_id = ? AND p.member = ? AND r.type IN ({types})"
            " ORDER BY r.number DESC",
            community_id,
            member,
            *kinds,
        )
        for number, body in rows:
            ruling = ruling_loads(body)
            if all(ruling.get(name) == value for name, value in fields.items()):
                return int(number)
        return None

    async def latest_ruling(self, community_id: int, kind: str) -> int | None:
        """The number of the chat's latest ruling of this kind."""
        row = await self.tx.fetchone(
            "SELECT MAX(number) FROM rulings WHERE community_id = ? AND type = ?",
            community_id,
            kind,
        )
        return None if row is None or row[0] is None else int(row[0])

    async def later_rulings(self, community_id: int, ruling_id: int) -> list[int]:
        """The rulings that amended, undid, reversed or appealed this one, in order."""
        rows = await self.tx.fetchall(
            "SELECT number FROM rulings WHERE community_id = ? AND cites = ?"
            " UNION SELECT by_ruling FROM reversals WHERE community_id = ? AND ruling_id = ?"
            " ORDER BY 1",
            community_id,
            ruling_id,
            community_id,
            ruling_id,
        )
        return [int(r[0]) for r in rows]

    async def standing_results(
        self, community_id: int, members: set[str], kinds: tuple[str, ...] = RESULTS
    ) -> list[tuple[int, Ruling]]:
        """Every ruling of these kinds (results, by default) concerning these members that
        still stands, oldest first."""
        if not members:
            return []
        marks = ", ".join("?" for _ in members)
        types = ", ".join("?" for _ in kinds)
        rows = await self.tx.fetchall(
            f"SELECT DISTINCT r.number, r.body FROM {_PEOPLES_RULINGS}"
            f" WHERE p.community_id = ? AND p.member IN ({marks}) AND r.type IN ({types})"
            f" AND NOT {_REVERSED} ORDER BY r.number",
            community_id,
            *sorted(members),
            *kinds,
        )
        return [(int(r[0]), ruling_loads(r[1])) for r in rows]

    async def replace_tallies(
        self, community_id: int, members: set[str], rows: dict[tuple[str, str], TallyRow]
    ) -> None:
        """The standings of these members, re-derived: their old rows give way."""
        if not members:  # "IN ()": SQLite takes it, PostgreSQL does not
            return
        marks = ", ".join("?" for _ in members)
        self.tx.write(
            f"DELETE FROM standings WHERE community_id = ? AND member IN ({marks})",
            community_id,
            *sorted(members),
        )
        if not rows:
            return
        self.tx.write_many(
            "INSERT INTO standings (community_id, tally, member, points_q, matches, vp_total,"
            " last_result_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    community_id,
                    tally,
                    member,
                    int(row.points * 4),
                    row.matches,
                    row.vp_total,
                    utc_text(row.last_result_at),
                )
                for (tally, member), row in sorted(rows.items())
            ],
        )

    # ---- the public web page -------------------------------------------------------------
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
        return None if row is None else _community_of(row)

    async def web_community(self, slug: str) -> tuple[Community, int] | None:
        """The community a public address shows, and the number of its last ruling."""
        row = await self.tx.fetchone(
            "SELECT c.id, c.platform, c.chat, c.settings, c.next_ruling - 1 FROM web_pages w"
            " JOIN communities c ON c.id = w.community_id WHERE w.slug = ?",
            slug,
        )
        return None if row is None else (_community_of(row), int(row[4]))

    async def communities(self) -> list[Community]:
        rows = await self.tx.fetchall(
            "SELECT id, platform, chat, settings FROM communities ORDER BY id"
        )
        return [_community_of(r) for r in rows]

    async def community_with(self, platform: str, setting: str, value: str) -> Community | None:
        """The platform's community whose setting has that value (a link code, a log chat):
        rare questions, answered by reading the settings."""
        rows = await self.tx.fetchall(
            "SELECT id, platform, chat, settings FROM communities WHERE platform = ? ORDER BY id",
            platform,
        )
        found = [c for c in map(_community_of, rows) if c.settings.get(setting) == value]
        return found[0] if found else None

    async def web_pages(self) -> list[tuple[Community, str]]:
        rows = await self.tx.fetchall(
            "SELECT c.id, c.platform, c.chat, c.settings, w.slug FROM web_pages w"
            " JOIN communities c ON c.id = w.community_id ORDER BY c.id"
        )
        return [(_community_of(r), str(r[4])) for r in rows]

    async def member_names(self, community_id: int) -> dict[str, str]:
        rows = await self.tx.fetchall(
            "SELECT key, name FROM members WHERE community_id = ?", community_id
        )
        return {str(r[0]): str(r[1]) for r in rows}

    async def rulings_page(
        self, community_id: int, limit: int, offset: int, leaving_out: tuple[str, ...] = ()
    ) -> list[tuple[int, Ruling, bool]]:
        """The chat's rulings, newest first, a page at a time, each with whether it still
        stands (a later ruling may have reversed it)."""
        marks = ", ".join("?" for _ in leaving_out) or "''"
        rows = await self.tx.fetchall(
            f"SELECT r.number, r.body, {_REVERSED} FROM rulings r"
            f" WHERE r.community_id = ? AND r.type NOT IN ({marks})"
            " ORDER BY r.number DESC LIMIT ? OFFSET ?",
            community_id,
            *leaving_out,
            limit,
            offset,
        )
        return [(r[0], ruling_loads(r[1]), not r[2]) for r in rows]

    async def standing_of_kind(self, community_id: int, kind: str) -> list[tuple[int, Ruling]]:
        """The rulings of a kind that still stand, oldest first (the open reports)."""
        rows = await self.tx.fetchall(
            f"SELECT r.number, r.body FROM rulings r WHERE r.community_id = ? AND r.type = ?"
            f" AND NOT {_REVERSED} ORDER BY r.number",
            community_id,
            kind,
        )
        return [(r[0], ruling_loads(r[1])) for r in rows]

    async def ruling_count(self, community_id: int, leaving_out: tuple[str, ...] = ()) -> int:
        marks = ", ".join("?" for _ in leaving_out) or "''"
        row = await self.tx.fetchone(
            f"SELECT COUNT(*) FROM rulings WHERE community_id = ? AND type NOT IN ({marks})",
            community_id,
            *leaving_out,
        )
        return 0 if row is None else int(row[0])

    async def last_ruling_number(self, community_id: int) -> int:
        row = await self.tx.fetchone(
            "SELECT next_ruling FROM communities WHERE id = ?", community_id
        )
        return 0 if row is None else int(row[0]) - 1

    async def ruling(self, community_id: int, ruling_id: int) -> Ruling | None:
        row = await self.tx.fetchone(
            "SELECT body FROM rulings WHERE community_id = ? AND number = ?",
            community_id,
            ruling_id,
        )
        return None if row is None else ruling_loads(row[0])

    async def history(
        self,
        community_id: int,
        member: str,
        limit: int,
        offset: int = 0,
        leaving_out: tuple[str, ...] = (),
    ) -> list[tuple[int, Ruling]]:
        """A member's rulings, newest first, a page at a time, without the kinds left out
        (the seats taken, the readiness)."""
        marks = ", ".join("?" for _ in leaving_out) or "''"
        rows = await self.tx.fetchall(
            f"SELECT r.number, r.body FROM {_PEOPLES_RULINGS}"
            f" WHERE p.community_id = ? AND p.member = ? AND r.type NOT IN ({marks})"
            " ORDER BY r.number DESC LIMIT ? OFFSET ?",
            community_id,
            member,
            *leaving_out,
            limit,
            offset,
        )
        return [(r[0], ruling_loads(r[1])) for r in rows]

    async def history_count(
        self, community_id: int, member: str, leaving_out: tuple[str, ...] = ()
    ) -> int:
        """How many rulings a member's history holds (the kinds left out not counted)."""
        marks = ", ".join("?" for _ in leaving_out) or "''"
        row = await self.tx.fetchone(
            f"SELECT COUNT(*) FROM {_PEOPLES_RULINGS}"
            f" WHERE p.community_id = ? AND p.member = ? AND r.type NOT IN ({marks})",
            community_id,
            member,
            *leaving_out,
        )
        return int(row[0]) if row else 0

    async def profile_of(
        self,
        community_id: int,
        member: str,
        limit: int,
    ) -> tuple[dict[str, TallyRow], list[tuple[datetime, str, dict]]]:
        """In one read: the member's row in every tally, and his latest match results and
        abandonments (for his chart), oldest first."""
        rows = await self.tx.fetchall(
            "SELECT 't', tally, points_q, matches, vp_total, last_result_at, NULL, 0"
            " FROM standings WHERE community_id = ? AND member = ?"
            " UNION ALL SELECT 'r', NULL, NULL, NULL, NULL, NULL, body, id FROM ("
            f" SELECT r.body AS body, r.number AS id FROM {_PEOPLES_RULINGS}"
            " WHERE p.community_id = ? AND p.member = ?"
            f" AND r.type IN ('match_result', 'match_corrected', 'abandonment') AND NOT {_REVERSED}"
            " ORDER BY r.number DESC LIMIT ?) latest",
            community_id,
            member,
            community_id,
            member,
            limit,
        )
        tallies = {
            r[1]: TallyRow(member, Fraction(r[2], 4), r[3], r[4], from_utc_text(r[5]))
            for r in rows
            if r[0] == "t"
        }
        results = []
        for row in sorted((r for r in rows if r[0] == "r"), key=lambda r: r[7]):
            ruling = ruling_loads(row[6])
            results.append((ruling.at, ruling.type, dict(ruling.fields)))
        return tallies, results

    async def audit(
        self,
        community_id: int,
        at: datetime,
        actor: str,
        action: str,
        target: str | None,
        reason: str | None,
        ruling_id: int | None,
    ) -> None:
        self.tx.write(
            "INSERT INTO audit (community_id, at, actor, action, target, reason, ruling_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            community_id,
            utc_text(at),
            actor,
            action,
            target,
            reason,
            ruling_id,
        )

    async def audit_log(
        self, community_id: int, limit: int, offset: int = 0, wanted: AuditFilter | None = None
    ) -> list[tuple]:
        """The moderators' actions, newest first, a page at a time (those ``wanted``)."""
        where, values = _audit_where(wanted or AuditFilter())
        rows = await self.tx.fetchall(
            "SELECT a.id, a.at, a.actor, a.action, a.target, a.reason, a.ruling_id FROM audit a"
            f" LEFT JOIN rulings r ON r.community_id = a.community_id AND r.number = a.ruling_id"
            f" WHERE a.community_id = ?{where} ORDER BY a.id DESC LIMIT ? OFFSET ?",
            community_id,
            *values,
            limit,
            offset,
        )
        return [(r[0], from_utc_text(r[1]), *r[2:]) for r in rows]

    async def audit_count(self, community_id: int, wanted: AuditFilter | None = None) -> int:
        where, values = _audit_where(wanted or AuditFilter())
        row = await self.tx.fetchone(
            "SELECT COUNT(*) FROM audit a"
            f" LEFT JOIN rulings r ON r.community_id = a.community_id AND r.number = a.ruling_id"
            f" WHERE a.community_id = ?{where}",
            community_id,
            *values,
        )
        return int(row[0]) if row else 0

    # ---- proposals -----------------------------------------------------------------------
    async def propose(
        self, community_id: int, proposer: str, command: str, mentions: dict[str, Any], at: datetime
    ) -> str:
        """A proposed command, under a token nobody can guess (its buttons carry it)."""
        token = secrets.token_urlsafe(12)
        self.tx.write(
            "INSERT INTO proposals (community_id, token, proposer, command, mentions, proposed_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            community_id,
            token,
            proposer,
            command,
            json.dumps(mentions, ensure_ascii=False),
            utc_text(at),
        )
        return token

    async def settle_proposal(
        self, community_id: int, token: str, at: datetime, by: str, outcome: str
    ) -> Proposal | None:
        """Mark a pending proposal of this community settled; None when there is none (of
        this community), or it was settled."""
        row = await self.tx.fetchone(
            "UPDATE proposals SET settled_at = ?, settled_by = ?, outcome = ?"
            " WHERE community_id = ? AND token = ? AND outcome IS NULL"
            " RETURNING id, proposer, command, mentions, proposed_at",
            utc_text(at),
            by,
            outcome,
            community_id,
            token,
        )
        if row is None:
            return None
        return Proposal(row[0], row[1], row[2], json.loads(row[3]), from_utc_text(row[4]))

    # ---- timers --------------------------------------------------------------------------
    async def schedule(
        self,
        community_id: int,
        kind: str,
        subject: str,
        due: datetime,
        payload: dict[str, Any] | None = None,
    ) -> None:
        """Arm a timer, replacing any pending one of the same kind for the same subject."""
        await self.cancel(community_id, kind, subject)
        if self.earliest_timer is None or due < self.earliest_timer:
            self.earliest_timer = due
        if self.thread is not None:
            payload = {**(payload or {}), "thread": self.thread}
        self.tx.write(
            "INSERT INTO timers (community_id, kind, subject, due_at, payload)"
            " VALUES (?, ?, ?, ?, ?)",
            community_id,
            kind,
            subject,
            utc_text(due),
            json.dumps(payload or {}),
        )

    async def has_pending(self, community_id: int, kind: str) -> bool:
        """Whether a timer of ``kind`` is armed in the community."""
        row = await self.tx.fetchone(
            "SELECT 1 FROM timers WHERE community_id = ? AND kind = ? AND state = 'pending'",
            community_id,
            kind,
        )
        return row is not None

    async def reachable(self) -> bool:
        """The database answers (the health check's question)."""
        return await self.tx.fetchone("SELECT 1") is not None

    async def cancel(self, community_id: int, kind: str, subject: str) -> None:
        self.tx.write(
            "UPDATE timers SET state = 'cancelled' WHERE community_id = ? AND kind = ?"
            " AND subject = ? AND state = 'pending'",
            community_id,
            kind,
            subject,
        )

    @staticmethod
    def _timers_in(scope: Scope | None) -> tuple[str, list[Any]]:
        """A join and a condition keeping the timers of ``scope``'s communities (all when
        None or when no platform is named: a process without messengers fires them all)."""
        if scope is None or not scope.platforms:
            return "", []
        where, values = scope.condition("c")
        return f" JOIN communities c ON c.id = t.community_id AND {where}", values

    async def due_timers(
        self, until: datetime, limit: int, scope: Scope | None = None
    ) -> list[Timer]:
        join, values = self._timers_in(scope)
        rows = await self.tx.fetchall(
            "SELECT t.id, t.community_id, t.kind, t.subject, t.due_at, t.payload FROM timers t"
            f"{join} WHERE t.state = 'pending' AND t.due_at <= ? ORDER BY t.due_at, t.id LIMIT ?",
            *values,
            utc_text(until),
            limit,
        )
        return [Timer(r[0], r[1], r[2], r[3], from_utc_text(r[4]), json.loads(r[5])) for r in rows]

    async def claim_timer(self, timer_id: int, by: str, at: datetime) -> bool:
        """Atomically take a pending timer; False if another process already took it."""
        return (
            await self.tx.execute(
                "UPDATE timers SET state = 'done', fired_at = ?, fired_by = ?"
                " WHERE id = ? AND state = 'pending'",
                utc_text(at),
                by,
                timer_id,
            )
            == 1
        )

    async def next_due(self, scope: Scope | None = None) -> datetime | None:
        join, values = self._timers_in(scope)
        row = await self.tx.fetchone(
            f"SELECT MIN(t.due_at) FROM timers t{join} WHERE t.state = 'pending'", *values
        )
        return from_utc_text(row[0]) if row and row[0] else None

    async def pending_timer_count(self, scope: Scope | None = None) -> int:
        join, values = self._timers_in(scope)
        row = await self.tx.fetchone(
            f"SELECT COUNT(*) FROM timers t{join} WHERE t.state = 'pending'", *values
        )
        return int(row[0]) if row else 0

    # ---- platform bookkeeping ------------------------------------------------------------
    def record_update(self, platform: str, key: str, at: datetime) -> None:
        """Mark an update processed, with the command's other writes (it leaves the inbox
        with them). Two processes racing on one update: the second's commit fails on the
        primary key, and it sends nothing."""
        self.tx.write(
            "INSERT INTO processed_updates (platform, update_key, seen_at) VALUES (?, ?, ?)",
            platform,
            key,
            utc_text(at),
        )
        self.tx.write("DELETE FROM inbox WHERE platform = ? AND update_key = ?", platform, key)

    async def keep_update(self, platform: str, key: str, body: str, at: datetime) -> None:
        """An update received, kept until it is processed: the platform may then be told it
        arrived (Telegram's next poll acknowledges what the last one returned)."""
        self.tx.write(
            "INSERT INTO inbox (platform, update_key, body, received_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (platform, update_key) DO NOTHING",
            platform,
            key,
            body,
            utc_text(at),
        )

    async def forget_update(self, platform: str, key: str) -> None:
        """An update that asked for nothing (another bot's command, a status change)."""
        self.tx.write("DELETE FROM inbox WHERE platform = ? AND update_key = ?", platform, key)

    async def unprocessed_updates(self, platform: str) -> list[str]:
        """What a stopped process received and never processed, oldest first."""
        rows = await self.tx.fetchall(
            "SELECT body FROM inbox WHERE platform = ? AND update_key NOT IN"
            " (SELECT update_key FROM processed_updates WHERE platform = ?)"
            " ORDER BY received_at, update_key",
            platform,
            platform,
        )
        return [str(r[0]) for r in rows]

    async def prune(self, before: datetime) -> dict[str, int]:
        """Forget what is older than ``before`` and no longer needed: updates processed (a
        platform redelivers within minutes, not days), messages delivered or given up on,
        pages of long answers. Rulings, audit and timers are never pruned."""
        cutoff = utc_text(before)
        counts = {}
        for table, condition in (
            ("processed_updates", "seen_at IS NULL OR seen_at < ?"),
            ("outbox", "delivered_at < ? OR dead_at < ?"),
            ("pages", "created_at < ?"),
        ):
            marks = condition.count("?")
            gone = await self.tx.fetchall(
                f"DELETE FROM {table} WHERE {condition} RETURNING 1", *([cutoff] * marks)
            )
            counts[table] = len(gone)
        return counts

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

    async def remember_message(
        self, community_id: int, member: str, purpose: str, chat: str, message_id: int
    ) -> None:
        self.tx.write(
            "INSERT INTO platform_messages (community_id, member, purpose, chat, message_id)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (community_id, member, purpose) DO UPDATE SET"
            " chat = excluded.chat, message_id = excluded.message_id",
            community_id,
            member,
            purpose,
            chat,
            message_id,
        )

    # ---- mutes a platform keeps for less than a stop lasts -------------------------------
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

    # ---- pages of long answers ----------------------------------------------------------
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

    # ---- outbox and meta -----------------------------------------------------------------
    async def add_to_outbox(
        self,
        community_id: int,
        at: datetime,
        message: dict,
        claimed_until: datetime | None = None,
        claimed_by: str | None = None,
    ) -> int:
        """A message to send; leased (``claimed_until``) when its sender tries it now."""
        return await self.tx.insert(
            "INSERT INTO outbox (community_id, at, message, claimed_until, claimed_by, attempts)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            community_id,
            utc_text(at),
            json.dumps(message, ensure_ascii=False),
            claimed_until and utc_text(claimed_until),
            claimed_by,
            0 if claimed_until is None else 1,
        )

    async def claim_undelivered(
        self,
        scope: Scope,
        now: datetime,
        lease: timedelta,
        limit: int,
        by: str | None = None,
    ) -> list[tuple[int, int, dict, int]]:
        """Undelivered, live messages in ``scope`` that are due and nobody is sending, each
        leased to the caller until ``now + lease`` (another process will not take them
        meanwhile): (row, its community, the message, tries with this one)."""
        if not scope.platforms:
            return []
        where, values = scope.condition()
        rows = await self.tx.fetchall(
            "SELECT o.id, o.community_id, o.message, o.attempts FROM outbox o"
            " JOIN communities c ON c.id = o.community_id"
            " WHERE o.delivered_at IS NULL AND o.dead_at IS NULL"
            f" AND (o.claimed_until IS NULL OR o.claimed_until <= ?) AND {where}"
            " ORDER BY o.id LIMIT ?",
            utc_text(now),
            *values,
            limit,
        )
        claimed = []
        for outbox_id, community_id, message, attempts in rows:
            taken = await self.tx.execute(
                "UPDATE outbox SET claimed_until = ?, claimed_by = ?, attempts = attempts + 1"
                " WHERE id = ? AND delivered_at IS NULL"
                " AND (claimed_until IS NULL OR claimed_until <= ?)",
                utc_text(now + lease),
                by,
                outbox_id,
                utc_text(now),
            )
            if taken == 1:
                claimed.append((outbox_id, community_id, json.loads(message), attempts + 1))
        return claimed

    async def release_leases(self, holders: list[str] | None, keeper: str = "") -> int:
        """Messages leased to processes that are gone (``None``: to any process but
        ``keeper``, the one asking) are free for the next round: their sender died before
        it could say how it went."""
        if holders is None:
            gone = await self.tx.fetchall(
                "UPDATE outbox SET claimed_until = NULL WHERE delivered_at IS NULL"
                " AND dead_at IS NULL AND claimed_until IS NOT NULL"
                " AND (claimed_by IS NULL OR claimed_by <> ?) RETURNING id",
                keeper,
            )
            return len(gone)
        released = 0
        for holder in holders:
            gone = await self.tx.fetchall(
                "UPDATE outbox SET claimed_until = NULL WHERE delivered_at IS NULL"
                " AND dead_at IS NULL AND claimed_by = ? RETURNING id",
                holder,
            )
            released += len(gone)
        return released

    async def retry_now(self) -> int:
        """Messages waiting for their next try are tried at once (a process that starts
        gives each one a fresh chance, whatever pause its last failure earned)."""
        gone = await self.tx.fetchall(
            "UPDATE outbox SET claimed_until = NULL WHERE delivered_at IS NULL"
            " AND dead_at IS NULL AND claimed_by IS NULL AND claimed_until IS NOT NULL"
            " RETURNING id"
        )
        return len(gone)

    async def lease_holders(self) -> list[str]:
        rows = await self.tx.fetchall(
            "SELECT DISTINCT claimed_by FROM outbox WHERE delivered_at IS NULL"
            " AND dead_at IS NULL AND claimed_by IS NOT NULL"
        )
        return [str(r[0]) for r in rows]

    async def retry_later(
        self, outbox_id: int, tries: int, at: datetime, error: str, message: dict
    ) -> None:
        """Tried ``tries`` times; next at ``at``, by whichever process comes first (nobody
        holds it meanwhile). ``message`` is what is left to send (the parts of a long
        message already sent are not sent again)."""
        self.tx.write(
            "UPDATE outbox SET claimed_until = ?, claimed_by = NULL, last_error = ?,"
            " attempts = ?, message = ? WHERE id = ?",
            utc_text(at),
            error[:500],
            tries,
            json.dumps(message, ensure_ascii=False),
            outbox_id,
        )

    async def mark_dead(self, outbox_id: int, at: datetime, error: str) -> None:
        """No more tries: the message stays, with its reason."""
        self.tx.write(
            "UPDATE outbox SET dead_at = ?, last_error = ? WHERE id = ?",
            utc_text(at),
            error[:500],
            outbox_id,
        )

    async def mark_delivered(self, outbox_id: int, at: datetime) -> None:
        self.tx.write("UPDATE outbox SET delivered_at = ? WHERE id = ?", utc_text(at), outbox_id)

    async def meta(self, key: str) -> str | None:
        row = await self.tx.fetchone("SELECT value FROM meta WHERE key = ?", key)
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        self.tx.write(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
