"""ARBITRO_MODERATORS: ids as written; a username turned into the one id it names, once, and
said in the log; a name nobody, or several people, have had is left out with the reason."""

from __future__ import annotations

import logging

from bot.handlers.staff import resolve_moderators


class Seen:
    """The members the bot has seen, by name (any case)."""

    def __init__(self, **ids: set[int]) -> None:
        self.ids = ids
        self.asked: list[tuple[str, str]] = []

    async def user_ids_named(self, platform: str, name: str) -> set[int]:
        self.asked.append((platform, name))
        return self.ids.get(name.lower(), set())


async def test_ids_stay_names_are_resolved_or_refused_with_the_reason(caplog):
    caplog.set_level(logging.WARNING)
    seen = Seen(carol={13}, twins={21, 22})
    found = await resolve_moderators(
        seen, "discord", ("12", "@Carol", "ghost", "twins", " 40 ", "@")
    )
    assert found == {12, 13, 40}
    assert seen.asked == [("discord", "Carol"), ("discord", "ghost"), ("discord", "twins")]
    said = caplog.text
    assert "@Carol is Discord user 13, who moderates from now on by that id" in said
    assert "@ghost ignored on Discord: no member of that name has been seen" in said
    assert "@twins ignored on Discord: members with different ids have had that name" in said
