"""A finished MCR hand as referees write it, read and checked for what it is made of.

Notation (CONSOLE.md, the director's tools): suits ``m`` (characters), ``p`` (dots), ``s``
(bamboo), honours ``z`` 1–7 (East, South, West, North, red, green, white); the exposed melds
in brackets, a concealed kong in braces, then the concealed tiles, the winning tile among
them; after a space, the tile that completed the hand: ``[123m]{5555z}456p789s11z 1z``. A
hand has 14 tiles and one more per kong. Upper-case suits and spaces between the groups are
read as well. The fan are counted elsewhere (by MahjongGB, :mod:`bot.mahjong`); here the
hand is only read, and refused when malformed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from bot.discipline.errors import InvalidArgument

Tile = tuple[str, int]  # (suit, rank): ("m", 5), ("z", 1)
RANKS = {"m": 9, "p": 9, "s": 9, "z": 7}
_GROUP = re.compile(r"(\d+)([mpsz])")


@dataclass(frozen=True)
class Meld:
    kind: str  # chow, pung, kong
    tiles: tuple[Tile, ...]
    concealed: bool = False  # a concealed kong, declared and laid face down


@dataclass(frozen=True)
class Hand:
    melds: tuple[Meld, ...]  # declared: exposed melds and concealed kongs
    concealed: tuple[Tile, ...]  # the winning tile among them
    win: Tile


def _tiles(text: str, whole: str) -> list[Tile]:
    """``456p789s11z`` → tiles; anything else is named in the refusal."""
    tiles: list[Tile] = []
    position = 0
    for match in _GROUP.finditer(text):
        if match.start() != position:
            raise InvalidArgument("unknown_tile", tile=text[position : match.start()], hand=whole)
        suit = match[2]
        for digit in match[1]:
            rank = int(digit)
            if not 1 <= rank <= RANKS[suit]:
                raise InvalidArgument("unknown_tile", tile=f"{digit}{suit}", hand=whole)
            tiles.append((suit, rank))
        position = match.end()
    if position != len(text):
        raise InvalidArgument("unknown_tile", tile=text[position:], hand=whole)
    return tiles


def _meld(tiles: list[Tile], written: str, whole: str) -> Meld:
    ranks = sorted(rank for _, rank in tiles)
    suits = {suit for suit, _ in tiles}
    if len(suits) == 1 and len(tiles) in (3, 4) and len(set(ranks)) == 1:
        return Meld("pung" if len(tiles) == 3 else "kong", tuple(tiles))
    chow = [ranks[0], ranks[0] + 1, ranks[0] + 2]
    if len(suits) == 1 and "z" not in suits and len(tiles) == 3 and ranks == chow:
        return Meld("chow", tuple(sorted(tiles)))
    raise InvalidArgument("bad_meld", meld=f"[{written}]", hand=whole)


def parse_hand(hand: str, win: str) -> Hand:
    """The hand, or a refusal naming what is wrong: a tile that does not exist, a meld that
    is none, a count that is not a hand's, a fifth copy, a winning tile not in the hand."""
    hand, win = "".join(hand.split()).lower(), win.strip().lower()
    whole = f"{hand} {win}"
    melds: list[Meld] = []
    rest = hand
    while rest[:1] in ("[", "{"):
        closing = "]" if rest[0] == "[" else "}"
        end = rest.find(closing)
        if end < 0:
            raise InvalidArgument("hand_notation", hand=whole)
        written = rest[1:end]
        meld = _meld(_tiles(written, whole), written, whole)
        if closing == "}":  # braces: a concealed kong, and nothing else
            if meld.kind != "kong":
                raise InvalidArgument("not_a_concealed_kong", meld=f"{{{written}}}", hand=whole)
            meld = Meld("kong", meld.tiles, concealed=True)
        melds.append(meld)
        rest = rest[end + 1 :]
    if any(mark in rest for mark in "[]{}"):
        raise InvalidArgument("hand_notation", hand=whole)
    concealed = _tiles(rest, whole)
    winning = _tiles(win, whole)
    if len(winning) != 1:
        raise InvalidArgument("hand_notation", hand=whole)
    kongs = sum(1 for meld in melds if meld.kind == "kong")
    count = sum(len(meld.tiles) for meld in melds) + len(concealed) - kongs
    if count != 14:
        raise InvalidArgument(
            "hand_tile_count", tiles=count + kongs, expected=14 + kongs, hand=whole
        )
    copies = Counter(concealed)
    for meld in melds:
        copies.update(meld.tiles)
    for tile, times in copies.items():
        if times > 4:
            raise InvalidArgument("fifth_tile", tile=f"{tile[1]}{tile[0]}", hand=whole)
    if winning[0] not in concealed:
        raise InvalidArgument("win_not_in_hand", tile=win, hand=whole)
    return Hand(tuple(melds), tuple(concealed), winning[0])


def copies_held(hand: Hand, tile: Tile) -> tuple[int, int]:
    """How many more of ``tile`` the hand holds besides its winning tile: concealed, and in
    its declared melds."""
    concealed = hand.concealed.count(tile) - (1 if tile == hand.win else 0)
    declared = sum(meld.tiles.count(tile) for meld in hand.melds)
    return concealed, declared


def check_win_flags(
    hand: Hand, *, self_drawn: bool, last_tile: bool, kong: bool, last_of_wall: bool
) -> None:
    """Refused (naming the flags and the winning tile) when the way the hand was won
    cannot be:

    - the wall's last tile replaces no kong, and no kong is declared to be robbed once the
      wall is spent (``kong`` with ``last-of-wall``);
    - Out with Replacement Tile (``self kong``) draws the tile that replaces the winner's own
      kong: a hand without a kong has none;
    - Robbing the Kong (``kong`` on a discard) wins on the fourth tile another player adds
      to his melded pung: the winner holds no other copy of it;
    - Last Tile wins on a tile whose other three are in sight (discarded or melded): the
      winner hides no other copy of it among his concealed tiles."""
    flags = {"self": self_drawn, "last-tile": last_tile, "kong": kong, "last-of-wall": last_of_wall}
    said: dict[str, object] = {"flags": [flag for flag, given in flags.items() if given]}
    said["tile"] = f"{hand.win[1]}{hand.win[0]}"
    concealed, declared = copies_held(hand, hand.win)
    if kong and last_of_wall:
        raise InvalidArgument("impossible_flags", arg="options", **said)
    if kong and self_drawn and not any(meld.kind == "kong" for meld in hand.melds):
        raise InvalidArgument("replacement_without_kong", arg="options", **said)
    if kong and not self_drawn and concealed + declared:
        raise InvalidArgument("robbed_tile_held", arg="options", **said)
    if last_tile and concealed:
        raise InvalidArgument("last_tile_held", arg="options", **said)
