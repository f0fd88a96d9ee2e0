"""``ARBITRO_MODERATORS``: the members who moderate every chat of a platform besides its own
administrators, by user id. A username there (which can change hands) is turned into the id
it names now, once, at start, from the members the bot has seen, and the log says so; one
that names nobody, or several people, is left out with the reason."""

from __future__ import annotations

import logging
from typing import Protocol

log = logging.getLogger(__name__)


class KnowsNames(Protocol):
    async def user_ids_named(self, platform: str, name: str) -> set[int]: ...


async def resolve_moderators(
    layer: KnowsNames, platform: str, entries: tuple[str, ...]
) -> frozenset[int]:
    """The user ids the entries name: ids as written, usernames as resolved now."""
    found = {int(entry) for entry in entries if _is_id(entry)}
    for entry in entries:
        name = entry.strip().lstrip("@")
        if _is_id(entry) or not name:
            continue
        ids = await layer.user_ids_named(platform, name)
        if len(ids) == 1:
            [user_id] = ids
            found.add(user_id)
            log.warning(
                "ARBITRO_MODERATORS: @%s is %s user %d, who moderates from now on by that id"
                " (write the id to skip this)",
                name,
                platform.title(),
                user_id,
            )
            continue
        why = (
            "no member of that name has been seen by the bot"
            if not ids
            else "members with different ids have had that name"
        )
        log.warning(
            "ARBITRO_MODERATORS: @%s ignored on %s: %s; write the user's id instead",
            name,
            platform.title(),
            why,
        )
    return frozenset(found)


def _is_id(entry: str) -> bool:
    return entry.strip().lstrip("-").isdigit()


__all__ = ["resolve_moderators"]
