"""A chat session shared by the console and replay: one community, people by name."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import TextIO
from zoneinfo import ZoneInfo

from bot.app import App
from bot.handlers import Author, Incoming, Outgoing
from bot.pictures import picture_for
from bot.storage.codec import from_utc_text, utc_text
from bot.storage.store import Store

PLATFORM = "console"
CHAT = "main"
CLOCK_KEY = "replay_clock"


class ChatSession:
    """Feeds chat lines to the command layer and prints what the bot says."""

    def __init__(
        self,
        app: App,
        out: TextIO,
        as_json: bool,
        defaults: dict[str, str] | None = None,
        images: Path | None = None,
    ) -> None:
        self.app = app
        self.images = images
        self.pictures = 0
        self.out = out
        self.as_json = as_json
        self.settings: dict = dict(defaults or {})
        self.configured = False
        self.spoken = False
        self.zone = ZoneInfo("UTC")

    async def configure(self, settings: dict) -> None:
        self.settings.update(settings)
        community = await self.app.layer.configure(PLATFORM, CHAT, self.settings)
        self.settings = dict(community.settings)
        self.zone = ZoneInfo(community.tz)
        self.configured = True

    async def ensure_configured(self) -> None:
        if not self.configured:
            await self.configure({})

    async def say(self, name: str, text: str, at: datetime) -> list[Outgoing]:
        await self.ensure_configured()
        if not self.spoken:
            await self.app.timers.arm_year_reset(PLATFORM, CHAT, at)
            self.spoken = True
        admins = self.settings.get("admins", [])
        author = Author(name, name, None, name in admins)
        incoming = Incoming(PLATFORM, CHAT, author, text, at, names_are_keys=True)
        outputs = await self.app.layer.handle(incoming)
        self.emit(outputs)
        return outputs

    async def advance(self, until: datetime, *, stepwise: bool) -> None:
        """Fire every timer due up to ``until``, each at its own instant."""
        while True:
            due = await self.app.timers.next_due()
            if due is None or due > until:
                return
            outputs = await self.app.timers.fire_due(due if stepwise else until)
            self.emit(outputs)
            await self.app.timers.mark_delivered(
                [o.outbox_id for o in outputs if o.outbox_id is not None], due
            )

    def emit(self, outputs: list[Outgoing]) -> None:
        for message in outputs:
            self.out.write(self.format(message, self.picture(message)) + "\n")
        self.out.flush()

    def picture(self, message: Outgoing) -> Path | None:
        """With ``--images DIR``: the message's picture, written to a file."""
        if self.images is None:
            return None
        data = picture_for(
            message.ruling,
            message.lang,
            message.names,
            ZoneInfo(message.tz),
            self.app.layer.translator,
        )
        if data is None:
            return None
        self.pictures += 1
        player = (message.ruling or {}).get("player") or "all"
        path = self.images / f"{self.pictures:04d}-{message.ruling_type}-{player}.png"
        self.images.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def format(self, message: Outgoing, picture: Path | None = None) -> str:
        at = message.at.astimezone(self.zone)
        if self.as_json:
            line = {
                "at": at.isoformat(),
                "chat": message.chat,
                "to": message.to_name,
                "kind": message.kind,
                "lang": message.lang,
                "text": message.text,
                "ruling": message.ruling,
            }
            if picture is not None:
                line["image"] = str(picture)
            return json.dumps(line, ensure_ascii=False)
        target = f" → {message.to_name}" if message.to_name else ""
        shown = f" [image: {picture}]" if picture is not None else ""
        return f"[{at:%Y-%m-%d %H:%M:%S}] {message.kind}{target}: {message.text}{shown}"

    # ---- the simulated clock's memory ----------------------------------------------------
    async def saved_clock(self) -> datetime | None:
        async with self.app.database.transaction() as tx:
            text = await Store(tx).meta(CLOCK_KEY)
        return from_utc_text(text) if text else None

    async def save_clock(self, at: datetime) -> None:
        async with self.app.database.transaction() as tx:
            await Store(tx).set_meta(CLOCK_KEY, utc_text(at))
