"""The chess club's commands: a game's result, recorded by either player or a moderator, and
a challenge, which lapses on its own timer unless the two play within a day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.discipline.errors import RuleViolation
from bot.discipline.rulings import Ruling
from bot.handlers._core import Context, command
from bot.handlers.grammar import Choice, Mention, NoArguments
from bot.handlers.undo import Undoing, reverses
from bot.storage.store import Timer
from tests.rulebooks.chess.scoring import RESULTS, table

NAME = "chess"
CHALLENGE_LAPSES = timedelta(days=1)


@dataclass(frozen=True)
class GameArgs:
    white: str
    black: str
    result: str


@command(
    "game", Mention("white"), Mention("black"), Choice("result", tuple(RESULTS)), rulebook=NAME
)
async def game(ctx: Context, args: GameArgs) -> None:
    white = await ctx.member(args.white)
    black = await ctx.member(args.black)
    if white.key == black.key:
        raise RuleViolation("same_player", reason="bad_input")
    if not ctx.is_moderator and ctx.actor_key not in (white.key, black.key):
        raise RuleViolation("not_moderator", reason="not_moderator")
    fields = {"players": [white.key, black.key], "result": RESULTS[args.result]}
    await ctx.decide(
        Ruling("game", ctx.now, "", fields), kind="notice", people={white.key, black.key}
    )


@dataclass(frozen=True)
class ChallengeArgs:
    opponent: str


@command("challenge", Mention("opponent"), rulebook=NAME)
async def challenge(ctx: Context, args: ChallengeArgs) -> None:
    opponent = await ctx.member(args.opponent)
    if opponent.key == ctx.actor_key:
        raise RuleViolation("same_player", reason="bad_input")
    players = [ctx.actor_key, opponent.key]
    number = await ctx.decide(
        Ruling("challenge", ctx.now, "", {"players": players}), kind="notice", people=set(players)
    )
    lapses = ctx.now + CHALLENGE_LAPSES
    await ctx.store.timers.schedule(ctx.cid, "challenge_lapse", str(number), lapses, {})


async def challenge_lapse(ctx: Context, due: Timer) -> None:
    """A day on: the challenge lapses unless the two have played a game since."""
    number = int(due.subject)
    issued = await ctx.store.rulings.ruling(ctx.cid, number)
    assert issued is not None
    page = await ctx.store.rulings.rulings_page(ctx.cid, 10_000, 0)
    played = any(
        later > number and ruling.type == "game" and stands
        and set(ruling["players"]) == set(issued["players"])
        for later, ruling, stands in page
    )  # fmt: skip
    if not played:
        fields = {"players": issued["players"], "amends": number}
        await ctx.decide(Ruling("challenge_lapsed", ctx.now, "", fields), kind="notice")


@reverses("game")
async def game_undone(ctx: Context, undoing: Undoing) -> None:
    """Nothing to take back beyond the ruling: the standings count the games that stand."""


async def standing_games(ctx: Context) -> list[tuple[str, str, str]]:
    """Every game recorded that still stands (an undone one does not count)."""
    page = await ctx.store.rulings.rulings_page(ctx.cid, 10_000, 0)
    return [
        (ruling["players"][0], ruling["players"][1], ruling["result"])
        for _, ruling, stands in reversed(page)
        if ruling.type == "game" and stands
    ]


async def standings(ctx: Context, args: NoArguments) -> None:
    rows = table(await standing_games(ctx))
    await ctx.decide(Ruling("standings", ctx.now, "", {"rulebook": NAME, "rows": rows}))


async def profile(ctx: Context, player: str) -> Ruling:
    row = next((r for r in table(await standing_games(ctx)) if r["player"] == player), None)
    fields = {"player": player, "rulebook": NAME, "points": 0, "matches": 0}
    if row is not None:
        fields |= {"points": row["points"], "matches": row["games"]}
    return Ruling("profile", ctx.now, "", fields)
