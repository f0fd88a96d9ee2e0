"""The reason an action on a platform carries to the platform's own log (Discord's audit
log), which names the bot as the action's author: the moderator who decided it is named in
the reason instead."""

from __future__ import annotations

from bot.discipline.kinds import Effect


def audit_reason(effect: Effect, limit: int) -> str | None:
    """``by <moderator>: <reason>`` (the bot's own measures: the reason alone), within the
    platform's ``limit`` of characters."""
    by, reason = getattr(effect, "by", None), effect.reason
    said = reason if by is None else (f"by {by}: {reason}" if reason else f"by {by}")
    if said is None or len(said) <= limit:
        return said
    return said[: limit - 1] + "…"


__all__ = ["audit_reason"]
