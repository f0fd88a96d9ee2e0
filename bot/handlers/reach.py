"""What is for the moderators alone (a report, an appeal, a dismissal undone) reaches them:
the community's linked log where there is one, else each moderator's private chat with the
bot (on Telegram only those who have opened one). A report nobody can receive is refused,
never acknowledged."""

from __future__ import annotations

from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context

LOG, PRIVATELY = "log", "moderator"  # the two ways a ruling reaches the moderators
# the commands whose rulings may be for the moderators alone: a platform that must look its
# moderators up (Discord's member list) names them for these only
REACHING = frozenset({"report", "appeal", "undo"})


def reaches_moderators(text: str) -> bool:
    """Whether a message is a command that may have to reach each moderator privately."""
    words = text.strip().split(maxsplit=1)
    return bool(words) and words[0].lstrip("/!").split("@", 1)[0].lower() in REACHING


def moderators_of(ctx: Context) -> list[str]:
    """Everyone the platform says moderates the chat (Telegram: its administrators and
    ARBITRO_MODERATORS; Discord: members with the moderators' permissions or role); in the
    console, the names the chat was given."""
    found = set(ctx.incoming.staff) if ctx.incoming is not None else set()
    if ctx.community.platform == "console":
        found |= set(ctx.community.settings.get("admins", ()))
    return sorted(found)


async def readers(ctx: Context, *, leaving_out: str | None = None) -> list[str] | None:
    """Who receives what is for the moderators alone: None where the community has a log
    (they read it there), else each moderator his own private chat reaches (never the
    member it is about)."""
    reach = ctx.reach
    if reach is not None and reach.log_of(ctx.community) is not None:
        return None
    if reach is None and ctx.community.settings.get("log"):
        return None
    wanted = [key for key in moderators_of(ctx) if key != leaving_out]
    if reach is None:
        return wanted
    return await reach.reachable(ctx.store, ctx.community.platform, wanted)


async def to_moderators(
    ctx: Context,
    ruling: Ruling,
    *,
    required: bool = True,
    audit: str | None = None,
    reason: str | None = None,
) -> int | None:
    """Decide a ruling that only the moderators read, where they read it. Nobody to read it
    refuses it (``required``: a report, an appeal), or else tells only the moderator who
    decided it."""
    found = await readers(ctx, leaving_out=ruling.get("player"))
    if found is not None and not found:
        if required:
            raise RuleViolation(
                "no_moderator_reachable",
                reason="no_moderator_reachable",
                platform=ctx.community.platform,
            )
        found = [ctx.actor_key] if ctx.actor is not None else []
    if found is None:
        return await ctx.decide(ruling, kind=LOG, subject="", audit=audit, reason=reason)
    number = await ctx.decide(
        ruling, kind=PRIVATELY, to=found[0], subject="", audit=audit, reason=reason
    )
    ctx.messages += [(PRIVATELY, key, ruling, number) for key in found[1:]]
    return number


__all__ = [
    "LOG",
    "PRIVATELY",
    "moderators_of",
    "reaches_moderators",
    "readers",
    "to_moderators",
]
