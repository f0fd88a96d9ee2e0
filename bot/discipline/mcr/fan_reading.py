"""Where the EMA's English MCR rulebook (2006) and MahjongGB (which follows the later Chinese
texts) count a hand differently, the rulebook governs (RULES 2.6; CONSOLE.md, third edition).
Each reading below names the rulebook's words it comes from; the README lists them."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discipline.mcr.hands import Hand


@dataclass(frozen=True)
class Fan:
    name: str  # the fan's English name, as a slug: "mixed-straight"
    points: int  # its value, times how often it counts
    count: int


# Fully Concealed Hand (4): a hand built without any claimed tile, won by self-draw. The hands
# concealed by their nature (those MahjongGB's source calls necessarily concealed) score it
# too when self-drawn, and it implies Self-Drawn; MahjongGB gives them Self-Drawn (1) alone
CONCEALED_BY_NATURE = {
    "four-concealed-pungs",
    "seven-pairs",
    "seven-shifted-pairs",
    "thirteen-orphans",
    "greater-honors-and-knitted-tiles",
    "lesser-honors-and-knitted-tiles",
    "nine-gates",
}
KNITTED = {
    "knitted-straight",
    "lesser-honors-and-knitted-tiles",
    "greater-honors-and-knitted-tiles",
}
WAITS = {"edge-wait", "closed-wait", "single-wait"}


def _fan(name: str, points: int) -> Fan:
    return Fan(name, points, 1)


def ema_reading(fans: list[Fan], hand: Hand, *, self_drawn: bool) -> list[Fan]:
    """MahjongGB's fan of ``hand``, read as the EMA's rulebook counts them."""
    names = {fan.name for fan in fans}
    out = list(fans)

    def drop(*dropped: str) -> None:
        nonlocal out
        out = [fan for fan in out if fan.name not in dropped]

    concealed = all(meld.concealed for meld in hand.melds)  # concealed kongs at most
    # 1. a self-drawn hand concealed by nature: Fully Concealed Hand (4), not Self-Drawn (1)
    if self_drawn and concealed and names & CONCEALED_BY_NATURE and "self-drawn" in names:
        drop("self-drawn")
        out.append(_fan("fully-concealed-hand", 4))
    # 2. "Concealed Kong and Melded Kong" (5) is not an EMA fan: the two kongs score Two
    # Melded Kongs (4, "two declared kongs") and the concealed one Concealed Kong (2)
    if "concealed-kong-and-melded-kong" in names:
        drop("concealed-kong-and-melded-kong")
        out += [_fan("two-melded-kongs", 4), _fan("concealed-kong", 2)]
    # 3. Two Concealed Kongs is worth 8 in the rulebook (6 in MahjongGB)
    out = [_fan(fan.name, 8) if fan.name == "two-concealed-kongs" else fan for fan in out]
    # 4. Nine Gates implies Pung of Terminals or Honors (its 111 and 999 are its shape)
    if "nine-gates" in names:
        drop("pung-of-terminals-or-honors")
    # 5. "Knitted Straight may not be combined with Edge Wait or Closed Wait" (the WMCC's
    # ruling on the rulebook); a hand of honours and knitted tiles has no wait at all
    if names & KNITTED - {"knitted-straight"}:
        drop(*WAITS)
    elif "knitted-straight" in names:
        drop("edge-wait", "closed-wait")
    return out
