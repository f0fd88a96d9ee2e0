"""What keeps reports from being turned against the club: a member reports within the chat's
``report_limit``, and a measure taken on a report gives the moderator's own reason, or the
text of the chat's rule it cites, never the reporter's words as the public reason."""

from __future__ import annotations

from bot.discipline.errors import RuleViolation
from bot.discipline.reports import report_limit_of
from bot.handlers._core import Context


async def within_report_limit(ctx: Context) -> None:
    """A member makes at most the chat's ``report_limit`` reports within its window (a
    moderator is not counted)."""
    limit = report_limit_of(ctx.community.settings.get("report_limit"))
    if limit is None or ctx.is_moderator:
        return
    made = await ctx.store.rulings.actions_since(
        ctx.cid, ctx.actor_key, "report", ctx.now - limit.window
    )
    if not limit.allows(made):
        raise RuleViolation(
            "report_limit",
            reason="report_limit",
            reports=limit.reports,
            window_seconds=int(limit.window.total_seconds()),
        )


async def own_reason(ctx: Context, reason: str | None, rule: int | None, report: int) -> str:
    """The public reason of a measure on report ``report``: the moderator's, else the text
    of the chat's rule cited; with neither he is asked for his own (a button's press), to
    type in the moderators' group when the report's button was pressed there."""
    if reason:
        return reason
    if rule is not None:
        return (await ctx.store.sanctions.chat_rules(ctx.cid)).cite(rule).text
    origin = ctx.incoming.origin if ctx.incoming is not None else None
    where = "log" if origin is not None and origin.log else "chat"  # where he types it
    raise RuleViolation("report_reason_needed", reason="bad_input", ruling=report, where=where)


__all__ = ["own_reason", "within_report_limit"]
