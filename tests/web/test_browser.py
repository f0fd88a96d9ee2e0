"""The public pages in a real browser: headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium) reads each page in the three languages from databases
filled by replaying our own cases, and watches the display update itself. Screenshots are
kept in tests/artifacts/web/."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from pathlib import Path

import pytest

from bot.app import App
from bot.console.replay import replay
from bot.i18n import Translator
from bot.storage.database import SqliteDatabase
from bot.web import WebPages, links
from tests.conftest import Chat
from tests.web.conftest import free_port

CASES = Path(__file__).resolve().parents[1] / "cases"  # our own, whatever sits beside the checkout
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "web"
REQUIRE = os.environ.get("ARBITRO_REQUIRE_EMULATORS") == "1"
TRANSLATOR = Translator()


def _browser():
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        reason = "chromium and chromedriver are not installed (scripts/setup installs them)"
        if REQUIRE:
            pytest.fail(reason)
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(flag)
    options.add_argument("--disable-dev-shm-usage")
    return webdriver.Chrome(service=Service(driver), options=options)


@pytest.fixture
async def browser():
    driver = await asyncio.to_thread(_browser)
    yield driver
    await asyncio.to_thread(driver.quit)


async def served(folder: Path, case: str) -> tuple[WebPages, str]:
    """A database filled by replaying ``case``, served; the community's page address."""
    db = folder / f"{case}.db"
    with open(os.devnull, "w") as quiet:
        await replay(CASES / f"{case}.txt", db=str(db), out=quiet)
    app = App(SqliteDatabase(str(db)))
    await app.start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    pages = WebPages(app.database, app.layer.translator)
    await pages.start("127.0.0.1", port)
    [line] = await links(app.database, base, create=True, now=pages.clock())
    pages.app = app  # type: ignore[attr-defined]  # closed with the pages
    return pages, line.split()[2]


async def close(pages: WebPages) -> None:
    await pages.stop()
    await pages.app.stop()  # type: ignore[attr-defined]


async def look(driver, url: str, shot: str | None = None) -> tuple[str, str]:
    """The page's heading and its visible text, as a reader sees them."""
    from selenium.webdriver.common.by import By

    def read() -> tuple[str, str]:
        driver.get(url)
        heading = driver.find_element(By.TAG_NAME, "h1").text
        body = driver.find_element(By.TAG_NAME, "body").text
        if shot:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(ARTIFACTS / f"{shot}.png"))
        return heading, body

    return await asyncio.to_thread(read)


def said(lang: str, message: str, **args) -> str:
    return TRANSLATOR.format(lang, message, args)


@pytest.mark.parametrize("lang", ["it", "ru", "en"])
async def test_a_club_s_pages_in_each_language(browser, tmp_path, lang):
    pages, link = await served(tmp_path, "burraco-results")
    try:
        heading, body = await look(browser, f"{link}?lang={lang}", f"standings-{lang}")
        assert heading == said(lang, "web-section-standings")
        assert said(lang, "web-col-average") in body and said(lang, "web-tally-official") in body
        heading, body = await look(browser, f"{link}rulings?lang={lang}", f"rulings-{lang}")
        assert heading == said(lang, "web-section-rulings")
        assert said(lang, "web-ruling-number", number=1) in body
        heading, body = await look(browser, f"{link}stops?lang={lang}", f"stops-{lang}")
        assert heading == said(lang, "web-section-stops")
        first = body.split("\n")
        assert first  # the page has text, and no placeholder left in it
        assert "{" not in body and "$" not in body
    finally:
        await close(pages)


@pytest.mark.parametrize("lang", ["it", "ru", "en"])
async def test_a_tournament_s_pages_in_each_language(browser, tmp_path, lang):
    pages, link = await served(tmp_path, "mcr-tournament")
    try:
        heading, body = await look(browser, f"{link}?lang={lang}", f"mcr-standings-{lang}")
        assert heading == said(lang, "web-section-standings")
        assert said(lang, "web-col-tp") in body
        heading, body = await look(browser, f"{link}display?lang={lang}", f"display-{lang}")
        assert said(lang, "web-section-standings") in body
        assert "{" not in body and "$" not in body
    finally:
        await close(pages)


async def test_the_display_updates_within_two_seconds_without_a_reload(browser, tmp_path):
    from selenium.webdriver.common.by import By

    app = App(SqliteDatabase(str(tmp_path / "live.db")))
    await app.start()
    chat = await Chat(app, rulebook="mcr", tz="UTC", admins=("ref",)).setup()
    for line in (
        "/tournament Autumn Open 2",
        "/register @ann @bea @cid @dan @eva @fay @gus @hal",
        "/session start",
        "/seat 1 @ann @bea @cid @dan",
    ):
        await chat.say("ref", line)
    port = free_port()
    pages = WebPages(app.database, app.layer.translator, clock=lambda: chat.now)
    await pages.start("127.0.0.1", port)
    [line] = await links(app.database, f"http://127.0.0.1:{port}", create=True, now=chat.now)
    table_2 = said("en", "web-table", table=2)
    try:
        await look(browser, line.split()[2] + "display?lang=en")

        def mark_and_wait_for_the_stream() -> None:
            browser.execute_script("window.sameDocument = 42;")
            time.sleep(1.0)  # the page's event stream is open, the watcher has looked once

        await asyncio.to_thread(mark_and_wait_for_the_stream)
        shown = await asyncio.to_thread(lambda: browser.find_element(By.ID, "live").text)
        assert table_2 not in shown
        await chat.say("ref", "/seat 2 @eva @fay @gus @hal")
        landed = time.monotonic()

        def wait_for_table_2() -> float:
            while time.monotonic() - landed < 5:
                if table_2 in browser.find_element(By.ID, "live").text:
                    return time.monotonic() - landed
                time.sleep(0.05)
            raise AssertionError("the display never showed table 2")

        took = await asyncio.to_thread(wait_for_table_2)
        assert took <= 2.0, f"the display took {took:.2f} s"
        assert await asyncio.to_thread(browser.execute_script, "return window.sameDocument;") == 42
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(browser.save_screenshot, str(ARTIFACTS / "display-live.png"))
    finally:
        await pages.stop()
        await app.stop()


async def test_a_phone_sized_page_does_not_scroll_sideways(browser, tmp_path):
    pages, link = await served(tmp_path, "burraco-results")
    try:
        await asyncio.to_thread(browser.set_window_size, 390, 844)
        await look(browser, f"{link}rulings?lang=ru", "rulings-phone-ru")
        wide = await asyncio.to_thread(
            browser.execute_script,
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
        )
        assert wide <= 0
    finally:
        await close(pages)


# the public pages of a club and of a tournament, as a reader reaches them (a player's page is
# the first the standings link to)
PHONE_PAGES = {
    "burraco-results": ("", "?tally=official", "rulings", "stops", "player"),
    "mcr-tournament": ("", "rulings", "stops", "player", "display", "print"),
    # a finished tournament's pages once later ones exist, its player's page reached from them
    "mcr-without-gaps": ("?tournament=1", "player", "display?tournament=1", "print?tournament=1"),
}
# what a phone shows of a page wider than itself, and the words broken inside: the elements
# that reach past the screen's right edge, and each standings heading whose words do not stay
# whole
MEASURE = """
const width = document.documentElement.clientWidth;
const past = [...document.querySelectorAll("body *")].filter((e) => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.right > width + 0.5;
}).map((e) => e.tagName + "." + e.className + ": " + e.textContent.trim().slice(0, 40));
const broken = [];
for (const cell of document.querySelectorAll("table.standings thead th")) {
  const text = cell.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) continue;
  for (const match of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    if (range.getClientRects().length > 1) broken.push(match[0]);
  }
}
return [document.documentElement.scrollWidth - width, past, broken];
"""


async def test_every_public_page_fits_a_phone_in_each_language(browser, tmp_path):
    """At 390×844 (a phone held upright), no page of a club or a tournament scrolls sideways
    or pushes a column off the screen, and no column heading breaks inside a word. One
    browser for every page."""
    from selenium.webdriver.common.by import By

    await asyncio.to_thread(
        browser.execute_cdp_cmd,
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
    )
    faults = []
    for case, paths in PHONE_PAGES.items():
        pages, link = await served(tmp_path, case)
        try:
            await look(browser, link + paths[0])  # the first page names the player to read
            player = await asyncio.to_thread(
                lambda: browser.find_element(By.CSS_SELECTOR, "table.standings a").get_attribute(
                    "href"
                )
            )
            for lang in ("it", "ru", "en"):
                for path in paths:
                    url = player if path == "player" else link + path
                    url += ("&" if "?" in url else "?") + f"lang={lang}"
                    heading, _ = await look(browser, url)
                    assert heading != said(lang, "web-not-found-title"), url
                    wide, past, broken = await asyncio.to_thread(browser.execute_script, MEASURE)
                    if wide > 0 or past or broken:
                        faults.append((case, path, lang, wide, past[:3], broken))
                        shot = f"phone-{case}-{path.strip('?') or 'standings'}-{lang}"
                        ARTIFACTS.mkdir(parents=True, exist_ok=True)
                        await asyncio.to_thread(
                            browser.save_screenshot, str(ARTIFACTS / f"{shot}.png")
                        )
        finally:
            await close(pages)
    assert not faults, "\n".join(map(str, faults))
