"""``python -m bot console``: an interactive chat in the terminal, on the real clock."""

from __future__ import annotations

import asyncio
import sys
import threading
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
    lines = typed_lines(asyncio.get_running_loop())
    number = 0
    try:
        while True:
            raw = await lines.get()
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
            await session.say(item.name, item.text, datetime.now(UTC), private=item.private)
    finally:
        await live.stop()


def typed_lines(loop: asyncio.AbstractEventLoop) -> asyncio.Queue[str]:
    """What is typed, line by line ("" at its end), read by a thread of its own that never
    holds up the process's exit (a stop while the console waits for a line)."""
    lines: asyncio.Queue[str] = asyncio.Queue()

    def hand_over(line: str) -> bool:
        try:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        except RuntimeError:  # the loop is closed: the console has ended
            return False
        return True

    def read() -> None:
        for line in iter(sys.stdin.readline, ""):
            if not hand_over(line):
                return
        hand_over("")

    threading.Thread(target=read, name="console input", daemon=True).start()
    return lines
