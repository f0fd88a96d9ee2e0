"""Text laid out by measuring it: every string drawn in a picture is fitted to the width it
has (shrunk a little, then cut with an ellipsis), and its box is kept, so that a test can
check that no text overlaps another or leaves the image."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.fonts import font

ELLIPSIS = "…"
Box = tuple[float, float, float, float]


def fitted(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text``, cut with an ellipsis to ``width`` pixels if it is wider."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


@dataclass
class Canvas:
    """An image and the boxes of the text drawn on it."""

    image: Image.Image
    boxes: list[tuple[str, Box]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)

    @property
    def width(self) -> int:
        return self.image.size[0]

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        width: float,
        bold: bool = False,
        fill: tuple[int, int, int] = (24, 24, 27),
        anchor: str = "la",
        smallest: int | None = None,
    ) -> Box:
        """Draw ``text`` within ``width`` pixels: a smaller size down to ``smallest`` first,
        then an ellipsis. Returns (and keeps) the box it took."""
        face = font(size, bold)
        smallest = size if smallest is None else smallest
        while face.getlength(text) > width and face.size > smallest:
            face = font(face.size - 2, bold)
        shown = fitted(text, face, width)
        self.draw.text(xy, shown, font=face, fill=fill, anchor=anchor)
        box = self.draw.textbbox(xy, shown, font=face, anchor=anchor)
        self.boxes.append((shown, box))
        return box


def overlapping(boxes: list[tuple[str, Box]]) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes overlap."""
    found = []
    for index, (first, a) in enumerate(boxes):
        for second, b in boxes[index + 1 :]:
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                found.append((first, second))
    return found


def outside(boxes: list[tuple[str, Box]], size: tuple[int, int]) -> list[str]:
    """Texts that leave the image."""
    width, height = size
    return [t for t, (x0, y0, x1, y1) in boxes if x0 < 0 or y0 < 0 or x1 > width or y1 > height]
