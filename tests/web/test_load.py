"""The pages never hold the bot's event loop: each is rendered once per change, in a thread
of its own, readers are bounded, idle connections closed, event streams capped; and no odd
address breaks a page."""

from __future__ import annotations

import asyncio
import socket
import threading

import httpx
import pytest

from bot.web import server
from bot.web.cache import Busy, Rendered, RenderedPages
from tests.web.conftest import burraco_evening, link_of, mcr_session


@pytest.fixture
def renderings(site, monkeypatch):
    """Each page rendering, with the thread it ran in."""
    seen: list[tuple[str, str]] = []
    render = site.pages._render

    def counted(template, lang, **context):
        seen.append((template, threading.current_thread().name))
        return render(template, lang, **context)

    monkeypatch.setattr(site.pages, "_render", counted)
    return seen


async def test_a_page_is_rendered_once_per_change_and_never_on_the_event_loop(
    app, site, renderings
):
    chat = await burraco_evening(app)
    path = (await link_of(chat)).removeprefix(site.url)
    first = await asyncio.gather(*(site.get(path) for _ in range(20)))  # readers at once
    assert {answer.status_code for answer in first} == {200}
    assert len({answer.text for answer in first}) == 1
    assert [template for template, _ in renderings] == ["standings.html"]
    await site.get(path)
    assert len(renderings) == 1  # nothing changed: the same bytes
    await chat.say("alice", "/open fibur 1v1 2")  # a ruling: the page is made again
    again = await site.get(path)
    assert again.status_code == 200 and len(renderings) == 2
    assert all(thread.startswith("page-renderer") for _, thread in renderings)
    assert threading.current_thread().name not in {thread for _, thread in renderings}


async def test_too_many_readers_waiting_are_told_to_come_back():
    pages = RenderedPages(waiting=2)
    release = asyncio.Event()

    async def slow() -> Rendered:
        await release.wait()
        return Rendered(1, b"page", "text/html")

    first = asyncio.create_task(pages.page("a", 1, slow))
    second = asyncio.create_task(pages.page("b", 1, slow))
    await asyncio.sleep(0)
    with pytest.raises(Busy):
        await pages.page("c", 1, slow)
    release.set()
    assert (await first).body == (await second).body == b"page"
    assert (await pages.page("c", 1, slow)).body == b"page"  # room again
    pages.close()


async def test_a_page_number_of_thousands_of_digits_is_a_bad_query_with_the_headers(app, site):
    chat = await burraco_evening(app)
    path = (await link_of(chat)).removeprefix(site.url)
    answer = await site.get(path + "rulings?page=" + "9" * 5000)
    assert answer.status_code == 400
    assert "default-src 'none'" in answer.headers["Content-Security-Policy"]


async def test_a_fault_of_ours_is_a_500_page_with_the_headers(app, site, monkeypatch):
    chat = await mcr_session(app)
    path = (await link_of(chat)).removeprefix(site.url)

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(server.views, "stop_reasons", broken)
    answer = await site.get(path + "stops", **{"Accept-Language": "ru"})
    assert answer.status_code == 500 and "Что-то пошло не так" in answer.text
    assert answer.headers["Referrer-Policy"] == "no-referrer"


async def test_a_connection_that_sends_nothing_is_closed(app, monkeypatch, tmp_path):
    from bot.web import WebPages
    from tests.web.conftest import free_port

    monkeypatch.setattr(server, "IDLE", 0.5)
    pages = WebPages(app.database, app.layer.translator)
    port = free_port()
    await pages.start("127.0.0.1", port)
    try:
        loop = asyncio.get_running_loop()
        silent = socket.create_connection(("127.0.0.1", port))
        trickle = socket.create_connection(("127.0.0.1", port))
        trickle.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n")  # never finished
        for sock in (silent, trickle):
            sock.setblocking(False)
            closed = await asyncio.wait_for(loop.sock_recv(sock, 100), timeout=5)
            assert closed == b""  # the server hung up
            sock.close()
    finally:
        await pages.stop()


async def test_one_address_cannot_hold_open_more_than_a_few_event_streams(app, site):
    chat = await mcr_session(app)
    path = (await link_of(chat)).removeprefix(site.url)
    streams = []
    try:
        for _ in range(server.STREAMS_PER_READER):
            stream = site.http.stream("GET", site.url + path + "events")
            opened = await stream.__aenter__()
            assert opened.status_code == 200
            streams.append(stream)
        refused = await site.get(path + "events")
        assert refused.status_code == 429
    finally:
        for stream in streams:
            await stream.__aexit__(None, None, None)
    await asyncio.sleep(0.2)
    async with site.http.stream("GET", site.url + path + "events") as again:
        assert again.status_code == 200  # closed ones no longer count


async def test_readers_behind_a_trusted_proxy_have_a_share_each_and_others_cannot_claim_one(
    app,
):
    import ipaddress

    from bot.web import WebPages
    from tests.web.conftest import free_port

    chat = await mcr_session(app)
    port = free_port()
    app.layer.web_url = f"http://127.0.0.1:{port}"
    path = (await link_of(chat)).removeprefix(app.layer.web_url)
    proxy = (ipaddress.ip_network("127.0.0.0/8"),)
    pages = WebPages(app.database, app.layer.translator, trusted_proxies=proxy)
    await pages.start("127.0.0.1", port)
    streams = []
    try:
        async with httpx.AsyncClient(timeout=10) as http:
            url = f"http://127.0.0.1:{port}{path}events"
            for n in range(server.STREAMS_PER_READER + 2):  # readers behind the proxy
                stream = http.stream("GET", url, headers={"X-Forwarded-For": f"203.0.113.{n}"})
                opened = await stream.__aenter__()
                streams.append(stream)
                assert opened.status_code == 200, n
            for _ in range(server.STREAMS_PER_READER - 1):  # one reader's own share
                stream = http.stream("GET", url, headers={"X-Forwarded-For": "203.0.113.0"})
                streams.append(stream)
                assert (await stream.__aenter__()).status_code == 200
            refused = await http.get(url, headers={"X-Forwarded-For": "203.0.113.0"})
            assert refused.status_code == 429
            # a forged hop before the proxy's own is not the reader: the proxy's is
            forged = "203.0.113.0, 198.51.100.7"
            stream = http.stream("GET", url, headers={"X-Forwarded-For": forged})
            streams.append(stream)
            assert (await stream.__aenter__()).status_code == 200
    finally:
        for stream in streams:
            await stream.__aexit__(None, None, None)
        await pages.stop()


def test_the_reader_is_named_by_x_forwarded_for_only_from_a_trusted_proxy():
    import ipaddress

    from aiohttp.test_utils import make_mocked_request

    from bot.web.server import reader_of

    proxy = (ipaddress.ip_network("10.0.0.0/8"),)

    def reader(remote: str, forwarded: str, trusted=proxy) -> str:
        request = make_mocked_request("GET", "/", headers={"X-Forwarded-For": forwarded})
        request._transport_peername = (remote, 1234)  # type: ignore[attr-defined]
        return reader_of(request.clone(remote=remote), trusted)

    assert reader("10.0.0.5", "203.0.113.9") == "203.0.113.9"
    assert reader("10.0.0.5", "1.2.3.4, 203.0.113.9, 10.0.0.4") == "203.0.113.9"
    assert reader("198.51.100.1", "203.0.113.9") == "198.51.100.1"  # not a proxy: ignored
    assert reader("10.0.0.5", "203.0.113.9", trusted=()) == "10.0.0.5"  # none configured
