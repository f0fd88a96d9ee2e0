"""A community's public pages served for real (aiohttp on a free port), over the database the
chat writes to; requests through httpx."""

from __future__ import annotations

import socket
from dataclasses import dataclass

import httpx
import pytest

from bot.web import WebPages
from tests.conftest import Chat


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Site:
    pages: WebPages
    url: str
    http: httpx.AsyncClient

    def follow(self, chat: Chat) -> None:
        """The pages read the chat's clock (a stop lasts until the chat's time says so)."""
        self.pages.clock = lambda: chat.now

    async def get(self, path: str, **headers: str) -> httpx.Response:
        return await self.http.get(self.url + path, headers=headers, follow_redirects=True)


async def link_of(chat: Chat) -> str:
    """The page's address as /web gives it to a moderator."""
    out = await chat.say("mod", "/web")
    return chat.one(out, "web_page")["url"]


@pytest.fixture
async def site(app):
    port = free_port()
    app.layer.web_url = f"http://127.0.0.1:{port}"
    pages = WebPages(app.database, app.layer.translator)
    await pages.start("127.0.0.1", port)
    async with httpx.AsyncClient(timeout=10) as http:
        yield Site(pages, app.layer.web_url, http)
    await pages.stop()


async def burraco_evening(app) -> Chat:
    """Alice beats Bob 11 to 9 (5 points each, RULES §1.4); Dario is stopped for two hours."""
    chat = await Chat(app, lang="it").setup()
    await chat.say("alice", "/open fibur 1v1 2")
    await chat.say("alice", "/sit 1")
    await chat.say("bob", "/sit 1")
    await chat.say("alice", "/hand 1 300 100")
    await chat.say("alice", "/hand 1 50 140")
    await chat.say("bob", "/confirm 1")
    await chat.say("dario", "/help")
    await chat.say("mod", "/stop @dario 2h insulti in chat")
    return chat


async def mcr_session(app) -> Chat:
    chat = await Chat(app, rulebook="mcr", tz="UTC", lang="en", admins=("mod",)).setup()
    await chat.say("mod", "/tournament Spring Cup 2")
    await chat.say("mod", "/register @ann @bea @cid @dan")
    await chat.say("mod", "/session start")
    await chat.say("mod", "/seat 1 @ann @bea @cid @dan")
    await chat.say("mod", "/violation @ann info")
    return chat
