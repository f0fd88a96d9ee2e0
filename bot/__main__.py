"""``python -m bot [run|console|replay|web|status]`` — see README.md."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import signal
import sys
from collections.abc import Coroutine
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.config import Settings, load_settings
from bot.i18n import SUPPORTED as LANGS
from bot.logs import configure as configure_logging
from bot.ports.rulebooks import for_new_chat
from bot.ports.rulebooks import load as load_rulebooks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Arbitro referee bot")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="Telegram or Discord when a token is set, else the console")
    chat = commands.add_parser("console", help="an interactive chat in the terminal")
    chat.add_argument("--db", help="database URL or SQLite path (default: ARBITRO_DATABASE_URL)")
    rulebooks = load_rulebooks()
    chat.add_argument(
        "--rulebook", choices=rulebooks, help=f"a new chat's: {for_new_chat('console')}"
    )
    chat.add_argument("--lang", choices=LANGS, help="a new chat's: en")
    chat.add_argument("--tz", default=None)
    chat.add_argument("--admins", help="comma-separated moderator names (a new chat's: admin)")
    chat.add_argument("--images", type=Path, help="write the pictures (cards, standings) here")
    play = commands.add_parser("replay", help="run a chat script on a simulated clock")
    play.add_argument("script", type=Path)
    play.add_argument("--db", help="keep the database here; the clock resumes where it stopped")
    play.add_argument("--json", action="store_true", help="one JSON object per message")
    play.add_argument("--images", type=Path, help="write the pictures here; JSON names each file")
    play.add_argument(
        "--platform",
        choices=("telegram", "discord"),
        help="print the messages as that platform would receive them (cut to its limits)",
    )
    pages = commands.add_parser("web", help="serve the public pages alone (no chat)")
    pages.add_argument("--db", help="database URL or SQLite path (default: ARBITRO_DATABASE_URL)")
    pages.add_argument("--port", type=int, help="default: ARBITRO_WEB_PORT, else 8080")
    pages.add_argument("--host", help="default: ARBITRO_WEB_HOST, else 127.0.0.1")
    pages.add_argument(
        "--print-links",
        action="store_true",
        help="print each community's address (giving one to those without) and exit",
    )
    state = commands.add_parser(
        "status",
        help="what waits to be sent, what was given up, the next timers"
        " (exit 1: unwell, 2: no database there, 3: unreachable)",
    )
    state.add_argument("--db", help="database URL or SQLite path (default: ARBITRO_DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except ValueError as error:
        print(f"arbitro: {error}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.secrets)
    from bot.storage.database import DatabaseInUse, DatabaseUnreachable

    try:
        return _command(args, settings)
    except DatabaseInUse as error:  # a second process on one SQLite file
        print(f"arbitro: {error}", file=sys.stderr)
        return 2
    except DatabaseUnreachable as error:  # a start that cannot succeed: one line, as tokens
        print(f"arbitro: {error}", file=sys.stderr)
        return 3


def _command(args: argparse.Namespace, settings: Any) -> int:
    if args.command == "replay":
        if hasattr(signal, "SIGPIPE"):  # `replay … | head`: end quietly, as other tools do
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        from bot.console.replay import replay
        from bot.console.script import ScriptError

        try:
            asyncio.run(
                until_stopped(
                    replay(
                        args.script,
                        db=args.db,
                        as_json=args.json,
                        images=args.images,
                        platform=args.platform,
                    )
                )
            )
        except (ScriptError, OSError) as error:
            print(f"replay: {error}", file=sys.stderr)
            return 2
        return 0
    if args.command == "web":
        return _web(args, settings)
    if args.command == "status":
        return _status(args, settings)
    if args.command in (None, "run") and (settings.telegram_token or settings.discord_token):
        return _platforms(settings)
    return _console(args, settings)


async def until_stopped(work: Coroutine[Any, Any, None]) -> None:
    """``work`` until it ends or a SIGTERM stops it, as Ctrl-C does: each command is one
    transaction, so what was decided is kept (and what it said and was not shown yet is
    shown at the next run on the same database); the exit status is 0."""
    task = asyncio.ensure_future(work)
    loop = asyncio.get_running_loop()
    stopped = False

    def stop() -> None:
        nonlocal stopped
        stopped = True
        task.cancel()

    loop.add_signal_handler(signal.SIGTERM, stop)
    try:
        await task
    except asyncio.CancelledError:
        if not stopped:
            raise
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def freeze_start_up() -> None:
    """What start-up loaded lives as long as the process: the garbage collector's full passes
    skip it from now on (bench/run.py: the longest pause in a command fell from about 21 ms
    to 5–7 ms)."""
    gc.freeze()


def _platforms(settings: Settings) -> int:
    """Telegram, Discord or both, as their tokens say, in this one process."""
    from bot.platforms.run import StartFailed, serve

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(settings, freeze_start_up))
    except StartFailed as error:
        print(f"arbitro: {error}", file=sys.stderr)
        return 3
    return 0


def _status(args: argparse.Namespace, settings: Settings) -> int:
    """A read-only look: nothing is created or migrated, and a database a running bot holds
    is read beside it."""
    from datetime import UTC, datetime

    from bot.operations import status_report
    from bot.storage.database import DatabaseMissing, database_from_url

    database = database_from_url(args.db or settings.database_url, read_only=True)

    async def run() -> tuple[str, bool]:
        await database.open()
        try:
            return await status_report(database, datetime.now(UTC))
        finally:
            await database.close()

    try:
        report, healthy = asyncio.run(run())
    except DatabaseMissing as error:
        print(f"arbitro: {error}", file=sys.stderr)  # never made here
        return 2
    print(report)
    return 0 if healthy else 1


def _web(args: argparse.Namespace, settings: Settings) -> int:
    from dataclasses import replace
    from datetime import UTC, datetime

    from bot.app import App
    from bot.web import WebPages, links

    settings = replace(
        settings,
        web_port=args.port or settings.web_port or 8080,
        web_host=args.host or settings.web_host,
    )
    app = App.from_url(args.db or settings.database_url)
    base = settings.public_web_url or ""

    async def run() -> None:
        async with app:
            if args.print_links:
                for line in await links(app.database, base, create=True, now=datetime.now(UTC)):
                    print(line)
                return
            pages = WebPages(
                app.database, app.layer.translator, trusted_proxies=settings.trusted_proxies
            )
            await pages.start(settings.web_host, settings.web_port or 8080)
            print(f"Arbitro's public pages at {base}/ (each community's address: /web)")
            try:
                await asyncio.Event().wait()
            finally:
                await pages.stop()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run())
    return 0


def _console(args: argparse.Namespace, settings: Settings) -> int:
    from bot.app import App
    from bot.console.chat import console

    # what the command line says changes the chat; a chat kept in the database otherwise
    # keeps its own settings, and a new one starts with the console's rulebook, in English
    given: dict[str, Any] = {
        key: getattr(args, key) for key in ("rulebook", "lang", "tz") if getattr(args, key, None)
    }
    if getattr(args, "admins", None):
        given["admins"] = [a for a in args.admins.split(",") if a]
    new_chat = {"rulebook": for_new_chat("console"), "lang": "en", "admins": ["admin"]}
    app = App.from_url(
        getattr(args, "db", None) or settings.database_url,
        retention=timedelta(days=settings.retention_days),
    )

    async def run() -> None:
        from bot.platforms.run import serve_beside

        async with app, contextlib.AsyncExitStack() as stack:
            await serve_beside(app, settings, stack, print)
            freeze_start_up()
            await console(app, given, getattr(args, "images", None), new_chat=new_chat)

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(until_stopped(run()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
