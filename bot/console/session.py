"""A chat session shared by the console and replay: one community, people by name."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TextIO
from zoneinfo import ZoneInfo

from bot.app import App
from bot.console.messenger import PLATFORM, ConsoleMessenger
from bot.delivery import LIMITS, DeliveryOptions
from bot.handlers import Author, Incoming, Origin, Outgoing

CHAT = "main"


def _inert_on(platform: str | None) -> Callable[[str], str] | None:
    """How a platform escapes what people typed, for a replay that prints its messages."""
    if platform == "discord":
        from bot.platforms.discord.messenger import DiscordMessenger

        return DiscordMessenger.inert
    return None


class ChatSession:
    """Feeds chat lines to the command layer; what the bot says goes out through the
    delivery layer to the console's messenger, which prints it."""

    def __init__(
        self,
        app: App,
        out: TextIO,
        as_json: bool,
        defaults: dict[str, str] | None = None,
        images: Path | None = None,
        platform: str | None = None,
    ) -> None:
        self.app = app
        self.messenger = ConsoleMessenger(
            out, as_json, images, LIMITS[platform] if platform else None, _inert_on(platform)
        )
        app.delivery.register(self.messenger, DeliveryOptions(effects=False))
        self.settings: dict = dict(defaults or {})
        self.configured = False
        self.spoken = False
        self.zone = ZoneInfo("UTC")

    async def configure(self, settings: dict, new_chat: dict | None = None) -> None:
        self.settings.update(settings)
        community = await self.app.layer.configure(PLATFORM, CHAT, self.settings, new_chat=new_chat)
        self.settings = dict(community.settings)
        self.zone = ZoneInfo(community.tz)
        self.messenger.zone = self.zone
        self.configured = True

    async def ensure_configured(self) -> None:
        if not self.configured:
            await self.configure({})

    async def say(
        self, name: str, text: str, at: datetime, key: str | None = None, *, private: bool = False
    ) -> list[Outgoing]:
        """``key`` names the line once and for all (a replay's): said again, as when a killed
        replay is resumed, it is recognised and not recorded twice. ``private``: said in
        his private chat with the bot (``NAME@dm``), answered there."""
        await self.ensure_configured()
        if not self.spoken:
            await self.app.timers.arm_year_reset(PLATFORM, CHAT, at)
            self.spoken = True
        admins = self.settings.get("admins", [])
        author = Author(name, name, None, name in admins)
        incoming = Incoming(
            PLATFORM,
            CHAT,
            author,
            text,
            at,
            names_are_keys=True,
            update_key=key,
            # a terminal has one reader; a private chat is his alone
            origin=Origin(PLATFORM, private=True) if private else Origin(PLATFORM, ephemeral=True),
        )
        return await self.app.layer.handle(incoming)  # recorded, then sent: printed

    async def join(self, name: str, at: datetime, key: str | None = None) -> list[Outgoing]:
        """``name`` joins the chat: greeted, and checked where the chat asks for it."""
        await self.ensure_configured()
        admins = self.settings.get("admins", [])
        author = Author(name, name, None, name in admins)
        incoming = Incoming(
            PLATFORM,
            CHAT,
            author,
            "",
            at,
            names_are_keys=True,
            update_key=key,
            origin=Origin(PLATFORM),
        )
        return await self.app.layer.joined(incoming, check=True)

    async def advance(self, until: datetime, *, stepwise: bool) -> None:
        """Fire every timer due up to ``until``, each at its own instant."""
        while True:
            due = await self.app.timers.next_due()
            if due is None or due > until:
                return
            await self.app.timers.fire_due(due if stepwise else until)
