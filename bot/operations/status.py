"""``python -m bot status``: what waits to be sent, what was given up, what comes next,
read from the database alone (the bot may be running or not)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.storage.database import Database
from bot.storage.health import dead_messages, next_timers, outbox_health, pending_timers

SHOWN = 10  # dead messages and timers listed


def _when(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _age(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{days} d {hours} h"
    return f"{hours} h {minutes} min" if hours else f"{minutes} min {seconds} s"


async def status_report(database: Database, now: datetime) -> tuple[str, bool]:
    """The report, and whether all is well (nothing given up, nothing waiting for long)."""
    async with database.transaction() as tx:
        outbox = await outbox_health(tx)
        dead = await dead_messages(tx, SHOWN)
        timers = await next_timers(tx, SHOWN)
        pending = await pending_timers(tx)
    lines = []
    waited = (now - outbox.oldest).total_seconds() if outbox.oldest else 0.0
    line = f"Outbox: {outbox.waiting} waiting"
    if outbox.oldest is not None:
        line += f", the oldest for {_age(waited)}"
    lines.append(line + f"; {outbox.dead} given up")
    for message in dead:
        lines.append(
            f"  given up #{message.id} {message.platform} {message.chat}, decided"
            f" {_when(message.at)}, given up {_when(message.dead_at)}: {message.error}"
        )
    lines.append(f"Timers: {pending} pending")
    for timer in timers:
        overdue = " (overdue)" if timer.due <= now else ""
        lines.append(f"  {_when(timer.due)}{overdue} {timer.kind} {timer.platform} {timer.chat}")
    healthy = outbox.dead == 0 and waited < 600
    return "\n".join(lines), healthy
