"""The EMA's results file refuses nothing silently: each player's details are checked when
given, the file names who lacks them, and no cell runs as a spreadsheet formula."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from bot.pictures.results import FORMULA_SIGNS, ema_csv
from tests.conftest import Chat


async def _tournament(chat: Chat, players: list[str]) -> None:
    await chat.say("ref", '/tournament "Spring Open" 1')
    await chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/session start")
    await chat.say("ref", "/seat 1 " + " ".join(f"@{p}" for p in players[:4]))
    await chat.say("ref", "/seat 2 " + " ".join(f"@{p}" for p in players[4:8]))


def _rows(out, chat: Chat) -> list[list[str]]:
    ruling = chat.one(out, "export")
    return list(csv.reader(io.StringIO(ema_csv(ruling, {}).decode("utf-8-sig"))))


@pytest.mark.parametrize(
    ("details", "code"),
    [
        ("ema=0401001", "ema_number_invalid"),
        ("ema=040100011", "ema_number_invalid"),
        ("ema=０４０１０００１", "ema_number_invalid"),  # full-width digits
        ("country=RUS", "bad_country"),
        ("country=XX", "bad_country"),
        ("country=Italia", "bad_country"),
        ('name=" "', "name_empty"),
        ("ema=04010001 ema=04010002", "repeated_option"),
    ],
)
async def test_each_detail_is_checked_when_given(mcr_chat, details, code):
    await _tournament(mcr_chat, [f"p{n}" for n in range(8)])
    out = await mcr_chat.say("ref", f"/player @p1 {details}")
    assert mcr_chat.one(out, "refused")["code"] == code


async def test_an_ema_number_is_one_player_s_and_gb_is_written_uk(mcr_chat):
    await _tournament(mcr_chat, [f"p{n}" for n in range(8)])
    await mcr_chat.say("ref", "/player @p1 ema=04010001")
    refused = mcr_chat.one(await mcr_chat.say("ref", "/player @p2 ema=04010001"), "refused")
    assert (refused["code"], refused["holder"]) == ("duplicate_ema", "p1")
    again = await mcr_chat.say("ref", "/player @p1 ema=04010001 country=gb")  # his own, again
    assert mcr_chat.one(again, "player_details")["country"] == "UK"


@pytest.mark.parametrize(
    ("given", "first", "last"),
    [
        ('name="Jan de Vries"', "Jan", "de Vries"),
        ('name="de Vries, Jan"', "Jan", "de Vries"),
        ('first="Anna Maria" last=Rossi', "Anna Maria", "Rossi"),
        ("name=Cher", "Cher", None),
    ],
)
async def test_names_split_as_the_player_is_called(mcr_chat, given, first, last):
    await _tournament(mcr_chat, [f"p{n}" for n in range(8)])
    details = mcr_chat.one(await mcr_chat.say("ref", f"/player @p1 {given}"), "player_details")
    assert (details["first_name"], details["last_name"]) == (first, last)


async def test_the_file_opens_as_csv_never_runs_a_formula_and_names_who_lacks_details(mcr_chat):
    players = [f"p{n}" for n in range(8)]
    await _tournament(mcr_chat, players)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    await mcr_chat.say("ref", "/score 2 10 10 10 -30")  # a tie of three: 7/3 table points each
    await mcr_chat.say("ref", "/session end")
    hostile = ['"=HYPERLINK(1)"', '"+1+1"', '"-2"', '"@SUM(A1)"']
    for player, name in zip(players, hostile, strict=False):
        await mcr_chat.say("ref", f"/player @{player} first={name} last=Rossi country=IT")
    for n, player in enumerate(players[:6]):
        await mcr_chat.say("ref", f"/player @{player} ema=0401000{n}")
    out = await mcr_chat.say("ref", "/export")
    header, *rows = _rows(out, mcr_chat)
    assert header[0] == "Place" and len(rows) == 8
    text_cells = [cell for row in rows for cell in (row[1], row[2], row[3], row[6])]
    assert not any(cell.startswith(FORMULA_SIGNS) for cell in text_cells)
    assert {row[1] for row in rows} >= {"'=HYPERLINK(1)", "'+1+1", "'-2", "'@SUM(A1)"}
    assert sorted(row[4] for row in rows) == sorted(
        ["4", "2", "1", "0", "2.33", "2.33", "2.33", "0"]
    )
    assert all(cell.lstrip("-").isdigit() for cell in (row[5] for row in rows))  # scores
    missing = mcr_chat.one(out, "export")["missing"]
    assert sorted(missing) == ["p4", "p5", "p6", "p7"]  # no name, or no EMA number
    assert "p6" in out[-1].text and "/player" in out[-1].text


@pytest.mark.parametrize(
    ("points", "written"),
    [(9, "9"), (Fraction(23, 2), "11.5"), (Fraction(7, 3), "2.33"), (Fraction(1, 2), "0.5")],
)
def test_table_points_are_written_in_one_format(points, written):
    ruling = {
        "rows": [
            {
                "place": 1,
                "player": "a",
                "first_name": "A",
                "last_name": "B",
                "ema": "04010001",
                "tp": points,
                "score": 3,
                "country": "IT",
            }
        ]
    }
    [_, row] = list(csv.reader(io.StringIO(ema_csv(ruling, {}).decode("utf-8-sig"))))
    assert row[4] == written


async def test_a_player_without_details_is_written_under_his_chat_name_and_flagged(mcr_chat):
    players = [f"p{n}" for n in range(8)]
    await _tournament(mcr_chat, players)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    await mcr_chat.say("ref", "/score 2 30 10 -10 -30")
    await mcr_chat.say("ref", "/session end")
    await mcr_chat.say("ref", '/player @p0 first="Søren" last="Østergård" ema=03010001 country=DK')
    await mcr_chat.say("ref", "/player @p1 ema=04010001")
    ruling = mcr_chat.one(await mcr_chat.say("ref", "/export"), "export")
    written = ema_csv(ruling, {"p2": "@Zoë"})
    assert written.startswith(b"\xef\xbb\xbf")  # UTF-8 with its BOM: Excel reads "Søren"
    header, *rows = list(csv.reader(io.StringIO(written.decode("utf-8-sig"))))
    assert header[-1] == "Missing"
    by_name = {row[2]: row for row in rows}
    assert by_name["Østergård"][1:4] + by_name["Østergård"][-1:] == [
        "Søren",
        "Østergård",
        "03010001",
        "",
    ]
    assert by_name["Zoë"][1:4] + by_name["Zoë"][-1:] == ["", "Zoë", "", "name; EMA number; country"]
    assert by_name["p1"][1:4] + by_name["p1"][-1:] == ["", "p1", "04010001", "name; country"]
    assert all(row[2] for row in rows)  # never an empty row
