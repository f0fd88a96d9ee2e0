"""The port every platform implements: a :class:`Messenger` sends, edits and mutes; the
delivery layer decides what, where and when."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple, Protocol

from bot.delivery.split import Measure, utf16_length
from bot.handlers import Origin, Outgoing
from bot.handlers._core import RIGHTS


@dataclass(frozen=True)
class Limits:
    """What one message may hold on a platform."""

    text: int  # characters of a text message
    caption: int  # characters of a picture's caption
    # a long list is cut into pages (a pictured one within a caption, as its pages replace
    # each other under the picture), even where every page is shown at once (a replay)
    pages: bool = False
    measure: Measure = len  # how the platform counts a text's length
    reason: int = 512  # characters of an action's reason in the platform's own log


# what each platform takes in one message (Telegram: text 4,096, caption 1,024, in UTF-16
# code units; Discord: content 2,000 with or without a file)
LIMITS = {
    "telegram": Limits(text=4096, caption=1024, pages=True, measure=utf16_length),
    "discord": Limits(text=2000, caption=2000, pages=True),
}


@dataclass(frozen=True)
class Target:
    """Where a message goes, decided when it is recorded. ``group``: the community's chat
    (``channel`` names one of its channels where it has several, ``thread`` a forum topic);
    ``private``: the private chat with member ``user``; ``log``: the moderators' log
    (``channel``, or on Telegram the moderators' group ``channel``)."""

    where: str  # group, private, log
    chat: str  # the community's chat (a Telegram chat id, a Discord server id, "main")
    channel: str | None = None
    user: str | None = None
    thread: int | None = None
    reply_to: int | None = None  # the message it answers, shown under it where it can be
    ping: str | None = None  # the one member it notifies (a DM that goes to the group)
    sealed: bool = False  # never shown in the group: if his private chat is closed, not sent

    def as_record(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "chat": self.chat,
            "channel": self.channel,
            "user": self.user,
            "thread": self.thread,
            "reply_to": self.reply_to,
            "ping": self.ping,
            "sealed": self.sealed,
        }

    @classmethod
    def of_record(cls, record: dict[str, Any]) -> Target:
        return cls(
            record["where"],
            record["chat"],
            record.get("channel"),
            record.get("user"),
            record.get("thread"),
            record.get("reply_to"),
            record.get("ping"),
            bool(record.get("sealed")),
        )


@dataclass(frozen=True)
class Button:
    label: str  # already in the reader's language
    data: str  # what a press sends back: see bot.delivery.actions
    url: str | None = None  # a link: it opens this address instead (the public page)


@dataclass(frozen=True)
class Envelope:
    """One message as a platform should send it: a text within the platform's limits, the
    buttons under it, and its picture where it has one."""

    message: Outgoing
    target: Target
    text: str
    origin: Origin | None = None
    private: bool = False  # only its reader should see it (an ephemeral answer)
    buttons: tuple[Button, ...] = ()
    # drawn (off the event loop) only when the platform sends it
    picture: Callable[[], Awaitable[bytes | None]] | None = None
    picture_key: str | None = None  # the same key is the same picture
    file_name: str | None = None  # the picture's file name; not a .png: a document to attach
    ping: str | None = None  # the only member the message may notify, if any
    part: int = 0  # its place among the parts of a long message
    last: bool = True  # the last part (menus and buttons stand under it)


class Sent(NamedTuple):
    """Where a message landed, so that it can be edited."""

    chat: str
    message_id: int


class CardEdit(NamedTuple):
    """This minute's text of the message that shows a member's card."""

    platform: str
    where: Sent
    member: str
    name: str
    lang: str
    text: str
    remaining_seconds: int


class Unreachable(Exception):
    """The platform cannot be reached now (network, server errors, rate limits after the
    library's own retries, a server not available yet): the message waits in the outbox and
    goes out later; ``retry_after`` (seconds) when the platform said how long to wait."""

    def __init__(self, detail: str = "", retry_after: float | None = None) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


class Rejected(Exception):
    """The platform refuses this message and would refuse it again (a bad request)."""


class PrivateClosed(Exception):
    """The member has not opened, or has closed, his private chat with the bot."""


# the kinds of an action's refusal for good, each worded for the moderators
# (``unreachable``: never taken after every try)
EFFECT_REFUSALS = ("refused", "gone", "protected", "unreachable", "too_old")


class EffectFailed(Exception):
    """An action the platform refused for good: ``why`` says the kind of refusal in a word
    the moderators are told in theirs (``refused``; ``gone``: not a member, or no such user;
    ``protected``: an administrator or the owner, above the bot; ``too_old``: a message the
    platform no longer lets a bot delete)."""

    def __init__(self, detail: str = "", why: str = "refused") -> None:
        super().__init__(detail)
        self.why = why


class MissingRight(EffectFailed):
    """The platform refused because the bot lacks a right: ``right`` names it (``mute``,
    ``ban``, ``kick``, ``delete``, ``attach_files``)."""

    def __init__(self, right: str, detail: str = "") -> None:
        super().__init__(detail or right, "right")
        self.right = right


class Outranked(EffectFailed):
    """The platform's hierarchy shields the member from the bot (a Discord role at or above
    the bot's, the server's owner): giving the bot the right would not help."""

    def __init__(self, right: str, detail: str = "") -> None:
        super().__init__(detail or right)
        self.right = right


class Messenger(Protocol):
    """One platform, as the delivery layer sees it. Adapters implement this and map their
    incoming events to :class:`~bot.handlers.Incoming`; they never touch storage."""

    platform: str
    limits: Limits
    longest_mute: timedelta | None  # a platform's mute lasts at most this long (None: any)
    pages: bool  # a long answer is shown a page at a time (else: all its parts, in order)

    def inert(self, text: str) -> str:
        """The text as the platform must receive it to show it as written: what people
        typed (a name, a reason) never turns into the platform's markup."""
        ...

    async def send(self, envelope: Envelope) -> Sent | None:
        """Send one message; None when there is nowhere to send it (a channel gone).
        Raises :class:`Unreachable`, :class:`Rejected` or :class:`PrivateClosed`."""
        ...

    async def edit(self, where: Sent, text: str, buttons: tuple[Button, ...]) -> None:
        """Replace the text (or caption) and buttons of a message sent before."""
        ...

    async def mute(self, chat: str, member: str, until: datetime, reason: str | None) -> None:
        """Raises :class:`EffectFailed` when the platform refuses."""
        ...

    async def unmute(self, chat: str, member: str, reason: str | None) -> None: ...

    async def remove(
        self, chat: str, member: str, ban: bool, until: datetime | None, reason: str | None
    ) -> None:
        """Put the member out of the chat: banned (until ``until``, None: until lifted) or
        kicked (free to come back). Raises :class:`EffectFailed`."""
        ...

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        """Lift his ban: he may come back. Raises :class:`EffectFailed`."""
        ...

    async def delete(self, chat: str, messages: tuple[str, ...]) -> None:
        """Take messages out of the chat (each ``id``, or ``channel:id``); one already gone
        is no failure. Raises :class:`EffectFailed` (:class:`MissingRight` ``delete``)."""
        ...

    async def slowmode(
        self, chat: str, channel: str | None, seconds: int, reason: str | None
    ) -> None:
        """Each member of the channel waits ``seconds`` between two messages (0: no wait).
        Raises :class:`EffectFailed` (a platform without slow mode refuses it)."""
        ...

    async def answer_join(self, chat: str, member: str, approve: bool) -> None:
        """Let in (or turn down) his request to join the chat. Raises :class:`EffectFailed`."""
        ...

    async def finish(self, origin: Origin | None) -> None:
        """The command has been answered (a platform may need to close the exchange)."""
        ...


__all__ = [
    "LIMITS",
    "RIGHTS",
    "Button",
    "CardEdit",
    "EffectFailed",
    "Envelope",
    "Limits",
    "Messenger",
    "MissingRight",
    "Origin",
    "Outranked",
    "PrivateClosed",
    "Rejected",
    "Sent",
    "Target",
    "Unreachable",
]
