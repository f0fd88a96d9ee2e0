"""A third rulebook that lives only in the tests: a chess club's ladder. It is its domain
(``scoring``), its command module (``commands``), its ruling kind and its locale files,
declared here and installed through the port; nothing under ``bot/`` names it."""

from __future__ import annotations

from pathlib import Path

from bot.discipline.kinds import Kind
from bot.ports.rulebooks import Menu, Rulebook

COMMANDS = "tests.rulebooks.chess.commands"


def declared() -> Rulebook:
    from tests.rulebooks.chess import commands  # registers /game

    return Rulebook(
        name=commands.NAME,
        menus=(Menu(commands.NAME, "Chess club commands"),),
        commands=(COMMANDS,),
        kinds=(
            Kind("game", ("players", "result")),
            Kind("challenge", ("players",)),
            Kind("challenge_lapsed", ("players", "amends")),
        ),
        locales=Path(__file__).parent / "locales",
        zone="Europe/Moscow",
        timers={"challenge_lapse": commands.challenge_lapse},
        standings_forms=((),),
        standings=commands.standings,
        profile=commands.profile,
        ranked=("points", "games"),
        pictured=("points", "games"),
    )
