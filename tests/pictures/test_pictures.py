"""Every picture, for several counts and in all three languages: a valid PNG of the right
size whose text the font can draw (Cyrillic included)."""

import io
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from bot.i18n import Translator
from bot.pictures import picture_for
from bot.pictures.fonts import missing_glyphs

TRANSLATOR = Translator()
ROME = ZoneInfo("Europe/Rome")
LANGS = ["it", "ru", "en"]
NAMES = {"zoe": "Зоя Смирнова", "ann": "Anna Bianchi", "bob": "Bob"}


def png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.verify()
    return Image.open(io.BytesIO(data))


def texts_of(kind: str, lang: str, **args) -> str:
    return TRANSLATOR.format(lang, kind, args)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("balls", [1, 3, 4, 7, 13])
def test_yellow_card(lang, balls):
    ruling = {"type": "card_shown", "player": "zoe", "balls": balls, "remaining_seconds": 780}
    image = png(picture_for(ruling, lang, NAMES, ROME, TRANSLATOR))
    assert image.size == (800, 1000)
    assert (250, 204, 21) in {image.getpixel((400, y)) for y in range(100, 900, 5)}
    measure = "caution" if balls % 4 == 0 else "warning"
    words = (
        texts_of(f"picture-measure-{measure}", lang)
        + texts_of("picture-card-minutes", lang, minutes=13)
        + NAMES["zoe"]
    )
    assert not missing_glyphs(words, bold=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("measure", ["expulsion", "disqualification"])
def test_red_card(lang, measure):
    until = datetime(2026, 3, 6, 18, 30, tzinfo=UTC)
    ruling = {
        "type": "warning",
        "player": "zoe",
        "n": 5,
        "d": 1,
        "measure": measure,
        "stop_until": until.isoformat(),
    }
    image = png(picture_for(ruling, lang, NAMES, ROME, TRANSLATOR))
    assert image.size == (800, 1000)
    assert (220, 38, 38) in {image.getpixel((400, y)) for y in range(100, 900, 5)}
    words = texts_of(f"picture-measure-{measure}", lang) + texts_of("picture-stop-hours", lang)
    assert not missing_glyphs(words, bold=True)


def test_a_warning_without_stop_has_no_red_card():
    ruling = {"type": "warning", "player": "zoe", "measure": "warning", "stop_until": None}
    assert picture_for(ruling, "it", NAMES, ROME, TRANSLATOR) is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("count", [0, 1, 8, 25])
def test_burraco_standings(lang, count):
    rows = [
        {"player": f"p{n}", "points": 40 - n * 1.25, "matches": n + 1, "average": 12.5}
        for n in range(count)
    ]
    ruling = {"type": "standings", "rulebook": "burraco", "tally": "official", "rows": rows}
    image = png(picture_for(ruling, lang, NAMES, ROME, TRANSLATOR))
    assert image.size[0] == 900 and image.size[1] >= 150 + 64 * (count + 1)


@pytest.mark.parametrize("lang", LANGS)
def test_mcr_standings_with_cyrillic_names(lang):
    rows = [
        {"player": "zoe", "tp": 7 / 3, "score": 120},
        {"player": "ann", "tp": 1.5, "score": -40},
    ]
    ruling = {"type": "standings", "rulebook": "mcr", "tournament": "Кубок Москвы", "rows": rows}
    png(picture_for(ruling, lang, NAMES, ROME, TRANSLATOR))
    assert not missing_glyphs(
        "Кубок Москвы" + NAMES["zoe"] + texts_of("picture-column-score", lang)
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("matches", [1, 5, 30])
def test_profile_chart(lang, matches):
    start = datetime(2026, 3, 1, 20, tzinfo=UTC)
    timeline = [
        {"at": (start + timedelta(days=n)).isoformat(), "points": 5 + n % 3, "vp": 10 + n % 7}
        for n in range(matches)
    ]
    ruling = {"type": "profile", "player": "zoe", "timeline": timeline}
    image = png(picture_for(ruling, lang, NAMES, ROME, TRANSLATOR))
    assert image.size == (900, 600)
    assert not missing_glyphs(texts_of("picture-chart-title", lang, player=NAMES["zoe"]))


def test_the_font_really_lacks_what_it_lacks():
    assert missing_glyphs("漢字") == {"漢", "字"}
    assert not missing_glyphs("Ёжик ёлка Üß àèìòù")
