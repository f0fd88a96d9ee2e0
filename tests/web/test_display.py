"""The projector and the phone in a real browser (headless Chromium): at 1920×1080, 1280×720
and 390×844, with 16, 40 and 120 players, nothing overflows the screen, every table, seat and
standings row is shown within one turn of the pages, the clock counts down, and a ruling reaches
an open display within a second. Screenshots are kept in tests/artifacts/web/."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.app import App
from bot.storage.database import SqliteDatabase
from bot.web import WebPages, links
from bot.web.server import alphabetical
from tests.conftest import Chat
from tests.web.conftest import free_port
from tests.web.test_browser import ARTIFACTS, browser  # noqa: F401  # the browser fixture

SIZES = {"projector": (1920, 1080), "small-projector": (1280, 720), "phone": (390, 844)}
# names as a club registers them: short, long, accented, Cyrillic
STEMS = ["Ann", "Giuseppe Garibaldi-Lombardi", "Zoë", "Ольга", "Jan de Vries", "Li", "Ångström"]


def player_names(count: int) -> list[str]:
    return [f"{STEMS[n % len(STEMS)].replace(' ', '_')}_{n}" for n in range(count)]


@dataclass
class Display:
    chat: Chat
    url: str
    players: list[str]


@pytest.fixture
async def tournament_of(tmp_path) -> AsyncIterator:
    opened: list[tuple[App, WebPages]] = []

    async def make(players: int) -> Display:
        app = App(SqliteDatabase(str(tmp_path / f"display-{players}.db")))
        await app.start()
        chat = await Chat(app, rulebook="mcr", tz="UTC", admins=("ref",)).setup()
        names = player_names(players)
        await chat.say("ref", "/tournament Grand Open 6")
        await chat.say("ref", "/register " + " ".join(f"@{n}" for n in names))
        await chat.say("ref", "/seating draw=7")
        started = chat.one(await chat.say("ref", "/session start"), "session_started")
        first = started["tables"][0]["seats"]
        await chat.say("ref", f"/win 1 @{first[0]} 8 self")  # a table's totals so far
        await chat.say("ref", "/clock 1h30m")
        pages = WebPages(app.database, app.layer.translator, clock=lambda: chat.now)
        port = free_port()
        await pages.start("127.0.0.1", port)
        opened.append((app, pages))
        [line] = await links(app.database, f"http://127.0.0.1:{port}", create=True, now=chat.now)
        return Display(chat, line.split()[2], names)

    yield make
    for app, pages in opened:
        await pages.stop()
        await app.stop()


READ_PANELS = """
const viewport = {w: document.documentElement.clientWidth, h: window.innerHeight};
return Array.from(document.querySelectorAll('[data-pager]')).map(panel => {
  const box = panel.getBoundingClientRect();
  const list = panel.querySelector('.items, tbody');
  const shown = Array.from(list ? list.children : []).filter(item => {
    if (item.hidden || item.offsetParent === null) return false;
    const r = item.getBoundingClientRect();
    return !arguments[0] || (r.top >= box.top - 1 && r.bottom <= box.bottom + 1
      && r.bottom <= viewport.h + 1 && r.right <= viewport.w + 1);
  }).map(item => item.innerText.replace(/\\s+/g, ' ').trim());
  return {name: panel.className, pages: Number(panel.getAttribute('data-pages') || 1),
          all: list ? list.children.length : 0, shown: shown};
});
"""


def read_every_page(driver, fits: bool) -> dict[str, set[str]]:
    """Each panel's items seen over one turn of its pages (fully inside the panel and the
    screen, where the screen is a projector's)."""
    seen: dict[str, set[str]] = {}
    panels = driver.execute_script(READ_PANELS, fits)
    turns = max((p["pages"] for p in panels), default=1)
    for _ in range(turns):
        for panel in driver.execute_script(READ_PANELS, fits):
            seen.setdefault(panel["name"], set()).update(panel["shown"])
        driver.execute_script("window.arbitroDisplay.turn();")
    return seen


@pytest.mark.parametrize("players", [16, 40, 120])
@pytest.mark.parametrize("size", list(SIZES))
async def test_every_table_and_row_is_shown_and_nothing_overflows(
    browser,  # noqa: F811
    tournament_of,
    players,
    size,
):
    shown = await tournament_of(players)
    width, height = SIZES[size]
    fits = size != "phone"  # a phone scrolls down the page; a projector never scrolls

    def look() -> tuple[dict, dict[str, set[str]], list[str]]:
        browser.set_window_size(width, height)
        browser.get(shown.url + "display?lang=en")
        inner = browser.execute_script("return [window.innerWidth, window.innerHeight];")
        # the window's frame: make the page itself the wanted size
        browser.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        browser.execute_script("window.arbitroDisplay.layout();")
        overflow = browser.execute_script(
            "const d = document.documentElement;"
            "return {x: d.scrollWidth - d.clientWidth, y: d.scrollHeight - d.clientHeight,"
            " w: window.innerWidth, h: window.innerHeight};"
        )
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / f"display-{size}-{players}.png"))
        seen = read_every_page(browser, fits)
        read = "return document.querySelector('.clock').textContent;"
        clock = [browser.execute_script(read)]
        began = time.monotonic()
        while time.monotonic() - began < 3:  # it ticks each second (a busy machine: later)
            time.sleep(0.2)
            if browser.execute_script(read) != clock[0]:
                break
        clock.append(browser.execute_script(read))
        return overflow, seen, clock

    overflow, seen, clock = await asyncio.to_thread(look)
    assert (overflow["w"], overflow["h"]) == (width, height)
    assert overflow["x"] <= 0, f"{overflow['x']} px wider than the screen"
    if fits:
        assert overflow["y"] <= 0, f"{overflow['y']} px taller than the screen"
    tables = seen["panel tables-panel"]
    assert len(tables) == players // 4
    assert {name for name in shown.players if any(name in t for t in tables)} == set(shown.players)
    rows = seen["panel standings-panel"]
    assert len(rows) == players
    assert {name for name in shown.players if any(name in r for r in rows)} == set(shown.players)
    find = seen["panel find-panel"]
    assert len(find) == players
    assert sorted(find, key=str.casefold) == sorted(find, key=str.casefold)
    assert _seconds(clock[1]) < _seconds(clock[0]) <= 90 * 60


def _seconds(shown: str) -> int:
    parts = [int(p) for p in shown.split(":")]
    while len(parts) < 3:
        parts.insert(0, 0)
    hours, minutes, seconds = parts
    return hours * 3600 + minutes * 60 + seconds


async def test_the_pages_turn_on_their_own(browser, tournament_of):  # noqa: F811
    shown = await tournament_of(120)

    def pages_seen() -> set[str]:
        browser.set_window_size(1280, 720)
        browser.get(shown.url + "display?lang=en&every=3")
        seen = set()
        began = time.monotonic()
        while time.monotonic() - began < 7:
            seen.add(
                browser.execute_script(
                    "return document.querySelector('.standings-panel').getAttribute('data-page');"
                )
            )
            time.sleep(0.25)
        return seen

    assert len(await asyncio.to_thread(pages_seen)) >= 2


async def test_the_find_list_is_alphabetical_and_names_table_and_wind(
    browser,  # noqa: F811
    tournament_of,
):
    shown = await tournament_of(16)

    def entries() -> list[str]:
        browser.set_window_size(1920, 1080)
        browser.get(shown.url + "display?lang=en")
        return browser.execute_script(
            "return Array.from(document.querySelectorAll('.find li .name'))"
            ".map(e => e.textContent);"
        )

    names = await asyncio.to_thread(entries)
    assert names == sorted(shown.players, key=lambda n: (alphabetical(n), n))
    assert names.index("Ångström_6") < names.index("Giuseppe_Garibaldi-Lombardi_1")


async def test_a_ruling_reaches_an_open_display_within_a_second(
    browser,  # noqa: F811
    tournament_of,
):
    shown = await tournament_of(40)
    table = shown.chat.one(await shown.chat.say("ref", "/seating 1"), "seating_view")["tables"][1]
    winner = table["seats"][2]

    def open_and_listen() -> None:
        browser.set_window_size(1920, 1080)
        browser.get(shown.url + "display?lang=en")
        browser.execute_script("window.sameDocument = 42;")
        time.sleep(1.0)  # the event stream is open, the watcher has looked once

    await asyncio.to_thread(open_and_listen)
    await shown.chat.say("ref", f"/win 2 @{winner} 12 self")
    landed = time.monotonic()

    def wait_for_the_totals() -> float:
        while time.monotonic() - landed < 5:
            live = browser.execute_script(
                "return document.querySelectorAll('.tables .table.live').length;"
            )
            if live == 2:
                return time.monotonic() - landed
            time.sleep(0.02)
        raise AssertionError("the display never showed table 2's totals")

    took = await asyncio.to_thread(wait_for_the_totals)
    assert took <= 1.0, f"the display took {took:.2f} s"
    assert await asyncio.to_thread(browser.execute_script, "return window.sameDocument;") == 42


async def test_a_player_finds_his_table_and_his_sessions_on_a_phone(
    browser,  # noqa: F811
    tmp_path,
):
    app = App(SqliteDatabase(str(tmp_path / "phone.db")))
    await app.start()
    chat = await Chat(app, rulebook="mcr", tz="UTC", admins=("ref",)).setup()
    await chat.say("ref", "/tournament Phone Cup 3")
    await chat.say("ref", "/register @ann @bea @cid @dan @eva @fay @gus @hal")
    await chat.say("ref", "/seating draw=12")
    started = chat.one(await chat.say("ref", "/session start"), "session_started")
    for table in started["tables"]:
        east, south = table["seats"][0], table["seats"][1]
        await chat.say("ref", f"/win {table['table']} @{east} 8 @{south}")
    await chat.say("ref", "/session end")
    second = chat.one(await chat.say("ref", "/session start"), "session_started")
    where = next(t for t in second["tables"] if "ann" in t["seats"])
    wind = ("East", "South", "West", "North")[where["seats"].index("ann")]
    pages = WebPages(app.database, app.layer.translator, clock=lambda: chat.now)
    port = free_port()
    await pages.start("127.0.0.1", port)
    [line] = await links(app.database, f"http://127.0.0.1:{port}", create=True, now=chat.now)
    try:

        def read() -> dict:
            browser.set_window_size(390, 844)
            inner = browser.execute_script("return window.innerWidth;")
            browser.set_window_size(390 + (390 - inner), 844)
            browser.get(line.split()[2] + "player/ann?lang=en")
            time.sleep(0.3)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(ARTIFACTS / "player-phone-mcr.png"))
            return browser.execute_script(
                "const d = document.documentElement, img = document.querySelector('figure img');"
                "return {wide: d.scrollWidth - d.clientWidth, width: window.innerWidth,"
                " now: document.querySelector('.now').textContent,"
                " stages: [...document.querySelectorAll('ol.stages li')].map(l => l.className),"
                " chart: img ? [img.naturalWidth, img.getBoundingClientRect().width] : null};"
            )

        seen = await asyncio.to_thread(read)
    finally:
        await pages.stop()
        await app.stop()
    assert seen["width"] == 390 and seen["wide"] <= 0
    assert seen["now"] == f"Now: session 2, table {where['table']}, {wind}."
    assert seen["stages"] == ["played", "playing", "planned"]
    natural, shown_width = seen["chart"]
    assert natural == 600 and shown_width <= 390  # drawn, and shrunk to the phone's width


async def test_table_cards_and_score_sheets_print_one_page_per_table(
    browser,  # noqa: F811
    tournament_of,
):
    import base64

    from selenium.webdriver.common.print_page_options import PrintOptions

    shown = await tournament_of(40)

    def printed(query: str) -> tuple[bytes, str]:
        browser.get(shown.url + "print" + query)
        options = PrintOptions()
        options.page_width, options.page_height = 21.0, 29.7
        pdf = base64.b64decode(browser.print_page(options))
        return pdf, browser.find_element("tag name", "body").text

    pdf, text = await asyncio.to_thread(printed, "?lang=it")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "print-it.pdf").write_bytes(pdf)
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages == 10  # 40 players: 10 tables, one page each
    for number in range(1, 11):
        assert f"Tavolo {number}" in text
    assert all(name in text for name in shown.players)
    # the next session's cards, from the plan, before it starts
    pdf, text = await asyncio.to_thread(printed, "?session=2&lang=en")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 10
    assert "session 2 of 6" in text
