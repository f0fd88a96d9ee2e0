"""Each community's public page on the web: standings, profiles, rulings, stops, and for a
tournament a display for the projector. Read-only; see :mod:`bot.web.server`."""

from __future__ import annotations

import contextlib

from bot.app import App
from bot.config import Settings
from bot.web.server import WebPages, links


async def serve_pages(app: App, settings: Settings, stack: contextlib.AsyncExitStack) -> str | None:
    """Serve the pages beside the bot when ARBITRO_WEB_PORT is set; tells the command layer
    their address (for /web). Returns it, or None when they are not served."""
    if settings.web_port is None:
        return None
    pages = WebPages(app.database, app.layer.translator, trusted_proxies=settings.trusted_proxies)
    await pages.start(settings.web_host, settings.web_port)
    stack.push_async_callback(pages.stop)
    app.layer.web_url = settings.public_web_url
    return settings.public_web_url


__all__ = ["WebPages", "links", "serve_pages"]
