"""``python -m bot console``: an interactive chat in the terminal, on the real clock."""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.app import App
from bot.console.script import Directive, ScriptError, parse_line, settings_from
from bot.console.session import ChatSession

BANNER = (
    "Arbitro console — type 'NAME: /command …' (e.g. 'alice: /help'), "
    "'@admins NAME…' to name moderators, Ctrl-D to quit."
)


async def console(
    app: App,
    defaults: dict[str, Any],
    images: Path | None = None,
    new_chat: dict[str, Any] | None = None,
) -> None:
    """``defaults`` change the chat's settings; ``new_chat`` are a chat's first settings,
    when the database has none for it yet."""
    session = ChatSession(app, sys.stdout, as_json=False, images=images)
    await session.configure(defaults, new_chat=new_chat)

    live = app.live()
    await live.start()
    print(BANNER, flush=True)
    loop = asyncio.get_running_loop()
    number = 0
    try:
        while True:
            raw = await loop.run_in_executor(None, sys.stdin.readline)
            if not raw:
                break
            number += 1
            try:
                item = parse_line(number, raw, timed=False)
            except ScriptError as error:
                print(error, flush=True)
                continue
            if item is None:
                continue
            if isinstance(item, Directive):
                if item.name == "community":
                    await session.configure(settings_from(item.values, item.line))
                elif item.name == "admins":
                    await session.configure({"admins": list(item.values)})
                continue
            await session.say(item.name, item.text, datetime.now(UTC))
    finally:
        await live.stop()
