"""Every picture, for several counts and in all three languages: a valid PNG of the right
size whose text the font can draw (Cyrillic included)."""

import io
import itertools
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
        + texts_of("picture-card-left", lang, clock="13:00")
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
    assert image.size == (600, 760)  # a phone's shape
    assert not missing_glyphs(texts_of("picture-chart-title", lang))


def test_the_font_really_lacks_what_it_lacks():
    assert missing_glyphs("漢字") == {"漢", "字"}
    assert not missing_glyphs("Ёжик ёлка Üß àèìòù")


# ---- laid out by measurement: worst cases ---------------------------------------------------
LONG = {  # 40-character names, Latin and Cyrillic
    f"p{n}": (
        "Maria Antonietta Bianchi-Ferraris Sant'E"
        if n % 2
        else "Александра Константиновна Преображенская"
    )
    for n in range(300)
}


def _laid_out(canvas) -> None:
    from bot.pictures.layout import outside, overlapping

    assert not overlapping(canvas.boxes), overlapping(canvas.boxes)[:3]
    assert not outside(canvas.boxes, canvas.image.size)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", [1, 6])
def test_a_page_of_300_long_names_never_overprints_a_column(lang, page):
    from bot.pictures.tables import standings_canvas

    rows = [
        {"player": f"p{n}", "points": 1234.25 - n // 3, "matches": 1000 + n, "average": 12.75}
        for n in range((page - 1) * 50, min(page * 50, 300))
    ]
    ruling = {
        "rulebook": "burraco",
        "tally": "official",
        "rows": rows,
        "first_rank": (page - 1) * 50 + 1,
    }
    canvas = standings_canvas(ruling, lang, LONG, TRANSLATOR)
    _laid_out(canvas)
    shown = [text for text, _ in canvas.boxes]
    assert any(text.endswith("…") for text in shown)  # long names are cut, not overprinted


@pytest.mark.parametrize("lang", LANGS)
def test_mcr_standings_share_tied_ranks_and_mark_the_disqualified(lang):
    from bot.pictures.tables import standings_canvas

    rows = [
        {"player": "p1", "tp": 7 / 3, "score": 20, "disqualified": False},
        {"player": "p2", "tp": 7 / 3, "score": 20, "disqualified": False},
        {"player": "p3", "tp": 7 / 3, "score": 10, "disqualified": False},
        {"player": "p4", "tp": 0, "score": -50, "disqualified": True},
    ]
    ruling = {"rulebook": "mcr", "tournament": "Кубок Москвы " * 4, "rows": rows}
    canvas = standings_canvas(ruling, lang, LONG, TRANSLATOR)
    _laid_out(canvas)
    shown = [text for text, _ in canvas.boxes]
    assert shown.count("1=") == 2 and "3" in shown and "4" in shown
    assert TRANSLATOR.format(lang, "picture-disqualified") in shown


def test_shared_ranks():
    from bot.discipline.ranking import shared_ranks

    assert shared_ranks([(3,), (2,), (2,), (1,)]) == ["1", "2=", "2=", "4"]
    assert shared_ranks([(1,), (1,), (1,)], first=51) == ["51=", "51=", "51="]
    assert shared_ranks([]) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("balls", [1, 13])
def test_cards_fit_long_names(lang, balls):
    from bot.pictures.cards import red_card_canvas, yellow_card_canvas

    card = {"player": "p1", "balls": balls, "remaining_seconds": 750}
    yellow = yellow_card_canvas(card, lang, LONG, TRANSLATOR)
    _laid_out(yellow)
    # the picture says the time left as the text does (12:30), from the same instant
    assert TRANSLATOR.format(lang, "picture-card-left", {"clock": "12:30"}) in [
        text for text, _ in yellow.boxes
    ]
    stop = {
        "player": "p2",
        "n": 5,
        "measure": "disqualification",
        "stop_until": "2026-03-06T18:30:00+00:00",
    }
    red = red_card_canvas(stop, lang, LONG, ROME, TRANSLATOR)
    _laid_out(red)
    shown = [text for text, _ in red.boxes]
    assert TRANSLATOR.format(lang, "picture-stop-footer") in shown  # a stop runs in real time
    assert TRANSLATOR.format(lang, "picture-card-footer") not in shown


@pytest.mark.parametrize("matches", [1, 2, 1000])
def test_the_profile_chart_reads_for_one_match_or_a_thousand(matches):
    from bot.pictures.charts import profile_figure

    start = datetime(2026, 3, 1, 20, tzinfo=UTC)
    timeline = [  # two matches an evening; every seventh abandoned
        {
            "at": (start + timedelta(hours=12 * n)).isoformat(),
            "points": 5,
            "vp": 7 if n % 7 == 6 else 12,
            "abandoned": n % 7 == 6,
        }
        for n in range(matches)
    ]
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = profile_figure({"player": "p2", "timeline": timeline}, "ru", LONG, ROME, TRANSLATOR)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    width = figure.bbox.width
    title = figure.get_suptitle() and figure._suptitle.get_window_extent(renderer)
    assert title and title.x0 >= 0 and title.x1 <= width  # a long name is cut, not clipped
    axis = figure.axes[1]  # the match numbers, under the lower panel
    labels = [t for t in axis.get_xticklabels() if t.get_text()]
    assert 1 <= len(labels) <= 12
    boxes = sorted(t.get_window_extent(renderer).x0 for t in labels)
    assert all(b - a > 20 for a, b in itertools.pairwise(boxes))  # no label on another
    assert all(float(t.get_text().replace("−", "-")).is_integer() for t in labels)  # match numbers


PHONE_WIDTH = 360  # CSS pixels an image gets on a 390-pixel-wide phone, margins aside


def _phone_checks(figure) -> None:
    """Every text reads at 12 px or more once the picture is shrunk to a phone's width, each
    panel's legend names what it draws (the line too), and no legend covers the data."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    scale = PHONE_WIDTH / figure.bbox.width
    texts = [t for t in figure.findobj(Text) if t.get_text() and t.get_visible()]
    assert texts
    for text in texts:
        assert text.get_fontsize() * figure.dpi / 72 * scale >= 12, text.get_text()
    above, below = figure.axes
    assert [h.get_label() for h in above.get_legend().legend_handles]  # the line is named
    assert len(above.get_lines()) == 1
    for axis in (above, below):
        legend = axis.get_legend().get_window_extent(renderer)
        assert legend.y0 >= axis.get_window_extent(renderer).y1 - 1  # above its panel
        assert axis.get_yaxis().get_label_position() == "left"
    assert len(figure.axes) == 2  # no second axis on the right


@pytest.mark.parametrize("matches", [1, 30, 300])
def test_the_burraco_chart_reads_on_a_phone(matches):
    from bot.pictures.charts import profile_figure

    start = datetime(2026, 3, 1, 20, tzinfo=UTC)
    timeline = [
        {"at": (start + timedelta(hours=n)).isoformat(), "points": 3, "vp": n % 21,
         "abandoned": n % 5 == 0}
        for n in range(matches)
    ]  # fmt: skip
    figure = profile_figure({"player": "p2", "timeline": timeline}, "it", LONG, ROME, TRANSLATOR)
    _phone_checks(figure)
    labels = [h.get_label() for h in figure.axes[1].get_legend().legend_handles]
    assert TRANSLATOR.format("it", "picture-chart-abandoned", {}) in labels


@pytest.mark.parametrize("sessions", [1, 7, 12])
def test_the_mcr_chart_sums_table_points_session_by_session(sessions):
    from fractions import Fraction

    from bot.pictures.charts import profile_figure

    points = [Fraction(4), Fraction(2), Fraction(3, 2), Fraction(0)]
    timeline = [
        {"session": n, "table": n, "tp": points[n % 4], "score": 10 * n}
        for n in range(1, sessions + 1)
    ]
    ruling = {"player": "p2", "rulebook": "mcr", "timeline": timeline}
    figure = profile_figure(ruling, "ru", LONG, ROME, TRANSLATOR)
    _phone_checks(figure)
    line = figure.axes[0].get_lines()[0]
    expected, total = [], 0.0
    for entry in timeline:
        total += float(entry["tp"])
        expected.append(total)
    assert list(line.get_ydata()) == expected and list(line.get_xdata()) == list(
        range(1, sessions + 1)
    )
    bars = [patch.get_height() for patch in figure.axes[1].patches]
    assert bars == [float(e["tp"]) for e in timeline]


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_kept_hand_by_hand_has_its_score_sheet(lang):
    from bot.pictures.tables import score_sheet_canvas

    ruling = {
        "session": 1,
        "table": 3,
        "seats": ["p1", "p2", "p3", "p4"],
        "hands": [[54, -18, -18, -18], [-8, 34, -18, -8], [0, 0, 0, 0], [-21, -8, -8, 37]],
        "scores": {"p1": 25, "p2": 8, "p3": -44, "p4": 11},
    }
    canvas = score_sheet_canvas(ruling, lang, LONG, TRANSLATOR)
    _laid_out(canvas)
    shown = [text for text, _ in canvas.boxes]
    assert shown[-4:] == ["+25", "+8", "-44", "+11"]  # the totals, East to North
    assert "+54" in shown and "+37" in shown


@pytest.mark.parametrize("lang", LANGS)
def test_a_substituted_player_is_marked_in_the_standings(lang):
    from bot.pictures.tables import standings_canvas

    rows = [
        {"player": "p1", "tp": 4, "score": 20, "disqualified": False, "substituted": True},
        {"player": "p2", "tp": 2, "score": 0, "disqualified": False, "substituted": False},
    ]
    canvas = standings_canvas(
        {"rulebook": "mcr", "tournament": "Cup", "rows": rows}, lang, LONG, TRANSLATOR
    )
    _laid_out(canvas)
    assert TRANSLATOR.format(lang, "picture-substituted") in [text for text, _ in canvas.boxes]
