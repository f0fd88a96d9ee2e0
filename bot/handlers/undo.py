"""``/undo N``: a moderator reverses any decision by its number (RULES §3, Corrections).

One design for every kind: the ruling is marked reversed (it stays in the log), the aggregate
it changed is told to forget it and derives again what followed from it (a discipline
record's stops and card, a tournament's ladder steps and table points, a match's state, the
standings), and every consequence is announced as a new ruling citing the one it amends. A
rulebook's kinds are reversed beside its commands (:func:`reverses`), the chat's own here (its
conduct, mutes and bans, its rules, its reports); a kind with no reverser is not a decision
that can be undone (``not_undoable``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.discipline.conduct import BAN, MUTE, ChatRule
from bot.discipline.errors import RuleViolation
from bot.discipline.kinds import moderators_alone
from bot.discipline.rulings import Ruling
from bot.handlers import moderation
from bot.handlers._core import Context, command
from bot.handlers.grammar import Int, Text
from bot.handlers.reach import to_moderators


@dataclass(frozen=True)
class Undoing:
    number: int  # the ruling undone
    ruling: Ruling
    by: int  # the ``undone`` ruling's number
    reason: str
    replaced: int | None = None  # the later ruling that had replaced it, if one had


# decisions about who sits where, and when play starts and ends: their own commands change them
SEATING = {
    "table_opened",
    "seated",
    "stood",
    "table_closed",
    "match_started",
    "ready",
    "next_hand",
    "seating",
    "substitution",
}
# what to do instead, for a decision /undo does not take back
OWN_HINTS = {
    "settings_changed": "settings",
    "kicked": "kicked",
    "flood_muted": "flood_muted",
    "report": "report",
    "undone": "undone",
    "seating_plan": "seating_plan",
    "seating_withdrawn": "seating_plan",
}
Reverser = Callable[[Context, Undoing], Awaitable[None]]
REVERSERS: dict[str, Reverser] = {}
# kinds whose reverser judges itself whether a later ruling replaced the one undone (a
# sheet's points announced again after a penalty replace the ruling, not the sheet it holds)
JUDGES_REPLACEMENT: set[str] = set()


def reverses(*kinds: str, judges_replacement: bool = False) -> Callable[[Reverser], Reverser]:
    """Register how a decision of these kinds is taken back (beside the commands that make
    it); elsewhere a decision another one replaced is refused as ``superseded``."""

    def register(reverser: Reverser) -> Reverser:
        for kind in kinds:
            REVERSERS[kind] = reverser
            if judges_replacement:
                JUDGES_REPLACEMENT.add(kind)
        return reverser

    return register


@dataclass(frozen=True)
class UndoArgs:
    ruling: int
    reason: str


@command("undo", Int("ruling", 1, shown="N"), Text("reason"), moderator=True)
async def undo(ctx: Context, args: UndoArgs) -> None:
    number, reason = args.ruling, args.reason
    found = await ctx.store.rulings.ruling(ctx.cid, number)
    if found is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=number)
    reverser = REVERSERS.get(found.type)
    if reverser is None:
        hint = OWN_HINTS.get(found.type) or ("seats" if found.type in SEATING else "consequence")
        raise RuleViolation("not_undoable", reason="not_undoable", ruling=number, hint=hint)
    if await was_undone(ctx, number):
        raise RuleViolation("already_undone", reason="already_undone", ruling=number)
    replaced = await ctx.store.rulings.reversed_by(ctx.cid, number)
    if replaced is not None and found.type not in JUDGES_REPLACEMENT:
        raise RuleViolation("superseded", reason="superseded", ruling=number, by=replaced)
    player = found.get("player")
    fields = {"amends": number, "decision": found.type, "player": player, "reason": reason}
    undone = Ruling("undone", ctx.now, "", fields)
    if moderators_alone(found.type):  # a dismissal taken back: the moderators' alone
        by = await to_moderators(ctx, undone, required=False, audit="undo", reason=reason)
    else:
        by = await ctx.decide(
            undone,
            kind="notice",
            subject=player or "",
            people=set(vp) if isinstance(vp := found.get("vp"), dict) else set(),
            audit="undo",
            reason=reason,
        )
    assert by is not None
    await ctx.store.rulings.reverse(ctx.cid, [number], by)
    await reverser(ctx, Undoing(number, found, by, reason, replaced))


async def was_undone(ctx: Context, number: int) -> bool:
    """Whether a ruling stands no more because it was undone (not merely replaced): by its
    own /undo (also after a consequence had replaced it), or with the ruling an /undo took
    back (an abandonment's warning)."""
    if await ctx.store.rulings.undone_by(ctx.cid, number) is not None:
        return True
    by = await ctx.store.rulings.reversed_by(ctx.cid, number)
    reverser = None if by is None else await ctx.store.rulings.ruling(ctx.cid, by)
    return reverser is not None and reverser.type == "undone"


# ---- chat moderation ------------------------------------------------------------------------
@reverses("conduct_warning")
async def _conduct_warning(ctx: Context, undoing: Undoing) -> None:
    """The warnings left are counted again: a measure they no longer call for is lifted or
    shortened, never imposed."""
    record = await ctx.store.sanctions.conduct(ctx.cid, undoing.ruling["player"])
    changed = record.withdraw_warning(
        undoing.number, ctx.now, moderation.window_of(ctx), moderation.ladder_of(ctx)
    )
    await moderation.announce_changed(ctx, record, changed, undoing.number)
    await moderation.save_conduct(ctx, record)


@reverses("muted", "banned")
async def _measure(ctx: Context, undoing: Undoing) -> None:
    record = await ctx.store.sanctions.conduct(ctx.cid, undoing.ruling["player"])
    lifted = record.undo_restriction(undoing.number, ctx.now)
    await moderation.announce_changed(ctx, record, lifted, undoing.number)
    await moderation.save_conduct(ctx, record)


@reverses("unmuted", "unbanned")
async def _measure_lifted(ctx: Context, undoing: Undoing) -> None:
    """The mute (or ban) the lift ended holds again, while it still runs."""
    player = undoing.ruling["player"]
    record = await ctx.store.sanctions.conduct(ctx.cid, player)
    kind = MUTE if undoing.ruling.type == "unmuted" else BAN
    for measure in record.restore(undoing.ruling.at, kind, ctx.now):
        fields = {"player": player, "until": measure.until, "amends": undoing.number}
        fields |= {"reason": None, "warning": None}
        await ctx.decide(
            Ruling("muted" if kind == MUTE else "banned", ctx.now, "", fields), kind="notice"
        )
    await moderation.save_conduct(ctx, record)


@reverses("chat_rule")
async def _chat_rule(ctx: Context, undoing: Undoing) -> None:
    """The chat's rule as it was before (an added one removed; its number is not reused)."""
    rules = await ctx.store.sanctions.chat_rules(ctx.cid)
    decided = undoing.ruling
    number = decided["number"]
    if decided["action"] == "add":
        rules.remove(number)
    else:
        text = decided["previous"] if decided["action"] == "edit" else decided["text"]
        rules.restore(ChatRule(number, text))
    await ctx.store.sanctions.save_chat_rules(ctx.cid, rules)


@reverses("report_dismissed")
async def _dismissal(ctx: Context, undoing: Undoing) -> None:
    """The report is open again."""
    await ctx.store.rulings.restore(ctx.cid, undoing.number, undoing.by)
