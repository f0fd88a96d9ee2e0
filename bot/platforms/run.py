"""Running the bot on the platforms whose tokens are set, together, in one process on one
database. A start that cannot succeed ends with one clear line (never a token); a network
that is not there yet is waited for, with growing pauses."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from bot.app import App
from bot.config import Settings
from bot.operations import serve_operations
from bot.storage.database import DatabaseNotYetUp, DatabaseUnreachable
from bot.web import serve_pages

log = logging.getLogger(__name__)
TRIES = 6  # pauses of 1, 2, 4, 8, 16 seconds between them
GRACE = 10.0  # seconds a stop gives what is in progress and what waits to be sent


class StartFailed(Exception):
    """The bot cannot start; the message says why and what to do."""


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


async def with_retries(
    what: str, attempt: Callable[[], Awaitable[Any]], unreachable: tuple[type[BaseException], ...]
) -> Any:
    """``attempt`` until it works; the network errors in ``unreachable`` are waited out."""
    for tries in range(1, TRIES + 1):
        try:
            return await attempt()
        except unreachable as error:
            if tries == TRIES:
                if isinstance(error, DatabaseUnreachable):  # it says where, without a password
                    raise StartFailed(str(error)) from None
                raise StartFailed(
                    f"cannot reach {what} ({type(error).__name__}): check the network and the"
                    " address in the settings"
                ) from None
            pause = 2 ** (tries - 1)
            say(f"{what} cannot be reached yet ({type(error).__name__}); again in {pause} s")
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


async def serve(settings: Settings, started: Callable[[], None] = lambda: None) -> None:
    """Every configured platform, until SIGTERM or SIGINT (or a platform's failure); then a
    clean stop (:func:`stop_cleanly`). A stop asked for while the bot still waits for its
    database or a platform ends the waiting at once."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stopping.set)
    app = App.from_url(settings.database_url, retention=timedelta(days=settings.retention_days))
    async with contextlib.AsyncExitStack() as stack:
        starting = asyncio.ensure_future(_start(app, settings, stack))
        stop_asked = asyncio.ensure_future(stopping.wait())
        await asyncio.wait({starting, stop_asked}, return_when=asyncio.FIRST_COMPLETED)
        if not starting.done():
            starting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await starting
            say("Arbitro stopped before it had started")
            return
        telegram, waits = starting.result()
        started()
        tasks = [asyncio.ensure_future(w) for w in waits] + [stop_asked]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        try:
            for task in done:
                task.result()  # a platform that stopped with an error says why
        finally:
            await stop_cleanly(app, telegram, pending, settings.stop_grace)


async def _start(
    app: App, settings: Settings, stack: contextlib.AsyncExitStack
) -> tuple[Any, list[Awaitable[Any]]]:
    """The database (a server started at the same time as the bot is waited for, like a
    network), the pages, the operators' port and the platforms: the running Telegram bot (or
    None) and what runs until the platforms stop."""
    await with_retries("the database", app.start, (DatabaseNotYetUp,))
    stack.push_async_callback(app.stop)
    await serve_beside(app, settings, stack, say)
    telegram: Any = None
    waits: list[Awaitable[Any]] = []
    if settings.telegram_token:
        telegram = await _telegram(app, settings, stack)
        waits.append(_watched(telegram))
    if settings.discord_token:
        waits.append(await _discord(app, settings, stack))
    return telegram, waits


async def serve_beside(
    app: App, settings: Settings, stack: contextlib.AsyncExitStack, tell: Callable[[str], None]
) -> None:
    """What is served beside the chat, as the settings ask: the public pages and the
    operators' port, each said with its address; closed with ``stack``."""
    web_url = await serve_pages(app, settings, stack)
    if web_url:
        tell(f"Public pages at {web_url}/ (each community's address: /web)")
    ops_url = await serve_operations(app, settings.ops_host, settings.ops_port, stack)
    if ops_url:
        tell(f"Health at {ops_url}/healthz, metrics at {ops_url}/metrics")


async def stop_cleanly(
    app: App, telegram: Any, running: set[asyncio.Task[Any]], grace: float = GRACE
) -> None:
    """No more updates are taken; those taken are processed; what was decided and not yet
    sent goes out, for at most ``grace`` seconds in all (what is left waits in the database
    for the next start); then the platforms and the database are closed."""
    say("Arbitro is stopping: finishing what is in progress")
    started = asyncio.get_running_loop().time()
    if telegram is not None:
        await telegram.quiesce(grace)
    left = grace - (asyncio.get_running_loop().time() - started)
    if app.delivery.messengers and left > 0:  # what still waits, while the platforms are open
        try:
            await asyncio.wait_for(app.delivery.drain(app.clock()), left)
        except TimeoutError:
            log.warning("messages still waiting after the stop's grace: sent on the next start")
    await app.live().halt()
    for task in running:
        task.cancel()
    say("Arbitro stopped")


async def _telegram(app: App, settings: Settings, stack: contextlib.AsyncExitStack) -> Any:
    from telegram.error import InvalidToken, NetworkError, TimedOut

    from bot.platforms.telegram import TelegramBot, TelegramSettings

    assert settings.telegram_token is not None
    telegram = TelegramBot(
        app,
        TelegramSettings(
            stop_grace=settings.stop_grace,
            token=settings.telegram_token,
            base_url=settings.telegram_api_url,
            webhook_url=settings.telegram_webhook_url,
            webhook_listen=settings.telegram_webhook_listen,
            webhook_port=settings.telegram_webhook_port,
            webhook_secret=settings.telegram_webhook_secret,
            moderators=settings.moderators,
            confirm_stops=settings.telegram_confirm_stops,
        ),
    )
    try:
        await with_retries("Telegram", telegram.start, (NetworkError, TimedOut, OSError))
    except InvalidToken:
        raise StartFailed("Telegram refused the token in TELEGRAM_TOKEN") from None
    stack.push_async_callback(telegram.stop)
    say(
        "Arbitro is running on Telegram"
        + (f" (webhook {settings.telegram_webhook_url})" if settings.telegram_webhook_url else "")
    )
    return telegram


async def _watched(telegram: Any) -> None:
    """Ends the process when Telegram stops giving updates of itself (a token revoked while
    running): a clear line and exit status 3, as a start that cannot succeed."""
    from telegram.error import InvalidToken

    try:
        await telegram.lost()
    except InvalidToken:
        raise StartFailed(
            "Telegram no longer accepts the token in TELEGRAM_TOKEN (revoked?): set the"
            " bot's new token and start again"
        ) from None
    raise StartFailed("Telegram's updates stopped coming: start the bot again")


async def _discord(
    app: App, settings: Settings, stack: contextlib.AsyncExitStack
) -> Awaitable[None]:
    import aiohttp
    import discord

    from bot.platforms.discord import DiscordSettings, build_bot

    assert settings.discord_token is not None
    token = settings.discord_token
    client = build_bot(
        app,
        DiscordSettings(
            token=token,
            moderator_role=settings.discord_moderator_role,
            moderators=settings.moderators,
            log_channel=settings.discord_log_channel,
            presence="presence" in settings.discord_intents,
            members="members" in settings.discord_intents,
            message_content="message_content" in settings.discord_intents,
            command_guild=settings.discord_command_guild,
            shard_count=settings.discord_shard_count,
            shard_ids=settings.discord_shard_ids,
            announce=say,
        ),
    )
    await stack.enter_async_context(client)
    try:
        await with_retries("Discord", lambda: client.login(token), (aiohttp.ClientError, OSError))
    except discord.LoginFailure:
        raise StartFailed("Discord refused the token in DISCORD_TOKEN") from None

    messenger = client.arbitro.messenger  # type: ignore[attr-defined]  # set by build_bot
    revoked = StartFailed(
        "Discord no longer accepts the token in DISCORD_TOKEN (revoked?): set the bot's new"
        " token and start again"
    )

    async def connect() -> None:
        """Until the gateway ends, or a request is refused for the token (401: the bot's
        messages wait for the next start, with a new token)."""
        connecting = asyncio.ensure_future(client.connect(reconnect=True))
        refused = asyncio.ensure_future(messenger.revoked.wait())
        try:
            await asyncio.wait({connecting, refused}, return_when=asyncio.FIRST_COMPLETED)
        finally:  # a stop cancels both
            for task in (connecting, refused):
                task.cancel()
        if refused.done() and not refused.cancelled():
            raise revoked
        try:
            connecting.result()
        except discord.ConnectionClosed as closed:
            if closed.code != 4004:  # 4004: authentication failed (a revoked token)
                raise
            messenger.refuse_token()
            raise revoked from None
        except discord.PrivilegedIntentsRequired:
            raise StartFailed(
                "Discord refuses the privileged intents asked for (DISCORD_INTENTS="
                f"{','.join(settings.discord_intents)}): enable them for the bot in the"
                " Developer Portal, or leave them out of DISCORD_INTENTS"
            ) from None

    say("Arbitro is running on Discord")
    return connect()
