"""An entry of ``ARBITRO_MODERATORS`` read: who it names, and on which platforms it grants
moderation. Pure: the environment is read by :mod:`bot.config`, usernames are resolved at
start by :mod:`bot.handlers.staff`."""

from __future__ import annotations

import re
from dataclasses import dataclass

MODERATOR_PLATFORMS = ("telegram", "discord")  # where an ARBITRO_MODERATORS entry can grant
# a user id (Telegram's may be written negative), and a username as Telegram (5-32 of A-Z a-z
# 0-9 _) or Discord (2-32, with .) writes it
_USER_ID = re.compile(r"-?[0-9]{1,20}")
_USERNAME = re.compile(r"[A-Za-z0-9_.]{2,32}")


@dataclass(frozen=True)
class Moderator:
    """An entry of ARBITRO_MODERATORS, read: the platforms it grants moderation on, and the
    user it names there, by id or by a username turned into the id at start."""

    written: str
    platforms: tuple[str, ...]
    user_id: int | None = None
    name: str | None = None

    @property
    def unplaced(self) -> bool:
        """Written without its platform (a bare id or name, as older settings have it): it
        grants on every platform, where the same number may be someone else."""
        return len(self.platforms) > 1


def read_moderator(entry: str) -> Moderator:
    """``telegram:ID``, ``discord:ID``, ``telegram:@name``, ``discord:name``, a Telegram
    ``@name``; a bare id or name grants on both platforms. ValueError says what is wrong."""
    written = entry.strip()
    prefix, colon, rest = written.partition(":")
    platforms: tuple[str, ...]
    if colon:
        platform = prefix.strip().lower()
        if platform not in MODERATOR_PLATFORMS:
            raise ValueError(f"{prefix.strip()!r} is no platform: write telegram: or discord:")
        platforms, user = (platform,), rest.strip()
    elif written.startswith("@"):
        platforms, user = ("telegram",), written  # an @username is Telegram's
    else:
        platforms, user = MODERATOR_PLATFORMS, written
    if _USER_ID.fullmatch(user):
        return Moderator(written, platforms, user_id=int(user))
    name = user.removeprefix("@")
    if not _USERNAME.fullmatch(name):
        raise ValueError("a user id or a username (2-32 letters, digits, _ or .) is expected")
    return Moderator(written, platforms, name=name)
