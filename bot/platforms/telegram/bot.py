"""The Telegram bot: python-telegram-bot's Application around the command layer.

Updates become :class:`~bot.handlers.Incoming` messages for the command layer; its answers go
out through the delivery layer, to which :class:`TelegramMessenger` gives Telegram's hands.
Polling by default, a webhook when configured.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlparse

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    CallbackQuery,
    Message,
    Update,
    User,
)
from telegram.constants import ChatType
from telegram.error import InvalidToken, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatJoinRequestHandler,
    ChatMemberHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.app import App
from bot.delivery import DeliveryOptions, Origin, Viewer, decode, report_of
from bot.delivery.split import utf16_prefix
from bot.handlers import REGISTRY, Author, Incoming, Outgoing, split_command
from bot.handlers._core import LANGS, RIGHTS
from bot.handlers.staff import ids_on, resolve_moderators
from bot.logs import hide
from bot.platforms.telegram.convert import author_of, carried_by, channel_post, read_message
from bot.platforms.telegram.inbox import RecordedQueue, key_of
from bot.platforms.telegram.messenger import PLATFORM, TelegramMessenger, keyboard
from bot.platforms.telegram.ordering import PerChatOrder
from bot.ports.rulebooks import for_new_chat

log = logging.getLogger(__name__)
MENU_LANGUAGES = LANGS  # a command menu in each language
# what Telegram counts against its sending limits (30 a second, 20 a minute in a group): the
# messages a bot sends and edits, not its questions (who administers a chat)
SENDING = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "sendMediaGroup",
        "editMessageText",
        "editMessageCaption",
        "editMessageMedia",
        "editMessageReplyMarkup",
        "copyMessage",
        "forwardMessage",
    }
)
POLLING_TASK = "Updater:start_polling:polling_task"  # python-telegram-bot's name for it
UPDATES = [
    "message",
    "edited_message",
    "callback_query",
    "chat_member",
    "my_chat_member",
    "chat_join_request",
]


class SendingLimiter(AIORateLimiter):
    """python-telegram-bot's limiter, for what Telegram limits alone: a question about a
    group (its administrators) is answered at once, not queued behind its messages."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        if endpoint not in SENDING:
            return await callback(*args, **kwargs)
        return await super().process_request(
            callback, args, kwargs, endpoint, data, rate_limit_args
        )


@dataclass(frozen=True)
class TelegramSettings:
    token: str
    base_url: str = "https://api.telegram.org/bot"
    webhook_url: str | None = None  # set: webhook mode; unset: polling
    webhook_listen: str = "0.0.0.0"  # noqa: S104  # Telegram calls the webhook from outside
    webhook_port: int = 8443
    webhook_secret: str | None = None
    poll_interval: float = 0.0
    admin_cache_seconds: float = 600.0  # chat_member updates refresh it sooner
    restrict_on_stop: bool = True
    confirm_stops: bool = True  # a stop waits for a moderator's Confirm button in the group
    # ARBITRO_MODERATORS, beyond the chat's admins: those for Telegram grant here (a username
    # is resolved to its id at start)
    moderators: tuple[str, ...] = ()
    overall_max_rate: float = 30  # messages a second (Telegram's limit)
    group_max_rate: float = 20  # messages a minute in one group (Telegram's limit)
    group_time_period: float = 60  # the period group_max_rate counts over, in seconds
    stop_grace: float = 10.0  # seconds a stop gives the updates taken before it

    def __repr__(self) -> str:  # never print the token
        return f"TelegramSettings(base_url={self.base_url!r}, webhook={bool(self.webhook_url)})"


def utc_now() -> datetime:
    return datetime.now(UTC)


class TelegramBot:
    def __init__(
        self, app: App, settings: TelegramSettings, clock: Callable[[], datetime] = utc_now
    ) -> None:
        hide(settings.token, settings.webhook_secret)
        self.app = app
        self.settings = settings
        self.clock = clock
        # each group's administrators, asked once and kept: (when asked, their user ids)
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}
        # ARBITRO_MODERATORS by user id: a name there is resolved once, at start
        self.moderator_ids = ids_on(PLATFORM, settings.moderators)
        builder = ApplicationBuilder().token(settings.token).base_url(settings.base_url)
        limiter: Any = SendingLimiter(  # typed for a different builder than ours
            overall_max_rate=settings.overall_max_rate,
            # one message of a group's budget kept in hand: a message held up on its way
            # (a slow connection, a busy machine) reaches Telegram after the next one and
            # must still be within the limit there
            group_max_rate=max(1, settings.group_max_rate - 1),
            group_time_period=settings.group_time_period,
            max_retries=3,
        )
        self._consumed: set[str] = set()  # updates the command layer took (and let go)
        builder = builder.rate_limiter(limiter).concurrent_updates(PerChatOrder(done=self._done))
        builder = builder.update_queue(RecordedQueue(self._keep))
        self.application: Application = builder.build()
        self.application.add_handler(
            MessageHandler(
                (filters.UpdateType.MESSAGE | filters.UpdateType.EDITED_MESSAGE)
                & ~filters.StatusUpdate.ALL,
                self.on_message,
            )
        )
        self.application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.on_migrate))
        self.application.add_handler(
            MessageHandler(filters.StatusUpdate.NEW_CHAT_MEMBERS, self.on_new_members)
        )
        self.application.add_handler(
            ChatMemberHandler(self.on_chat_member, ChatMemberHandler.ANY_CHAT_MEMBER)
        )
        self.application.add_handler(ChatJoinRequestHandler(self.on_join_request))
        self.application.add_handler(CallbackQueryHandler(self.on_button))
        self.application.add_error_handler(self.on_error)
        self.messenger = TelegramMessenger(self.application.bot)
        app.delivery.register(
            self.messenger,
            DeliveryOptions(effects=settings.restrict_on_stop, private_needs_opening=True),
        )
        self.live = app.live(clock)
        self.username = ""
        self._polling: asyncio.Task[Any] | None = None  # the library's task asking for updates
        self.token_refused = False  # Telegram said the token is not (or no longer) valid
        app.health[PLATFORM] = self.health
        # a webhook always has a secret: the configured one, or one made for this run
        self.webhook_secret = settings.webhook_secret or secrets.token_urlsafe(32)
        hide(self.webhook_secret)  # before any line could carry it

    # ---- what Telegram delivered ---------------------------------------------------------
    async def _keep(self, update: Update) -> None:
        """Recorded before Telegram is told it arrived (:mod:`.inbox`)."""
        body = json.dumps(update.to_dict(), ensure_ascii=False)
        await self.app.layer.receive(PLATFORM, key_of(update), body, self.clock())

    async def _done(self, update: object) -> None:
        """An update handled: one the command layer took left the inbox with its command;
        any other (nothing asked of the bot, or a handler's failure) leaves it now."""
        if not isinstance(update, Update):
            return
        key = key_of(update)
        if key in self._consumed:
            self._consumed.discard(key)
            return
        try:
            await self.app.layer.ignored(PLATFORM, key)
        except Exception:
            log.exception("could not let update %s go", key)

    async def _replay_unprocessed(self) -> int:
        """What a stopped process received and never processed, processed now, in order."""
        bodies = await self.app.layer.unprocessed(PLATFORM)
        for body in bodies:
            update = Update.de_json(json.loads(body), self.application.bot)
            if update is not None:
                await self.application.update_queue.put(update)
        return len(bodies)

    async def _to_layer(self, update: Update, work: Awaitable[list[Outgoing]]) -> list[Outgoing]:
        outputs = await work
        self._consumed.add(key_of(update))  # its command's transaction let it go
        return outputs

    # ---- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        await self.application.initialize()
        self.username = self.application.bot.username
        await self._resolve_moderators()
        await self.set_menus()
        await self.application.start()
        replayed = await self._replay_unprocessed()
        if replayed:
            log.warning("%d updates received before a stop are processed now", replayed)
        updater = self.application.updater
        assert updater is not None
        if self.settings.webhook_url:
            await updater.start_webhook(
                listen=self.settings.webhook_listen,
                port=self.settings.webhook_port,
                url_path=urlparse(self.settings.webhook_url).path.lstrip("/"),
                webhook_url=self.settings.webhook_url,
                # Telegram sends it with every update; a request without it is refused (403)
                secret_token=self.webhook_secret,
                allowed_updates=UPDATES,
            )
        else:
            await updater.start_polling(
                poll_interval=self.settings.poll_interval,
                timeout=timedelta(seconds=10),
                allowed_updates=UPDATES,
            )
            self._polling = next(
                (t for t in asyncio.all_tasks() if t.get_name() == POLLING_TASK), None
            )
        await self.live.start()

    async def _resolve_moderators(self) -> None:
        """Each username of ARBITRO_MODERATORS turned into the user id it names now (a
        username can change hands; an id cannot), or left out, and said so either way."""
        entries = self.settings.moderators
        self.moderator_ids = await resolve_moderators(self.app.layer, PLATFORM, entries)

    def health(self) -> tuple[bool, dict[str, str]]:
        """For ``/healthz``: whether updates still come (the polling alive, or the webhook
        listening) and whether Telegram still takes the token."""
        updater = self.application.updater
        refused = self.token_refused or self.messenger.token_refused
        details = {"token": "refused" if refused else "valid"}
        if self.settings.webhook_url:
            listening = updater is not None and updater.running
            details["webhook"] = "listening" if listening else "stopped"
            return listening and not refused, details
        alive = self._polling is not None and not self._polling.done()
        details["polling"] = "alive" if alive else "stopped"
        return alive and not refused, details

    async def lost(self) -> None:
        """Returns (or raises :class:`InvalidToken`) only when updates stop coming of
        themselves: the token revoked, the polling ended. A webhook is served until stopped."""
        if self._polling is None:
            await asyncio.Event().wait()
            return
        try:
            await asyncio.shield(self._polling)
        except InvalidToken:
            self.token_refused = True
            raise

    async def quiesce(self, grace: float) -> None:
        """Take no more updates, and process those taken (each one in the database since it
        arrived), for at most ``grace`` seconds: what is left is processed on the next start."""
        if self.application.updater is not None and self.application.updater.running:
            try:
                await self.application.updater.stop()
            except TelegramError as error:  # the polling had ended on it (a revoked token)
                log.info("the polling had stopped: %s", error)
        if self.application.running:
            try:
                await asyncio.wait_for(self.application.stop(), grace)
            except TimeoutError:
                log.warning(
                    "updates still being handled after %.0f s: left for the next start", grace
                )

    async def stop(self) -> None:
        await self.live.stop()
        await self.quiesce(self.settings.stop_grace)
        await self.application.shutdown()

    async def set_menus(self) -> None:
        """Command menus in each language: every command in groups, personal ones in private."""
        translator = self.app.layer.translator
        for lang in (None, *MENU_LANGUAGES):
            reader = lang or "en"
            group = [
                BotCommand(name, translator.format(reader, f"command-{name}")) for name in REGISTRY
            ]
            private = [command for command in group if REGISTRY[command.command].personal]
            await self.application.bot.set_my_commands(
                group, BotCommandScopeAllGroupChats(), language_code=lang
            )
            await self.application.bot.set_my_commands(
                private, BotCommandScopeAllPrivateChats(), language_code=lang
            )

    # ---- incoming ------------------------------------------------------------------------
    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A message, or an edit of one: an edit counts against flooding like a message and
        is never run as a command (Telegram sends the whole edited text again)."""
        edited = update.edited_message is not None
        message = update.edited_message or update.message
        if message is None or message.from_user is None:
            return
        if edited and message.chat.type == ChatType.PRIVATE:
            return  # a private chat has no flood to count
        # an administrator writing anonymously speaks as the group itself
        anonymous = message.sender_chat is not None and message.sender_chat.id == message.chat.id
        as_channel = channel_post(message)
        if message.from_user.is_bot and not anonymous and not as_channel:
            return
        said = read_message(message, self.username)
        if said.for_other_bot:
            return
        user = message.from_user
        private = message.chat.type == ChatType.PRIVATE
        if private:
            chat = await self.app.layer.open_private_chat(PLATFORM, str(user.id))
            translator = self.app.layer.translator
            lang = translator.language(user.language_code)
            if said.text.split()[:1] == ["/start"] or chat is None:
                welcome = "telegram-welcome" if chat else "telegram-private-first"
                await message.reply_text(translator.format(lang, welcome))
                return
        else:
            chat = str(message.chat.id)
        key = key_of(update)
        thread = message.message_thread_id if message.is_topic_message else None
        origin = Origin(PLATFORM, None, private, reply_to=message.message_id, thread=thread)
        text, mentions, club = said.text, said.mentions, None
        if not (private or edited or anonymous or as_channel):  # a moderators' group's?
            report = self._report_of(message)
            # answering a report's notice names the report, not the bot who posted it
            heard = (
                said if report is None else read_message(message, self.username, reply_names=False)
            )
            club = await self.app.layer.from_log(PLATFORM, chat, heard.text, report)
        if club is not None:  # about the club's report: run in the club, answered here
            (chat, text), mentions = club, heard.mentions
            origin = replace(origin, thread=None, log=True)
        if anonymous:
            incoming = self._anonymous(message, chat, text, mentions, key, origin)
            incoming = await self._with_staff(incoming)
        elif as_channel:
            incoming = self._as_channel(message, chat, text, key, origin)
        else:
            incoming = await self._incoming(chat, user, text, mentions, key, origin)
        incoming = replace(
            incoming, quoted=said.quoted, album=message.media_group_id, edited=edited
        )
        if club is None:  # the messages of a moderators' group are none of the club's
            incoming = self._with_message(incoming, message)
        if edited:
            await self._to_layer(update, self.app.layer.handle(incoming))
            return
        parsed = split_command(text)
        if parsed is not None and parsed[0] == "settings" and not private:
            incoming = replace(incoming, bot_rights=await self.rights(int(chat)))
        wanted = REGISTRY.get(parsed[0]) if parsed is not None else None
        if self.settings.confirm_stops and wanted is not None and wanted.confirmed:
            await self._to_layer(update, self.app.layer.propose(incoming))
        else:
            await self._to_layer(update, self.app.layer.handle(incoming))  # recorded, then sent

    async def on_migrate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The group became a supergroup: Telegram says so in both chats; the first word
        moves the club to the new id."""
        message = update.message
        if message is None:
            return
        if message.migrate_to_chat_id:
            old, new = message.chat.id, message.migrate_to_chat_id
        elif message.migrate_from_chat_id:
            old, new = message.migrate_from_chat_id, message.chat.id
        else:
            return
        if await self.app.layer.move_chat(PLATFORM, str(old), str(new)):
            log.warning("group %s became supergroup %s: its club moved with it", old, new)

    async def on_new_members(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """People joined the group: each is greeted and, where the chat asks for it, kept
        muted until he presses the check button (bots that join are left alone)."""
        message = update.message
        if message is None or message.chat.type == ChatType.PRIVATE:
            return
        chat, key = str(message.chat.id), key_of(update)
        # a reply thread outside a forum topic carries an id too: only a topic is one
        thread = message.message_thread_id if message.is_topic_message else None
        for user in message.new_chat_members:
            if user.is_bot:
                continue
            origin = Origin(PLATFORM, None, False, thread=thread)
            incoming = await self._incoming(chat, user, "", {}, f"{key}:{user.id}", origin)
            await self.app.layer.joined(incoming, check=True)

    async def on_join_request(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Someone asks to join: where the group checks its new members, he is challenged in
        his private chat (Telegram lets the bot write there for five minutes: the request's
        ``user_chat_id``, his user id) and let in or turned down by his answer; during a raid
        the request waits for the administrators, as it does in a group that checks nobody."""
        request = update.chat_join_request
        if request is None:
            return
        chat, key = str(request.chat.id), f"{key_of(update)}:{request.from_user.id}"
        origin = Origin(PLATFORM, None, True)  # answered in his private chat
        incoming = await self._incoming(chat, request.from_user, "", {}, key, origin)
        await self.app.layer.joined(incoming, check=True, request=True)

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A press is answered whatever it carries: run as its presser's command in the chat
        it was pressed in, a proposal settled or a page turned only where they belong, and
        anything stale or forged said to be so."""
        query = update.callback_query
        if query is None or query.message is None:
            return
        translator = self.app.layer.translator
        lang = translator.language(query.from_user.language_code)
        press = decode(query.data or "")
        if press is None:
            await query.answer(translator.format(lang, "button-expired"), show_alert=True)
            return
        if press.owner is not None and press.owner != str(query.from_user.id):
            await query.answer(translator.format(lang, "button-not-yours"), show_alert=True)
            return
        private = query.message.chat.type == ChatType.PRIVATE
        if press.page is not None:
            await self._turn_page(query, private, lang, *press.page)
            return
        chat = (  # pressed privately: in the community the button belongs to
            await self.app.layer.pressed_privately(
                PLATFORM, str(query.from_user.id), press.community
            )
            if private
            else str(query.message.chat.id)
        )
        if chat is None:
            await query.answer(translator.format(lang, "button-expired"), show_alert=True)
            return
        thread = getattr(query.message, "message_thread_id", None)
        origin = Origin(PLATFORM, None, private, thread=thread, alert=True)
        club = None if private else await self.app.layer.logged_for(PLATFORM, chat)
        if club is not None:  # pressed in a moderators' group: it acts in the chat it logs
            chat, origin = club, replace(origin, thread=None, log=True)
        incoming = await self._incoming(
            chat, query.from_user, press.command or "", {}, key_of(update), origin
        )
        if press.proposal is not None:
            outputs = await self._to_layer(
                update, self.app.layer.settle(incoming, press.proposal, press.confirm)
            )
        else:
            outputs = await self._to_layer(update, self.app.layer.handle(incoming))
        refusal = next((o for o in outputs if o.ruling_type == "refused"), None)
        await query.answer(
            utf16_prefix(refusal.text, 190) if refusal else None, show_alert=bool(refusal)
        )
        if press.proposal is not None and outputs and refusal is None:
            try:  # settled: its buttons go
                await query.edit_message_reply_markup(None)
            except TelegramError as error:
                log.info("could not remove the buttons of a settled proposal: %s", error)

    async def _turn_page(
        self, query: CallbackQuery, private: bool, lang: str, token: str, number: int
    ) -> None:
        """Another page of a long answer, in place of the one shown: only in the chat it was
        sent to, and an answer meant for one member only for him."""
        assert query.message is not None
        viewer = Viewer(
            PLATFORM, None if private else str(query.message.chat.id), str(query.from_user.id)
        )
        turned = await self.app.delivery.turn_page(token, number, viewer)
        if turned.refused is not None:
            text = self.app.layer.translator.format(lang, turned.said)
            await query.answer(text, show_alert=True)
            return
        try:
            if getattr(query.message, "photo", None):
                await query.edit_message_caption(
                    caption=turned.text, reply_markup=keyboard(turned.buttons)
                )
            else:
                await query.edit_message_text(turned.text, reply_markup=keyboard(turned.buttons))
        except TelegramError as error:
            log.info("could not turn the page: %s", error)
        await query.answer()

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("update %s failed", getattr(update, "update_id", "?"), exc_info=context.error)

    async def _incoming(
        self,
        chat: str,
        user: User,
        text: str,
        mentions: dict,
        update_key: str,
        origin: Origin | None = None,
    ) -> Incoming:
        incoming = Incoming(
            PLATFORM,
            chat,
            author_of(user, False),
            text,
            self.clock(),
            mentions=mentions,
            update_key=update_key,
            defaults={"rulebook": for_new_chat(PLATFORM), "lang": "it"},
            origin=origin,
        )
        return await self._with_staff(incoming)

    async def _with_staff(self, incoming: Incoming) -> Incoming:
        """Who moderates the chat, as Telegram and ARBITRO_MODERATORS say: the speaker, each
        member his command names (a mention, a text mention, a reply), and anyone else
        the command layer finds by name."""
        chat_id = int(incoming.chat)
        admins = await self.administrators(chat_id) if chat_id < 0 else frozenset()
        staff = frozenset(str(user_id) for user_id in admins | self.moderator_ids)
        author = incoming.author
        named = {
            token: replace(mentioned, is_admin=mentioned.is_admin or mentioned.key in staff)
            for token, mentioned in incoming.mentions.items()
        }
        return replace(
            incoming,
            author=replace(author, is_admin=author.is_admin or author.key in staff),
            mentions=named,
            staff=staff,
        )

    def _anonymous(
        self,
        message: Message,
        chat: str,
        text: str,
        mentions: dict,
        update_key: str,
        origin: Origin | None = None,
    ) -> Incoming:
        """Only a group's administrators can write as the group: a moderator, known by the
        title he signs with (or the group's name)."""
        name = message.author_signature or message.chat.title or "admin"
        author = Author(f"anon{message.chat.id}", name, None, is_admin=True)
        return Incoming(
            PLATFORM,
            chat,
            author,
            text,
            self.clock(),
            mentions=mentions,
            update_key=update_key,
            defaults={"rulebook": for_new_chat(PLATFORM), "lang": "it"},
            origin=origin,
        )

    def _as_channel(
        self, message: Message, chat: str, text: str, update_key: str, origin: Origin
    ) -> Incoming:
        """A post made as a channel: the channel speaks (never a moderator)."""
        sender = message.sender_chat
        assert sender is not None
        author = Author(f"chat{sender.id}", sender.title or str(sender.id), None)
        return Incoming(
            PLATFORM,
            chat,
            author,
            text,
            self.clock(),
            update_key=update_key,
            defaults={"rulebook": for_new_chat(PLATFORM), "lang": "it"},
            origin=origin,
        )

    def _report_of(self, message: Message) -> int | None:
        """The report whose notice, posted by the bot, the message answers (read from that
        notice's buttons, which Telegram gives with it); None when it answers no report."""
        replied = message.reply_to_message
        if replied is None or replied.from_user is None:
            return None
        if replied.from_user.id != self.application.bot.id or replied.reply_markup is None:
            return None
        for row in replied.reply_markup.inline_keyboard:
            for button in row:
                data = button.callback_data
                found = report_of(data) if isinstance(data, str) else None
                if found is not None:
                    return found
        return None

    @staticmethod
    def _with_message(incoming: Incoming, message: Message) -> Incoming:
        """The message's own id, the one it answers and its author, and what it carries."""
        carries, hidden = carried_by(message)
        replied = message.reply_to_message
        if replied is not None and replied.message_id == message.message_thread_id:
            replied = None  # a forum topic's first message is no reply
        author = replied.from_user if replied is not None else None
        return replace(
            incoming,
            message=str(message.message_id),
            replied=str(replied.message_id) if replied is not None else None,
            replied_author=author_of(author, False) if author is not None else None,
            replied_age=message.date - replied.date if replied is not None else None,
            carries=carries,
            hidden_links=hidden,
        )

    async def rights(self, chat_id: int) -> frozenset[str] | None:
        """What the bot may do in a group, as the command layer names it (None: unknown)."""
        try:
            me = await self.application.bot.get_chat_member(chat_id, self.application.bot.id)
        except TelegramError as error:
            log.info("could not read the bot's rights in %s: %s", chat_id, error)
            return None
        if me.status == "creator":
            return frozenset(RIGHTS)
        found = {"attach_files"}  # members may send files unless the group forbids them
        if getattr(me, "can_restrict_members", False):
            found |= {"mute", "ban", "kick"}
        if getattr(me, "can_delete_messages", False):
            found.add("delete")
        return frozenset(found)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """The chat's administrators are its moderators."""
        return chat_id < 0 and user_id in await self.administrators(chat_id)

    async def administrators(self, chat_id: int) -> frozenset[int]:
        """A group's administrators, asked of Telegram once (one question, not one per
        message) and kept until Telegram says that a member's status changed, or a while
        has passed."""
        cached = self._admins.get(chat_id)
        now = time.monotonic()
        if cached is not None and now - cached[0] < self.settings.admin_cache_seconds:
            return cached[1]
        try:
            found = await self.application.bot.get_chat_administrators(chat_id)
            admins = frozenset(member.user.id for member in found)
        except TelegramError as error:
            log.info("administrators of %s unknown: %s", chat_id, error)
            admins = cached[1] if cached is not None else frozenset()
        self._admins[chat_id] = (now, admins)
        return admins

    async def on_chat_member(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A member's status changed (made or unmade an administrator): asked again."""
        changed = update.chat_member or update.my_chat_member
        if changed is not None:
            self._admins.pop(changed.chat.id, None)
