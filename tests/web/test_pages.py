"""The public pages: what each shows in each language, the address that only a moderator
hands out, bad addresses, the headers, and the live display."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta

import pytest

from tests.conftest import Chat
from tests.web.conftest import burraco_evening, link_of, mcr_session


async def test_standings_rulings_and_stops_in_the_readers_language(app, site):
    chat = await burraco_evening(app)
    site.follow(chat)
    link = await link_of(chat)
    path = link.removeprefix(site.url)
    italian = (await site.get(path)).text  # the community speaks Italian
    assert "<h1>Classifica</h1>" in italian
    assert ">alice</a>" in italian and ">bob</a>" in italian
    russian = (await site.get(path, **{"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})).text
    assert "<h1>Таблица</h1>" in russian and "Игрок" in russian
    english = (await site.get(path + "?lang=en", **{"Accept-Language": "ru"})).text
    assert "<h1>Standings</h1>" in english  # ?lang= wins over the browser's wish
    rulings = (await site.get(path + "rulings?lang=it")).text
    assert "Decisione n." in rulings and "Regolamento del club" in rulings
    assert "insulti" not in rulings  # the stop ruling, as the chat told it, without its reason
    assert "motivo non pubblicato" in rulings
    stops = (await site.get(path + "stops?lang=en")).text
    assert "dario" in stops
    assert "insulti" not in stops  # names and times, never the reasons


async def test_the_mcr_standings_mark_the_disqualified(app, site):
    chat = await mcr_session(app)
    await chat.say("mod", "/dq @bea cheating at the table")
    path = (await link_of(chat)).removeprefix(site.url)
    page = (await site.get(path + "?lang=en")).text
    assert "Table points" in page and "Spring Cup" in page
    assert "disqualified" in page
    display = (await site.get(path + "display?lang=it")).text
    assert "Tavolo 1" in display and "/static/display.js" in display
    assert (await site.get(path + "player/bea?lang=en")).status_code == 200
    # the moderator has written in the chat, but has no place in the tournament
    assert (await site.get(path + "player/mod?lang=en")).status_code == 404


async def test_the_public_page_lists_every_tournament_and_shows_a_finished_one(app, site):
    chat = await mcr_session(app)
    await chat.say("mod", "/score 1 40 10 -10 -40")
    await chat.say("mod", "/session end")
    await chat.say("mod", "/session start")
    await chat.say("mod", "/seat 1 @ann @bea @cid @dan")
    await chat.say("mod", "/score 1 40 10 -10 -40")
    await chat.say("mod", "/session end")
    await chat.say("mod", "/finish")
    path = (await link_of(chat)).removeprefix(site.url)
    board = (await site.get(path + "display/live?lang=en")).text  # the prize-giving
    assert 'class="board final"' in board and "final standings" in board
    assert "tables-panel" not in board and "find-panel" not in board and ">ann<" in board
    await chat.say("mod", "/tournament Autumn Cup 1")
    page = (await site.get(path + "?lang=en")).text
    assert "Autumn Cup (running)" in page and "?tournament=1" in page
    finished = (await site.get(path + "?tournament=1&lang=en")).text
    assert 'aria-current="page">Spring Cup<' in finished and ">ann</a>" in finished
    for bad in ("9", "abc", "-1"):
        answer = await site.get(path + f"?tournament={bad}&lang=en")
        assert answer.status_code == 400 and "tournament" in answer.text, bad


async def test_a_profile_with_its_chart(app, site):
    chat = await burraco_evening(app)
    path = (await link_of(chat)).removeprefix(site.url)
    page = (await site.get(path + "player/alice?lang=en")).text
    assert "<h1>alice</h1>" in page
    chart = await site.get(path + "player/alice/chart.png")
    assert chart.status_code == 200 and chart.content.startswith(b"\x89PNG")
    assert (await site.get(path + "player/nobody")).status_code == 404
    assert (await site.get(path + "events")).status_code == 404  # a club has no display
    assert "1 match," in (await site.get(path + "player/bob?lang=en")).text


async def test_only_moderators_get_the_address_and_rotating_it_kills_the_old_one(app, site):
    chat = await burraco_evening(app)
    refused = await chat.say("alice", "/web")
    assert chat.one(refused, "refused")["reason"] == "not_moderator"
    first = await link_of(chat)
    assert await link_of(chat) == first  # asked again: the same address
    old_path = first.removeprefix(site.url)
    assert (await site.get(old_path)).status_code == 200
    out = await chat.say("mod", "/web rotate")
    rotated = chat.one(out, "web_page")
    assert rotated["rotated"] and rotated["url"] != first
    gone = await site.get(old_path)
    never = await site.get("/c/ThisAddressNeverExisted00/")
    assert gone.status_code == never.status_code == 404
    assert gone.text == never.text  # nothing tells a guesser he came close
    assert (await site.get(rotated["url"].removeprefix(site.url))).status_code == 200
    log = await chat.say("mod", "/log")
    assert "web_rotated" in str(chat.one(log, "log")["entries"])


async def test_without_a_web_address_web_says_the_pages_are_off(app):
    chat = await burraco_evening(app)
    app.layer.web_url = None
    out = await chat.say("mod", "/web")
    assert chat.one(out, "web_page")["url"] is None
    assert "non è attiva" in out[0].text  # the community speaks Italian
    out = await chat.say("mod", "/web rotate")
    assert "non è attiva" in out[0].text and "è stato cambiato" in out[0].text


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("?lang=de", "de"),
        ("?tally=everything", "everything"),
        ("rulings?page=0", "0"),
        ("rulings?page=abc", "abc"),
        ("rulings?page=99999999999", "99999999999"),
    ],
)
async def test_a_bad_query_is_refused_saying_what_is_wrong(app, site, query, said):
    chat = await burraco_evening(app)
    path = (await link_of(chat)).removeprefix(site.url)
    answer = await site.get(path + query, **{"Accept-Language": "it"})
    assert answer.status_code == 400
    assert "Indirizzo non valido" in answer.text and said in answer.text


async def test_every_page_sets_the_security_headers(app, site):
    chat = await mcr_session(app)
    path = (await link_of(chat)).removeprefix(site.url)
    for page in ("", "rulings", "stops", "display", "display/live", "player/ann", "nope"):
        headers = (await site.get(path + page)).headers
        assert "default-src 'none'" in headers["Content-Security-Policy"], page
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Content-Type-Options"] == "nosniff"


async def test_the_display_hears_of_each_ruling_as_it_lands(app, site):
    chat = await mcr_session(app)
    path = (await link_of(chat)).removeprefix(site.url)
    heard: list[str] = []
    async with site.http.stream("GET", site.url + path + "events") as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        lines = stream.aiter_lines()

        async def next_event() -> str:
            while True:
                line = await anext(lines)
                if line.startswith("data:"):
                    return line

        await asyncio.sleep(0.5)  # the watcher has read the latest ruling
        await chat.say("mod", "/violation @cid info")
        heard.append(await asyncio.wait_for(next_event(), timeout=2))
    assert heard and heard[0].startswith("data:")


async def test_print_links_gives_every_community_an_address(app):
    from datetime import UTC, datetime

    from bot.web import links

    await Chat(app).setup()
    await Chat(app, chat="other", rulebook="mcr").setup()
    now = datetime(2026, 3, 2, tzinfo=UTC)
    printed = await links(app.database, "https://arbitro.example", create=True, now=now)
    assert [line.split()[1] for line in printed] == ["main", "other"]
    assert all(line.split()[2].startswith("https://arbitro.example/c/") for line in printed)
    assert await links(app.database, "https://arbitro.example", create=True, now=now) == printed


async def test_stop_reasons_show_only_where_the_community_chose_to(app, site):
    chat = await burraco_evening(app)
    site.follow(chat)
    path = (await link_of(chat)).removeprefix(site.url)
    assert "insulti" not in (await site.get(path + "stops?lang=it")).text
    await chat.say("mod", "/settings web_reasons=on")
    shown = (await site.get(path + "stops?lang=it")).text
    assert "dario" in shown and "insulti in chat" in shown
    await chat.say("mod", "/settings web_reasons=off")
    assert "insulti" not in (await site.get(path + "stops?lang=it")).text


async def test_what_is_private_never_reaches_the_rulings_page(app, site):
    chat = await mcr_session(app)
    await chat.say("mod", '/player @ann ema=04010001 country=IT name="Anna Rossi"')
    await chat.say("mod", "/dq @bea cheating at the table")
    path = (await link_of(chat)).removeprefix(site.url)
    page = (await site.get(path + "rulings?lang=en")).text
    assert "04010001" not in page and "Anna Rossi" not in page  # meant for the referee alone
    assert "cheating" not in page and "reason not published" in page
    await chat.say("mod", "/settings web_reasons=on")
    assert "cheating at the table" in (await site.get(path + "rulings?lang=en")).text


async def test_conduct_rulings_reach_the_page_their_reasons_only_where_chosen(app, site):
    chat = await burraco_evening(app)
    await chat.say("ugo", "casino links here")
    await chat.say("mod", "/warn @ugo links to a casino")
    await chat.say("mod", "/ban @ugo 1d spam from a burner account")
    await chat.say("ann", "/report @ugo he insulted me privately")
    path = (await link_of(chat)).removeprefix(site.url)
    page = (await site.get(path + "rulings?lang=en")).text
    assert "Warning for conduct in the chat — ugo" in page and "banned from the chat" in page
    assert "casino" not in page and "burner" not in page
    assert "insulted me" not in page and "Report from" not in page  # the moderators' alone
    await chat.say("mod", "/settings web_reasons=on")
    page = (await site.get(path + "rulings?lang=en")).text
    assert "links to a casino" in page and "spam from a burner account" in page
    assert "insulted me" not in page


async def test_a_shared_link_with_a_tracker_s_parameters_still_opens(app, site):
    chat = await burraco_evening(app)
    path = (await link_of(chat)).removeprefix(site.url)
    assert (await site.get(path + "?fbclid=IwAR123&utm_source=whatsapp")).status_code == 200
    bare = await site.get(path.rstrip("/") + "?lang=ru")
    assert bare.status_code == 200 and "<h1>Таблица</h1>" in bare.text  # redirected
    assert (await site.get(path + "?tally=ufficiale&lang=it")).status_code == 200


async def test_a_page_past_the_last_says_how_many_there_are(app, site):
    chat = await burraco_evening(app)
    path = (await link_of(chat)).removeprefix(site.url)
    answer = await site.get(path + "rulings?page=9", **{"Accept-Language": "en"})
    assert answer.status_code == 400 and "only 1 page" in answer.text
    assert (await site.get(path + "rulings?page=%D9%A3")).status_code == 400  # an Arabic 3
    nul = await site.get(path + "?lang=%00x")
    assert nul.status_code == 400 and "\x00" not in nul.text


async def test_the_display_stream_ends_when_the_address_moves(app, site, monkeypatch):
    from bot.web import server

    monkeypatch.setattr(server, "HEARTBEAT", 0.2)
    chat = await mcr_session(app)
    path = (await link_of(chat)).removeprefix(site.url)
    async with site.http.stream("GET", site.url + path + "events") as stream:
        await chat.say("mod", "/web rotate")
        said = [line async for line in stream.aiter_lines()]  # the server closes it
    assert "event: moved" in said


def test_the_bot_serves_its_pages_when_a_web_port_is_set(tmp_path):
    """``scripts/run`` with ARBITRO_WEB_PORT: the bot says where its pages are, and serves
    them (here the console; Telegram and Discord start them the same way)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import httpx

    from tests.web.conftest import free_port

    port = free_port()
    environment = {**os.environ, "ARBITRO_WEB_PORT": str(port)}
    environment.pop("TELEGRAM_TOKEN", None)
    environment.pop("DISCORD_TOKEN", None)
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "club.db")],
        cwd=Path(__file__).resolve().parents[2],
        env=environment,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert bot.stdout is not None and bot.stdin is not None
        said = bot.stdout.readline()
        assert said.startswith(f"Public pages at http://127.0.0.1:{port}/"), said
        answer = httpx.get(f"http://127.0.0.1:{port}/c/NoSuchCommunityAddress0/", timeout=10)
        assert answer.status_code == 404 and "Arbitro" in answer.text
    finally:
        if bot.stdin is not None:
            bot.stdin.close()
        bot.wait(timeout=30)
    assert bot.returncode == 0


async def test_the_projector_counts_the_clock_down_and_says_when_time_is_up(app, site):
    chat = await mcr_session(app)
    site.follow(chat)
    await chat.say("mod", "/clock 30m")
    path = (await link_of(chat)).removeprefix(site.url)
    await chat.advance(timedelta(minutes=10))
    display = (await site.get(path + "display/live?lang=en")).text
    assert 'class="clock"' in display and re.search(r">(19:[0-5]\d|20:00)</p>", display)
    await chat.advance(timedelta(minutes=25))  # past its end: the scheduler has said so
    display = (await site.get(path + "display/live?lang=en")).text
    assert 'class="clock over"' in display and "Time is up" in display
    await chat.say("mod", "/session end")
    display = (await site.get(path + "display/live?lang=en")).text
    assert "clock" not in display


async def test_printed_sessions_are_those_of_the_tournament(app, site):
    chat = await mcr_session(app)
    path = (await link_of(chat)).removeprefix(site.url)
    printed = await site.get(path + "print?lang=en")
    assert printed.status_code == 200 and "Table 1" in printed.text and "cid" in printed.text
    for wrong in ("0", "3", "abc", "-1"):
        answer = await site.get(path + f"print?session={wrong}&lang=en")
        assert answer.status_code == 400, wrong


async def test_the_next_session_s_seats_show_the_substitute_and_the_seat_to_be_filled(app, site):
    chat = await Chat(app, rulebook="mcr", tz="UTC", lang="en", admins=("mod",)).setup()
    await chat.say("mod", "/tournament Spring Cup 2")
    await chat.say("mod", "/register @ann @bea @cid @dan @eva @fay @gus @hal")
    await chat.say("mod", "/seating draw=4")
    await chat.say("mod", "/session start")
    await chat.say("mod", "/sub @ann @zed ill-during rest")
    await chat.say("mod", "/dq @bea cheating")
    await chat.say("mod", "/score 1 40 10 -10 -40")
    await chat.say("mod", "/score 2 40 10 -10 -40")
    await chat.say("mod", "/session end")
    path = (await link_of(chat)).removeprefix(site.url)
    display = (await site.get(path + "display/live?lang=en")).text
    find = display[display.index("Find your table") :]
    find = find[: find.index("</ol>")]  # the list alone, not the standings after it
    assert "zed" in find and "ann" not in find and "bea" not in find
    assert "empty, to be filled" in display
    printed = (await site.get(path + "print?lang=en")).text
    assert "zed" in printed and "empty, to be filled" in printed and "bea" not in printed
    pages = {
        name: (await site.get(path + f"player/{name}?lang=en")).text
        for name in ("zed", "ann", "bea")
    }
    assert "Next: session 2" in pages["zed"]  # the substitute, in the seat he will take
    assert "Next: session" not in pages["ann"] and "Next: session" not in pages["bea"]
