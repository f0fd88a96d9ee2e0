"""Where a member's recent messages are counted against his chat's flood setting: in this
process's memory when it is the only one on its database (SQLite), in the database when
several processes share it (PostgreSQL), so that a chat served by two processes counts all
of its messages, not each process its own half."""

from __future__ import annotations

from bot.discipline.flood import FloodRule, FloodWatch
from bot.storage.store import Store


class FloodCount:
    """One place for the count, whichever it is kept in."""

    def __init__(self, shared: bool) -> None:
        self.shared = shared  # counted in the database, for every process on it
        self.watch = FloodWatch()  # else in memory: no query, whatever the traffic

    async def over(
        self,
        store: Store,
        community_id: int,
        member: str,
        at: float,
        rule: FloodRule,
        album: str | None = None,
    ) -> bool:
        """Whether this message takes the member over the rule; going over starts his count
        again (one measure a burst)."""
        if not self.shared:
            return self.watch.over(community_id, member, at, rule, album=album)
        counted = await store.floods.count(community_id, member, at, rule.seconds, album)
        if counted is None or not rule.exceeded_by(counted):
            return False
        store.floods.forget(community_id, member)
        return True


__all__ = ["FloodCount"]
