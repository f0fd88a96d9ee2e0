"""The real discord.py client with dpytest's backend for text commands, and real interaction
payloads fed to the library's own dispatcher for slash commands and buttons; the library's
HTTP calls for interaction responses are captured at its webhook adapter."""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend
from discord.webhook import async_ as webhook_async

from bot.app import App
from bot.platforms.discord import DiscordSettings, build_bot
from bot.storage.database import SqliteDatabase

MODERATE = discord.Permissions(moderate_members=True)
_ids = itertools.count(10**17)


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0) + timedelta(days=400)

    def __call__(self) -> datetime:
        return self.now


def bot_message(message_id: str, channel_id: str) -> dict:
    """A message of the bot's, as Discord describes one."""
    return {
        "id": message_id,
        "channel_id": channel_id,
        "type": 0,
        "content": "",
        "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
        "attachments": [],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": 0,
    }


def _refuse(why: str) -> None:
    raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), why)


def _check_components(body: dict) -> None:
    """Discord's limits on a message's components: five rows, five buttons or one menu a row,
    1 to 25 options a menu, custom ids unique and at most 100 characters."""
    rows = body.get("components") or (body.get("data") or {}).get("components") or []
    if len(rows) > 5:
        _refuse("components: at most 5 rows")
    ids: list[str] = []
    for row in rows:
        items = row.get("components") or []
        menus = [item for item in items if item["type"] == 3]
        if not items or len(items) > 5 or (menus and len(items) > 1):
            _refuse("components: a row holds 1 to 5 buttons or one menu")
        for menu in menus:
            if not 1 <= len(menu.get("options") or []) <= 25:
                _refuse("components: a menu holds 1 to 25 options")
        ids += [item["custom_id"] for item in items if "custom_id" in item]
    if len(ids) != len(set(ids)) or any(len(i) > 100 for i in ids):
        _refuse("components: custom ids unique, at most 100 characters")


@dataclass
class Answer:
    """What the bot said in answer to one interaction, as its author and the channel see it:
    the interaction's own callback, its follow-ups (private ones flagged ephemeral), and the
    messages it posted in the channel for everyone."""

    responses: list[dict]
    posted: list[dict]

    def _said(self) -> list[tuple[dict, bool]]:
        said = []
        for response in self.responses:
            body, path = response["body"], response["path"]
            if path.endswith("/callback"):
                if body.get("type") in (4, 7):  # a message, or the pressed message updated
                    data = body.get("data") or {}
                    said.append((data, bool((data.get("flags") or 0) & 64)))
            elif response["method"] == "POST" and "/webhooks/" in path:  # a follow-up
                said.append((body, bool((body.get("flags") or 0) & 64)))
        said += [(payload, False) for payload in self.posted]
        return said

    @property
    def texts(self) -> list[str]:
        return [data.get("content") or "" for data, _ in self._said()]

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    @property
    def private(self) -> list[str]:
        return [data.get("content") or "" for data, hidden in self._said() if hidden]

    @property
    def public(self) -> list[str]:
        return [data.get("content") or "" for data, hidden in self._said() if not hidden]

    @property
    def components(self) -> list[dict]:
        return next((data["components"] for data, _ in self._said() if data.get("components")), [])

    @property
    def files(self) -> list[str]:
        found = [name for response in self.responses for name in response["files"]]
        return found + [name for payload in self.posted for name in payload.get("files", [])]

    @property
    def deferred(self) -> bool:
        return any(
            r["path"].endswith("/callback") and r["body"].get("type") in (5, 6)
            for r in self.responses
        )


class Interactions:
    """Feeds interaction payloads to the client and keeps what it answered, as strict as
    Discord: an interaction not answered within three seconds is unknown ever after."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.responses: list[dict] = []
        self.finished: set[int] = set()  # interactions the bot has done answering
        self.created: dict[str, float] = {}  # interaction → when it reached the bot
        self.deadline = 3.0

    async def fake_request(
        self, route, session=None, *, payload=None, multipart=None, files=None, **_
    ):
        body = payload
        if body is None and multipart:
            body = json.loads(next(p["value"] for p in multipart if p["name"] == "payload_json"))
        content = (body or {}).get("content") or (body or {}).get("data", {}).get("content")
        if content and len(content) > 2000:  # as Discord refuses it
            raise discord.HTTPException(
                backend.FakeRequest(400, "Bad Request"), "content: Must be 2000 or fewer in length."
            )
        _check_components(body or {})
        if route.path.endswith("/callback"):
            interaction = route.url.split("/interactions/")[1].split("/")[0]
            waited = asyncio.get_running_loop().time() - self.created.get(interaction, 0.0)
            if waited > self.deadline:  # Discord forgets an interaction after three seconds
                raise discord.NotFound(
                    backend.FakeRequest(404, "Not Found"),
                    {"code": 10062, "message": "Unknown interaction"},
                )
        self.responses.append(
            {
                "path": route.path,
                "url": route.url,
                "method": route.method,
                "body": body or {},
                "files": [f.filename for f in files or ()],
            }
        )
        if route.path.endswith("/callback"):
            return {
                "interaction": {
                    "id": "1",
                    "type": 2,
                    "response_message_id": str(next(_ids)),
                    "response_message_ephemeral": False,
                }
            }
        return bot_message(str(next(_ids)), "1")

    def member_json(self, member: discord.Member) -> dict:
        return {
            "user": {
                "id": str(member.id),
                "username": member.name,
                "discriminator": "0",
                "avatar": None,
                "global_name": None,
            },
            "roles": [str(r.id) for r in member.roles[1:]],
            "joined_at": "2020-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(member.guild_permissions.value),
        }

    def base(self, member: discord.Member, kind: int, locale: str) -> dict:
        channel = member.guild.text_channels[0]
        return {
            "id": str(next(_ids)),
            "application_id": "1",
            "type": kind,
            "token": "token",
            "version": 1,
            "guild_id": str(member.guild.id),
            "channel_id": str(channel.id),
            "channel": {
                "id": str(channel.id),
                "type": 0,
                "guild_id": str(member.guild.id),
                "name": channel.name,
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "locale": locale,
            "guild_locale": "en-US",
            "member": self.member_json(member),
            "app_permissions": "0",
            "entitlements": [],
            "context": 0,
            "authorizing_integration_owners": {},
            "attachment_size_limit": 10_485_760,
        }

    async def slash(
        self, member: discord.Member, path: str, options: dict | None = None, locale: str = "en-US"
    ) -> Answer:
        """``path`` like "burraco sit" or "help"; options as {name: value}."""
        *group, name = path.split()
        typed = []
        for key, value in (options or {}).items():
            if isinstance(value, discord.Member):
                typed.append({"type": 6, "name": key, "value": str(value.id)})
            elif isinstance(value, bool):
                typed.append({"type": 5, "name": key, "value": value})
            elif isinstance(value, int):
                typed.append({"type": 4, "name": key, "value": value})
            else:
                typed.append({"type": 3, "name": key, "value": value})
        data = {"id": "1", "type": 1, "name": name, "options": typed}
        if group:
            data = {
                "id": "1",
                "type": 1,
                "name": group[0],
                "options": [{"type": 1, "name": name, "options": typed}],
            }
        resolved = {m.id: m for m in (options or {}).values() if isinstance(m, discord.Member)}
        if resolved:
            data["resolved"] = {
                "members": {
                    str(i): {k: v for k, v in self.member_json(m).items() if k != "user"}
                    for i, m in resolved.items()
                },
                "users": {str(i): self.member_json(m)["user"] for i, m in resolved.items()},
            }
        payload = self.base(member, 2, locale) | {"data": data}
        return await self.feed(payload)

    async def report_menu(
        self, member: discord.Member, author: discord.Member, content: str, locale: str = "en-US"
    ) -> Answer:
        """A message's Apps menu, "Report to moderators", as Discord sends its choice."""
        message = bot_message(str(next(_ids)), str(member.guild.text_channels[0].id))
        message |= {
            "content": content,
            "author": self.member_json(author)["user"],
        }
        data = {
            "id": "2",
            "type": 3,
            "name": "Report to moderators",
            "target_id": message["id"],
            "resolved": {"messages": {message["id"]: message}},
        }
        return await self.feed(self.base(member, 2, locale) | {"data": data})

    async def press(
        self,
        member: discord.Member,
        custom_id: str,
        locale: str = "en-US",
        values: list[str] | None = None,
    ) -> Answer:
        """A button pressed, or (with ``values``) a choice made in a select menu."""
        data: dict = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        payload = self.base(member, 3, locale) | {
            "data": data,
            "message": bot_message(str(next(_ids)), str(member.guild.text_channels[0].id)),
        }
        return await self.feed(payload)

    async def feed(self, payload: dict) -> Answer:
        """The interaction, then everything the bot says about it until it is done."""
        before, posted = len(self.responses), len(self.client.payloads)
        self.created[payload["id"]] = asyncio.get_running_loop().time()
        self.client._connection.parse_interaction_create(payload)
        for _ in range(1000):  # the library answers from a task of its own
            if int(payload["id"]) in self.finished or self._answered(before):
                break
            await asyncio.sleep(0.01)
        await dpytest.run_all_events()
        assert len(self.responses) > before, "no answer to the interaction"
        return Answer(self.responses[before:], self.client.payloads[posted:])

    def _answered(self, before: int) -> bool:
        """Answered at once, without being deferred (a stale button, a page turned)."""
        return any(
            r["path"].endswith("/callback") and r["body"].get("type") in (4, 7)
            for r in self.responses[before:]
        )


APPLICATION_ID = 4242
NAME = re.compile(r"^[-_\w]{1,32}$")
LOCALES = {locale.value for locale in discord.Locale}


def _check_name(name: str, where: str) -> None:
    if not NAME.match(name) or name != name.lower():
        raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), f"{where}: {name!r}")


def _check_text(text: str, where: str) -> None:
    if not 1 <= len(text) <= 100:
        raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), f"{where}: {text!r}")


def _check_command(command: dict, where: str, *, top: bool = False) -> None:
    """What Discord checks of a command or an option before it accepts a sync. A message's
    or a user's menu entry (type 3 or 2) has a name as people read it and no description."""
    if top and command.get("type") in (2, 3):
        for name in [command["name"], *(command.get("name_localizations") or {}).values()]:
            if not 1 <= len(name) <= 32:
                raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), where)
        if command.get("description"):
            raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), where)
        return
    _check_name(command["name"], f"{where} name")
    _check_text(command.get("description") or "", f"{where} description")
    for locale, name in (command.get("name_localizations") or {}).items():
        assert locale in LOCALES, locale
        _check_name(name, f"{where} name in {locale}")
    for locale, text in (command.get("description_localizations") or {}).items():
        assert locale in LOCALES, locale
        _check_text(text, f"{where} description in {locale}")
    options = command.get("options") or []
    if len(options) > 25:
        raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), f"{where}: options")
    required = [o.get("required", False) for o in options if o["type"] not in (1, 2)]
    if required != sorted(required, reverse=True):
        raise discord.HTTPException(
            backend.FakeRequest(400, "Bad Request"), f"{where}: required options come first"
        )
    _check_unique(options, where)
    for option in options:
        _check_command(option, f"{where} {option['name']}")
        if len(option.get("choices") or []) > 25:
            raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), "choices")


def _check_unique(siblings: list[dict], where: str) -> None:
    """Discord refuses two commands (or options) of one level sharing a name in any locale."""
    for locale in {None} | LOCALES:
        names = [
            (item.get("name_localizations") or {}).get(locale, item["name"])
            if locale
            else item["name"]
            for item in siblings
        ]
        if len(names) != len(set(names)):
            raise discord.HTTPException(
                backend.FakeRequest(400, "Bad Request"), f"{where}: names repeat in {locale}"
            )


def strict_sync(syncs: list[dict], guild_id):
    """Discord's bulk overwrite of commands, as strict as Discord about what it accepts."""

    async def upsert(http, application_id, payload):
        assert int(application_id) == APPLICATION_ID
        if len(payload) > 100:
            raise discord.HTTPException(backend.FakeRequest(400, "Bad Request"), "too many")
        _check_unique(payload, "commands")
        for command in payload:
            _check_command(command, command["name"], top=True)
        syncs.append({"guild": guild_id, "payload": payload})
        return [
            {
                "description": "",  # Discord gives a menu entry's, empty, back
                **command,
                "id": str(next(_ids)),
                "application_id": str(APPLICATION_ID),
                "version": "1",
                "default_member_permissions": None,
            }
            for command in payload
        ]

    return upsert


@pytest.fixture
async def discord_bot(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # dpytest writes every sent file into the working directory
    clock = Clock()
    app = App(SqliteDatabase(str(tmp_path / "discord.db")))
    await app.start()
    client = build_bot(app, DiscordSettings(token="x", sharded=False, presence=True), clock)
    await client._async_setup_hook()
    dpytest.configure(
        client,
        guilds=["Burraco Club", "MCR Open"],
        text_channels=["tables"],
        members=["alice", "bob", "carol", "dave", "ref"],
    )
    client._connection._command_tree = client.tree  # dpytest swaps the connection state
    client._connection.application_id = APPLICATION_ID
    client.tree._http = client.http  # the tree keeps the HTTP client it was built with
    syncs: list[dict] = []
    monkeypatch.setattr(
        backend.FakeHttp, "bulk_upsert_global_commands", strict_sync(syncs, None), raising=False
    )
    monkeypatch.setattr(
        backend.FakeHttp,
        "bulk_upsert_guild_commands",
        lambda http, application_id, guild_id, payload: strict_sync(syncs, guild_id)(
            http, application_id, payload
        ),
        raising=False,
    )
    client.syncs = syncs
    await client.setup_hook()
    config = dpytest.get_config()
    for guild in config.guilds:
        role = backend.make_role("Referees", guild, permissions=MODERATE.value)
        referee = discord.utils.get(guild.members, name="ref")
        await dpytest.add_role(referee, role)
    interactions = Interactions(client)
    monkeypatch.setattr(
        webhook_async.AsyncWebhookAdapter,
        "request",
        lambda self, *a, **k: interactions.fake_request(*a, **k),
    )
    edits: list[dict] = []

    async def edit_message(http, channel_id: int, message_id: int, **fields) -> dict:
        """dpytest finds the edited message in its caller's frame, which is a PartialMessage
        when the bot edits by id: the client's cache has the whole message."""
        message = http.state._get_message(int(message_id))
        assert message is not None, f"no message {message_id} to edit"
        edits.append(
            {
                "channel_id": int(channel_id),
                "message_id": int(message_id),
                **fields["params"].payload,
            }
        )
        return backend.edit_message(message, **fields)

    monkeypatch.setattr(backend.FakeHttp, "edit_message", edit_message)
    payloads: list[dict] = []
    send_message = backend.FakeHttp.send_message

    async def strict_send(http, channel_id: int, *, params) -> dict:
        """Discord refuses content over 2,000 characters; what was asked is kept."""
        # dpytest reads the channel from its caller's locals: be that caller faithfully
        channel = inspect.currentframe().f_back.f_locals.get("channel")  # noqa: F841
        payload = dict(params.payload or {})
        if not payload and params.multipart:  # sent with a file: the message is a part of it
            found = next(p for p in params.multipart if p["name"] == "payload_json")
            payload = json.loads(found["value"])
        names = [f.filename for f in params.files or ()]
        payloads.append({"channel_id": int(channel_id), **payload, "files": names})
        if len(payload.get("content") or "") > 2000:
            raise discord.HTTPException(
                backend.FakeRequest(400, "Bad Request"), "content: Must be 2000 or fewer in length."
            )
        return await send_message(http, channel_id, params=params)

    monkeypatch.setattr(backend.FakeHttp, "send_message", strict_send)
    get_member = backend.FakeHttp.get_member

    async def strict_get_member(http, guild_id: int, member_id: int) -> dict:
        """Discord answers 404 Unknown Member for someone not in the server."""
        guild = http.state._get_guild(int(guild_id))
        if guild is None or guild.get_member(int(member_id)) is None:
            raise discord.NotFound(
                backend.FakeRequest(404, "Not Found"), {"code": 10007, "message": "Unknown Member"}
            )
        return await get_member(http, guild_id, member_id)

    monkeypatch.setattr(backend.FakeHttp, "get_member", strict_get_member)
    removals: list[tuple[str, int, int, str | None]] = []  # action, guild, user, reason
    banned: set[tuple[int, int]] = set()
    without: set[tuple[int, str]] = set()  # (guild, permission) the bot lacks

    def refuse_without(guild_id: int, permission: str) -> None:
        """Discord answers 403 Missing Permissions when the bot lacks one."""
        if (int(guild_id), permission) in without:
            raise discord.Forbidden(
                backend.FakeRequest(403, "Forbidden"),
                {"code": 50013, "message": "Missing Permissions"},
            )

    async def strict_ban(http, user_id, guild_id, delete_message_seconds=0, reason=None):
        refuse_without(guild_id, "ban_members")
        removals.append(("ban", int(guild_id), int(user_id), reason))
        banned.add((int(guild_id), int(user_id)))

    async def strict_unban(http, user_id, guild_id, *, reason=None):
        refuse_without(guild_id, "ban_members")
        if (int(guild_id), int(user_id)) not in banned:
            raise discord.NotFound(
                backend.FakeRequest(404, "Not Found"), {"code": 10026, "message": "Unknown Ban"}
            )
        banned.discard((int(guild_id), int(user_id)))
        removals.append(("unban", int(guild_id), int(user_id), reason))

    async def strict_kick(http, user_id, guild_id, reason=None):
        refuse_without(guild_id, "kick_members")
        removals.append(("kick", int(guild_id), int(user_id), reason))

    monkeypatch.setattr(backend.FakeHttp, "ban", strict_ban, raising=False)
    monkeypatch.setattr(backend.FakeHttp, "unban", strict_unban, raising=False)
    monkeypatch.setattr(backend.FakeHttp, "kick", strict_kick, raising=False)
    client.removals = removals
    client.without_permissions = without
    client.payloads = payloads
    client.edits = edits
    client.test_clock = clock
    client.interactions = interactions
    finish = client.arbitro.messenger.finish

    async def finished(origin) -> None:
        """The bot is done with an interaction: the harness stops waiting for more."""
        await finish(origin)
        handle = getattr(origin, "handle", None)
        if isinstance(handle, discord.Interaction):
            interactions.finished.add(handle.id)

    monkeypatch.setattr(client.arbitro.messenger, "finish", finished)
    yield client
    await client.arbitro.live.stop()
    await dpytest.empty_queue()
    await app.stop()


def member(client: discord.Client, name: str, guild: int = 0) -> discord.Member:
    return discord.utils.get(dpytest.get_config().guilds[guild].members, name=name)
