"""The rulings, appended and never edited: reversals, what still stands, history, the
audit log and the proposals awaiting a moderator."""

from __future__ import annotations

import json
import secrets
from datetime import datetime
from typing import Any

from bot.discipline.rulings import Ruling
from bot.storage.codec import from_utc_text, ruling_dumps, ruling_loads, utc_text
from bot.storage.records import (
    PEOPLES_RULINGS,
    REVERSED,
    AuditFilter,
    Community,
    Proposal,
    audit_where,
    community_of,
)
from bot.storage.repository import Repository


class Rulings(Repository):
    """The rulings, the audit log and the proposals."""

    # the results a member's standings are derived from
    RESULTS = ("match_result", "match_corrected", "abandonment")

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

    async def undone_by(self, community_id: int, ruling_id: int) -> int | None:
        """The /undo of this ruling, while it stands (also when a consequence had replaced
        the ruling before it was undone)."""
        row = await self.tx.fetchone(
            "SELECT r.number FROM rulings r WHERE r.community_id = ? AND r.cites = ?"
            f" AND r.type = 'undone' AND NOT {REVERSED}",
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
            f"SELECT r.number, r.body FROM {PEOPLES_RULINGS}"
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
        return await self._results(community_id, members, kinds, f" AND NOT {REVERSED}")

    async def results_since(
        self, community_id: int, members: set[str], kinds: tuple[str, ...], after: int
    ) -> list[tuple[int, Ruling]]:
        """Every ruling of these kinds concerning these members numbered after ``after``,
        standing or not, oldest first."""
        return await self._results(community_id, members, kinds, f" AND r.number > {after:d}")

    async def _results(
        self, community_id: int, members: set[str], kinds: tuple[str, ...], condition: str
    ) -> list[tuple[int, Ruling]]:
        if not members:
            return []
        marks = ", ".join("?" for _ in members)
        types = ", ".join("?" for _ in kinds)
        rows = await self.tx.fetchall(
            f"SELECT DISTINCT r.number, r.body FROM {PEOPLES_RULINGS}"
            f" WHERE p.community_id = ? AND p.member IN ({marks}) AND r.type IN ({types})"
            f"{condition} ORDER BY r.number",
            community_id,
            *sorted(members),
            *kinds,
        )
        return [(int(r[0]), ruling_loads(r[1])) for r in rows]

    async def standing_of_kind(self, community_id: int, kind: str) -> list[tuple[int, Ruling]]:
        """The rulings of a kind that still stand, oldest first (the open reports)."""
        rows = await self.tx.fetchall(
            f"SELECT r.number, r.body FROM rulings r WHERE r.community_id = ? AND r.type = ?"
            f" AND NOT {REVERSED} ORDER BY r.number",
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

    async def last_instant(self, community_id: int) -> datetime | None:
        """The instant of the chat's latest ruling (what a timer firing now comes after)."""
        row = await self.tx.fetchone(
            "SELECT at FROM rulings WHERE community_id = ? ORDER BY number DESC LIMIT 1",
            community_id,
        )
        return None if row is None else from_utc_text(row[0])

    async def ruling(self, community_id: int, ruling_id: int) -> Ruling | None:
        """A ruling as it stands: with its latest reason, where /reason gave it another."""
        row = await self.tx.fetchone(
            "SELECT body FROM rulings WHERE community_id = ? AND number = ?",
            community_id,
            ruling_id,
        )
        if row is None:
            return None
        found = ruling_loads(row[0])
        edited = await self.latest_reasons(community_id, [ruling_id])
        return found.with_fields(reason=edited[ruling_id]) if ruling_id in edited else found

    async def latest_reasons(self, community_id: int, ruling_ids: list[int]) -> dict[int, str]:
        """The reason each of these rulings was last given by /reason (none: not edited)."""
        if not ruling_ids:
            return {}
        marks = ", ".join("?" for _ in ruling_ids)
        rows = await self.tx.fetchall(
            "SELECT cites, body FROM rulings WHERE community_id = ? AND type = 'reason_edited'"
            f" AND cites IN ({marks}) ORDER BY number",
            community_id,
            *ruling_ids,
        )
        return {int(cited): ruling_loads(body)["reason"] for cited, body in rows}

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
            f"SELECT r.number, r.body FROM {PEOPLES_RULINGS}"
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
            f"SELECT COUNT(*) FROM {PEOPLES_RULINGS}"
            f" WHERE p.community_id = ? AND p.member = ? AND r.type NOT IN ({marks})",
            community_id,
            member,
            *leaving_out,
        )
        return int(row[0]) if row else 0

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

    async def audit_actors(self, community_id: int, limit: int = 50) -> list[str]:
        """Who acted as a moderator in the community, the latest first (a report or an
        appeal aside: any member makes those)."""
        rows = await self.tx.fetchall(
            "SELECT actor FROM audit WHERE community_id = ? AND action NOT IN (?, ?)"
            " GROUP BY actor ORDER BY MAX(id) DESC LIMIT ?",
            community_id,
            "report",
            "appeal",
            limit,
        )
        return [str(row[0]) for row in rows]

    async def audit_log(
        self, community_id: int, limit: int, offset: int = 0, wanted: AuditFilter | None = None
    ) -> list[tuple]:
        """The moderators' actions, newest first, a page at a time (those ``wanted``)."""
        where, values = audit_where(wanted or AuditFilter())
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

    async def actions_since(
        self, community_id: int, actor: str, action: str, since: datetime
    ) -> int:
        """How many times ``actor`` did ``action`` from ``since`` on (his reports lately)."""
        row = await self.tx.fetchone(
            "SELECT COUNT(*) FROM audit WHERE community_id = ? AND actor = ? AND action = ?"
            " AND at >= ?",
            community_id,
            actor,
            action,
            utc_text(since),
        )
        return int(row[0]) if row else 0

    async def audit_count(self, community_id: int, wanted: AuditFilter | None = None) -> int:
        where, values = audit_where(wanted or AuditFilter())
        row = await self.tx.fetchone(
            "SELECT COUNT(*) FROM audit a"
            f" LEFT JOIN rulings r ON r.community_id = a.community_id AND r.number = a.ruling_id"
            f" WHERE a.community_id = ?{where}",
            community_id,
            *values,
        )
        return int(row[0]) if row else 0

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

    async def rulings_page(
        self, community_id: int, limit: int, offset: int, leaving_out: tuple[str, ...] = ()
    ) -> list[tuple[int, Ruling, bool]]:
        """The chat's rulings, newest first, a page at a time, each with whether it still
        stands (a later ruling may have reversed it)."""
        marks = ", ".join("?" for _ in leaving_out) or "''"
        rows = await self.tx.fetchall(
            f"SELECT r.number, r.body, {REVERSED} FROM rulings r"
            f" WHERE r.community_id = ? AND r.type NOT IN ({marks})"
            " ORDER BY r.number DESC LIMIT ? OFFSET ?",
            community_id,
            *leaving_out,
            limit,
            offset,
        )
        return [(r[0], ruling_loads(r[1]), not r[2]) for r in rows]

    async def web_pages(self) -> list[tuple[Community, str]]:
        rows = await self.tx.fetchall(
            "SELECT c.id, c.platform, c.chat, c.settings, w.slug FROM web_pages w"
            " JOIN communities c ON c.id = w.community_id ORDER BY c.id"
        )
        return [(community_of(r), str(r[4])) for r in rows]
