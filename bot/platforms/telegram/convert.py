"""Telegram updates into the command layer's words: who spoke, where, naming whom."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import Message, MessageEntity, User

from bot.handlers import REGISTRY, Author
from bot.handlers import split_command as _split
from bot.handlers.grammar import Shape


def author_of(user: User, is_admin: bool) -> Author:
    return Author(
        key=str(user.id),
        name=user.username or user.first_name or str(user.id),
        user_id=user.id,
        is_admin=is_admin,
        platform_lang=user.language_code,
        is_bot=user.is_bot,
    )


@dataclass(frozen=True)
class Said:
    text: str
    mentions: dict[str, Author]
    for_other_bot: bool
    quoted: str | None = None  # the text of the message it answers (a report's excerpt)


def read_message(message: Message, bot_username: str, *, reply_names: bool = True) -> Said:
    """The text as the command layer reads it, with every way Telegram names a member turned
    into an @mention: text mentions of people without a username, and (``reply_names``) a
    reply to someone's message when the command names nobody."""
    text = message.text or message.caption or ""
    mentions: dict[str, Author] = {}
    pieces, cursor = [], 0
    for entity in sorted(message.entities or (), key=lambda e: e.offset):
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
            token = f"id{entity.user.id}"
            start = _utf16_index(text, entity.offset)
            end = _utf16_index(text, entity.offset + entity.length)
            pieces.append(text[cursor:start] + "@" + token)
            cursor = end
            mentions[token] = author_of(entity.user, False)
    text = "".join(pieces) + text[cursor:]
    parsed = _split(text)
    for_other_bot = False
    if parsed is not None:
        head = text.strip().split()[0]
        if "@" in head and head.split("@", 1)[1].lower() != bot_username.lower():
            for_other_bot = True
        replied = message.reply_to_message
        names_someone = any(token.startswith("@") for token in parsed[1])
        if (
            replied is not None
            and replied.from_user is not None
            and not names_someone
            and reply_names
        ):
            text = _insert_mention(text, parsed[0], replied.from_user, mentions)
    replied = message.reply_to_message
    quoted = (replied.text or replied.caption) if replied is not None else None
    return Said(text, mentions, for_other_bot, quoted)


def carried_by(message: Message) -> tuple[frozenset[str], tuple[str, ...]]:
    """What a message holds besides its text, as the locks name it, and the addresses
    behind its words (text links, which the text does not show)."""
    kinds = set()
    if message.forward_origin is not None and not message.is_automatic_forward:
        kinds.add("forwards")
    if message.sticker is not None:
        kinds.add("stickers")
    if any(
        (message.photo, message.video, message.document, message.animation, message.voice,
         message.video_note, message.audio)
    ):  # fmt: skip
        kinds.add("media")
    if channel_post(message):
        kinds.add("channel-posts")
    entities = (*(message.entities or ()), *(message.caption_entities or ()))
    hidden = tuple(
        entity.url for entity in entities if entity.type == MessageEntity.TEXT_LINK and entity.url
    )
    return frozenset(kinds), hidden


def channel_post(message: Message) -> bool:
    """A post made in the group as a channel (not as the group itself, which only its
    administrators can do, nor the linked channel's own posts coming in)."""
    sender = message.sender_chat
    return (
        sender is not None
        and sender.id != message.chat.id
        and sender.type == "channel"
        and not message.is_automatic_forward
    )


def _insert_mention(text: str, command: str, user: User, mentions: dict[str, Author]) -> str:
    """Put the replied-to member where the command's grammar wants its first member."""
    spec = REGISTRY.get(command)
    if spec is None:
        return text
    slot = next(
        (
            i
            for i, param in enumerate(spec.forms[0])
            if param.shape in (Shape.MENTION, Shape.MENTIONS)
        ),
        None,
    )
    if slot is None:
        return text
    token = f"id{user.id}"
    mentions[token] = author_of(user, False)
    words = text.split()
    words.insert(1 + min(slot, len(words) - 1), "@" + token)
    return " ".join(words)


def _utf16_index(text: str, offset: int) -> int:
    """Telegram counts entity offsets in UTF-16 code units."""
    units = 0
    for index, char in enumerate(text):
        if units >= offset:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)
