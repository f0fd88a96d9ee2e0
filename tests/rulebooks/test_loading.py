"""The rulebooks are installed whichever part of the bot is imported first (the console's
entry point loads the rulebooks before the command layer; a test, the other way round)."""

from __future__ import annotations

import subprocess
import sys

import pytest

FIRST_IMPORTS = {
    "the port first, as python -m bot does": "from bot.ports.rulebooks import load; load()",
    "the command layer first": "import bot.handlers",
}


def printed(probe: str) -> str:
    """What a fresh interpreter prints running ``probe`` (nothing imported before it)."""
    return subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.parametrize("first", FIRST_IMPORTS.values(), ids=list(FIRST_IMPORTS))
def test_settings_and_standings_know_every_rulebook(first):
    probe = (
        f"{first}\n"
        "from bot.handlers import REGISTRY\n"
        "print(REGISTRY['settings'].usage_in('burraco'))\n"
        "print(REGISTRY['standings'].usage_in('mcr'))\n"
    )
    said = printed(probe).splitlines()
    assert said[0].startswith("/settings [rulebook=burraco|mcr] [lang=it|ru|en]")
    assert said[1] == "/standings [tournament]"


def test_a_community_read_before_anything_else_knows_its_rulebook_and_zone():
    """Storage alone (a replay's first read, the public pages): the rulebooks come with the
    first question asked of them."""
    probe = (
        "from bot.storage.store import Community\n"
        "club = Community(1, 'console', 'a', {})\n"
        "tournament = Community(2, 'console', 'b', {'rulebook': 'mcr'})\n"
        "print(club.rulebook, club.tz, tournament.rulebook, tournament.tz)\n"
    )
    said = printed(probe).split()
    assert said == ["burraco", "Europe/Rome", "mcr", "UTC"]
