"""The standings as a picture: easier on a phone than monospace text.

Columns are laid out by measurement: numbers are right-aligned on fixed edges, a name takes
what is left of its row and is cut with an ellipsis if it is longer, equal players share their
rank ("2="), and a disqualified player is marked."""

from __future__ import annotations

from babel.numbers import format_decimal
from PIL import Image

from bot.discipline.ranking import shared_ranks
from bot.i18n import Translator
from bot.pictures.cards import _png
from bot.pictures.layout import Canvas
from bot.ports.rulebooks import of_ruling

WIDTH = 900
ROW = 64
HEAD = 150
PAPER, INK, STRIPE, ACCENT = (250, 250, 247), (24, 24, 27), (236, 239, 233), (22, 101, 52)
MARK = (185, 28, 28)
RANK_X, NAME_X, NUMBER_WIDTH, GAP = 40, 130, 140, 24
RIGHT, COLUMN = 870, 150  # the right edge of the last number column, and each column's width
# the rows one picture holds: within what every platform takes (Telegram: width + height at
# most 10,000 pixels); a longer list shows its first rows, and says how many follow in the text
PICTURE_ROWS = 100


def _number(value: float | int, lang: str) -> str:
    return format_decimal(value, format="#,##0.##", locale=lang)


def standings_canvas(
    ruling: dict, lang: str, names: dict[str, str], translator: Translator
) -> Canvas:
    """The standings drawn, with the boxes of every text (see :mod:`bot.pictures.layout`)."""
    every = ruling["rows"]
    rows = every[:PICTURE_ROWS]
    book = of_ruling(ruling)
    columns = book.pictured
    edges = tuple(RIGHT - COLUMN * (len(columns) - 1 - i) for i in range(len(columns)))
    more = len(every) - len(rows)
    height = HEAD + ROW * (max(len(rows), 1) + 1 + (1 if more else 0)) + 60
    canvas = Canvas(Image.new("RGB", (WIDTH, height), PAPER))
    canvas.draw.rectangle([0, 0, WIDTH, HEAD - 30], fill=ACCENT)
    title = translator.format(
        lang,
        f"picture-standings-{book.name}",
        {"tournament": ruling.get("tournament", ""), "tally": ruling.get("tally", "profile")},
    )
    canvas.text((40, 40), title, 44, width=WIDTH - 80, bold=True, fill=(255, 255, 255), smallest=30)
    name_width = edges[0] - NUMBER_WIDTH - GAP - NAME_X
    y = HEAD
    canvas.text((RANK_X, y), "#", 26, width=NAME_X - RANK_X - 10, bold=True, fill=ACCENT)
    header = translator.format(lang, "picture-column-player")
    canvas.text((NAME_X, y), header, 26, width=name_width, bold=True, fill=ACCENT)
    for edge, column in zip(edges, columns, strict=True):
        label = translator.format(lang, f"picture-column-{column}")
        canvas.text(
            (edge, y),
            label,
            26,
            width=NUMBER_WIDTH,
            bold=True,
            fill=ACCENT,
            anchor="ra",
            smallest=18,
        )
    y += ROW
    if not rows:
        empty = translator.format(lang, "standings-empty")
        canvas.text((NAME_X, y), empty, 30, width=WIDTH - NAME_X - 40)
    keys = [tuple(row[c] for c in columns if c != "matches") for row in every]
    ranks = shared_ranks(keys, ruling.get("first_rank", 1))[: len(rows)]
    mark = translator.format(lang, "picture-disqualified")
    replaced = translator.format(lang, "picture-substituted")
    for index, (rank, row) in enumerate(zip(ranks, rows, strict=True)):
        if index % 2 == 0:
            canvas.draw.rectangle([20, y - 14, WIDTH - 20, y + ROW - 18], fill=STRIPE)
        canvas.text((RANK_X, y), rank, 30, width=NAME_X - RANK_X - 10, bold=True, smallest=20)
        name = names.get(row["player"], row["player"])
        room = name_width
        marked = mark if row.get("disqualified") else replaced if row.get("substituted") else None
        if marked:
            box = canvas.text(
                (NAME_X + name_width, y + 6),
                marked,
                20,
                width=230,
                bold=True,
                fill=MARK,
                anchor="ra",
            )
            room = int(box[0] - NAME_X - 12)
        canvas.text((NAME_X, y), name, 30, width=room, smallest=22)
        for edge, column in zip(edges, columns, strict=True):
            canvas.text(
                (edge, y),
                _number(row[column], lang),
                30,
                width=NUMBER_WIDTH,
                anchor="ra",
                smallest=20,
            )
        y += ROW
    if more:
        said = translator.format(lang, "picture-rows-more", {"shown": len(rows), "more": more})
        canvas.text((NAME_X, y), said, 26, width=WIDTH - NAME_X - 40, fill=ACCENT, smallest=18)
    return canvas


def standings_table(
    ruling: dict, lang: str, names: dict[str, str], translator: Translator
) -> bytes:
    return _png(standings_canvas(ruling, lang, names, translator).image)


# a score sheet's rows beside its hands, by what the score holds (a ruling's ``adjustments``)
BESIDE_HANDS = {
    "corrected": "picture-score-sheet-corrected",
    "penalty": "picture-score-sheet-penalty",
    "lateness": "picture-score-sheet-lateness",
    "false_hu": "picture-score-sheet-false-hu",
    "notile": "picture-score-sheet-notile",
}


def score_sheet_rows(
    ruling: dict, lang: str, translator: Translator
) -> list[tuple[str, list[int]]]:
    """A table's sheet as its picture draws it, row by row, seat by seat (East to North): a
    row per hand, then a row for each thing beside the hands that the score holds (a corrected
    sheet, a penalty, lateness, a false hu, a forgotten tile), so that each column adds up to
    the score announced, drawn last as the total."""
    rows = [
        (translator.format(lang, "picture-score-sheet-hand", {"hand": number}), list(hand))
        for number, hand in enumerate(ruling["hands"], 1)
    ]
    for adjustment in ruling.get("adjustments") or ():
        label = BESIDE_HANDS.get(adjustment["kind"], "picture-score-sheet-penalty")
        rows.append((translator.format(lang, label), list(adjustment["points"])))
    return rows


def score_sheet_canvas(
    ruling: dict, lang: str, names: dict[str, str], translator: Translator
) -> Canvas:
    """A table kept hand by hand: its rows (:func:`score_sheet_rows`), a column per player,
    and the totals: the scores announced."""
    seats = ruling["seats"]
    rows = score_sheet_rows(ruling, lang, translator)
    height = HEAD + ROW * (len(rows) + 3) + 40
    canvas = Canvas(Image.new("RGB", (WIDTH, height), PAPER))
    canvas.draw.rectangle([0, 0, WIDTH, HEAD - 30], fill=ACCENT)
    title = translator.format(
        lang, "picture-score-sheet", {"session": ruling["session"], "table": ruling["table"]}
    )
    canvas.text((40, 40), title, 44, width=WIDTH - 80, bold=True, fill=(255, 255, 255), smallest=28)
    edges = [330 + 150 * i for i in range(len(seats))]
    y = HEAD
    for edge, player in zip(edges, seats, strict=True):
        name = names.get(player, player)
        canvas.text(
            (edge, y), name, 24, width=140, bold=True, fill=ACCENT, anchor="ra", smallest=16
        )
    y += ROW
    for number, (label, points) in enumerate(rows, 1):
        if number % 2:
            canvas.draw.rectangle([20, y - 14, WIDTH - 20, y + ROW - 18], fill=STRIPE)
        hand = number <= len(ruling["hands"])
        canvas.text(
            (40, y), label, 26, width=edges[0] - 180, smallest=16, fill=INK if hand else MARK
        )
        for edge, value in zip(edges, points, strict=True):
            canvas.text((edge, y), f"{value:+d}" if value else "0", 28, width=140, anchor="ra")
        y += ROW
    canvas.draw.line([40, y - 10, WIDTH - 40, y - 10], fill=INK, width=3)
    total = translator.format(lang, "picture-score-sheet-total")
    canvas.text((40, y), total, 28, width=edges[0] - 180, bold=True, smallest=18)
    for edge, player in zip(edges, seats, strict=True):
        value = ruling["scores"][player]
        canvas.text(
            (edge, y), f"{value:+d}" if value else "0", 28, width=140, bold=True, anchor="ra"
        )
    return canvas


def score_sheet(ruling: dict, lang: str, names: dict[str, str], translator: Translator) -> bytes:
    return _png(score_sheet_canvas(ruling, lang, names, translator).image)
