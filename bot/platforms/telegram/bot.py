"""The Telegram bot: python-telegram-bot's Application around the command layer.

Updates become :class:`~bot.handlers.Incoming` messages; the layer's answers become messages,
edits and restrictions. Polling by default, a webhook when configured. Scheduled notices go
through the database outbox, so a failed send is retried, never lost.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    ChatPermissions,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.app import App
from bot.handlers import REGISTRY, Incoming, Outgoing, split_command
from bot.pictures import PICTURED, picture_for
from bot.platforms.telegram.buttons import command_for, keyboard, settlement_for
from bot.platforms.telegram.convert import author_of, read_message
from bot.scheduler.live import LiveScheduler
from bot.storage.store import Store

log = logging.getLogger(__name__)
PLATFORM = "telegram"
PRIVATE_COMMANDS = ("card", "leave", "profile", "history", "standings", "lang", "help")
CONFIRMED_COMMANDS = ("stop",)  # they mute the member too: a second look first
MENU_LANGUAGES = ("en", "it", "ru")
CAPTION_LIMIT = 1024
PHOTO_CACHE = 512


@dataclass(frozen=True)
class TelegramSettings:
    token: str
    base_url: str = "https://api.telegram.org/bot"
    webhook_url: str | None = None  # set: webhook mode; unset: polling
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_secret: str | None = None
    poll_interval: float = 0.0
    admin_cache_seconds: float = 60.0
    restrict_on_stop: bool = True
    confirm_stops: bool = True  # a stop waits for a moderator's Confirm button in the group
    moderators: tuple[str, ...] = ()  # user ids or usernames, beyond the chat's admins
    overall_max_rate: float = 30  # messages a second (Telegram's limit)
    group_max_rate: float = 20  # messages a minute in one group (Telegram's limit)

    def __repr__(self) -> str:  # never print the token
        return f"TelegramSettings(base_url={self.base_url!r}, webhook={bool(self.webhook_url)})"


def utc_now() -> datetime:
    return datetime.now(UTC)


class TelegramBot:
    def __init__(
        self, app: App, settings: TelegramSettings, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self.app = app
        self.settings = settings
        self.clock = clock
        self._admins: dict[tuple[int, int], tuple[float, bool]] = {}
        self._photo_ids: dict[str, str] = {}  # picture → Telegram file id, oldest first
        builder = ApplicationBuilder().token(settings.token).base_url(settings.base_url)
        builder = builder.rate_limiter(
            AIORateLimiter(
                overall_max_rate=settings.overall_max_rate,
                group_max_rate=settings.group_max_rate,
                max_retries=3,
            )
        )
        self.application: Application = builder.build()
        self.application.add_handler(
            MessageHandler(filters.UpdateType.MESSAGE & ~filters.StatusUpdate.ALL, self.on_message)
        )
        self.application.add_handler(CallbackQueryHandler(self.on_button))
        self.application.add_error_handler(self.on_error)
        self.live = LiveScheduler(app.timers, self.deliver_scheduled, self.tick, clock=clock)
        self.username = ""

    # ---- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        await self.application.initialize()
        self.username = self.application.bot.username
        await self.set_menus()
        await self.application.start()
        updater = self.application.updater
        assert updater is not None
        if self.settings.webhook_url:
            await updater.start_webhook(
                listen=self.settings.webhook_listen,
                port=self.settings.webhook_port,
                url_path=urlparse(self.settings.webhook_url).path.lstrip("/"),
                webhook_url=self.settings.webhook_url,
                secret_token=self.settings.webhook_secret,
                allowed_updates=["message", "callback_query"],
            )
        else:
            await updater.start_polling(
                poll_interval=self.settings.poll_interval,
                timeout=timedelta(seconds=10),
                allowed_updates=["message", "callback_query"],
            )
        await self.live.start()

    async def stop(self) -> None:
        await self.live.stop()
        if self.application.updater is not None and self.application.updater.running:
            await self.application.updater.stop()
        if self.application.running:
            await self.application.stop()
        await self.application.shutdown()

    async def set_menus(self) -> None:
        """Command menus in each language: every command in groups, personal ones in private."""
        translator = self.app.layer.translator
        for lang in (None, *MENU_LANGUAGES):
            reader = lang or "en"
            group = [
                BotCommand(name, translator.format(reader, f"command-{name}")) for name in REGISTRY
            ]
            private = [command for command in group if command.command in PRIVATE_COMMANDS]
            await self.application.bot.set_my_commands(
                group, BotCommandScopeAllGroupChats(), language_code=lang
            )
            await self.application.bot.set_my_commands(
                private, BotCommandScopeAllPrivateChats(), language_code=lang
            )

    # ---- incoming ------------------------------------------------------------------------
    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None or message.from_user is None or message.from_user.is_bot:
            return
        said = read_message(message, self.username)
        if said.for_other_bot:
            return
        user = message.from_user
        private = message.chat.type == ChatType.PRIVATE
        if private:
            async with self.app.database.transaction() as tx:  # he opened a private chat
                await Store(tx).note_private_chat(PLATFORM, str(user.id))
            chat_id = await self._community_chat_of(user.id)
            translator = self.app.layer.translator
            lang = translator.language(user.language_code)
            if said.text.split()[:1] == ["/start"] or chat_id is None:
                await message.reply_text(
                    translator.format(
                        lang, "telegram-welcome" if chat_id else "telegram-private-first"
                    )
                )
                return
        else:
            chat_id = message.chat.id
        incoming = await self._incoming(
            chat_id, user, said.text, said.mentions, f"u{update.update_id}"
        )
        parsed = split_command(said.text)
        if self.settings.confirm_stops and parsed is not None and parsed[0] in CONFIRMED_COMMANDS:
            outputs = await self.app.layer.propose(incoming)
        else:
            outputs = await self.app.layer.handle(incoming)
        await self.answer(
            outputs, reply_to=message.message_id, reply_chat=message.chat.id if private else None
        )

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or query.message is None:
            return
        command = command_for(query.data or "")
        settlement = settlement_for(query.data or "")
        if command is None and settlement is None:
            await query.answer(
                self.app.layer.translator.format(
                    self.app.layer.translator.language(query.from_user.language_code),
                    "telegram-unknown-button",
                ),
                show_alert=True,
            )
            return
        chat = query.message.chat
        chat_id = (
            chat.id
            if chat.type != ChatType.PRIVATE
            else await self._community_chat_of(query.from_user.id)
        )
        if chat_id is None:
            await query.answer()
            return
        incoming = await self._incoming(chat_id, query.from_user, command or "", {}, f"c{query.id}")
        if settlement is not None:
            outputs = await self.app.layer.settle(incoming, *settlement)
        else:
            outputs = await self.app.layer.handle(incoming)
        refusal = next((o for o in outputs if o.ruling_type == "refused"), None)
        await query.answer(refusal.text[:190] if refusal else None, show_alert=bool(refusal))
        if settlement is not None and outputs and refusal is None:
            try:  # settled: its buttons go
                await query.edit_message_reply_markup(None)
            except TelegramError as error:
                log.info("could not remove the buttons of a settled proposal: %s", error)
        await self.answer([o for o in outputs if o is not refusal])

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("update %s failed", getattr(update, "update_id", "?"), exc_info=context.error)

    async def _incoming(
        self, chat_id: int, user, text: str, mentions: dict, update_key: str
    ) -> Incoming:
        is_admin = await self.is_admin(chat_id, user.id) or (
            str(user.id) in self.settings.moderators
            or (user.username or "") in self.settings.moderators
        )
        return Incoming(
            PLATFORM,
            str(chat_id),
            author_of(user, is_admin),
            text,
            self.clock(),
            mentions=mentions,
            update_key=update_key,
            defaults={"rulebook": "burraco", "lang": "it"},
        )

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """The chat's administrators are its moderators; asked of Telegram, cached briefly."""
        key = (chat_id, user_id)
        cached = self._admins.get(key)
        now = time.monotonic()
        if cached and now - cached[0] < self.settings.admin_cache_seconds:
            return cached[1]
        try:
            member = await self.application.bot.get_chat_member(chat_id, user_id)
            admin = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        except TelegramError:
            admin = False
        self._admins[key] = (now, admin)
        return admin

    async def _community_chat_of(self, user_id: int) -> int | None:
        async with self.app.database.transaction() as tx:
            store = Store(tx)
            _, community_id = await store.private_chat(PLATFORM, str(user_id))
            if community_id is None:
                return None
            community = await store.community_by_id(community_id)
        return int(community.chat)

    # ---- outgoing ------------------------------------------------------------------------
    async def deliver(
        self, outputs: list[Outgoing], reply_to: int | None = None, reply_chat: int | None = None
    ) -> None:
        for message in outputs:
            if message.platform != PLATFORM:
                continue
            await self._send(message, reply_to, reply_chat)

    async def answer(
        self, outputs: list[Outgoing], reply_to: int | None = None, reply_chat: int | None = None
    ) -> None:
        """A command's answers. Its rulings are recorded already: when Telegram cannot be
        reached (after the rate limiter's retries), what is left waits in the outbox and goes
        out with the next delivery round, like a scheduled notice."""
        ours = [message for message in outputs if message.platform == PLATFORM]
        for index, message in enumerate(ours):
            try:
                await self._send(message, reply_to, reply_chat)
            except BadRequest:
                raise  # would fail again
            except (NetworkError, RetryAfter) as error:
                log.warning(
                    "Telegram unreachable (%s): %d answers wait in the outbox",
                    error,
                    len(ours) - index,
                )
                later = ours[index:]
                if reply_chat is not None:  # asked in private: answered in private
                    later = [replace(m, kind="dm") if m.kind == "reply" else m for m in later]
                await self.app.timers.queue(later)
                return

    async def deliver_scheduled(self, outputs: list[Outgoing]) -> None:
        await self.deliver(outputs)

    async def tick(self, now: datetime) -> None:
        """The card on screen: the same message edited with the minutes left."""
        for edit in await self.app.timers.card_tick(now):
            if edit.platform != PLATFORM or edit.to is None:
                continue
            async with self.app.database.transaction() as tx:
                store = Store(tx)
                community = await store.community(PLATFORM, edit.chat)
                where = community and await store.message_for(community.id, edit.to, "card")
            if where:
                markup = keyboard({"type": "card_shown"}, edit.lang, self.app.layer.translator)
                try:  # the card is a picture with a caption, or a text message
                    await self.application.bot.edit_message_caption(
                        chat_id=int(where[0]),
                        message_id=where[1],
                        caption=edit.text,
                        reply_markup=markup,
                    )
                except TelegramError:
                    try:
                        await self.application.bot.edit_message_text(
                            edit.text,
                            chat_id=int(where[0]),
                            message_id=where[1],
                            reply_markup=markup,
                        )
                    except TelegramError as error:
                        log.info("card edit failed: %s", error)

    async def _send(self, message: Outgoing, reply_to: int | None, reply_chat: int | None) -> None:
        bot = self.application.bot
        group = int(message.chat)
        markup = keyboard(message.ruling, message.lang, self.app.layer.translator)
        target, thread = group, reply_to
        if message.kind == "reply" and reply_chat is not None:
            target = reply_chat
        elif message.kind == "dm" and message.to is not None:
            opened = await self._opened_private(message.to)
            target, thread = (int(message.to), None) if opened else (group, None)
        elif message.kind == "notice":
            thread = reply_to if reply_chat is None else None
        try:
            sent = await self._send_one(message, target, thread, markup)
        except Forbidden:
            if target == group:
                raise
            sent = await bot.send_message(
                group, f"{message.to_name or ''}: {message.text}", reply_markup=markup
            )
        await self._after_sent(message, sent.chat_id, sent.message_id)

    async def _send_one(self, message: Outgoing, target: int, thread: int | None, markup):
        """The picture with the text as its caption where there is one; the text alone where
        there is none, or when the picture cannot be drawn or sent."""
        bot = self.application.bot
        if message.ruling_type in PICTURED and len(message.text) <= CAPTION_LIMIT:
            # the same picture again (standings nobody changed) goes by Telegram's file id:
            # neither drawn nor uploaded twice
            key = json.dumps(
                [message.ruling, message.lang, message.names, message.tz],
                sort_keys=True,
                default=str,
            )
            picture = self._photo_ids.get(key)
            if picture is None:
                try:
                    picture = picture_for(
                        message.ruling,
                        message.lang,
                        message.names,
                        ZoneInfo(message.tz),
                        self.app.layer.translator,
                    )
                except Exception:  # a picture is a nicety: never lose the message for it
                    log.exception("picture for %s failed", message.ruling_type)
            if picture is not None:
                try:
                    sent = await bot.send_photo(
                        target,
                        picture,
                        caption=message.text,
                        reply_markup=markup,
                        reply_to_message_id=thread,
                        allow_sending_without_reply=True,
                    )
                except BadRequest as error:
                    log.info("photo refused (%s); sending text", error)
                else:
                    if sent.photo:
                        self._photo_ids[key] = sent.photo[-1].file_id
                        while len(self._photo_ids) > PHOTO_CACHE:
                            self._photo_ids.pop(next(iter(self._photo_ids)))
                    return sent
        return await bot.send_message(
            target,
            message.text,
            reply_markup=markup,
            reply_to_message_id=thread,
            allow_sending_without_reply=True,
        )

    async def _opened_private(self, user_key: str) -> bool:
        async with self.app.database.transaction() as tx:
            opened, _ = await Store(tx).private_chat(PLATFORM, user_key)
        return opened

    async def _after_sent(self, message: Outgoing, chat_id: int, message_id: int) -> None:
        ruling = message.ruling or {}
        kind = ruling.get("type")
        if kind == "card_shown" and message.to:
            async with self.app.database.transaction() as tx:
                store = Store(tx)
                community = await store.community(PLATFORM, message.chat)
                if community is not None:
                    await store.remember_message(
                        community.id, message.to, "card", str(chat_id), message_id
                    )
        if self.settings.restrict_on_stop and kind == "stop" and ruling.get("kind") == "manual":
            await self._restrict(int(message.chat), int(ruling["player"]), ruling["stop_until"])
        if self.settings.restrict_on_stop and kind == "lift":
            await self._restrict(int(message.chat), int(ruling["player"]), None)

    async def _restrict(self, chat_id: int, user_id: int, until: str | None) -> None:
        """A manual stop also mutes the member in the group until it ends (Telegram keeps the
        restriction even while the bot is down); a lift gives his rights back."""
        try:
            if until is None:
                await self.application.bot.restrict_chat_member(
                    chat_id, user_id, ChatPermissions.all_permissions()
                )
            else:
                await self.application.bot.restrict_chat_member(
                    chat_id,
                    user_id,
                    ChatPermissions.no_permissions(),
                    until_date=datetime.fromisoformat(until),
                )
        except TelegramError as error:
            log.warning("could not restrict %s in %s: %s", user_id, chat_id, error)
