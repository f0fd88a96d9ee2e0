"""``ARBITRO_MODERATORS``: the members who moderate every chat of a platform besides its own
administrators, by user id. Each entry grants on its platform only (``telegram:12``,
``discord:34``, a Telegram ``@name``); one written without it (a bare id, as older settings
have it) grants on every platform, and the start says so. A username there (which can change
hands) is turned into the id it names now, once, at start, from the members the bot has seen,
and the log says so; one that names nobody, or several people, is left out with the reason."""

from __future__ import annotations

import logging
from typing import Protocol

from bot.discipline.staff import Moderator, read_moderator

log = logging.getLogger(__name__)


class KnowsNames(Protocol):
    async def user_ids_named(self, platform: str, name: str) -> set[int]: ...


def entries_on(platform: str, entries: tuple[str, ...]) -> list[Moderator]:
    """The entries that grant moderation on ``platform`` (the start refuses settings with an
    unreadable one; given one all the same, it grants nothing)."""
    found = []
    for entry in entries:
        try:
            read = read_moderator(entry)
        except ValueError:
            continue
        if platform in read.platforms:
            found.append(read)
    return found


def ids_on(platform: str, entries: tuple[str, ...]) -> frozenset[int]:
    """The user ids the entries write for ``platform``, before any username is resolved."""
    return frozenset(m.user_id for m in entries_on(platform, entries) if m.user_id is not None)


async def resolve_moderators(
    layer: KnowsNames, platform: str, entries: tuple[str, ...]
) -> frozenset[int]:
    """The user ids the entries name on ``platform``: ids as written, usernames as resolved
    now; an entry of another platform is left to it."""
    found: set[int] = set()
    shown = platform.title()
    for entry in entries_on(platform, entries):
        if entry.user_id is not None:
            found.add(entry.user_id)
            if entry.unplaced:
                log.warning(
                    "ARBITRO_MODERATORS: %s names no platform, so whoever has that user id"
                    " moderates on %s; write telegram:%d or discord:%d for the one it means",
                    entry.written,
                    shown,
                    entry.user_id,
                    entry.user_id,
                )
            continue
        assert entry.name is not None  # an entry is an id or a name
        ids = await layer.user_ids_named(platform, entry.name)
        if len(ids) == 1:
            [user_id] = ids
            found.add(user_id)
            log.warning(
                "ARBITRO_MODERATORS: @%s is %s user %d, who moderates from now on by that id"
                " (write %s:%d to skip this)",
                entry.name,
                shown,
                user_id,
                platform,
                user_id,
            )
            continue
        why = (
            "no member of that name has been seen by the bot"
            if not ids
            else "members with different ids have had that name"
        )
        log.warning(
            "ARBITRO_MODERATORS: @%s ignored on %s: %s; write the user's id instead (%s:ID)",
            entry.name,
            shown,
            why,
            platform,
        )
    return frozenset(found)


__all__ = ["entries_on", "ids_on", "resolve_moderators"]
