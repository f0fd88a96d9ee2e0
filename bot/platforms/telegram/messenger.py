"""Telegram as a :class:`~bot.delivery.Messenger`: messages, pictures, edits, restrictions."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from telegram import (
    Bot,
    ChatPermissions,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    WebAppInfo,
)
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)

from bot.delivery import (
    LIMITS,
    Button,
    EffectFailed,
    Envelope,
    MissingRight,
    Origin,
    PrivateClosed,
    Rejected,
    Sent,
    Unreachable,
)
from bot.delivery.split import split_text, utf16_length

log = logging.getLogger(__name__)
PLATFORM = "telegram"
PHOTO_CACHE = 512
MOST_DELETED = 100  # message ids in one deleteMessages
CANT_DELETE = "can't be deleted"  # Telegram's word for a message too old, or no right


def keyboard(buttons: tuple[Button, ...], private: bool = False) -> InlineKeyboardMarkup | None:
    """Buttons under a message. A link opens as a Mini App inside Telegram in a private chat;
    groups take no Mini App buttons, so there it is a plain link."""
    if not buttons:
        return None
    row = []
    for b in buttons:
        if b.url is None:
            row.append(InlineKeyboardButton(b.label, callback_data=b.data))
        elif private:
            row.append(InlineKeyboardButton(b.label, web_app=WebAppInfo(b.url)))
        else:
            row.append(InlineKeyboardButton(b.label, url=b.url))
    return InlineKeyboardMarkup([row])


class TooLong(Exception):
    """Telegram refused a text or caption as too long."""


class TelegramMessenger:
    platform = PLATFORM
    limits = LIMITS[PLATFORM]
    # Telegram takes a restriction of more than 366 days as forever
    pages = True
    longest_mute: timedelta | None = timedelta(days=365)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._photo_ids: dict[str, str] = {}  # picture → Telegram file id, oldest first
        self.token_refused = False  # Telegram refused the token: nothing goes until it is new

    @staticmethod
    def inert(text: str) -> str:
        return text  # sent without a parse mode: Telegram shows it as written

    async def send(self, envelope: Envelope) -> Sent | None:
        if envelope.target.where == "log" and not envelope.target.channel:
            return None  # no moderators' group linked: what is for them alone is not sent
        text = envelope.text
        if envelope.ping is not None:
            text = f"{envelope.message.to_name or ''}: {text}"
        try:
            return await self._send_whole(envelope, text)
        except TooLong:
            return await self._send_halves(envelope)

    async def _send_halves(self, envelope: Envelope) -> Sent | None:
        """A part Telegram found too long (it counts otherwise than we did) goes as two
        smaller parts, the picture on the first and the buttons under the second: never
        dropped, nor what follows it."""
        halves = split_text(
            envelope.text, max(1, utf16_length(envelope.text) // 2), None, utf16_length
        )
        if len(halves) < 2:
            raise Rejected("message is too long")
        first = await self.send(replace(envelope, text=halves[0], buttons=(), last=False))
        for half in halves[1:-1]:
            await self.send(replace(envelope, text=half, buttons=(), picture=None, last=False))
        last = await self.send(
            replace(envelope, text=halves[-1], picture=None, picture_key=None, file_name=None)
        )
        return first or last

    async def _send_whole(self, envelope: Envelope, text: str) -> Sent:
        chat, topic, answered = self._where(envelope)
        try:
            try:
                sent = await self._send(envelope, chat, topic, answered, text)
            except ChatMigrated as moved:  # queued before the group became a supergroup
                sent = await self._send(envelope, moved.new_chat_id, None, None, text)
        except InvalidToken as error:  # revoked: the message waits for a new token
            self.token_refused = True
            raise Unreachable(str(error)) from error
        except Forbidden as error:
            if envelope.target.where == "private":
                raise PrivateClosed(str(error)) from error
            raise Rejected(str(error)) from error
        except BadRequest as error:  # a NetworkError too: it would fail again
            if "too long" in str(error).lower():
                raise TooLong(str(error)) from error
            raise Rejected(str(error)) from error
        except (NetworkError, RetryAfter) as error:
            raise Unreachable(str(error)) from error
        except TelegramError as error:
            raise Rejected(str(error)) from error
        return Sent(str(sent.chat_id), sent.message_id)

    def _where(self, envelope: Envelope) -> tuple[int, int | None, int | None]:
        """The chat to send to, the forum topic in it, and the message to answer there: a
        command's answers and notices stand under the command where it was asked."""
        target = envelope.target
        if target.where == "log" and target.channel:  # under a command typed there
            return int(target.channel), None, target.reply_to
        if target.where == "private":
            assert target.user is not None
            return int(target.user), None, target.reply_to
        return int(target.chat), target.thread, target.reply_to

    async def _send(
        self, envelope: Envelope, chat: int, topic: int | None, thread: int | None, text: str
    ) -> Message:
        """The picture with the text as its caption where there is one; the text alone where
        there is none, or when the picture cannot be drawn or sent."""
        markup = keyboard(envelope.buttons, private=chat > 0)
        where: dict[str, Any] = {"message_thread_id": topic} if topic else {}
        if envelope.file_name and not envelope.file_name.endswith(".png"):
            document = await envelope.picture() if envelope.picture is not None else None
            if document is not None:  # a file, not a photo (the EMA results)
                return await self.bot.send_document(
                    chat,
                    InputFile(document, filename=envelope.file_name),
                    caption=text,
                    reply_markup=markup,
                    reply_to_message_id=thread,
                    allow_sending_without_reply=True,
                    **where,
                )
        if envelope.picture is not None and envelope.picture_key is not None:
            # the same picture again (standings nobody changed) goes by Telegram's file id:
            # neither drawn nor uploaded twice
            picture: str | bytes | None = self._photo_ids.get(envelope.picture_key)
            if picture is None:
                picture = await envelope.picture()
            if picture is not None:
                try:
                    sent = await self.bot.send_photo(
                        chat,
                        picture,
                        caption=text,
                        reply_markup=markup,
                        reply_to_message_id=thread,
                        allow_sending_without_reply=True,
                        **where,
                    )
                except BadRequest as error:
                    if "too long" in str(error).lower():
                        raise  # its caption: sent again in smaller parts, the picture kept
                    log.info("photo refused (%s); sending text", error)
                else:
                    if sent.photo:
                        self._photo_ids[envelope.picture_key] = sent.photo[-1].file_id
                        while len(self._photo_ids) > PHOTO_CACHE:
                            self._photo_ids.pop(next(iter(self._photo_ids)))
                    return sent
        return await self.bot.send_message(
            chat,
            text,
            reply_markup=markup,
            reply_to_message_id=thread,
            allow_sending_without_reply=True,
            **where,
        )

    async def edit(self, where: Sent, text: str, buttons: tuple[Button, ...]) -> None:
        """The card is a picture with a caption, or a text message."""
        markup = keyboard(buttons, private=int(where.chat) > 0)
        try:
            await self.bot.edit_message_caption(
                chat_id=int(where.chat),
                message_id=where.message_id,
                caption=text,
                reply_markup=markup,
            )
            return
        except TelegramError:
            pass
        try:
            await self.bot.edit_message_text(
                text,
                chat_id=int(where.chat),
                message_id=where.message_id,
                reply_markup=markup,
            )
        except (NetworkError, RetryAfter) as error:
            if isinstance(error, BadRequest):
                raise Rejected(str(error)) from error
            raise Unreachable(str(error)) from error
        except TelegramError as error:
            raise Rejected(str(error)) from error

    async def mute(self, chat: str, member: str, until: datetime, reason: str | None) -> None:
        """Telegram keeps the restriction even while the bot is down."""
        await self._restrict(chat, member, ChatPermissions.no_permissions(), until)

    async def unmute(self, chat: str, member: str, reason: str | None) -> None:
        await self._restrict(chat, member, ChatPermissions.all_permissions(), None)

    async def remove(
        self, chat: str, member: str, ban: bool, until: datetime | None, reason: str | None
    ) -> None:
        """A ban until ``until`` (Telegram ends it itself), or a kick: banned, then let
        back at once."""
        try:
            await self.bot.ban_chat_member(
                int(chat), int(member), until_date=until if ban else None
            )
            if not ban:
                await self.bot.unban_chat_member(int(chat), int(member), only_if_banned=True)
        except TelegramError as error:
            raise refused(error, "ban") from error

    async def delete(self, chat: str, messages: tuple[str, ...]) -> None:
        """One message by deleteMessage (Telegram says why it will not), several by
        deleteMessages, a hundred at a time (those gone or too old are skipped)."""
        ids = sorted({int(message.rpartition(":")[2]) for message in messages})
        try:
            if len(ids) == 1:
                try:
                    await self.bot.delete_message(int(chat), ids[0])
                except BadRequest as error:
                    if "not found" not in str(error).lower():  # already gone: done
                        raise
                return
            for start in range(0, len(ids), MOST_DELETED):
                await self.bot.delete_messages(int(chat), ids[start : start + MOST_DELETED])
        except TelegramError as error:
            if CANT_DELETE in str(error).lower():
                raise await self._why_undeletable(chat, error) from error
            raise refused(error, "delete") from error

    async def _why_undeletable(self, chat: str, error: TelegramError) -> EffectFailed:
        """Telegram says "message can't be deleted" both to a bot without the right to
        delete messages and of a message too old to delete (48 hours in a group): the
        bot's own rights in the chat tell the two apart."""
        try:
            me = await self.bot.get_chat_member(int(chat), self.bot.id)
        except TelegramError as asked:
            log.info("could not read the bot's rights in %s: %s", chat, asked)
            return EffectFailed(str(error), "refused")
        if me.status != "creator" and not getattr(me, "can_delete_messages", False):
            return MissingRight("delete", str(error))
        return EffectFailed(str(error), "too_old")

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        try:
            await self.bot.unban_chat_member(int(chat), int(member), only_if_banned=True)
        except TelegramError as error:
            raise refused(error, "ban") from error

    async def slowmode(
        self, chat: str, channel: str | None, seconds: int, reason: str | None
    ) -> None:
        """The Bot API has no slow mode (the command is refused on Telegram before this)."""
        raise EffectFailed("the Bot API has no slow mode")

    async def answer_join(self, chat: str, member: str, approve: bool) -> None:
        """A join request approved or declined (Telegram keeps it open until one or the
        other, or until the requester withdraws it)."""
        try:
            if approve:
                await self.bot.approve_chat_join_request(int(chat), int(member))
            else:
                await self.bot.decline_chat_join_request(int(chat), int(member))
        except TelegramError as error:
            raise refused(error, "invite") from error

    async def _restrict(
        self, chat: str, member: str, permissions: ChatPermissions, until: datetime | None
    ) -> None:
        try:
            try:
                await self.bot.restrict_chat_member(
                    int(chat), int(member), permissions, until_date=until
                )
            except ChatMigrated as moved:
                await self.bot.restrict_chat_member(
                    moved.new_chat_id, int(member), permissions, until_date=until
                )
        except TelegramError as error:
            raise refused(error, "mute") from error

    async def finish(self, origin: Origin | None) -> None:
        return None


def refused(error: TelegramError, right: str) -> EffectFailed | Unreachable:
    """Telegram's answer to an action: a rate limit, a timeout or a server error is for
    later (``retry_after`` as Telegram says); a refusal names the right it finds missing, or
    why else it would refuse again."""
    said = str(error)
    if isinstance(error, RetryAfter):
        return Unreachable(said, _seconds(error.retry_after))
    if isinstance(error, NetworkError) and not isinstance(error, BadRequest):
        return Unreachable(said)  # timed out, 5xx: Telegram may well take it later
    lowered = said.lower()
    if isinstance(error, Forbidden) or "not enough rights" in lowered:
        return MissingRight(right, said)
    if CANT_DELETE in lowered:  # too old (48 hours), or no right to (see delete)
        return EffectFailed(said, "refused")
    if any(word in lowered for word in GONE):
        return EffectFailed(said, "gone")
    if any(word in lowered for word in PROTECTED):
        return EffectFailed(said, "protected")
    return EffectFailed(said)


# what Telegram says when the member is not there, or is above the bot
GONE = ("user not found", "participant_id_invalid", "user_not_participant", "user_id_invalid")
PROTECTED = ("administrator", "owner", "can't restrict self", "can't remove chat owner")


def _seconds(retry_after: object) -> float:
    if isinstance(retry_after, timedelta):
        return retry_after.total_seconds()
    return float(retry_after)  # type: ignore[arg-type]
