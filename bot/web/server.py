"""The public pages, served by the bot itself (aiohttp, Jinja2): read-only, each community's
under a slug only its moderators hand out. A page answers in the reader's language
(``?lang=``, else ``Accept-Language``, else the community's), works without JavaScript, and
the display page refreshes itself when a ruling lands (server-sent events)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import unicodedata
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode
from zoneinfo import ZoneInfo

import jinja2
from aiohttp import ClientConnectionResetError, web

from bot.discipline.kinds import kind_of
from bot.discipline.ranking import shared_ranks
from bot.discipline.rulings import Ruling
from bot.i18n import LOCALES_DIR, SUPPORTED, Translator
from bot.i18n.render import Renderer, ruling_json
from bot.pictures import picture_for
from bot.ports.rulebooks import BadChoice, StandingsView, of_ruling, rulebook_named
from bot.storage.database import Database
from bot.storage.store import Community, Store, unit_of_work
from bot.web import tournament, views
from bot.web.cache import Busy, Rendered, RenderedPages

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

HERE = Path(__file__).resolve().parent
LIVE_CHECK = 0.3  # seconds between two looks at a watched community's latest ruling
IDLE = 15.0  # seconds a connection may stay without a whole request (or idle between two)
BACKLOG = 512  # connections the system queues before the server takes them
STREAMS_PER_READER = 8  # event streams open at once from one address
QUIET_REFRESH = 300  # seconds after which a page is made again even if nothing changed
HEARTBEAT = 15.0  # seconds between two keep-alive comments on an idle event stream
LARGEST_PAGE = 1_000_000
HAND_ROWS = 20  # a score sheet's lines: 16 hands of a session and room for more
TURN_SECONDS = 8  # how long a projector panel shows each page before the next
CLOSING = -1  # told to each open event stream when the server stops
COMMUNITY_LANG = web.RequestKey("community_lang", str)  # kept once the address is a community's
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self';"
        " connect-src 'self'; base-uri 'none'; form-action 'none';"
        " frame-ancestors 'self' https://web.telegram.org"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cache-Control": "no-store",
}

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Loader = Callable[[Store], Awaitable[Any]]  # a page's data, read in one transaction
Builder = Callable[[Any], str]  # the page made from its data, in the rendering thread


class BadQuery(Exception):
    def __init__(self, message: str, /, **args: Any) -> None:
        super().__init__(message)
        self.message, self.args_ = message, args


def quoted(value: str) -> str:
    """A value from the address, as an error page may quote it back: short, printable."""
    return "".join(ch for ch in value if ch.isprintable())[:20]


class LiveRulings:
    """Tells each open display page when a ruling lands in its community. One watcher per
    watched community looks at its latest ruling number (a ruling recorded by any process,
    a command or a timer); pages only listen."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._listeners: dict[int, set[asyncio.Queue[int]]] = {}
        self._watchers: dict[int, asyncio.Task[None]] = {}

    @contextlib.asynccontextmanager
    async def listen(self, community_id: int) -> AsyncIterator[asyncio.Queue[int]]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._listeners.setdefault(community_id, set()).add(queue)
        if community_id not in self._watchers:
            self._watchers[community_id] = asyncio.create_task(self._watch(community_id))
        try:
            yield queue
        finally:
            listeners = self._listeners.get(community_id, set())
            listeners.discard(queue)
            if not listeners:
                self._listeners.pop(community_id, None)
                watcher = self._watchers.pop(community_id, None)
                if watcher is not None:
                    watcher.cancel()

    async def _latest(self, community_id: int) -> int:
        async with unit_of_work(self.database) as store:
            return await store.rulings.last_ruling_number(community_id)

    async def _watch(self, community_id: int) -> None:
        seen = await self._latest(community_id)
        while True:
            await asyncio.sleep(LIVE_CHECK)
            try:
                latest = await self._latest(community_id)
            except Exception:  # the database away for a moment: look again later
                log.warning("live pages: could not read community %s", community_id)
                continue
            if latest != seen:
                seen = latest
                for queue in list(self._listeners.get(community_id, ())):
                    with contextlib.suppress(asyncio.QueueFull):  # it has one waiting already
                        queue.put_nowait(latest)

    async def close(self) -> None:
        """Stop watching, and end every open stream (each is told CLOSING)."""
        for watcher in self._watchers.values():
            watcher.cancel()
        self._watchers.clear()
        for queues in self._listeners.values():
            for queue in queues:
                if queue.full():
                    queue.get_nowait()
                queue.put_nowait(CLOSING)


def reader_of(request: web.Request, trusted: tuple[IPNetwork, ...]) -> str:
    """The reader's own address: the connection's, unless it comes from a trusted proxy
    (``ARBITRO_TRUSTED_PROXIES``), whose ``X-Forwarded-For`` then names him: the last
    address in it that is not itself a trusted proxy. Anyone else's header is ignored."""
    remote = request.remote or "?"
    if not _trusted(remote, trusted):
        return remote
    forwarded = ",".join(request.headers.getall("X-Forwarded-For", []))
    for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
        if not _trusted(hop, trusted):
            return hop
    return remote


def _trusted(address: str, trusted: tuple[IPNetwork, ...]) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(found in network for network in trusted)


class WebPages:
    def __init__(
        self,
        database: Database,
        translator: Translator | None = None,
        clock: Clock | None = None,
        trusted_proxies: tuple[IPNetwork, ...] = (),
    ) -> None:
        self.database = database
        self.trusted_proxies = trusted_proxies  # whose X-Forwarded-For names the reader
        # the pages render in a thread of their own: they format with their own translator,
        # never touching the one the bot's commands use on the event loop
        self.translator = Translator(translator.directory if translator else LOCALES_DIR)
        self.renderer = Renderer(self.translator)
        self.clock = clock or (lambda: datetime.now(UTC))
        self.live = LiveRulings(database)
        self.rendered = RenderedPages()
        self.streams: Counter[str] = Counter()  # open event streams by reader's address
        self.templates = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self._runner: web.AppRunner | None = None

    # ---- the application -----------------------------------------------------------------
    def application(self) -> web.Application:
        app = web.Application(middlewares=[self._headers, self._errors])
        app.add_routes(
            [
                web.get("/c/{slug}", self.with_slash),
                web.get("/c/{slug}/", self.standings_page),
                web.get("/c/{slug}/rulings", self.rulings_page),
                web.get("/c/{slug}/stops", self.stops_page),
                web.get("/c/{slug}/player/{player}", self.player_page),
                web.get("/c/{slug}/player/{player}/chart.png", self.player_chart),
                web.get("/c/{slug}/display", self.display_page),
                web.get("/c/{slug}/print", self.print_page),
                web.get("/c/{slug}/display/live", self.display_live),
                web.get("/c/{slug}/events", self.events),
                web.get("/static/{name}", self.static),
            ]
        )
        return app

    async def start(self, host: str, port: int) -> None:
        # a connection that has not sent a whole request within IDLE seconds (a half-open
        # socket, a request trickled in byte by byte) is closed, as is an idle kept-alive one
        self._runner = web.AppRunner(
            self.application(), access_log=None, keepalive_timeout=IDLE, handler_cancellation=True
        )
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port, backlog=BACKLOG).start()

    async def stop(self) -> None:
        await self.live.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.rendered.close()

    @web.middleware
    async def _headers(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        response = await handler(request)
        if not response.prepared:
            response.headers.update(SECURITY_HEADERS)
        return response

    @web.middleware
    async def _errors(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except web.HTTPNotFound:
            return await self._problem(request, 404, "web-not-found-title", "web-not-found")
        except web.HTTPMethodNotAllowed:
            return web.Response(status=405, headers={"Allow": "GET, HEAD"})
        except web.HTTPRedirection:
            raise
        except BadQuery as bad:
            return await self._problem(request, 400, "web-bad-query-title", "web-bad-query", bad)
        except BadChoice as choice:  # an option naming nothing of the community's
            details = {key: quoted(value) for key, value in choice.details.items()}
            wrong = BadQuery(choice.message, **details)
            return await self._problem(request, 400, "web-bad-query-title", "web-bad-query", wrong)
        except Busy:
            response = await self._problem(request, 503, "web-busy-title", "web-busy")
            response.headers["Retry-After"] = "2"
            return response
        except (asyncio.CancelledError, ConnectionResetError, ClientConnectionResetError):
            raise
        except Exception:  # a fault of ours: said as such, with the headers every page has
            log.exception("public page %s failed", request.path)
            return await self._problem(request, 500, "web-fault-title", "web-fault")

    async def _problem(
        self,
        request: web.Request,
        status: int,
        title: str,
        message: str,
        bad: BadQuery | None = None,
    ) -> web.Response:
        """An error page in the reader's language, as any page of the address would be
        (``?lang=``, else ``Accept-Language``, else the community's when the address is one).
        The same answer for an address that never existed and one that was rotated away:
        nothing tells a guesser that he came close."""
        wanted = request.query.get("lang", "")
        lang = (
            wanted
            if wanted in SUPPORTED
            else self._accepted(request) or request.get(COMMUNITY_LANG) or "en"
        )

        def render() -> str:
            args = {}
            if bad is not None:
                args["problem"] = self.translator.format(lang, bad.message, bad.args_)
            return self._render(
                "error.html",
                lang,
                title=self.translator.format(lang, title),
                message=self.translator.format(lang, message, args),
            )

        body = await self.rendered.off_loop(render)
        return web.Response(text=body, status=status, content_type="text/html")

    # ---- reading a request ---------------------------------------------------------------
    def _accepted(self, request: web.Request) -> str | None:
        """The reader's first language among ours, by ``Accept-Language`` weights."""
        wanted: list[tuple[float, int, str]] = []
        for index, part in enumerate(request.headers.get("Accept-Language", "")[:200].split(",")):
            tag, _, weight = part.strip().partition(";q=")
            try:
                quality = float(weight[:8]) if weight else 1.0
            except ValueError:
                continue
            short = tag.split("-")[0].strip().lower()
            if short in SUPPORTED and quality > 0:
                wanted.append((-quality, index, short))
        return min(wanted)[2] if wanted else None

    def _query(self, request: web.Request, allowed: tuple[str, ...]) -> dict[str, str]:
        """The options this page takes, checked; any other parameter (a tracker's, added
        by the app the link was shared in) is left alone. Every page reads ``?page=`` the
        same way: a page that is not split into pages has one."""
        query = {key: request.query[key] for key in allowed if key in request.query}
        if "lang" in query and query["lang"] not in SUPPORTED:
            raise BadQuery("web-bad-lang", lang=quoted(query["lang"]))
        if "page" not in allowed and "page" in request.query:
            page = self._page_number(dict(request.query))
            if page > 1:
                raise BadQuery("web-no-such-page", page=page, pages=1)
        return query

    def _every(self, query: dict[str, str]) -> int:
        """``?every=N``: the seconds a projector's panel shows each of its pages."""
        text = query.get("every", str(TURN_SECONDS))
        if not (text.isascii() and text.isdigit() and len(text) <= 3 and 3 <= int(text) <= 120):
            raise BadQuery("web-bad-every", every=quoted(text))
        return int(text)

    def _page_number(self, query: dict[str, str]) -> int:
        text = query.get("page", "1")
        if not (text.isascii() and text.isdigit() and len(text) <= len(str(LARGEST_PAGE))):
            raise BadQuery("web-bad-page", page=quoted(text))
        if not 1 <= int(text) <= LARGEST_PAGE:
            raise BadQuery("web-bad-page", page=quoted(text))
        return int(text)

    async def _community(self, request: web.Request) -> tuple[Community, str, tuple]:
        """The community of the address, its slug, and its stamp: what its pages are made
        from (its last ruling, its settings), a new stamp each time any of it changes."""
        slug = request.match_info["slug"]
        if len(slug) > 64:
            raise web.HTTPNotFound()
        async with unit_of_work(self.database) as store:
            found = await store.communities.web_community(slug)
        if found is None:
            raise web.HTTPNotFound()
        community, last_ruling = found
        request[COMMUNITY_LANG] = community.lang  # an error page's language, if none is asked
        # names and the time a stop has left change without a ruling: pages are made again
        # after a while however quiet the chat
        epoch = int(self.clock().timestamp() // QUIET_REFRESH)
        stamp = (community.id, last_ruling, json.dumps(community.settings, sort_keys=True), epoch)
        return community, slug, stamp

    def _lang(self, request: web.Request, query: dict[str, str], community: Community) -> str:
        return query.get("lang") or self._accepted(request) or community.lang

    def _minute(self) -> int:
        return int(self.clock().timestamp() // 60)

    async def _html(
        self, key: Hashable, stamp: Hashable, load: Loader, build: Builder
    ) -> web.Response:
        """A page kept while its stamp holds; else its data read (on the loop, in one
        transaction) and the page built and rendered in the rendering thread."""

        async def render() -> Rendered:
            async with unit_of_work(self.database) as store:
                data = await load(store)
            body = await self.rendered.off_loop(build, data)
            return Rendered(stamp, body.encode(), "text/html")

        page = await self.rendered.page(key, stamp, render)
        return web.Response(body=page.body, content_type=page.content_type, charset="utf-8")

    # ---- the pages -----------------------------------------------------------------------
    async def with_slash(self, request: web.Request) -> web.StreamResponse:
        query = f"?{request.query_string}" if request.query_string else ""
        raise web.HTTPPermanentRedirect(request.path + "/" + query)

    def _render(self, template: str, lang: str, **context: Any) -> str:
        def t(message: str, **args: Any) -> str:
            return self.translator.format(lang, message, args)

        return self.templates.get_template(template).render(lang=lang, t=t, **context)

    def _page(
        self,
        template: str,
        community: Community,
        slug: str,
        lang: str,
        section: str,
        suffixed: bool,
        scope: Mapping[str, str] | None = None,
        **context: Any,
    ) -> str:
        """A page of the community: ``scope``, the options its links to the standings, a
        player's page, his chart, the display or the printed sheets carry (the tournament
        shown)."""
        base = f"/c/{slug}/"
        rulebook = rulebook_named(community.rulebook)
        suffix = f"?lang={lang}" if suffixed else ""
        scoped = linked(scope or {}, lang, suffixed)
        sections = [("rulings", f"{base}rulings{suffix}"), ("stops", f"{base}stops{suffix}")]
        if rulebook.pages is not None:
            sections.insert(0, ("standings", base + scoped))
        if rulebook.tournaments:
            sections.append(("display", f"{base}display{scoped}"))
        return self._render(
            template,
            lang,
            base=base,
            section=section,
            sections=sections,
            rulebook=community.rulebook,
            rulebook_name=self._rulebook_name(community.rulebook, lang),
            columns=rulebook.pictured,
            suffix=suffix,
            linked=scoped,
            **context,
        )

    def _rulebook_name(self, rulebook: str, lang: str) -> str:
        """A rulebook as the reader names it, from its own locale files."""
        named = f"rulebook-{rulebook}"
        return self.translator.format(lang, named) if self.translator.has(lang, named) else rulebook

    def _rows(self, ruling: Any, lang: str, names: dict[str, str]) -> list[dict[str, Any]]:
        """The standings' rows as the page shows them: shared ranks, numbers in the
        reader's way of writing them, each player linked to his profile."""
        rulebook = of_ruling(ruling)
        ranked = rulebook.ranked
        keys = [tuple(row.get(k) for k in ranked) for row in ruling["rows"]]
        written: dict[Any, str] = {}  # standings repeat their numbers: each written once

        def number(value: Any) -> str:
            if value not in written:
                written[value] = self.renderer.number(value, lang)
            return written[value]

        shown = []
        for rank, row in zip(shared_ranks(keys, 1), ruling["rows"], strict=True):
            values = {key: number(row[key]) for key in rulebook.pictured if key in row}
            shown.append(
                {
                    "rank": rank,
                    "key": quote(row["player"], safe=""),
                    "player": names.get(row["player"], row["player"]),
                    "disqualified": bool(row.get("disqualified")),
                    "substituted": bool(row.get("substituted")),
                    **values,
                }
            )
        return shown

    async def standings_page(self, request: web.Request) -> web.Response:
        community, slug, stamp = await self._community(request)
        pages = views.pages_of(community)
        if pages is None:
            raise web.HTTPNotFound()
        query = self._query(request, ("lang", *pages.options))
        lang = self._lang(request, query, community)
        options = {key: query[key] for key in pages.options if key in query}
        suffixed = "lang" in request.query
        now = self.clock()

        async def load(store: Store) -> tuple[StandingsView, dict[str, str]]:
            found = await pages.standings(store, community, options)
            return found, await store.communities.member_names(community.id)

        def build(data: tuple[StandingsView, dict[str, str]]) -> str:
            found, names = data
            ruling = found.fields(now)
            return self._page(
                "standings.html",
                community,
                slug,
                lang,
                "standings",
                suffixed,
                {key: options[key] for key in pages.profile_options if key in options},
                lists=found.lists,
                lists_label=found.lists_label,
                printable=found.printable,
                tournament=ruling.get("tournament"),
                rows=self._rows(ruling, lang, names),
            )

        key = ("standings", community.id, slug, lang, tuple(sorted(options.items())), suffixed)
        return await self._html(key, stamp, load, build)

    async def rulings_page(self, request: web.Request) -> web.Response:
        community, slug, stamp = await self._community(request)
        query = self._query(request, ("lang", "page"))
        lang = self._lang(request, query, community)
        page = self._page_number(query)
        zone = ZoneInfo(community.tz)
        suffixed = "lang" in request.query

        async def load(store: Store) -> tuple[views.RulingsPage, dict[str, str]]:
            found = await views.rulings_of(store, community, page)
            return found, await store.communities.member_names(community.id)

        def build(data: tuple[views.RulingsPage, dict[str, str]]) -> str:
            found, names = data
            hidden = self.translator.format(lang, "web-reason-hidden")
            entries = [
                {
                    "number": number,
                    "at": self.renderer.instant(ruling.at, lang, zone),
                    "text": self.renderer.text(
                        ruling
                        if views.reasons_shown(community)
                        else views.without_free_text(ruling, hidden),
                        lang,
                        names,
                        zone,
                    ),
                    "stands": stands,
                }
                for number, ruling, stands in found.entries
            ]
            return self._page(
                "rulings.html",
                community,
                slug,
                lang,
                "rulings",
                suffixed,
                entries=entries,
                page=found.page,
                pages=found.pages,
            )

        async with unit_of_work(self.database) as store:  # a page past the last: said at once
            pages = await views.rulings_pages(store, community)
        if page > pages:
            raise BadQuery("web-no-such-page", page=page, pages=pages)
        key = ("rulings", community.id, slug, lang, page, suffixed)
        return await self._html(key, stamp, load, build)

    async def stops_page(self, request: web.Request) -> web.Response:
        community, slug, stamp = await self._community(request)
        query = self._query(request, ("lang",))
        lang = self._lang(request, query, community)
        zone = ZoneInfo(community.tz)
        now = self.clock()
        suffixed = "lang" in request.query

        async def load(store: Store) -> tuple[Ruling, dict, dict[str, str]]:
            ruling = await views.stops_of(store, community, now)
            players = [row["player"] for row in ruling["stops"]]
            reasons = await views.stop_reasons(store, community, players, now)
            return ruling, reasons, await store.communities.member_names(community.id)

        def build(data: tuple[Ruling, dict, dict[str, str]]) -> str:
            ruling, reasons, names = data
            stops = []
            for row in ruling["stops"]:
                line = self.translator.format(
                    lang, "stops-row", self.renderer.args(row, lang, names, zone)
                )
                if row["player"] in reasons:
                    kind, note = reasons[row["player"]]
                    why = note or self.translator.format(lang, f"web-why-{kind}")
                    line = self.translator.format(lang, "web-stop-why", {"stop": line, "why": why})
                stops.append(line)
            cards = [
                self.translator.format(
                    lang, "cards-row", self.renderer.args(row, lang, names, zone)
                )
                for row in ruling["cards"]
            ]
            return self._page(
                "stops.html", community, slug, lang, "stops", suffixed, stops=stops, cards=cards
            )

        key = ("stops", community.id, slug, lang, suffixed)
        return await self._html(key, (stamp, self._minute()), load, build)

    def _profile_options(self, request: web.Request, community: Community) -> dict[str, str]:
        """The options a player's page and his chart take (the tournament shown), checked."""
        pages = views.pages_of(community)
        taken = () if pages is None else pages.profile_options
        query = self._query(request, ("lang", *taken))
        return {key: query[key] for key in taken if key in query}

    async def _profile(
        self, store: Store, community: Community, player: str, options: Mapping[str, str]
    ) -> Any:
        ruling = await views.profile_of(store, community, player, self.clock(), options)
        if ruling is None:
            raise web.HTTPNotFound()
        return ruling, await store.communities.member_names(community.id)

    async def player_page(self, request: web.Request) -> web.Response:
        community, slug, stamp = await self._community(request)
        player = request.match_info["player"]
        options = self._profile_options(request, community)
        lang = self._lang(request, self._query(request, ("lang",)), community)
        zone = ZoneInfo(community.tz)
        suffixed = "lang" in request.query

        async def load(store: Store) -> Any:
            ruling, names = await self._profile(store, community, player, options)
            stages = await tournament.journey_of(store, community, player, options)
            return ruling, names, stages

        def build(data: Any) -> str:
            ruling, names, stages = data
            charted = kind_of("profile").has_picture(ruling_json(ruling, None, zone))
            return self._page(
                "player.html",
                community,
                slug,
                lang,
                "standings",
                suffixed,
                options,
                player=names.get(player, player),
                text=self.renderer.text(ruling, lang, names, zone),
                chart=f"{quote(player, safe='')}/chart.png" if charted else None,
                stages=[self._stage(stage, names, lang) for stage in stages],
                now=next((s for s in stages if s.state != "played"), None),  # now, or next
            )

        scope = tuple(sorted(options.items()))
        key = ("player", community.id, slug, lang, player[:64], suffixed, scope)
        return await self._html(key, (stamp, self._minute()), load, build)

    def _stage(self, stage: tournament.Stage, names: dict[str, str], lang: str) -> dict[str, Any]:
        """A session of a player's tournament as his page lists it."""
        return {
            "session": stage.session,
            "table": stage.table,
            "wind": self.translator.format(lang, f"web-wind-name-{stage.wind}"),
            "opponents": ", ".join(names.get(p, p) for p in stage.opponents),
            "state": stage.state,
            "score": None if stage.score is None else self.renderer.number(stage.score, lang),
            "tp": None if stage.tp is None else self.renderer.number(stage.tp, lang),
        }

    async def player_chart(self, request: web.Request) -> web.Response:
        community, _slug, stamp = await self._community(request)
        player = request.match_info["player"]
        options = self._profile_options(request, community)
        lang = self._lang(request, self._query(request, ("lang",)), community)
        zone = ZoneInfo(community.tz)

        async def render() -> Rendered:
            async with unit_of_work(self.database) as store:
                ruling, names = await self._profile(store, community, player, options)
            chart = await self.rendered.off_loop(
                picture_for, ruling_json(ruling, None, zone), lang, names, zone, self.translator
            )
            return Rendered(stamp, chart or b"", "image/png")

        key = ("chart", community.id, lang, player[:64], tuple(sorted(options.items())))
        chart = await self.rendered.page(key, (stamp, self._minute()), render)
        if not chart.body:
            raise web.HTTPNotFound()
        return web.Response(body=chart.body, content_type=chart.content_type)

    def _display(
        self, found: dict[str, Any], names: dict[str, str], lang: str, now: datetime
    ) -> dict:
        """The display's content in the reader's words: tables seat by seat, everyone seated
        in alphabetical order ("find your table"), the clock's end, the standings' rows."""
        winds = [self.translator.format(lang, f"web-wind-{w}") for w in ("e", "s", "w", "n")]
        empty = self.translator.format(lang, "web-seat-empty")

        def score(table: dict[str, Any], seat: int) -> str | None:
            return (
                None
                if table["scores"] is None
                else self.renderer.number(table["scores"][seat], lang)
            )

        tables = [
            {
                "table": table["table"],
                "live": table["live"],
                "seats": [
                    (winds[i], empty if p is None else names.get(p, p), score(table, i))
                    for i, p in enumerate(table["seats"])
                ],
            }
            for table in found["tables"]
        ]
        seated = [  # an empty seat has nobody to find
            (names.get(p, p), table["table"], winds[i])
            for table in found["tables"]
            for i, p in enumerate(table["seats"])
            if p is not None
        ]
        find = sorted(seated, key=lambda s: (alphabetical(s[0]), s[0], s[1]))
        rows = self._rows(found["standings"], lang, names) if found["standings"] else []
        clock = found.get("clock")
        return {
            **found,
            "tables": tables,
            "find": find,
            "rows": rows,
            "clock": None if clock is None else clock.isoformat(),
            "clock_left": None if clock is None else self._left(clock - now),
            "clock_over": clock is not None and clock <= now,
            "now": now.isoformat(),
        }

    @staticmethod
    def _left(left: timedelta) -> str:
        """Time left as a clock shows it: 1:05:09, 45:00, 0:59."""
        seconds = max(0, int(left.total_seconds()))
        hours, rest = divmod(seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"

    async def _display_response(
        self, request: web.Request, template: str, whole: bool
    ) -> web.Response:
        community, slug, stamp = await self._community(request)
        if not rulebook_named(community.rulebook).tournaments:
            raise web.HTTPNotFound()
        query = self._query(request, ("lang", "every", *tournament.OPTIONS))
        lang = self._lang(request, query, community)
        suffixed = "lang" in request.query
        every = self._every(query)
        options = {key: query[key] for key in tournament.OPTIONS if key in query}
        now = self.clock()

        async def load(store: Store) -> Any:
            shown = await tournament.shown(store, community, options)
            return shown, await store.communities.member_names(community.id)

        def build(data: Any) -> str:
            loaded, names = data
            content = self._display(tournament.display_fields(loaded, now), names, lang, now)
            if not whole:
                columns = rulebook_named(community.rulebook).pictured
                return self._render(
                    template, lang, shown_ruling=stamp[1], columns=columns, **content
                )
            return self._page(
                template,
                community,
                slug,
                lang,
                "display",
                suffixed,
                options,
                shown_ruling=stamp[1],
                every=every,
                **content,
            )

        scope = tuple(sorted(options.items()))
        key = ("display", community.id, slug, lang, whole, suffixed, every, scope)
        return await self._html(key, stamp, load, build)

    async def print_page(self, request: web.Request) -> web.Response:
        """A session's table cards and score sheets, one printed page per table."""
        community, slug, stamp = await self._community(request)
        if not rulebook_named(community.rulebook).tournaments:
            raise web.HTTPNotFound()
        query = self._query(request, ("lang", "session", *tournament.OPTIONS))
        lang = self._lang(request, query, community)
        text = query.get("session")
        if text is not None and not (
            text.isascii() and text.isdigit() and len(text) <= 2 and int(text) >= 1
        ):
            raise BadQuery("web-bad-session", session=quoted(text))
        wanted = None if text is None else int(text)
        winds = [self.translator.format(lang, f"web-wind-name-{w}") for w in "eswn"]
        options = {key: query[key] for key in tournament.OPTIONS if key in query}
        empty = self.translator.format(lang, "web-seat-empty")

        async def load(store: Store) -> Any:
            found = await tournament.shown(store, community, options)
            if wanted is not None and (found is None or wanted > found.sessions):
                raise BadQuery("web-bad-session", session=quoted(str(wanted)))
            return found, await store.communities.member_names(community.id)

        def build(data: Any) -> str:
            found, names = data
            session, tables = (
                (0, []) if found is None else tournament.printed_session(found, wanted)
            )
            return self._render(
                "print.html",
                lang,
                tournament=None if found is None else found.name,
                session=session,
                sessions=0 if found is None else found.sessions,
                tables=[
                    {
                        "table": n,
                        "seats": [
                            (winds[i], empty if p is None else names.get(p, p))
                            for i, p in enumerate(seats)
                        ],
                    }
                    for n, seats in enumerate(tables, 1)
                ],
                hands=range(1, HAND_ROWS + 1),
            )

        key = ("print", community.id, slug, lang, wanted, tuple(sorted(options.items())))
        return await self._html(key, stamp, load, build)

    async def display_page(self, request: web.Request) -> web.Response:
        return await self._display_response(request, "display.html", whole=True)

    async def display_live(self, request: web.Request) -> web.Response:
        """The display's content alone, fetched by the page when a ruling lands."""
        return await self._display_response(request, "display_live.html", whole=False)

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: one ``ruling`` event each time a ruling lands."""
        community, slug, _stamp = await self._community(request)
        if not rulebook_named(
            community.rulebook
        ).tournaments:  # only a tournament has a display to keep live
            raise web.HTTPNotFound()
        reader = reader_of(request, self.trusted_proxies)
        if self.streams[reader] >= STREAMS_PER_READER:  # a projector or two, not a flood
            return web.Response(status=429, headers={"Retry-After": "30"})
        self.streams[reader] += 1
        try:
            return await self._stream(request, community, slug)
        finally:
            self.streams[reader] -= 1
            if not self.streams[reader]:
                del self.streams[reader]

    async def _stream(
        self, request: web.Request, community: Community, slug: str
    ) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
                **{k: v for k, v in SECURITY_HEADERS.items() if k != "Cache-Control"},
            }
        )
        await response.prepare(request)
        try:
            await response.write(b"retry: 1000\n\n")
            async with self.live.listen(community.id) as queue:
                while True:
                    try:
                        number = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except TimeoutError:
                        number = None
                    if number == CLOSING:
                        break
                    if not await self._still_at(slug, community):  # /web rotate moved it
                        await response.write(b"event: moved\ndata: 0\n\n")
                        break
                    if number is None:
                        await response.write(b": still here\n\n")
                    else:
                        await response.write(f"event: ruling\ndata: {number}\n\n".encode())
        except (ConnectionResetError, ClientConnectionResetError):
            pass  # the reader closed the page: nothing to say
        return response

    async def _still_at(self, slug: str, community: Community) -> bool:
        async with unit_of_work(self.database) as store:
            found = await store.communities.community_by_slug(slug)
        return found is not None and found.id == community.id

    async def static(self, request: web.Request) -> web.FileResponse:
        name = request.match_info["name"]
        if name not in ("style.css", "display.js", "print.css"):
            raise web.HTTPNotFound()
        return web.FileResponse(HERE / "static" / name)


def linked(scope: Mapping[str, str], lang: str, suffixed: bool) -> str:
    """The query of a link to another page of what is shown: its scope, and the language
    when the reader's address named one."""
    pairs = [*scope.items(), *([("lang", lang)] if suffixed else [])]
    return f"?{urlencode(pairs)}" if pairs else ""


def alphabetical(name: str) -> str:
    """A name as a list in alphabetical order files it: Ångström among the A, Željko among
    the Z (accents and case set aside)."""
    letters = unicodedata.normalize("NFKD", name)
    return "".join(c for c in letters if not unicodedata.combining(c)).casefold()


async def links(database: Database, base_url: str, *, create: bool, now: datetime) -> list[str]:
    """Each community's page address (``platform chat URL``); ``create`` gives one to the
    communities that have none yet."""
    import secrets

    async with unit_of_work(database) as store:
        if create:
            for community in await store.communities.communities():
                if await store.communities.web_slug(community.id) is None:
                    await store.communities.set_web_slug(
                        community.id, secrets.token_urlsafe(18), now
                    )
        pages = await store.rulings.web_pages()
    base = base_url.rstrip("/")
    return [f"{c.platform} {c.chat} {base}/c/{slug}/" for c, slug in pages]


__all__ = ["LiveRulings", "WebPages", "links"]
