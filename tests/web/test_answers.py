"""One answer for one fault on every page: ``?page=`` read the same way everywhere (a page that
is not split into pages has one), and an error page in the language the reader asked for."""

from __future__ import annotations

import pytest

from tests.conftest import Chat
from tests.web.conftest import burraco_evening, link_of, mcr_session

MCR_PAGES = (
    "",
    "rulings",
    "stops",
    "player/ann",
    "player/ann/chart.png",
    "display",
    "display/live",
    "print",
)
BURRACO_PAGES = ("", "rulings", "stops", "player/alice", "player/alice/chart.png")
BAD_PAGES = ("abc", "0", "-1", "2", "%D9%A3", "9" * 4300, "1.0", "")


async def played_mcr(app) -> Chat:
    chat = await mcr_session(app)
    await chat.say("mod", "/score 1 40 10 -10 -40")
    await chat.say("mod", "/session end")
    return chat


@pytest.mark.parametrize("rulebook", ["mcr", "burraco"])
async def test_every_page_reads_page_the_same_way(app, site, rulebook):
    chat = await (played_mcr(app) if rulebook == "mcr" else burraco_evening(app))
    path = (await link_of(chat)).removeprefix(site.url)
    for page in MCR_PAGES if rulebook == "mcr" else BURRACO_PAGES:
        assert (await site.get(f"{path}{page}?page=1")).status_code == 200, page
        for bad in BAD_PAGES:
            answer = await site.get(f"{path}{page}?page={bad}&lang=en")
            assert answer.status_code == 400, (page, bad[:10])
            assert "Address not valid" in answer.text, (page, bad[:10])
            assert len(answer.text) < 2000  # a number of 4,300 digits is not quoted back


async def test_an_error_page_speaks_the_language_asked_for(app, site):
    chat = await played_mcr(app)  # the community speaks English
    path = (await link_of(chat)).removeprefix(site.url)
    for lang, not_found, bad in (
        ("it", "Pagina non trovata", "Indirizzo non valido"),
        ("ru", "Страница не найдена", "Неверный адрес"),
        ("en", "Not found", "Address not valid"),
    ):
        browser = {"Accept-Language": "en" if lang != "en" else "ru"}  # ?lang= wins
        for missing in (f"player/nobody?lang={lang}", f"nope?lang={lang}"):
            answer = await site.get(path + missing, **browser)
            assert answer.status_code == 404 and not_found in answer.text, missing
            assert f'<html lang="{lang}">' in answer.text
        unknown = await site.get(f"/c/ThisAddressNeverExisted00/?lang={lang}", **browser)
        assert unknown.status_code == 404 and not_found in unknown.text
        for wrong in ("rulings?page=abc", "?tournament=abc", "display?every=1"):
            answer = await site.get(f"{path}{wrong}&lang={lang}", **browser)
            assert answer.status_code == 400 and bad in answer.text, wrong


async def test_without_lang_an_error_page_speaks_the_community_s_language(app, site):
    chat = await burraco_evening(app)  # the community speaks Italian
    path = (await link_of(chat)).removeprefix(site.url)
    assert "Indirizzo non valido" in (await site.get(path + "rulings?page=abc")).text
    assert "non trovata" in (await site.get(path + "player/nobody")).text
    assert "Not found" in (await site.get("/c/ThisAddressNeverExisted00/")).text
    wrong = await site.get(path + "?lang=de", **{"Accept-Language": "ru"})
    assert wrong.status_code == 400 and "Неверный адрес" in wrong.text
