"""``/healthz`` and ``/metrics``, on the operators' own port: never on the public pages'
(whose address is handed to players), and bound to 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.storage.store import unit_of_work

log = logging.getLogger(__name__)
DATABASE_DEADLINE = 2.0  # seconds /healthz waits for the database before saying it is down
# seconds a connection may stay without a whole request: one that sends nothing, or its
# headers never complete, or keeps still between requests, is closed (a scraper comes back
# every 15 s or more; a half-open socket must not hold the port's resources)
IDLE_TIMEOUT = 10.0


def platform_states(app: Any) -> tuple[dict[str, dict[str, str]], bool]:
    """Each platform served here with what was checked; and whether one is down."""
    states: dict[str, dict[str, str]] = {}
    down = False
    for platform in app.delivery.platforms:
        check = app.health.get(platform)
        up, details = check() if check is not None else (True, {})
        states[platform] = {"state": "up" if up else "down", **details}
        down = down or not up
    return states, down


def operations_application(app: Any) -> web.Application:
    """``app`` is the :class:`bot.app.App` being served."""

    async def healthz(request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(DATABASE_DEADLINE):
                async with unit_of_work(app.database) as store:
                    await store.reachable()
        except Exception as error:  # any failure means: not healthy, say why
            log.warning("health check: database: %s", type(error).__name__)
            return web.json_response(
                {"status": "unavailable", "database": type(error).__name__}, status=503
            )
        platforms, down = platform_states(app)
        return web.json_response(
            {"status": "unavailable" if down else "ok", "database": "ok", "platforms": platforms},
            status=503 if down else 200,
        )

    async def metrics(request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(DATABASE_DEADLINE):
                await app.metrics.read_database(app.database, app.delivery.scope, app.clock())
        except Exception as error:  # the counters still tell what they know
            log.warning("metrics: database: %s", type(error).__name__)
        response = web.Response(body=app.metrics.exposition())
        response.content_type = CONTENT_TYPE_LATEST.split(";")[0]
        response.charset = "utf-8"
        return response

    operations = web.Application()
    operations.add_routes([web.get("/healthz", healthz), web.get("/metrics", metrics)])
    return operations


async def serve_operations(
    app: Any,
    host: str,
    port: int | None,
    stack: contextlib.AsyncExitStack,
    idle_timeout: float = IDLE_TIMEOUT,
) -> str | None:
    """Serve ``/healthz`` and ``/metrics`` until ``stack`` closes; their address, or None.
    A connection without a whole request for ``idle_timeout`` seconds (headers that never
    end, or nothing more after an answer) is closed."""
    if port is None:
        return None
    runner = web.AppRunner(
        operations_application(app), access_log=None, keepalive_timeout=idle_timeout
    )
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    stack.push_async_callback(runner.cleanup)
    return f"http://{host}:{port}"
