"""A local Discord for a whole bot process: the REST API the bot calls (its login, the command
sync, the gateway's address, messages) and the gateway itself (a websocket: hello, identify,
ready, a server, heartbeats, resumes), so that ``python -m bot run`` runs against it unchanged
but for the API's address (:data:`LAUNCH`). The test decides what Discord does next: drop the
connection and refuse new ones for a while, close it with a code (4004: the token is no longer
valid), or answer 401 to the next request with the token."""

from __future__ import annotations

import itertools
import json
from typing import Any

from aiohttp import WSMsgType, web

TOKEN = "MTIz.fake.token"  # the fake Discord's own
BOT_ID, APPLICATION_ID, GUILD_ID, CHANNEL_ID, MEMBER_ID = 4001, 4002, 4003, 4004, 4005
# the bot process, with discord.py pointed at this fake Discord (its one difference): its
# API, and the gateway it starts a new session on (a lost session is resumed where READY said)
LAUNCH = (
    "import sys, yarl, discord.http, discord.gateway;"
    "discord.http.Route.BASE = sys.argv[1] + '/api/v10';"
    "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL("
    "sys.argv[1].replace('http', 'ws') + '/gateway');"
    "from bot.__main__ import main;"
    "sys.exit(main(['run']))"
)
_ids = itertools.count(10**17)


def _user(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": None,
        "avatar": None,
        "bot": bot,
        "flags": 0,
    }


def _guild() -> dict[str, Any]:
    everyone = {
        "id": str(GUILD_ID),
        "name": "@everyone",
        "color": 0,
        "hoist": False,
        "position": 0,
        "managed": False,
        "mentionable": False,
        "permissions": str((1 << 11) | (1 << 10) | (1 << 15)),  # view, send, attach files
        "flags": 0,
    }
    members = [
        {"user": _user(user_id, name, bot), "roles": [], "joined_at": "2020-01-01T00:00:00+00:00"}
        | {"deaf": False, "mute": False, "flags": 0}
        for user_id, name, bot in ((BOT_ID, "arbitro", True), (MEMBER_ID, "alice", False))
    ]
    return {
        "id": str(GUILD_ID),
        "name": "Burraco Club",
        "owner_id": str(MEMBER_ID + 1),
        "roles": [everyone],
        "channels": [
            {
                "id": str(CHANNEL_ID),
                "type": 0,
                "name": "tables",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            }
        ],
        "threads": [],
        "members": members,
        "member_count": len(members),  # the whole member list: nothing to ask for
        "presences": [],
        "voice_states": [],
        "emojis": [],
        "stickers": [],
        "features": [],
        "large": False,
        "unavailable": False,
        "system_channel_id": None,
        "joined_at": "2020-01-01T00:00:00+00:00",
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
    }


def _json(data: Any, status: int = 200) -> web.Response:
    """As Discord answers: ``application/json``, no charset (discord.py reads no other)."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, content_type="application/json")


class FakeDiscord:
    """The REST API under ``/api/v10`` and the gateway at ``/gateway``, on 127.0.0.1."""

    def __init__(self) -> None:
        self.url = ""
        self.accepting = True  # new gateway connections taken (else refused, as in an outage)
        self.revoked = False  # every request with the token is answered 401 from now on
        self.sockets: list[web.WebSocketResponse] = []
        self.identified = 0  # sessions started (IDENTIFY)
        self.resumed = 0  # sessions resumed (RESUME)
        self.requests: list[tuple[str, str, int]] = []  # method, path, status answered
        self.sent: list[dict[str, Any]] = []  # the messages the bot posted
        self._sequence = itertools.count(1)
        self._runner: web.AppRunner | None = None

    async def start(self) -> FakeDiscord:
        application = web.Application()
        application.router.add_get("/gateway", self._gateway)
        application.router.add_route("*", "/api/v10/{path:.*}", self._api)
        self._runner = web.AppRunner(application, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def stop(self) -> None:
        for socket in self.sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ---- what the test makes Discord do ---------------------------------------------------
    async def drop(self, code: int = 4000) -> None:
        """Close every gateway connection with ``code`` (4000: an error, come back and
        resume; 4004: the token is no longer valid, do not come back)."""
        for socket in list(self.sockets):
            await socket.close(code=code, message=b"closed by the test")

    async def say(self, content: str) -> None:
        """A member writes in the server's channel (a gateway MESSAGE_CREATE)."""
        message = {
            "id": str(next(_ids)),
            "channel_id": str(CHANNEL_ID),
            "guild_id": str(GUILD_ID),
            "author": _user(MEMBER_ID, "alice"),
            "member": {"roles": [], "joined_at": "2020-01-01T00:00:00+00:00", "deaf": False}
            | {"mute": False, "flags": 0},
            "content": content,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        for socket in self.sockets:
            await self._dispatch(socket, "MESSAGE_CREATE", message)

    # ---- the gateway ----------------------------------------------------------------------
    async def _dispatch(self, socket: web.WebSocketResponse, event: str, data: Any) -> None:
        await socket.send_str(json.dumps({"op": 0, "t": event, "s": next(self._sequence)} | {
            "d": data
        }))  # fmt: skip

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if not self.accepting:
            return web.Response(status=503, text="Service Unavailable")
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.sockets.append(socket)
        try:
            await socket.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 40000}}))
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                if payload["op"] == 1:  # heartbeat
                    await socket.send_str(json.dumps({"op": 11}))
                elif payload["op"] == 2:  # identify
                    if payload["d"]["token"] != TOKEN or self.revoked:
                        await socket.close(code=4004, message=b"Authentication failed.")
                        break
                    self.identified += 1
                    await self._ready(socket, payload["d"].get("shard") or [0, 1])
                elif payload["op"] == 6:  # resume
                    self.resumed += 1
                    await self._dispatch(socket, "RESUMED", {})
        finally:
            self.sockets.remove(socket)
        return socket

    async def _ready(self, socket: web.WebSocketResponse, shard: list[int]) -> None:
        await self._dispatch(
            socket,
            "READY",
            {
                "v": 10,
                "user": _user(BOT_ID, "arbitro", bot=True),
                "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                "session_id": f"session{self.identified}",
                "resume_gateway_url": self.url.replace("http", "ws") + "/gateway",
                "shard": shard,
                "application": {"id": str(APPLICATION_ID), "flags": 0},
            },
        )
        await self._dispatch(socket, "GUILD_CREATE", _guild())

    # ---- the REST API ---------------------------------------------------------------------
    async def _api(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        if request.headers.get("Authorization") != f"Bot {TOKEN}" or self.revoked:
            self.requests.append((request.method, path, 401))
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        found = self._answer(request.method, path, await request.read())
        self.requests.append((request.method, path, 200 if found is not None else 404))
        if found is None:
            return _json({"message": "Unknown", "code": 0}, 404)
        return _json(found)

    def _answer(self, method: str, path: str, body: bytes) -> Any:
        if path == "/users/@me":
            return _user(BOT_ID, "arbitro", bot=True)
        if path == "/oauth2/applications/@me":
            return {
                "id": str(APPLICATION_ID),
                "name": "Arbitro",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": _user(MEMBER_ID + 1, "owner"),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if path == "/gateway/bot":
            return {
                "url": self.url.replace("http", "ws") + "/gateway",
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        if path == f"/applications/{APPLICATION_ID}/commands" and method == "PUT":
            return [
                {"description": ""}  # Discord gives a menu entry's, empty, back
                | command
                | {"id": str(next(_ids)), "application_id": str(APPLICATION_ID)}
                | {"version": "1", "default_member_permissions": None}
                for command in json.loads(body)
            ]  # fmt: skip
        if path == f"/channels/{CHANNEL_ID}/messages" and method == "POST":
            sent = json.loads(body) if body.startswith(b"{") else {"multipart": True}
            self.sent.append(sent)
            return {
                "id": str(next(_ids)),
                "channel_id": str(CHANNEL_ID),
                "author": _user(BOT_ID, "arbitro", bot=True),
                "content": sent.get("content", ""),
                "timestamp": "2026-01-01T00:00:00+00:00",
                "edited_timestamp": None,
                "tts": False,
                "mention_everyone": False,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "pinned": False,
                "type": 0,
                "flags": 0,
            }
        return None
