"""A Messenger that keeps what it is asked to do, as strict as a platform about its limits,
and that can be told to fail: the whole of what a new platform has to write."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.delivery import (
    Button,
    EffectFailed,
    Envelope,
    Limits,
    MissingRight,
    Origin,
    PrivateClosed,
    Rejected,
    Sent,
    Unreachable,
)


@dataclass
class Recorded:
    target: str  # group, private, log
    chat: str
    user: str | None
    text: str
    buttons: list[str]
    picture: bool
    ping: str | None
    kind: str
    ruling_type: str | None


@dataclass
class RecordingMessenger:
    platform: str = "console"
    longest_mute: timedelta | None = None
    pages: bool = False
    limits: Limits = field(default_factory=lambda: Limits(text=4096, caption=1024))
    sent: list[Recorded] = field(default_factory=list)
    edits: list[tuple[Sent, str]] = field(default_factory=list)
    mutes: list[tuple[str, str, datetime | None, str | None]] = field(default_factory=list)
    finished: list[Origin | None] = field(default_factory=list)
    unreachable: int = 0  # the next n sends fail as if the platform were down
    down_after: int | None = None  # after this many more sends, the platform goes down
    reject: bool = False  # every send is refused for good
    private_closed: set[str] = field(default_factory=set)  # members who closed their DMs
    refuse_mutes: bool = False
    refuse_removals: bool = False  # the bot lacks the right to ban
    removals: list[tuple[str, str, str, datetime | None]] = field(default_factory=list)
    slowmodes: list[tuple[str, str | None, int, str | None]] = field(default_factory=list)
    deletions: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    # the next actions (mute, unmute, ban, kick, unban) fail with these, one each, in order
    action_failures: list[Exception] = field(default_factory=list)
    actions: list[tuple[str, str]] = field(default_factory=list)  # (action, member) asked
    _ids: itertools.count = field(default_factory=lambda: itertools.count(1))

    @staticmethod
    def inert(text: str) -> str:
        return text

    async def send(self, envelope: Envelope) -> Sent:
        if self.down_after is not None:
            if self.down_after == 0:
                raise Unreachable("connection reset")
            self.down_after -= 1
        if self.unreachable:
            self.unreachable -= 1
            raise Unreachable("503 Service Unavailable")
        if self.reject:
            raise Rejected("400 Bad Request: chat not found")
        target = envelope.target
        if target.where == "private" and target.user in self.private_closed:
            raise PrivateClosed("403 Forbidden: bot was blocked by the user")
        text_limit = self.limits.caption if envelope.picture else self.limits.text
        prefix = f"{envelope.message.to_name}: " if envelope.ping else ""  # as Telegram does
        if len(prefix + envelope.text) > text_limit:
            raise Rejected(f"400 Bad Request: text is too long ({len(envelope.text)})")
        if any(len(b.data.encode()) > 64 for b in envelope.buttons):
            raise Rejected("400 Bad Request: BUTTON_DATA_INVALID")
        self.sent.append(
            Recorded(
                target.where,
                target.chat,
                target.user,
                envelope.text,
                [b.data for b in envelope.buttons],
                envelope.picture is not None and await envelope.picture() is not None,
                envelope.ping,
                envelope.message.kind,
                envelope.message.ruling_type,
            )
        )
        return Sent(target.user or target.chat, next(self._ids))

    async def edit(self, where: Sent, text: str, buttons: tuple[Button, ...]) -> None:
        self.edits.append((where, text))

    def _act(self, action: str, member: str) -> None:
        """An action is asked for: it fails as told, else it is done."""
        if self.action_failures:
            raise self.action_failures.pop(0)
        self.actions.append((action, member))

    async def mute(self, chat: str, member: str, until: datetime, reason: str | None) -> None:
        self._act("mute", member)
        if self.refuse_mutes:
            raise EffectFailed("400 Bad Request: not enough rights to restrict members")
        self.mutes.append((chat, member, until, reason))

    async def unmute(self, chat: str, member: str, reason: str | None) -> None:
        self._act("unmute", member)
        if self.refuse_mutes:
            raise EffectFailed("400 Bad Request: not enough rights")
        self.mutes.append((chat, member, None, reason))

    async def remove(
        self, chat: str, member: str, ban: bool, until: datetime | None, reason: str | None
    ) -> None:
        self._act("ban" if ban else "kick", member)
        if self.refuse_removals:
            raise MissingRight("ban", "400 Bad Request: not enough rights to ban members")
        self.removals.append((chat, member, "ban" if ban else "kick", until))

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        self._act("unban", member)
        self.removals.append((chat, member, "readmit", None))

    async def delete(self, chat: str, messages: tuple[str, ...]) -> None:
        self._act("delete", ",".join(messages))
        self.deletions.append((chat, messages))

    async def slowmode(
        self, chat: str, channel: str | None, seconds: int, reason: str | None
    ) -> None:
        self._act("slowmode", channel or chat)
        self.slowmodes.append((chat, channel, seconds, reason))

    async def answer_join(self, chat: str, member: str, approve: bool) -> None:
        self._act("approve" if approve else "decline", member)
        self.removals.append((chat, member, "approve" if approve else "decline", None))

    async def finish(self, origin: Origin | None) -> None:
        self.finished.append(origin)

    def texts(self) -> list[str]:
        return [r.text for r in self.sent]
