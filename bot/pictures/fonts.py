"""Fonts covering Latin and Cyrillic: DejaVu Sans, shipped inside matplotlib's package."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import matplotlib
from fontTools.ttLib import TTFont
from PIL import ImageFont

FONT_DIR = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@cache
def covered(bold: bool = False) -> frozenset[int]:
    """Code points the font has glyphs for."""
    with TTFont(str(BOLD if bold else REGULAR), lazy=True) as face:
        return frozenset(face.getBestCmap())


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    return {c for c in text if not c.isspace() and ord(c) not in covered(bold)}
