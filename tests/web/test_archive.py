"""A finished tournament keeps its pages once another one runs: its players' pages and
charts, its display and its printed sheets, reached by its number (``?tournament=N``)."""

from __future__ import annotations

import re

from tests.conftest import Chat
from tests.web.conftest import link_of


async def two_tournaments(app) -> Chat:
    """The Spring Cup played and finished, then the Autumn Cup running with other players."""
    chat = await Chat(app, rulebook="mcr", tz="UTC", lang="en", admins=("mod",)).setup()
    await chat.say("mod", "/tournament Spring Cup 1")
    await chat.say("mod", "/register @ann @bea @cid @dan")
    await chat.say("mod", "/session start")
    await chat.say("mod", "/seat 1 @ann @bea @cid @dan")
    await chat.say("mod", "/score 1 40 10 -10 -40")
    await chat.say("mod", "/session end")
    await chat.say("mod", "/finish")
    await chat.say("mod", "/tournament Autumn Cup 2")
    await chat.say("mod", "/register @eve @fay @gus @hal")
    await chat.say("mod", "/session start")
    await chat.say("mod", "/seat 1 @eve @fay @gus @hal")
    return chat


async def test_a_finished_tournament_keeps_its_players_pages_and_charts(app, site):
    chat = await two_tournaments(app)
    path = (await link_of(chat)).removeprefix(site.url)
    running = (await site.get(path + "?lang=en")).text
    spring = re.search(r'href="\?tournament=(\d+)&amp;lang=en">Spring Cup<', running)
    assert spring, running
    number = spring.group(1)
    standings = (await site.get(f"{path}?tournament={number}&lang=en")).text
    link = f'href="/c/{path.split("/")[2]}/player/ann?tournament={number}&amp;lang=en"'
    assert link in standings  # its players' links keep the tournament
    assert f"print?tournament={number}&amp;lang=en" in standings
    page = await site.get(f"{path}player/ann?tournament={number}&lang=en")
    assert page.status_code == 200 and "Spring Cup" in page.text, page.text
    assert "Session 1" in page.text and "bea, cid, dan" in page.text
    assert f"ann/chart.png?tournament={number}&amp;lang=en" in page.text
    slug = path.split("/")[2]
    assert f'href="/c/{slug}/?tournament={number}&amp;lang=en"' in page.text  # back to it
    assert f'href="/c/{slug}/display?tournament={number}&amp;lang=en"' in page.text
    assert f'href="/c/{slug}/rulings?lang=en"' in page.text
    chart = await site.get(f"{path}player/ann/chart.png?tournament={number}")
    assert chart.status_code == 200 and chart.content.startswith(b"\x89PNG")
    # without the number: the running tournament's pages, where Ann has none
    assert (await site.get(path + "player/ann")).status_code == 404
    assert (await site.get(path + "player/eve")).status_code == 200
    assert (await site.get(f"{path}player/eve?tournament={number}")).status_code == 404
    for bad in ("999999", "abc"):
        wrong = await site.get(f"{path}player/ann?tournament={bad}&lang=en")
        assert wrong.status_code == 400 and "tournament" in wrong.text
        wrong = await site.get(f"{path}player/ann/chart.png?tournament={bad}&lang=en")
        assert wrong.status_code == 400


async def test_a_finished_tournament_keeps_its_display_and_sheets(app, site):
    chat = await two_tournaments(app)
    path = (await link_of(chat)).removeprefix(site.url)
    running = (await site.get(path + "?lang=en")).text
    number = re.search(r"\?tournament=(\d+)&amp;lang=en\">Spring Cup<", running).group(1)
    now = (await site.get(path + "display?lang=en")).text
    assert "Autumn Cup" in now and "Spring Cup" not in now
    display = (await site.get(f"{path}display?tournament={number}&lang=en")).text
    assert "<h1>Spring Cup</h1>" in display and 'class="board final"' in display
    assert f'data-live="display/live?tournament={number}&amp;lang=en"' in display
    live = (await site.get(f"{path}display/live?tournament={number}&lang=en")).text
    assert "<h1>Spring Cup</h1>" in live and ">ann<" in live and "Autumn" not in live
    sheets = (await site.get(f"{path}print?tournament={number}&session=1&lang=en")).text
    assert "Spring Cup" in sheets and ">ann<" in sheets and ">eve<" not in sheets
    assert "Autumn Cup" in (await site.get(f"{path}print?lang=en")).text
    wrong = await site.get(f"{path}display?tournament=999999&lang=en")
    assert wrong.status_code == 400 and "tournament" in wrong.text
