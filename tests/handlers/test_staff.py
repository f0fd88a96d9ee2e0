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
        seen, "discord", ("discord:12", "discord:@Carol", "ghost", "twins", " discord:40 ")
    )
    assert found == {12, 13, 40}
    assert seen.asked == [("discord", "Carol"), ("discord", "ghost"), ("discord", "twins")]
    said = caplog.text
    assert "@Carol is Discord user 13, who moderates from now on by that id" in said
    assert "(write discord:13 to skip this)" in said
    assert "@ghost ignored on Discord: no member of that name has been seen" in said
    assert "@twins ignored on Discord: members with different ids have had that name" in said


async def test_an_entry_grants_on_its_own_platform_only(caplog):
    """The same number is a different person on Telegram and on Discord: ``discord:12``
    never makes Telegram's user 12 a moderator, nor ``telegram:34`` Discord's; an @name is a
    Telegram username."""
    caplog.set_level(logging.WARNING)
    seen = Seen(carol={13}, dave={14})
    entries = ("discord:12", "telegram:34", "@carol", "discord:dave", "Telegram:-5")
    assert await resolve_moderators(seen, "telegram", entries) == {34, 13, -5}
    assert await resolve_moderators(seen, "discord", entries) == {12, 14}
    assert seen.asked == [("telegram", "carol"), ("discord", "dave")]
    assert "names no platform" not in caplog.text


async def test_a_bare_id_grants_on_both_platforms_and_the_start_says_so(caplog):
    caplog.set_level(logging.WARNING)
    for platform in ("telegram", "discord"):
        caplog.clear()
        assert await resolve_moderators(Seen(), platform, ("56", "discord:7")) == (
            {56, 7} if platform == "discord" else {56}
        )
        [line] = [r.getMessage() for r in caplog.records]  # one line for the bare entry
        assert line == (
            f"ARBITRO_MODERATORS: 56 names no platform, so whoever has that user id moderates"
            f" on {platform.title()}; write telegram:56 or discord:56 for the one it means"
        )
