"""The referee's cards: yellow with a ball for each warning of the year, red with the stop."""

from __future__ import annotations

import io
import math
from datetime import datetime, tzinfo

from babel.dates import format_datetime
from PIL import Image, ImageDraw

from bot.i18n import Translator
from bot.i18n.render import INSTANTS
from bot.pictures.layout import Canvas

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
    canvas: Canvas,
    y: int,
    text: str,
    size: int,
    bold: bool = False,
    fill: tuple[int, int, int] = INK,
) -> int:
    """A line centred on the card, fitted to it; the y of the next line."""
    box = canvas.text(
        (WIDTH / 2, y),
        text,
        size,
        width=WIDTH - 260,
        bold=bold,
        fill=fill,
        anchor="mt",
        smallest=18,
    )
    return int(box[3]) + 14


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


def yellow_card_canvas(
    ruling: dict, lang: str, names: dict[str, str], translator: Translator
) -> Canvas:
    """The card on screen: one yellow ball per warning of the year, and the time left to
    serve written as the text says it (13:00, not "13 minutes" beside "12:30")."""
    balls = int(ruling["balls"])
    measure = "caution" if balls % 4 == 0 else "warning"
    image, draw = _canvas()
    canvas = Canvas(image)
    _card(draw, YELLOW)
    player = names.get(ruling["player"], ruling["player"])
    y = _centered(canvas, 150, translator.format(lang, f"picture-measure-{measure}"), 64, True)
    y = _centered(canvas, y + 10, player, 44)
    y = _balls(draw, balls, y + 30)
    seconds = max(0, int(ruling["remaining_seconds"]))
    clock = f"{seconds // 60}:{seconds % 60:02d}"
    left = translator.format(lang, "picture-card-left", {"clock": clock})
    _centered(canvas, max(y + 30, 600), left, 40, True)
    footer = translator.format(lang, "picture-card-footer")
    _centered(canvas, HEIGHT - 120, footer, 26, fill=(240, 253, 244))
    return canvas


def yellow_card(ruling: dict, lang: str, names: dict[str, str], translator: Translator) -> bytes:
    return _png(yellow_card_canvas(ruling, lang, names, translator).image)


def red_card_canvas(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> Canvas:
    """Expulsion or disqualification: the red card with its 24 hours of stop, which run in
    real time (no "only while on screen" here: that is the yellow card's)."""
    image, draw = _canvas()
    canvas = Canvas(image)
    _card(draw, RED)
    player = names.get(ruling["player"], ruling["player"])
    white = (255, 255, 255)
    measure = translator.format(lang, f"picture-measure-{ruling['measure']}")
    y = _centered(canvas, 150, measure, 64, True, white)
    y = _centered(canvas, y + 10, player, 44, fill=white)
    y = _centered(canvas, y + 40, translator.format(lang, "picture-stop-hours"), 96, True, white)
    until = ruling["stop_until"]
    when = until if isinstance(until, datetime) else datetime.fromisoformat(until)
    shown = format_datetime(when, INSTANTS.get(lang, "d MMM y, HH:mm"), tzinfo=zone, locale=lang)
    until_text = translator.format(lang, "picture-stop-until", {"until": shown})
    y = _centered(canvas, y + 30, until_text, 34, fill=white)
    count = translator.format(lang, "picture-warning-count", {"n": int(ruling["n"])})
    _centered(canvas, y + 20, count, 32, fill=white)
    footer = translator.format(lang, "picture-stop-footer")
    _centered(canvas, HEIGHT - 120, footer, 26, fill=(240, 253, 244))
    return canvas


def red_card(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes:
    return _png(red_card_canvas(ruling, lang, names, zone, translator).image)
