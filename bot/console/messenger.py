"""The console as one more platform: messages are printed, pictures written to a folder."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import TextIO
from zoneinfo import ZoneInfo

from bot.delivery import Button, Envelope, Limits, Origin, Sent

PLATFORM = "console"


class ConsoleMessenger:
    """Prints each message as CONSOLE.md says: a line of text, or one JSON object."""

    platform = PLATFORM
    longest_mute: timedelta | None = None  # nobody is muted in a terminal
    pages = False  # replay prints every page, as if each were asked for

    def __init__(
        self,
        out: TextIO,
        as_json: bool,
        images: Path | None = None,
        limits: Limits | None = None,
        inert: Callable[[str], str] | None = None,
    ) -> None:
        # a platform's escaping of what people typed (replay --platform discord), else none
        self._inert = inert or (lambda text: text)
        # printed whole, or cut as a platform would receive it (replay --platform)
        self.limits = limits or Limits(text=10**9, caption=10**9)
        self.out = out
        self.as_json = as_json
        self.images = images
        self.zone: tzinfo = ZoneInfo("UTC")
        self.pictures = 0
        self._ids = itertools.count(1)
        self._readers: dict[int, str] = {}  # message → the member it was for

    def inert(self, text: str) -> str:
        return self._inert(text)

    async def send(self, envelope: Envelope) -> Sent:
        picture = await self._picture(envelope)
        self.out.write(self.format(envelope, picture) + "\n")
        self.out.flush()
        sent = Sent(envelope.target.chat, next(self._ids))
        if envelope.message.to_name:
            self._readers[sent.message_id] = envelope.message.to_name
        return sent

    async def edit(self, where: Sent, text: str, buttons: tuple[Button, ...]) -> None:
        reader = self._readers.get(where.message_id)
        target = f" → {reader}" if reader else ""
        at = datetime.now(self.zone)
        self.out.write(f"[{at:%Y-%m-%d %H:%M:%S}] edit{target}: {text}\n")
        self.out.flush()

    async def mute(self, chat: str, member: str, until: datetime, reason: str | None) -> None:
        return None  # nobody writes in a terminal but its user

    async def unmute(self, chat: str, member: str, reason: str | None) -> None:
        return None

    async def remove(
        self, chat: str, member: str, ban: bool, until: datetime | None, reason: str | None
    ) -> None:
        return None  # nobody leaves a terminal: the ruling says it

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        return None

    async def delete(self, chat: str, messages: tuple[str, ...]) -> None:
        return None  # the console keeps no message to take out: the ruling says it

    async def slowmode(
        self, chat: str, channel: str | None, seconds: int, reason: str | None
    ) -> None:
        return None  # one writer: the ruling says it

    async def answer_join(self, chat: str, member: str, approve: bool) -> None:
        return None  # the ruling says it

    async def finish(self, origin: Origin | None) -> None:
        return None

    async def _picture(self, envelope: Envelope) -> Path | None:
        """With ``--images DIR``: the message's picture, written to a file."""
        if self.images is None or envelope.picture is None:
            return None
        data = await envelope.picture()
        if data is None:
            return None
        message = envelope.message
        self.pictures += 1
        player = (message.ruling or {}).get("player") or "all"
        path = self.images / f"{self.pictures:04d}-{message.ruling_type}-{player}.png"
        if envelope.file_name and not envelope.file_name.endswith(".png"):
            path = self.images / envelope.file_name  # a document keeps its own name
        self.images.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def format(self, envelope: Envelope, picture: Path | None = None) -> str:
        message = envelope.message
        at = message.at.astimezone(self.zone)
        # the answer to a line said in his private chat (NAME@dm) is said there
        answered_privately = envelope.target.where == "private" and message.kind == "reply"
        chat, kind = ("dm", "dm") if answered_privately else (message.chat, message.kind)
        if kind == "moderator":  # one moderator's copy of what is for them alone: a DM
            kind = "dm"
        if self.as_json:
            line: dict[str, object] = {
                "at": at.isoformat(),
                "chat": chat,
                "to": message.to_name,
                "kind": kind,
                "lang": message.lang,
                "text": envelope.text,
                "ruling": message.ruling,
            }
            if picture is not None:
                line["image"] = str(picture)
            if envelope.part or not envelope.last:
                line["part"] = envelope.part + 1  # one of the messages a long answer became
            return json.dumps(line, ensure_ascii=False)
        target = f" → {message.to_name}" if message.to_name else ""
        label = "image" if picture is None or picture.suffix == ".png" else "file"
        shown = f" [{label}: {picture}]" if picture is not None else ""
        return f"[{at:%Y-%m-%d %H:%M:%S}] {kind}{target}: {envelope.text}{shown}"
