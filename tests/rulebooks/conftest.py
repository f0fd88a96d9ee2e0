"""The test-only rulebook, installed for one test at a time and withdrawn after it."""

from __future__ import annotations

import sys

import pytest

from bot.app import App
from bot.handlers._core import REGISTRY
from bot.ports import rulebooks
from tests.rulebooks.chess import COMMANDS, declared


@pytest.fixture
def chess():
    rulebook = declared()
    with rulebooks.installed(rulebook):
        yield rulebook
    for name in [name for name, spec in REGISTRY.items() if spec.rulebook == rulebook.name]:
        del REGISTRY[name]
    sys.modules.pop(COMMANDS, None)  # the next install registers its commands again


@pytest.fixture
async def chess_app(chess, database):
    """An app made once the rulebook is installed: its messages are loaded with the rest."""
    async with App(database) as running:
        yield running
