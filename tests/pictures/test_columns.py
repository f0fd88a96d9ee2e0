"""Every picture the bot sends for a played tournament and a club's evening, read back from
what it draws (the texts its canvas laid out, the data of its chart), adds up to the numbers
the chat announced: a score sheet's rows to its totals and those to the scores, each
player's sheets to his score in the standings, his charted sessions to his table points."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from zoneinfo import ZoneInfo

from babel.numbers import parse_decimal

from bot.discipline.kinds import kind_of
from bot.i18n import Translator
from bot.pictures import picture_for
from bot.pictures.charts import profile_figure
from bot.pictures.tables import COLUMN, HEAD, RIGHT, score_sheet_canvas, standings_canvas
from bot.ports.rulebooks import of_ruling
from tests.conftest import Chat

TRANSLATOR = Translator()
UTC = ZoneInfo("UTC")
LANGS = ("it", "ru", "en")


def pictured(chat: Chat) -> list[tuple[str, dict, dict[str, str]]]:
    """Each message the chat was sent with a picture: its kind of picture, ruling and names."""
    found = []
    for message in chat.sent:
        ruling = message.ruling
        kind = kind_of(ruling.get("type")) if ruling else None
        if kind is not None and kind.picture is not None and kind.has_picture(ruling):
            found.append((kind.picture, ruling, message.names))
    return found


def sheet_read(ruling: dict, lang: str, names: dict[str, str]) -> tuple[list, list[int]]:
    """A score sheet's rows (label, numbers seat by seat) and its totals, as drawn."""
    canvas = score_sheet_canvas(ruling, lang, names, TRANSLATOR)
    seats = len(ruling["seats"])
    texts = [text for text, _ in canvas.boxes][1 + seats :]  # after the title and the names
    lines = [texts[i : i + 1 + seats] for i in range(0, len(texts), 1 + seats)]
    rows = [(line[0], [int(n) for n in line[1:]]) for line in lines]
    return rows[:-1], rows[-1][1]


def standings_read(ruling: dict, lang: str, names: dict[str, str]) -> dict[str, dict]:
    """A standings picture's numbers, column by column, for each player it names."""
    canvas = standings_canvas(ruling, lang, names, TRANSLATOR)
    columns = of_ruling(ruling).pictured
    edges = {RIGHT - COLUMN * (len(columns) - 1 - i): c for i, c in enumerate(columns)}
    lines: dict[float, list] = defaultdict(list)
    for text, box in canvas.boxes:
        if box[1] > HEAD + 30:  # below the headings
            lines[round(box[1] / 20)].append((text, box))
    shown = {}
    by_name = {names.get(row["player"], row["player"]): row["player"] for row in ruling["rows"]}
    for line in lines.values():
        numbers = {}
        for text, box in line:
            column = next((c for edge, c in edges.items() if abs(box[2] - edge) <= 3), None)
            if column is not None:
                numbers[column] = Fraction(str(parse_decimal(text, locale=lang)))
        player = next(by_name[text] for text, _ in line if text in by_name)
        shown[player] = numbers
    return shown


def chart_read(ruling: dict, names: dict[str, str], lang: str) -> tuple[list[float], float]:
    """A profile chart's bars, and the last point of its running total."""
    figure = profile_figure(ruling, lang, names, UTC, TRANSLATOR)
    above, below = figure.axes
    bars = [patch.get_height() for patch in below.patches]
    return bars, float(above.lines[0].get_ydata()[-1])


async def played_tournament(app) -> Chat:
    """Two sessions kept hand by hand with lateness, penalties, a false hu and a forgotten
    tile, a sheet corrected; every player's profile asked, and the tournament finished."""
    chat = await Chat(app, rulebook="mcr", tz="UTC", lang="en", admins=("ref",)).setup()
    for line in (
        "/tournament Pictured Cup 2",
        "/register @ann @bea @cid @dan",
        "/session start",
        "/seat 1 @ann @bea @cid @dan",
        "/late @dan 7",
        "/win 1 @ann 10 self",
        "/win 1 @bea 8 @cid",
        "/washout 1",
        "/violation @ann wall",
        "/violation @ann wall",
        "/violation @bea other 5",
        "/falsehu @cid under8 exposed",
        "/notile @bea",
        "/session end",
        "/session start",
        "/seat 1 @dan @cid @bea @ann",
        "/late @ann 12",
        "/win 1 @dan 12 @ann",
        "/win 1 @cid 9 self",
        "/session end",
        "/correct 1 40 0 -20 -20 session=2",
        *(f"/profile @{p}" for p in ("ann", "bea", "cid", "dan")),
        "/finish",
        "/standings",
    ):
        out = await chat.say("ref", line)
        assert not Chat.rulings(out, "refused"), (line, [o.text for o in out])
    return chat


async def test_a_tournament_s_pictures_add_up_to_the_chat_s_numbers(app):
    chat = await played_tournament(app)
    drawn = pictured(chat)
    kinds = {kind for kind, _, _ in drawn}
    assert {"score_sheet", "standings_table", "profile_chart"} <= kinds, kinds
    sheets: dict[tuple[int, int], dict] = {}  # each table's last announced sheet
    for kind, ruling, names in drawn:
        assert picture_for(ruling, "en", names, UTC, TRANSLATOR)  # the bot draws it
        if kind == "score_sheet":
            sheets[ruling["session"], ruling["table"]] = ruling
            for lang in LANGS:
                rows, totals = sheet_read(ruling, lang, names)
                added = [
                    sum(column) for column in zip(*(points for _, points in rows), strict=True)
                ]
                assert added == totals, (lang, rows, totals)
                assert totals == [ruling["scores"][p] for p in ruling["seats"]]
    adjusted = [a["kind"] for s in sheets.values() for a in s["adjustments"]]
    assert {"lateness", "penalty", "false_hu", "notile", "corrected"} <= set(adjusted)
    scores: dict[str, int] = defaultdict(int)
    points: dict[str, Fraction] = defaultdict(Fraction)
    for sheet in sheets.values():
        for player in sheet["seats"]:
            scores[player] += sheet["scores"][player]
            points[player] += Fraction(sheet["tp"][player])
    standings = [(r, n) for kind, r, n in drawn if kind == "standings_table"]
    charts = {r["player"]: (r, n) for kind, r, n in drawn if kind == "profile_chart"}
    assert standings and len(charts) == 4
    for ruling, names in standings:
        for lang in LANGS:
            shown = standings_read(ruling, lang, names)
            assert set(shown) == set(scores)
            for player, numbers in shown.items():
                assert numbers["score"] == scores[player], (lang, player)
                assert numbers["tp"] == round(points[player], 2), (lang, player)
    for player, (ruling, names) in charts.items():
        bars, total = chart_read(ruling, names, "en")
        assert len(bars) == len(sheets)
        assert abs(sum(bars) - total) < 1e-9 and abs(total - float(points[player])) < 1e-9


async def test_a_club_evening_s_pictures_add_up_to_the_chat_s_numbers(app):
    chat = await Chat(app, lang="it").setup()
    for line in (
        "/open fibur 1v1 2",
        "/sit 1",
    ):
        await chat.say("alice", line)
    await chat.say("bob", "/sit 1")
    await chat.say("alice", "/hand 1 300 100")
    await chat.say("alice", "/hand 1 50 140")
    await chat.say("bob", "/confirm 1")
    await chat.say("alice", "/standings")
    await chat.say("alice", "/profile")
    await chat.say("bob", "/profile")
    drawn = pictured(chat)
    standings = [(r, n) for kind, r, n in drawn if kind == "standings_table"]
    charts = {r["player"]: (r, n) for kind, r, n in drawn if kind == "profile_chart"}
    assert standings and set(charts) == {"alice", "bob"}
    for ruling, names in standings:
        for lang in LANGS:
            shown = standings_read(ruling, lang, names)
            for row in ruling["rows"]:  # the chat's numbers, as its text says them
                for column, number in shown[row["player"]].items():
                    assert number == round(Fraction(str(row[column])), 2), (lang, column)
        for row in ruling["rows"]:
            bars, total = chart_read(*charts[row["player"]], "it")
            assert len(bars) == row["matches"]
            assert abs(total - float(row["points"])) < 1e-9
