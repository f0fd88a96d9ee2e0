"""The standings as a picture: easier on a phone than monospace text."""

from __future__ import annotations

from babel.numbers import format_decimal
from PIL import Image, ImageDraw

from bot.i18n import Translator
from bot.pictures.cards import _png
from bot.pictures.fonts import font

WIDTH = 900
ROW = 64
HEAD = 150
PAPER, INK, STRIPE, ACCENT = (250, 250, 247), (24, 24, 27), (236, 239, 233), (22, 101, 52)


def _number(value, lang: str) -> str:
    return format_decimal(value, format="#,##0.##", locale=lang)


def standings_table(
    ruling: dict, lang: str, names: dict[str, str], translator: Translator
) -> bytes:
    rows = ruling["rows"]
    mcr = ruling.get("rulebook") == "mcr"
    height = HEAD + ROW * (max(len(rows), 1) + 1) + 60
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, WIDTH, HEAD - 30], fill=ACCENT)
    title = (
        translator.format(
            lang, "picture-standings-mcr", {"tournament": ruling.get("tournament", "")}
        )
        if mcr
        else translator.format(
            lang, "picture-standings-burraco", {"tally": ruling.get("tally", "profile")}
        )
    )
    draw.text((40, 40), title, font=font(44, True), fill=(255, 255, 255))
    columns = (
        ["#", "player", "tp", "score"] if mcr else ["#", "player", "points", "matches", "average"]
    )
    xs = [40, 110, 560, 720] if mcr else [40, 110, 430, 580, 735]
    y = HEAD
    for x, column in zip(xs, columns, strict=True):
        label = column if column == "#" else translator.format(lang, f"picture-column-{column}")
        draw.text((x, y), label, font=font(26, True), fill=ACCENT)
    y += ROW
    if not rows:
        draw.text((110, y), translator.format(lang, "standings-empty"), font=font(30), fill=INK)
    for rank, row in enumerate(rows, 1):
        if rank % 2:
            draw.rectangle([20, y - 14, WIDTH - 20, y + ROW - 18], fill=STRIPE)
        name = names.get(row["player"], row["player"])
        face = font(30)
        while face.getlength(name) > xs[2] - xs[1] - 20 and face.size > 16:
            face = font(face.size - 2)
        values = (
            [row["tp"], row["score"]] if mcr else [row["points"], row["matches"], row["average"]]
        )
        draw.text((xs[0], y), str(rank), font=font(30, True), fill=INK)
        draw.text((xs[1], y), name, font=face, fill=INK)
        for x, value in zip(xs[2:], values, strict=True):
            draw.text((x, y), _number(value, lang), font=font(30), fill=INK)
        y += ROW
    return _png(image)
