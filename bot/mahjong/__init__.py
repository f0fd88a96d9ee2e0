"""MahjongGB (the ``pymahjonggb`` package): the fan of a finished MCR hand, counted by the
reference implementation of the Chinese Official rules' 81 fan."""

from __future__ import annotations

import re

from bot.discipline.mcr.fan_reading import Fan, ema_reading
from bot.discipline.mcr.hands import Hand, Tile

SUITS = {"m": "W", "p": "B", "s": "T"}  # wan, bing (dots), tiao (bamboo)
HONOURS = {1: "F1", 2: "F2", 3: "F3", 4: "F4", 5: "J1", 6: "J2", 7: "J3"}
WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


def _gb(tile: Tile) -> str:
    suit, rank = tile
    return HONOURS[rank] if suit == "z" else f"{SUITS[suit]}{rank}"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def count_fan(
    hand: Hand,
    *,
    self_drawn: bool = False,
    last_tile: bool = False,
    kong: bool = False,
    last_of_wall: bool = False,
    flowers: int = 0,
    seat: str = "E",
    prevalent: str = "E",
) -> list[Fan] | None:
    """The fan of the hand as the EMA's rulebook counts them (:mod:`bot.discipline.mcr.fan_reading`
    reads MahjongGB's where they differ); None when the tiles do not make a winning hand."""
    from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]  # compiled

    packs = []
    for meld in hand.melds:
        kind = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}[meld.kind]
        middle = meld.tiles[1] if meld.kind == "chow" else meld.tiles[0]
        packs.append((kind, _gb(middle), 0 if meld.concealed else 1))
    standing = list(hand.concealed)
    standing.remove(hand.win)
    try:
        found = MahjongFanCalculator(
            pack=tuple(packs),
            hand=tuple(_gb(t) for t in standing),
            winTile=_gb(hand.win),
            flowerCount=flowers,
            isSelfDrawn=self_drawn,
            is4thTile=last_tile,
            isAboutKong=kong,
            isWallLast=last_of_wall,
            seatWind=WINDS[seat],
            prevalentWind=WINDS[prevalent],
            verbose=True,
        )
    except TypeError as error:  # the library's word for "not a winning hand"
        if "NOT_WIN" in str(error):
            return None
        raise
    fans = [Fan(slug(english), points * count, count) for points, count, _, english in found]
    return ema_reading(fans, hand, self_drawn=self_drawn)
