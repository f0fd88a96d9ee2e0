"""``/slowmode <seconds|off>``: a channel's slow mode, set on the platform as an action of
the ruling (CONSOLE.md, fourth edition). Discord keeps it within six hours; Telegram's Bot
API offers no slow mode to a bot, so there the command is refused with that reason. An
``/undo`` gives the channel back the slow mode it had before."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, command
from bot.handlers.grammar import Choice, Int, Text
from bot.handlers.undo import Undoing, reverses

LONGEST = 21600  # seconds: Discord's longest slow mode (six hours)
WITHOUT_SLOW_MODE = frozenset({"telegram"})  # platforms whose bots cannot set one


@dataclass(frozen=True)
class SlowmodeArgs:
    seconds: int | None
    action: str | None
    reason: str | None


@command(
    "slowmode",
    forms=((Int("seconds", 0), Text("reason", required=False)),
           (Choice("action", ("off",)), Text("reason", required=False))),
    moderator=True,
)  # fmt: skip
async def slowmode(ctx: Context, args: SlowmodeArgs) -> None:
    """The channel it is typed in: each member waits ``seconds`` between two messages;
    ``off`` (or 0) ends it."""
    if ctx.community.platform in WITHOUT_SLOW_MODE:
        raise RuleViolation("slowmode_unsupported", platform=ctx.community.platform)
    seconds = 0 if args.action == "off" or args.seconds is None else args.seconds
    if seconds > LONGEST:
        raise RuleViolation("slowmode_too_long", reason="bad_input", limit=LONGEST, got=seconds)
    origin = ctx.incoming.origin if ctx.incoming is not None else None
    fields = {
        "seconds": seconds,
        "channel": origin.channel if origin is not None else None,
        "reason": args.reason,
    }
    # said where it was asked: "this channel" is the one it names
    await ctx.decide(Ruling("slowmode", ctx.now, "", fields), audit="slowmode", reason=args.reason)


@reverses("slowmode")
async def _undone(ctx: Context, undoing: Undoing) -> None:
    """The channel's slow mode as the moderators' settings left standing make it (the last
    of them; none: off), said and set when it is not what the channel has now."""
    channel = undoing.ruling.get("channel")
    standing = [
        (number, ruling)
        for number, ruling in await ctx.store.rulings.standing_of_kind(ctx.cid, "slowmode")
        if ruling.get("channel") == channel
    ]
    now = max([*standing, (undoing.number, undoing.ruling)], key=lambda found: found[0])[1]
    set_by_hand = [ruling for _, ruling in standing if ruling.get("amends") is None]
    seconds = set_by_hand[-1]["seconds"] if set_by_hand else 0
    if seconds == now["seconds"]:
        return
    fields = {"seconds": seconds, "channel": channel, "reason": None, "amends": undoing.number}
    await ctx.decide(Ruling("slowmode", ctx.now, "", fields))
