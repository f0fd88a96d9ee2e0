"""The referee's cards: yellow with a ball for each warning of the year, red with the stop."""

from __future__ import annotations

import io
import math
from datetime import datetime, tzinfo

from babel.dates import format_datetime
from PIL import Image, ImageDraw

from bot.i18n import Translator
from bot.pictures.fonts import font

WIDTH, HEIGHT = 800, 1000  # sized for a phone screen
PITCH = (22, 101, 52)
YELLOW, RED = (250, 204, 21), (220, 38, 38)
INK = (24, 24, 27)


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, HEIGHT), PITCH)
    draw = ImageDraw.Draw(image)
    for x in range(0, WIDTH, 80):  # mown stripes
        draw.rectangle([x, 0, x + 39, HEIGHT], fill=(26, 112, 58))
    return image, draw


def _card(draw: ImageDraw.ImageDraw, colour: tuple[int, int, int]) -> tuple[int, int, int, int]:
    box = (110, 90, WIDTH - 110, HEIGHT - 150)
    shadow = tuple(v + 14 for v in box)
    draw.rounded_rectangle(shadow, radius=36, fill=(10, 60, 30))
    draw.rounded_rectangle(box, radius=36, fill=colour, outline=INK, width=6)
    return box


def _centered(
    draw: ImageDraw.ImageDraw,
    y: int,
    text: str,
    size: int,
    bold: bool = False,
    fill=INK,
    width: int = WIDTH,
) -> int:
    face = font(size, bold)
    while face.getlength(text) > width - 260 and size > 18:
        size -= 2
        face = font(size, bold)
    draw.text((width / 2, y), text, font=face, fill=fill, anchor="mt")
    return y + size + 14


def _ball(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(253, 224, 71), outline=INK, width=3)
    points = [
        (cx + r * 0.45 * math.cos(a), cy + r * 0.45 * math.sin(a))
        for a in (math.radians(-90 + 72 * k) for k in range(5))
    ]
    draw.polygon(points, fill=INK)
    for x, y in points:  # seams from the pentagon to the edge
        draw.line([(x, y), (cx + (x - cx) * 2.1, cy + (y - cy) * 2.1)], fill=INK, width=2)


def _balls(draw: ImageDraw.ImageDraw, count: int, top: int) -> int:
    per_row, r = 5, 34
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        x = WIDTH / 2 + (col - (in_row - 1) / 2) * (2 * r + 18)
        _ball(draw, x, top + row * (2 * r + 18) + r, r)
    rows = math.ceil(count / per_row) if count else 0
    return top + rows * (2 * r + 18)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)  # fast; flat colours compress well
    return buffer.getvalue()


def yellow_card(ruling: dict, lang: str, names: dict[str, str], translator: Translator) -> bytes:
    """The card on screen: one yellow ball per warning of the year, the minutes left."""
    balls = int(ruling["balls"])
    measure = "caution" if balls % 4 == 0 else "warning"
    image, draw = _canvas()
    _card(draw, YELLOW)
    player = names.get(ruling["player"], ruling["player"])
    y = _centered(draw, 150, translator.format(lang, f"picture-measure-{measure}"), 64, True)
    y = _centered(draw, y + 10, player, 44)
    y = _balls(draw, balls, y + 30)
    minutes = math.ceil(int(ruling["remaining_seconds"]) / 60)
    _centered(
        draw,
        max(y + 30, 600),
        translator.format(lang, "picture-card-minutes", {"minutes": minutes}),
        40,
        True,
    )
    _centered(
        draw, HEIGHT - 120, translator.format(lang, "picture-card-footer"), 26, fill=(240, 253, 244)
    )
    return _png(image)


def red_card(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes:
    """Expulsion or disqualification: the red card with the 24 hours of stop."""
    image, draw = _canvas()
    _card(draw, RED)
    player = names.get(ruling["player"], ruling["player"])
    white = (255, 255, 255)
    y = _centered(
        draw, 150, translator.format(lang, f"picture-measure-{ruling['measure']}"), 64, True, white
    )
    y = _centered(draw, y + 10, player, 44, fill=white)
    y = _centered(draw, y + 40, translator.format(lang, "picture-stop-hours"), 96, True, white)
    until = datetime.fromisoformat(ruling["stop_until"])
    when = format_datetime(until, "d MMM y, HH:mm", tzinfo=zone, locale=lang)
    y = _centered(
        draw, y + 30, translator.format(lang, "picture-stop-until", {"until": when}), 36, fill=white
    )
    _centered(
        draw,
        y + 20,
        translator.format(lang, "picture-warning-count", {"n": int(ruling["n"])}),
        32,
        fill=white,
    )
    _centered(
        draw, HEIGHT - 120, translator.format(lang, "picture-card-footer"), 26, fill=(240, 253, 244)
    )
    return _png(image)
