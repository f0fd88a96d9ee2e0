"""``python -m bot replay SCRIPT``: a chat script on a simulated clock (CONSOLE.md)."""

from __future__ import annotations

import hashlib
import random
import sys
import tempfile
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import TextIO
from zoneinfo import ZoneInfoNotFoundError

from bot.app import App
from bot.console.script import Directive, ScriptError, parse_instant, parse_line, settings_from
from bot.console.session import ChatSession
from bot.discipline.errors import DomainError
from bot.handlers._core import DRAWN_NUMBERS
from bot.handlers.common import SETTABLE


def replayed_number(at: datetime) -> int:
    """The bot's own draw in a replay: a number read off the line's moment, the same in every
    run of the script (a real draw is unpredictable, ``unpredictable_number``)."""
    digest = hashlib.sha256(at.isoformat().encode()).digest()
    return int.from_bytes(digest[:8], "big") % DRAWN_NUMBERS


async def replay(
    script: Path,
    *,
    db: str | None = None,
    as_json: bool = False,
    out: TextIO = sys.stdout,
    images: Path | None = None,
    platform: str | None = None,
) -> None:
    """Run ``script``; with ``db`` the database is kept and the clock resumes where it was:
    the same script run again on its database goes on from where it stopped (a line already
    recorded is recognised, not recorded twice)."""
    with tempfile.TemporaryDirectory() as scratch:
        async with App.from_url(db or str(Path(scratch) / "replay.db")) as app:
            app.layer.chance = replayed_number  # a case replays the same draws every time
            # and the same join challenges: a script is read again, never guessed
            app.layer.secrets = random.Random(script.name)  # noqa: S311
            session = ChatSession(app, out, as_json, images=images, platform=platform)
            clock = resumed = await app.timers.simulated_clock()
            if clock is not None:  # what was recorded but never printed: printed now
                await session.ensure_configured()  # in the community's time zone
                await app.delivery.release_leases(all_holders=True)  # its sender is gone
                while await app.delivery.flush(clock):
                    pass
            said: Counter[tuple[str, str, str]] = Counter()
            lines = script.read_text(encoding="utf-8").splitlines()
            for number, raw in enumerate(lines, 1):
                item = parse_line(number, raw)
                if item is None:
                    continue
                if isinstance(item, Directive):
                    if not _done(item, resumed, session):
                        clock = await _directive(session, item, clock)
                    continue
                assert item.at is not None
                at = item.at if item.at.tzinfo else item.at.replace(tzinfo=session.zone)
                if resumed is not None and at < resumed:
                    continue  # replayed again on its database: done before it was stopped
                if clock is not None and at < clock:
                    raise ScriptError(number, "timestamps never go backwards")
                await session.ensure_configured()
                await session.advance(at, stepwise=True)
                speaker = f"{item.name}@dm" if item.private else item.name
                line = (at.isoformat(), speaker, item.text)
                said[line] += 1
                key = _line_key(line, said[line])
                await session.say(item.name, item.text, at, key, private=item.private)
                clock = at
                await session.app.timers.save_simulated_clock(at)


async def _directive(
    session: ChatSession, item: Directive, clock: datetime | None
) -> datetime | None:
    if item.name == "community":
        settings = settings_from(item.values, item.line)
        unknown = sorted(set(settings) - set(SETTABLE))
        if unknown:
            known = ", ".join(SETTABLE)
            raise ScriptError(item.line, f"@community has no {unknown[0]!r} (it takes {known})")
        try:
            await session.configure(settings)
        except DomainError as error:
            raise ScriptError(item.line, f"@community: {error}") from None
        except ZoneInfoNotFoundError:
            raise ScriptError(item.line, f"@community: no time zone {settings['tz']!r}") from None
    elif item.name == "admins":
        await session.configure({"admins": list(item.values)})
    elif item.name == "join":  # @join TIMESTAMP NAME…: they join the chat at that instant
        if len(item.values) < 2:
            raise ScriptError(item.line, "@join takes an instant and the names who join")
        await session.ensure_configured()
        at = parse_instant(item.values[0], session.zone)
        if clock is not None and at < clock:
            raise ScriptError(item.line, "timestamps never go backwards")
        await session.advance(at, stepwise=True)
        for name in item.values[1:]:
            await session.join(name, at, key=f"join:{at.isoformat()}:{name}")
        await session.app.timers.save_simulated_clock(at)
        return at
    elif item.name == "until":
        if len(item.values) != 1:
            raise ScriptError(item.line, "@until takes one instant")
        await session.ensure_configured()
        until = parse_instant(item.values[0], session.zone)
        if clock is not None and until < clock:
            raise ScriptError(item.line, "timestamps never go backwards")
        await session.advance(until, stepwise=True)
        await session.app.timers.save_simulated_clock(until)
        return until
    return clock


def _done(item: Directive, resumed: datetime | None, session: ChatSession) -> bool:
    """An @until the database's clock is already past (the script is being resumed)."""
    if item.name != "until" or resumed is None or len(item.values) != 1:
        return False
    return parse_instant(item.values[0], session.zone) < resumed


def _line_key(line: tuple[str, str, str], occurrence: int) -> str:
    """A script line's identity: its instant, speaker and text (and which of equal lines at
    one instant it is). A resumed replay that says it again is recognised, not recorded twice."""
    digest = hashlib.sha256("\x00".join((*line, str(occurrence))).encode()).hexdigest()
    return digest[:32]
