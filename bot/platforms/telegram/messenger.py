"""Telegram as a :class:`~bot.delivery.Messenger`: messages, pictures, edits, restrictions."""

from __future__ import annotations

import logging
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

log = logging.getLogger(__name__)
PLATFORM = "telegram"
PHOTO_CACHE = 512


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


class TelegramMessenger:
    platform = PLATFORM
    limits = LIMITS[PLATFORM]
    # Telegram takes a restriction of more than 366 days as forever
    pages = True
    longest_mute: timedelta | None = timedelta(days=365)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._photo_ids: dict[str, str] = {}  # picture → Telegram file id, oldest first

    @staticmethod
    def inert(text: str) -> str:
        return text  # sent without a parse mode: Telegram shows it as written

    async def send(self, envelope: Envelope) -> Sent | None:
        if envelope.target.where == "log" and not envelope.target.channel:
            return None  # no moderators' group linked: what is for them alone is not sent
        chat, topic, answered = self._where(envelope)
        text = envelope.text
        if envelope.ping is not None:
            text = f"{envelope.message.to_name or ''}: {text}"
        try:
            try:
                sent = await self._send(envelope, chat, topic, answered, text)
            except ChatMigrated as moved:  # queued before the group became a supergroup
                sent = await self._send(envelope, moved.new_chat_id, None, None, text)
        except Forbidden as error:
            if envelope.target.where == "private":
                raise PrivateClosed(str(error)) from error
            raise Rejected(str(error)) from error
        except BadRequest as error:  # a NetworkError too: it would fail again
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
        if target.where == "log" and target.channel:
            return int(target.channel), None, None
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

    async def readmit(self, chat: str, member: str, reason: str | None) -> None:
        try:
            await self.bot.unban_chat_member(int(chat), int(member), only_if_banned=True)
        except TelegramError as error:
            raise refused(error, "ban") from error

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


def refused(error: TelegramError, right: str) -> EffectFailed:
    """Telegram's refusal of an action: the right it names as missing, when it does."""
    said = str(error)
    if isinstance(error, Forbidden) or "not enough rights" in said.lower():
        return MissingRight(right, said)
    return EffectFailed(said)
